package settings

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/audit"
	"purse/app/profiles"
	"purse/app/sign"
	"purse/config"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func screenOf(h *tuitest.Driver) *Screen { return h.Scr.(*Screen) }

func switchedMsg(h *tuitest.Driver) (kit.ProfileSwitchedMsg, bool) {
	for _, m := range h.Other {
		if s, ok := m.(kit.ProfileSwitchedMsg); ok {
			return s, true
		}
	}
	return kit.ProfileSwitchedMsg{}, false
}

// TestAddFromSandboxAndUse: against the sandbox, a profile is added from its /sandbox/info,
// then used: the router gets Services bound to it and the session follows.
func TestAddFromSandboxAndUse(t *testing.T) {
	sb, sv := tuitest.SandboxServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := screenOf(h)
	if !strings.Contains(tuitest.Plain(h.Scr.View()), "sb") || !strings.Contains(tuitest.Plain(h.Scr.View()), "(active)") {
		t.Fatalf("profiles:\n%s", tuitest.Plain(h.Scr.View()))
	}
	h.Press(tuitest.Runes("a"))
	if !h.Scr.InputFocused() {
		t.Fatal("the add form must take the keys")
	}
	h.TypeText("demo")
	s.form.SetValue("sandbox_url", sb.Info().UserAPI)
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.Contains(h.LastStatus(), "Added profile demo") {
		t.Fatalf("status %q form %v", h.LastStatus(), s.form)
	}
	// select it and use it
	for i, p := range s.profiles.List {
		if p.Name == "demo" {
			s.cursor = i
			if p.AccountNFT != sb.Info().AccountNFT || p.EVMRPC != sb.Info().EVMRPC {
				t.Fatalf("profile from sandbox info: %+v", p)
			}
		}
	}
	h.Press(tuitest.Key(tea.KeyEnter))
	msg, ok := switchedMsg(h)
	if !ok || sv.Profile().Name != "demo" || msg.Profile != "demo" {
		t.Fatalf("switch message: %+v %v", msg, ok)
	}
	if env.Session.Profile != "demo" {
		t.Fatalf("session %+v", env.Session)
	}
	st, _ := config.Load(sv.Home())
	if st.Active != "demo" {
		t.Fatalf("active profile saved: %q", st.Active)
	}
	// a sandbox URL that does not answer is an error in the form, with what to do
	h.Press(tuitest.Runes("a"))
	h.TypeText("dead")
	s.form.SetValue("sandbox_url", "http://127.0.0.1:1")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.Contains(s.form.Err, "does not answer") || !strings.Contains(s.form.Err, "purse sandbox") {
		t.Fatalf("dead sandbox: %q", s.form.Err)
	}
	if !strings.Contains(s.form.Err, "press ctrl+s again") {
		t.Fatalf("the form names its submit key: %q", s.form.Err)
	}
	// a bad name shows under the field as it is typed; the submit is refused there
	h.Press(tuitest.Key(tea.KeyEsc), tuitest.Runes("a"))
	h.TypeText("bad name")
	if !strings.Contains(tuitest.Plain(h.Scr.View()), "ERROR name: expected 1-32 letters") {
		t.Fatalf("the bad name is not shown as it is typed:\n%s", tuitest.Plain(h.Scr.View()))
	}
	h.Press(tuitest.Key(tea.KeyTab), tuitest.Key('s', tea.ModCtrl))
	if s.form == nil || s.form.Focused() != "name" {
		t.Fatalf("a bad name must be refused on its field")
	}
}

func TestAddByFieldsAndEditNameTheField(t *testing.T) {
	sv := tuitest.OfflineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := screenOf(h)

	h.Press(tuitest.Runes("a"))
	h.TypeText("prod")
	h.Press(tuitest.Key(tea.KeyTab), tuitest.Key(tea.KeyRight)) // from: fields
	s.form.SetValue("user_api", "https://api.example.com")
	s.form.SetValue("network", "main")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.HasPrefix(s.form.Err, "network:") {
		t.Fatalf("a bad network must name the field: %q", s.form.Err)
	}
	s.form.SetValue("network", "5000")
	s.form.SetValue("evm_rpc", "ftp://x")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.HasPrefix(s.form.Err, "evm_rpc:") {
		t.Fatalf("a bad evm_rpc must name the field: %q", s.form.Err)
	}
	s.form.SetValue("evm_rpc", "https://rpc.example.com")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if s.form != nil {
		t.Fatalf("add failed: %q", s.form.Err)
	}

	// fee cap of the active profile t (cursor goes back to it)
	for i, p := range s.profiles.List {
		if p.Name == "t" {
			s.cursor = i
		}
	}
	h.Press(tuitest.Runes("f"))
	if s.form.Value("field") != "fee_cap_lamports" || s.form.Value("value") != fmt.Sprint(config.DefaultFeeCapLamports) {
		t.Fatalf("fee cap form: %q %q", s.form.Value("field"), s.form.Value("value"))
	}
	s.form.SetValue("value", "lots")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.HasPrefix(s.form.FieldError("value"), "fee_cap_lamports:") || s.form == nil {
		t.Fatalf("fee cap error: %q", s.form.FieldError("value"))
	}
	s.form.SetValue("value", "1000000")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if sv.Profile().FeeCapLamports != 1_000_000 || !strings.Contains(tuitest.Plain(h.Scr.View()), "1000000 lamports = 0.001000000 SOL") {
		t.Fatalf("fee cap: %d\n%s", sv.Profile().FeeCapLamports, tuitest.Plain(h.Scr.View()))
	}

	h.Press(tuitest.Runes("w"))
	s.form.SetValue("value", "30m")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.HasPrefix(s.form.FieldError("value"), "deadline_window:") {
		t.Fatalf("window error: %q", s.form.FieldError("value"))
	}
	// Typed, a value that does not parse is said under the field as it is typed, before any
	// ctrl+s (issue 33: "banana" was taken until the save).
	s.form.SetValue("value", "")
	for _, r := range "banana" {
		h.Press(tuitest.Runes(string(r)))
	}
	if e := s.form.FieldError("value"); !strings.HasPrefix(e, "deadline_window:") || !strings.Contains(tuitest.Plain(h.Scr.View()), e) {
		t.Fatalf("banana, typed: %q\n%s", e, tuitest.Plain(h.Scr.View()))
	}
	s.form.SetValue("value", "10m")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if p := sv.Profile(); p.Window().String() != "10m0s" || env.Session.Profile != "t" {
		t.Fatalf("window: %v", p.Window())
	}

	// changing the field choice shows that field's value
	h.Press(tuitest.Runes("e"))
	h.Press(tuitest.Key(tea.KeyTab, tea.ModShift), tuitest.Key(tea.KeyRight)) // user_api → partner_api
	if s.form.Value("field") != "partner_api" || s.form.Value("value") != "" {
		t.Fatalf("field switch: %q=%q", s.form.Value("field"), s.form.Value("value"))
	}
	h.Press(tuitest.Key(tea.KeyEsc))
	if h.Scr.InputFocused() {
		t.Fatal("esc must close the form")
	}

	// editing a profile that is not the active one goes to the file, not the services
	for i, p := range s.profiles.List {
		if p.Name == "prod" {
			s.cursor = i
		}
	}
	h.Press(tuitest.Runes("w"))
	s.form.SetValue("value", "2m")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	st, _ := config.Load(sv.Home())
	active := sv.Profile()
	if p, _ := st.Get("prod"); p.Window().String() != "2m0s" || active.Window().String() != "10m0s" {
		t.Fatalf("prod window %v, active %v", p.Window(), active.Window())
	}
}

// TestAuditViewAndVerifyDetectsTampering: signatures made through the services land in
// the audit log, shown newest first; changing one line is found by verify, with its line
// number and reason.
func TestAuditViewAndVerifyDetectsTampering(t *testing.T) {
	sv := tuitest.OfflineServices(t)
	ks := tuitest.Keystore(t, sv.Home(), "pw")
	if _, err := ks.New("signer", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	if _, err := sv.UpdateProfile(func(p *config.Profile) error { return p.Set("evm_key", "signer") }); err != nil {
		t.Fatal(err)
	}
	// Three signatures through the signing gate (its questions approved, as y in the TUI),
	// as `purse sign` makes them.
	now := time.Now()
	ttl := time.Minute
	if _, err := sign.New(sv).FullAuth(sign.FullAuthInput{Key: "signer", TokenID: "1234567890", Network: "31337", Method: "POST",
		Payload: sign.Payload{Body: []byte(`{"pageSize":5}`)}, Deadline: sign.Deadline{TTL: &ttl}}, &svcUnlock, now); err != nil {
		t.Fatal(err)
	}
	if _, err := sign.New(sv).Personal("signer", []byte("audit me"), &svcUnlock); err != nil {
		t.Fatal(err)
	}
	if _, err := sign.New(sv).FormA("signer", []byte("I declare."), &svcUnlock); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 120, 30)
	s := screenOf(h)
	h.Press(tuitest.Runes("l"))
	if n := len(s.audit.Records); n != 3 || s.audit.Records[0].Purpose != "form-a" {
		t.Fatalf("audit newest first: %+v", s.audit.Records)
	}
	h.Press(tuitest.Runes("v"))
	if v := tuitest.Plain(h.Scr.View()); !strings.Contains(v, "verified 3 records; the hash chain is intact") {
		t.Fatalf("verify:\n%s", v)
	}

	b, err := os.ReadFile(ks.AuditPath())
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(b, []byte("\n"))
	lines[1] = bytes.Replace(lines[1], []byte(`"personal"`), []byte(`"permit"`), 1)
	if err := os.WriteFile(ks.AuditPath(), bytes.Join(lines, []byte("\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	h.Press(tuitest.Runes("v"))
	v := tuitest.Plain(h.Scr.View())
	if !strings.Contains(v, "BROKEN") || !strings.Contains(v, "line 2") || !strings.Contains(v, "hash mismatch") {
		t.Fatalf("tampered log:\n%s", v)
	}
	if !strings.Contains(h.LastStatus(), "BROKEN at line 2") {
		t.Fatalf("status %q", h.LastStatus())
	}
	h.Press(tuitest.Runes("r"))
	if len(s.audit.Records) != 1 || s.audit.Break == nil || !strings.Contains(tuitest.Plain(h.Scr.View()), "line 2") {
		t.Fatalf("the list stops at the break and says where:\n%s", tuitest.Plain(h.Scr.View()))
	}
	h.Press(tuitest.Key(tea.KeyEsc))
	if s.view != viewProfiles {
		t.Fatal("esc must go back to the profiles")
	}
}

func TestForeignRepliesIgnored(t *testing.T) {
	env := newEnv(t, nil)
	s := New(env, Services{})
	s.listID = 9
	s.Update(kit.TaskResult[profiles.List]{ID: 8, Value: profiles.List{Active: "x", List: []config.Profile{{Name: "x"}}}})
	if s.loaded {
		t.Fatal("a reply to another request must be ignored")
	}
}

func goldenProfiles() profiles.List {
	sbp := config.SandboxProfile(config.DefaultSandboxAddr)
	sbp.EVMKey, sbp.SolanaKey, sbp.TokenID = "alice", "alice-sol", "42"
	sbp.AccountNFT = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
	prod := config.Profile{Name: "prod", UserAPI: "https://api.example.com", Network: "5000", FeeCapLamports: 1_000_000}
	return profiles.List{Active: "sandbox", List: []config.Profile{prod, *sbp}}
}

func goldenAudit() audit.Log {
	a := audit.Log{Path: "/home/user/.config/purse/audit.jsonl", Count: 2}
	for i, p := range []string{"form-a", "full-auth"} {
		a.Records = append(a.Records, keystore.AuditRecord{Seq: uint64(2 - i), Time: fmt.Sprintf("2025-03-0%dT10:00:00.123456Z", 2-i), Label: "alice",
			Address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", Purpose: p, Digest: "0x" + strings.Repeat(fmt.Sprint(i+1), 64), Profile: "sandbox"})
	}
	return a
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		setup func(s *Screen)
	}{
		{"profiles", func(s *Screen) {}},
		{"edit_fee_cap", func(s *Screen) { s.Update(tuitest.Runes("f")) }},
		{"audit_broken", func(s *Screen) {
			s.view = viewAudit
			s.auditID = 2
			s.Update(kit.TaskResult[audit.Log]{ID: 2, Value: goldenAudit()})
			v := audit.Log{Verified: true, Count: 2, Break: &keystore.ChainBreak{Line: 3, Reason: "prev mismatch: expected 0xabc (the hash of line 2), found 0xdef (a record was removed, inserted or reordered)"}}
			s.verifyID = 3
			s.Update(kit.TaskResult[audit.Log]{ID: 3, Value: v})
		}},
		{"audit_sealed_unchecked", func(s *Screen) {
			s.view = viewAudit
			s.auditID = 2
			s.Update(kit.TaskResult[audit.Log]{ID: 2, Value: goldenAudit()})
			v := audit.Log{Verified: true, Count: 2, Seal: keystore.SealInfo{Sealed: true, From: 1, To: 2, Epoch: 1}}
			s.verifyID = 3
			s.Update(kit.TaskResult[audit.Log]{ID: 3, Value: v})
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				env := newEnv(t, nil)
				s := New(env, Services{})
				s.SetSize(sz[0], sz[1])
				s.listID = 1
				s.Update(kit.TaskResult[profiles.List]{ID: 1, Value: goldenProfiles()})
				c.setup(s)
				tuitest.RequireGolden(t, tuitest.Plain(s.View()), sz[0])
			})
		}
	}
}

var svcUnlock = app.Unlock{Passphrase: []byte("pw")}

// TestAddFromPreset: the add form's third source is a preset of the service's deployments.
func TestAddFromPreset(t *testing.T) {
	sv := tuitest.OfflineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := screenOf(h)
	h.Press(tuitest.Runes("a"))
	h.TypeText("main")
	h.Press(tuitest.Key(tea.KeyTab), tuitest.Key(tea.KeyRight), tuitest.Key(tea.KeyRight)) // from: preset
	for s.form.Value("preset") != "ur-mainnet" {
		h.Press(tuitest.Key(tea.KeyTab), tuitest.Key(tea.KeyRight))
	}
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if s.form != nil {
		t.Fatalf("add from preset: %q", s.form.Err)
	}
	st, _ := config.Load(sv.Home())
	if p, err := st.Get("main"); err != nil || p.Preset != "ur-mainnet" || p.CardSpender != "0xb9d38DDE25f67D57af5b91C254F869F90d483d05" || p.PartnerAuth != "ur" {
		t.Fatalf("profile from the preset: %+v %v", p, err)
	}
}

// TestOffKeysSayWhy: before the profiles are read and with none, the edit keys are off: the
// full help says why and e only says it (no form opens); enter is off while a switch runs;
// l, on, opens the audit log, whose esc goes back.
func TestOffKeysSayWhy(t *testing.T) {
	env := newEnv(t, nil)
	s := New(env, Services{})
	s.SetSize(100, 30)
	press := func(k tea.KeyPressMsg) tea.Cmd { _, cmd := s.Update(k); return cmd }
	const unread = "the profiles are not read yet"
	if got := tuitest.HelpOf(s.FullHelp(), "w"); got != "w deadline window (off: "+unread+")" {
		t.Fatalf("full help of w: %q", got)
	}
	s.listID = 1
	s.Update(kit.TaskResult[profiles.List]{ID: 1, Value: profiles.List{}})
	const none = "no profile yet (a adds one)"
	if got := tuitest.HelpOf(s.FullHelp(), "e"); got != "e edit field (off: "+none+")" {
		t.Fatalf("full help of e: %q", got)
	}
	cmd := press(tuitest.Runes("e"))
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "e edit field: not now, "+none+"." {
		t.Fatalf("e with no profile must only say why: %#v", msgs)
	}
	if s.form != nil || s.InputFocused() {
		t.Fatal("an off e opened a form")
	}

	s.Update(kit.TaskResult[profiles.List]{ID: 1, Value: goldenProfiles()})
	s.busy = true // a switch under way
	cmd = press(tuitest.Key(tea.KeyEnter))
	if tuitest.NotNow(cmd) != "enter use profile: not now, a profile change is under way." || s.opID != 0 {
		t.Fatalf("enter during a switch: %q, op %d", tuitest.NotNow(cmd), s.opID)
	}
	s.busy = false

	press(tuitest.Runes("l"))
	if s.view != viewAudit {
		t.Fatal("l must open the audit log")
	}
	if got := tuitest.HelpOf(s.FullHelp(), "l"); got != "esc/l profiles" {
		t.Fatalf("the audit log's l: %q", got)
	}
	press(tuitest.Key(tea.KeyEscape))
	if s.view != viewProfiles {
		t.Fatal("esc must go back to the profiles")
	}
}

// The edit form offers exactly the settings config.Options marks for the TUI, in its order,
// each with its value in effect and its description as the hint: a setting declared there
// reaches the screen with no edit here.
func TestEditFormOffersTheTUISettings(t *testing.T) {
	sv := tuitest.OfflineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := screenOf(h)
	h.Press(tuitest.Runes("e"))
	if s.form == nil {
		t.Fatal("e opened no form")
	}
	p := sv.Profile()
	s.form.Focus("field")
	opts := config.TUIOptions()
	for i, o := range opts {
		if got := s.form.Value("field"); got != o.Key {
			t.Fatalf("field %d: %q, want %q", i, got, o.Key)
		}
		if got, want := s.form.Value("value"), o.Effective(&p, ""); got != want {
			t.Fatalf("%s: value %q, want %q", o.Key, got, want)
		}
		if got := s.form.Field("value").Hint; got != o.Describe() {
			t.Fatalf("%s: hint %q, want %q", o.Key, got, o.Describe())
		}
		h.Press(tuitest.Key(tea.KeyRight))
	}
	if s.form.Value("field") != opts[0].Key {
		t.Fatalf("after %d settings the choice is at %q, not back at the first", len(opts), s.form.Value("field"))
	}
}
