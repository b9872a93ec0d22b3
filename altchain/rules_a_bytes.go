package altchain

import (
	"bytes"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"
)

// Section A of the checklist: the bytes.
var rulesA = []Rule{
	{ID: "A1", Title: "decoded size ≤ 1232 bytes; strict base64", Stage: StageDecode, Where: "decodeStrict (and ParseQuote for the base64)"},
	{ID: "A2", Title: "no trailing bytes; canonical encoding", Stage: StageDecode, Where: "decodeStrict"},
	{ID: "A3", Title: "message version byte is exactly 0x80 (v0)", Stage: StageDecode, Where: "decodeStrict"},
	{ID: "A4", Title: "signature count equals numRequiredSignatures, and is 1", Stage: StageTx, check: checkA4},
	{ID: "A5", Title: "every incoming signature slot is all zero", Stage: StageTx, check: checkA5},
}

// decodeStrict applies A1..A3 to raw bytes and decodes them with solana-go: every other
// rule needs the decoded transaction, so these three run first, while decoding.
func decodeStrict(raw []byte, r *Report) (tx *solana.Transaction) {
	if len(raw) == 0 {
		r.reject("A2", "the transaction is empty")
		return nil
	}
	if len(raw) > MaxTransactionSize {
		r.reject("A1", "the transaction is %d bytes, over the %d-byte limit", len(raw), MaxTransactionSize)
		return nil
	}
	n, size, err := bin.DecodeCompactU16(raw)
	if err != nil {
		r.reject("A2", "bad signature count: %v", err)
		return nil
	}
	off := size + 64*n
	if off >= len(raw) {
		r.reject("A2", "truncated: %d signature slots leave no message", n)
		return nil
	}
	switch v := raw[off]; {
	case v < 0x80:
		r.reject("A3", "legacy message (first message byte 0x%02x); only a v0 message (0x80) is accepted", v)
		return nil
	case v != 0x80:
		r.reject("A3", "message version byte 0x%02x; only 0x80 (v0) is accepted", v)
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			r.reject("A2", "the decoder failed on malformed bytes: %v", p)
			tx = nil
		}
	}()
	dec := bin.NewBinDecoder(raw)
	tx = new(solana.Transaction)
	if err := tx.UnmarshalWithDecoder(dec); err != nil {
		r.reject("A2", "not a well-formed v0 transaction: %v", err)
		return nil
	}
	if rem := dec.Remaining(); rem != 0 {
		r.reject("A2", "%d trailing bytes after the transaction", rem)
		return nil
	}
	msg, err := tx.Message.MarshalBinary()
	if err != nil || !bytes.Equal(msg, raw[off:]) {
		r.reject("A2", "non-canonical encoding: re-encoding the message does not give the input bytes")
		return nil
	}
	return tx
}

func checkA4(c *checkCtx) {
	if len(c.tx.Signatures) != c.nReq {
		c.r.reject("A4", "%d signature slots but the header requires %d", len(c.tx.Signatures), c.nReq)
	} else if c.nReq != 1 {
		c.r.reject("A4", "%d signatures required; only the user's single signature is allowed", c.nReq)
	}
}

func checkA5(c *checkCtx) {
	for i, s := range c.tx.Signatures {
		if !s.IsZero() {
			c.r.reject("A5", "signature slot %d is pre-filled; every incoming slot must be zero", i)
		}
	}
}
