package permit

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/app"
	apppermit "purse/app/permit"
	"purse/enduser"
	"purse/homechain"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/review"
	"purse/wallet"
)

// passphrase opens the dev key of the sandbox tests.
const passphrase = "pw"

var (
	eurAddr     = common.HexToAddress("0x5b1869D9A4C187F2EAa108f3062412ecf0526b24")
	usdcAddr    = common.HexToAddress("0x00000000000000000000000000000000000000c1")
	cardSpender = "0x00000000000000000000000000000000000000a1"
)

func sampleContext() apppermit.Context {
	return apppermit.Context{
		Owner:       common.HexToAddress(tuitest.DevAddress),
		ChainID:     big.NewInt(31337),
		CardSpender: cardSpender,
		Chain: enduser.Chain{ChainIdentifier: "eip155:31337", ChainName: "Sandbox home chain",
			DepositContract: "0x00000000000000000000000000000000000000d1"},
		Tokens: []homechain.Token{
			{Symbol: "EUR24", Address: eurAddr, Decimals: 2, IsFiat: true},
			{Symbol: "USDC", Address: usdcAddr, Decimals: 6},
		},
	}
}

func newTestScreen(t *testing.T) *Screen {
	t.Helper()
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, tuitest.FakeHome)
	s := New(env, nil)
	s.SetSize(80, 22)
	s.ctxID = 1
	c := sampleContext()
	s.Update(kit.TaskResult[apppermit.Context]{ID: 1, Slot: slotContext, Value: c})
	return s
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEsc}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "ctrl+s":
		return tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	}
	return tuitest.Runes(k)
}

func press(s *Screen, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = s.Update(keyMsg(k))
	}
	return cmd
}

func TestCheckNamesTheField(t *testing.T) {
	c := sampleContext()
	cases := []struct {
		form  apppermit.Form
		field string
		want  string
	}{
		{apppermit.Form{Amount: "1.234", Role: app.RoleCard}, "amount", "more than 2 decimal places"},
		{apppermit.Form{Amount: "", Role: app.RoleCard}, "amount", "expected a decimal"},
		{apppermit.Form{Amount: "1,5", Role: app.RoleCard}, "amount", "plain decimal"},
		{apppermit.Form{Amount: "1.00", PermitAmount: "2.001", Role: app.RoleCard}, "permit-amount", "more than 2 decimal places"},
		{apppermit.Form{Amount: "3.00", PermitAmount: "2", Role: app.RoleCard}, "permit-amount", "below the amount"},
		{apppermit.Form{Token: 1, Amount: "0.0000001", Role: app.RoleCard}, "amount", "more than 6 decimal places"},
		{apppermit.Form{Amount: "1", Role: app.RoleBufferPool}, "spender", "card-spend permit only"},
		{apppermit.Form{Amount: "1", Role: app.RoleDeposit}, "spender", "card-spend permit only"},
		{apppermit.Form{Amount: "1", Role: app.RoleAddress, Address: "0x00000000000000000000000000000000000000e1"}, "spender", "card-spend permit only"},
		{apppermit.Form{Token: 5, Amount: "1", Role: app.RoleCard}, "token", "choose a token"},
	}
	for _, tc := range cases {
		_, err := apppermit.Check(c, tc.form)
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), tc.field+": ") {
			t.Errorf("%+v: %v, want field %s and %q", tc.form, err, tc.field, tc.want)
		}
	}
	pl, err := apppermit.Check(c, apppermit.Form{Amount: "1.50", PermitAmount: "3", Role: app.RoleCard})
	if err != nil || pl.Value.Int64() != 300 || pl.Spender != common.HexToAddress(cardSpender) || !pl.Amount.Equal(decimal.RequireFromString("1.5")) {
		t.Fatalf("card plan %+v %v", pl, err)
	}
	pl, err = apppermit.Check(c, apppermit.Form{Token: 1, Amount: "12.5", Role: app.RoleCard})
	if err != nil || pl.Value.Int64() != 12_500_000 {
		t.Fatalf("USDC plan %+v %v", pl, err)
	}
}

func TestFormEditing(t *testing.T) {
	s := newTestScreen(t)
	if s.InputFocused() {
		t.Fatal("the form must not start focused (tab must still switch screens)")
	}
	press(s, "enter")
	if !s.InputFocused() || s.focus != fToken {
		t.Fatal("enter must start editing at the token")
	}
	press(s, "right")
	if s.form.Token != 1 {
		t.Fatal("→ must choose the next token")
	}
	press(s, "left", "down", "1", "k", "j")
	if s.focus != fAmount || s.form.Amount != "1kj" {
		t.Fatalf("letters must type into the field: focus %d amount %q", s.focus, s.form.Amount)
	}
	press(s, "down", "down")
	if s.focus != fRole {
		t.Fatalf("focus %d, want the role", s.focus)
	}
	press(s, "left")
	if s.form.Role != app.RoleCard {
		t.Fatalf("token-permit is the card-spend permit: ← must keep card, got %s", s.form.Role)
	}
	press(s, "right")
	if s.form.Role != app.RoleCard || s.focus != fRole {
		t.Fatalf("→ must keep card, got %s", s.form.Role)
	}
	// The amount's error shows under it as soon as it was typed.
	if !strings.Contains(tuitest.Plain(s.View()), "ERROR amount: ") {
		t.Fatalf("the bad amount must show on its field:\n%s", tuitest.Plain(s.View()))
	}
	// Enter on the last field (the role: the address field is skipped) submits: refused,
	// the focus goes to the invalid field and nothing starts.
	cmd := press(s, "enter")
	if cmd != nil || s.submitting || s.focus != fAmount || s.live.Error("amount") == "" {
		t.Fatalf("a bad amount must be refused on its field: focus %d, error %q", s.focus, s.live.Error("amount"))
	}
	// ctrl+s from any field is the same submit.
	press(s, "up")
	if cmd := press(s, "ctrl+s"); cmd != nil || s.focus != fAmount {
		t.Fatalf("ctrl+s with a bad amount: focus %d", s.focus)
	}
	press(s, "esc")
	if s.InputFocused() {
		t.Fatal("esc must leave the form")
	}
	if press(s, "p"); s.submitting {
		t.Fatal("p is not a second way to submit")
	}
}

// TestOffKeysSayWhy: with no signed permit, s is off: the full help says why, and s only says
// it (nothing is submitted); after a failed submission s submits the same signature again.
func TestOffKeysSayWhy(t *testing.T) {
	s := newTestScreen(t)
	const none = "no signed permit waits (enter edits the form, whose last field opens the review)"
	if got := tuitest.HelpOf(s.FullHelp(), "s"); got != "s submit again (same signature) (off: "+none+")" {
		t.Fatalf("full help of s: %q", got)
	}
	cmd := press(s, "s")
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "s submit again (same signature): not now, "+none+"." {
		t.Fatalf("s with no signature must only say why: %#v", msgs)
	}
	if s.submitting || s.subID != 0 {
		t.Fatal("an off s started a submission")
	}
	pr := samplePrepared()
	s.prepared, s.subID, s.submitting = &pr, 4, true
	s.Update(kit.TaskResult[apppermit.Submitted]{ID: 4, Slot: slotSubmit, Value: apppermit.Submitted{Sig: &wallet.PermitSignature{Signature: "0xabc"}}, Err: errors.New("token-permit: gateway outage")})
	if got := tuitest.HelpOf(s.FullHelp(), "s"); got != "s submit again (same signature)" {
		t.Fatalf("full help of s after a failed submission: %q", got)
	}
	if cmd := press(s, "s"); cmd == nil || !s.submitting || s.subID == 4 {
		t.Fatalf("s must submit the signature again: submitting %v task %d", s.submitting, s.subID)
	}
	// After a profile switch the keys act on the screen reset, not on the one it was.
	s.Reset()
	if press(s, "enter"); !s.InputFocused() {
		t.Fatal("enter after a Reset must open the form of the screen reset")
	}
}

func samplePrepared() apppermit.Prepared {
	c := sampleContext()
	pl, _ := apppermit.Check(c, apppermit.Form{Amount: "25.00", Role: app.RoleCard})
	p := wallet.Permit{
		Domain: wallet.PermitDomain{Name: "Fiat24 EUR", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: eurAddr},
		Owner:  c.Owner, Spender: pl.Spender, Value: pl.Value, Nonce: big.NewInt(0), Deadline: big.NewInt(1767225600),
	}
	d, _, _ := p.Digest()
	return apppermit.Prepared{Plan: pl, Permit: p, Digest: d}
}

func TestReviewDecisionAndResults(t *testing.T) {
	s := newTestScreen(t)
	// The whole run came back: the permit it built is kept for the view, and the screen
	// opened no review of its own (the signing gate asked in the TUI's dialog).
	s.subID, s.submitting = 5, true
	sig0 := &wallet.PermitSignature{Signature: "0xdef"}
	_, cmd := s.Update(kit.TaskResult[permitDone]{ID: 5, Slot: slotSubmit, Value: permitDone{pr: samplePrepared(), sub: apppermit.Submitted{Sig: sig0}},
		Err: errors.New("token-permit: gateway outage")})
	if cmd != nil || s.prepared == nil || s.submitErr == nil || s.noResubmit() != "" {
		t.Fatalf("a run whose submission failed: prepared %v, error %v", s.prepared != nil, s.submitErr)
	}
	// Declined in the gate's dialog: nothing was signed, the permit is dropped.
	s.subID, s.submitting = 6, true
	_, c := s.Update(kit.TaskResult[permitDone]{ID: 6, Slot: slotSubmit, Value: permitDone{pr: samplePrepared()},
		Err: &app.Refusal{Code: "declined", Msg: "declined in the review: nothing was signed"}})
	if st, ok := c().(kit.StatusMsg); !ok || !strings.Contains(st.Text, "not signed") || s.prepared != nil {
		t.Fatalf("declined: %#v", st)
	}
	// A result of another run is ignored.
	if _, c := s.Update(kit.TaskResult[permitDone]{ID: 99, Slot: slotSubmit}); c != nil {
		t.Fatal("a foreign result was taken")
	}

	// apppermit.Submitted results: passphrase needed, a failed submission, already permitted.
	pr := samplePrepared()
	s.prepared, s.subID, s.submitting, s.submitErr = &pr, 9, true, nil
	if _, c = s.Update(kit.TaskResult[apppermit.Submitted]{ID: 9, Slot: slotSubmit, Err: kit.ErrCancelled}); c != nil || s.submitErr != nil || s.submitting {
		t.Fatal("a cancelled passphrase is neither an error nor still running")
	}
	s.submitting = true
	sig := &wallet.PermitSignature{Signature: "0xabc"}
	s.Update(kit.TaskResult[apppermit.Submitted]{ID: 9, Slot: slotSubmit, Value: apppermit.Submitted{Sig: sig}, Err: errors.New("token-permit: gateway outage")})
	if s.noResubmit() != "" || !strings.Contains(tuitest.Plain(s.View()), "press s to submit the same signature again") {
		t.Fatalf("failed submission:\n%s", tuitest.Plain(s.View()))
	}
	s.subID = 10
	s.Update(kit.TaskResult[apppermit.Submitted]{ID: 10, Slot: slotSubmit, Value: apppermit.Submitted{Sig: sig, Result: enduser.TokenPermitResult{AlreadyPermitted: true}, Allowance: big.NewInt(2500)}})
	v := tuitest.Plain(s.View())
	for _, want := range []string{"[ALREADY PERMITTED] 10011", "25.00 EUR24 (2500 smallest units", "= signed value  yes"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if s.noResubmit() == "" || strings.Contains(v, "ERROR") {
		t.Fatal("after success nothing is left to resubmit")
	}
	// In a short window the result scrolls (it said "enlarge the window" before): the
	// signature, last, is reached with G and the view says where it is.
	s.SetSize(80, 10)
	if v := tuitest.Plain(s.View()); strings.Contains(v, "signature") || !strings.Contains(v, "more lines") {
		t.Fatalf("a short window shows:\n%s", v)
	}
	s.Update(tuitest.Runes("G"))
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "signature       0xabc") || !strings.Contains(v, "end") {
		t.Fatalf("after G:\n%s", v)
	}
	s.Update(tuitest.Runes("g"))
	s.SetSize(120, 40)

	// Landed, as the chain shows after an answer that proved nothing (issue 22): said so, with
	// how it was found out, the service's words escaped.
	s.subID, s.submitting = 11, true
	note := "the service's answer proves nothing either way (token-permit: HTTP 500: \x1b[2Jboom); the owner's nonce moved past 0 (now 1)"
	_, c = s.Update(kit.TaskResult[apppermit.Submitted]{ID: 11, Slot: slotSubmit, Value: apppermit.Submitted{Sig: sig, Settled: app.OutcomeLanded, Note: note, Allowance: big.NewInt(2500)}})
	if st, ok := c().(kit.StatusMsg); !ok || !strings.Contains(st.Text, "Permit landed, as the chain shows") {
		t.Fatalf("status after a landed permit: %#v", st)
	}
	v = tuitest.Plain(s.View())
	for _, want := range []string{"[LANDED] the chain shows the permit took effect", "HTTP 500: ␛[2Jboom", "moved past 0", "= signed value  yes"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "\x1b") || strings.Contains(v, "[SUBMITTED]") {
		t.Fatalf("landed view:\n%s", v)
	}
}

func TestRefusedNamesTheDomainField(t *testing.T) {
	err := &apppermit.RefusedError{Fields: []string{"chainId"}, Err: errors.New("permit refused for token 0x5b18: chainId is 1 here but 31337 on chain")}
	if !strings.Contains(err.Error(), "domain field chainId") || !strings.Contains(app.NextStep(err), "Nothing was signed") {
		t.Fatalf("%v / %s", err, app.NextStep(err))
	}
	s := newTestScreen(t)
	s.subID, s.submitting = 3, true
	s.Update(kit.TaskResult[permitDone]{ID: 3, Slot: slotSubmit, Err: err})
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "DOMAIN_SEPARATOR mismatch in domain field chainId") || s.prepared != nil {
		t.Fatalf("refusal view:\n%s", v)
	}
}

// TestGolden: plain views at 80×24 and 120×40 of a filled form with its result.
// Update with: go test ./tui/permit -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			s := newTestScreen(t)
			s.SetSize(sz[0], sz[1])
			s.inputs[fAmount].SetValue("25.00")
			s.readInputs()
			pr := samplePrepared()
			s.prepared, s.subID = &pr, 2
			s.Update(kit.TaskResult[apppermit.Submitted]{ID: 2, Slot: slotSubmit, Value: apppermit.Submitted{
				Sig:    &wallet.PermitSignature{Signature: "0x" + strings.Repeat("ab", 65)},
				Result: enduser.TokenPermitResult{TxHash: "0x" + strings.Repeat("12", 32), Status: "success"}, Allowance: big.NewInt(2500)}})
			teatest.RequireEqualOutput(t, []byte(tuitest.Plain(s.View())))
		})
	}
}

// one runs cmd, expects exactly one message and returns it.
func one(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	msgs := tuitest.Flatten(cmd)
	if len(msgs) != 1 {
		t.Fatalf("want one message, got %#v", msgs)
	}
	return msgs[0]
}

// TestAgainstTheSandbox: the onboarded dev key signs a 25.00 EUR24 card permit. Enter on
// the review signs nothing; y signs (after the passphrase dialog), token-permit submits and
// the allowance read from the chain equals the signed value. The same permit again is
// "already permitted", not a failure.
func TestAgainstTheSandbox(t *testing.T) {
	sbx := tuitest.LiveSandbox(t, passphrase)
	s := New(sbx.Env, apppermit.New(sbx.App))
	s.SetSize(120, 40)
	s.Update(one(t, s.Init()))
	if s.ctxErr != nil || s.ctx == nil {
		t.Fatalf("context: %v", s.ctxErr)
	}
	ks := tuitest.Keystore(t, sbx.Home, passphrase)
	// audit counts everything signed so far (any purpose: full-auth calls sign too).
	audit := func() int {
		recs, err := ks.ListAudit()
		if err != nil {
			t.Fatal(err)
		}
		return len(recs)
	}
	permits := func() int {
		recs, err := ks.ListAudit()
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range recs {
			if r.Purpose == string(wallet.PurposePermit) {
				n++
			}
		}
		return n
	}
	before := audit()

	press(s, "enter")
	for i := 0; s.ctx.Tokens[s.form.Token].Symbol != "EUR24"; i++ {
		if i > len(s.ctx.Tokens) {
			t.Fatalf("no EUR24 among %+v", s.ctx.Tokens)
		}
		press(s, "right")
	}
	press(s, "down", "1", ".", "2", "3", "4", "down", "down")
	if cmd := press(s, "enter"); cmd != nil || !strings.Contains(s.live.Error("amount"), "decimal places") {
		t.Fatalf("excess precision: %q", s.live.Error("amount"))
	}
	s.inputs[fAmount].SetValue("25.00")
	// One call: the file key asks for its passphrase first; nothing is signed before it.
	asked := len(tuitest.Asked())
	ask, ok := one(t, s.startPrepare()).(kit.PushDialogMsg)
	if !ok {
		t.Fatalf("the file key must ask for its passphrase: %v", s.formErr)
	}
	if audit() != before {
		t.Fatal("signed without the passphrase")
	}
	s.Update(one(t, typePassphrase(ask.Dialog, passphrase)))
	// The signing gate asked (the TUI's dialog, approved here as y would) with the permit's
	// review: token units and the spender's role, read from the chain.
	questions := tuitest.Asked()
	if len(questions) <= asked {
		t.Fatal("the permit was signed without the gate asking")
	}
	rv := questions[len(questions)-1].Review
	if rv.Kind != review.KindPermit || !strings.Contains(fmt.Sprint(rv.Sections), "25.00 EUR24") ||
		!strings.Contains(strings.ToLower(fmt.Sprint(rv.Sections)), strings.ToLower(sbx.Sandbox.Info().CardSpender)) {
		t.Fatalf("the gate's review: %+v", rv)
	}
	if s.submitErr != nil || s.done == nil {
		t.Fatalf("submit: %v\n%s", s.submitErr, tuitest.Plain(s.View()))
	}
	if s.done.Result.AlreadyPermitted || s.done.Allowance.Cmp(big.NewInt(2500)) != 0 || s.done.Allowance.Cmp(s.prepared.Permit.Value) != 0 {
		t.Fatalf("result %+v", s.done)
	}
	if permits() != 1 {
		t.Fatalf("%d permit signatures, want 1", permits())
	}
	// The allowance on chain, read independently.
	p := sbx.App.Profile()
	hc, err := homechain.ProfileChain{RPC: p.EVMRPC, Network: p.Network, AccountNFT: p.AccountNFT}.Dial(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer hc.Close()
	got, err := hc.Allowance(context.Background(), s.prepared.Plan.Token.Address, common.HexToAddress(tuitest.DevAddress), common.HexToAddress(sbx.Sandbox.Info().CardSpender))
	if err != nil || got.Int64() != 2500 {
		t.Fatalf("allowance on chain %v %v", got, err)
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "[SUBMITTED]") || !strings.Contains(v, "25.00 EUR24 (2500 smallest units") {
		t.Fatalf("result view:\n%s", v)
	}

	// The same permit again: the allowance read first is this value, so nothing is signed
	// (no passphrase is asked) and it is reported as already permitted.
	s.now = func() time.Time { return time.Now().Add(time.Minute) }
	s.Update(one(t, s.startPrepare()))
	if s.submitErr != nil || s.done == nil || !s.done.Unneeded || s.done.Sig != nil || s.done.Allowance.Int64() != 2500 {
		t.Fatalf("second permit: %v %+v", s.submitErr, s.done)
	}
	if !strings.Contains(tuitest.Plain(s.View()), "[ALREADY PERMITTED]") {
		t.Fatalf("view:\n%s", tuitest.Plain(s.View()))
	}
}

// typePassphrase types pw and enter into the unlock helper's passphrase dialog and
// returns its command: the retried task.
func typePassphrase(d kit.Dialog, pw string) tea.Cmd {
	for _, r := range pw {
		d, _ = d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	return cmd
}

// A submit while the permit is prepared or submitted starts nothing twice.
func TestSubmitWhileBusyStartsNothing(t *testing.T) {
	s := newTestScreen(t)
	press(s, "enter", "down", "2", "5")
	s.submitting = true
	cmd := press(s, "ctrl+s")
	if cmd == nil || !strings.Contains(cmd().(kit.StatusMsg).Text, "wait for it") || s.subID != 0 {
		t.Fatalf("a submit while busy must wait (subID %d)", s.subID)
	}
}
