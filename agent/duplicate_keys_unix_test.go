//go:build unix

package agent

import (
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// rawMessage sends line as a client's message and reads the agent's answer.
func rawMessage(t *testing.T, path, line string) answer {
	t.Helper()
	c, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write([]byte(line + "\n")); err != nil {
		t.Fatal(err)
	}
	var a answer
	if err := json.NewDecoder(c).Decode(&a); err != nil {
		t.Fatalf("%s: no answer: %v", line, err)
	}
	return a
}

// A message that names a key twice is refused, whatever the case of the second and at any
// depth: encoding/json alone keeps the last, so {"op":"status","op":"stop"} stopped the
// agent while a reader keeping the first saw a status request (issue 29).
func TestAgentRefusesAKeyGivenTwice(t *testing.T) {
	e := start(t, nil, nil)
	for _, line := range []string{
		`{"op":"status","op":"stop"}`,
		`{"op":"status","OP":"stop"}`,
		`{"op":"status","\u006fp":"stop"}`,
		`{"op":"sign","label":"me","sign":{"purpose":"personal","purpose":"full-auth"}}`,
		`{"op":"status"}{"op":"stop"}`,
	} {
		a := rawMessage(t, e.path, line)
		if a.OK || a.Code != CodeInvalid || !strings.Contains(a.Error, "message:") {
			t.Errorf("%s: %+v, want refused as invalid", line, a)
		}
	}
	if !Answers(e.path) {
		t.Fatal("the agent stopped on a message that named op twice")
	}
	if a := rawMessage(t, e.path, `{"op":"status"}`); !a.OK {
		t.Fatalf("a plain status: %+v", a)
	}
}

// The display channel reads its messages the same way: an answer naming approve twice
// approves nothing, and the request stays pending until the display answers plainly; a
// cancel naming its id twice cancels nothing.
func TestDisplayChannelRefusesAKeyGivenTwice(t *testing.T) {
	agentEnd, d := displayPair(t)
	res := make(chan error, 1)
	go func() {
		res <- agentEnd.Confirm(bg(), Confirmation{Review: json.RawMessage(`{"Title":"t"}`), Line: "purposes.permit", Timeout: 10 * time.Second})
	}()
	var c Confirmation
	select {
	case c = <-d.Requests:
	case <-time.After(10 * time.Second):
		t.Fatal("the display got no request")
	}
	d.wmu.Lock()
	_, err := d.conn.Write([]byte(`{"answer":true,"id":` + jsonNum(c.ID) + `,"approve":false,"approve":true}` + "\n"))
	d.wmu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-res:
		t.Fatalf("an answer naming approve twice was taken: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := d.Answer(c.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := <-res; !errors.Is(err, ErrDeclined) {
		t.Fatalf("the plain answer: %v, want declined", err)
	}

	agentEnd.wmu.Lock()
	_, err = agentEnd.conn.Write([]byte(`{"cancel":1,"cancel":2}` + "\n" + `{"cancel":3}` + "\n"))
	agentEnd.wmu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case id := <-d.Cancelled:
		if id != 3 {
			t.Fatalf("cancelled %d: a cancel naming its id twice was taken", id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the plain cancel did not arrive")
	}
}

func jsonNum(n uint64) string { b, _ := json.Marshal(n); return string(b) }
