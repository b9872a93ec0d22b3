package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"purse/altchain"
	"purse/app/review"
)

// DepositRun is one whole deposit for a front end that runs it from start to end in one call
// (the CLI): the same steps the Deposit screen takes one by one, through the same gate
// (PrepareDeposit).
type DepositRun struct {
	Input QuoteInput
	// Poll is how often the signature's status is asked.
	Poll time.Duration
	// Progress (may be nil) hears each step as it begins.
	Progress func(DepositEvent)
	// Approve sees the review of what will be sent (signed and simulated) and returns nil to
	// send it. A transaction the rules refuse never reaches it.
	Approve func(review.Request) error
	// Refused (may be nil) sees the review of a transaction the rules refused.
	Refused func(review.Request)
}

// Deposited is a deposit that was sent and confirmed.
type Deposited struct {
	Signature          string `json:"signature"`
	ConfirmationStatus string `json:"confirmationStatus"`
	User               string `json:"user"`
	USDCAmount         string `json:"usdcAmount"`
	TotalCostLamports  uint64 `json:"totalCostLamports"`
	Blockhash          string `json:"blockhash"`
	LastValidHeight    uint64 `json:"lastValidBlockHeight"`
}

// Deposit runs a whole deposit: quote (partner API or file) → strict decode → the gate
// (validation, fresh blockhash, signature by the Solana key only, simulation of the signed
// bytes) → review (Approve) → send the same bytes and confirm. A refusing rule comes back as
// a RejectedError (nothing signed, or nothing sent when the simulation refused).
func (s *App) Deposit(ctx context.Context, run DepositRun, u *Unlock) (Deposited, error) {
	emit := func(step, format string, args ...any) {
		if run.Progress != nil {
			run.Progress(DepositEvent{Step: step, Detail: fmt.Sprintf(format, args...)})
		}
	}
	in := run.Input
	if in.File != "" {
		emit(StepQuote, "reading %s", in.File)
	} else {
		emit(StepQuote, "asking the partner API for %s USDC → %s", altchain.FormatUnits(in.Amount, 6), strings.ToUpper(in.Currency))
	}
	dq, err := s.FetchDepositQuote(ctx, in, u)
	if err != nil {
		return Deposited{}, err
	}
	emit(StepDecode, "strict decode: %d-byte unsigned transaction from %s", len(dq.Quote.Transaction), dq.Source)
	currency := strings.ToUpper(in.Currency)
	rv := func(r *altchain.Report) review.Request {
		return DepositReview("deposit", dq.Quote, dq.Setup.Profile.SolanaCluster, currency, r)
	}
	pd, err := s.PrepareDeposit(ctx, dq, u, run.Progress)
	if pd != nil && pd.Report != nil && pd.Report.Rejected() {
		if run.Refused != nil {
			run.Refused(rv(pd.Report))
		}
		what := "validate: nothing was signed"
		if se := (*StepError)(nil); errors.As(err, &se) && se.Step == StepSimulate {
			what = "simulate: nothing was sent"
		}
		return Deposited{}, Rejection(pd.Report, what)
	}
	if err != nil {
		return Deposited{}, err
	}
	p, r := pd.Prepared, pd.Prepared.Report
	emit(StepReview, "what will be sent")
	if err := run.Approve(rv(r)); err != nil {
		return Deposited{}, failAt(StepReview, &OutcomeError{Outcome: OutcomeNotSent, IDName: "signature", ID: p.Signature.String(),
			Err: fmt.Errorf("%w; the signed transaction was not sent", err)})
	}
	emit(StepSend, "signature %s", p.Signature)
	sent, err := s.SendDeposit(ctx, p, run.Poll, nil)
	if err != nil {
		return Deposited{}, err
	}
	emit(StepConfirm, "%s", sent.Status.ConfirmationStatus)
	return Deposited{Signature: p.Signature.String(), ConfirmationStatus: sent.Status.ConfirmationStatus, User: dq.Setup.User.String(),
		USDCAmount: strconv.FormatUint(dq.Quote.USDCAmount, 10), TotalCostLamports: r.TotalCostLamports,
		Blockhash: p.Blockhash.String(), LastValidHeight: p.LastValidBlockHeight}, nil
}
