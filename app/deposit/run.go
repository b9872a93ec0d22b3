package deposit

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"purse/altchain"
	"purse/app"
	"purse/app/internal/port"
	"purse/internal/format"
)

// Service is what a user does to move USDC from the profile's Solana key into the account:
// inspect a quote file, fetch a quote, run the whole deposit (or send and finalize its
// steps), check a sent one's status, read the Solana wallet. The CLI's deposit commands and
// the TUI's Deposit and Balances screens call it.
type Service struct{ s port.Deposit }

// New is the deposit of core's profile (core's session, whichever profile it has when a
// method is called).
func New(core *app.App) Service {
	s, _ := port.DepositOf(core)
	return Service{s}
}

// Run is one whole deposit, for every front end: the CLI runs it and prints its
// progress, the TUI's Deposit screen shows its events; the approval is asked by the signing
// gate through the front end's Approver (or the agent's display).
type Run struct {
	Input QuoteInput
	// Poll is how often the signature's status is asked.
	Poll time.Duration
	// Progress (may be nil) hears each step as it begins.
	Progress func(Event)
}

// Receipt is a deposit that was sent and confirmed.
type Receipt struct {
	Signature          string `json:"signature"`
	ConfirmationStatus string `json:"confirmationStatus"`
	User               string `json:"user"`
	USDCAmount         string `json:"usdcAmount"`
	TotalCostLamports  uint64 `json:"totalCostLamports"`
	// Receive is what the quote says arrives on the account, "5.39 EUR" ("" when the quote
	// does not say).
	Receive         string `json:"receive,omitempty"`
	Blockhash       string `json:"blockhash"`
	LastValidHeight uint64 `json:"lastValidBlockHeight"`
}

// Run runs a whole deposit in one order, wherever the key is: quote (partner API or file)
// → strict decode → fresh blockhash → the signing gate (the checklist under the profile's
// pins, the signature by the Solana key only, the simulation of the signed bytes, the review
// including the simulation, the approval) → send the same bytes → confirm. A refusal comes
// back as an app.Refusal (nothing signed, or the signature never released).
func (sv Service) Run(ctx context.Context, run Run, u *app.Unlock) (Receipt, error) {
	emit := func(step, format string, args ...any) {
		if run.Progress != nil {
			run.Progress(Event{Step: step, Detail: fmt.Sprintf(format, args...)})
		}
	}
	in := run.Input
	if in.File != "" {
		emit(StepQuote, "reading %s", in.File)
	} else {
		// The wallet first: a deposit it cannot pay is not quoted, signed or simulated.
		if err := sv.holds(ctx, in.Amount, emit); err != nil {
			return Receipt{}, failAt(StepQuote, err)
		}
		emit(StepQuote, "asking the partner API for %s USDC → %s", format.Uint(in.Amount, format.USDCDecimals), strings.ToUpper(in.Currency))
	}
	dq, err := sv.Quote(ctx, in, u)
	if err != nil {
		return Receipt{}, err
	}
	if in.File != "" {
		if err := sv.holds(ctx, dq.Quote.USDCAmount, emit); err != nil {
			return Receipt{}, failAt(StepDecode, err)
		}
	}
	if run.Progress != nil {
		run.Progress(Event{Step: StepDecode, Detail: fmt.Sprintf("strict decode: %d-byte unsigned transaction from %s", len(dq.Quote.Transaction), dq.Source), Quote: dq})
	}
	p, err := sv.prepare(ctx, dq, u, run.Progress)
	if err != nil {
		return Receipt{}, err
	}
	if run.Progress != nil {
		run.Progress(Event{Step: StepSend, Detail: "signature " + p.Signature.String(), Prepared: p})
	}
	sent, err := sv.Send(ctx, p, run.Poll, run.Progress)
	if err != nil {
		return Receipt{}, err
	}
	emit(StepConfirm, "%s", sent.Status.ConfirmationStatus)
	// The fees are the quote's own (D20): the static rules read them without the network.
	fees := altchain.Inspect(dq.Quote, dq.Setup.User, dq.Setup.Opts)
	rc := Receipt{Signature: p.Signature.String(), ConfirmationStatus: sent.Status.ConfirmationStatus, User: dq.Setup.User.String(),
		USDCAmount: strconv.FormatUint(dq.Quote.USDCAmount, 10), TotalCostLamports: fees.TotalCostLamports,
		Blockhash: p.Blockhash.String(), LastValidHeight: p.LastValidBlockHeight}
	if q := dq.Quote; q.OutputAmount != nil {
		rc.Receive = strings.TrimSpace(format.Decimal(*q.OutputAmount, format.FiatDecimals) + " " + q.OutputCurrency)
	}
	return rc, nil
}

// holds checks that the wallet holds amount USDC (smallest units) before anything is asked or
// signed. A wallet that cannot be read is said and left to the simulation, which checks it
// with the signed bytes.
func (sv Service) holds(ctx context.Context, amount uint64, emit func(step, format string, args ...any)) error {
	b, err := sv.SolanaBalance(ctx)
	if err != nil {
		emit(StepQuote, "the wallet's USDC could not be read (%s): the simulation checks it", app.OneLine(err))
		return nil
	}
	if b.USDCUnits < amount {
		return &app.FieldError{Field: "amount", Err: fmt.Errorf("the wallet %s holds %s USDC, less than the %s USDC to deposit: nothing was asked, signed or sent",
			b.Address, format.Uint(b.USDCUnits, format.USDCDecimals), format.Uint(amount, format.USDCDecimals))}
	}
	return nil
}
