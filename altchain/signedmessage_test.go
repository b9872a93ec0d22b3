package altchain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// recorder is a SolanaSigner that keeps the request it was asked to sign.
type recorder struct {
	*wallet.SolanaKey
	got wallet.Request
}

func (r *recorder) SignSolanaRequest(req wallet.Request) (solana.Signature, error) {
	r.got = req
	return r.SignMessage(req.Purpose, req.Message)
}

// What a signer in another process gets is the message and the quote it came from, and
// CheckSignedMessage accepts that message and nothing else: the same transaction with
// another blockhash passes, any other change fails.
func TestCheckSignedMessage(t *testing.T) {
	q, _ := baseline(t)
	rec := &recorder{SolanaKey: testSigner(t)}
	bh := testKeyHash("fresh blockhash")
	if _, _, err := signTransaction(q, q.Transaction, bh, rec); err != nil {
		t.Fatal(err)
	}
	if rec.got.Purpose != wallet.PurposeSolanaTx || len(rec.got.Quote) == 0 {
		t.Fatalf("request %+v", rec.got)
	}
	var back Quote
	if err := json.Unmarshal(rec.got.Quote, &back); err != nil {
		t.Fatalf("the quote does not travel: %v", err)
	}
	if err := CheckSignedMessage(&back, rec.got.Message); err != nil {
		t.Fatalf("the signed message: %v", err)
	}

	tx := decodeTx(t, q.Transaction)
	tx.Message.RecentBlockhash = bh
	tx.Message.Instructions[len(tx.Message.Instructions)-1].Data = append([]byte(nil), tx.Message.Instructions[len(tx.Message.Instructions)-1].Data...)
	tx.Message.Instructions[len(tx.Message.Instructions)-1].Data[0] ^= 0xff
	other, err := tx.Message.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSignedMessage(&back, other); err == nil || !strings.Contains(err.Error(), "not the quote's transaction") {
		t.Fatalf("a changed instruction: %v", err)
	}
	if err := CheckSignedMessage(&back, []byte{1, 2, 3}); err == nil {
		t.Fatal("garbage passed")
	}
}
