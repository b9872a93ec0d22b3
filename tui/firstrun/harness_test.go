package firstrun

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"purse/config"
	"purse/sandbox"
	"purse/tui/keys"
	"purse/tui/kit"
	"purse/tui/settings"
	"purse/tui/svc"
)

const (
	devKey     = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	devAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	abandon    = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
)

// harness plays the router for one screen: it runs commands, applies what the router would
// (task bookkeeping, dialogs, status, session) and hands everything else to the screen.
type harness struct {
	t       *testing.T
	env     *kit.Env
	scr     kit.Screen
	dialogs []kit.Dialog
	status  []string
	errs    []kit.ErrorMsg
	copies  []kit.CopyMsg
	other   []tea.Msg
}

func newEnv(t *testing.T, sv *svc.Services) *kit.Env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	env := kit.NewEnv(ctx, kit.Session{Profile: "t", Network: "31337"}, "/home/user/.config/purse", nil, lipgloss.NewRenderer(io.Discard))
	env.Svc = sv
	if sv != nil {
		env.Session = keys.SessionOf(env.Session, sv.Profile())
	}
	return env
}

func newHarness(t *testing.T, env *kit.Env, scr kit.Screen, w, h int) *harness {
	hs := &harness{t: t, env: env, scr: scr}
	scr.SetSize(w, h)
	hs.run(scr.Init())
	return hs
}

func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	if cmd == nil {
		return
	}
	h.deliver(cmd())
}

// runQuick runs a command a dialog returned for a key press: its immediate messages are
// delivered, timers (the text cursor's blink) are dropped.
func (h *harness) runQuick(cmd tea.Cmd) {
	h.t.Helper()
	if cmd == nil {
		return
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case m := <-ch:
		if b, ok := m.(tea.BatchMsg); ok {
			for _, c := range b {
				h.runQuick(c)
			}
			return
		}
		h.deliver(m)
	case <-time.After(50 * time.Millisecond):
	}
}

func (h *harness) deliver(msg tea.Msg) {
	h.t.Helper()
	switch m := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range m {
			h.run(c)
		}
	case kit.PushDialogMsg:
		m.Dialog.SetSize(80, 24)
		h.dialogs = append(h.dialogs, m.Dialog)
	case kit.StatusMsg:
		h.status = append(h.status, m.Text)
	case kit.ErrorMsg:
		h.errs = append(h.errs, m)
	case kit.CopyMsg:
		h.copies = append(h.copies, m)
	case kit.TaskReply:
		if !h.env.Tasks.Finish(m.Ref()) {
			return
		}
		h.send(msg)
	case settings.ProfileSwitchedMsg:
		h.env.Svc = m.Services // what the router does
		h.other = append(h.other, msg)
		h.send(msg)
	case kit.SessionMsg:
		h.env.Session = m.Session
		h.send(msg)
	default:
		h.other = append(h.other, msg)
		h.send(msg)
	}
}

func (h *harness) send(msg tea.Msg) {
	h.t.Helper()
	var cmd tea.Cmd
	h.scr, cmd = h.scr.Update(msg)
	h.run(cmd)
}

// press sends keys to the top dialog when one is open, else to the screen.
func (h *harness) press(keys ...tea.KeyMsg) {
	h.t.Helper()
	for _, k := range keys {
		if n := len(h.dialogs); n > 0 {
			d, cmd := h.dialogs[n-1].Update(k)
			if d.Closed() {
				h.dialogs = h.dialogs[:n-1]
			}
			h.runQuick(cmd)
			continue
		}
		h.send(k)
	}
}

func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.press(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

func (h *harness) top() kit.Dialog {
	h.t.Helper()
	if len(h.dialogs) == 0 {
		h.t.Fatalf("no dialog open; status %q, errors %+v\nview:\n%s", h.status, h.errs, h.scr.View())
	}
	return h.dialogs[len(h.dialogs)-1]
}

// answer types a passphrase into the top dialog, which must have the given title prefix.
func (h *harness) answer(titlePrefix, pass string) {
	h.t.Helper()
	if d := h.top(); !strings.HasPrefix(d.Title(), titlePrefix) {
		h.t.Fatalf("top dialog %q, want %q", d.Title(), titlePrefix)
	}
	h.typeText(pass)
	h.press(press1(tea.KeyEnter))
}

func (h *harness) lastStatus() string {
	if len(h.status) == 0 {
		return ""
	}
	return h.status[len(h.status)-1]
}

func press1(t tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: t} }

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// fileKeys makes new keys go to encrypted files.
func fileKeys(t *testing.T) {
	t.Setenv("PURSE_KEYSTORE", "file")
	t.Cleanup(keys.SetScryptCost(1<<4, 1))
}

// offlineServices: a home whose active profile reads no chain.
func offlineServices(t *testing.T) *svc.Services {
	t.Helper()
	fileKeys(t)
	home := t.TempDir()
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Add(&config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Use("t"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	sv, err := svc.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return sv
}

// sandboxServices: an in-process sandbox and a profile "sb" filled from its info.
func sandboxServices(t *testing.T) (*sandbox.Sandbox, *svc.Services) {
	t.Helper()
	fileKeys(t)
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	info := sb.Info()
	home := t.TempDir()
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	p := &config.Profile{Name: "sb", UserAPI: info.UserAPI, PartnerAPI: info.PartnerAPI, Network: info.Network,
		EVMRPC: info.EVMRPC, SolanaRPC: info.SolanaRPC, SolanaCluster: "sandbox", AccountNFT: info.AccountNFT, CardSpender: info.CardSpender}
	if err := st.Add(p); err != nil {
		t.Fatal(err)
	}
	if err := st.Use("sb"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	sv, err := svc.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return sb, sv
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
