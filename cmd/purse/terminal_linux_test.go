package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair with the kernel's /dev/ptmx (no pty package needed).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no /dev/ptmx: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetUint32(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	return m, s
}

// TestHelperCLIOnTerminal is the child of TestCLIDoesNotQueryTheTerminal: purse run on the
// process's own standard streams, a terminal there.
func TestHelperCLIOnTerminal(t *testing.T) {
	if os.Getenv("PURSE_TEST_CLI_ON_TTY") != "1" {
		t.Skip("run by TestCLIDoesNotQueryTheTerminal")
	}
	os.Exit(run([]string{"version"}, os.Stdin, os.Stdout, os.Stderr))
}

// Issue 11 case 16: a CLI command on a terminal sends no terminal query (background colour
// OSC 11, cursor position) and does not wait for an answer; only the TUI may, once it runs.
// The process is started on a pseudo-terminal of its own as the foreground session, where a
// query (bubbletea's init asked lipgloss for the background) waited ~5 s for a reply that
// never came.
func TestCLIDoesNotQueryTheTerminal(t *testing.T) {
	master, slave := openPTY(t)
	defer master.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCLIOnTerminal$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PURSE_TEST_CLI_ON_TTY=1", "PURSE_HOME="+t.TempDir(), "TERM=xterm-256color", "CI=")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				close(done)
				return
			}
		}
	}()
	err := cmd.Wait()
	elapsed := time.Since(start)
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	if err != nil {
		t.Fatalf("child: %v\n%q", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, "\x1b]11;?") || strings.Contains(got, "\x1b]10;?") || strings.Contains(got, "\x1b[6n") {
		t.Errorf("the CLI sent terminal queries: %q", got)
	}
	if !strings.Contains(got, "purse ") {
		t.Errorf("no version output: %q", got)
	}
	if elapsed > 3*time.Second {
		t.Errorf("the command took %s on a terminal that does not answer queries", elapsed)
	}
}
