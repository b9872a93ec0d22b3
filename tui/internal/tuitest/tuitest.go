// Package tuitest is the test plumbing the TUI's screen packages share: an Env and Plain,
// which reads a view as plain text, key presses (Runes, Key), an isolated home with a light-scrypt file keystore and a profile, the
// services on it, the in-process sandbox (with an account minted, or onboarded to Live),
// and a Driver that plays the router for one screen. Only _test files import it.
package tuitest

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"purse/app"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/tui/kit"
)

// The well-known development key (anvil/hardhat account 0) the CLI tests onboard too.
const (
	DevKey     = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	DevAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
)

// FakeHome is the home an offline Env shows; nothing is read or written there.
const FakeHome = "/home/user/.config/purse"

// Env returns an Env for session and home; its context ends with the test. Its views carry
// the theme's escape sequences, as the program's do: a test reads them through Plain.
func Env(tb testing.TB, session kit.Session, home string) *kit.Env {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	return EnvContext(ctx, session, home)
}

// EnvContext is Env on ctx.
func EnvContext(ctx context.Context, session kit.Session, home string) *kit.Env {
	env := kit.NewEnv(ctx, session, home, nil)
	env.Describe = app.Describe // as the router sets it
	return env
}

// ServicesEnv is the Env of a screen test: session {Profile "t", Network "31337"} at
// FakeHome; when sv is set the session follows sv's profile through sessionOf
// (keys.SessionOf, what the router does). The screen under test receives sv itself.
func ServicesEnv(tb testing.TB, sv *app.App, sessionOf func(kit.Session, config.Profile) kit.Session) *kit.Env {
	tb.Helper()
	env := Env(tb, kit.Session{Profile: "t", Network: "31337"}, FakeHome)
	if sv != nil {
		env.Session = sessionOf(env.Session, sv.Profile())
	}
	return env
}

// FileKeys makes new keys go to encrypted files.
func FileKeys(tb testing.TB) { tb.Setenv("PURSE_KEYSTORE", "file") }

// Keystore makes new keys go to encrypted files (FileKeys) and opens home's file keystore
// with a light scrypt cost; every passphrase it asks for is passphrase.
func Keystore(tb testing.TB, home, passphrase string) *keystore.Store {
	tb.Helper()
	FileKeys(tb)
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(keystore.Question) ([]byte, error) { return []byte(passphrase), nil }})
	if err != nil {
		tb.Fatal(err)
	}
	return ks
}

// WriteProfile stores p in home's profiles and makes it the active one.
func WriteProfile(tb testing.TB, home string, p *config.Profile) { testhome.UseProfile(tb, home, p) }

// Services returns the TUI's services on home. What the signing gate asks is approved, as a
// user pressing y in the TUI's dialog would (the dialog itself is tested in package tui), and
// recorded in Asked.
func Services(tb testing.TB, home string) *app.App {
	tb.Helper()
	sv, err := app.Open(app.Options{Home: home, Approver: app.ApproverFunc(func(_ context.Context, a app.Approval) error {
		asked.Lock()
		defer asked.Unlock()
		asked.seen = append(asked.seen, a)
		return nil
	})})
	if err != nil {
		tb.Fatal(err)
	}
	return sv
}

var asked struct {
	sync.Mutex
	seen []app.Approval
}

// Asked is what the signing gate asked of the services Services made, in order.
func Asked() []app.Approval {
	asked.Lock()
	defer asked.Unlock()
	return append([]app.Approval(nil), asked.seen...)
}

// OfflineServices: file keys and a new home whose active profile "t" reads no chain.
func OfflineServices(tb testing.TB) *app.App {
	tb.Helper()
	FileKeys(tb)
	home := tb.TempDir()
	WriteProfile(tb, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337"})
	return Services(tb, home)
}

// WriteFile writes content to a new file name in a temporary directory and returns its path.
func WriteFile(tb testing.TB, name, content string) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		tb.Fatal(err)
	}
	return p
}

// Runes is a key press of printable characters: one character, or several at once as a
// terminal without bracketed paste delivers a paste. A space is the space key ("space").
func Runes(s string) tea.KeyPressMsg {
	r, _ := utf8.DecodeRuneInString(s)
	return tea.KeyPressMsg{Code: r, Text: s}
}

// Key is a key press of a special key (tea.KeyEnter, tea.KeyTab…) or of a character with
// modifiers: Key('s', tea.ModCtrl) is ctrl+s.
func Key(code rune, mod ...tea.KeyMod) tea.KeyPressMsg {
	k := tea.KeyPressMsg{Code: code}
	for _, m := range mod {
		k.Mod |= m
	}
	return k
}

// sgr matches the Select Graphic Rendition sequences styles produce (colours, bold,
// reverse…), and nothing else.
var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// Plain is a view as a terminal without colours or attributes shows it: the styles' SGR
// sequences removed. Any other control sequence stays, so a test still sees one that text
// from outside smuggled into a view.
func Plain(view string) string { return sgr.ReplaceAllString(view, "") }

// Flatten runs cmd and returns its messages, batches and sequences flattened (run in turn).
func Flatten(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	m := cmd()
	cmds, ok := m.(tea.BatchMsg)
	if !ok {
		cmds, ok = SequenceCmds(m)
	}
	switch {
	case ok:
		var out []tea.Msg
		for _, c := range cmds {
			out = append(out, Flatten(c)...)
		}
		return out
	case m == nil:
		return nil
	}
	return []tea.Msg{m}
}

// SequenceCmds are the commands of tea.Sequence's message, in order (Bubble Tea does not
// export its type); false for any other message.
func SequenceCmds(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeOf(tea.Cmd(nil)) {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

// RequireGolden fails the test for every line of v wider than width, then compares v as
// plain text (Plain) with the test's golden file (teatest; -update rewrites it).
func RequireGolden(t *testing.T, v string, width int) {
	t.Helper()
	v = Plain(v)
	for _, l := range strings.Split(v, "\n") {
		if kit.Width(l) > width {
			t.Errorf("line wider than %d: %q", width, l)
		}
	}
	teatest.RequireEqualOutput(t, []byte(v))
}
