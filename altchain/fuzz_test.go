package altchain

import (
	"testing"

	"github.com/gagliardetto/solana-go"
)

// FuzzInspect feeds arbitrary bytes as the quote's transaction through the strict decoder,
// the validator and the signer: nothing may panic, and an accepted transaction must be
// the three-instruction deposit signed by the user alone. lz picks the LayerZero-shaped
// quote (its program's layout undeclared, its send's accounts derived and named) instead of
// the sandbox program's; the seeds are both baselines and every malicious case of each.
func FuzzInspect(f *testing.F) {
	q, user := baseline(f)
	f.Add(false, q.Transaction)
	for _, c := range badCases() {
		bq, _ := c.build(f)
		f.Add(false, bq.Transaction)
	}
	lq, _ := buildLZ(f, nil)
	for _, c := range lzCases() {
		cq, _ := buildLZ(f, c.mut)
		f.Add(true, cq.Transaction)
	}
	opts, lopts := testOptions(), lzOpts(true)
	signer := testSigner(f)
	f.Fuzz(func(t *testing.T, lz bool, data []byte) {
		fq, o := *q, opts
		if lz {
			fq, o = *lq, lopts
		}
		fq.Transaction = data
		r := Inspect(&fq, user, o)
		if r.Verdict != VerdictOK && r.Verdict != VerdictRejected {
			t.Fatalf("verdict %q", r.Verdict)
		}
		signed, _, err := SignTransaction(data, testBlockhash, signer)
		if r.Rejected() {
			return
		}
		if len(data) > MaxTransactionSize || len(r.Instructions) != 3 || r.FeePayer != user || r.Signatures != 1 {
			t.Fatalf("accepted a transaction that breaks the shape: %+v", r)
		}
		if err != nil {
			t.Fatalf("accepted but cannot sign: %v", err)
		}
		tx, err := solana.TransactionFromBytes(signed)
		if err != nil || tx.VerifySignatures() != nil {
			t.Fatalf("signed bytes do not verify: %v", err)
		}
	})
}
