package altchain

import (
	"github.com/gagliardetto/solana-go"
)

// Section E of the checklist: the transaction's lifetime.
var rulesE = []Rule{
	{ID: "E22", Title: "no durable nonce (AdvanceNonceAccount, the RecentBlockhashes sysvar)", Stage: StageTx, check: checkE22},
	{ID: "E23", Title: "the quote's validity is shown; the blockhash is replaced before signing", Stage: StageTx, check: checkE23},
	{ID: "E23", Title: "the quote has not expired: the block height is under its lastValidBlockHeight", Stage: StageOnline, Where: "Verify"},
	{ID: "E23", Title: "a fresh blockhash (commitment confirmed) replaces the quote's", Stage: StageSign, Where: "Prepare, SignTransaction"},
}

func checkE22(c *checkCtx) {
	v := c.v
	for i := 0; i < v.total; i++ {
		if v.resolved[i] && v.keys[i] == solana.SysVarRecentBlockHashesPubkey {
			c.r.reject("E22", "the RecentBlockhashes sysvar is referenced (index %d): a durable-nonce transaction never expires", i)
		}
	}
	for i, ix := range c.m.Instructions {
		if prog, ok := c.program(i); ok && isAdvanceNonce(prog, ix.Data) {
			c.r.reject("E22", "instruction %d is System AdvanceNonceAccount: a durable-nonce transaction never expires", i)
		}
	}
}

func checkE23(c *checkCtx) {
	c.r.info("E23", "the quote is valid until block height %d; the blockhash is replaced with a fresh one before signing", c.q.LastValidBlockHeight)
}
