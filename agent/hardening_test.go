//go:build unix

package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A client's --ttl and --idle shorten the policy's limits, never lengthen them (issue 21).
func TestUnlockCannotLengthenThePolicysLimits(t *testing.T) {
	pol := DefaultPolicy()
	pol.Idle, pol.Max = 10*time.Minute, time.Hour
	e := start(t, pol, nil)
	ks, err := e.client.Unlock(bg(), KindEVM, "me", 30*24*time.Hour, 24*time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := ks.Until.Sub(ks.Unlocked); got != time.Hour {
		t.Errorf("ttl of 30 days gave %s, want the policy's 1h", got)
	}
	if got := ks.IdleUntil.Sub(ks.Unlocked); got != 10*time.Minute {
		t.Errorf("idle of 24h gave %s, want the policy's 10m", got)
	}
	ks, err = e.client.Unlock(bg(), KindEVM, "me", 20*time.Minute, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ks.Until.Sub(ks.Unlocked) != 20*time.Minute || ks.IdleUntil.Sub(ks.Unlocked) != time.Minute {
		t.Errorf("shorter limits not kept: until %s, idle %s", ks.Until.Sub(ks.Unlocked), ks.IdleUntil.Sub(ks.Unlocked))
	}
}

// stop answers only once the keys are wiped and the socket is closed: a client that read
// the answer finds nothing to talk to.
func TestStopWipesAndClosesBeforeItAnswers(t *testing.T) {
	for i := 0; i < 20; i++ {
		e := start(t, nil, nil)
		if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
			t.Fatal(err)
		}
		k := e.be.key("me")
		if err := e.client.Stop(bg()); err != nil {
			t.Fatal(err)
		}
		if !*k.zeroed {
			t.Fatal("stop answered before the key was wiped")
		}
		if Answers(e.path) {
			t.Fatal("the agent still answers after stop answered")
		}
	}
}

// No connection to the socket becomes the trusted display: the display is fixed at start.
func TestNoConnectionBecomesTheDisplay(t *testing.T) {
	e := start(t, nil, nil)
	c, err := net.Dial("unix", e.path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(`{"op":"display","client":"purse TUI"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	var a answer
	if err := json.NewDecoder(c).Decode(&a); err != nil {
		t.Fatal(err)
	}
	if a.OK || a.Code != CodeRejected || !strings.Contains(a.Error, "fixed when the agent starts") {
		t.Fatalf("display over the socket: %+v", a)
	}
}

// The gate's refusals reach the client with their code, and what the client says of itself
// goes to the gate beside what the kernel says.
func TestRefusalsKeepTheirCode(t *testing.T) {
	be := &fakeBackend{}
	e := start(t, nil, be)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]error{CodeDenied: ErrDenied, CodeNeedsApproval: ErrNeedsApproval, CodeNoDisplay: ErrDenied, CodeRejected: ErrDenied, CodeDeclined: ErrDeclined} {
		be.mu.Lock()
		be.refuse = &codeErr{code, "refused: " + code}
		be.mu.Unlock()
		_, err := e.client.Sign(bg(), "me", "p", e.read())
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != code || !errors.Is(err, want) {
			t.Errorf("%s: %v", code, err)
		}
	}
	be.mu.Lock()
	job := be.jobs[len(be.jobs)-1]
	be.mu.Unlock()
	if job.Client != "agent test" || job.Profile != "p" || job.Label != "me" {
		t.Fatalf("job %+v", job)
	}
	if peerCredentials && (job.Peer.PID != os.Getpid() || job.Peer.UID != os.Getuid() || job.Peer.Exe == "") {
		t.Fatalf("peer %+v: want this process, with its executable from the kernel", job.Peer)
	}
}

// The policy file decides what is signed without asking: it is read only when it is the
// user's own regular file, writable by no one else.
func TestPolicyFileMustBeTheUsersOwn(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, PolicyFile)
	good := []byte("[routes]\ntransactions = \"allow\"\n")
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadPolicy(home); err != nil || p.Path != path {
		t.Fatalf("the user's own file: %v", err)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadPolicy(home); err == nil || !strings.Contains(err.Error(), "lets other users change") {
		t.Errorf("a world-writable policy: %v", err)
	}
	os.Remove(path)
	if err := os.Symlink("/dev/zero", path); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadPolicy(home); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a link to /dev/zero: %v", err)
	}
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := LoadPolicy(home); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "a FIFO") {
			t.Errorf("a FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO policy hangs")
	}
}

// A policy file another user owns is refused, naming its owner: that user decides what the
// agent signs. Making a file another user's needs root (as internal/nobodytest does).
func TestPolicyFileOwnedByAnotherUserIsRefused(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user (uid 65534) needs root")
	}
	home := t.TempDir()
	path := filepath.Join(home, PolicyFile)
	if err := os.WriteFile(path, []byte("[routes]\ntransactions = \"allow\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, err := LoadPolicy(home)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "is owned by uid 65534, not by this user (uid 0)") {
		t.Fatalf("a policy owned by another user: %v", err)
	}
}

// displayPair is the agent's and the display's ends of a trusted display channel.
func displayPair(t *testing.T) (*ConnDisplay, *DisplayConn) {
	t.Helper()
	c, end, err := DisplayPair()
	if err != nil {
		t.Fatal(err)
	}
	d := NewDisplayConn(c)
	agentEnd, err := NewConnDisplay(end, "the test's display", MadeBySelf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { agentEnd.Close(); d.Close() })
	return agentEnd, d
}

func TestDisplayChannelApprovesDeclinesAndCancels(t *testing.T) {
	agentEnd, d := displayPair(t)
	rv := json.RawMessage(`{"Title":"t"}`)
	for _, approve := range []bool{true, false} {
		res := make(chan error, 1)
		go func() {
			res <- agentEnd.Confirm(bg(), Confirmation{Review: rv, Line: "purposes.permit", Timeout: 5 * time.Second})
		}()
		c := <-d.Requests
		if string(c.Review) != string(rv) || c.Line != "purposes.permit" {
			t.Fatalf("confirmation %+v", c)
		}
		if err := d.Answer(c.ID, approve); err != nil {
			t.Fatal(err)
		}
		err := <-res
		if approve != (err == nil) || !approve && !errors.Is(err, ErrDeclined) {
			t.Fatalf("approve=%v: %v", approve, err)
		}
	}
	// No answer in time: refused, and the display is told to close it.
	err := agentEnd.Confirm(bg(), Confirmation{Review: rv, Timeout: 50 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "no answer") {
		t.Fatalf("timeout: %v", err)
	}
	c := <-d.Requests
	if id := <-d.Cancelled; id != c.ID {
		t.Fatalf("cancelled %d, want %d", id, c.ID)
	}
	// A withdrawn request (the client hung up) is cancelled too.
	ctx, cancel := context.WithCancel(bg())
	res := make(chan error, 1)
	go func() { res <- agentEnd.Confirm(ctx, Confirmation{Review: rv, Timeout: time.Minute}) }()
	c = <-d.Requests
	cancel()
	if err := <-res; err == nil || !strings.Contains(err.Error(), "withdrawn") {
		t.Fatalf("withdrawn: %v", err)
	}
	if id := <-d.Cancelled; id != c.ID {
		t.Fatalf("cancelled %d, want %d", id, c.ID)
	}
	// The display goes: what waits and what comes later is refused as no display.
	go func() { res <- agentEnd.Confirm(bg(), Confirmation{Review: rv, Timeout: time.Minute}) }()
	<-d.Requests
	d.Close()
	var ae *Error
	if err := <-res; !errors.As(err, &ae) || ae.Code != CodeNoDisplay {
		t.Fatalf("display gone while waiting: %v", err)
	}
	if err := agentEnd.Confirm(bg(), Confirmation{Review: rv}); !errors.As(err, &ae) || ae.Code != CodeNoDisplay {
		t.Fatalf("display gone: %v", err)
	}
}

// A display that streams an endless answer is cut off at the cap: the agent's memory is
// bounded whatever the other end sends (issue 21: 3 GB on one display message).
func TestDisplayChannelIsCapped(t *testing.T) {
	other, end, err := DisplayPair()
	if err != nil {
		t.Fatal(err)
	}
	go answerHello(other)
	agentEnd, err := NewConnDisplay(end, "hostile display", MadeBySelf)
	if err != nil {
		t.Fatal(err)
	}
	defer agentEnd.Close()
	defer other.Close()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		chunk := make([]byte, 64<<10)
		for i := range chunk {
			chunk[i] = 'a'
		}
		for sent := 0; sent < 64<<20; sent += len(chunk) {
			if _, err := other.Write(chunk); err != nil {
				return
			}
		}
	}()
	select {
	case <-agentEnd.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the agent kept reading an endless display message")
	}
	other.Close()
	wg.Wait()
}

// A review over the display channel's cap is refused rather than sent in pieces.
func TestDisplayRefusesAReviewOverTheCap(t *testing.T) {
	agentEnd, _ := displayPair(t)
	huge := json.RawMessage(`"` + strings.Repeat("a", maxDisplayMessage) + `"`)
	var ae *Error
	if err := agentEnd.Confirm(bg(), Confirmation{Review: huge}); !errors.As(err, &ae) || ae.Code != CodeNoDisplay || !strings.Contains(ae.Msg, "limit") {
		t.Fatalf("oversize review: %v", err)
	}
}

// Neither end of a display pair passes to another child of the process that holds it: a child
// forked by the TUI cannot answer the TUI's agent (issue 21: a forked child approving its
// parent). The agent gets its end only because the starter names it (exec.Cmd.ExtraFiles).
func TestDisplayPairIsCloseOnExec(t *testing.T) {
	display, agentEnd, err := DisplayPair()
	if err != nil {
		t.Fatal(err)
	}
	defer display.Close()
	defer agentEnd.Close()
	raw, err := display.(syscall.Conn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	fds := []uintptr{agentEnd.Fd()}
	_ = raw.Control(func(fd uintptr) { fds = append(fds, fd) })
	for _, fd := range fds {
		flags, err := unix.FcntlInt(fd, unix.F_GETFD, 0)
		if err != nil {
			t.Fatal(err)
		}
		if flags&unix.FD_CLOEXEC == 0 {
			t.Fatalf("descriptor %d of the display pair is inherited by every child", fd)
		}
	}
}

// answerHello answers the agent's hello on c, as any display must before it is taken.
func answerHello(c net.Conn) {
	line, err := readLine(bufio.NewReader(c), maxAnswer)
	if err == nil {
		_, _ = c.Write(append(line, '\n'))
	}
}
