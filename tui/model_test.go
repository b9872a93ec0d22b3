package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	doc "purse/app/review"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/app"
	"purse/internal/prompt"
	"purse/tui/dialog"
	"purse/tui/home"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/review"
)

func newRouter(t *testing.T, screens ...*fakeScreen) *Model {
	t.Helper()
	env := newTestEnv(t)
	ss := make([]kit.Screen, len(screens))
	for i, s := range screens {
		ss[i] = s
	}
	m := NewModel(env, ss...)
	tuitest.Flatten(m.Init())
	send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

func TestRouterSwitchesScreens(t *testing.T) {
	a, b, c := newFake("Account"), newFake("Balances"), newFake("Card")
	m := newRouter(t, a, b, c)
	steps := []struct {
		key  tea.KeyPressMsg
		want int
	}{
		{keyOf(tea.KeyTab), 1},
		{keyOf(tea.KeyTab), 2},
		{keyOf(tea.KeyTab), 0},
		{keyOf(tea.KeyTab, tea.ModShift), 2},
		{runes("2"), 1},
		{runes("9"), 1}, // no ninth screen: stay
		{runes("1"), 0},
	}
	for i, s := range steps {
		send(m, s.key)
		if m.Active() != s.want {
			t.Fatalf("step %d (%s): active %d, want %d", i, s.key, m.Active(), s.want)
		}
	}
	if a.inits != 1 || b.inits != 1 || c.inits != 1 {
		t.Errorf("each screen is initialised once, when first shown: %d %d %d", a.inits, b.inits, c.inits)
	}
	if len(a.keys)+len(b.keys)+len(c.keys) != 0 {
		t.Errorf("global keys must not reach screens: %v %v %v", a.keys, b.keys, c.keys)
	}
	send(m, runes("x"))
	if len(a.keys) != 1 || a.keys[0] != "x" {
		t.Errorf("other keys reach the active screen only: %v %v", a.keys, b.keys)
	}
	if !strings.Contains(frameOf(m), "[1 Account]") {
		t.Errorf("the active tab must be marked without colour:\n%s", frameOf(m))
	}
}

func TestQuitKeys(t *testing.T) {
	m := newRouter(t, newFake("A"))
	if !isQuit(send(m, runes("q"))) {
		t.Fatal("q quits")
	}
	m = newRouter(t, newFake("A"))
	if !isQuit(send(m, keyOf('c', tea.ModCtrl))) {
		t.Fatal("ctrl+c quits")
	}
}

// TestGlobalKeysOffSayWhy: the router's keys are one table: with a single screen, tab is off,
// the full help says why, and tab only says it (the screen gets nothing, no screen changes);
// ctrl+l without a key store is off the same way; a number no screen has says so; with two
// screens tab and 2 go there.
func TestGlobalKeysOffSayWhy(t *testing.T) {
	a := newFake("A")
	m := newRouter(t, a)
	const other = "there is no other screen"
	send(m, runes("?"))
	v := frameOf(m)
	for _, want := range []string{"tab next screen (off: " + other + ")", "ctrl+l lock the unlocked keys (off: this session holds no keys to lock)"} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Errorf("the full help lacks %q:\n%s", want, v)
		}
	}
	send(m, runes("?"))
	msgs := send(m, keyOf(tea.KeyTab))
	if len(msgs) != 1 || msgs[0] != (kit.StatusMsg{Text: "tab next screen: not now, " + other + "."}) {
		t.Fatalf("tab with one screen must only say why: %#v", msgs)
	}
	msgs = send(m, keyOf('l', tea.ModCtrl))
	if len(msgs) != 1 || msgs[0] != (kit.StatusMsg{Text: "ctrl+l lock the unlocked keys: not now, this session holds no keys to lock."}) {
		t.Fatalf("ctrl+l without a key store: %#v", msgs)
	}
	if msgs = send(m, runes("7")); len(msgs) != 1 || msgs[0] != (kit.StatusMsg{Text: "No screen has number 7."}) {
		t.Fatalf("7 with one screen: %#v", msgs)
	}
	if len(a.keys) != 0 || m.Active() != 0 || a.inits != 1 {
		t.Fatalf("an off global key acted: keys %v active %d inits %d", a.keys, m.Active(), a.inits)
	}

	b := newFake("B")
	m = newRouter(t, a, b)
	send(m, keyOf(tea.KeyTab))
	if m.Active() != 1 || b.inits != 1 {
		t.Fatalf("tab must go to the next screen: active %d", m.Active())
	}
	send(m, runes("1"))
	if m.Active() != 0 {
		t.Fatalf("1 must go to the first screen: active %d", m.Active())
	}
}

func TestSingleLetterKeysOffWhileTyping(t *testing.T) {
	a := newFake("Search")
	a.typing = true
	m := newRouter(t, a, newFake("Other"))
	for _, k := range []tea.KeyPressMsg{runes("q"), runes("?"), runes("2"), keyOf(tea.KeyTab), keyOf(tea.KeyEscape)} {
		if msgs := send(m, k); isQuit(msgs) {
			t.Fatalf("%s quit while typing", k)
		}
	}
	if m.Active() != 0 || m.FullHelp() {
		t.Fatalf("global keys acted while typing: active=%d help=%v", m.Active(), m.FullHelp())
	}
	if got := strings.Join(a.keys, ","); got != "q,?,2,tab,esc" {
		t.Fatalf("the input must receive the keys, got %q", got)
	}
	if !isQuit(send(m, keyOf('c', tea.ModCtrl))) {
		t.Fatal("ctrl+c still quits while typing")
	}
	if strings.Contains(frameOf(m), "q quit") {
		t.Error("help must not offer q while typing")
	}
}

// TestHelpToggle: ? opens the full help as a page over the body (the screen keeps its size
// and state), with the screen's keys and the global ones; ? or esc closes it.
func TestHelpToggle(t *testing.T) {
	a := newFake("A")
	m := newRouter(t, a)
	_, h0 := m.BodySize()
	send(m, runes("?"))
	if !m.FullHelp() {
		t.Fatal("? shows the full help")
	}
	v := frameOf(m)
	for _, want := range []string{"A > Keys", "do x", "shift+tab", "go to the screen of that number", "ctrl+c", "?/esc close the help"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help misses %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "A body") {
		t.Errorf("the help page covers the body:\n%s", v)
	}
	send(m, runes("x"))
	if len(a.keys) != 0 {
		t.Fatal("a key for the screen reached it under the help")
	}
	send(m, runes("?"))
	if m.FullHelp() || a.h != h0 || !strings.Contains(frameOf(m), "A body") {
		t.Fatal("? again closes it")
	}
	send(m, runes("?"))
	send(m, keyOf(tea.KeyEscape))
	if m.FullHelp() {
		t.Fatal("esc closes it")
	}
}

func TestDialogStackTakesKeysFirst(t *testing.T) {
	a, b := newFake("A"), newFake("B")
	m := newRouter(t, a, b)
	env := m.Env()
	send(m, kit.PushDialogMsg{Dialog: dialog.NewConfirm(env, "c1", "Block the card?", "It stops working.", "block")})
	send(m, kit.PushDialogMsg{Dialog: dialog.NewInfo(env, "Note", "on top")})
	if len(m.Dialogs()) != 2 {
		t.Fatalf("stack %d", len(m.Dialogs()))
	}
	for _, k := range []tea.KeyPressMsg{keyOf(tea.KeyTab), runes("q"), runes("2"), runes("y")} {
		if isQuit(send(m, k)) {
			t.Fatalf("%s quit under a dialog", k)
		}
	}
	if m.Active() != 0 || len(a.keys) != 0 || len(m.Dialogs()) != 2 {
		t.Fatalf("keys must go to the top dialog only: active=%d keys=%v stack=%d", m.Active(), a.keys, len(m.Dialogs()))
	}
	if !strings.Contains(frameOf(m), "on top") {
		t.Fatal("the top dialog is drawn")
	}
	send(m, keyOf(tea.KeyEscape)) // closes the info only
	if len(m.Dialogs()) != 1 || !strings.Contains(frameOf(m), "Block the card?") {
		t.Fatal("esc pops only the top dialog")
	}
	send(m, keyOf(tea.KeyEnter))
	if len(m.Dialogs()) != 1 {
		t.Fatal("enter never confirms")
	}
	msgs := send(m, runes("y"))
	if len(m.Dialogs()) != 0 || len(msgs) != 1 || msgs[0] != (dialog.ConfirmResult{ID: "c1", Confirmed: true}) {
		t.Fatalf("y confirms and pops: %v %d", msgs, len(m.Dialogs()))
	}
	send(m, msgs[0])
	if !a.received(msgs[0]) || !b.received(msgs[0]) {
		t.Fatal("the dialog's result reaches the screens")
	}
	send(m, runes("x"))
	if len(a.keys) != 1 {
		t.Fatal("after the dialog closes keys reach the screen again")
	}
	if !isQuit(send(m, keyOf('c', tea.ModCtrl))) {
		t.Fatal("ctrl+c quits")
	}
}

func TestReviewThroughRouter(t *testing.T) {
	a := newFake("Permit")
	m := newRouter(t, a)
	req := doc.FormARequest("fa", "I declare.", "0xhash")
	send(m, tuitest.Flatten(review.Open(m.Env(), req))[0])
	for _, k := range []tea.KeyPressMsg{keyOf(tea.KeyEnter), keyOf('m', tea.ModCtrl), runes(" ")} {
		if msgs := send(m, k); len(msgs) != 0 || len(m.Dialogs()) != 1 {
			t.Fatalf("%s must not decide: %v", k, msgs)
		}
	}
	msgs := send(m, runes("y"))
	if len(msgs) != 1 || msgs[0] != (review.Decision{ID: "fa", Kind: review.KindFormA, Approved: true}) {
		t.Fatalf("decision %v", msgs)
	}
}

func TestResizeReachesEveryScreenAndDialog(t *testing.T) {
	a, b := newFake("A"), newFake("B")
	m := newRouter(t, a, b)
	d := dialog.NewInfo(m.Env(), "t", "b")
	send(m, kit.PushDialogMsg{Dialog: d})
	for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 30}, {60, 15}} {
		send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		bw, bh := m.BodySize()
		if a.w != bw || b.w != bw || a.h != bh || b.h != bh || bw != size[0] {
			t.Fatalf("%v: screens got %dx%d and %dx%d, body %dx%d", size, a.w, a.h, b.w, b.h, bw, bh)
		}
		lines := strings.Split(frameOf(m), "\n")
		if len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		for _, l := range lines {
			if lipgloss.Width(l) != size[0] {
				t.Fatalf("%v: line width %d: %q", size, lipgloss.Width(l), l)
			}
		}
	}
	send(m, tea.WindowSizeMsg{Width: 30, Height: 8})
	if v := frameOf(m); !strings.Contains(v, "needs at least 40×12") {
		t.Fatalf("too small must be explained:\n%s", v)
	}
}

func TestStaleTaskRepliesAreDropped(t *testing.T) {
	a, b := newFake("A"), newFake("B")
	m := newRouter(t, a, b)
	tasks := m.Env().Tasks
	id1, cmd1 := kit.Start(tasks, "balances", "Loading balances", func(context.Context) (string, error) { return "old", nil })
	send(m, nil) // the router notices the running task and starts the spinner
	if v := frameOf(m); !strings.Contains(v, "Loading balances") {
		t.Fatalf("the footer shows the running task:\n%s", v)
	}
	id2, cmd2 := kit.Start(tasks, "balances", "Loading balances", func(context.Context) (string, error) { return "new", nil })
	old, cur := cmd1(), cmd2()
	send(m, old)
	if a.received(old) || b.received(old) {
		t.Fatalf("stale reply %d reached a screen", id1)
	}
	send(m, cur)
	if !a.received(cur) || !b.received(cur) {
		t.Fatalf("current reply %d must reach the screens", id2)
	}
	if strings.Contains(frameOf(m), "Loading balances") || !strings.Contains(frameOf(m), "ready") {
		t.Fatalf("the footer must clear when the task ends:\n%s", frameOf(m))
	}
}

func TestTaskErrorShowsWhatToDoNext(t *testing.T) {
	a := newFake("A")
	a.retrySlot = "card"
	m := newRouter(t, a)
	fail := func(slot string, err error) {
		_, cmd := kit.Start(m.Env().Tasks, slot, "Reading the card", func(context.Context) (int, error) { return 0, err })
		send(m, cmd())
	}
	fail("card", errors.New("retCode 10002: signature expired"))
	v := frameOf(m)
	for _, want := range []string{"ERROR: Reading the card: retCode 10002", "-> Details are in", "Press r to retry."} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q:\n%s", want, v)
		}
	}
	_, cmd := kit.Start(m.Env().Tasks, "card", "Reading the card", func(context.Context) (int, error) { return 1, nil })
	send(m, cmd())
	if strings.Contains(frameOf(m), "ERROR") {
		t.Fatal("a later success of the same task clears the error")
	}
}

// TestRetryHintOnlyWhereRRetries: "Press r to retry" only when r on the screen shown runs
// the failed task again, nothing takes the keys, and the error has no advice of its own.
func TestRetryHintOnlyWhereRRetries(t *testing.T) {
	a := newFake("A")
	a.retrySlot = "a/load"
	m := newRouter(t, a)
	fail := func(slot string, err error) {
		_, cmd := kit.Start(m.Env().Tasks, slot, "Doing it", func(context.Context) (int, error) { return 0, err })
		send(m, cmd())
	}
	hint := func() bool { return strings.Contains(frameOf(m), "Press r to retry") }

	fail("a/load", errors.New("boom"))
	if !hint() {
		t.Fatalf("r retries a/load:\n%s", frameOf(m))
	}
	a.typing = true // a form field has focus: r types
	send(m, runes("z"))
	if hint() {
		t.Fatalf("no r hint while a field has focus:\n%s", frameOf(m))
	}
	a.typing = false
	send(m, kit.PushDialogMsg{Dialog: dialog.NewConfirm(m.Env(), "c", "Sure?", "body", "do it")})
	if hint() {
		t.Fatalf("no r hint under a dialog:\n%s", frameOf(m))
	}
	send(m, keyOf(tea.KeyEscape))

	fail("a/sign", errors.New("wrong passphrase (the MAC does not match)"))
	if hint() {
		t.Fatalf("r does not retry a/sign:\n%s", frameOf(m))
	}
	fail("a/load", &app.Advice{Err: errors.New("profile t has no EVM key"), Next: "Add a key on the Keys screen."})
	if hint() || !strings.Contains(frameOf(m), "-> Add a key on the Keys screen.") {
		t.Fatalf("an error's own advice is the next step:\n%s", frameOf(m))
	}
}

// TestCopySendsPlainOSC52AndSaysSoWithoutAModal: the copy is Bubble Tea's plain OSC 52 (no
// tmux or screen passthrough wrapper, inside tmux too: tmux 3.3 and later drop a wrapped
// one unless allow-passthrough is on); the transient note says it was sent, not copied.
func TestCopySendsPlainOSC52AndSaysSoWithoutAModal(t *testing.T) {
	for _, env := range [][2]string{{"", "xterm-256color"}, {"/tmp/tmux-0/default,1,0", "screen-256color"}} {
		t.Setenv("TMUX", env[0])
		t.Setenv("TERM", env[1])
		m := newRouter(t, newFake("A"))
		_, cmd := m.Update(kit.CopyMsg{Label: "signature", Value: "0xdeadbeef"})
		if cmd() != tea.SetClipboard("0xdeadbeef")() {
			t.Fatalf("TMUX=%q: the copy is not Bubble Tea's plain OSC 52 clipboard message: %#v", env[0], cmd())
		}
		v := frameOf(m)
		if len(m.dialogs) != 0 || !strings.Contains(v, "Sent signature to the clipboard (OSC 52); the terminal cannot confirm a copy.") || strings.Contains(v, "Copied") {
			t.Fatalf("a transient note that says sent, no dialog (%d):\n%s", len(m.dialogs), v)
		}
		later := time.Now().Add(statusFor)
		m.Now = func() time.Time { return later }
		if v := frameOf(m); strings.Contains(v, "Sent signature") {
			t.Fatalf("the note stays:\n%s", v)
		}
	}
}

// TestShowFullLeavesTheFrame: a long value is printed whole outside the alternate screen
// (copying it by hand gives it exactly); any key comes back.
func TestShowFullLeavesTheFrame(t *testing.T) {
	m := newRouter(t, newFake("A"))
	long := "curl -sS -X POST 'http://127.0.0.1:8787/api/v2/transactions' " + strings.Repeat("-H 'x: y' ", 30)
	_, cmd := m.Update(kit.ShowFullMsg{Label: "curl command", Value: long})
	if cmd == nil || m.View().AltScreen || !strings.Contains(frameOf(m), "press any key to return to purse") {
		t.Fatalf("full view (alt screen %v): %v\n%s", m.View().AltScreen, cmd, frameOf(m))
	}
	m.Update(tuitest.Runes("x"))
	if !m.View().AltScreen || strings.Contains(frameOf(m), "press any key") {
		t.Fatalf("a key must return to the frame:\n%s", frameOf(m))
	}
}

func TestSessionMsgUpdatesFooter(t *testing.T) {
	m := newRouter(t, newFake("A"))
	s := testSession
	s.AccountID = "777"
	s.EVMKey = "bob"
	send(m, kit.SessionMsg{Session: s})
	if v := frameOf(m); !strings.Contains(v, "evm bob") || !strings.Contains(v, "account 777") {
		t.Fatalf("footer:\n%s", v)
	}
}

func TestOpenLogWritesToHomeOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home")
	logger, closeLog, err := OpenLog(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	logger.Info("hello", "k", "v")
	if err := closeLog(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, LogFile)
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "msg=hello k=v") {
		t.Fatalf("log %q %v", b, err)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %o", st.Mode().Perm())
	}
	if _, _, err := OpenLog("", 0); err == nil {
		t.Error("no directory must be an error")
	}
}

// TestFooterMessagesBelongToTheirScreen: a status or an error shows on the screen it came
// from and is dropped when the user leaves that screen; the reply of a task a screen
// started lands on that screen's footer even when the user moved on meanwhile.
func TestFooterMessagesBelongToTheirScreen(t *testing.T) {
	a, b := newFake("A"), newFake("B")
	var pending tea.Cmd
	a.onKey = func(tea.KeyPressMsg) tea.Cmd {
		_, pending = kit.Start(a.env.Tasks, "a/load", "Loading A", func(context.Context) (int, error) {
			return 0, errors.New("boom")
		})
		return nil
	}
	m := newRouter(t, a, b)
	a.env = m.Env()
	footer := func() string {
		lines := strings.Split(frameOf(m), "\n")
		return strings.Join(lines[len(lines)-4:], "\n")
	}
	send(m, kit.StatusMsg{Text: "Saved on A."})
	if !strings.Contains(footer(), "Saved on A.") {
		t.Fatalf("status missing:\n%s", footer())
	}
	send(m, runes("2"))
	if strings.Contains(frameOf(m), "Saved on A.") || !strings.Contains(footer(), "ready") {
		t.Fatalf("A's status must not follow the user to B:\n%s", frameOf(m))
	}
	send(m, runes("1"))
	if strings.Contains(frameOf(m), "Saved on A.") {
		t.Fatalf("A's status is dropped once the user left A:\n%s", frameOf(m))
	}

	send(m, runes("x")) // A starts its task
	send(m, runes("2"))
	send(m, pending()) // ... which fails while B is shown
	if strings.Contains(frameOf(m), "boom") {
		t.Fatalf("A's error must not show on B:\n%s", frameOf(m))
	}
	send(m, runes("1"))
	if !strings.Contains(frameOf(m), "ERROR: Loading A: boom") {
		t.Fatalf("A's error shows when the user comes back to A:\n%s", frameOf(m))
	}
	send(m, runes("2"))
	send(m, runes("1"))
	if strings.Contains(frameOf(m), "boom") {
		t.Fatalf("the error is dropped once the user left A again:\n%s", frameOf(m))
	}
}

// TestCancelledIsAStatus: a task or an error report ending in kit.ErrCancelled is the
// user's choice, shown as a status line, never as an ERROR.
func TestCancelledIsAStatus(t *testing.T) {
	m := newRouter(t, newFake("A"))
	_, cmd := kit.Start(m.Env().Tasks, "a/sign", "Signing the permit", func(context.Context) (int, error) {
		return 0, fmt.Errorf("unlock: %w", kit.ErrCancelled)
	})
	send(m, cmd())
	if v := frameOf(m); strings.Contains(v, "ERROR") || !strings.Contains(v, "Signing the permit: cancelled.") {
		t.Fatalf("task cancelled:\n%s", v)
	}
	send(m, kit.ErrorMsg{What: "Exporting the key", Err: kit.ErrCancelled})
	if v := frameOf(m); strings.Contains(v, "ERROR") || !strings.Contains(v, "Exporting the key: cancelled.") {
		t.Fatalf("error report of a cancellation:\n%s", v)
	}
}

// TestDeclinedIsAStatus: a signature declined in the review (the gate's refusal wrapping
// prompt.ErrDeclined, as ApprovalQueue answers) is said once as a status, never an ERROR
// that points to the log; a refusal for another reason still is an error.
func TestDeclinedIsAStatus(t *testing.T) {
	m := newRouter(t, newFake("A"))
	_, cmd := kit.Start(m.Env().Tasks, "a/block", "Blocking the card", func(context.Context) (int, error) {
		return 0, &app.Refusal{Code: "declined", Msg: "declined in the review: nothing was signed", Err: prompt.ErrDeclined}
	})
	send(m, cmd())
	if v := frameOf(m); strings.Contains(v, "ERROR") || strings.Count(v, "declined") != 1 || !strings.Contains(v, "Blocking the card: not signed (declined).") {
		t.Fatalf("declined:\n%s", v)
	}
	_, cmd = kit.Start(m.Env().Tasks, "a/block", "Blocking the card", func(context.Context) (int, error) {
		return 0, &app.Refusal{Code: "denied", Msg: "refused by the signing policy: routes.card-status = \"deny\"; nothing was signed"}
	})
	send(m, cmd())
	if v := frameOf(m); !strings.Contains(v, "ERROR") {
		t.Fatalf("a policy refusal is not shown as an error:\n%s", v)
	}
}

// TestFooterShowsHeldKeysAndCtrlLLocks: a key the session keeps unlocked shows in the footer
// with the time left; ctrl+l wipes it (the app's Lock) and says so.
func TestFooterShowsHeldKeysAndCtrlLLocks(t *testing.T) {
	env := newTestEnv(t)
	now := time.Unix(1_800_000_000, 0)
	held := []kit.HeldKey{{Label: "me", Expires: now.Add(4*time.Minute + 40*time.Second)}}
	locked := 0
	env.Held = func() []kit.HeldKey { return held }
	env.Lock = func() { locked++; held = nil }
	m := NewModel(env, home.New(env))
	m.Now = func() time.Time { return now }
	m.heldTicking = true // the countdown's 10 s tick is not run here: View is read directly
	tuitest.Flatten(m.Init())
	send(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	if v := frameOf(m); !strings.Contains(v, "unlocked me 5m (ctrl+l locks)") {
		t.Fatalf("footer lacks the held key:\n%s", v)
	}
	now = now.Add(4*time.Minute + 10*time.Second)
	if v := frameOf(m); !strings.Contains(v, "unlocked me 30s") {
		t.Fatalf("footer countdown:\n%s", v)
	}
	for _, msg := range send(m, tea.KeyPressMsg{Code: 'l', Mod: tea.ModCtrl}) {
		send(m, msg)
	}
	if v := frameOf(m); locked != 1 || strings.Contains(v, "unlocked me") || !strings.Contains(v, "Locked: the unlocked keys were wiped") {
		t.Fatalf("ctrl+l (locked %d):\n%s", locked, v)
	}
}

// TestAskingScreenGetsItsDialog: a passphrase asked by a task of a screen the user has left
// (a load started while tabbing through) waits for that screen, with a footer pointer, and
// opens when the user goes there (issue 12 item 4).
func TestAskingScreenGetsItsDialog(t *testing.T) {
	m := newRouter(t, newFake("A"), newFake("Transactions"))
	var id kit.TaskID
	m.track(1, func() {
		id, _ = kit.Start(m.env.Tasks, "txs.page", "Loading transactions", func(context.Context) (int, error) { return 0, nil })
	})
	// As unlock.Start does: the task is parked while it waits for the passphrase.
	m.env.Tasks.Park(kit.TaskRef{ID: id, Slot: "txs.page", Label: "Loading transactions"})
	d := dialog.NewInfo(m.env, "Unlock key me", "Loading transactions: passphrase")
	send(m, kit.PushDialogMsg{Dialog: d, Task: id})
	if len(m.dialogs) != 0 || !strings.Contains(frameOf(m), "Transactions asks: Unlock key me (go there with key 2)") {
		t.Fatalf("the dialog opened over another screen (%d):\n%s", len(m.dialogs), frameOf(m))
	}
	send(m, tea.KeyPressMsg{Code: '2', Text: string('2')})
	if len(m.dialogs) != 1 || m.dialogs[0] != d {
		t.Fatalf("going to the screen did not open its dialog: %d", len(m.dialogs))
	}
	// A dialog of the active screen's own task opens at once.
	send(m, kit.PushDialogMsg{Dialog: dialog.NewInfo(m.env, "x", "y")})
	if len(m.dialogs) != 2 {
		t.Fatal("a dialog without a task must open at once")
	}
}

// TestStatusesPassErrorsStay: a status ("ok", "Sent …") leaves the footer statusFor after it
// was set; an error stays until the next status or error of its screen; the note that a
// screen the user left asks a question stays until the user goes there.
func TestStatusesPassErrorsStay(t *testing.T) {
	at := time.Unix(1_900_000_000, 0)
	m := newRouter(t, newFake("A"), newFake("B"))
	m.Now = func() time.Time { return at }
	send(m, kit.StatusMsg{Text: "Card blocked."})
	if !strings.Contains(frameOf(m), "Card blocked.") {
		t.Fatal("a new status shows")
	}
	at = at.Add(statusFor)
	if v := frameOf(m); strings.Contains(v, "Card blocked.") || !strings.Contains(v, "ready") {
		t.Fatalf("a status past statusFor stays:\n%s", v)
	}
	send(m, kit.ErrorMsg{What: "Reading the card", Err: errors.New("no card")})
	at = at.Add(time.Hour)
	if !strings.Contains(frameOf(m), "no card") {
		t.Fatal("an error stays")
	}
	m.setLasting(0, "B asks: Unlock key dev (go there with key 2).")
	at = at.Add(time.Hour)
	if !strings.Contains(frameOf(m), "B asks") {
		t.Fatal("a lasting note stays")
	}
}

// TestFooterNeverCutsTheUnlockTimer: at 80 columns a long session line leaves no room for the
// unlock timer: it gets a line of its own, whole.
func TestFooterNeverCutsTheUnlockTimer(t *testing.T) {
	env := newTestEnv(t)
	env.Session = kit.Session{Profile: "ur-testnet-long-name", EVMKey: "a-long-evm-key-label", SolanaKey: "a-long-solana-key", AccountID: "1234567890", Network: "5003"}
	now := time.Unix(1_800_000_000, 0)
	env.Held = func() []kit.HeldKey {
		return []kit.HeldKey{{Label: "a-long-evm-key-label", Expires: now.Add(4 * time.Minute)}}
	}
	m := NewModel(env, home.New(env))
	m.Now = func() time.Time { return now }
	m.heldTicking = true
	tuitest.Flatten(m.Init())
	for _, w := range []int{80, 120} {
		send(m, tea.WindowSizeMsg{Width: w, Height: 24})
		if v := frameOf(m); !strings.Contains(v, "unlocked a-long-evm-key-label 4m (ctrl+l locks)") || !strings.Contains(v, "account 1234567890") {
			t.Fatalf("at %d columns the footer cuts the timer or the session:\n%s", w, v)
		}
	}
}

// TestFullHelpShowsEveryKey: the full help is a page that scrolls, so at 80×24 and 120×40
// every key shows, the global ones (tab, 1-9,0, q, ctrl+l) included, however many keys a
// screen has and however long the reasons its keys are off: none is cut.
func TestFullHelpShowsEveryKey(t *testing.T) {
	wide := newFake("Wide")
	var group []key.Binding
	for _, r := range "abcdefghijklmnop" {
		group = append(group, key.NewBinding(key.WithKeys(string(r)), key.WithHelp(string(r), "an action "+string(r)+" whose reason to be off is long (off: the account is not at the step this action needs, read the status)")))
	}
	m := newRouter(t, wide, newFake("Other"))
	m.screens[0] = &helpScreen{fakeScreen: wide, full: [][]key.Binding{group, group[:4]}}
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		send(m, runes("?"))
		seen := ""
		for range 40 {
			seen += frameOf(m) + "\n"
			send(m, keyOf(tea.KeyPgDown))
		}
		for _, want := range []string{"tab", "next screen", "1-9,0", "q", "quit", "ctrl+l", "lock the unlocked keys", "ctrl+c", "an action p whose", "this action needs"} {
			if !strings.Contains(seen, want) {
				t.Errorf("at %dx%d the full help lacks %q", sz[0], sz[1], want)
			}
		}
		for _, l := range strings.Split(seen, "\n") {
			if kit.Width(l) > sz[0] {
				t.Fatalf("a line wider than %d: %q", sz[0], l)
			}
		}
		send(m, runes("?"))
	}
}

// helpScreen is a fake screen with a full help of its own.
type helpScreen struct {
	*fakeScreen
	full [][]key.Binding
}

func (h *helpScreen) FullHelp() [][]key.Binding { return h.full }
func (h *helpScreen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	_, cmd := h.fakeScreen.Update(msg)
	return h, cmd
}
