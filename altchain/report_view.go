package altchain

import (
	"encoding/hex"
	"strconv"

	"github.com/gagliardetto/solana-go"
)

// ReportView is a Report as JSON (what `purse altchain inspect --json` prints): keys in
// base58, instruction data in hex, amounts in smallest units.
type ReportView struct {
	Verdict             string            `json:"verdict"`
	Online              bool              `json:"online"`
	User                string            `json:"user"`
	Findings            []FindingView     `json:"findings"`
	FeePayer            string            `json:"feePayer,omitempty"`
	Signatures          int               `json:"signatures"`
	RecentBlockhash     string            `json:"recentBlockhash,omitempty"`
	LookupTables        []string          `json:"lookupTables,omitempty"`
	ComputeUnitLimit    uint32            `json:"computeUnitLimit"`
	ComputeUnitPrice    uint64            `json:"computeUnitPrice"`
	ComputeBudgetNote   string            `json:"computeBudgetNote,omitempty"`
	RuntimeRefusal      string            `json:"runtimeRefusal,omitempty"`
	PriorityFeeLamports uint64            `json:"priorityFeeLamports"`
	PriorityFeeOverflow bool              `json:"priorityFeeOverflow,omitempty"`
	BaseFeeLamports     uint64            `json:"baseFeeLamports"`
	NativeFeeLamports   uint64            `json:"nativeFeeLamports"`
	TotalCostLamports   uint64            `json:"totalCostLamports"`
	Deposit             *DepositView      `json:"deposit,omitempty"`
	Instructions        []InstructionView `json:"instructions"`
}

// FindingView is one finding.
type FindingView struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// DepositView is the decoded deposit instruction.
type DepositView struct {
	USDCAmount        string `json:"usdcAmount"`
	MinUSDCAmount     string `json:"minUsdcAmount"`
	NativeFeeLamports uint64 `json:"nativeFeeLamports"`
	DstEid            uint32 `json:"dstEid"`
	EVMOutputToken    string `json:"evmOutputToken"`
}

// InstructionView is one instruction.
type InstructionView struct {
	Index       int           `json:"index"`
	Program     string        `json:"program"` // "" when the instruction names no key (index out of range, unresolved lookup)
	ProgramIdx  int           `json:"programIndex"`
	ProgramName string        `json:"programName,omitempty"`
	Summary     string        `json:"summary,omitempty"`
	Data        string        `json:"data"`
	Accounts    []AccountView `json:"accounts"`
}

// AccountView is one account of an instruction.
type AccountView struct {
	Index      int    `json:"index"`
	Key        string `json:"key,omitempty"`
	Role       string `json:"role,omitempty"`
	Signer     bool   `json:"signer"`
	Writable   bool   `json:"writable"`
	FromLookup bool   `json:"fromLookup,omitempty"`
	OutOfRange bool   `json:"outOfRange,omitempty"`
}

// View is the report as JSON, for the user who would sign.
func (r *Report) View(user solana.PublicKey) ReportView {
	v := ReportView{
		Verdict: string(r.Verdict), Online: r.Online, User: user.String(), Findings: []FindingView{},
		Signatures: r.Signatures, ComputeUnitLimit: r.ComputeUnitLimit, ComputeUnitPrice: r.ComputeUnitPrice,
		ComputeBudgetNote: r.ComputeBudgetNote, RuntimeRefusal: r.RuntimeRefusal,
		PriorityFeeLamports: r.PriorityFeeLamports, PriorityFeeOverflow: r.PriorityFeeOverflow,
		BaseFeeLamports: r.BaseFeeLamports, NativeFeeLamports: r.NativeFeeLamports, TotalCostLamports: r.TotalCostLamports,
		Instructions: []InstructionView{},
	}
	if !r.FeePayer.IsZero() {
		v.FeePayer = r.FeePayer.String()
	}
	if !r.RecentBlockhash.IsZero() {
		v.RecentBlockhash = r.RecentBlockhash.String()
	}
	for _, t := range r.LookupTables {
		v.LookupTables = append(v.LookupTables, t.String())
	}
	for _, f := range r.Findings {
		v.Findings = append(v.Findings, FindingView{f.Rule, f.Severity.String(), f.Message})
	}
	if d := r.Deposit; d != nil {
		v.Deposit = &DepositView{strconv.FormatUint(d.USDCAmount, 10), strconv.FormatUint(d.MinUSDCAmount, 10), d.NativeFeeLamports, d.DstEid, d.EVMOutputToken.String()}
	}
	for _, ix := range r.Instructions {
		iv := InstructionView{Index: ix.Index, ProgramIdx: ix.ProgramIndex, ProgramName: ix.ProgramName, Summary: ix.Summary,
			Data: hex.EncodeToString(ix.Data), Accounts: []AccountView{}}
		if ix.ProgramKnown {
			iv.Program = ix.Program.String()
		}
		for _, acc := range ix.Accounts {
			av := AccountView{Index: acc.Index, Role: acc.Role, Signer: acc.Signer, Writable: acc.Writable, FromLookup: acc.FromLookup, OutOfRange: acc.OutOfRange}
			if acc.Resolved {
				av.Key = acc.Key.String()
			}
			iv.Accounts = append(iv.Accounts, av)
		}
		v.Instructions = append(v.Instructions, iv)
	}
	return v
}
