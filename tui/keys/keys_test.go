package keys

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"

	appkeys "purse/app/keys"
	"purse/keystore"
	"purse/ledger/ledgertest"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func keysScreen(t *testing.T, h *tuitest.Driver) *Screen {
	t.Helper()
	return h.Scr.(*Screen)
}

// TestCreateFileKeyThroughPassphraseDialog: against the sandbox, a new EVM key in the file
// backend asks a new passphrase twice (a mismatch asks again), is written encrypted under
// it, and the account look-up says the key has no account yet.
func TestCreateFileKeyThroughPassphraseDialog(t *testing.T) {
	_, sv := sandboxServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	if !strings.Contains(tuitest.Plain(h.Scr.View()), "No keys yet") {
		t.Fatalf("empty list:\n%s", tuitest.Plain(h.Scr.View()))
	}
	h.Press(tuitest.Runes("n"))
	if !h.Scr.InputFocused() {
		t.Fatal("the new-key form must take the keys")
	}
	h.Press(tuitest.Key(tea.KeyTab)) // kind → label
	h.TypeText("alice")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	// The dialog names the key once (its title), and says what the passphrase must be.
	if v := tuitest.Plain(h.Top().View()); strings.Count(v, "alice") != 1 || !strings.Contains(v, "you type it twice") {
		t.Fatalf("the new passphrase dialog:\n%s", v)
	}
	h.Answer("New passphrase for key alice", "first-pass")
	h.Answer("Repeat the new passphrase", "other-pass")
	if d := h.Top(); !strings.Contains(tuitest.Plain(d.View()), "differed") {
		t.Fatalf("a mismatch must ask again and say why:\n%s", tuitest.Plain(d.View()))
	}
	h.Answer("New passphrase for key alice", "pw-long-enough")
	h.Answer("Repeat the new passphrase", "pw-long-enough")
	if len(h.Dialogs) != 0 {
		t.Fatalf("dialogs left: %v", h.Dialogs[0].Title())
	}
	if got := h.LastStatus(); !strings.Contains(got, "Added evm key alice") || !strings.Contains(got, "no account on the chain") {
		t.Fatalf("status %q", got)
	}
	s := keysScreen(t, h)
	if e, ok := s.Selected(); !ok || e.Label != "alice" || e.Backend != keystore.BackendFile {
		t.Fatalf("list after add: %+v", s.list)
	}
	if h.Scr.InputFocused() {
		t.Fatal("the form must close after the key was added")
	}
	// The file opens with the passphrase typed in the dialog, and with no other.
	ks, err := keystore.Open(keystore.Options{Home: sv.Home(), Backend: keystore.BackendFile,
		Passphrase: func(keystore.Question) ([]byte, error) { return []byte("pw-long-enough"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.EVMSigner("alice", "sb"); err != nil {
		t.Fatalf("unlock with the dialog's passphrase: %v", err)
	}
	bad, _ := keystore.Open(keystore.Options{Home: sv.Home(), Passphrase: func(keystore.Question) ([]byte, error) { return []byte("first"), nil }})
	if _, err := bad.EVMSigner("alice", "sb"); err == nil {
		t.Fatal("the first, unconfirmed passphrase must not open the key")
	}
}

// TestImportDiscoversOnboardedAccount: a key that owns an account on the sandbox chain is
// imported from a hex file; the look-up finds the account and the profile and the footer
// session follow.
func TestImportDiscoversOnboardedAccount(t *testing.T) {
	sb, sv := sandboxServices(t)
	if _, err := sb.Chain.MintAccount(context.Background(), common.HexToAddress(tuitest.DevAddress), 77); err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	h.Press(tuitest.Runes("i"))
	f := keysScreen(t, h).flow.Form()
	f.SetValue("label", "dev")
	f.SetValue("file", tuitest.WriteFile(t, "dev.hex", "0x"+tuitest.DevKey+"\n"))
	h.Press(tuitest.Key('s', tea.ModCtrl))
	h.Answer("New passphrase for key dev", "pw-long-enough")
	h.Answer("Repeat the new passphrase", "pw-long-enough")
	if got := h.LastStatus(); !strings.Contains(got, "Found account 77") {
		t.Fatalf("status %q, errors %+v", got, h.Errs)
	}
	p := sv.Profile()
	if p.EVMKey != "dev" || p.TokenID != "77" {
		t.Fatalf("profile %+v", p)
	}
	if env.Session.AccountID != "77" || env.Session.EVMKey != "dev" {
		t.Fatalf("session %+v", env.Session)
	}
	if v := tuitest.Plain(h.Scr.View()); !strings.Contains(v, "[x] evm") || !strings.Contains(v, tuitest.DevAddress) {
		t.Fatalf("the list must mark the profile's key and show its full address:\n%s", v)
	}
}

func TestImportEveryFormat(t *testing.T) {
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)

	// A v3 keystore JSON from another store: its passphrase is asked first.
	other := tuitest.Keystore(t, t.TempDir(), "filepw")
	src, err := other.New("src", keystore.KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	v3, err := other.Export("src")
	if err != nil {
		t.Fatal(err)
	}
	seed := make([]byte, 32)
	seed[31] = 7 // an all-zero seed is refused as public knowledge
	priv := ed25519.NewKeyFromSeed(seed)
	kp := make([]int, 64)
	for i, b := range priv {
		kp[i] = int(b)
	}
	kpJSON, _ := json.Marshal(kp)

	cases := []struct {
		label, format, kind, file, index, dialog, filePass string
		wantKind                                           keystore.Kind
		wantAddr                                           string
	}{
		{label: "hex", format: "private key (hex)", kind: "evm", file: tuitest.WriteFile(t, "k", tuitest.DevKey), wantKind: keystore.KindEVM, wantAddr: tuitest.DevAddress},
		{label: "mn", format: "mnemonic", kind: "evm", file: tuitest.WriteFile(t, "m", abandon), index: "0", wantKind: keystore.KindEVM, wantAddr: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"},
		{label: "mnsol", format: "mnemonic", kind: "solana", file: tuitest.WriteFile(t, "m2", abandon), wantKind: keystore.KindSolana},
		{label: "v3", format: "keystore JSON", kind: "evm", file: tuitest.WriteFile(t, "v3.json", string(v3)), filePass: "filepw", wantKind: keystore.KindEVM, wantAddr: src.Address},
		{label: "sk", format: "solana-keygen", file: tuitest.WriteFile(t, "kp.json", string(kpJSON)), wantKind: keystore.KindSolana},
	}
	for _, c := range cases {
		h.Press(tuitest.Runes("i"))
		f := keysScreen(t, h).flow.Form()
		f.SetValue("format", c.format)
		if c.kind != "" {
			f.SetValue("kind", c.kind)
		}
		f.SetValue("label", c.label)
		f.SetValue("file", c.file)
		f.SetValue("index", c.index)
		h.Press(tuitest.Key('s', tea.ModCtrl))
		if c.filePass != "" {
			h.Answer("Keystore JSON passphrase", "wrong")
			if f.Err == "" || len(h.Dialogs) != 0 {
				t.Fatalf("%s: a wrong file passphrase must show an error in the form (dialogs %d)", c.label, len(h.Dialogs))
			}
			h.Press(tuitest.Key('s', tea.ModCtrl))
			h.Answer("Keystore JSON passphrase", c.filePass)
		}
		h.Answer("New passphrase for key "+c.label, "pw-long-enough")
		h.Answer("Repeat the new passphrase", "pw-long-enough")
		got, err := appkeys.New(sv).Entry(c.label)
		if err != nil {
			t.Fatalf("%s: %v (status %q, form %q)", c.label, err, h.LastStatus(), f.Err)
		}
		if got.Kind != c.wantKind || (c.wantAddr != "" && got.Address != c.wantAddr) {
			t.Errorf("%s: got %+v", c.label, got)
		}
		if !strings.Contains(h.LastStatus(), "no evm_rpc") && c.wantKind == keystore.KindEVM {
			t.Errorf("%s: the look-up must say why it was skipped: %q", c.label, h.LastStatus())
		}
	}
	if n := len(keysScreen(t, h).list); n != len(cases) {
		t.Fatalf("list has %d keys, want %d", n, len(cases))
	}
}

func TestImportErrorsStayInTheForm(t *testing.T) {
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	h.Press(tuitest.Runes("i"))
	f := keysScreen(t, h).flow.Form()
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if f.Focused() != "label" || !strings.Contains(f.FieldError("label"), "expected a label") {
		t.Fatalf("empty label: the submit must be refused on the label: focus %q, error %q", f.Focused(), f.FieldError("label"))
	}
	f.SetValue("label", "x")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.Contains(f.Err, "file") {
		t.Fatalf("empty file: %q", f.Err)
	}
	secret := "not-a-key-SECRETWORD"
	f.SetValue("file", tuitest.WriteFile(t, "bad", secret))
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if f.Err == "" || strings.Contains(f.Err, "SECRETWORD") || len(h.Dialogs) != 0 {
		t.Fatalf("a bad key file must fail without quoting it: %q", f.Err)
	}
	f.SetValue("file", filepath.Join(t.TempDir(), "missing"))
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.Contains(f.Err, "cannot open") {
		t.Fatalf("missing file: %q", f.Err)
	}
	h.Press(tuitest.Key(tea.KeyEsc))
	if h.Scr.InputFocused() || !strings.Contains(h.LastStatus(), "Nothing was added") {
		t.Fatalf("esc must close the form: %q", h.LastStatus())
	}
	// Cancelling the passphrase dialog adds nothing.
	h.Press(tuitest.Runes("n"))
	keysScreen(t, h).flow.Form().SetValue("label", "later")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	h.Press(tuitest.Key(tea.KeyEsc))
	if l, _ := appkeys.New(sv).List(); len(l) != 0 {
		t.Fatalf("a cancelled add left %+v", l)
	}
}

// seed adds keys straight into the store of sv (light scrypt, passphrase "pw").
func seed(t *testing.T, home string, labels map[string]keystore.Kind) {
	t.Helper()
	ks := tuitest.Keystore(t, home, "pw")
	for l, k := range labels {
		if _, err := ks.New(l, k); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRenameRemoveUseCopy(t *testing.T) {
	sv := offlineServices(t)
	seed(t, sv.Home(), map[string]keystore.Kind{"a-evm": keystore.KindEVM, "b-sol": keystore.KindSolana})
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := keysScreen(t, h)

	h.Press(tuitest.Runes("u")) // a-evm is selected first
	if p := sv.Profile(); p.EVMKey != "a-evm" || env.Session.EVMKey != "a-evm" {
		t.Fatalf("use: profile %+v session %+v", p, env.Session)
	}
	h.Press(tuitest.Runes("j"), tuitest.Runes("u"))
	if p := sv.Profile(); p.SolanaKey != "b-sol" || env.Session.SolanaKey != "b-sol" {
		t.Fatalf("use solana: %+v", p)
	}
	h.Press(tuitest.Runes("c"))
	if len(h.Copies) != 1 || h.Copies[0].Value != s.list[1].Address {
		t.Fatalf("copy: %+v", h.Copies)
	}

	h.Press(tuitest.Runes("e"))
	if !h.Scr.InputFocused() {
		t.Fatal("rename form must take the keys")
	}
	s.form.SetValue("label", "sol2")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if p := sv.Profile(); p.SolanaKey != "sol2" || env.Session.SolanaKey != "sol2" {
		t.Fatalf("a rename must follow in the profile: %+v", p)
	}
	if !strings.Contains(h.LastStatus(), "Renamed key b-sol to sol2") {
		t.Fatalf("status %q", h.LastStatus())
	}

	// A rename that moves the key in the sorted list takes the cursor with it: the next d
	// must ask about this key, not the one now under the old row.
	h.Press(tuitest.Runes("k"), tuitest.Runes("e"))
	s.form.SetValue("label", "z-evm")
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if sel, ok := s.Selected(); !ok || sel.Label != "z-evm" {
		t.Fatalf("after renaming a-evm to z-evm the cursor is on %+v", sel)
	}

	h.Press(tuitest.Runes("d"))
	if d := h.Top(); !strings.Contains(tuitest.Plain(d.View()), "uses it as its EVM key") || !strings.Contains(tuitest.Plain(d.View()), "z-evm") {
		t.Fatalf("the remove question must say the profile uses the key:\n%s", tuitest.Plain(d.View()))
	}
	h.Press(tuitest.Key(tea.KeyEnter)) // enter never confirms
	h.Press(tuitest.Runes("n"))
	if len(s.list) != 2 || !strings.Contains(h.LastStatus(), "kept") {
		t.Fatalf("n must keep the key: %q", h.LastStatus())
	}
	h.Press(tuitest.Runes("d"), tuitest.Runes("y"))
	if len(s.list) != 1 || s.list[0].Label != "sol2" {
		t.Fatalf("after remove: %+v", s.list)
	}
}

func TestExportAsksPassphrasesAndRefusesOverwrite(t *testing.T) {
	sv := offlineServices(t)
	seed(t, sv.Home(), map[string]keystore.Kind{"k": keystore.KindEVM})
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := keysScreen(t, h)

	taken := tuitest.WriteFile(t, "taken.json", "keep me")
	h.Press(tuitest.Runes("x"))
	s.form.SetValue("file", taken)
	h.Press(tuitest.Key('s', tea.ModCtrl))
	if !strings.Contains(s.form.Err, "refusing to overwrite") || len(h.Dialogs) != 0 {
		t.Fatalf("existing file: %q", s.form.Err)
	}
	out := filepath.Join(t.TempDir(), "k.json")
	s.form.SetValue("file", out)
	h.Press(tuitest.Key('s', tea.ModCtrl))
	// The key's own passphrase first, then the export passphrase twice (the unlock helper).
	h.Answer("Unlock key k", "pw")
	h.Answer("Export passphrase for key k", "export-pass")
	h.Answer("Repeat the new passphrase", "export-pass")
	if !strings.Contains(h.LastStatus(), "Exported key k") {
		t.Fatalf("status %q failure %q", h.LastStatus(), s.failure)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(out)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	// The file is under the export passphrase, not the key's.
	imp := tuitest.Keystore(t, t.TempDir(), "x")
	if _, err := imp.ImportKeystoreJSON("back", keystore.KindEVM, data, []byte("pw")); err == nil {
		t.Fatal("the export must not be under the key's passphrase")
	}
	if e, err := imp.ImportKeystoreJSON("back", keystore.KindEVM, data, []byte("export-pass")); err != nil || e.Address != s.list[0].Address {
		t.Fatalf("re-import: %+v %v", e, err)
	}
	if got, _ := os.ReadFile(taken); string(got) != "keep me" {
		t.Fatal("the existing file was changed")
	}
}

func TestStaleAndForeignRepliesAreIgnored(t *testing.T) {
	env := newEnv(t, nil)
	s := New(env, Services{})
	s.SetSize(80, 24)
	s.listID = 5
	s.Update(kit.TaskResult[[]keystore.Entry]{ID: 4, Value: []keystore.Entry{{Label: "old"}}})
	if len(s.list) != 0 {
		t.Fatal("a reply to another request must be ignored")
	}
	s.Update(dialog.PassphraseResult{ID: "settings/x", Passphrase: []byte("p")})
	s.Update(dialog.ConfirmResult{ID: "other/rm", Confirmed: true})
	if s.opBusy {
		t.Fatal("another screen's dialog result must not start anything")
	}
	s.Update(kit.TaskResult[[]keystore.Entry]{ID: 5, Value: []keystore.Entry{{Label: "new"}}})
	if len(s.list) != 1 || s.list[0].Label != "new" {
		t.Fatalf("list %+v", s.list)
	}
}

var goldenKeys = []keystore.Entry{
	{Label: "alice", Kind: keystore.KindEVM, Address: tuitest.DevAddress, Backend: keystore.BackendFile, Created: time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)},
	{Label: "alice-sol", Kind: keystore.KindSolana, Address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", Backend: keystore.BackendOS, Created: time.Date(2025, 3, 2, 11, 0, 0, 0, time.UTC)},
	{Label: "partner", Kind: keystore.KindEVM, Address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", Backend: keystore.BackendFile, Created: time.Date(2025, 4, 5, 9, 30, 0, 0, time.UTC)},
}

func TestGolden(t *testing.T) {
	t.Setenv("PURSE_KEYSTORE", "file")
	cases := []struct {
		name  string
		setup func(s *Screen)
	}{
		{"list", func(s *Screen) {}},
		{"import_form", func(s *Screen) {
			s.Update(tuitest.Runes("i"))
			s.flow.Form().SetValue("format", "mnemonic")
			s.flow.Form().Focus("path")
		}},
		{"new_form_error", func(s *Screen) {
			s.Update(tuitest.Runes("n"))
			s.Update(tuitest.Key('s', tea.ModCtrl))
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(c.name+"_"+sizeName(sz), func(t *testing.T) {
				env := newEnv(t, nil)
				env.Session = kit.Session{Profile: "sandbox", EVMKey: "alice", SolanaKey: "alice-sol", Network: "31337"}
				s := New(env, Services{})
				s.SetSize(sz[0], sz[1])
				s.listID = 1
				s.Update(kit.TaskResult[[]keystore.Entry]{ID: 1, Value: goldenKeys})
				c.setup(s)
				tuitest.RequireGolden(t, tuitest.Plain(s.View()), sz[0])
			})
		}
	}
}

func sizeName(sz [2]int) string { return fmt.Sprintf("%dx%d", sz[0], sz[1]) }

// TestOffKeysSayWhy: with no key, rename is off: the full help says why, and e only says
// it (no form opens, nothing else runs); u on the key the profile uses already is off the
// same way; n, on, opens the add flow.
func TestOffKeysSayWhy(t *testing.T) {
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	s := keysScreen(t, h)
	const none = "no key yet (n makes one, i imports one)"
	if got := tuitest.HelpOf(s.FullHelp(), "e"); got != "e rename (off: "+none+")" {
		t.Fatalf("full help of e: %q", got)
	}
	_, cmd := s.Update(tuitest.Runes("e"))
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "e rename: not now, "+none+"." {
		t.Fatalf("e with no key must only say why: %#v", msgs)
	}
	if s.form != nil || s.mode != modeList || s.opBusy {
		t.Fatalf("an off e changed the screen: form %v mode %v busy %v", s.form, s.mode, s.opBusy)
	}

	seed(t, sv.Home(), map[string]keystore.Kind{"a-evm": keystore.KindEVM})
	h.Press(tuitest.Runes("r"))
	h.Press(tuitest.Runes("u"))
	if sv.Profile().EVMKey != "a-evm" {
		t.Fatalf("u must make a-evm the profile's key: %+v", sv.Profile())
	}
	used := "it is the EVM key of profile " + env.Session.Profile + " already"
	if got := tuitest.HelpOf(s.FullHelp(), "u"); got != "u use the key in the profile (off: "+used+")" {
		t.Fatalf("full help of u: %q", got)
	}
	_, cmd = s.Update(tuitest.Runes("u"))
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "u use the key in the profile: not now, "+used+"." || s.opBusy {
		t.Fatalf("u on the profile's key must only say why: %#v busy %v", msgs, s.opBusy)
	}

	h.Press(tuitest.Runes("n"))
	if !s.flow.Active() || !s.InputFocused() {
		t.Fatal("n must open the add flow")
	}
}

// A key on a Ledger is added from the import form (format "ledger device": a transport and
// a path, no file, no passphrase): the device gives the address, the list shows backend
// ledger, and export says the key has no secret here.
func TestAddALedgerKey(t *testing.T) {
	dev, err := ledgertest.Start("127.0.0.1:0", ledgertest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	sv := offlineServices(t)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 100, 30)
	h.Press(tuitest.Runes("i"))
	f := keysScreen(t, h).flow.Form()
	f.SetValue("format", "ledger device")
	f.SetValue("kind", "evm")
	f.SetValue("label", "hw")
	f.SetValue("transport", "speculos:"+dev.Addr())
	f.SetValue("path", "m/44'/60'/0'/0/0")
	if v := tuitest.Plain(keysScreen(t, h).View()); strings.Contains(v, "(e.g. ~/keys/dev.hex)") || !strings.Contains(v, "transport") {
		t.Fatalf("the ledger form:\n%s", v)
	}
	h.Press(tuitest.Key('s', tea.ModCtrl))
	got, err := appkeys.New(sv).Entry("hw")
	if err != nil || got.Backend != keystore.BackendLedger || got.Address != "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" || len(h.Dialogs) != 0 {
		t.Fatalf("added %+v %v (status %q, form %q, dialogs %d)", got, err, h.LastStatus(), f.Err, len(h.Dialogs))
	}
	if shown := dev.Shown(); len(shown) != 1 || shown[0].Title != "Verify address" {
		t.Fatalf("the device showed %+v", shown)
	}
	scr := keysScreen(t, h)
	if why := scr.noExport(); !strings.Contains(why, "on a Ledger device") {
		t.Fatalf("export of a ledger key: %q", why)
	}
}
