package firstrun

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"

	"purse/app/profiles"
	"purse/config"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func wizard(h *tuitest.Driver) *Screen { return h.Scr.(*Screen) }

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
	if _, err := sb.Chain.MintAccount(context.Background(), common.HexToAddress(tuitest.DevAddress), 31); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env, Of(sv)), 100, 30)
	w := wizard(h)
	if p := w.profiles.List[w.cursor]; p.Name != config.SandboxName {
		t.Fatalf("preselected %q, want the sandbox", p.Name)
	}
	h.Press(tuitest.Key(tea.KeyEnter))
	if sv.Profile().Name != config.SandboxName || env.Session.Profile != config.SandboxName || w.step != stepEVM {
		t.Fatalf("after choosing the profile: svc %q session %+v step %d", sv.Profile().Name, env.Session, w.step)
	}

	h.Press(tuitest.Runes("i"))
	f := w.flow.Form()
	if f.Field("kind") == nil || f.Value("kind") != "evm" {
		t.Fatal("the EVM step imports an EVM key")
	}
	f.SetValue("label", "dev")
	f.SetValue("file", tuitest.WriteFile(t, "dev.hex", tuitest.DevKey))
	h.Press(tuitest.Key('s', tea.ModCtrl))
	h.Answer("New passphrase for key dev", "pw-long-enough")
	h.Answer("Repeat the new passphrase", "pw-long-enough")
	if w.step != stepSolana {
		t.Fatalf("step %d, note %q, form %q", w.step, w.note, f.Err)
	}
	if p := sv.Profile(); p.EVMKey != "dev" || p.TokenID != "31" || env.Session.AccountID != "31" {
		t.Fatalf("the account must be discovered: %+v", p)
	}
	if !strings.Contains(w.note, "Found account 31") {
		t.Fatalf("note %q", w.note)
	}
	// The screen says what was added once, in its own note: the footer does not repeat it.
	for _, st := range h.Status {
		if strings.Contains(st, "Added evm key") || strings.Contains(st, "Found account") {
			t.Fatalf("the footer is told %q too", st)
		}
	}

	h.Press(tuitest.Runes("n"))
	w.flow.Form().SetValue("label", "sol")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	h.Answer("New passphrase for key sol", "pw2-long-enough")
	h.Answer("Repeat the new passphrase", "pw2-long-enough")
	if w.step != stepDone || sv.Profile().SolanaKey != "sol" {
		t.Fatalf("step %d profile %+v", w.step, sv.Profile())
	}
	if v := tuitest.Plain(h.Scr.View()); !strings.Contains(v, "owns account 31") || !strings.Contains(v, "[x] Solana key") {
		t.Fatalf("summary:\n%s", v)
	}
	h.Press(tuitest.Key(tea.KeyEnter))
	var done *kit.SetupDoneMsg
	for _, m := range h.Other {
		if d, ok := m.(kit.SetupDoneMsg); ok {
			done = &d
		}
	}
	if done == nil || !done.AccountFound || sv.Profile().EVMKey != "dev" {
		t.Fatalf("done message %+v", done)
	}
}

func TestExistingKeyAndSkip(t *testing.T) {
	sv := offlineServices(t)
	ks := tuitest.Keystore(t, sv.Home(), "pw")
	if _, err := ks.New("mine", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env, Of(sv)), 80, 24)
	w := wizard(h)
	for i, p := range w.profiles.List {
		if p.Name == "t" {
			w.cursor = i
		}
	}
	h.Press(tuitest.Key(tea.KeyEnter))
	if !strings.Contains(tuitest.Plain(h.Scr.View()), "mine") {
		t.Fatalf("existing keys are offered:\n%s", tuitest.Plain(h.Scr.View()))
	}
	h.Press(tuitest.Key(tea.KeyEnter))
	if sv.Profile().EVMKey != "mine" || w.step != stepSolana {
		t.Fatalf("use existing: %+v step %d", sv.Profile(), w.step)
	}
	h.Press(tuitest.Runes("s"))
	if w.step != stepDone || !strings.Contains(tuitest.Plain(h.Scr.View()), "has no account yet") {
		t.Fatalf("skip:\n%s", tuitest.Plain(h.Scr.View()))
	}
}

// TestOffKeysSayWhy: at the profile step n is off: the full help says why and n only says it
// (no key flow starts); at the EVM step with no EVM key, enter is off and s (skip) too, each
// saying why, the step unchanged; n, on there, starts the key flow.
func TestOffKeysSayWhy(t *testing.T) {
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env, Of(sv)), 80, 24)
	w := wizard(h)
	const first = "choose the profile first"
	if got := tuitest.HelpOf(w.FullHelp(), "n"); got != "n new key (off: "+first+")" {
		t.Fatalf("full help of n: %q", got)
	}
	_, cmd := w.Update(tuitest.Runes("n"))
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "n new key: not now, "+first+"." {
		t.Fatalf("n at the profile step must only say why: %#v", msgs)
	}
	if w.flow.Active() || w.step != stepProfile {
		t.Fatalf("an off n acted: flow %v step %d", w.flow.Active(), w.step)
	}

	h.Press(tuitest.Key(tea.KeyEnter)) // the profile preselected
	if w.step != stepEVM {
		t.Fatalf("enter must use the profile: step %d note %q", w.step, w.note)
	}
	const noKey = "no EVM key on this machine yet (n makes one, i imports one)"
	if got := tuitest.HelpOf(w.FullHelp(), "enter"); got != "enter use the selected key (off: "+noKey+")" {
		t.Fatalf("full help of enter: %q", got)
	}
	for k, want := range map[string]string{"enter": "enter use the selected key: not now, " + noKey + ".", "s": "s skip: not now, only the Solana key can be skipped."} {
		key := tuitest.Runes(k)
		if k == "enter" {
			key = tuitest.Key(tea.KeyEnter)
		}
		_, cmd := w.Update(key)
		if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != want || w.step != stepEVM || w.busy {
			t.Fatalf("%s at the EVM step with no key: %#v, step %d busy %v", k, msgs, w.step, w.busy)
		}
	}
	h.Press(tuitest.Runes("n"))
	if !w.flow.Active() || !w.InputFocused() {
		t.Fatal("n at the EVM step must start the key flow")
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
		Profiles: profiles.List{Active: "sandbox", List: []config.Profile{prod, *sbp}},
		Keys: []keystore.Entry{
			{Label: "old-key", Kind: keystore.KindEVM, Address: tuitest.DevAddress, Backend: keystore.BackendFile, Created: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
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
			s.Update(tuitest.Runes("i"))
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
				s := New(env, Services{})
				s.SetSize(sz[0], sz[1])
				s.loadID = 1
				s.Update(kit.TaskResult[loaded]{ID: 1, Value: data})
				c.setup(s)
				tuitest.RequireGolden(t, tuitest.Plain(s.View()), sz[0])
			})
		}
	}
}

// TestKeyStepArticles: each key step names its key with the right article.
func TestKeyStepArticles(t *testing.T) {
	env := newEnv(t, nil)
	s := New(env, Services{})
	s.SetSize(120, 40)
	s.profile = *config.SandboxProfile(config.DefaultSandboxAddr)
	s.enterKeyStep(stepEVM)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "needs an EVM key.") {
		t.Fatalf("EVM step:\n%s", v)
	}
	s.profile.EVMKey = "me"
	s.enterKeyStep(stepSolana)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "needs a Solana key.") || strings.Contains(v, "an Solana") {
		t.Fatalf("Solana step:\n%s", v)
	}
}

// TestAccountAfterMint: once the Account screen's mint announces the account of the
// wizard's key, Setup stops saying there is none on chain.
func TestAccountAfterMint(t *testing.T) {
	env := newEnv(t, nil)
	s := New(env, Services{})
	s.SetSize(120, 40)
	p := *config.SandboxProfile(config.DefaultSandboxAddr)
	p.EVMKey, p.SolanaKey = "me", "sol"
	s.profile, s.step = p, stepDone
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "none on chain yet") {
		t.Fatalf("before the mint:\n%s", v)
	}
	// another key's account is not this one's
	s.Update(kit.SessionMsg{Session: kit.Session{Profile: p.Name, EVMKey: "other", AccountID: "1234567890"}})
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "none on chain yet") {
		t.Fatalf("another key's account was taken:\n%s", v)
	}
	s.Update(kit.SessionMsg{Session: kit.Session{Profile: p.Name, EVMKey: "me", AccountID: "1234567890"}})
	v := tuitest.Plain(s.View())
	if strings.Contains(v, "none on chain yet") || !strings.Contains(v, "1234567890") || !strings.Contains(v, "[x] Account") {
		t.Fatalf("after the mint:\n%s", v)
	}
}

// TestAddFromPreset: the add form offers the service's presets next to a sandbox URL; a
// preset's profile needs no network to be made.
func TestAddFromPreset(t *testing.T) {
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := newHarness(t, env, New(env, Of(sv)), 100, 30)
	w := wizard(h)
	h.Press(tuitest.Runes("a"))
	h.TypeText("qa")
	h.Press(tuitest.Key(tea.KeyTab))
	for w.form.Value("from") != "ur-testnet" {
		h.Press(tuitest.Key(tea.KeyRight))
	}
	if strings.Contains(w.form.View(100), "sandbox URL  http") {
		t.Fatalf("the sandbox URL is asked for with a preset:\n%s", w.form.View(100))
	}
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if w.form != nil {
		t.Fatalf("add from preset: %q", w.form.Err)
	}
	st, err := config.Load(sv.Home())
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.Get("qa")
	if err != nil || p.Preset != "ur-testnet" || p.UserAPI != "https://urapi3-qa.ur-inc.xyz" || p.Network != "5003" {
		t.Fatalf("profile from the preset: %+v %v", p, err)
	}
}
