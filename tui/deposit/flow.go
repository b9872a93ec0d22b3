package deposit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/app"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// The steps of a deposit, in order. Every failure names one of them.
const (
	stepQuote     = "quote"
	stepDecode    = "decode"
	stepValidate  = "validate"
	stepReview    = "review"
	stepBlockhash = "blockhash"
	stepSign      = "sign"
	stepSimulate  = "simulate"
	stepSend      = "send"
	stepConfirm   = "confirm"
)

var stepNames = []string{stepQuote, stepDecode, stepValidate, stepReview, stepBlockhash, stepSign, stepSimulate, stepSend, stepConfirm}

// stepError is a failure of one step.
type stepError struct {
	Step string
	Err  error
}

func (e *stepError) Error() string { return e.Step + ": " + e.Err.Error() }
func (e *stepError) Unwrap() error { return e.Err }

func failAt(step string, err error) error { return &stepError{Step: step, Err: err} }

// usageError is a problem the user fixes in the form or in the profile, not by retrying.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// parseUSDC reads the amount field as smallest units: excess precision is an error naming
// the field, never rounded, and a deposit is at least 5 USDC.
func parseUSDC(field, s string) (uint64, error) {
	v, err := altchain.ParseUSDC(s)
	if err != nil {
		return 0, usagef("%s: %v", field, err)
	}
	if v < altchain.MinUSDCAmount {
		return 0, usagef("%s: %s is below the minimum deposit of 5 USDC", field, strings.TrimSpace(s))
	}
	return v, nil
}

// setup is what a deposit needs from the profile and the key store.
type setup struct {
	profile config.Profile
	user    solana.PublicKey
	opts    *altchain.Options
}

// optionsFor is the profile's cluster with its pins and fee cap.
func optionsFor(p config.Profile) (*altchain.Options, error) {
	c, ok := altchain.ClusterByName(p.SolanaCluster)
	if !ok {
		return nil, usagef("profile %s: solana_cluster %q: expected mainnet, devnet, testnet or sandbox; set it on the Settings screen", p.Name, p.SolanaCluster)
	}
	pin := p.Pins[c.ProfileName()]
	c, err := c.Pinned(pin.ProgramID, pin.USDCMint, pin.DepositAccount, p.FeeCap())
	if err != nil {
		return nil, usagef("profile %s: %v", p.Name, err)
	}
	return &altchain.Options{Clusters: []altchain.ClusterInfo{c}}, nil
}

// loadSetup reads the profile and the Solana key's address (no secret is read).
func loadSetup(s *app.App) (*setup, error) {
	if s == nil {
		return nil, usagef("no profile is loaded")
	}
	p := s.Profile()
	if p.SolanaKey == "" {
		return nil, usagef("profile %s has no Solana key: add or import one on the Keys screen", p.Name)
	}
	if p.SolanaRPC == "" {
		return nil, usagef("profile %s has no solana_rpc: set it on the Settings screen", p.Name)
	}
	opts, err := optionsFor(p)
	if err != nil {
		return nil, err
	}
	ks, err := s.Keys(nil)
	if err != nil {
		return nil, err
	}
	e, err := ks.Get(p.SolanaKey)
	if err != nil {
		return nil, err
	}
	if e.Kind != keystore.KindSolana {
		return nil, usagef("solana_key %q is a %s key, not a Solana key: pick another on the Keys screen", p.SolanaKey, e.Kind)
	}
	u, err := solana.PublicKeyFromBase58(e.Address)
	if err != nil {
		return nil, fmt.Errorf("solana_key %q: address %q: %v", p.SolanaKey, e.Address, err)
	}
	return &setup{profile: p, user: u, opts: opts}, nil
}

// quoteInput is what the form asks for.
type quoteInput struct {
	Amount   uint64 // 0: take it from the quote file
	Currency string
	File     string // "" asks the partner API
}

// quoteOut is the result of the quote and decode steps.
type quoteOut struct {
	Setup  *setup
	Quote  *altchain.Quote
	Source string
	// Locked: the partner key's passphrase is needed; nothing was requested.
	Locked bool
}

// fetchQuote runs the quote and decode steps.
func fetchQuote(ctx context.Context, s *app.App, in quoteInput, u *app.Unlock) (*quoteOut, error) {
	st, err := loadSetup(s)
	if err != nil {
		return nil, failAt(stepQuote, err)
	}
	out := &quoteOut{Setup: st}
	if in.File != "" {
		out.Source = "file " + in.File
		f, err := os.Open(in.File)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, failAt(stepQuote, usagef("quote file %s: %v", in.File, err))
		}
		defer f.Close()
		q, err := altchain.ParseQuote(f)
		if err != nil {
			var ae *altchain.APIError
			if errors.As(err, &ae) {
				return nil, failAt(stepQuote, fmt.Errorf("the quote file holds a service error, not a quote: %w", err))
			}
			return nil, failAt(stepDecode, err)
		}
		out.Quote = q
	} else {
		p := st.profile
		out.Source = "partner API " + p.PartnerAPI
		q, err := requestQuote(ctx, s, st, in, u)
		if err != nil {
			return nil, failAt(stepQuote, err)
		}
		out.Quote = q
	}
	if err := checkRequested(out.Quote, in.Amount); err != nil {
		return nil, failAt(stepDecode, err)
	}
	if out.Quote.Transaction == nil {
		return nil, failAt(stepDecode, errors.New("the quote carries no transaction; purse builds none for an unknown program"))
	}
	return out, nil
}

// requestQuote asks the partner API for a quote signed with the profile's partner key.
func requestQuote(ctx context.Context, s *app.App, st *setup, in quoteInput, u *app.Unlock) (*altchain.Quote, error) {
	p := st.profile
	if p.PartnerAPI == "" {
		return nil, usagef("profile %s has no partner_api: set it on the Settings screen, or load a quote file", p.Name)
	}
	if p.PartnerKey == "" {
		return nil, usagef("profile %s has no partner_key: set it on the Settings screen, or load a quote file", p.Name)
	}
	req, err := altchain.NewQuoteRequest(p.TokenID, st.user, p.SolanaCluster, in.Amount, in.Currency, 0, nil)
	if err != nil {
		return nil, usagef("profile %s: %v (the account id is on the Account screen, the cluster on Settings)", p.Name, err)
	}
	ks, err := s.Keys(u)
	if err != nil {
		return nil, err
	}
	signer, err := ks.EVMSigner(p.PartnerKey, p.Name)
	if err != nil {
		return nil, err
	}
	pc := &altchain.PartnerClient{BaseURL: p.PartnerAPI, Signer: signer, Variant: wallet.PartnerAuthVariant(p.PartnerAuth)}
	res, err := pc.Quote(ctx, req)
	if err != nil {
		return nil, err
	}
	return res.Quote, nil
}

// checkRequested records the amount the user asked for; a quote that carries another one
// is refused. amount 0 accepts the quote's own (a quote file that carries usdcAmount).
func checkRequested(q *altchain.Quote, amount uint64) error {
	switch {
	case amount == 0 && !q.HasRequested:
		return usagef("amount: the quote file does not say how much USDC it is for; enter the amount you asked for")
	case amount == 0:
		return nil
	}
	return q.CheckRequested(amount, q.MinUSDCAmount)
}

// verify runs the validate step: every static rule and the rules that need the chain.
func verify(ctx context.Context, s *app.App, qo *quoteOut) (*altchain.Report, error) {
	rpc, err := s.Solana()
	if err != nil {
		return nil, failAt(stepValidate, err)
	}
	r, err := altchain.Verify(ctx, rpc, qo.Quote, qo.Setup.user, qo.Setup.opts)
	if err != nil {
		return nil, failAt(stepValidate, err)
	}
	return r, nil
}

// event is one piece of progress a running task reports.
type event struct {
	Step   string
	Detail string
	Send   sendStats
}

// sendStats is what the send and confirm steps have seen so far.
type sendStats struct {
	Sends       int    // sendTransaction calls, the first one included
	Status      string // last confirmation status; "" when the cluster has not seen it
	Height      uint64 // last block height read
	LastValid   uint64
	TxErr       string
	StatusPolls int
}

// reporter delivers events to the screen without ever blocking the task: the channel is
// buffered and an event that does not fit is dropped (the task's result is authoritative).
type reporter struct {
	ch   chan event
	once sync.Once
	mu   sync.Mutex
	last string
}

func newReporter() *reporter { return &reporter{ch: make(chan event, 256)} }

func (r *reporter) emit(ev event) {
	r.mu.Lock()
	if ev.Step != "" {
		r.last = ev.Step
	}
	r.mu.Unlock()
	select {
	case r.ch <- ev:
	default:
	}
}

func (r *reporter) lastStep() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

func (r *reporter) close() { r.once.Do(func() { close(r.ch) }) }

// progressCluster reports which step altchain.Prepare is in.
type progressCluster struct {
	altchain.Cluster
	rep *reporter
}

func (c progressCluster) GenesisHash(ctx context.Context) (string, error) {
	c.rep.emit(event{Step: stepValidate, Detail: "checking the quote again against the cluster"})
	return c.Cluster.GenesisHash(ctx)
}

func (c progressCluster) LatestBlockhash(ctx context.Context) (altchain.Blockhash, error) {
	c.rep.emit(event{Step: stepBlockhash, Detail: "asking for a fresh blockhash (confirmed)"})
	bh, err := c.Cluster.LatestBlockhash(ctx)
	if err == nil {
		c.rep.emit(event{Step: stepSign, Detail: fmt.Sprintf("blockhash %s, valid until block %d; signing with your Solana key only", bh.Hash, bh.LastValidBlockHeight)})
	}
	return bh, err
}

func (c progressCluster) Simulate(ctx context.Context, tx []byte, accounts []solana.PublicKey) (*altchain.SimulationResult, error) {
	c.rep.emit(event{Step: stepSimulate, Detail: "simulating the signed bytes with signature verification"})
	return c.Cluster.Simulate(ctx, tx, accounts)
}

// progressSigner reports the sign step.
type progressSigner struct {
	wallet.SolanaSigner
	rep *reporter
}

func (s progressSigner) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	s.rep.emit(event{Step: stepSign, Detail: "signing with " + s.PublicKey().String() + " only"})
	sig, err := s.SolanaSigner.SignMessage(p, msg)
	if err == nil {
		s.rep.emit(event{Step: stepSimulate, Detail: "signed " + sig.String()})
	}
	return sig, err
}

// prepareOut is the result of the blockhash, sign and simulate steps.
type prepareOut struct {
	Prepared *altchain.Prepared
	// Report is the latest report (re-verified and simulated), also on a rejection.
	Report *altchain.Report
	// Locked: the Solana key's passphrase is needed; nothing was signed.
	Locked bool
}

// prepare runs altchain.Prepare (re-validation, fresh blockhash, sign with the user key
// only, simulation with sigVerify) and names the step that failed.
func prepare(ctx context.Context, s *app.App, qo *quoteOut, u *app.Unlock, rep *reporter) (*prepareOut, error) {
	defer rep.close()
	signer, err := s.SolanaSigner(u)
	if err != nil {
		return nil, failAt(stepSign, err)
	}
	if signer.PublicKey() != qo.Setup.user {
		return nil, failAt(stepSign, fmt.Errorf("the key %s is not %s, the address the quote was made for", signer.PublicKey(), qo.Setup.user))
	}
	rpc, err := s.Solana()
	if err != nil {
		return nil, failAt(stepBlockhash, err)
	}
	p, err := altchain.Prepare(ctx, progressCluster{rpc, rep}, qo.Quote, progressSigner{signer, rep}, qo.Setup.opts)
	out := &prepareOut{Prepared: p}
	if p != nil {
		out.Report = p.Report
	}
	if err != nil {
		step := rep.lastStep()
		if step == "" {
			step = stepValidate
		}
		return out, failAt(step, err)
	}
	return out, nil
}

// progressSender reports what altchain.Send does: sends, re-broadcasts, statuses, heights.
type progressSender struct {
	altchain.Sender
	rep *reporter
	mu  sync.Mutex
	st  sendStats
}

func (s *progressSender) snapshot() sendStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st
}

func (s *progressSender) SendTransaction(ctx context.Context, signed []byte) (solana.Signature, error) {
	s.mu.Lock()
	s.st.Sends++
	st := s.st
	s.mu.Unlock()
	detail := "sending the signed bytes"
	if st.Sends > 1 {
		detail = fmt.Sprintf("re-broadcasting the identical bytes (%d)", st.Sends-1)
	}
	s.rep.emit(event{Step: stepSend, Detail: detail, Send: st})
	return s.Sender.SendTransaction(ctx, signed)
}

func (s *progressSender) SignatureStatus(ctx context.Context, sig solana.Signature) (*altchain.SignatureStatus, error) {
	v, err := s.Sender.SignatureStatus(ctx, sig)
	s.mu.Lock()
	s.st.StatusPolls++
	if err == nil {
		if v == nil {
			s.st.Status = ""
		} else {
			s.st.Status, s.st.TxErr = v.ConfirmationStatus, v.Err
		}
	}
	st := s.st
	s.mu.Unlock()
	s.rep.emit(event{Step: stepConfirm, Send: st})
	return v, err
}

func (s *progressSender) BlockHeight(ctx context.Context) (uint64, error) {
	h, err := s.Sender.BlockHeight(ctx)
	if err == nil {
		s.mu.Lock()
		s.st.Height = h
		st := s.st
		s.mu.Unlock()
		s.rep.emit(event{Step: stepConfirm, Send: st})
	}
	return h, err
}

// sendOut is the result of the send and confirm steps.
type sendOut struct {
	Status *altchain.SignatureStatus
	Stats  sendStats
}

// send runs altchain.Send: the same signed bytes, polled until confirmed, re-broadcast
// while the blockhash is valid; it never re-signs.
func send(ctx context.Context, s *app.App, p *altchain.Prepared, poll time.Duration, rep *reporter) (*sendOut, error) {
	defer rep.close()
	rpc, err := s.Solana()
	if err != nil {
		return nil, failAt(stepSend, err)
	}
	ps := &progressSender{Sender: rpc, rep: rep, st: sendStats{LastValid: p.LastValidBlockHeight}}
	st, err := altchain.Send(ctx, ps, p, poll)
	out := &sendOut{Status: st, Stats: ps.snapshot()}
	if err != nil {
		step := stepConfirm
		if out.Stats.Sends <= 1 && out.Stats.StatusPolls == 0 {
			step = stepSend
		}
		return out, failAt(step, err)
	}
	return out, nil
}

// finalize keeps polling a confirmed signature until it is finalized (or gives up).
func finalize(ctx context.Context, s *app.App, sig solana.Signature, poll time.Duration, rep *reporter) (string, error) {
	defer rep.close()
	rpc, err := s.Solana()
	if err != nil {
		return "", err
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	last := "confirmed"
	for {
		st, err := rpc.SignatureStatus(ctx, sig)
		if err == nil && st != nil {
			last = st.ConfirmationStatus
			rep.emit(event{Step: stepConfirm, Send: sendStats{Status: last}})
			if last == "finalized" {
				return last, nil
			}
		}
		select {
		case <-ctx.Done():
			return last, nil
		case <-t.C:
		}
	}
}
