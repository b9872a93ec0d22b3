package altchain

import (
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
)

// TestRuntimeView: a rejected quote's review shows what the runtime would do with it — the
// program each instruction really names, the compute limit and price the runtime applies
// when the instructions are missing or malformed, the fee that follows — never zeros that
// look like a cheap transaction, nor the zero key (which reads as the System program).
func TestRuntimeView(t *testing.T) {
	dropIx := func(i int) func(testing.TB, *solana.Transaction, *Quote, solana.PublicKey) {
		return func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
			m := &tx.Message
			m.Instructions = append(m.Instructions[:i:i], m.Instructions[i+1:]...)
		}
	}
	for _, c := range []struct {
		name         string
		mut          func(testing.TB, *solana.Transaction, *Quote, solana.PublicKey)
		limit        uint32
		price        uint64
		fee          uint64
		note, refuse string
	}{
		// price (builtin: 3,000) + deposit (200,000)
		{name: "no limit instruction", mut: dropIx(0), limit: 203_000, price: 1000, fee: 203, note: "no SetComputeUnitLimit"},
		{name: "no price instruction", mut: dropIx(1), limit: 400_000, price: 0, fee: 0, note: "no SetComputeUnitPrice"},
		{name: "limit above the maximum", mut: setIx(0, limitData(2_000_000)), limit: 1_400_000, price: 1000, fee: 1400, note: "above the runtime's maximum"},
		{name: "trailing byte in the limit", mut: setIx(0, cat(limitData(600_000), []byte{9})), limit: 600_000, price: 1000, fee: 600},
		{name: "short limit data", mut: setIx(0, []byte{2, 1}), refuse: "InvalidInstructionData"},
		{name: "duplicate price", mut: setIx(0, priceData(5)), refuse: "DuplicateInstruction(1)"},
		{name: "deposit account index out of range", mut: func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
			tx.Message.Instructions[2].Accounts[3] = 240
		}, refuse: "SanitizeFailure"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, user := badCase{mutTx: c.mut}.build(t)
			r := Inspect(q, user, testOptions())
			if !r.Rejected() {
				t.Fatalf("accepted: %v", r.Findings)
			}
			if r.ComputeUnitLimit != c.limit || r.ComputeUnitPrice != c.price || r.PriorityFeeLamports != c.fee {
				t.Fatalf("runtime budget: limit %d price %d fee %d; want %d %d %d (%s)", r.ComputeUnitLimit, r.ComputeUnitPrice, r.PriorityFeeLamports, c.limit, c.price, c.fee, r.ComputeBudgetNote)
			}
			if want := uint64(5000) + c.fee + q.NativeFeeLamportsWithBuffer; r.TotalCostLamports != want {
				t.Fatalf("total %d, want %d", r.TotalCostLamports, want)
			}
			if !strings.Contains(r.ComputeBudgetNote, c.note) || (c.note == "") != (r.ComputeBudgetNote == "") {
				t.Fatalf("note %q, want %q", r.ComputeBudgetNote, c.note)
			}
			if !strings.Contains(r.RuntimeRefusal, c.refuse) || (c.refuse == "") != (r.RuntimeRefusal == "") {
				t.Fatalf("refusal %q, want %q", r.RuntimeRefusal, c.refuse)
			}
		})
	}
}

func TestRuntimeViewNamesPrograms(t *testing.T) {
	// An account index out of range: the program is still the one the instruction names.
	q, user := badCase{mutTx: func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
		tx.Message.Instructions[2].Accounts[1] = 200
	}}.build(t)
	r := Inspect(q, user, testOptions())
	ix := r.Instructions[2]
	if !ix.ProgramKnown || ix.Program != q.ProgramID || len(ix.Accounts) != 7 || !ix.Accounts[1].OutOfRange || ix.Accounts[0].Key != user {
		t.Fatalf("instruction 2: %+v", ix)
	}
	// A program index out of range names no program: not the zero key, which reads as System.
	q, user = badCase{mutTx: func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
		tx.Message.Instructions[2].ProgramIDIndex = 250
	}}.build(t)
	r = Inspect(q, user, testOptions())
	v := r.View(user)
	if ix := r.Instructions[2]; ix.ProgramKnown || v.Instructions[2].Program != "" || !strings.Contains(ix.Summary, "out of range") {
		t.Fatalf("out-of-range program shown as %q (%+v)", v.Instructions[2].Program, ix)
	}
	// A limit with a trailing byte: the summary says what the runtime reads and why purse refuses.
	q, user = badCase{mutTx: setIx(0, cat(limitData(600_000), []byte{9}))}.build(t)
	r = Inspect(q, user, testOptions())
	if s := r.Instructions[0].Summary; !strings.Contains(s, "SetComputeUnitLimit 600000 as the runtime reads it") || !strings.Contains(s, "purse rejects it") {
		t.Fatalf("summary %q", s)
	}
}
