package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// kept is the connection a client keeps, and how many it keeps.
func kept(c *Client) (*net.UnixConn, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.idle) == 0 {
		return nil, 0
	}
	return c.idle[0].c, len(c.idle)
}

// A client that asks one request after another keeps one connection for all of them, and
// every request on it still goes through the gate with the peer the kernel named.
func TestClientKeepsOneConnection(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Status(bg()); err != nil {
		t.Fatal(err)
	}
	first, n := kept(e.client)
	if first == nil || n != 1 {
		t.Fatalf("kept %d connections after a status", n)
	}
	for range 20 {
		if _, err := e.client.Sign(bg(), "me", "sandbox", e.read()); err != nil {
			t.Fatal(err)
		}
	}
	if c, n := kept(e.client); c != first || n != 1 {
		t.Fatalf("kept %d connections, the first one: %v", n, c == first)
	}
	e.be.mu.Lock()
	jobs := e.be.jobs
	e.be.mu.Unlock()
	if len(jobs) != 20 {
		t.Fatalf("the gate saw %d of 20 requests", len(jobs))
	}
	for _, j := range jobs {
		if !j.Peer.Known || j.Peer.PID != jobs[0].Peer.PID || j.Peer.Exe == "" {
			t.Fatalf("peer %+v", j.Peer)
		}
	}
}

// A kept connection whose agent stopped fails before any answer; the client asks again on a
// new connection, checked as every new one is, and reaches the agent that answers now.
func TestKeptConnectionOutlivesItsAgent(t *testing.T) {
	e := start(t, nil, nil)
	before, err := e.client.Status(bg())
	if err != nil {
		t.Fatal(err)
	}
	e.srv.Close()
	// The agent that stopped is not reached: the kept connection is closed and dropped.
	if _, err := e.client.Status(bg()); !errors.Is(err, ErrNoAgent) {
		t.Fatalf("status with no agent: %v", err)
	}
	if c, _ := kept(e.client); c != nil {
		t.Fatal("a connection to the stopped agent is still kept")
	}
	if _, err := e.client.Status(bg()); !errors.Is(err, ErrNoAgent) {
		t.Fatalf("status with no agent: %v", err)
	}
	// A new agent on the same socket.
	ln, err := Listen(e.path)
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(&fakeBackend{}, DefaultPolicy(), nil)
	srv.Now = func() time.Time { return before.Started.Add(time.Hour) }
	done := make(chan error, 1)
	go func() { done <- srv.Serve(bg(), ln) }()
	defer func() { srv.Close(); <-done }()
	st, err := e.client.Status(bg())
	if err != nil || !st.Started.Equal(before.Started.Add(time.Hour)) {
		t.Fatalf("status from the new agent: %v, %v", st, err)
	}
}

// The agent that stops while kept connections are open closes them, so that stopping does
// not wait for idle clients.
func TestStopClosesKeptConnections(t *testing.T) {
	e := start(t, nil, nil)
	raw := dialRaw(t, e.path)
	if a := roundTrip(t, raw, `{"op":"status"}`); !a.OK {
		t.Fatalf("status: %+v", a)
	}
	e.srv.Close()
	_ = raw.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := raw.r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("a kept connection after the agent stopped: %v, want EOF", err)
	}
}

// A client that hangs up on a kept connection while its request waits withdraws the request:
// the request's context ends with the hang-up, and nothing is signed.
func TestHangUpOnAKeptConnectionWithdrawsTheRequest(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	why := make(chan error, 1)
	e.be.mu.Lock()
	e.be.hold = func(ctx context.Context) error {
		close(waiting)
		<-ctx.Done()
		why <- context.Cause(ctx)
		return context.Cause(ctx)
	}
	e.be.mu.Unlock()
	ctx, cancel := context.WithCancel(bg())
	res := make(chan error, 1)
	go func() {
		_, err := e.client.Sign(ctx, "me", "sandbox", e.read())
		res <- err
	}()
	<-waiting
	cancel()
	if err := <-res; err == nil {
		t.Fatal("signed after the client gave up")
	}
	select {
	case err := <-why:
		if !strings.Contains(err.Error(), "hung up") {
			t.Fatalf("the request ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the agent did not notice the client hung up")
	}
	e.be.mu.Lock()
	e.be.hold = nil
	e.be.mu.Unlock()
	if _, err := e.client.Sign(bg(), "me", "sandbox", e.read()); err != nil {
		t.Fatalf("the next request: %v", err)
	}
}

// Messages may follow each other on a connection, even in one write; one that is not a
// message ends the connection after its refusal, as the two ends no longer agree on where a
// message ends.
func TestMessagesOnOneConnection(t *testing.T) {
	e := start(t, nil, nil)
	raw := dialRaw(t, e.path)
	if _, err := raw.c.Write([]byte(`{"op":"status"}` + "\n" + `{"op":"key","kind":"evm","label":"me"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	if a := readAnswer(t, raw); !a.OK || a.Status == nil {
		t.Fatalf("first answer %+v", a)
	}
	if a := readAnswer(t, raw); a.Code != CodeLocked {
		t.Fatalf("second answer %+v", a)
	}
	if a := roundTrip(t, raw, `{"op":"status","op":"sign"}`); a.Code != CodeInvalid {
		t.Fatalf("a message with a key twice: %+v", a)
	}
	_ = raw.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := raw.r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("after an invalid message: %v, want EOF", err)
	}
}

// A connection that sends nothing first, or stays idle after an answer, is closed: a
// neighbour cannot hold the agent's connections open for ever.
func TestIdleConnectionsAreClosed(t *testing.T) {
	first, idle := connFirst, connIdle
	connFirst, connIdle = 200*time.Millisecond, 300*time.Millisecond
	t.Cleanup(func() { connFirst, connIdle = first, idle })
	e := start(t, nil, nil)
	silent := dialRaw(t, e.path)
	start := time.Now()
	_ = silent.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := silent.r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("a silent connection: %v, want EOF", err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Fatalf("closed after %v, before the first message's time", d)
	}
	raw := dialRaw(t, e.path)
	if a := roundTrip(t, raw, `{"op":"status"}`); !a.OK {
		t.Fatalf("status: %+v", a)
	}
	time.Sleep(100 * time.Millisecond)
	if a := roundTrip(t, raw, `{"op":"status"}`); !a.OK {
		t.Fatalf("status within the idle time: %+v", a)
	}
	start = time.Now()
	_ = raw.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := raw.r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("an idle connection: %v, want EOF", err)
	}
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Fatalf("closed after %v idle", d)
	}
	// A client does not use a connection the agent may be closing: it dials again.
	if _, err := e.client.Status(bg()); err != nil {
		t.Fatal(err)
	}
	c, _ := kept(e.client)
	time.Sleep(clientIdle() + 10*time.Millisecond)
	if _, err := e.client.Status(bg()); err != nil {
		t.Fatal(err)
	}
	if again, n := kept(e.client); again == c || n != 1 {
		t.Fatalf("kept %d; the connection idle too long was used: %v", n, again == c)
	}
}

type rawConn struct {
	c *net.UnixConn
	r *bufio.Reader
}

func dialRaw(t *testing.T, path string) *rawConn {
	t.Helper()
	c, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{c.(*net.UnixConn), bufio.NewReader(c)}
}

func roundTrip(t *testing.T, raw *rawConn, msg string) *answer {
	t.Helper()
	if _, err := raw.c.Write([]byte(msg + "\n")); err != nil {
		t.Fatal(err)
	}
	return readAnswer(t, raw)
}

func readAnswer(t *testing.T, raw *rawConn) *answer {
	t.Helper()
	_ = raw.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := readLine(raw.r, maxMessage)
	if err != nil {
		t.Fatal(err)
	}
	var a answer
	if err := json.Unmarshal(line, &a); err != nil {
		t.Fatal(err)
	}
	return &a
}
