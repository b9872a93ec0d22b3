package agent

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Once the display is taken, an answer from any other process that holds its end is refused,
// and with it the display: a child given the display's end (as a process that made the pair
// could give it) approves a pending request; the kernel names the child as the sender, the
// request is not approved and `agent status` says the display was refused, naming its pid.
func TestAnAnswerFromAnotherProcessRefusesTheDisplay(t *testing.T) {
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
	res := make(chan error, 1)
	go func() {
		res <- agentEnd.Confirm(bg(), Confirmation{Review: json.RawMessage(`{"Title":"a permit"}`), Line: "purposes.permit", Timeout: time.Minute})
	}()
	select {
	case <-d.Requests:
	case <-time.After(10 * time.Second):
		t.Fatal("the display got no request")
	}
	f, err := c.(*net.UnixConn).File()
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"="+shortDir(t)+"/none.sock")
	cmd.ExtraFiles = []*os.File{f}
	out, err := cmd.CombinedOutput()
	f.Close()
	if err != nil || !strings.Contains(string(out), "inherited sockets written: [3]") {
		t.Fatalf("the child did not write its approvals to the display's end: %v\n%s", err, out)
	}
	select {
	case err := <-res:
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != CodeNoDisplay || !strings.Contains(ae.Msg, "refused") ||
			!strings.Contains(ae.Msg, "a message came from pid "+strconv.Itoa(cmd.Process.Pid)) {
			t.Fatalf("the child's approval: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the request neither approved nor refused")
	}
	if s := agentEnd.String(); !strings.Contains(s, "refused: only pid "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("status names the display as %q", s)
	}
}
