package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The pair's maker is not who holds the display: a program that is not purse makes a socket
// pair, keeps one end in a child of its own (which answers as a display and approves every
// request), starts a child that executes the real `purse agent start --display-fd 3` on the
// other end once the maker runs purse, and then executes a long-running purse itself. When
// the agent checks, the kernel names the maker (SO_PEERCRED), which is the agent's parent and
// runs this very purse; the check of who made the pair passes. The agent must still refuse:
// the answer to its hello comes from the child, which the kernel names as its sender, so the
// agent ends before it serves anything, naming both pids.
func TestADisplayHeldByAnotherProcessIsRefused(t *testing.T) {
	dir := shortDir(t)
	purse := goBuild(t, "./cmd/purse", dir, "purse")
	squatter := notPurse(t, dir)
	home := filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, SocketFile)
	stay := filepath.Join(dir, "stay.sock")
	outPath := filepath.Join(dir, "out")
	out, err := os.OpenFile(outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(squatter, "hijack", purse, stay)
	cmd.Env = isolatedEnv(home, sock)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	maker := cmd.Process.Pid
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	read := func() string { b, _ := os.ReadFile(outPath); return string(b) }
	refused := regexp.MustCompile(`purse: agent: the display descriptor is refused[^\n]*`)
	deadline := time.Now().Add(30 * time.Second)
	for !refused.MatchString(read()) {
		if Answers(sock) {
			time.Sleep(time.Second)
			t.Fatalf("the agent served with its display held by another process than the one it checked:\n%s", read())
		}
		if time.Now().After(deadline) {
			t.Fatalf("the agent neither served nor refused within 30 s:\n%s", read())
		}
		time.Sleep(20 * time.Millisecond)
	}
	got := read()
	// The scenario ran as meant: the maker ran purse (it listens on stay) while the agent
	// checked it, and the holder answered the hello.
	held := regexp.MustCompile(`hold: pid (\d+)`).FindStringSubmatch(got)
	if held == nil || !strings.Contains(got, "hold: answered the hello") {
		t.Fatalf("the holder did not answer the agent's hello:\n%s", got)
	}
	for time.Now().Before(deadline) && !Answers(stay) {
		time.Sleep(20 * time.Millisecond)
	}
	if !Answers(stay) {
		t.Fatalf("the maker does not run purse:\n%s", read())
	}
	why := refused.FindString(got)
	if !strings.Contains(why, "only pid "+strconv.Itoa(maker)+", which made the display's channel, may answer on it") ||
		!strings.Contains(why, "a message came from pid "+held[1]+" ("+squatter+")") {
		t.Fatalf("the refusal does not name the maker (pid %d) and the holder (pid %s):\n%s", maker, held[1], got)
	}
	if strings.Contains(got, "hold: approved") || Answers(sock) {
		t.Fatalf("the agent served:\n%s", got)
	}
}
