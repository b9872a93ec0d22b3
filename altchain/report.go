package altchain

import (
	"fmt"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// Severity ranks a finding. Any Reject finding rejects the transaction.
type Severity int

const (
	Info Severity = iota
	Warn
	Reject
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warn:
		return "warn"
	case Reject:
		return "reject"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// Verdict is the outcome of an inspection.
type Verdict string

const (
	VerdictOK       Verdict = "ok"
	VerdictRejected Verdict = "rejected"
)

// Finding is one observation, tied to a checklist rule id ("A1".."H30").
type Finding struct {
	Rule     string
	Severity Severity
	Message  string
}

func (f Finding) String() string { return f.Rule + " " + f.Severity.String() + ": " + f.Message }

// AccountRef is one account of a decoded instruction, classified by index.
type AccountRef struct {
	Index      int              // index into the message's account list
	Key        solana.PublicKey // zero when it comes from an unresolved lookup table
	Resolved   bool             // false: loaded from a lookup table that was not resolved
	OutOfRange bool             // the index is past the transaction's keys: it names nothing
	FromLookup bool
	Signer     bool
	Writable   bool
	Role       string // what the account is for, when the program layout is known
}

// DecodedInstruction is one compiled instruction, decoded for review.
type DecodedInstruction struct {
	Index        int
	ProgramIndex int
	Program      solana.PublicKey
	// ProgramKnown is false when the program index is out of range or the key comes from an
	// unresolved lookup table: Program is then not a key the instruction names.
	ProgramKnown bool
	ProgramName  string
	Accounts     []AccountRef
	Data         []byte
	Summary      string
}

// Report is the result of an inspection: the findings, the verdict and the decoded facts
// a reviewer needs to see before signing.
type Report struct {
	Findings []Finding
	Verdict  Verdict

	// Online is true when the report includes the rules that need the chain.
	Online bool
	// Resolved is true when every lookup table the transaction uses was resolved.
	Resolved bool

	FeePayer        solana.PublicKey
	Signatures      int
	RecentBlockhash solana.Hash
	LookupTables    []solana.PublicKey
	// ComputeUnitLimit and ComputeUnitPrice (micro-lamports per compute unit) are what the
	// runtime would apply: the instructions' values, or its defaults when they are missing
	// (ComputeBudgetNote says which); zero when the runtime would refuse the transaction
	// (RuntimeRefusal says why).
	ComputeUnitLimit  uint32
	ComputeUnitPrice  uint64
	ComputeBudgetNote string
	RuntimeRefusal    string
	// PriorityFeeLamports = ceil(price × limit / 1e6); saturates at MaxUint64
	// (PriorityFeeOverflow then says the true value does not fit 64 bits).
	PriorityFeeLamports uint64
	PriorityFeeOverflow bool
	BaseFeeLamports     uint64
	NativeFeeLamports   uint64
	// TotalCostLamports = 5000 × signatures + priority fee + nativeFeeLamportsWithBuffer.
	TotalCostLamports uint64
	Instructions      []DecodedInstruction
	// AmountBySimulation says the program's layout is not declared: the amount, fee and
	// destination are checked only by simulating the signed bytes (G29), at deposit time.
	AmountBySimulation bool
	// Deposit is the decoded deposit instruction when the program's layout is known.
	Deposit *DepositArgs
	// UnnamedWritable are the deposit's writable accounts nothing names offline (B31):
	// Verify resolves each on the chain.
	UnnamedWritable []solana.PublicKey
	// Simulated is what the simulation of the signed bytes (G28) did to the user's SOL
	// and USDC balances, as the cluster reported them; nil before the simulation.
	Simulated *BalanceChanges
}

// BalanceChanges are the user's balances before a transaction (read from the chain) and
// after it (the simulation's post-states): what the user approves leaving the wallet.
type BalanceChanges struct {
	Wallet                        solana.PublicKey
	LamportsBefore, LamportsAfter uint64
	USDCAccount                   solana.PublicKey
	USDCBefore, USDCAfter         uint64
	// USDCKnown is false when the USDC account is not a token account before or after
	// (a rejecting finding says which); its amounts are then zero.
	USDCKnown bool
}

func (r *Report) add(rule string, sev Severity, format string, args ...any) {
	r.Findings = append(r.Findings, Finding{Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

func (r *Report) reject(rule, format string, args ...any) { r.add(rule, Reject, format, args...) }
func (r *Report) warn(rule, format string, args ...any)   { r.add(rule, Warn, format, args...) }
func (r *Report) info(rule, format string, args ...any)   { r.add(rule, Info, format, args...) }

func (r *Report) finish() {
	r.Verdict = VerdictOK
	for _, f := range r.Findings {
		if f.Severity == Reject {
			r.Verdict = VerdictRejected
			return
		}
	}
}

// Rejected reports whether any finding rejects the transaction.
func (r *Report) Rejected() bool { return r.Verdict != VerdictOK }

// Has reports whether a finding of the rule with at least the given severity exists.
func (r *Report) Has(rule string, atLeast Severity) bool {
	for _, f := range r.Findings {
		if f.Rule == rule && f.Severity >= atLeast {
			return true
		}
	}
	return false
}

// Rejections returns the reject findings.
func (r *Report) Rejections() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Severity == Reject {
			out = append(out, f)
		}
	}
	return out
}

// Err returns nil when the verdict is ok, otherwise a *RejectedError listing the reasons.
func (r *Report) Err() error {
	if !r.Rejected() {
		return nil
	}
	return &RejectedError{Findings: r.Rejections()}
}

// RejectedError is returned when a transaction failed inspection.
type RejectedError struct{ Findings []Finding }

func (e *RejectedError) Error() string {
	parts := make([]string, len(e.Findings))
	for i, f := range e.Findings {
		parts[i] = f.Rule + ": " + f.Message
	}
	return "altchain: transaction rejected: " + strings.Join(parts, "; ")
}
