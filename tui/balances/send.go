package balances

import (
	"context"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/money"
	"purse/internal/visible"
	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/unlock"
)

// The Send form on the Balances screen (s): a transfer to another account, a payout to a
// bank contact, a cash-out, one money flow of app/money each, and the EVM deposit (USDC from
// the owner's wallet into the account). The flow's checks, the signing gate's review (the
// permit with the call that carries it; the deposit's transactions) and the outcome settled
// from the chain are the application layer's; the form only collects the fields and shows
// the outcome.

const slotSend = "balances.send"

// Sender runs the money flows (app/money's Service is one).
type Sender interface {
	Run(ctx context.Context, run money.Run, u *app.Unlock) (money.Prepared, money.Outcome, error)
	Deposit(ctx context.Context, run money.DepositRun, u *app.Unlock) (money.DepositPlan, money.DepositOutcome, error)
}

// evmDeposit is the form's choice of the EVM deposit, after money.Flows().
const evmDeposit = "evm deposit"

// sent is a flow's outcome in one line, and its note.
type sent struct {
	Summary string
	Note    string
}

// sendPanel is the open Send form and the flow in flight.
type sendPanel struct {
	form *form.Form
	// last is the form submitted: a field the flow refuses reopens it, the error under it.
	last *form.Form
	// done is the last flow's outcome, shown on the screen until the next (escaped).
	done    string
	id      kit.TaskID
	running bool
}

func (s *Screen) sendKey() kit.Action {
	return kit.Action{Key: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "move money: transfer, payout, cash-out, EVM deposit")), Do: s.openSend, Off: s.noSend}
}

func (s *Screen) noSend() string {
	switch {
	case s.app.Send == nil:
		return "no services: the TUI was started without a profile"
	case s.send.running:
		return "a money flow is being sent"
	}
	return ""
}

// openSend opens the form; the token and the flow's own fields follow the flow chosen.
func (s *Screen) openSend() tea.Cmd {
	flows := append(money.Flows(), evmDeposit)
	isFlow := func(name string) func(f *form.Form) bool {
		return func(f *form.Form) bool { return flows[f.Choice("flow")] == name }
	}
	not := func(name string) func(f *form.Form) bool {
		return func(f *form.Form) bool { return flows[f.Choice("flow")] != name }
	}
	token := form.TextField("token", "token", "EUR24", "a fiat token: EUR24, CHF24, USD24, CNH24")
	token.Show = not(evmDeposit)
	amount := form.TextField("amount", "amount", "", "in the token's units, e.g. 12.34")
	amount.Show = not(evmDeposit)
	usdc := form.TextField("usdc", "USDC", "", "USDC from the owner's wallet on the home chain, e.g. 25")
	usdc.Show = isFlow(evmDeposit)
	output := form.TextField("output", "credited in", "EUR", "EUR, CHF, USD or CNH")
	output.Show = isFlow(evmDeposit)
	to := form.TextField("to", "to account", "", "the recipient's account id")
	to.Show = isFlow(money.Transfer)
	contact := form.TextField("contact", "contact id", "", "a contact of the banking profile (purse send contacts)")
	contact.Show = isFlow(money.Payout)
	purpose := form.TextField("purpose", "purpose id", "", "the payment purpose id")
	purpose.Show = isFlow(money.Payout)
	ref := form.TextField("ref", "reference", "", "optional, at most 140 characters")
	ref.Show = isFlow(money.Payout)
	s.send.form = form.New(s.env, "Move money (one review, one approval)", "review and sign",
		form.ChoiceField("flow", "flow", flows, 0),
		token, amount, usdc, output, to, contact, purpose, ref)
	return nil
}

// sendUpdate handles what belongs to the Send form; handled false leaves msg to the screen.
func (s *Screen) sendUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if s.send.form == nil {
			return nil, false
		}
		return s.sendFormKey(msg), true
	case kit.TaskResult[sent]:
		if msg.ID != s.send.id {
			return nil, true
		}
		s.send.running = false
		var fe *app.FieldError
		if errors.As(msg.Err, &fe) && s.send.last != nil {
			s.send.form = s.send.last
			s.send.form.Failed(msg.Err)
			return nil, true
		}
		if msg.Err != nil {
			// The router shows the error with its next step (an unknown outcome names the
			// permit); the form stays closed so the balances below are read again.
			return s.load(false), true
		}
		status := visible.Line(msg.Value.Summary)
		status = strings.ToUpper(status[:1]) + status[1:] + "."
		if n := msg.Value.Note; n != "" {
			status += " " + visible.Line(n)
		}
		s.send.done = status
		return tea.Batch(kit.Status(status), s.load(false)), true
	}
	return nil, false
}

func (s *Screen) sendFormKey(k tea.KeyPressMsg) tea.Cmd {
	f := s.send.form
	res, cmd := f.Update(k)
	switch res {
	case form.Cancelled:
		s.send.form = nil
		return kit.Status("Send cancelled; nothing was signed or sent.")
	case form.Submitted:
		s.send.done = ""
		flow := append(money.Flows(), evmDeposit)[f.Choice("flow")]
		s.send.form, s.send.last = nil, f
		s.send.running = true
		sender := s.app.Send
		var start tea.Cmd
		if flow == evmDeposit {
			in := money.DepositForm{Amount: f.Value("usdc"), Output: f.Value("output")}
			s.send.id, start = unlock.Start(s.env, slotSend, "Depositing USDC", func(ctx context.Context, u *app.Unlock) (sent, error) {
				_, out, err := sender.Deposit(ctx, money.DepositRun{Form: in}, u)
				return sent{Summary: out.Summary(), Note: out.Note}, err
			})
			return start
		}
		in := money.Form{Flow: flow, Token: f.Value("token"), Amount: f.Value("amount"),
			ToAccount: f.Value("to"), Contact: f.Value("contact"), PurposeID: f.Value("purpose"), Ref: f.Value("ref")}
		s.send.id, start = unlock.Start(s.env, slotSend, "Sending: "+in.Flow, func(ctx context.Context, u *app.Unlock) (sent, error) {
			pr, out, err := sender.Run(ctx, money.Run{Form: in}, u)
			note := ""
			if out.Note != "" {
				note = "Settled from the chain: " + out.Note
			}
			return sent{Summary: out.Summary(pr.Plan), Note: note}, err
		})
		return start
	}
	return cmd
}
