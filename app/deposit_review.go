package app

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"purse/altchain"
	"purse/app/review"
	"purse/internal/format"
)

// MinUSDCRule explains minUsdcAmount (spec 4.4): purse omits it unless the user gives one.
const MinUSDCRule = "(the contract compares it with the amount after its fees, so a USDC-only deposit should omit it or use 0)"

// Rejection is the error of a report whose rules refused the transaction (ErrRejected):
// what, then every refusing rule with its message.
func Rejection(r *altchain.Report, what string) error {
	rej := r.Rejections()
	parts := make([]string, 0, len(rej))
	for _, f := range rej {
		parts = append(parts, f.Rule+" "+f.Message)
	}
	return &RejectedError{fmt.Sprintf("%s: %d rule(s) rejected the transaction: %s", what, len(rej), strings.Join(parts, "; "))}
}

// DepositReview builds the signing review from the validated quote and its report: the
// amounts, every fee, the accounts with their roles, the decoded instructions and every
// rule result. A rejecting finding blocks signing.
func DepositReview(id string, q *altchain.Quote, cluster, currency string, r *altchain.Report) review.Request {
	t := review.Solana{
		Cluster:             cluster,
		Signatures:          r.Signatures,
		ComputeUnitLimit:    r.ComputeUnitLimit,
		ComputeUnitPrice:    r.ComputeUnitPrice,
		PriorityFeeLamports: r.PriorityFeeLamports,
		TotalCostLamports:   r.TotalCostLamports,
	}
	if !r.FeePayer.IsZero() {
		t.FeePayer = r.FeePayer.String()
	}
	if !r.RecentBlockhash.IsZero() {
		t.RecentBlockhash = r.RecentBlockhash.String()
	}
	for _, ix := range r.Instructions {
		in := review.SolanaInstruction{Program: fmt.Sprintf("none (index %d names no key)", ix.ProgramIndex), ProgramName: ix.ProgramName, DataLen: len(ix.Data)}
		if ix.ProgramKnown {
			in.Program = ix.Program.String()
		}
		in.Data = "hex " + hex.EncodeToString(ix.Data)
		if ix.Summary != "" {
			in.Data = ix.Summary + "; " + in.Data
		}
		for _, a := range ix.Accounts {
			sa := review.SolanaAccount{Signer: a.Signer, Writable: a.Writable, FromLookup: a.FromLookup, Role: a.Role}
			if a.Resolved {
				sa.Address = a.Key.String()
			}
			in.Accounts = append(in.Accounts, sa)
		}
		t.Instructions = append(t.Instructions, in)
	}
	for _, f := range r.Findings {
		t.Findings = append(t.Findings, review.Finding{Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message})
	}
	title := "deposit " + format.Uint(q.USDCAmount, format.USDCDecimals) + " USDC"
	if currency != "" {
		title += " → " + currency
	}
	req := review.SolanaRequest(id, title, t)
	req.Purpose = "Deposits USDC from your Solana wallet to the service's deposit account; you receive fiat on your account. Signing runs exactly the instructions below; only the blockhash is replaced by a fresh one when you sign."
	if r.PriorityFeeOverflow {
		req.Blocked = append(req.Blocked, "D20 the priority fee overflows 64 bits")
	}
	lead := []review.Section{depositSection(q, currency), feeSection(q, r)}
	if r.Simulated != nil {
		lead = append(lead, balanceSection(r.Simulated))
	}
	req.Sections = append(lead, req.Sections...)
	return req
}

// balanceSection is what the simulation of the signed bytes did to the user's balances:
// before (read from the chain) and after (the simulation's post-states), as the cluster
// reported them. The checklist (G29) judges them; the user sees them.
func balanceSection(b *altchain.BalanceChanges) review.Section {
	fs := []review.Field{{Label: "SOL", Value: format.Uint(b.LamportsBefore, format.SOLDecimals) + " → " + format.Uint(b.LamportsAfter, format.SOLDecimals) + " SOL",
		Note: "(" + change(b.LamportsBefore, b.LamportsAfter) + " lamports; wallet " + b.Wallet.String() + ")"}}
	if b.USDCKnown {
		fs = append(fs, review.Field{Label: "USDC", Value: format.Uint(b.USDCBefore, format.USDCDecimals) + " → " + format.Uint(b.USDCAfter, format.USDCDecimals) + " USDC",
			Note: "(" + change(b.USDCBefore, b.USDCAfter) + " smallest units; token account " + b.USDCAccount.String() + ")"})
	} else {
		fs = append(fs, review.Field{Label: "USDC", Value: "unknown: token account " + b.USDCAccount.String() + " is not a token account before and after (G29)"})
	}
	return review.Section{Heading: "Your balances (simulation of the signed transaction)", Fields: fs}
}

// change is after - before with its sign, in the units given.
func change(before, after uint64) string {
	if after >= before {
		return "+" + strconv.FormatUint(after-before, 10)
	}
	return "−" + strconv.FormatUint(before-after, 10)
}

func depositSection(q *altchain.Quote, currency string) review.Section {
	fs := []review.Field{
		{Label: "deposit", Value: format.Uint(q.USDCAmount, format.USDCDecimals) + " USDC", Note: "(" + strconv.FormatUint(q.USDCAmount, 10) + " smallest units)"},
	}
	if q.MinUSDCAmount != 0 {
		fs = append(fs, review.Field{Label: "min USDC", Value: format.Uint(q.MinUSDCAmount, format.USDCDecimals) + " USDC", Note: MinUSDCRule})
	} else {
		fs = append(fs, review.Field{Label: "min USDC", Value: "none", Note: "(omitted, as the spec advises for USDC-only deposits)"})
	}
	dec := func(d *decimal.Decimal) string {
		s := fiat(d)
		if currency != "" {
			s += " " + currency
		}
		return s
	}
	if q.OutputAmount != nil {
		fs = append(fs,
			review.Field{Label: "you receive", Value: dec(q.OutputAmount), Note: "(fiat, on your account)"},
			review.Field{Label: "before fees", Value: dec(q.OutputAmountBeforeFee)},
		)
		if q.ExchangeRate != nil {
			fs = append(fs, review.Field{Label: "exchange rate", Value: q.ExchangeRate.String()})
		}
		fs = append(fs,
			review.Field{Label: "processing fee", Value: dec(q.ProcessingFee)},
			review.Field{Label: "network fee", Value: dec(q.NetworkFee)},
			review.Field{Label: "total fee", Value: dec(q.TotalFee)},
		)
	}
	fs = append(fs,
		review.Field{Label: "program", Value: q.ProgramID.String()},
		review.Field{Label: "deposit account", Value: q.DepositUSDCAccount.String()},
		review.Field{Label: "usdc mint", Value: q.USDCMint.String()},
		review.Field{Label: "network", Value: q.Network},
		review.Field{Label: "valid until block", Value: strconv.FormatUint(q.LastValidBlockHeight, 10)},
	)
	return review.Section{Heading: "Deposit", Fields: fs}
}

func feeSection(q *altchain.Quote, r *altchain.Report) review.Section {
	prio := lamports(r.PriorityFeeLamports)
	if r.PriorityFeeOverflow {
		prio = "overflows 64 bits"
	}
	fs := []review.Field{
		{Label: "base fee", Value: lamports(r.BaseFeeLamports), Note: fmt.Sprintf("(5000 × %d signature)", r.Signatures)},
		{Label: "priority fee", Value: prio, Note: fmt.Sprintf("(limit %d × price %d µlamports)", r.ComputeUnitLimit, r.ComputeUnitPrice)},
		{Label: "native fee", Value: lamports(q.NativeFeeLamportsWithBuffer), Note: fmt.Sprintf("(with buffer; quoted %d lamports)", q.NativeFeeLamports)},
		{Label: "total", Value: lamports(r.TotalCostLamports)},
	}
	if r.ComputeBudgetNote != "" {
		fs = append(fs, review.Field{Label: "compute budget", Value: r.ComputeBudgetNote})
	}
	if r.RuntimeRefusal != "" {
		fs = append(fs, review.Field{Label: "runtime", Value: "refuses the transaction before it runs: " + r.RuntimeRefusal})
	}
	return review.Section{Heading: "SOL fees (paid by your wallet)", Fields: fs}
}

func lamports(n uint64) string {
	return fmt.Sprintf("%d lamports (%s SOL)", n, format.Uint(n, format.SOLDecimals))
}

// fiat shows a fiat amount with its currency's decimals, never rounded ("-" when absent).
func fiat(d *decimal.Decimal) string {
	if d == nil {
		return "-"
	}
	return format.Decimal(*d, format.FiatDecimals)
}
