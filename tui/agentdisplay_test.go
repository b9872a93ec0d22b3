package tui

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/app"
	"purse/config"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/review"
	"purse/wallet"
)

// agentTest is a TUI model attached as the display of a real agent (app.ServeAgent on a
// temporary home) that holds the development key "dev" unlocked.
type agentTest struct {
	t     *testing.T
	sv    *app.App
	m     *Model
	clock time.Time
	stop  func()
}

// startAgent serves the agent of a new home (profile "t", key "dev" unlocked in it).
func startAgent(t *testing.T) (sv *app.App, stop func()) {
	t.Helper()
	// The TUI and the "CLI" of these tests are one process, which the agent would not let
	// approve its own requests.
	agent.SameProcessDisplay = true
	t.Cleanup(func() { agent.SameProcessDisplay = false })
	t.Setenv(agent.EnvSocket, "")
	t.Setenv(app.EnvNoAgent, "")
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(tuitest.DevKey)); err != nil {
		t.Fatal(err)
	}
	tuitest.WriteProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "dev"})
	return startAgentIn(t, home)
}

// startAgentIn serves an agent for home (its keys and profile in place) with the dev key
// unlocked; stop ends it.
func startAgentIn(t *testing.T, home string) (sv *app.App, stop func()) {
	t.Helper()
	sv = tuitest.Services(t, home)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() { done <- sv.ServeAgent(ctx, nil, func(string, *agent.Policy) { close(ready) }) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			<-done
		})
	}
	t.Cleanup(stop)
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("agent: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the agent did not start")
	}
	if _, err := sv.AgentClient().UnlockWith(ctx, agent.KindEVM, "dev", 0, 0, []byte("pw")); err != nil {
		t.Fatal(err)
	}
	return sv, stop
}

func newAgentTest(t *testing.T) *agentTest {
	t.Helper()
	sv, stop := startAgent(t)
	at := &agentTest{t: t, sv: sv, stop: stop, clock: time.Unix(1_900_000_000, 0)}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	d, err := sv.AttachDisplay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	m := NewModel(newTestEnv(t), newFake("A"))
	m.Now = func() time.Time { return at.clock }
	m.AttachAgent(d)
	send(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	at.m = m
	return at
}

type signResult struct {
	sig []byte
	err error
}

// sign has a CLI-like client ask the agent for a personal signature of msg.
func (at *agentTest) sign(ctx context.Context, client, msg string) <-chan signResult {
	c := &agent.Client{Path: at.sv.AgentSocket(), Name: client}
	out := make(chan signResult, 1)
	go func() {
		sig, err := c.Sign(ctx, "dev", "t", wallet.Request{Purpose: wallet.PurposePersonal, Message: []byte(msg)})
		out <- signResult{sig, err}
	}()
	return out
}

// pump waits for the display's next event and delivers it to the model.
func (at *agentTest) pump() tea.Msg {
	at.t.Helper()
	cmd := at.m.agent.wait()
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		at.m.Update(msg) // the command it returns is the next wait, which pump runs
		return msg
	case <-time.After(10 * time.Second):
		at.t.Fatal("the display received nothing from the agent")
		return nil
	}
}

// press sends a key and delivers the messages its commands produce (the review's decision).
func (at *agentTest) press(k tea.KeyPressMsg) []tea.Msg {
	msgs := send(at.m, k)
	for _, msg := range msgs {
		send(at.m, msg)
	}
	return msgs
}

func (at *agentTest) review() *agentReview {
	at.t.Helper()
	ds := at.m.Dialogs()
	if len(ds) == 0 {
		at.t.Fatalf("no dialog open:\n%s", frameOf(at.m))
	}
	r, ok := ds[len(ds)-1].(*agentReview)
	if !ok {
		at.t.Fatalf("top dialog %T, want the agent's review", ds[len(ds)-1])
	}
	return r
}

func result(t *testing.T, ch <-chan signResult) signResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("the client got no answer")
		return signResult{}
	}
}

func pending(ch <-chan signResult) bool {
	select {
	case <-ch:
		return false
	case <-time.After(300 * time.Millisecond):
		return true
	}
}

func hasDecision(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(review.Decision); ok {
			return true
		}
	}
	return false
}

// TestAgentRequestApprovedOnTheTUI: a CLI's request appears as the signing review over the
// screen, naming the client and the message; Enter does nothing, a y pressed as the review
// opens does nothing, y then signs and the client gets a signature of the dev key.
func TestAgentRequestApprovedOnTheTUI(t *testing.T) {
	at := newAgentTest(t)
	if v := frameOf(at.m); !strings.Contains(v, "agent: display") {
		t.Fatalf("the footer does not say the TUI is the agent's display:\n%s", v)
	}
	res := at.sign(context.Background(), "purse sign personal", "hello agent")
	if _, ok := at.pump().(agentRequestMsg); !ok {
		t.Fatal("expected the agent's request")
	}
	at.review()
	v := frameOf(at.m)
	for _, want := range []string{"Agent: purse sign personal asks to sign", "hello agent", "purposes.personal", "(what the kernel says)", "y sign"} {
		if !strings.Contains(v, want) {
			t.Errorf("the review lacks %q:\n%s", want, v)
		}
	}
	if msgs := at.press(keyOf(tea.KeyEnter)); hasDecision(msgs) || !pending(res) {
		t.Fatalf("Enter answered the agent: %v", msgs)
	}
	at.review()
	if msgs := at.press(runes("y")); hasDecision(msgs) || !pending(res) {
		t.Fatalf("y at the review's opening answered the agent: %v", msgs)
	}
	at.review()
	at.clock = at.clock.Add(agentArmDelay)
	at.press(runes("y"))
	r := result(t, res)
	if r.err != nil {
		t.Fatal(r.err)
	}
	got, err := wallet.RecoverDigest(wallet.PersonalHash([]byte("hello agent")), r.sig)
	if err != nil || got != common.HexToAddress(tuitest.DevAddress) {
		t.Fatalf("signature recovers to %s (%v), want the dev key", got.Hex(), err)
	}
	if len(at.m.Dialogs()) != 0 || !strings.Contains(frameOf(at.m), "approved") {
		t.Fatalf("after y the review closes with a note:\n%s", frameOf(at.m))
	}
}

// TestAgentRequestDeclinedOnTheTUI: n declines (the client gets ErrDenied), and requests
// arriving together queue behind the open review, one at a time.
func TestAgentRequestDeclinedOnTheTUI(t *testing.T) {
	at := newAgentTest(t)
	at.clock = at.clock.Add(time.Hour)
	first := at.sign(context.Background(), "first client", "one")
	at.pump()
	second := at.sign(context.Background(), "second client", "two")
	at.pump()
	if n := len(at.m.Dialogs()); n != 1 || !strings.Contains(frameOf(at.m), "first client") || !strings.Contains(frameOf(at.m), "agent: display (1 waiting)") {
		t.Fatalf("%d dialogs; the second request waits behind the first:\n%s", n, frameOf(at.m))
	}
	at.m.agent.open.opened = at.clock.Add(-agentArmDelay)
	at.press(runes("n"))
	if r := result(t, first); !errors.Is(r.err, agent.ErrDenied) {
		t.Fatalf("declined: %v", r.err)
	}
	if !strings.Contains(frameOf(at.m), "second client") || !strings.Contains(frameOf(at.m), "declined the request of first client") {
		t.Fatalf("the second request opens after the first is answered:\n%s", frameOf(at.m))
	}
	at.m.agent.open.opened = at.clock.Add(-agentArmDelay)
	at.press(keyOf(tea.KeyEsc))
	if r := result(t, second); !errors.Is(r.err, agent.ErrDenied) {
		t.Fatalf("esc: %v", r.err)
	}
	if len(at.m.Dialogs()) != 0 {
		t.Fatal("no review left")
	}
}

// TestAgentRequestWithdrawnClosesTheReview: when the client hangs up the agent cancels, and
// the review closes with a note; when the agent stops, the footer no longer says display.
func TestAgentRequestWithdrawnClosesTheReview(t *testing.T) {
	at := newAgentTest(t)
	ctx, cancel := context.WithCancel(context.Background())
	res := at.sign(ctx, "impatient client", "bye")
	at.pump()
	at.review()
	cancel()
	if r := result(t, res); r.err == nil {
		t.Fatal("a cancelled client got a signature")
	}
	if _, ok := at.pump().(agentCancelMsg); !ok {
		t.Fatal("expected the agent's cancellation")
	}
	if len(at.m.Dialogs()) != 0 || !strings.Contains(frameOf(at.m), "withdrawn") {
		t.Fatalf("the withdrawn request's review stays:\n%s", frameOf(at.m))
	}
	at.stop()
	if _, ok := at.pump().(agentGoneMsg); !ok {
		t.Fatal("expected the display to end with the agent")
	}
	if v := frameOf(at.m); strings.Contains(v, "agent: display") || !strings.Contains(v, "no longer the agent's display") {
		t.Fatalf("after the agent stopped:\n%s", v)
	}
}

// TestRunIsTheAgentsDisplay: the TUI started while an agent answers is its display until it
// quits, and detaches then.
func TestRunIsTheAgentsDisplay(t *testing.T) {
	sv, _ := startAgent(t)
	c := sv.AgentClient()
	display := func() string {
		st, err := c.Status(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return st.Display
	}
	in, keys := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{Session: testSession, Home: sv.Home(), App: sv, Input: in, Output: io.Discard,
			Screens: func(*Env, *app.App) []Screen { return []Screen{newFake("A")} }})
	}()
	waitFor(t, "the TUI attached as the display", func() bool { return display() != "" })
	if _, err := keys.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the TUI detached", func() bool { return display() == "" })
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 10s", what)
		}
	}
}

// TestAgentCancelBeforeItsRequest: a cancellation read before its request (the display
// reads both channels in one select) drops the request when it comes: no review opens.
func TestAgentCancelBeforeItsRequest(t *testing.T) {
	m := newRouter(t, newFake("A"))
	m.AttachAgent(&agent.Display{})
	m.Update(agentCancelMsg{id: 5})
	m.Update(agentRequestMsg{p: agent.Pending{ID: 5, Client: "gone", Request: wallet.Request{Purpose: wallet.PurposePersonal, Message: []byte("x")}}})
	if len(m.Dialogs()) != 0 {
		t.Fatal("a cancelled request opened a review")
	}
	m.Update(agentRequestMsg{p: agent.Pending{ID: 6, Client: "next", Request: wallet.Request{Purpose: wallet.PurposePersonal, Message: []byte("y")}}})
	if len(m.Dialogs()) != 1 || len(m.agent.early) != 0 {
		t.Fatalf("%d dialogs, early %v", len(m.Dialogs()), m.agent.early)
	}
}

// TestRunBecomesTheDisplayOfALaterAgent: an agent started after the TUI (and started again
// after it stopped) gets the TUI as its display without a restart of the TUI.
func TestRunBecomesTheDisplayOfALaterAgent(t *testing.T) {
	sv, stop := startAgent(t)
	stop()
	in, keys := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{Session: testSession, Home: sv.Home(), App: sv, Input: in, Output: io.Discard,
			Screens: func(*Env, *app.App) []Screen { return []Screen{newFake("A")} }, AgentPoll: 50 * time.Millisecond})
	}()
	time.Sleep(200 * time.Millisecond) // a few polls with no agent
	for round := 0; round < 2; round++ {
		_, stop := startAgentIn(t, sv.Home())
		c := sv.AgentClient()
		waitFor(t, "the TUI attached to the later agent", func() bool {
			st, err := c.Status(context.Background())
			return err == nil && st.Display != ""
		})
		stop()
	}
	if _, err := keys.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
