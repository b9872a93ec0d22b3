package account

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/app/sandbox"
	"purse/config"
	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/keystore"
	"purse/sandboxctl"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/review"
	"purse/wallet"
)

// driver plays the router for one screen: it runs commands, drops stale replies, keeps the
// dialog stack and records what the footer would show.
type driver struct {
	t       *testing.T
	env     *kit.Env
	s       *Screen
	dialogs []kit.Dialog
	errs    []error
	status  []string
	copies  []kit.CopyMsg
}

func (d *driver) run(cmd tea.Cmd) {
	d.t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch m := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			queue = append(queue, m...)
			continue
		case kit.PushDialogMsg:
			m.Dialog.SetSize(d.s.w, d.s.h)
			d.dialogs = append(d.dialogs, m.Dialog)
			continue
		case kit.StatusMsg:
			d.status = append(d.status, m.Text)
			continue
		case kit.ErrorMsg:
			d.errs = append(d.errs, m.Err)
			continue
		case kit.CopyMsg:
			d.copies = append(d.copies, m)
			continue
		case kit.SessionMsg:
			d.env.Session = m.Session
		case kit.TaskReply:
			ref := m.Ref()
			if !d.env.Tasks.Finish(ref) {
				continue
			}
			if ref.Err != nil {
				d.errs = append(d.errs, ref.Err)
			}
		}
		queue = append(queue, d.deliver(msg))
	}
}

// deliver gives a message to the top dialog (which may close) and to the screen.
func (d *driver) deliver(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	if n := len(d.dialogs); n > 0 {
		dl, cmd := d.dialogs[n-1].Update(msg)
		d.dialogs[n-1] = dl
		cmds = append(cmds, cmd)
		if dl.Closed() {
			d.dialogs = d.dialogs[:n-1]
		}
	}
	_, cmd := d.s.Update(msg)
	return tea.Batch(append(cmds, cmd)...)
}

// immediate runs the commands of a dialog's key press: the fields have steady cursors
// (kit.NewInput), so they are the dialog's answer or the task it starts (an unlock, then a
// signature and a request), which took over 100 ms on a loaded CI machine (the Form A submit
// was lost once); a command that has not answered in 10 s is left out.
func immediate(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		if b, ok := msg.(tea.BatchMsg); ok {
			var out []tea.Msg
			for _, c := range b {
				out = append(out, immediate(c)...)
			}
			return out
		}
		return []tea.Msg{msg}
	case <-time.After(10 * time.Second):
		return nil
	}
}

// key sends a key press the way the router does: to the top dialog when there is one.
func (d *driver) key(k tea.KeyPressMsg) {
	d.t.Helper()
	if n := len(d.dialogs); n > 0 {
		dl, cmd := d.dialogs[n-1].Update(k)
		if dl.Closed() {
			d.dialogs = d.dialogs[:n-1]
		}
		for _, msg := range immediate(cmd) {
			d.run(func() tea.Msg { return msg })
		}
		return
	}
	_, cmd := d.s.Update(k)
	d.run(cmd)
}

func (d *driver) keys(s string) {
	d.t.Helper()
	for _, r := range s {
		d.key(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// lastStatus is the footer's last status ("" when none).
func (d *driver) lastStatus() string {
	if len(d.status) == 0 {
		return ""
	}
	return d.status[len(d.status)-1]
}

// unlock answers the passphrase dialog the screen opened.
func (d *driver) unlock(pw string) {
	d.t.Helper()
	if len(d.dialogs) == 0 || !strings.HasPrefix(d.dialogs[len(d.dialogs)-1].Title(), "Unlock key") {
		d.t.Fatalf("no passphrase dialog is open (dialogs %d, errors %v)", len(d.dialogs), d.errs)
	}
	d.keys(pw)
	d.key(tea.KeyPressMsg{Code: tea.KeyEnter})
}

func (d *driver) expectStep(statusStr, step string) {
	d.t.Helper()
	a := d.s.snap.Status
	if !d.s.snap.Loaded || a.StatusStr != statusStr || a.KYCFlow.CurrentStepStr != step {
		d.t.Fatalf("want %s/%s, have %+v (errors %v)\n%s", statusStr, step, a, d.errs, tuitest.Plain(d.s.View()))
	}
}

// TestMainFlowAgainstTheSandbox: a profile on a running sandbox (found through
// /sandbox/info), a key in the encrypted-file store: mint from the screen, fetch the IDV
// token, approve the review in the sandbox panel, read Form A, approve its review with y,
// submit, advance, and the account is Live with its limits and IBAN. A one-shot 503 then
// shows as an error with what to do next, and r recovers.
func TestMainFlowAgainstTheSandbox(t *testing.T) {
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	entry, err := ks.New("me", keystore.KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.StartSandbox(t)
	info := sb.Info()
	p := info.Profile("demo")
	p.EVMKey = "me"
	tuitest.WriteProfile(t, home, p)
	services := tuitest.Services(t, home)
	env := tuitest.Env(t, kit.Session{Profile: "demo", EVMKey: "me", Network: info.Network}, home)
	d := &driver{t: t, env: env, s: newScreen(env, Of(services), sandbox.New(services))}
	d.s.SetSize(100, 60)

	d.run(d.s.Init())
	if !d.s.lab.on() || d.s.snap.Profile.TokenID != "" || !strings.Contains(tuitest.Plain(d.s.View()), "press m to mint") {
		t.Fatalf("start: a sandbox without an account\n%s", tuitest.Plain(d.s.View()))
	}

	// Mint: the captcha fields are prefilled, the chain is checked on the profile's
	// account_nft, the email too, then y confirms.
	d.keys("m")
	d.keys("demo@example.com")
	d.key(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if len(d.dialogs) != 1 || !strings.Contains(tuitest.Plain(d.dialogs[0].View()), "chain shows no account for this key") {
		t.Fatalf("mint confirmation: %d dialogs, errors %v\n%s", len(d.dialogs), d.errs, tuitest.Plain(d.s.View()))
	}
	d.keys("y")
	tokenID := services.Profile().TokenID
	if tokenID == "" || env.Session.AccountID != tokenID {
		t.Fatalf("mint: profile token %q, footer %q, errors %v", tokenID, env.Session.AccountID, d.errs)
	}
	d.expectStep("Tourist", "IDScan")

	// The key is an encrypted file: the token needs its passphrase, asked in a dialog.
	d.keys("i")
	d.unlock("pw")
	if d.s.kyc.idv == nil || !strings.HasPrefix(d.s.kyc.idv.Token, "_act-sbx-") {
		t.Fatalf("IDV token: %+v, errors %v", d.s.kyc.idv, d.errs)
	}
	d.keys("c")
	if len(d.copies) != 1 || d.copies[0].Value != d.s.kyc.idv.Token {
		t.Fatalf("copy: %+v", d.copies)
	}

	// The sandbox panel approves the vendor review.
	d.keys("a")
	d.expectStep("Tourist", "SignFormA")

	d.keys("o")
	d.unlock("pw")
	if d.s.mode != modeFormA || d.s.kyc.formA == nil {
		t.Fatalf("Form A did not open: errors %v", d.errs)
	}
	id, _ := strconv.ParseUint(tokenID, 10, 64)
	if d.s.kyc.formA.KYCSelfDec != endusertest.FormAText(id, common.HexToAddress(entry.Address), info.Network) {
		t.Fatal("the Form A text must be kept exactly as received")
	}
	hash := d.s.kyc.formAHash
	if !strings.Contains(tuitest.Plain(d.s.View()), hash) {
		t.Fatal("the textHash must be shown")
	}
	d.key(tea.KeyPressMsg{Code: tea.KeyEnter})
	if d.s.running(slotSubmit) {
		t.Fatal("enter must not sign")
	}
	asked, text := len(tuitest.Asked()), d.s.kyc.formA.KYCSelfDec
	d.keys("s")
	d.unlock("pw")
	// The signing gate asked (the TUI's review dialog; approved here as y would) with the
	// exact text.
	if q := tuitest.Asked(); len(q) <= asked || q[len(q)-1].Review.Kind != review.KindFormA || q[len(q)-1].Review.Sections[0].Block.Text != text {
		t.Fatalf("the gate's review must show the exact text: %+v", q[asked:])
	}
	d.expectStep("Tourist", "Review")
	if len(d.status) == 0 || !strings.Contains(d.status[len(d.status)-1], hash) {
		t.Fatalf("status after submit: %v", d.status)
	}

	d.keys("v")
	d.expectStep("Live", "Review")
	if !d.s.limitsLocked || len(d.dialogs) != 0 {
		t.Fatalf("Live: the limits wait for the passphrase without prompting (dialogs %d)", len(d.dialogs))
	}
	d.keys("l")
	d.unlock("pw")
	if d.s.limits == nil || !strings.HasPrefix(d.s.limits.IBAN, "CH") {
		t.Fatalf("limits: %+v, errors %v", d.s.limits, d.errs)
	}
	v := tuitest.Plain(d.s.View())
	for _, w := range []string{"Live (5)", "[x] Review", "IBAN        " + d.s.limits.IBAN, "available"} {
		if !strings.Contains(v, w) {
			t.Errorf("Live view lacks %q\n%s", w, v)
		}
	}

	// Faults from the panel: the next call answers 503 once (the panel's own step does not
	// read the account, so the fault waits for it); the screen says what to do.
	d.errs = nil
	d.keys("e")
	d.key(tea.KeyPressMsg{Code: tea.KeyEnter}) // the first route of the list: every route
	if len(d.errs) != 0 || !strings.Contains(d.lastStatus(), "the next call of every API route answers HTTP 503 once") {
		t.Fatalf("one-shot 503 set: errors %v, status %q\n%s", d.errs, d.lastStatus(), tuitest.Plain(d.s.View()))
	}
	d.keys("r")
	if len(d.errs) != 1 || !strings.Contains(d.s.env.NextStep(d.errs[0]), "HTTP 503") || !strings.Contains(tuitest.Plain(d.s.View()), "ERROR: the status could not be read") {
		t.Fatalf("one-shot 503: errors %v\n%s", d.errs, tuitest.Plain(d.s.View()))
	}
	d.keys("r")
	d.expectStep("Live", "Review")

	// Mint is not offered for a profile with a Live account; and a second profile with the
	// same key is refused on chain.
	if on(d.s, "m") {
		t.Fatal("mint offered for a Live account")
	}
	if _, err := services.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", "") }); err != nil {
		t.Fatal(err)
	}
	d.keys("r")
	d.errs = nil
	d.keys("m")
	d.key(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if len(d.dialogs) != 0 || len(d.errs) != 1 || !strings.Contains(d.errs[0].Error(), "already owns account "+tokenID) || !strings.Contains(d.s.env.NextStep(d.errs[0]), "token_id="+tokenID) {
		t.Fatalf("a second mint for the same key: dialogs %d, errors %v", len(d.dialogs), d.errs)
	}
}

// TestPanelReadiesADepositAimsFaultsAndResets: the panel's advance to Live registers the
// partner key (the EVM key, as the profile names none) and funds the Solana key, as `purse
// sandbox ctl onboard` does; P and F do each again on demand. A one-shot fault aimed at
// /api/v2/br is not consumed by the status refresh and hits the limits read. R, confirmed,
// resets the sandbox and the profile forgets its account (the footer too).
func TestPanelReadiesADepositAimsFaultsAndResets(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	me, err := ks.New("me", keystore.KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := ks.New("sol", keystore.KindSolana)
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.StartSandbox(t)
	info := sb.Info()
	p := info.Profile("demo")
	p.EVMKey, p.SolanaKey = "me", "sol"

	// The account waits in Review: minted, approved, Form A signed and submitted.
	signer, err := ks.EVMSigner("me", p.Name)
	if err != nil {
		t.Fatal(err)
	}
	api, err := enduser.New(enduser.Options{BaseURL: p.UserAPI, Network: p.Network, Signer: signer})
	if err != nil {
		t.Fatal(err)
	}
	p.TokenID = tuitest.Mint(t, ctx, api, signer)
	ctl := sandboxctl.NewControl(info.UserAPI)
	if _, err := ctl.KYCApprove(ctx, p.TokenID); err != nil {
		t.Fatal(err)
	}
	if api, err = api.WithTokenID(p.TokenID); err != nil {
		t.Fatal(err)
	}
	fa, err := api.FormAInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := wallet.SignFormA(signer, fa.KYCSelfDec)
	if err != nil {
		t.Fatal(err)
	}
	if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: fa.KYCSelfDec, KYCSelfDecSign: sig.Signature}); err != nil {
		t.Fatal(err)
	}
	tuitest.WriteProfile(t, home, p)
	services := tuitest.Services(t, home)
	env := tuitest.Env(t, kit.Session{Profile: "demo", EVMKey: "me", AccountID: p.TokenID, Network: info.Network}, home)
	d := &driver{t: t, env: env, s: newScreen(env, Of(services), sandbox.New(services))}
	d.s.SetSize(120, 60)
	d.run(d.s.Init())
	d.expectStep("Tourist", "Review")

	solKey := mustSolanaKey(t, sol.Address)
	d.keys("v")
	d.expectStep("Live", "Review")
	for _, w := range []string{"partner key " + me.Address + " registered", "Solana key " + sol.Address + " funded with 2 SOL and 100 USDC"} {
		if !strings.Contains(d.lastStatus(), w) {
			t.Errorf("after advance to Live the footer lacks %q: %s", w, d.lastStatus())
		}
	}
	if services.Profile().PartnerKey != "me" {
		t.Fatalf("partner key of the profile = %q, want the EVM key me", services.Profile().PartnerKey)
	}
	if l := sb.Solana.Ledger(); len(l.Partners) != 1 || l.Partners[0] != common.HexToAddress(me.Address) || sb.Solana.USDC(solKey) != 100_000_000 || sb.Solana.Lamports(solKey) != 2_000_000_000 {
		t.Fatalf("on the sandbox: partners %v, %d USDC, %d lamports", l.Partners, sb.Solana.USDC(solKey), sb.Solana.Lamports(solKey))
	}
	d.keys("F")
	if sb.Solana.USDC(solKey) != 200_000_000 || !strings.Contains(d.lastStatus(), "funded with 2 SOL and 100 USDC") {
		t.Fatalf("F: %d USDC, errors %v\n%s", sb.Solana.USDC(solKey), d.errs, tuitest.Plain(d.s.View()))
	}
	d.keys("P")
	if !strings.Contains(d.lastStatus(), "partner key "+me.Address+" registered for alt-chain quotes") {
		t.Fatalf("P: errors %v\n%s", d.errs, tuitest.Plain(d.s.View()))
	}

	// e lists the routes of the one-shot fault; the one chosen is hit, the status refresh
	// does not consume it.
	br := -1
	for i, ft := range faultTargets {
		if ft.path == "/api/v2/br" {
			br = i
		}
	}
	d.errs = nil
	d.keys("e")
	if len(d.dialogs) != 1 {
		t.Fatalf("e lists the routes: %d dialogs", len(d.dialogs))
	}
	for range br {
		d.key(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	d.key(tea.KeyPressMsg{Code: tea.KeyEnter})
	if d.s.lab.faultTarget().path != "/api/v2/br" || !strings.Contains(d.lastStatus(), "/api/v2/br") {
		t.Fatalf("the fault is not aimed at /api/v2/br: %s\n%s", d.lastStatus(), tuitest.Plain(d.s.View()))
	}
	d.keys("r")
	d.expectStep("Live", "Review")
	if len(d.errs) != 0 {
		t.Fatalf("the status read took the fault aimed at /api/v2/br: %v", d.errs)
	}
	d.keys("l")
	d.unlock("pw")
	if len(d.errs) != 1 || !strings.Contains(d.errs[0].Error(), "503") {
		t.Fatalf("the limits read (/api/v2/br) after the aimed fault: errors %v", d.errs)
	}

	// R asks first; n keeps everything, y resets.
	old := p.TokenID
	d.keys("R")
	if len(d.dialogs) != 1 || !strings.Contains(tuitest.Plain(d.dialogs[0].View()), "forgets its account "+old) {
		t.Fatalf("reset confirmation: %d dialogs\n%s", len(d.dialogs), tuitest.Plain(d.s.View()))
	}
	d.keys("n")
	if services.Profile().TokenID != old {
		t.Fatal("a cancelled reset changed the profile")
	}
	d.keys("R")
	d.keys("y")
	if services.Profile().TokenID != "" || env.Session.AccountID != "" || !strings.Contains(tuitest.Plain(d.s.View()), "press m to mint") {
		t.Fatalf("after the reset: profile token %q, footer %q, errors %v\n%s", services.Profile().TokenID, env.Session.AccountID, d.errs, tuitest.Plain(d.s.View()))
	}
	if raw, err := ctl.State(ctx, old); err == nil && strings.Contains(string(raw), `"Live"`) {
		t.Fatalf("the reset sandbox still has account %s Live: %s", old, raw)
	}
}

func mustSolanaKey(t *testing.T, addr string) solana.PublicKey {
	t.Helper()
	k, err := solana.PublicKeyFromBase58(addr)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// A profile naming an account the sandbox does not know (it started afresh) says so and
// offers the mint.
func TestSandboxWithoutTheProfilesAccount(t *testing.T) {
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	if _, err := ks.New("me", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	sb := tuitest.StartSandbox(t)
	p := sb.Info().Profile("demo")
	p.EVMKey, p.TokenID = "me", "1234567890"
	tuitest.WriteProfile(t, home, p)
	env := tuitest.Env(t, kit.Session{Profile: "demo", EVMKey: "me", AccountID: p.TokenID, Network: p.Network}, home)
	sv := tuitest.Services(t, home)
	d := &driver{t: t, env: env, s: newScreen(env, Of(sv), sandbox.New(sv))}
	d.s.SetSize(120, 40)
	d.run(d.s.Init())
	if v := tuitest.Plain(d.s.View()); !strings.Contains(v, "the sandbox has no account 1234567890 (it started afresh or was reset): press m to mint a new one") || !on(d.s, "m") {
		t.Fatalf("errors %v\n%s", d.errs, v)
	}
}

// TestOnboardKeyTakesTheAccountLive: O on the sandbox panel is `purse sandbox ctl onboard`
// (sandbox.Service.Onboard, the one composition of sandbox onboarding): the key's passphrase
// asked once, Form A signed through the signing gate (recorded by the test's approver), the
// account Live and stored in the profile, the session following it, the partner key
// registered and the Solana key funded.
func TestOnboardKeyTakesTheAccountLive(t *testing.T) {
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	if _, err := ks.New("me", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	sol, err := ks.New("me-sol", keystore.KindSolana)
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.StartSandbox(t)
	p := sb.Info().Profile("demo")
	p.EVMKey, p.SolanaKey = "me", "me-sol"
	tuitest.WriteProfile(t, home, p)
	env := tuitest.Env(t, kit.Session{Profile: "demo", EVMKey: "me", Network: p.Network}, home)
	sv := tuitest.Services(t, home)
	d := &driver{t: t, env: env, s: newScreen(env, Of(sv), sandbox.New(sv))}
	d.s.SetSize(120, 40)
	d.run(d.s.Init())
	if !on(d.s, "O") {
		t.Fatalf("O is off on a sandbox profile without an account: %v", d.s.lab.actions.Full())
	}
	asked := len(tuitest.Asked())
	d.keys("O")
	d.unlock("pw")
	id := sv.Profile().TokenID
	if id == "" || d.env.Session.AccountID != id || len(d.errs) != 0 {
		t.Fatalf("after O: profile account %q, session %+v, errors %v", id, d.env.Session, d.errs)
	}
	d.expectStep("Live", d.s.snap.Status.KYCFlow.CurrentStepStr)
	formA := false
	for _, a := range tuitest.Asked()[asked:] {
		formA = formA || a.Review.Kind == review.KindFormA
	}
	if !formA {
		t.Fatalf("Form A was not signed through the signing gate: %+v", tuitest.Asked()[asked:])
	}
	if st := d.lastStatus(); !strings.Contains(st, "onboarded: account "+id+" is Live") || !strings.Contains(st, "Solana key "+sol.Address+" funded") {
		t.Fatalf("status %q", st)
	}
	if sv.Profile().PartnerKey != "me" || on(d.s, "O") {
		t.Fatalf("partner key %q; O on a Live account: %v", sv.Profile().PartnerKey, on(d.s, "O"))
	}
}
