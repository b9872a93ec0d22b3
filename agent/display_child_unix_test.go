//go:build unix

package agent

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// envChild makes the test binary a process that tries to answer the display's pending
// request: on every socket it inherited, and over the agent's socket at that path.
const envChild = "PURSE_AGENT_CHILD_SOCK"

func init() {
	sock := os.Getenv(envChild)
	if sock == "" {
		return
	}
	var out []string
	// An approval of every id a pending request can have, as the display would send it.
	var answers []byte
	for id := 1; id <= 4; id++ {
		b, _ := json.Marshal(displayMsg{Answer: true, ID: uint64(id), Approve: true})
		answers = append(append(answers, b...), '\n')
	}
	// Every socket among its descriptors (the display channel is a socket pair; the Go
	// runtime's own descriptors are not sockets), written without blocking.
	var wrote []int
	for fd := 3; fd < 1024; fd++ {
		var st syscall.Stat_t
		if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFSOCK {
			continue
		}
		if err := syscall.Sendto(fd, answers, syscall.MSG_DONTWAIT, nil); err == nil {
			wrote = append(wrote, fd)
		}
	}
	out = append(out, fmt.Sprintf("inherited sockets written: %v", wrote))
	for _, first := range []string{`{"op":"display","client":"purse TUI"}`, `{"op":"answer","id":1,"approve":true}`, string(answers[:len(answers)-1])} {
		c, err := net.Dial("unix", sock)
		if err != nil {
			out = append(out, "dial: "+err.Error())
			continue
		}
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		_, _ = c.Write([]byte(first + "\n"))
		_, _ = c.Write(answers)
		var a answer
		if err := json.NewDecoder(c).Decode(&a); err != nil {
			out = append(out, "socket: no answer: "+err.Error())
		} else {
			out = append(out, fmt.Sprintf("socket: ok=%v code=%s error=%s", a.OK, a.Code, a.Error))
		}
		c.Close()
	}
	fmt.Println(strings.Join(out, "\n"))
	os.Exit(0)
}

// A pending request on the display cannot be answered by anyone but the display: a child of
// the process that holds the display (started by it, inheriting what a child inherits) tries
// every descriptor it has and the agent's socket, and its approvals reach nothing; the request
// stays pending until the display itself answers (issue 21: "a forked child approving its
// parent", "a process that is not the TUI cannot approve").
func TestOnlyTheDisplayAnswersAPendingRequest(t *testing.T) {
	agentEnd, d := displayPair(t)
	e := start(t, nil, nil, func(s *Server) { s.Display = agentEnd })
	res := make(chan error, 1)
	go func() {
		res <- agentEnd.Confirm(bg(), Confirmation{Review: json.RawMessage(`{"Title":"a permit"}`), Line: "purposes.permit", Timeout: time.Minute})
	}()
	var c Confirmation
	select {
	case c = <-d.Requests:
	case <-time.After(10 * time.Second):
		t.Fatal("the display got no request")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"="+e.path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	got := string(out)
	if !strings.Contains(got, "inherited sockets written: []") {
		t.Errorf("the child wrote its approval to descriptors it inherited:\n%s", got)
	}
	if n := strings.Count(got, "socket: ok=false"); n != 3 || !strings.Contains(got, "fixed when the agent starts") {
		t.Errorf("the agent's socket did not refuse the child's approvals:\n%s", got)
	}
	select {
	case err := <-res:
		t.Fatalf("the request was answered by another process: %v\n%s", err, got)
	case <-time.After(300 * time.Millisecond):
	}
	if err := d.Answer(c.ID, true); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-res:
		if err != nil {
			t.Fatalf("the display's approval: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the display's approval did not reach the agent")
	}
}
