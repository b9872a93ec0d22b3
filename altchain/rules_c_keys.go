package altchain

import (
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// Section C of the checklist: keys and address lookup tables.
var rulesC = []Rule{
	{ID: "C11", Title: "no duplicate keys across static and resolved keys", Stage: StageTx, check: checkC11},
	{ID: "C12", Title: "total keys ≤ 256; every lookup loads an index; indexes in range", Stage: StageTx, Where: "classify (while resolving lookup tables)"},
	{ID: "C13", Title: "lookup tables are resolved from the chain, or the transaction is rejected", Stage: StageTx, Where: "classify offline; Verify resolves the tables online"},
	{ID: "C14", Title: "program ids are static keys and never index 0", Stage: StageTx, check: checkC14},
	{ID: "C15", Title: "every instruction index is in range", Stage: StageTx, check: checkC15},
	{ID: "C16", Title: "the user key never comes through a lookup table", Stage: StageTx, check: checkC16},
}

// txView is a strictly decoded transaction with every account classified by index.
type txView struct {
	tx         *solana.Transaction
	nStatic    int
	total      int
	keys       []solana.PublicKey // static, then lookup writable, then lookup readonly
	resolved   []bool             // false for lookup accounts of an unresolved table
	fromLookup []bool
	signer     []bool
	writable   []bool
}

func (v *txView) keyName(i int) string {
	if i < 0 || i >= v.total {
		return fmt.Sprintf("#%d (out of range)", i)
	}
	if !v.resolved[i] {
		return fmt.Sprintf("#%d (unresolved lookup-table account)", i)
	}
	return fmt.Sprintf("#%d %s", i, v.keys[i])
}

// classify builds the view and resolves lookup accounts, applying C12 and C13 as it goes
// (a key cannot be classified through a table that does not hold it). tables maps
// lookup-table accounts to their addresses; nil means offline.
func classify(tx *solana.Transaction, tables map[solana.PublicKey]solana.PublicKeySlice, why string, r *Report) *txView {
	m := &tx.Message
	h := m.Header
	v := &txView{tx: tx, nStatic: len(m.AccountKeys)}
	nReq, nROS, nROU := int(h.NumRequiredSignatures), int(h.NumReadonlySignedAccounts), int(h.NumReadonlyUnsignedAccounts)

	nW, nR := 0, 0
	for i, l := range m.AddressTableLookups {
		if len(l.WritableIndexes)+len(l.ReadonlyIndexes) == 0 {
			r.reject("C12", "lookup %d (table %s) loads no index", i, l.AccountKey)
		}
		nW += len(l.WritableIndexes)
		nR += len(l.ReadonlyIndexes)
	}
	v.total = v.nStatic + nW + nR
	if v.total > 256 {
		r.reject("C12", "%d account keys in total, over 256", v.total)
	}
	v.keys = make([]solana.PublicKey, v.total)
	v.resolved = make([]bool, v.total)
	v.fromLookup = make([]bool, v.total)
	v.signer = make([]bool, v.total)
	v.writable = make([]bool, v.total)
	for i := 0; i < v.nStatic; i++ {
		v.keys[i] = m.AccountKeys[i]
		v.resolved[i] = true
		v.signer[i] = i < nReq
		if i < nReq {
			v.writable[i] = i < nReq-nROS
		} else {
			v.writable[i] = i < v.nStatic-nROU
		}
	}

	if len(m.AddressTableLookups) > 0 && tables == nil {
		ids := make([]string, len(m.AddressTableLookups))
		for i, l := range m.AddressTableLookups {
			ids[i] = l.AccountKey.String()
		}
		if why == "" {
			why = "offline inspection cannot resolve them"
		}
		r.reject("C13", "the transaction loads %d account(s) through lookup table(s) %v that could not be resolved (%s); hidden accounts cannot be checked", nW+nR, ids, why)
	}
	pos := v.nStatic
	fill := func(writable bool) {
		for li, l := range m.AddressTableLookups {
			idxs := l.ReadonlyIndexes
			if writable {
				idxs = l.WritableIndexes
			}
			table, haveTable := tables[l.AccountKey]
			for _, ix := range idxs {
				if pos >= v.total {
					return
				}
				v.fromLookup[pos] = true
				v.writable[pos] = writable
				if haveTable {
					if int(ix) < len(table) {
						v.keys[pos] = table[ix]
						v.resolved[pos] = true
					} else {
						r.reject("C12", "lookup %d reads index %d of table %s, which holds %d addresses", li, ix, l.AccountKey, len(table))
					}
				} else if tables != nil {
					r.reject("C13", "lookup table %s was not resolved", l.AccountKey)
				}
				pos++
			}
		}
	}
	fill(true)
	fill(false)
	return v
}

// checkIndexes records which instructions have every index in range, before any key is
// read through them; C15 reports the others.
func (c *checkCtx) checkIndexes() {
	c.ixOK = make([]bool, len(c.m.Instructions))
	for i, ix := range c.m.Instructions {
		ok := int(ix.ProgramIDIndex) < c.v.total
		for _, a := range ix.Accounts {
			if int(a) >= c.v.total {
				ok = false
			}
		}
		c.ixOK[i] = ok
	}
}

func checkC15(c *checkCtx) {
	for i, ix := range c.m.Instructions {
		if pi := int(ix.ProgramIDIndex); pi >= c.v.total {
			c.r.reject("C15", "instruction %d: program index %d is out of range (%d keys)", i, pi, c.v.total)
		}
		for j, a := range ix.Accounts {
			if int(a) >= c.v.total {
				c.r.reject("C15", "instruction %d: account %d has index %d, out of range (%d keys)", i, j, a, c.v.total)
			}
		}
	}
}

func checkC14(c *checkCtx) {
	for i, ix := range c.m.Instructions {
		switch pi := int(ix.ProgramIDIndex); {
		case pi >= c.v.total:
			// C15
		case pi == 0:
			c.r.reject("C14", "instruction %d: the program id is at index 0, the fee payer's slot", i)
		case pi >= c.v.nStatic:
			c.r.reject("C14", "instruction %d: the program id (index %d) comes through a lookup table; program ids must be static keys", i, pi)
		}
	}
}

func checkC11(c *checkCtx) {
	v := c.v
	seen := make(map[solana.PublicKey]int, v.total)
	for i := 0; i < v.total; i++ {
		if !v.resolved[i] {
			continue
		}
		if j, dup := seen[v.keys[i]]; dup {
			c.r.reject("C11", "key %s appears twice (indexes %d and %d)", v.keys[i], j, i)
		} else {
			seen[v.keys[i]] = i
		}
	}
}

func checkC16(c *checkCtx) {
	v := c.v
	for i := 0; i < v.total; i++ {
		if v.resolved[i] && v.fromLookup[i] && v.keys[i] == c.user {
			c.r.reject("C16", "the user key comes through a lookup table (index %d)", i)
		}
	}
}
