package card

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	appaccount "purse/app/account"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// passphrase opens the dev key of the sandbox tests.
const passphrase = "pw"

func newTestScreen(t *testing.T) *Screen {
	t.Helper()
	env := tuitest.Env(t, kit.Session{Profile: "sandbox", AccountID: "5123"}, tuitest.FakeHome)
	s := New(env, &fakeCards{})
	s.SetSize(80, 20)
	return s
}

func amt(s string) enduser.Amount { return enduser.NewAmount(decimal.RequireFromString(s)) }

func sampleCard(status string) *enduser.Card {
	return &enduser.Card{
		Security:   enduser.CardSecurity{ContactlessEnabled: true, WithdrawalEnabled: true, InternetPurchaseEnabled: false, OverallLimitsEnabled: true},
		Currencies: []string{"EUR", "CHF", "USD"},
		TokenID:    "812345678",
		Limits: enduser.CardLimits{
			Account:          enduser.FiatLimits{Used: amt("12.50"), Max: amt("50000"), Available: amt("49987.50"), RestartDate: "2025-07-01"},
			Withdrawal:       enduser.UsedMax{Used: amt("0"), Max: amt("1000")},
			InternetPurchase: enduser.UsedMax{Used: amt("0"), Max: amt("5000")},
		},
		CardDesign: "sandbox-blue", CardHolder: "SANDBOX TESTER 5123", Status: status, Currency: "EUR",
		Masked:       enduser.MaskedCard{CardNumber: "**** **** **** 5678", CVV2: "***", Expiry: "**/**"},
		ActiveTokens: []enduser.ActiveToken{{ID: "dwt_812345678", Type: "apple_pay"}},
		ExternalID:   "crd_0a1b2c3d4e5f6071",
	}
}

func deliver(s *Screen, info appaccount.CardInfo, err error) tea.Cmd {
	_, cmd := s.Update(kit.TaskResult[appaccount.CardInfo]{ID: s.taskID, Slot: slotCard, Value: info, Err: err})
	return cmd
}

func press(s *Screen, k string) tea.Cmd {
	_, cmd := s.Update(tuitest.Runes(k))
	return cmd
}

// isOff reports whether cmd is the footer's note that an action is off now, with why.
func isOff(t *testing.T, cmd tea.Cmd, why string) bool {
	t.Helper()
	if cmd == nil {
		return false
	}
	msg, ok := cmd().(kit.StatusMsg)
	return ok && strings.Contains(msg.Text, "not now, ") && strings.Contains(msg.Text, why)
}

func TestStateDrivesTheActions(t *testing.T) {
	s := newTestScreen(t)
	s.taskID = 3
	s.Update(kit.TaskResult[appaccount.CardInfo]{ID: 2, Slot: slotCard, Value: appaccount.CardInfo{Card: sampleCard("Active")}})
	if s.info != nil {
		t.Fatal("a stale result was taken")
	}
	deliver(s, appaccount.CardInfo{Card: sampleCard("Active")}, nil)
	v := tuitest.Plain(s.View())
	for _, want := range []string{"Card  [ACTIVE]", "**** **** **** 5678", "[x] contactless", "[ ] internet", "812345678", "Press b to block"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if !isOff(t, press(s, "i"), "the account has a card already") {
		t.Fatal("issue must be off for an active card, and say why")
	}
	// b starts the block at once: its one confirmation is the signing gate's review of the
	// card-status signature (the TUI's dialog), not a second dialog of the screen's.
	cmd := press(s, "b")
	if cmd == nil || s.running != opBlock {
		t.Fatal("b must start the block")
	}
	if _, ok := cmd().(kit.PushDialogMsg); ok {
		t.Fatal("b opened a confirmation of its own")
	}
	if !isOff(t, press(s, "r"), "blocking the card is under way") {
		t.Fatal("nothing else starts while the block runs")
	}
	s.running = ""
	// The outcome is a passing note of the footer; the state mark and the text follow the card.
	done := deliver(s, appaccount.CardInfo{Card: sampleCard("Blocked"), Done: "card blocked"}, nil)
	if msg, ok := done().(kit.StatusMsg); !ok || msg.Text != "Card blocked." {
		t.Fatalf("the outcome's note: %#v", done())
	}
	v = tuitest.Plain(s.View())
	for _, want := range []string{"Card  [BLOCKED]", "press b to unblock"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "card blocked") {
		t.Errorf("the passing note stays on the screen:\n%s", v)
	}
	// b is the one key of the card's block state: on a blocked card it unblocks.
	if press(s, "b") == nil || s.running != opUnblock {
		t.Fatal("b must ask to unblock a blocked card")
	}
	if h := s.ShortHelp(); len(h) != 0 {
		t.Fatalf("while the unblock runs no action is offered: %v", h)
	}
}

func TestNoCardAndIssueError(t *testing.T) {
	s := newTestScreen(t)
	s.taskID = 1
	noCard := &enduser.APIError{Route: "card", Code: 10009, Message: "no card issued for tokenId 5123"}
	deliver(s, appaccount.CardInfo{NoCard: noCard, Profile: &enduser.Profile{IsCardEligible: false, CardActivation: enduser.CardActivation{Amount: amt("1"), Currency: "USD"}}}, nil)
	v := tuitest.Plain(s.View())
	for _, want := range []string{"[NO CARD]", "no card issued for tokenId 5123", "No card can be issued now", "isCardEligible is false", "card eligibility (now: no)", "at least 1.00 USD"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Press i to issue") || !isOff(t, press(s, "i"), "isCardEligible is false") {
		t.Fatalf("issue is offered to an account that is not card-eligible:\n%s", v)
	}
	if !isOff(t, press(s, "b"), "no card on this account") {
		t.Fatal("block without a card")
	}
	// eligibility unknown (the profile could not be read): not offered either, and said so
	s.taskID = 2
	deliver(s, appaccount.CardInfo{NoCard: noCard, ProfileErr: errors.New("profile: timeout")}, nil)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "card eligibility is unknown") || !isOff(t, press(s, "i"), "card eligibility is unknown") {
		t.Fatalf("unknown eligibility:\n%s", v)
	}
	s.taskID = 3
	deliver(s, appaccount.CardInfo{NoCard: noCard, Profile: &enduser.Profile{IsCardEligible: true, CardActivation: enduser.CardActivation{Amount: amt("1"), Currency: "USD"}}}, nil)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Press i to issue") {
		t.Errorf("an eligible account is offered the issue:\n%s", v)
	}
	if press(s, "i") == nil {
		t.Fatal("i must ask to issue")
	}
	s.running = opIssue
	err := &appaccount.CardIssueError{Err: &enduser.APIError{Route: "issue-card", Code: 10009, Message: "tokenId 5123 is not card eligible"}, Needs: appaccount.CardInfo{ProfileErr: errors.New("down")}.Preconditions()}
	deliver(s, appaccount.CardInfo{}, err)
	v = tuitest.Plain(s.View())
	for _, want := range []string{"ERROR: issue card:", "not card eligible", "What to do: Issuing needs the account in Live status", "unknown: the profile could not be read"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if next := app.NextStep(err); !strings.Contains(next, "then try again") {
		t.Errorf("NextStep %q", next)
	}
}

func TestCancelledUnlockIsNotAnError(t *testing.T) {
	s := newTestScreen(t)
	s.taskID, s.running = 4, opBlock
	if cmd := deliver(s, appaccount.CardInfo{}, kit.ErrCancelled); cmd != nil || s.err != nil || s.running != "" {
		t.Fatalf("a cancelled passphrase: cmd %v, err %v, running %q", cmd != nil, s.err, s.running)
	}
}

// TestActionsWorkAfterAReset: the keys a reset screen declares act on it, not on the screen
// it was built as (their closures hold the screen).
func TestActionsWorkAfterAReset(t *testing.T) {
	s := newTestScreen(t)
	s.taskID = 1
	deliver(s, appaccount.CardInfo{Card: sampleCard("Blocked")}, nil)
	s.Reset()
	if s.info != nil || !isOff(t, press(s, "b"), "the card is not read yet") {
		t.Fatal("a reset screen holds no card and offers no block")
	}
	s.Init()
	deliver(s, appaccount.CardInfo{Card: sampleCard("Active")}, nil)
	if press(s, "b") == nil || s.running != opBlock {
		t.Fatal("after a reset and a read, b blocks the card read")
	}
}

// TestCancelledFirstReadSaysSo: the first read's passphrase cancelled leaves no "Reading the
// card…": the view says nothing was read and how to read it.
func TestCancelledFirstReadSaysSo(t *testing.T) {
	s := newTestScreen(t)
	s.Init()
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Reading the card") {
		t.Fatalf("while reading:\n%s", v)
	}
	deliver(s, appaccount.CardInfo{}, kit.ErrCancelled)
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	if strings.Contains(v, "Reading the card") || !strings.Contains(v, "was not read") || !strings.Contains(v, "Press r to read it") {
		t.Fatalf("after the cancelled read:\n%s", v)
	}
}

// TestCardScrolls: a card taller than the screen scrolls (80×24 leaves the Card screen
// fewer lines than a card has); a new read starts at the top.
func TestCardScrolls(t *testing.T) {
	s := newTestScreen(t)
	s.SetSize(80, 8)
	s.taskID = 1
	deliver(s, appaccount.CardInfo{Card: sampleCard("Active")}, nil)
	v := tuitest.Plain(s.View())
	if !strings.Contains(v, "Card  [ACTIVE]") || !strings.Contains(v, "more lines") || strings.Contains(v, "Press b to block") {
		t.Fatalf("top of the card:\n%s", v)
	}
	s.Update(tuitest.Runes("G"))
	v = tuitest.Plain(s.View())
	if strings.Contains(v, "Card  [ACTIVE]") || !strings.Contains(v, "Press b to block") || !strings.Contains(v, "end") {
		t.Fatalf("bottom of the card:\n%s", v)
	}
	s.taskID = 2
	deliver(s, appaccount.CardInfo{Card: sampleCard("Active")}, nil)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Card  [ACTIVE]") {
		t.Fatalf("a new read starts at the top:\n%s", v)
	}
}

// TestGolden: plain views at 80×24 and 120×40, active and without a card.
// Update with: go test ./tui/card -run TestGolden -update
func TestGolden(t *testing.T) {
	infos := map[string]appaccount.CardInfo{
		"active": {Card: sampleCard("Active")},
		"nocard": {NoCard: &enduser.APIError{Route: "card", Code: 10009, Message: "no card issued for tokenId 5123"},
			Profile: &enduser.Profile{IsCardEligible: true, CardActivation: enduser.CardActivation{Amount: amt("1"), Currency: "USD"}}},
	}
	for _, name := range []string{"active", "nocard"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				s := newTestScreen(t)
				s.SetSize(sz[0], sz[1])
				s.taskID = 1
				deliver(s, infos[name], nil)
				teatest.RequireEqualOutput(t, []byte(tuitest.Plain(s.View())))
			})
		}
	}
}

// step runs cmd (the screen's task or dialog command) and gives each message back to the
// screen, returning the screen's next command.
func step(t *testing.T, s *Screen, cmd tea.Cmd) tea.Cmd {
	t.Helper()
	if cmd == nil {
		t.Fatal("expected a command")
	}
	var next []tea.Cmd
	for _, m := range tuitest.Flatten(cmd) {
		_, c := s.Update(m)
		next = append(next, c)
	}
	return tea.Batch(next...)
}

// firstRead is the screen's first read with the key locked: the read it starts by itself
// asks nothing and says the card was not read; r reads it, through the passphrase dialog.
func firstRead(t *testing.T, s *Screen) {
	t.Helper()
	step(t, s, s.Init())
	if s.info != nil || !s.unread {
		t.Fatalf("the first read with the key locked: %+v %v", s.info, s.err)
	}
	unlockAndRun(t, s, press(s, "r"))
}

// unlockAndRun runs the screen's task command; when it asks for the passphrase (the
// unlock helper's dialog), it types it and delivers the retried task's result.
func unlockAndRun(t *testing.T, s *Screen, cmd tea.Cmd) {
	t.Helper()
	msgs := tuitest.Flatten(cmd)
	if len(msgs) != 1 {
		t.Fatalf("want one message, got %#v", msgs)
	}
	push, ok := msgs[0].(kit.PushDialogMsg)
	if !ok {
		// Already unlocked: the result of the task itself.
		s.Update(msgs[0])
		return
	}
	d := push.Dialog
	for _, r := range passphrase {
		d, _ = d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, retry := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	step(t, s, retry)
}

// TestAgainstTheSandbox: no card → issue → block → unblock on the onboarded dev key, each
// through its confirmation and the passphrase dialog; the display token never shows.
func TestAgainstTheSandbox(t *testing.T) {
	sbx := tuitest.LiveSandbox(t, passphrase)
	s := New(sbx.Env, appaccount.NewCard(sbx.App))
	s.SetSize(120, 40)
	firstRead(t, s)
	if s.err != nil || s.info == nil || s.info.Card != nil || s.info.NoCard == nil {
		t.Fatalf("first read: %v %+v", s.err, s.info)
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "[NO CARD]") || !strings.Contains(v, "card eligibility (now: yes)") {
		t.Fatalf("no-card view:\n%s", v)
	}
	confirmAndRun := func(k string) {
		t.Helper()
		start := press(s, k)
		if start == nil {
			t.Fatalf("%s is off:\n%s", k, tuitest.Plain(s.View()))
		}
		unlockAndRun(t, s, start)
		if s.err != nil {
			t.Fatalf("%s: %v", k, s.err)
		}
	}
	for _, c := range []struct{ key, mark, done string }{
		{"i", "[ACTIVE]", "card issued"},
		{"b", "[BLOCKED]", "card blocked"},
		{"b", "[ACTIVE]", "card unblocked"},
	} {
		confirmAndRun(c.key)
		v := tuitest.Plain(s.View())
		if !strings.Contains(v, "Card  "+c.mark) || s.info.Done != c.done {
			t.Fatalf("after %s:\n%s", c.key, v)
		}
		if s.info.Card.CardToken != "" || strings.Contains(v, "ct_") {
			t.Fatalf("the display token leaked after %s", c.key)
		}
	}
	for _, e := range sbx.App.Log.Snapshot() {
		if strings.Contains(e.ResponseBody, "ct_") {
			t.Fatalf("the request log holds the card token: %s", e.ResponseBody)
		}
	}
}

// fakeCards is a Service without a service: it records the operations it is asked for.
type fakeCards struct {
	ops []string
}

func (f *fakeCards) Run(_ context.Context, _ *app.Unlock, op, tokenID string) (appaccount.CardInfo, error) {
	f.ops = append(f.ops, op+" "+tokenID)
	c := sampleCard("Active")
	if op == appaccount.CardBlock {
		c = sampleCard("Blocked")
	}
	return appaccount.CardInfo{Card: c, Done: map[string]string{appaccount.CardBlock: "card blocked"}[op]}, nil
}

func (f *fakeCards) SetCurrency(_ context.Context, _ *app.Unlock, currency string) (appaccount.CardInfo, error) {
	f.ops = append(f.ops, opCurrency+" "+currency)
	c := sampleCard("Active")
	c.Currency = currency
	return appaccount.CardInfo{Card: c, Done: "card currency set to " + currency}, nil
}

// TestBlockAgainstAFake: the screen needs only its narrow Service; a block goes to the
// application layer with the card's token id (its confirmation is the signing gate's).
func TestBlockAgainstAFake(t *testing.T) {
	f := &fakeCards{}
	env := tuitest.Env(t, kit.Session{Profile: "sandbox", AccountID: "5123"}, tuitest.FakeHome)
	s := New(env, f)
	s.SetSize(100, 30)
	step(t, s, s.Init())
	if s.info == nil || s.info.Card == nil {
		t.Fatalf("first read: %+v", s.info)
	}
	run := press(s, "b")
	if run == nil {
		t.Fatal("b must block")
	}
	step(t, s, run)
	if len(f.ops) != 2 || f.ops[1] != appaccount.CardBlock+" "+string(s.info.Card.TokenID) {
		t.Fatalf("operations %q", f.ops)
	}
	if !strings.Contains(tuitest.Plain(s.View()), "BLOCKED") {
		t.Fatalf("view after the block:\n%s", tuitest.Plain(s.View()))
	}
}

// u sets the card's currency to one it lists: the list shows them with the card's own
// marked, the choice goes through the signing gate (the passphrase dialog here), and the card
// read after it shows the new currency. Without a card, or while an operation runs, u is
// off and says why.
func TestCurrencyAgainstTheSandbox(t *testing.T) {
	sbx := tuitest.LiveSandbox(t, passphrase)
	s := New(sbx.Env, appaccount.NewCard(sbx.App))
	s.SetSize(120, 40)
	firstRead(t, s)
	if cmd := press(s, "u"); !isOff(t, cmd, "no card on this account") {
		t.Fatal("u without a card must be off")
	}
	unlockAndRun(t, s, press(s, "i"))
	if s.err != nil || s.info.Card == nil || s.info.Card.Currency != "EUR" {
		t.Fatalf("issue: %v %+v", s.err, s.info)
	}
	push, ok := press(s, "u")().(kit.PushDialogMsg)
	if !ok {
		t.Fatal("u opened no list")
	}
	push.Dialog.SetSize(80, 24)
	if v := tuitest.Plain(push.Dialog.View()); !strings.Contains(v, "EUR (the card's now)") || !strings.Contains(v, "CHF") {
		t.Fatalf("the currency list:\n%s", v)
	}
	chf := slices.Index(s.info.Card.Currencies, "CHF")
	_, run := s.Update(dialog.ListResult{ID: idCurrency, Index: chf})
	unlockAndRun(t, s, run)
	if s.err != nil || s.info.Card.Currency != "CHF" || s.info.Done != "card currency set to CHF" {
		t.Fatalf("after u: %v %+v", s.err, s.info)
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "CHF") {
		t.Fatalf("the view after u:\n%s", v)
	}
}
