package deposit

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	appdeposit "purse/app/deposit"
	"purse/internal/prompt"
	"purse/internal/visible/visibletest"
	"purse/tui/kit"

	"purse/tui/internal/tuitest"
)

func newTestScreen(t *testing.T) *Screen {
	t.Helper()
	s := newScreen(newEnv(t), Services{})
	s.SetSize(120, 40)
	return s
}

func statusOf(t *testing.T, cmd tea.Cmd) string {
	t.Helper()
	if cmd == nil {
		t.Fatal("expected a status command, got none")
	}
	msg, ok := cmd().(kit.StatusMsg)
	if !ok {
		t.Fatalf("expected a StatusMsg, got %T", msg)
	}
	return msg.Text
}

// fillForm opens the form and types an amount; ctrl+s submits it from there.
func fillForm(s *Screen, amount string) {
	s.Update(keyOf(tea.KeyEnter)) // the form opens at the amount
	typeText(s, amount)
}

func TestAmountPrecisionIsAnErrorNamingTheField(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"12.1234567", "amount: 12.1234567 has more than 6 decimals (USDC has 6); nothing is rounded"},
		{"4.99", "amount: 4.99 is below the minimum deposit of 5 USDC"},
		{"1e3", `amount: expected a USDC amount such as 12.5, got "1e3"`},
		{"-7", "amount: expected a positive amount, got -7"},
		{"", "amount: expected a USDC amount such as 12.5, got nothing"},
	} {
		s := newTestScreen(t)
		fillForm(s, c.in)
		want := strings.TrimPrefix(c.want, "amount: ")
		// shown under the field as it is typed, before any submit
		if c.in != "" && !strings.Contains(tuitest.Plain(s.View()), "ERROR amount (USDC): "+want) {
			t.Errorf("%q: the error is not shown as it is typed:\n%s", c.in, tuitest.Plain(s.View()))
		}
		s.Update(keyOf(tea.KeyDown)) // away from the field: the submit goes back to it
		_, cmd := s.Update(keyOf('s', tea.ModCtrl))
		if cmd != nil || s.phase != phaseForm || s.row != rowAmount || !s.editing {
			t.Errorf("%q: a bad amount must not start a quote (phase %d) and must get the focus (row %d)", c.in, s.phase, s.row)
		}
		if got := s.live.Error("amount"); got != want {
			t.Errorf("%q: error %q, want %q", c.in, got, want)
		}
	}
	if v, err := appdeposit.ParseAmount("amount", "12.123456"); err != nil || v != 12_123_456 {
		t.Fatalf("six decimals: %d %v", v, err)
	}
}

func TestFormFocusAndCurrency(t *testing.T) {
	s := newTestScreen(t)
	if s.InputFocused() {
		t.Fatal("the form starts without a focused field, so tab and q reach the router")
	}
	s.Update(keyOf(tea.KeyEnter))
	if !s.InputFocused() {
		t.Fatal("enter on the amount row edits it")
	}
	typeText(s, "q5")
	if s.amount.Value() != "q5" {
		t.Fatalf("letters go to the field while it has focus: %q", s.amount.Value())
	}
	if !strings.Contains(s.live.Error("amount"), "expected a USDC amount") {
		t.Fatalf("the value is checked as it is typed: %q", s.live.Error("amount"))
	}
	s.Update(keyOf(tea.KeyEsc))
	if s.InputFocused() {
		t.Fatal("esc leaves the form")
	}
	s.Update(keyOf(tea.KeyEnter))
	s.Update(keyOf(tea.KeyDown))
	if !s.InputFocused() || s.row != rowCurrency {
		t.Fatal("↓ moves to the currency, which keeps the keys (tab moves between fields there)")
	}
	s.Update(keyOf(tea.KeyRight))
	s.Update(runes("l"))
	if got := altchain.OutputCurrencies[s.currency]; got != "USD" {
		t.Fatalf("two steps right from EUR: %s", got)
	}
	s.Update(keyOf(tea.KeyLeft))
	s.Update(keyOf(tea.KeyLeft))
	s.Update(keyOf(tea.KeyLeft))
	if got := altchain.OutputCurrencies[s.currency]; got != "CNH" {
		t.Fatalf("left wraps around: %s", got)
	}
	// Space is the key "space" in Bubble Tea v2 (not " "): it steps right as → does.
	s.Update(tuitest.Key(tea.KeySpace))
	s.Update(runes(" "))
	if got := altchain.OutputCurrencies[s.currency]; got != "CHF" {
		t.Fatalf("two spaces right from CNH (wrapping past EUR): %s", got)
	}
	s.Update(keyOf(tea.KeyLeft))
	s.Update(keyOf(tea.KeyLeft))
	// A paste on the currency row chooses nothing.
	s.Update(tea.PasteMsg{Content: "USD"})
	if got := altchain.OutputCurrencies[s.currency]; got != "CNH" {
		t.Fatalf("a paste moved the currency: %s", got)
	}
	if !strings.Contains(tuitest.Plain(s.View()), "<CNH>") {
		t.Fatalf("the chosen currency is marked without colour:\n%s", tuitest.Plain(s.View()))
	}
	s.Update(keyOf(tea.KeyEsc))
	if _, cmd := s.Update(runes("y")); !strings.Contains(statusOf(t, cmd), "nothing was signed") {
		t.Fatal("y on the form says it does not sign")
	}
}

// startQuote submits the form and returns the quote task's id.
// startQuote submits the form: the whole deposit runs as one call (slotRun).
func startQuote(t *testing.T, s *Screen, amount string) kit.TaskID {
	t.Helper()
	fillForm(s, amount)
	s.Update(keyOf('s', tea.ModCtrl))
	id, ok := s.tasks[slotRun]
	if !ok || s.phase != phaseRunning {
		t.Fatalf("phase %d, tasks %v after submit", s.phase, s.tasks)
	}
	return id
}

// event delivers one event of the running call.
func event(s *Screen, ev appdeposit.Event) {
	f := newFeed()
	f.emit(ev)
	s.Update(progressMsg{run: s.run, f: f})
}

// toValidated runs the call up to its validation: the quote and the report arrive as events.
func toValidated(t *testing.T, s *Screen, qo *appdeposit.Quote, r *altchain.Report) {
	t.Helper()
	startQuote(t, s, "12.5")
	event(s, appdeposit.Event{Step: appdeposit.StepDecode, Detail: "strict decode", Quote: qo})
	event(s, appdeposit.Event{Step: appdeposit.StepValidate, Detail: "every rule"})
	event(s, appdeposit.Event{Step: appdeposit.StepValidate, Report: r})
}

// The screen shows the call's steps as they come; the review is the signing gate's (the
// TUI's dialog), never one the screen opens itself; y outside it signs nothing.
func TestQuoteAndValidationShowAsTheyCome(t *testing.T) {
	s := newTestScreen(t)
	user := testUser(t).PublicKey()
	q := sandboxQuote(t, user)
	toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	if s.phase != phaseRunning || s.steps[stepIndex(appdeposit.StepQuote)].state != stOK || s.steps[stepIndex(appdeposit.StepValidate)].state != stOK {
		t.Fatalf("steps %+v", s.steps)
	}
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	for _, want := range []string{"12.500000 USDC → EUR", "ok: ", "none rejects"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, tuitest.Plain(s.View()))
		}
	}
	event(s, appdeposit.Event{Step: appdeposit.StepSign, Detail: "the signer checks, signs, simulates and asks"})
	if s.steps[stepIndex(appdeposit.StepBlockhash)].state != stOK || s.steps[stepIndex(appdeposit.StepSign)].state != stRunning {
		t.Fatalf("progress: %+v", s.steps)
	}
	if _, cmd := s.Update(runes("y")); !strings.Contains(statusOf(t, cmd), "only in the signing review") {
		t.Fatal("y outside the review must say where it approves")
	}
	// An event of an older run is ignored.
	old := newFeed()
	old.emit(appdeposit.Event{Step: appdeposit.StepSimulate})
	s.Update(progressMsg{run: s.run - 1, f: old})
	if s.steps[stepIndex(appdeposit.StepSimulate)].state != stPending {
		t.Fatal("progress of an older run must be ignored")
	}
	// esc before the approval cancels the call; nothing was sent.
	if _, cmd := s.Update(keyOf(tea.KeyEsc)); !strings.Contains(statusOf(t, cmd), "cancelled") || s.phase != phaseForm {
		t.Fatal("esc cancels a running deposit before anything is sent")
	}
}

func TestRejectedQuoteShowsFindingsAndCannotBeSigned(t *testing.T) {
	s := newTestScreen(t)
	user := testUser(t).PublicKey()
	q := maliciousQuote(t, user)
	r := altchain.Inspect(q, user, altchaintest.Options())
	toValidated(t, s, offlineQuote(q, user), r)
	if s.steps[stepIndex(appdeposit.StepValidate)].state != stFailed || s.steps[stepIndex(appdeposit.StepReview)].state != stBlocked {
		t.Fatalf("steps %+v", s.steps)
	}
	rv := app.DepositReview("x", q, "sandbox", "", r)
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun,
		Err: failAt(appdeposit.StepValidate, &app.Refusal{Code: "rejected", Msg: app.Rejection(r, "validate: nothing was signed").Error(), Review: &rv})})
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	for _, want := range []string{"REJECTED", "Do not use this quote", "D17"} {
		if !strings.Contains(v, want) {
			t.Errorf("rejected view lacks %q:\n%s", want, tuitest.Plain(s.View()))
		}
	}
	if _, cmd := s.Update(runes("r")); cmd == nil || s.phase != phaseRunning {
		t.Fatal("r asks for a new quote")
	}
}

// A declined signing review: nothing signed, said so.
func TestDeclinedReviewSignsNothing(t *testing.T) {
	s := newTestScreen(t)
	id := startQuote(t, s, "12.5")
	_, cmd := s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Err: failAt(appdeposit.StepReview,
		&app.Refusal{Code: "declined", Msg: "declined in the review: nothing was signed", Err: prompt.ErrDeclined})})
	// Declined is the user's choice: back at the form, said once, no failure page.
	if st, ok := cmd().(kit.StatusMsg); !ok || s.phase != phaseForm || s.fail != nil || s.prepared != nil || !strings.Contains(st.Text, "not signed (declined)") {
		t.Fatalf("declined: %#v\n%s", st, tuitest.Plain(s.View()))
	}
	// A review that could not be asked is a failure, with what to do.
	s = newTestScreen(t)
	id = startQuote(t, s, "12.5")
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Err: failAt(appdeposit.StepReview, &app.Refusal{Code: "no-display", Msg: "no terminal to ask on; nothing was signed"})})
	if v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " "); s.phase != phaseFailed || !strings.Contains(v, "could not be asked") {
		t.Fatalf("not asked:\n%s", tuitest.Plain(s.View()))
	}
}

func TestStaleAndForeignRepliesAreIgnored(t *testing.T) {
	s := newTestScreen(t)
	id := startQuote(t, s, "12.5")
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id + 100, Slot: slotRun, Err: errors.New("someone else's")})
	if s.phase != phaseRunning || s.fail != nil {
		t.Fatal("a reply of another task must be ignored")
	}
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Err: failAt(appdeposit.StepQuote, errors.New("no route"))})
	if s.phase != phaseFailed {
		t.Fatal("the task's own reply is taken")
	}
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Value: appdeposit.Receipt{ConfirmationStatus: "confirmed"}})
	if s.phase != phaseFailed {
		t.Fatal("a duplicate reply must be ignored")
	}
}

func TestFailuresNameTheStepAndWhatToDo(t *testing.T) {
	cases := []struct {
		err  error
		want []string
	}{
		{failAt(appdeposit.StepQuote, &altchain.APIError{Code: 10001, Message: "bad signature"}), []string{"ERROR at step quote", "service error 10001", "Next: The service refused the quote"}},
		{failAt(appdeposit.StepQuote, app.Usagef("profile sb has no partner_key: set it on the Settings screen, or load a quote file")), []string{"ERROR at step quote: profile sb has no partner_key", "Next: Fix this"}},
		{failAt(appdeposit.StepDecode, &altchain.FieldError{Field: "transaction", Expected: "base64"}), []string{"ERROR at step decode", "field transaction", "malformed"}},
		{failAt(appdeposit.StepDecode, errors.New("the quote is for 10 USDC, not the 12.5 USDC asked for")), []string{"ERROR at step decode", "not the 12.5 USDC asked for", "Press r for a new quote"}},
	}
	for _, c := range cases {
		s := newTestScreen(t)
		id := startQuote(t, s, "12.5")
		s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Err: c.err})
		if s.phase != phaseFailed {
			t.Fatalf("%v: phase %d", c.err, s.phase)
		}
		v := tuitest.Plain(s.View())
		for _, w := range c.want {
			if !strings.Contains(strings.Join(strings.Fields(v), " "), w) {
				t.Errorf("%v: missing %q in\n%s", c.err, w, v)
			}
		}
		if _, cmd := s.Update(runes("r")); cmd == nil || s.phase != phaseRunning {
			t.Errorf("%v: r asks again", c.err)
		}
	}
}

func TestCancelledPassphraseIsNotAFailure(t *testing.T) {
	s := newTestScreen(t)
	id := startQuote(t, s, "12.5")
	_, cmd := s.Update(kit.TaskResult[appdeposit.Receipt]{ID: id, Slot: slotRun, Err: kit.ErrCancelled})
	if s.phase != phaseForm || !strings.Contains(statusOf(t, cmd), "nothing was signed") {
		t.Fatal("a cancelled passphrase returns to the form")
	}
	if s.fail != nil {
		t.Fatal("a cancelled passphrase is not a failure")
	}
}

// preparedFixture is what the gate releases for the valid quote (signed, simulated, approved).
func preparedFixture(t *testing.T, s *Screen) *altchain.Prepared {
	t.Helper()
	key := testUser(t)
	signed, sig, err := altchain.SignTransaction(s.qo.Quote.Transaction, testBlockhash, key)
	if err != nil {
		t.Fatal(err)
	}
	return &altchain.Prepared{Signed: signed, Signature: sig, Blockhash: testBlockhash, LastValidBlockHeight: 1150}
}

// toSending runs the call through validation to the approved, released transaction.
func toSending(t *testing.T, s *Screen) *altchain.Prepared {
	t.Helper()
	user := testUser(t).PublicKey()
	q := sandboxQuote(t, user)
	toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	p := preparedFixture(t, s)
	event(s, appdeposit.Event{Step: appdeposit.StepSend, Detail: "signature " + p.Signature.String(), Prepared: p})
	if s.phase != phaseSending || s.prepared != p {
		t.Fatalf("phase %d after the gate released the transaction", s.phase)
	}
	return p
}

func TestSendProgressAndConfirmation(t *testing.T) {
	s := newTestScreen(t)
	p := toSending(t, s)
	if s.steps[stepIndex(appdeposit.StepReview)].state != stOK || s.steps[stepIndex(appdeposit.StepSimulate)].state != stOK {
		t.Fatalf("the gate's steps: %+v", s.steps)
	}
	event(s, appdeposit.Event{Step: appdeposit.StepConfirm, Send: appdeposit.SendStats{Sends: 2, Status: "processed", Height: 1100, LastValid: 1150, StatusPolls: 2}})
	v := tuitest.Plain(s.View())
	for _, want := range []string{"status: processed", "block 1100, valid until 1150 (50 left)", "1 re-broadcast(s)", p.Signature.String()[:40]} {
		if !strings.Contains(v, want) {
			t.Errorf("sending view lacks %q:\n%s", want, v)
		}
	}
	if _, cmd := s.Update(keyOf(tea.KeyEsc)); !strings.Contains(statusOf(t, cmd), "cannot be cancelled") {
		t.Fatal("sending cannot be cancelled")
	}
	_, cmd := s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Value: appdeposit.Receipt{Signature: p.Signature.String(), ConfirmationStatus: "confirmed"}})
	if s.phase != phaseDone || cmd == nil {
		t.Fatalf("phase %d after the call", s.phase)
	}
	if _, ok := s.tasks[slotFinalize]; !ok {
		t.Fatal("a confirmed deposit is followed to finalized")
	}
	s.Update(kit.TaskResult[string]{ID: s.tasks[slotFinalize], Slot: slotFinalize, Value: "finalized"})
	if !strings.Contains(tuitest.Plain(s.View()), "Deposited 12.500000 USDC → EUR (finalized)") {
		t.Fatalf("done view:\n%s", tuitest.Plain(s.View()))
	}
	_, cmd = s.Update(runes("c"))
	if m, ok := cmd().(kit.CopyMsg); !ok || m.Value != p.Signature.String() {
		t.Fatalf("c copies the signature: %#v", m)
	}
	s.Update(keyOf(tea.KeyEnter))
	if s.phase != phaseForm || s.amount.Value() != "" {
		t.Fatal("enter starts a new deposit")
	}
}

// TestTextFollowsTheState: the verdict says the transaction was signed and sent once it was
// (not "may be signed"), and the confirmation stops waiting for finalized once it is, even
// when a late event of the wait comes after the result.
func TestTextFollowsTheState(t *testing.T) {
	s := newTestScreen(t)
	if v := tuitest.Plain(s.View()); strings.Contains(v, "may be signed") {
		t.Fatalf("no quote yet:\n%s", v)
	}
	user := testUser(t).PublicKey()
	q := sandboxQuote(t, user)
	toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Verdict: ok: no rule rejects it; it may be signed after your review") {
		t.Fatalf("before the signature:\n%s", v)
	}
	p := preparedFixture(t, s)
	event(s, appdeposit.Event{Step: appdeposit.StepSend, Detail: "signature " + p.Signature.String(), Prepared: p})
	if v := tuitest.Plain(s.View()); strings.Contains(v, "may be signed") || !strings.Contains(v, "Verdict: ok: approved in the review, signed, being sent") {
		t.Fatalf("while sending:\n%s", v)
	}
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Value: appdeposit.Receipt{Signature: p.Signature.String(), ConfirmationStatus: "confirmed"}})
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "confirmed; waiting for finalized") || !strings.Contains(v, "signed, sent and confirmed") {
		t.Fatalf("confirmed:\n%s", v)
	}
	s.Update(kit.TaskResult[string]{ID: s.tasks[slotFinalize], Slot: slotFinalize, Value: "finalized"})
	// A status event of the wait, delivered after its result.
	s.progress(appdeposit.Event{Step: appdeposit.StepConfirm, Send: appdeposit.SendStats{Status: "confirmed"}})
	s.progress(appdeposit.Event{Step: appdeposit.StepConfirm, Send: appdeposit.SendStats{Status: "finalized"}})
	if v := tuitest.Plain(s.View()); strings.Contains(v, "waiting for finalized") || !strings.Contains(v, "(finalized)") {
		t.Fatalf("finalized:\n%s", v)
	}
}

// TestWalletBalanceAndInsufficientUSDC: the form says what the Solana wallet holds, and an
// amount above its USDC is refused on the field, in USDC (not smallest units).
func TestWalletBalanceAndInsufficientUSDC(t *testing.T) {
	s := newTestScreen(t)
	s.tasks[slotWallet] = 9
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "wallet: reading its SOL and USDC") {
		t.Fatalf("while reading:\n%s", v)
	}
	s.Update(kit.TaskResult[appdeposit.SolanaBalance]{ID: 9, Slot: slotWallet, Value: appdeposit.SolanaBalance{Address: "Wa11et", Lamports: 2_000_000_000,
		SOL: "2.000000000", USDCUnits: 3_000_000, USDC: "3.000000", HasUSDC: true}})
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "wallet holds 3.000000 USDC and 2.000000000 SOL") {
		t.Fatalf("the wallet:\n%s", v)
	}
	s.Update(keyOf(tea.KeyEnter))
	typeText(s, "12.5")
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	if !strings.Contains(v, "12.500000 USDC is more than the 3.000000 USDC the Solana wallet Wa11et holds") || strings.Contains(v, "12500000") {
		t.Fatalf("insufficient USDC, in USDC:\n%s", v)
	}
	s.Update(keyOf('s', tea.ModCtrl))
	if s.phase != phaseForm {
		t.Fatal("a deposit above the wallet's USDC asks for no quote")
	}
}

func TestSendFailuresKeepTheSignedBytes(t *testing.T) {
	s := newTestScreen(t)
	p := toSending(t, s)
	// The outcome is unknown: never an ERROR; the signature and how to check it; r keeps
	// polling the same signed bytes (nothing is re-signed).
	unknown := &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "signature", ID: p.Signature.String(),
		Err: &altchain.OutcomeUnknownError{Signature: p.Signature, LastValidBlockHeight: 1150, Cause: context.DeadlineExceeded}}
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Err: failAt(appdeposit.StepConfirm, unknown)})
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	if !strings.Contains(v, "OUTCOME UNKNOWN at step confirm") || strings.Contains(v, "ERROR") || !strings.Contains(v, "Do not deposit again") ||
		!strings.Contains(v, "purse altchain status "+p.Signature.String()+" --last-valid-block-height 1150") {
		t.Fatalf("unknown outcome:\n%s", tuitest.Plain(s.View()))
	}
	s.Update(runes("r"))
	if s.phase != phaseSending || s.prepared != p || s.tasks[slotSend] == 0 {
		t.Fatal("r keeps polling the prepared bytes")
	}
	// A network failure of that send: r sends the same bytes again.
	s.Update(kit.TaskResult[*appdeposit.Sent]{ID: s.tasks[slotSend], Slot: slotSend, Err: failAt(appdeposit.StepSend, context.DeadlineExceeded), Value: &appdeposit.Sent{Stats: appdeposit.SendStats{Sends: 1, LastValid: 1150}}})
	v = strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	if s.phase != phaseFailed || !strings.Contains(v, "ERROR at step send") || !strings.Contains(v, "send the same bytes again") {
		t.Fatalf("send failure:\n%s", tuitest.Plain(s.View()))
	}
	old := s.tasks[slotSend]
	s.Update(runes("r"))
	if s.phase != phaseSending || s.prepared != p || s.tasks[slotSend] == old {
		t.Fatal("r re-sends the prepared bytes")
	}
	// Expiry: it did not land; r asks for a new quote.
	s.Update(kit.TaskResult[*appdeposit.Sent]{ID: s.tasks[slotSend], Slot: slotSend, Err: failAt(appdeposit.StepConfirm, altchain.ErrBlockhashExpired), Value: &appdeposit.Sent{Stats: appdeposit.SendStats{Sends: 3, LastValid: 1150, Height: 1151}}})
	v = strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	if !strings.Contains(v, "ERROR at step confirm") || !strings.Contains(v, "did not land") {
		t.Fatalf("expiry:\n%s", tuitest.Plain(s.View()))
	}
	s.Update(runes("r"))
	if s.phase != phaseRunning {
		t.Fatal("after expiry r asks for a new quote")
	}
}

func TestSimulationRejectionShowsNewFindings(t *testing.T) {
	s := newTestScreen(t)
	user := testUser(t).PublicKey()
	q := sandboxQuote(t, user)
	r := altchain.Inspect(q, user, altchaintest.Options())
	toValidated(t, s, offlineQuote(q, user), r)
	rr := *r
	rr.Findings = append(append([]altchain.Finding(nil), rr.Findings...), altchain.Finding{Rule: "G28", Severity: altchain.Reject, Message: "simulation failed: custom program error 0x1"})
	rr.Verdict = altchain.VerdictRejected
	refused := app.DepositReview("x", q, "sandbox", "", &rr)
	s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Err: failAt(appdeposit.StepSimulate, &app.Refusal{Code: "rejected", Msg: rr.Err().Error(), Review: &refused})})
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	for _, want := range []string{"ERROR at step simulate", "G28", "Nothing was sent"} {
		if !strings.Contains(v, want) {
			t.Errorf("lacks %q:\n%s", want, tuitest.Plain(s.View()))
		}
	}
}

func TestViewFitsSmallTerminals(t *testing.T) {
	s := newTestScreen(t)
	user := testUser(t).PublicKey()
	q := maliciousQuote(t, user)
	toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	for _, sz := range [][2]int{{80, 24}, {60, 16}, {40, 10}} {
		s.SetSize(sz[0], sz[1])
		lines := strings.Split(tuitest.Plain(s.View()), "\n")
		if len(lines) > sz[1] {
			t.Errorf("%v: %d lines", sz, len(lines))
		}
		for _, l := range lines {
			if kit.Width(l) > sz[0] {
				t.Errorf("%v: line wider than the screen: %q", sz, l)
			}
		}
	}
	s.SetSize(80, 24)
	top := tuitest.Plain(s.View())
	s.Update(keyOf(tea.KeyPgDown))
	if tuitest.Plain(s.View()) == top || !strings.Contains(top, "more lines") {
		t.Fatal("a long view scrolls and says so")
	}
}

// TestPasteGoesIntoTheFocusedFieldAndIsChecked: a paste (bracketed, Bubble Tea v2's
// tea.PasteMsg) is text for the focused field, checked as typed text is; it submits nothing.
func TestPasteGoesIntoTheFocusedFieldAndIsChecked(t *testing.T) {
	s := newTestScreen(t)
	s.Update(tea.PasteMsg{Content: "12.5"})
	if s.amount.Value() != "" {
		t.Fatalf("a paste with no focused field went into the amount: %q", s.amount.Value())
	}
	s.Update(keyOf(tea.KeyEnter))
	_, cmd := s.Update(tea.PasteMsg{Content: "12.5x\n"})
	if got := s.amount.Value(); !strings.HasPrefix(got, "12.5x") {
		t.Fatalf("the paste did not reach the amount: %q", got)
	}
	if !strings.Contains(s.live.Error("amount"), "expected a USDC amount") {
		t.Fatalf("the pasted value is not checked: %q", s.live.Error("amount"))
	}
	for _, m := range tuitest.Flatten(cmd) {
		t.Fatalf("a paste ran %#v", m)
	}
	if !s.InputFocused() || s.row != rowAmount {
		t.Fatal("a paste with a newline moved or left the form")
	}
}

// TestStepDetailsAreShownEscaped: a step's detail may quote the quote, the RPC (a
// confirmation status) or a file's name; the screen shows it escaped.
func TestStepDetailsAreShownEscaped(t *testing.T) {
	s := newTestScreen(t)
	user := testUser(t).PublicKey()
	q := sandboxQuote(t, user)
	toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	event(s, appdeposit.Event{Step: appdeposit.StepSign, Detail: "the RPC says " + visibletest.Text})
	visibletest.Verify(t, "the deposit's steps", tuitest.Plain(s.View()))
}
