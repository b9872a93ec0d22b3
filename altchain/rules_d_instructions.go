package altchain

import (
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// Section D of the checklist: the instructions.
var rulesD = []Rule{
	{ID: "D21", Title: "the quote's programId is a deposit program", Stage: StageQuote, check: checkD21Quote},
	{ID: "D21", Title: "the quote's programId is the profile's pinned program", Stage: StageQuote, check: checkD21Pin},
	{ID: "D17", Title: "exactly three instructions", Stage: StageTx, check: checkD17},
	{ID: "D18", Title: "instructions 0 and 1 are one SetComputeUnitLimit and one SetComputeUnitPrice, without accounts", Stage: StageTx, check: checkD18},
	{ID: "D19", Title: "compute limit in [400,000, 1,400,000]", Stage: StageTx, check: checkD19},
	{ID: "D20", Title: "priority fee computed without overflow and under the cap", Stage: StageTx, check: checkD20},
	{ID: "D21", Title: "instruction 2 invokes the quote's program; no other program, no forbidden one", Stage: StageTx, check: checkD21},
}

func checkD21Quote(c *checkCtx) {
	q := c.q
	if _, bad := forbiddenPrograms[q.ProgramID]; bad || q.ProgramID == solana.ComputeBudget {
		c.r.reject("D21", "the quote's programId %s is %s, not a deposit program", q.ProgramID, programName(q.ProgramID))
	}
}

func checkD21Pin(c *checkCtx) {
	if !c.clusterOK {
		return
	}
	if p := c.cluster.Pins; !p.ProgramID.IsZero() && c.q.ProgramID != p.ProgramID {
		c.r.reject("D21", "programId %s differs from the profile's pinned program %s on %s", c.q.ProgramID, p.ProgramID, c.cluster.Name)
	}
}

// describeInstructions builds the review's view of every instruction (program, accounts,
// a summary) and parses the compute-budget ones for D18–D20. It judges nothing, and it shows
// what an instruction really names even when its indexes are bad: the program whenever its
// index is in range, each account whose index is, the others marked out of range.
func (c *checkCtx) describeInstructions() {
	v, r := c.v, c.r
	c.cb = make([]parsedCB, len(c.m.Instructions))
	for i, ix := range c.m.Instructions {
		di := DecodedInstruction{Index: i, ProgramIndex: int(ix.ProgramIDIndex), Data: []byte(ix.Data)}
		for _, a := range ix.Accounts {
			ai := int(a)
			if ai >= v.total {
				di.Accounts = append(di.Accounts, AccountRef{Index: ai, OutOfRange: true})
				continue
			}
			di.Accounts = append(di.Accounts, AccountRef{
				Index: ai, Key: v.keys[ai], Resolved: v.resolved[ai], FromLookup: v.fromLookup[ai],
				Signer: v.signer[ai], Writable: v.writable[ai],
			})
		}
		pi := int(ix.ProgramIDIndex)
		if pi >= v.total || !v.resolved[pi] {
			if pi >= v.total {
				di.Summary = fmt.Sprintf("program index %d is out of range (%d keys)", pi, v.total)
			} else {
				di.Summary = fmt.Sprintf("the program (index %d) comes from an unresolved lookup table", pi)
			}
			r.Instructions = append(r.Instructions, di)
			continue
		}
		prog := v.keys[pi]
		di.Program, di.ProgramKnown = prog, true
		di.ProgramName = programName(prog)
		if _, bad := forbiddenPrograms[prog]; bad {
			di.Summary = instructionName(prog, ix.Data)
		}
		if prog == solana.ComputeBudget {
			cb, problem := parseComputeBudget(ix.Data)
			c.cb[i] = parsedCB{ix: cb, problem: problem, ok: problem == ""}
			switch {
			case problem != "":
				di.Summary = runtimeReading(ix.Data) + "; purse rejects it: " + problem
			case cb.tag == cbSetComputeUnitLimit:
				di.Summary = fmt.Sprintf("SetComputeUnitLimit %d", cb.limit)
				c.reqLimit, c.haveLimit = cb.limit, true
			default:
				di.Summary = fmt.Sprintf("SetComputeUnitPrice %d micro-lamports/CU", cb.price)
				c.havePrice = true
			}
		}
		r.Instructions = append(r.Instructions, di)
	}
}

// runtimeReading says what the runtime reads in compute-budget data purse refuses.
func runtimeReading(data []byte) string {
	tag, v, ok := runtimeCB(data)
	if !ok {
		return "compute-budget data the runtime cannot read (it refuses the transaction)"
	}
	return fmt.Sprintf("%s %d as the runtime reads it", cbNames[tag], v)
}

// describeBudget records the compute limit and price the runtime would apply (or why it
// would refuse the transaction), so a rejected quote shows its real cost, not zeros.
func (c *checkCtx) describeBudget() {
	v, r := c.v, c.r
	ixs := make([]budgetInstruction, 0, len(c.m.Instructions))
	for i, ix := range c.m.Instructions {
		pi := int(ix.ProgramIDIndex)
		if pi == 0 || pi >= v.nStatic || !c.ixOK[i] {
			r.RuntimeRefusal = fmt.Sprintf("SanitizeFailure: instruction %d's program or account indexes are not valid (the program must be a static key other than the fee payer)", i)
			return
		}
		ixs = append(ixs, budgetInstruction{program: v.keys[pi], data: ix.Data})
	}
	rb := runtimeBudget(ixs)
	r.ComputeUnitLimit, r.ComputeUnitPrice, r.ComputeBudgetNote, r.RuntimeRefusal = rb.Limit, rb.Price, rb.Note, rb.Refusal
}

// program is instruction i's program when its indexes are in range and the key is
// resolved.
func (c *checkCtx) program(i int) (solana.PublicKey, bool) {
	if !c.ixOK[i] {
		return solana.PublicKey{}, false
	}
	pi := int(c.m.Instructions[i].ProgramIDIndex)
	return c.v.keys[pi], c.v.resolved[pi]
}

func checkD17(c *checkCtx) {
	if n := len(c.m.Instructions); n != 3 {
		c.r.reject("D17", "%d instructions; exactly three are expected (limit, price, deposit)", n)
	}
}

func checkD18(c *checkCtx) {
	var limits, prices int
	for i, ix := range c.m.Instructions {
		prog, ok := c.program(i)
		if !ok {
			continue
		}
		if prog != solana.ComputeBudget {
			if i <= 1 {
				c.r.reject("D18", "instruction %d invokes %s, not the Compute Budget program", i, progLabel(prog))
			}
			continue
		}
		if i > 1 {
			c.r.reject("D18", "instruction %d is a compute-budget instruction; only instructions 0 and 1 may be", i)
		}
		if len(ix.Accounts) > 0 {
			c.r.reject("D18", "instruction %d: compute-budget instruction with %d account(s); it takes none", i, len(ix.Accounts))
		}
		cb := c.cb[i]
		switch {
		case !cb.ok:
			c.r.reject("D18", "instruction %d: %s", i, cb.problem)
		case cb.ix.tag == cbSetComputeUnitLimit:
			if limits++; limits > 1 {
				c.r.reject("D18", "instruction %d: a second SetComputeUnitLimit", i)
			}
		default:
			if prices++; prices > 1 {
				c.r.reject("D18", "instruction %d: a second SetComputeUnitPrice", i)
			}
		}
	}
	if limits == 0 {
		c.r.reject("D18", "no SetComputeUnitLimit instruction")
	}
	if prices == 0 {
		c.r.reject("D18", "no SetComputeUnitPrice instruction")
	}
}

func checkD19(c *checkCtx) {
	if l := c.reqLimit; c.haveLimit && (l < MinComputeUnitLimit || l > MaxComputeUnitLimit) {
		c.r.reject("D19", "compute unit limit %d is outside [%d, %d]", l, MinComputeUnitLimit, MaxComputeUnitLimit)
	}
}

// checkD20 computes the priority fee and the total cost the review shows, and rejects a
// fee over the cap or one that does not fit 64 bits.
func checkD20(c *checkCtx) {
	r := c.r
	fee, ok := PriorityFee(r.ComputeUnitPrice, r.ComputeUnitLimit)
	r.PriorityFeeLamports, r.PriorityFeeOverflow = fee, !ok
	feeCap := c.cluster.Pins.feeCap()
	if !ok {
		r.reject("D20", "priority fee (price %d × limit %d / 1e6) does not fit 64 bits", r.ComputeUnitPrice, r.ComputeUnitLimit)
	} else if fee > feeCap {
		r.reject("D20", "priority fee %d lamports (price %d × limit %d / 1e6, rounded up) is above the cap of %d lamports", fee, r.ComputeUnitPrice, r.ComputeUnitLimit, feeCap)
	}
	r.BaseFeeLamports = uint64(c.nReq) * LamportsPerSignature
	total, tok := TotalCost(c.nReq, fee, c.q.NativeFeeLamportsWithBuffer)
	r.TotalCostLamports = total
	if !tok && ok {
		r.reject("D20", "total cost does not fit 64 bits")
	}
}

func checkD21(c *checkCtx) {
	for i, ix := range c.m.Instructions {
		if !c.ixOK[i] {
			continue
		}
		prog, resolved := c.program(i)
		if !resolved {
			c.r.reject("D21", "instruction %d: its program comes from an unresolved lookup table", i)
			continue
		}
		if name, bad := forbiddenPrograms[prog]; bad {
			c.r.reject("D21", "instruction %d invokes the %s (%s); no such instruction is allowed at top level", i, name, instructionName(prog, ix.Data))
		}
		if i == 2 && prog != c.q.ProgramID {
			c.r.reject("D21", "instruction 2 invokes %s, not the quote's programId %s", progLabel(prog), c.q.ProgramID)
		}
		if i > 2 {
			c.r.reject("D21", "extra instruction %d invokes %s", i, progLabel(prog))
		}
	}
}

func progLabel(p solana.PublicKey) string {
	if n := programName(p); n != "" {
		return n + " " + p.String()
	}
	return "program " + p.String()
}
