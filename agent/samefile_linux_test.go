package agent

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// envServe makes the test binary an agent (with the fake backend) on that socket, until
// it is killed: run from another file (a copy, a hard link) by TestTheAgentIsTheSameFile.
const envServe = "PURSE_AGENT_SERVE_SOCK"

func init() {
	sock := os.Getenv(envServe)
	if sock == "" {
		return
	}
	ln, err := Listen(sock)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println("listening")
	_ = NewServer(&fakeBackend{}, DefaultPolicy(), nil).Serve(bg(), ln)
	os.Exit(0)
}

// serveFrom runs the test binary's agent from exe and returns its socket.
func serveFrom(t *testing.T, exe string) string {
	t.Helper()
	sock := filepath.Join(shortDir(t), SocketFile)
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), envServe+"="+sock)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "listening\n" {
		t.Fatalf("the agent from %s: %q %v", exe, line, err)
	}
	return sock
}

// The agent is the client's executable by the file, not by its path or its bytes: the same
// program copied elsewhere (as an attacker's build of purse would be, or an old purse after
// an upgrade replaced the file) is refused; the same file under another name (a hard link),
// even once that name is removed, is taken.
func TestTheAgentIsTheSameFile(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := shortDir(t)
	cp := filepath.Join(dir, "copy")
	src, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(cp, os.O_CREATE|os.O_WRONLY, 0o700)
	if err == nil {
		_, err = io.Copy(dst, src)
		if cerr := dst.Close(); err == nil {
			err = cerr
		}
	}
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvAgentExe, "")
	_, err = (&Client{Path: serveFrom(t, cp)}).Status(bg())
	if !errors.Is(err, ErrNotPurse) || !strings.Contains(err.Error(), "runs "+cp+", which is not this purse") {
		t.Fatalf("an agent run from a copy of this executable: %v", err)
	}

	link := filepath.Join(dir, "link")
	if err := os.Link(self, link); err != nil {
		t.Skipf("a hard link to %s: %v", self, err)
	}
	sock := serveFrom(t, link)
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	st, err := (&Client{Path: sock}).Status(bg())
	if err != nil || st.PID <= 0 {
		t.Fatalf("an agent run from this executable under a removed name: %+v %v", st, err)
	}
}

// The display is named by what the kernel says of the process holding it, so `agent
// status` and a waiting client show who approves: its pid, uid and executable.
func TestTheDisplayIsNamedByTheKernel(t *testing.T) {
	agentEnd, _ := displayPair(t)
	e := start(t, nil, nil, func(s *Server) { s.Display = agentEnd })
	st, err := e.client.Status(bg())
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("the test's display (pid %d, uid %d, executable %s)", os.Getpid(), os.Getuid(), self)
	if st.Display != want {
		t.Fatalf("display %q, want %q", st.Display, want)
	}
}
