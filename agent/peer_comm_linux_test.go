package agent

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// envRenamed makes the test binary a client that renames itself (PR_SET_NAME: what
// /proc/PID/comm and ps show) and then asks the agent at that socket to sign.
const envRenamed = "PURSE_AGENT_RENAMED_SOCK"

// renamedTo is the name the client gives itself: what a process pretending to be the TUI
// would pick.
const renamedTo = "purse TUI"

func init() {
	sock := os.Getenv(envRenamed)
	if sock == "" {
		return
	}
	// init runs on the main thread, whose name is the process's comm.
	name, err := unix.BytePtrFromString(renamedTo)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	if err := unix.Prctl(unix.PR_SET_NAME, uintptr(unsafe.Pointer(name)), 0, 0, 0); err != nil {
		fmt.Println("prctl:", err)
		os.Exit(1)
	}
	comm, _ := os.ReadFile("/proc/self/comm")
	c := &Client{Path: sock, Name: "renamed client"}
	_, uerr := c.Unlock(context.Background(), KindEVM, "me", 0, 0, nil)
	_, serr := c.Sign(context.Background(), "me", "p", readReq)
	fmt.Printf("comm=%s\npid=%d\nunlock=%v\nsign=%v\n", strings.TrimSpace(string(comm)), os.Getpid(), uerr, serr)
	os.Exit(0)
}

// What the agent says of who asks comes from the kernel (pid, uid, /proc/PID/exe), which a
// process cannot rename: a client that renamed itself "purse TUI" (its /proc/PID/comm) is
// shown by its pid, uid and executable, and the name it gave itself appears nowhere
// (issue 21: "what the kernel says" was /proc/PID/comm, which any process renames).
func TestWhoAsksIsNotTheRenamedCommand(t *testing.T) {
	be := &fakeBackend{}
	e := start(t, nil, be)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), envRenamed+"="+e.path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the renamed client: %v\n%s", err, out)
	}
	got := string(out)
	if !strings.Contains(got, "comm="+renamedTo+"\n") || !strings.Contains(got, "unlock=<nil>") || !strings.Contains(got, "sign=<nil>") {
		t.Fatalf("the client did not rename itself and sign:\n%s", got)
	}
	pid := got[strings.Index(got, "pid=")+4:]
	pid = pid[:strings.Index(pid, "\n")]
	be.mu.Lock()
	jobs := append([]Job(nil), be.jobs...)
	be.mu.Unlock()
	if len(jobs) != 1 {
		t.Fatalf("%d signatures asked", len(jobs))
	}
	p := jobs[0].Peer
	want := "pid " + pid + ", uid " + strconv.Itoa(os.Getuid()) + ", executable " + self
	if p.String() != want || strconv.Itoa(p.PID) != pid || p.Exe != self {
		t.Fatalf("who asks: %q, want %q", p.String(), want)
	}
	if strings.Contains(p.String(), renamedTo) || strings.Contains(p.String(), "TUI") {
		t.Fatalf("who asks carries the name the process gave itself: %q", p.String())
	}
}
