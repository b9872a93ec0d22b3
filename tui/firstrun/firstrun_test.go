package firstrun

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/ethereum/go-ethereum/common"

	"purse/config"
	"purse/keystore"
	"purse/tui/kit"
	"purse/tui/settings"
)

func wizard(h *harness) *Screen { return h.scr.(*Screen) }

// TestWizardAgainstTheSandbox: the sandbox profile is preselected and used, the EVM key is
// imported from a file (its account on chain is found), a Solana key is created in the file
// backend through the passphrase dialogs, and enter at the end sends DoneMsg.
func TestWizardAgainstTheSandbox(t *testing.T) {
	sb, sv := sandboxServices(t)
	// the embedded "sandbox" profile, pointed at the in-process sandbox
	st, err := config.Load(sv.Home())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(sb.Info().Profile(config.SandboxName)); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := sb.Chain.MintAccount(context.Background(), common.HexToAddress(devAddress), 31); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env), 100, 30)
	w := wizard(h)
	if p := w.profiles.List[w.cursor]; p.Name != config.SandboxName {
		t.Fatalf("preselected %q, want the sandbox", p.Name)
	}
	h.press(press1(tea.KeyEnter))
	if env.Svc.Profile().Name != config.SandboxName || env.Session.Profile != config.SandboxName || w.step != stepEVM {
		t.Fatalf("after choosing the profile: svc %q session %+v step %d", env.Svc.Profile().Name, env.Session, w.step)
	}

	h.press(runes("i"))
	f := w.flow.Form()
	if f.Field("kind") == nil || f.Value("kind") != "evm" {
		t.Fatal("the EVM step imports an EVM key")
	}
	f.SetValue("label", "dev")
	f.SetValue("file", writeFile(t, "dev.hex", devKey))
	h.press(press1(tea.KeyEnter))
	h.answer("New passphrase for key dev", "pw")
	h.answer("Confirm the passphrase", "pw")
	if w.step != stepSolana {
		t.Fatalf("step %d, note %q, form %q", w.step, w.note, f.Err)
	}
	if p := env.Svc.Profile(); p.EVMKey != "dev" || p.TokenID != "31" || env.Session.AccountID != "31" {
		t.Fatalf("the account must be discovered: %+v", p)
	}
	if !strings.Contains(w.note, "Found account 31") {
		t.Fatalf("note %q", w.note)
	}

	h.press(runes("n"))
	w.flow.Form().SetValue("label", "sol")
	h.press(press1(tea.KeyEnter))
	h.answer("New passphrase for key sol", "pw2")
	h.answer("Confirm the passphrase", "pw2")
	if w.step != stepDone || env.Svc.Profile().SolanaKey != "sol" {
		t.Fatalf("step %d profile %+v", w.step, env.Svc.Profile())
	}
	if v := h.scr.View(); !strings.Contains(v, "owns account 31") || !strings.Contains(v, "[x] Solana key") {
		t.Fatalf("summary:\n%s", v)
	}
	h.press(press1(tea.KeyEnter))
	var done *DoneMsg
	for _, m := range h.other {
		if d, ok := m.(DoneMsg); ok {
			done = &d
		}
	}
	if done == nil || !done.AccountFound || done.Profile.EVMKey != "dev" {
		t.Fatalf("done message %+v", done)
	}
}

func TestExistingKeyAndSkip(t *testing.T) {
	sv := offlineServices(t)
	ks, err := keystore.Open(keystore.Options{Home: sv.Home(), Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(string, bool) ([]byte, error) { return []byte("pw"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.New("mine", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env), 80, 24)
	w := wizard(h)
	for i, p := range w.profiles.List {
		if p.Name == "t" {
			w.cursor = i
		}
	}
	h.press(press1(tea.KeyEnter))
	if !strings.Contains(h.scr.View(), "mine") {
		t.Fatalf("existing keys are offered:\n%s", h.scr.View())
	}
	h.press(press1(tea.KeyEnter))
	if env.Svc.Profile().EVMKey != "mine" || w.step != stepSolana {
		t.Fatalf("use existing: %+v step %d", env.Svc.Profile(), w.step)
	}
	h.press(runes("s"))
	if w.step != stepDone || !strings.Contains(h.scr.View(), "has no account yet") {
		t.Fatalf("skip:\n%s", h.scr.View())
	}
}

func TestNeeded(t *testing.T) {
	if !Needed(config.Profile{Name: "x"}) || Needed(config.Profile{Name: "x", EVMKey: "k"}) {
		t.Fatal("the wizard is needed exactly when the profile has no EVM key")
	}
}

func TestGolden(t *testing.T) {
	sbp := config.SandboxProfile(config.DefaultSandboxAddr)
	prod := config.Profile{Name: "prod", UserAPI: "https://api.example.com", Network: "5000"}
	data := loaded{
		Profiles: settings.Profiles{Active: "sandbox", List: []config.Profile{prod, *sbp}},
		Keys: []keystore.Entry{
			{Label: "old-key", Kind: keystore.KindEVM, Address: devAddress, Backend: keystore.BackendFile, Created: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		},
	}
	cases := []struct {
		name  string
		setup func(s *Screen)
	}{
		{"profile", func(s *Screen) {}},
		{"evm_key", func(s *Screen) { s.profile = *sbp; s.enterKeyStep(stepEVM) }},
		{"import_form", func(s *Screen) {
			s.profile = *sbp
			s.enterKeyStep(stepEVM)
			s.Update(runes("i"))
		}},
		{"done", func(s *Screen) {
			p := *sbp
			p.EVMKey, p.SolanaKey, p.TokenID = "old-key", "sol", "31"
			s.profile, s.step = p, stepDone
			s.setNote("Added solana key sol (9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin).", false)
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				env := newEnv(t, nil)
				s := New(env)
				s.SetSize(sz[0], sz[1])
				s.loadID = 1
				s.Update(kit.TaskResult[loaded]{ID: 1, Value: data})
				c.setup(s)
				v := s.View()
				for _, l := range strings.Split(v, "\n") {
					if kit.Width(l) > sz[0] {
						t.Errorf("line wider than %d: %q", sz[0], l)
					}
				}
				teatest.RequireEqualOutput(t, []byte(v))
			})
		}
	}
}
