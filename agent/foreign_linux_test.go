package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// envForeign makes the test binary a client that asks the agent at that socket for its
// status and prints the outcome: run as another user by TestForeignUserRefusedByTheKernel.
const envForeign = "PURSE_AGENT_FOREIGN_SOCK"

func init() {
	sock := os.Getenv(envForeign)
	if sock == "" {
		return
	}
	_, err := (&Client{Path: sock, Name: "foreign"}).Status(context.Background())
	var ae *Error
	switch {
	case err == nil:
		fmt.Println("served")
	case errors.As(err, &ae):
		fmt.Println("refused:", ae.Code, ae.Msg)
	default:
		fmt.Println("error:", err)
	}
	os.Exit(0)
}

// A process of another user that reaches the socket (here: the file modes opened on
// purpose, so only the kernel's peer credentials stand in its way) is refused. Needs root
// to start a process as another user.
func TestForeignUserRefusedByTheKernel(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("starting a process as another user needs root")
	}
	e := start(t, nil, nil)
	dir := e.path[:strings.LastIndex(e.path, "/")]
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(e.path, 0o777); err != nil {
		t.Fatal(err)
	}
	// The test binary's folder is the building user's alone: nobody runs a copy.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	copyDir := shortDir(t)
	if err := os.Chmod(copyDir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := copyDir + "/agent.test"
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), envForeign+"="+e.path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("cannot run a process as nobody here (%v): %s", err, out)
	}
	if !strings.HasPrefix(string(out), "refused: rejected connection from uid 65534 refused") {
		t.Fatalf("a process of uid 65534: %s", out)
	}
}
