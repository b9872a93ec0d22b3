//go:build unix

package tui

import (
	"context"
	"purse/agent"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/app"
	"purse/app/apptest"
	"purse/app/sign"
	"purse/config"
	"purse/internal/visible/visibletest"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/review"
	"purse/wallet"
)

// approvalTest is a TUI model answering the signing gate's questions: its own (an app
// whose Approver is the queue) and those of the agent it is the display of (an agent of a
// temporary home, in this process, whose display feeds the same queue).
type approvalTest struct {
	t     *testing.T
	home  string
	q     *app.ApprovalQueue
	m     *Model
	clock time.Time
	stop  func()
}

func newApprovalTest(t *testing.T) *approvalTest {
	t.Helper()
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(tuitest.DevKey)); err != nil {
		t.Fatal(err)
	}
	tuitest.WriteProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "dev"})
	q := app.NewApprovalQueue()
	_, stop := apptest.ServeAgent(t, home, q)
	at := &approvalTest{t: t, home: home, q: q, stop: stop, clock: time.Unix(1_900_000_000, 0)}
	m := NewModel(newTestEnv(t), newFake("A"))
	m.Now = func() time.Time { return at.clock }
	m.SetApprovals(q)
	send(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	at.m = m
	return at
}

type signResult struct {
	sig string
	err error
}

// sign has a CLI-like client of the home (named client) sign a personal message: through
// the agent, whose policy confirms personal messages on its display, this TUI.
func (at *approvalTest) sign(ctx context.Context, client, msg string) <-chan signResult {
	c, err := app.Open(app.Options{Home: at.home, Client: client})
	if err != nil {
		at.t.Fatal(err)
	}
	out := make(chan signResult, 1)
	go func() {
		type res = signResult
		done := make(chan res, 1)
		go func() {
			ps, err := sign.New(c).Personal("dev", []byte(msg), &app.Unlock{Passphrase: []byte("pw")})
			done <- res{ps.Signature, err}
		}()
		select {
		case r := <-done:
			out <- r
		case <-ctx.Done():
			out <- res{err: ctx.Err()}
		}
	}()
	return out
}

// pump waits for the next question (or withdrawal) and delivers it to the model.
func (at *approvalTest) pump(cmd tea.Cmd) tea.Msg {
	at.t.Helper()
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		at.m.Update(msg)
		return msg
	case <-time.After(10 * time.Second):
		at.t.Fatal("no question came")
		return nil
	}
}

func (at *approvalTest) next() tea.Msg { return at.pump(at.m.approvals.wait()) }

func (at *approvalTest) press(k tea.KeyPressMsg) []tea.Msg {
	msgs := send(at.m, k)
	for _, msg := range msgs {
		send(at.m, msg)
	}
	return msgs
}

func (at *approvalTest) review() *approvalReview {
	at.t.Helper()
	ds := at.m.Dialogs()
	if len(ds) == 0 {
		at.t.Fatalf("no dialog open:\n%s", frameOf(at.m))
	}
	r, ok := ds[len(ds)-1].(*approvalReview)
	if !ok {
		at.t.Fatalf("top dialog %T, want the signing review", ds[len(ds)-1])
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

// A CLI's request through the agent appears as the signing review over the screen: who asks
// (what the kernel says, what the client says, escaped), the message, the policy line; Enter
// does nothing, a y pressed as it opens does nothing, y then signs.
func TestAgentRequestApprovedOnTheTUI(t *testing.T) {
	at := newApprovalTest(t)
	res := at.sign(context.Background(), "purse sign personal \x1b]0;pwned\x07", "hello agent")
	if _, ok := at.next().(approvalMsg); !ok {
		t.Fatal("expected the agent's request")
	}
	at.review()
	v := frameOf(at.m)
	for _, want := range []string{"Agent request", "hello agent", "purposes.personal", "from the kernel", "␛]0;pwned␇", "y sign"} {
		if !strings.Contains(v, want) {
			t.Errorf("the review lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "\x1b]0;pwned") {
		t.Fatal("the client's escape sequence reached the terminal")
	}
	if msgs := at.press(keyOf(tea.KeyEnter)); hasDecision(msgs) || !pending(res) {
		t.Fatalf("Enter answered: %v", msgs)
	}
	if msgs := at.press(runes("y")); hasDecision(msgs) || !pending(res) {
		t.Fatalf("y at the review's opening answered: %v", msgs)
	}
	at.clock = at.clock.Add(agentArmDelay)
	at.press(runes("y"))
	r := result(t, res)
	if r.err != nil {
		t.Fatal(r.err)
	}
	sig, _ := hexutil.Decode(r.sig)
	sig[64] -= 27
	got, err := wallet.RecoverDigest(wallet.PersonalHash([]byte("hello agent")), sig)
	if err != nil || got != common.HexToAddress(tuitest.DevAddress) {
		t.Fatalf("signature recovers to %s (%v), want the dev key", got.Hex(), err)
	}
	if len(at.m.Dialogs()) != 0 || !strings.Contains(frameOf(at.m), "Approved") {
		t.Fatalf("after y the review closes with a note:\n%s", frameOf(at.m))
	}
}

// n and esc decline; requests arriving together queue behind the open review.
func TestAgentRequestDeclinedOnTheTUI(t *testing.T) {
	at := newApprovalTest(t)
	at.clock = at.clock.Add(time.Hour)
	first := at.sign(context.Background(), "first client", "one")
	at.next()
	second := at.sign(context.Background(), "second client", "two")
	at.next()
	if n := len(at.m.Dialogs()); n != 1 || !strings.Contains(frameOf(at.m), "first client") || !strings.Contains(frameOf(at.m), "(1 more waiting)") {
		t.Fatalf("%d dialogs; the second request waits behind the first:\n%s", n, frameOf(at.m))
	}
	at.m.approvals.open.opened = at.clock.Add(-agentArmDelay)
	at.press(runes("n"))
	if r := result(t, first); r.err == nil || !strings.Contains(r.err.Error(), "declined") {
		t.Fatalf("declined: %v", r.err)
	}
	if !strings.Contains(frameOf(at.m), "second client") || !strings.Contains(frameOf(at.m), "Declined") {
		t.Fatalf("the second request opens after the first is answered:\n%s", frameOf(at.m))
	}
	at.m.approvals.open.opened = at.clock.Add(-agentArmDelay)
	at.press(keyOf(tea.KeyEsc))
	if r := result(t, second); r.err == nil {
		t.Fatal("esc signed")
	}
	if len(at.m.Dialogs()) != 0 {
		t.Fatal("no review left")
	}
}

// When the agent gives up on a request (here: the agent stops while it waits), its review
// closes with a note.
func TestWithdrawnRequestClosesTheReview(t *testing.T) {
	at := newApprovalTest(t)
	res := at.sign(context.Background(), "impatient client", "bye")
	msg := at.next().(approvalMsg)
	at.review()
	at.stop()
	if r := result(t, res); r.err == nil {
		t.Fatal("a withdrawn request got a signature")
	}
	at.pump(watch(msg.p))
	if len(at.m.Dialogs()) != 0 || !strings.Contains(frameOf(at.m), "withdrawn") {
		t.Fatalf("the withdrawn request's review stays:\n%s", frameOf(at.m))
	}
}

// The TUI's own signature (no agent: the key in this process) is asked in the same dialog,
// without the arming delay, and the policy line shows.
func TestOwnSignatureIsAskedInTheSameDialog(t *testing.T) {
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(tuitest.DevKey)); err != nil {
		t.Fatal(err)
	}
	tuitest.WriteProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "dev"})
	t.Setenv(app.EnvNoAgent, "1")
	q := app.NewApprovalQueue()
	sv, err := app.Open(app.Options{Home: home, Approver: q})
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(newTestEnv(t), newFake("A"))
	m.SetApprovals(q)
	send(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	done := make(chan error, 1)
	go func() {
		_, err := sign.New(sv).Personal("dev", []byte("mine"), &app.Unlock{Passphrase: []byte("pw")})
		done <- err
	}()
	cmd := m.approvals.wait()
	m.Update(cmd())
	if v := frameOf(m); !strings.Contains(v, "mine") || !strings.Contains(v, `purposes.personal = "confirm"`) || strings.Contains(v, "Agent request") {
		t.Fatalf("own review:\n%s", v)
	}
	for _, msg := range send(m, runes("y")) {
		send(m, msg)
	}
	if err := <-done; err != nil {
		t.Fatalf("approved at once: %v", err)
	}
}

// A client's name and message carrying ESC, OSC, CSI, U+202E and a forged newline reach the
// TUI's review of an agent request as pictures: nothing of them acts on the terminal, and the
// forged line shows only inside the message, which is shown exactly.
func TestAgentRequestShowsHostileTextEscaped(t *testing.T) {
	at := newApprovalTest(t)
	res := at.sign(context.Background(), "purse "+visibletest.Text, "hello "+visibletest.Text)
	if _, ok := at.next().(approvalMsg); !ok {
		t.Fatal("expected the agent's request")
	}
	at.review()
	v := frameOf(at.m)
	visibletest.Verify(t, "the review's frame", strings.ReplaceAll(v, visibletest.Forged, "forged"))
	if !strings.Contains(v, "␛]0;owned␇") || strings.Count(v, visibletest.Forged) != 2 {
		t.Fatalf("the client's name and message are not shown escaped:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if i := strings.Index(l, visibletest.Forged); i >= 0 && !strings.Contains(l[:i], "␊") && !strings.Contains(l, "│") {
			t.Errorf("the forged line stands on its own, outside the message's box: %q\n%s", l, v)
		}
	}
	at.press(keyOf(tea.KeyEscape))
	if r := result(t, res); r.err == nil {
		t.Fatal("esc signed")
	}
}

func hasSession(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(approvalSessionMsg); ok {
			return true
		}
	}
	return false
}

// Y on an agent request signs it and approves the same client's like requests for 15
// minutes, U until the keys are locked: the agent lists the session as such, the next like
// request is signed without a review, and a lock (ctrl+l locks the agent's keys) ends it, so
// the next one is asked again. Y and U are in the review's help only when offered, and
// deaf while the review has just opened.
func TestAgentSessionApprovedOnTheTUI(t *testing.T) {
	for _, c := range []struct {
		key, help, note string
		untilLock       bool
	}{
		{"Y", "Y sign + this client 15 min", "like requests for 15 minutes", false},
		{"U", "U sign + this client until lock", "until the keys are locked", true},
	} {
		t.Run(c.key, func(t *testing.T) {
			at := newApprovalTest(t)
			res := at.sign(context.Background(), "purse sign personal", "one")
			at.next()
			if v := frameOf(at.m); !strings.Contains(v, c.help) {
				t.Fatalf("the review does not offer %s:\n%s", c.key, v)
			}
			if msgs := at.press(runes(c.key)); hasSession(msgs) || !pending(res) {
				t.Fatalf("%s at the review's opening answered: %v", c.key, msgs)
			}
			at.clock = at.clock.Add(agentArmDelay)
			at.press(runes(c.key))
			if r := result(t, res); r.err != nil {
				t.Fatal(r.err)
			}
			if !strings.Contains(frameOf(at.m), c.note) {
				t.Fatalf("no note of the session:\n%s", frameOf(at.m))
			}
			st, err := (&agent.Client{Path: agent.SocketPath(at.home)}).Status(context.Background())
			if err != nil || len(st.Sessions) != 1 || st.Sessions[0].UntilLock != c.untilLock || st.Sessions[0].Until.IsZero() == !c.untilLock {
				t.Fatalf("agent status: %v %+v", err, st)
			}
			if r := result(t, at.sign(context.Background(), "purse sign personal", "two")); r.err != nil || len(at.m.Dialogs()) != 0 {
				t.Fatalf("under the session: %v (%d dialogs)", r.err, len(at.m.Dialogs()))
			}
			cl, err := app.Open(app.Options{Home: at.home, Client: "lock"})
			if err != nil {
				t.Fatal(err)
			}
			cl.Lock()
			res = at.sign(context.Background(), "purse sign personal", "three")
			if _, ok := at.next().(approvalMsg); !ok || !pending(res) {
				t.Fatal("after the lock the request is not asked")
			}
		})
	}
}
