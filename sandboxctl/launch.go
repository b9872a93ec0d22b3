package sandboxctl

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Binary is the sandbox server's executable name.
const Binary = "purse-sandbox"

// launchTimeout bounds how long a starting sandbox may take to announce itself (it
// deploys contracts on a fresh chain first).
const launchTimeout = 60 * time.Second

// Reachable reports whether something accepts connections at base's host.
func Reachable(ctx context.Context, base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return fmt.Errorf("sandbox URL %q: %v", base, err)
	}
	d := net.Dialer{Timeout: 500 * time.Millisecond}
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return fmt.Errorf("no sandbox answers at %s: start one with `purse sandbox` in another terminal (or run `purse`, whose terminal UI starts it)", u.Host)
	}
	return conn.Close()
}

// FindBinary returns the purse-sandbox executable: the one beside the running executable
// (how `make build` and a release lay them out), else the first on PATH.
func FindBinary() (string, error) {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), Binary)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	if p, err := exec.LookPath(Binary); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("the sandbox server %s was not found beside this executable nor on PATH: build it with `make build` (bin/%s) or `go build -o DIR ./cmd/%s` into the folder of purse", Binary, Binary, Binary)
}

// LaunchOptions says where and how to start the sandbox binary.
type LaunchOptions struct {
	// Listen is the loopback host:port.
	Listen string
	// StateDir keeps the sandbox (accounts, EVM chain, Solana ledger) across restarts when
	// set; Fresh drops what it holds first.
	StateDir string
	Fresh    bool
	// ReviewDelay and ActivationDelay, when set, make the sandbox approve the KYC vendor
	// review and go Live by itself after that long.
	ReviewDelay, ActivationDelay time.Duration
	// Args are further flags of purse-sandbox.
	Args []string
	// Log receives the sandbox's stderr (its log); nil discards it. A TUI must not let a
	// child write to the terminal it draws on.
	Log io.Writer
	// Binary overrides FindBinary (tests).
	Binary string
}

// Process is a running purse-sandbox.
type Process struct {
	Info Info
	cmd  *exec.Cmd

	exited chan struct{} // closed when the process has exited; err is then set
	err    error
	stop   sync.Once
}

// Launch starts purse-sandbox and returns once it has announced its URLs (the JSON line it
// prints first). Cancelling ctx stops it too.
func Launch(ctx context.Context, o LaunchOptions) (*Process, error) {
	bin := o.Binary
	if bin == "" {
		var err error
		if bin, err = FindBinary(); err != nil {
			return nil, err
		}
	}
	args := []string{"--listen", o.Listen}
	if o.StateDir != "" {
		args = append(args, "--state", o.StateDir)
		if o.Fresh {
			args = append(args, "--fresh")
		}
	}
	if o.ReviewDelay > 0 {
		args = append(args, "--review-delay", o.ReviewDelay.String())
	}
	if o.ActivationDelay > 0 {
		args = append(args, "--activation-delay", o.ActivationDelay.String())
	}
	args = append(args, o.Args...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	cmd.Stderr = o.Log
	if cmd.Stderr == nil {
		cmd.Stderr = io.Discard
	}
	setParentDeath(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %v", bin, err)
	}
	p := &Process{cmd: cmd, exited: make(chan struct{})}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, out)
	}()
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	timer := time.NewTimer(launchTimeout)
	defer timer.Stop()
	select {
	case line, ok := <-lines:
		if !ok {
			<-p.exited
			err := p.err
			return nil, fmt.Errorf("%s exited before announcing itself (%v); its log says why (run `%s --listen %s` to see it)", bin, err, Binary, o.Listen)
		}
		if err := json.Unmarshal([]byte(line), &p.Info); err != nil || p.Info.UserAPI == "" {
			p.Close()
			return nil, fmt.Errorf("%s announced %q: expected one JSON line with the sandbox's URLs", bin, strings.TrimSpace(line))
		}
		return p, nil
	case <-timer.C:
		p.Close()
		return nil, fmt.Errorf("%s did not announce itself within %s", bin, launchTimeout)
	case <-ctx.Done():
		p.Close()
		return nil, ctx.Err()
	}
}

// Done is closed when the sandbox has exited.
func (p *Process) Done() <-chan struct{} { return p.exited }

// Wait returns when the sandbox exits.
func (p *Process) Wait() error {
	<-p.exited
	return ignoreInterrupt(p.err)
}

// Close stops the sandbox (interrupt, then kill after a grace period) and waits for it.
func (p *Process) Close() error {
	p.stop.Do(func() {
		select {
		case <-p.exited:
			return
		default:
		}
		_ = p.cmd.Process.Signal(os.Interrupt)
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	})
	return p.Wait()
}

func ignoreInterrupt(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && !ee.Exited() {
		return nil // ended by our signal
	}
	// exec.Cmd reports a clean exit after its context's Cancel (our interrupt) as ctx.Err().
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

// Ensure starts purse-sandbox at userAPI's address unless something answers there already
// (another `purse sandbox`, or a terminal UI in another terminal), keeping its state in
// stateDir (empty: nothing is kept). Its log is appended to logPath, never to the terminal
// a UI draws on. It returns nil when it started nothing.
func Ensure(ctx context.Context, userAPI, stateDir, logPath string) (*Process, error) {
	if Reachable(ctx, userAPI) == nil {
		return nil, nil
	}
	u, err := url.Parse(userAPI)
	if err != nil {
		return nil, fmt.Errorf("user_api %q: %v", userAPI, err)
	}
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sandbox log: %v", err)
	}
	sb, err := Launch(ctx, LaunchOptions{Listen: u.Host, StateDir: stateDir, Log: logf})
	if err != nil {
		logf.Close()
		return nil, fmt.Errorf("starting the sandbox on %s: %w (is another program using the port? `purse profile set user_api=...` moves it; if its state in %s is damaged, `purse sandbox --fresh` starts it afresh; its log is %s)", u.Host, err, stateDir, logf.Name())
	}
	return sb, nil
}

// Serve runs the sandbox in the foreground until ctx ends (then stops it) or the sandbox
// stops by itself (an error): announce hears its Info once it answers.
func Serve(ctx context.Context, o LaunchOptions, announce func(Info)) error {
	sb, err := Launch(ctx, o)
	if err != nil {
		return err
	}
	defer sb.Close()
	announce(sb.Info)
	select {
	case <-ctx.Done():
		return sb.Close()
	case <-sb.Done():
		return fmt.Errorf("the sandbox stopped: %v", sb.Wait())
	}
}
