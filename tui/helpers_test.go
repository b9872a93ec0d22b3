package tui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// testSession is the session every test shows in the footer.
var testSession = kit.Session{
	Profile:   "sandbox",
	EVMKey:    "alice",
	SolanaKey: "alice-sol",
	AccountID: "42",
	Network:   "11155111",
}

// newTestEnv returns the Env of a router test (tuitest.Env); frameOf reads its frames as
// plain text.
func newTestEnv(tb testing.TB) *kit.Env {
	tb.Helper()
	return tuitest.Env(tb, testSession, tuitest.FakeHome)
}

// fakeScreen records what the router gives it.
type fakeScreen struct {
	title   string
	typing  bool
	inits   int
	w, h    int
	keys    []string
	msgs    []tea.Msg
	body    string
	special key.Binding
	// onKey, when set, answers a key press (to start a task, say).
	onKey func(k tea.KeyPressMsg) tea.Cmd
	env   *kit.Env
	// retrySlot is the slot r retries (kit.Retrier); "" for none.
	retrySlot string
}

func (f *fakeScreen) Retries(slot string) bool { return f.retrySlot != "" && slot == f.retrySlot }

func newFake(title string) *fakeScreen {
	return &fakeScreen{title: title, body: title + " body", special: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "do x"))}
}

func (f *fakeScreen) Init() tea.Cmd { f.inits++; return nil }

func (f *fakeScreen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		f.keys = append(f.keys, k.String())
		if f.onKey != nil {
			return f, f.onKey(k)
		}
	} else {
		f.msgs = append(f.msgs, msg)
	}
	return f, nil
}

func (f *fakeScreen) View() string               { return f.body }
func (f *fakeScreen) SetSize(w, h int)           { f.w, f.h = w, h }
func (f *fakeScreen) Title() string              { return f.title }
func (f *fakeScreen) ID() kit.ScreenID           { return kit.ScreenID(strings.ToLower(f.title)) }
func (f *fakeScreen) ShortHelp() []key.Binding   { return []key.Binding{f.special} }
func (f *fakeScreen) FullHelp() [][]key.Binding  { return [][]key.Binding{{f.special}} }
func (f *fakeScreen) InputFocused() bool         { return f.typing }
func (f *fakeScreen) received(want tea.Msg) bool { return contains(f.msgs, want) }
func contains(msgs []tea.Msg, want tea.Msg) bool {
	for _, m := range msgs {
		if m == want {
			return true
		}
	}
	return false
}

// runes is a key press of printable characters.
func runes(s string) tea.KeyPressMsg { return tuitest.Runes(s) }

// keyOf is a key press of a special key.
func keyOf(code rune, mod ...tea.KeyMod) tea.KeyPressMsg { return tuitest.Key(code, mod...) }

// send delivers msg and returns the messages its command produces (batches flattened).
// Only commands that answer at once may be returned by the code under test here; the
// spinner's first tick does.
func send(m *Model, msg tea.Msg) []tea.Msg {
	_, cmd := m.Update(msg)
	return tuitest.Flatten(cmd)
}

func isQuit(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// frameOf is the router's frame as plain text (tuitest.Plain).
func frameOf(m *Model) string { return tuitest.Plain(m.View().Content) }
