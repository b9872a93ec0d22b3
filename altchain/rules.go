package altchain

import (
	"github.com/gagliardetto/solana-go"
)

// The pre-sign rules of the checklist, as a table: each rule is a small check named by
// its id, in the file of its checklist section (rules_a_bytes.go … rules_h_send.go), so
// "where is G28?" has one answer: Rules names it and the function that enforces it.
//
// Static rules run in table order on the quote (stageQuote) and on the decoded
// transaction (stageTx) by Inspect and Verify; the bytes rules A1–A3 run while decoding
// (every other rule needs the decoded transaction); the rules that need the chain, the
// signature or the send run where the flow reaches them: Verify (online parts of C13, E23,
// F24, F25), SignTransaction and Prepare (G27), SimulateSigned (G28, G29) and Send (H30).

// Stage says when a rule is applied.
type Stage int

// The stages of the gate, in order.
const (
	StageQuote    Stage = iota // the quote's own fields, before the transaction is read
	StageDecode                // the raw bytes, while decoding strictly
	StageTx                    // the decoded transaction
	StageOnline                // against the cluster (Verify)
	StageSign                  // when signing (SignTransaction, Prepare)
	StageSimulate              // the signed bytes, simulated (SimulateSigned)
	StageSend                  // sending and confirming (Send)
)

// Rule is one check of the checklist.
type Rule struct {
	ID    string // checklist id: "A1" … "H30"
	Title string
	Stage Stage
	// Where names the function that applies the rule when Check is nil: a rule applied
	// while decoding or by a later stage of the flow.
	Where string
	check func(*checkCtx)
}

// Rules is the whole checklist in the order the gate applies it. A rule id appears more
// than once when the rule has parts at several stages (F25: the quote's network offline,
// the genesis hash online).
var Rules = concatRules(rulesA, rulesB, rulesC, rulesD, rulesE, rulesF, rulesG, rulesH)

// RulesByID returns every entry of the rule id (several when the rule has parts at
// several stages).
func RulesByID(id string) []Rule {
	var out []Rule
	for _, r := range Rules {
		if r.ID == id {
			out = append(out, r)
		}
	}
	return out
}

func concatRules(parts ...[]Rule) []Rule {
	var out []Rule
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// checkCtx is what the checks of one inspection share.
type checkCtx struct {
	q      *Quote
	user   solana.PublicKey
	opts   *Options
	r      *Report
	tables map[solana.PublicKey]solana.PublicKeySlice
	why    string

	// set by the F25 quote check
	cluster   ClusterInfo
	clusterOK bool

	// set once the transaction is decoded
	tx   *solana.Transaction
	m    *solana.Message
	nReq int
	v    *txView
	// ixOK: the instruction's indexes are in range (C15), so its keys may be read.
	ixOK []bool
	// cb: the compute-budget instruction at each index, parsed (ok false: not one, or bad).
	cb                   []parsedCB
	haveLimit, havePrice bool
	// reqLimit is the limit SetComputeUnitLimit asks for (D19); the report shows the one the
	// runtime would apply.
	reqLimit uint32

	// the deposit's accounts, derived once (an associated-token-account derivation is the
	// costliest step of an inspection): B10 and F24 both need them
	exp    DepositAccounts
	expErr error
	expSet bool
}

// depositAccounts are the accounts the quote's deposit must use, derived on first use.
func (c *checkCtx) depositAccounts() (DepositAccounts, error) {
	if !c.expSet {
		c.exp, c.expErr = ExpectedDepositAccounts(c.q, c.user)
		c.expSet = true
	}
	return c.exp, c.expErr
}

type parsedCB struct {
	ix      computeBudgetIx
	problem string
	ok      bool
}

// run applies the checks of stage in table order.
func (c *checkCtx) run(stage Stage) {
	for _, rl := range Rules {
		if rl.Stage == stage && rl.check != nil {
			rl.check(c)
		}
	}
}

// Inspect runs every static rule offline on the quote and its pre-built transaction for
// user. A transaction that loads accounts through a lookup table is rejected (C13): the
// tables cannot be resolved offline; Verify resolves them. Inspect never panics.
func Inspect(q *Quote, user solana.PublicKey, opts *Options) *Report {
	return inspect(q, user, opts, nil, "")
}

// inspect runs the static rules; tables are the resolved lookup tables (nil offline) and
// why says why they are missing when they could not be resolved online.
func inspect(q *Quote, user solana.PublicKey, opts *Options, tables map[solana.PublicKey]solana.PublicKeySlice, why string) *Report {
	r := &Report{}
	defer r.finish()
	if q == nil {
		r.reject("F26", "no quote")
		return r
	}
	c := &checkCtx{q: q, user: user, opts: opts, r: r, tables: tables, why: why}
	c.cluster, c.clusterOK = opts.clusterForNetwork(q.Network)
	c.run(StageQuote)
	if q.Transaction == nil {
		r.reject("A1", "the quote carries no transaction: there is nothing to sign (purse builds one only for the sandbox deposit program, at deposit time)")
		return r
	}
	c.tx = decodeStrict(q.Transaction, r)
	if c.tx == nil {
		return r
	}
	c.m = &c.tx.Message
	c.nReq = int(c.m.Header.NumRequiredSignatures)
	c.describeHeader()
	c.v = classify(c.tx, tables, why, r)
	c.checkIndexes()
	c.describeInstructions()
	c.describeBudget()
	c.run(StageTx)
	return r
}

// describeHeader fills the report's review facts that need no rule.
func (c *checkCtx) describeHeader() {
	r, m := c.r, c.m
	r.Signatures = c.nReq
	r.RecentBlockhash = m.RecentBlockhash
	r.NativeFeeLamports = c.q.NativeFeeLamportsWithBuffer
	for _, l := range m.AddressTableLookups {
		r.LookupTables = append(r.LookupTables, l.AccountKey)
	}
	r.Resolved = len(m.AddressTableLookups) == 0 || c.tables != nil
}
