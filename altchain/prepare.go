package altchain

import (
	"context"
	"errors"
	"fmt"
	"slices"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// Prepared is a deposit that passed every rule, signed and simulated, ready to send.
type Prepared struct {
	Signed               []byte
	Signature            solana.Signature
	Blockhash            solana.Hash
	LastValidBlockHeight uint64
	// QuoteValidUntil is the quote's lastValidBlockHeight (0: none): when it ends before the
	// blockhash, Send re-broadcasts only until it, so a deposit is not pushed to land on an
	// expired quote (it still waits for the blockhash's end to settle what happened).
	QuoteValidUntil uint64
	Report          *Report
}

// EndsFirst says which of the blockhash and the quote ends first, in words, for progress and
// the review.
func (p *Prepared) EndsFirst() string {
	switch {
	case p.QuoteValidUntil == 0:
		return fmt.Sprintf("the blockhash is valid until block %d", p.LastValidBlockHeight)
	case p.QuoteValidUntil < p.LastValidBlockHeight:
		return fmt.Sprintf("the quote ends first, at block %d (the blockhash at %d): purse sends only until then", p.QuoteValidUntil, p.LastValidBlockHeight)
	default:
		return fmt.Sprintf("the blockhash ends first, at block %d (the quote at %d)", p.LastValidBlockHeight, p.QuoteValidUntil)
	}
}

// Prepare runs the whole gate for the quote's transaction: Verify (static + online rules),
// a fresh blockhash at "confirmed" (E23), signing with the user key only (G27), and
// simulation of the signed bytes with signature verification (G28, G29). The report is
// returned with the error when the transaction is rejected.
func Prepare(ctx context.Context, c Cluster, q *Quote, signer wallet.SolanaSigner, opts *Options) (*Prepared, error) {
	if q == nil || q.Transaction == nil {
		return nil, errNoTransaction
	}
	if signer == nil {
		return nil, errors.New("altchain: prepare: no signer")
	}
	r, err := Verify(ctx, c, q, signer.PublicKey(), opts)
	if err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	bh, err := c.LatestBlockhash(ctx)
	if err != nil {
		return nil, fmt.Errorf("altchain: latest blockhash: %w", err)
	}
	p, err := signAndSimulate(ctx, c, q, r, bh.Hash, signer)
	if p != nil {
		p.LastValidBlockHeight, p.QuoteValidUntil = bh.LastValidBlockHeight, q.LastValidBlockHeight
	}
	return p, err
}

// SignChecked is the part of the gate that holds the key, for a signer that did not choose
// the blockhash itself (the signing gate of app, in the process or in the agent): msg must be
// the message of q's transaction with only its blockhash replaced (E23), the quote passes
// Verify under opts, and the transaction is signed with the user key only (G27) and
// simulated signed (G28, G29). The signature it returns has not been released to anyone:
// the caller shows the report and hands the signature out only on approval.
// LastValidBlockHeight is left zero: the caller that fetched the blockhash knows it.
func SignChecked(ctx context.Context, c Cluster, q *Quote, msg []byte, signer wallet.SolanaSigner, opts *Options) (*Prepared, error) {
	if q == nil || q.Transaction == nil {
		return nil, errNoTransaction
	}
	if signer == nil {
		return nil, errors.New("altchain: sign: no signer")
	}
	if err := CheckSignedMessage(q, msg); err != nil {
		return nil, err
	}
	var m solana.Message
	if err := m.UnmarshalWithDecoder(bin.NewBinDecoder(msg)); err != nil {
		return nil, fmt.Errorf("altchain: the message to sign does not decode: %v", err)
	}
	r, err := Verify(ctx, c, q, signer.PublicKey(), opts)
	if err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	return signAndSimulate(ctx, c, q, r, m.RecentBlockhash, signer)
}

// PreviewChecked is SignChecked for a key on a device, whose signature must come after the
// review (the device asks last): the same checks of msg and the quote, and the simulation of
// the unsigned transaction (sigVerify false) for the review's findings and balance changes.
// The returned Prepared holds no signature; FinishChecked simulates the signed bytes before
// the signature is released.
func PreviewChecked(ctx context.Context, c Cluster, q *Quote, msg []byte, user solana.PublicKey, opts *Options) (*Prepared, error) {
	if q == nil || q.Transaction == nil {
		return nil, errNoTransaction
	}
	if err := CheckSignedMessage(q, msg); err != nil {
		return nil, err
	}
	var m solana.Message
	if err := m.UnmarshalWithDecoder(bin.NewBinDecoder(msg)); err != nil {
		return nil, fmt.Errorf("altchain: the message to sign does not decode: %v", err)
	}
	if n := int(m.Header.NumRequiredSignatures); n != 1 || len(m.AccountKeys) == 0 || m.AccountKeys[0] != user {
		return nil, fmt.Errorf("altchain: sign (G27): the key %s is not the transaction's only signer", user)
	}
	r, err := Verify(ctx, c, q, user, opts)
	if err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	unsigned, err := (&solana.Transaction{Signatures: []solana.Signature{{}}, Message: m}).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("altchain: %v", err)
	}
	r.RecentBlockhash = m.RecentBlockhash
	if err := simulateChecked(ctx, c, c.SimulateUnverified, q, user, unsigned, r); err != nil {
		return &Prepared{Report: r}, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	return &Prepared{Blockhash: m.RecentBlockhash, Report: r}, nil
}

// FinishChecked completes a PreviewChecked deposit with the device's signature: it must
// verify over msg, and the signed bytes are simulated (G28, G29). The report is preview's
// with the unsigned simulation's findings replaced by the signed bytes', so it is what
// SignChecked would have given a key in the process; only a deposit that passes gets its
// signed bytes.
func FinishChecked(ctx context.Context, c Cluster, q *Quote, msg []byte, user solana.PublicKey, sig solana.Signature, preview *Report) (*Prepared, error) {
	if preview == nil {
		return nil, errors.New("altchain: finish: no preview report")
	}
	signed, err := WithSignature(msg, user, sig)
	if err != nil {
		return nil, err
	}
	r := *preview
	r.Findings = slices.DeleteFunc(slices.Clone(preview.Findings), func(f Finding) bool { return f.Rule == "G28" || f.Rule == "G29" })
	r.Simulated = nil
	if err := SimulateSigned(ctx, c, q, user, signed, &r); err != nil {
		return &Prepared{Report: &r}, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: &r}, err
	}
	return &Prepared{Signed: signed, Signature: sig, Blockhash: r.RecentBlockhash, Report: &r}, nil
}

// signAndSimulate signs q's transaction under blockhash bh and simulates the signed bytes,
// adding the findings to r (Verify's report of the same quote).
func signAndSimulate(ctx context.Context, c Cluster, q *Quote, r *Report, bh solana.Hash, signer wallet.SolanaSigner) (*Prepared, error) {
	signed, sig, err := signTransaction(q, q.Transaction, bh, signer)
	if err != nil {
		return &Prepared{Report: r}, err
	}
	r.RecentBlockhash = bh
	if err := SimulateSigned(ctx, c, q, signer.PublicKey(), signed, r); err != nil {
		return &Prepared{Report: r}, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	return &Prepared{Signed: signed, Signature: sig, Blockhash: bh, Report: r}, nil
}

// MessageWithBlockhash is the message a deposit's signer signs: q's transaction's message
// with its recent blockhash replaced by bh (E23), nothing else changed.
func MessageWithBlockhash(q *Quote, bh solana.Hash) ([]byte, error) {
	if q == nil || q.Transaction == nil {
		return nil, errNoTransaction
	}
	r := &Report{}
	tx := decodeStrict(q.Transaction, r)
	if tx == nil {
		r.finish()
		return nil, r.Err()
	}
	if bh.IsZero() {
		return nil, errors.New("altchain: sign (E23): no fresh blockhash")
	}
	tx.Message.RecentBlockhash = bh
	return tx.Message.MarshalBinary()
}

// WithSignature is the transaction of message msg (MessageWithBlockhash) signed by the user
// alone with sig, serialized to send; sig must verify over msg.
func WithSignature(msg []byte, user solana.PublicKey, sig solana.Signature) ([]byte, error) {
	if !wallet.VerifySolana(user, msg, sig) {
		return nil, errors.New("altchain: the signature does not verify over the message; it is not sent")
	}
	var m solana.Message
	if err := m.UnmarshalWithDecoder(bin.NewBinDecoder(msg)); err != nil {
		return nil, fmt.Errorf("altchain: the signed message does not decode: %v", err)
	}
	tx := solana.Transaction{Signatures: []solana.Signature{sig}, Message: m}
	return tx.MarshalBinary()
}
