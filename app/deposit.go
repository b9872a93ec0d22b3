package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/altchain"
	"purse/config"
	"purse/internal/format"
	"purse/keystore"
	"purse/protocol"
	"purse/wallet"
)

// The steps of a Solana deposit, in order. Every failure names one of them (StepError),
// and progress events say which one is running.
const (
	StepQuote     = "quote"
	StepDecode    = "decode"
	StepValidate  = "validate"
	StepReview    = "review"
	StepBlockhash = "blockhash"
	StepSign      = "sign"
	StepSimulate  = "simulate"
	StepSend      = "send"
	StepConfirm   = "confirm"
)

// DepositSteps are the steps in order (design §2.7): the review comes after the simulation,
// so the user approves what the simulation found.
var DepositSteps = []string{StepQuote, StepDecode, StepValidate, StepBlockhash, StepSign, StepSimulate, StepReview, StepSend, StepConfirm}

// ParseDepositAmount reads a deposit amount as smallest units: excess precision is an
// error naming the field, never rounded, and a deposit is at least 5 USDC.
func ParseDepositAmount(field, s string) (uint64, error) {
	v, err := altchain.ParseUSDC(s)
	if err != nil {
		return 0, &FieldError{Field: field, Err: err}
	}
	if v < altchain.MinUSDCAmount {
		return 0, fieldErr(field, "%s is below the minimum deposit of 5 USDC", strings.TrimSpace(s))
	}
	return v, nil
}

// MinUSDCRule explains minUsdcAmount (spec 4.4): purse omits it unless the user gives one.
const MinUSDCRule = "(the contract compares it with the amount after its fees, so a USDC-only deposit should omit it or use 0)"

// ParseDepositAmounts reads the fields "amount" (when given: at least the minimum deposit)
// and "min-usdc" (minUsdcAmount, only with an amount).
func ParseDepositAmounts(amount, minAmount string) (amt, mn uint64, err error) {
	if amount != "" {
		if amt, err = ParseDepositAmount("amount", amount); err != nil {
			return 0, 0, err
		}
	}
	if minAmount != "" {
		if amount == "" {
			return 0, 0, fieldErr("min-usdc", "goes with an amount")
		}
		if mn, err = altchain.ParseUSDC(minAmount); err != nil {
			return 0, 0, &FieldError{Field: "min-usdc", Err: err}
		}
	}
	return amt, mn, nil
}

// Inspection is an offline inspection's input: the quote file ("-": Stdin), the Solana
// address that would sign, the requested amounts when the file does not carry them, and
// optionally the one cluster to accept.
type Inspection struct {
	File              string
	Stdin             io.Reader
	User              string
	Amount, MinAmount string
	Cluster           string
}

// Inspected is a quote and the report of every static rule on it.
type Inspected struct {
	Quote  *altchain.Quote
	User   solana.PublicKey
	Report *altchain.Report
}

// Inspect runs every static rule of the checklist on a quote file, with no network: the
// profile only contributes pins and the fee cap. A refusing report is not an error here;
// Rejection makes it one.
func (sv Deposit) Inspect(in Inspection) (Inspected, error) {
	s := sv.s
	u, err := solana.PublicKeyFromBase58(in.User)
	if err != nil || u.String() != in.User {
		return Inspected{}, fieldErr("user", "expected the Solana address that will sign (base58), got %q", in.User)
	}
	amt, mn, err := ParseDepositAmounts(in.Amount, in.MinAmount)
	if err != nil {
		return Inspected{}, err
	}
	opts, err := s.inspectOptions(in.Cluster)
	if err != nil {
		return Inspected{}, err
	}
	q, err := ReadQuote(in.File, in.Stdin)
	if err != nil {
		return Inspected{}, err
	}
	if in.Amount != "" {
		if err := CheckRequested(q, amt, mn); err != nil {
			return Inspected{}, err
		}
	}
	return Inspected{Quote: q, User: u, Report: altchain.Inspect(q, u, opts)}, nil
}

// DepositSetup is what a deposit needs from the profile and the key store.
type DepositSetup struct {
	Profile config.Profile
	User    solana.PublicKey
	Opts    *altchain.Options
}

// DepositOptions is the profile's cluster with its pins and fee cap.
func DepositOptions(p config.Profile) (*altchain.Options, error) {
	c, ok := altchain.ClusterByName(p.SolanaCluster)
	if !ok {
		return nil, Usagef("profile %s: solana_cluster %q: expected mainnet, devnet, testnet or sandbox; set it on the Settings screen or with `purse profile set solana_cluster=devnet`", p.Name, p.SolanaCluster)
	}
	c, err := c.Pinned(pinSettings(p, c))
	if err != nil {
		return nil, Usagef("profile %s: %v", p.Name, err)
	}
	layouts, err := ProfileLayouts(p)
	if err != nil {
		return nil, err
	}
	return &altchain.Options{Clusters: []altchain.ClusterInfo{c}, Layouts: layouts}, nil
}

// ProfileLayouts reads the deposit-program layouts the profile declares (altchain_layouts).
func ProfileLayouts(p config.Profile) (map[solana.PublicKey]altchain.Layout, error) {
	var out map[solana.PublicKey]altchain.Layout
	for program, spec := range p.Layouts {
		id, err := solana.PublicKeyFromBase58(program)
		if err != nil {
			return nil, Usagef("profile %s: altchain_layouts.%s: expected a program id", p.Name, program)
		}
		l, err := altchain.ParseLayout(spec)
		if err != nil {
			return nil, Usagef("profile %s: altchain_layouts.%s: %v", p.Name, program, err)
		}
		if out == nil {
			out = map[solana.PublicKey]altchain.Layout{}
		}
		out[id] = l
	}
	return out, nil
}

// inspectOptions are the clusters an offline inspection accepts: every known cluster
// (mainnet, devnet, testnet, sandbox) with the profile's pins and fee cap, or only the one
// named.
func (s *App) inspectOptions(only string) (*altchain.Options, error) {
	p := s.Profile()
	var out []altchain.ClusterInfo
	for _, c := range append(altchain.DefaultClusters(), altchain.SandboxCluster()) {
		if only != "" && c.ProfileName() != only && c.Name != only {
			continue
		}
		c, err := c.Pinned(pinSettings(p, c))
		if err != nil {
			return nil, Usagef("profile %s: %v", p.Name, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fieldErr("cluster", "expected mainnet, devnet, testnet or sandbox, got %q", only)
	}
	layouts, err := ProfileLayouts(p)
	if err != nil {
		return nil, err
	}
	return &altchain.Options{Clusters: out, Layouts: layouts}, nil
}

// Rejection is the error of a report whose rules refused the transaction (ErrRejected):
// what, then every refusing rule with its message.
func Rejection(r *altchain.Report, what string) error {
	rej := r.Rejections()
	parts := make([]string, 0, len(rej))
	for _, f := range rej {
		parts = append(parts, f.Rule+" "+f.Message)
	}
	return &RejectedError{fmt.Sprintf("%s: %d rule(s) rejected the transaction: %s", what, len(rej), strings.Join(parts, "; "))}
}

// loadDepositSetup reads the profile and the Solana key's address (no secret is read).
func (s *App) loadDepositSetup() (*DepositSetup, error) {
	if s == nil {
		return nil, Usagef("no profile is loaded")
	}
	p := s.Profile()
	if p.SolanaKey == "" {
		return nil, Usagef("profile %s has no Solana key: add or import one on the Keys screen or with `purse key new` / `purse key import`", p.Name)
	}
	if p.SolanaRPC == "" {
		return nil, Usagef("profile %s has no solana_rpc: set it on the Settings screen or with `purse profile set solana_rpc=URL`", p.Name)
	}
	opts, err := DepositOptions(p)
	if err != nil {
		return nil, err
	}
	ks, err := s.keys(nil)
	if err != nil {
		return nil, err
	}
	e, err := ks.Get(p.SolanaKey)
	if err != nil {
		return nil, err
	}
	if e.Kind != keystore.KindSolana {
		return nil, Usagef("solana_key %q is a %s key, not a Solana key: pick another on the Keys screen", p.SolanaKey, e.Kind)
	}
	u, err := solana.PublicKeyFromBase58(e.Address)
	if err != nil {
		return nil, fmt.Errorf("solana_key %q: address %q: %v", p.SolanaKey, e.Address, err)
	}
	return &DepositSetup{Profile: p, User: u, Opts: opts}, nil
}

// QuoteInput is what the user asks for.
type QuoteInput struct {
	Amount    uint64 // 0: take it from the quote file
	MinAmount uint64 // minUsdcAmount; 0 omits it (USDC-only deposits, spec 4.4)
	Currency  string
	Price     *uint64 // compute-unit price in micro-lamports; nil: the service's
	File      string  // "" asks the partner API; "-" reads Stdin
	Stdin     io.Reader
}

// DepositQuote is the result of the quote and decode steps.
type DepositQuote struct {
	Setup  *DepositSetup
	Quote  *altchain.Quote
	Source string
	// SignedBy is the service key whose signature over the quote answer holds ("" unsigned).
	SignedBy string
}

// Quote runs the quote and decode steps: the partner API (signed with the
// profile's partner key) or a quote file, then the strict decode and the check that the
// quote is for what was asked.
func (sv Deposit) Quote(ctx context.Context, in QuoteInput, u *Unlock) (*DepositQuote, error) {
	s := sv.s
	st, err := s.loadDepositSetup()
	if err != nil {
		return nil, failAt(StepQuote, err)
	}
	out := &DepositQuote{Setup: st}
	if in.File != "" {
		out.Source = "file " + in.File
		q, err := ReadQuote(in.File, in.Stdin)
		if err != nil {
			var de *decodeError
			if errors.As(err, &de) {
				return nil, failAt(StepDecode, de.err)
			}
			return nil, failAt(StepQuote, err)
		}
		out.Quote = q
	} else {
		p := st.Profile
		out.Source = "partner API " + p.PartnerAPI
		res, err := s.requestDepositQuote(ctx, st, in, u)
		if err != nil {
			return nil, failAt(StepQuote, err)
		}
		out.Quote, out.SignedBy = res.Quote, res.SignedBy
		switch {
		case res.SignedBy != "":
			out.Source += ", answer signed by " + res.SignedBy
		case res.Unsigned:
			out.Source += ", answer " + UnsignedAnswer
		}
	}
	if err := CheckRequested(out.Quote, in.Amount, in.MinAmount); err != nil {
		return nil, failAt(StepDecode, err)
	}
	if err := s.bindOutputToken(ctx, out, in.Currency); err != nil {
		return nil, failAt(StepDecode, err)
	}
	if q := out.Quote; q.Transaction == nil {
		// Only a program whose whole instruction purse knows can be built here; the blockhash
		// is replaced at signing anyway.
		var price uint64
		if in.Price != nil {
			price = *in.Price
		}
		raw, err := altchain.BuildDeposit(q, st.User, solana.Hash{}, altchain.MinComputeUnitLimit, price, st.Opts)
		if err != nil {
			return nil, failAt(StepDecode, fmt.Errorf("the quote carries no transaction, and purse cannot build one: %w", err))
		}
		q.Transaction = raw
		out.Source += " (no transaction in the quote: built by purse for the sandbox deposit program)"
	}
	return out, nil
}

// requestDepositQuote asks the partner API for a quote signed with the profile's partner key.
func (s *App) requestDepositQuote(ctx context.Context, st *DepositSetup, in QuoteInput, u *Unlock) (*altchain.QuoteResult, error) {
	p := st.Profile
	// Each hint names the one setting at fault, in both front ends' terms.
	const orElse = ", or load a quote file"
	if err := partnerSettings(p, orElse); err != nil {
		return nil, err
	}
	if err := protocol.CheckTokenID(p.TokenID); err != nil {
		return nil, Usagef("profile %s: token_id (the quote's svcId): %v; find the account on the Account screen or with `purse account find`", p.Name, err)
	}
	if _, err := altchain.RequestNetwork(p.SolanaCluster); err != nil {
		return nil, Usagef("profile %s: %v; set it on the Settings screen or with `purse profile set solana_cluster=devnet` (mainnet, devnet, testnet, sandbox)", p.Name, err)
	}
	req, err := altchain.NewQuoteRequest(p.TokenID, st.User, p.SolanaCluster, in.Amount, in.Currency, in.MinAmount, in.Price)
	if err != nil {
		return nil, usage(err)
	}
	c, err := s.partnerClient(ctx, p, u, orElse)
	if err != nil {
		return nil, err
	}
	pc := (*altchain.PartnerClient)(c)
	res, err := pc.Quote(ctx, req)
	if err != nil {
		return nil, refusedAnswer(err)
	}
	return res, nil
}

// CheckRequested ties the quote to the amounts the user asked for; a quote that carries
// others is refused (altchain.ErrNotRequested). amount 0 accepts the quote's own (a quote
// file that carries usdcAmount).
func CheckRequested(q *altchain.Quote, amount, minAmount uint64) error {
	switch {
	case amount == 0 && !q.HasRequested:
		return Usagef("amount: the quote file does not say how much USDC it is for; enter the amount you asked for")
	case amount == 0:
		return nil
	}
	if minAmount == 0 {
		minAmount = q.MinUSDCAmount
	}
	return q.CheckRequested(amount, minAmount)
}

// DepositEvent is one piece of progress of a running deposit step. The steps that produce
// something a front end shows carry it: the decoded quote, the validation's report, the
// transaction the gate released (signed, simulated, approved), so a screen is a view of the
// one Deposit call.
type DepositEvent struct {
	Step     string
	Detail   string
	Send     SendStats
	Quote    *DepositQuote
	Report   *altchain.Report
	Prepared *altchain.Prepared
}

// SendStats is what the send and confirm steps have seen so far.
type SendStats struct {
	Sends       int    // sendTransaction calls, the first one included
	Status      string // last confirmation status; "" when the cluster has not seen it
	Height      uint64 // last block height read
	LastValid   uint64
	TxErr       string
	StatusPolls int
}

// reporter passes events on and remembers the last step begun, so a failure inside
// altchain.Prepare is blamed on the step that was running.
type reporter struct {
	fn   func(DepositEvent)
	mu   sync.Mutex
	last string
}

func newReporter(fn func(DepositEvent)) *reporter {
	if fn == nil {
		fn = func(DepositEvent) {}
	}
	return &reporter{fn: fn}
}

func (r *reporter) emit(ev DepositEvent) {
	r.mu.Lock()
	if ev.Step != "" {
		r.last = ev.Step
	}
	r.mu.Unlock()
	r.fn(ev)
}

func (r *reporter) lastStep() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// progressSigner reports the sign step of the gate (altchain.SignChecked).
type progressSigner struct {
	wallet.SolanaSigner
	rep *reporter
}

func (s progressSigner) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	s.rep.emit(DepositEvent{Step: StepSign, Detail: "signing with " + s.PublicKey().String() + " only"})
	sig, err := s.SolanaSigner.SignMessage(p, msg)
	if err == nil {
		s.rep.emit(DepositEvent{Step: StepSimulate, Detail: "signed " + sig.String() + "; simulating the signed bytes with signature verification"})
	}
	return sig, err
}

// PreparedDeposit is the result of the blockhash and sign steps: a transaction the signing
// gate checked, signed, simulated and had approved.
type PreparedDeposit struct {
	Prepared *altchain.Prepared
}

// prepareDeposit takes a fresh blockhash (E23) and has the profile's Solana key sign the
// quote's transaction with it, through the signing gate wherever the key is (this process or
// the agent): the checklist again under the profile's pins, the signature by the user key
// only, the simulation of the signed bytes, the review of all of it, the approval. The
// signature comes back only when approved; a refusal is a Refusal (with the review when the
// rules refused). progress hears each step.
func (s *App) prepareDeposit(ctx context.Context, qo *DepositQuote, u *Unlock, progress func(DepositEvent)) (*PreparedDeposit, error) {
	rep := newReporter(progress)
	signer, err := s.solanaSigner(u)
	if err != nil {
		return nil, failAt(StepSign, err)
	}
	if signer.PublicKey() != qo.Setup.User {
		return nil, failAt(StepSign, fmt.Errorf("the key %s is not %s, the address the quote was made for", signer.PublicKey(), qo.Setup.User))
	}
	if gs, ok := signer.(*gatedSolanaSigner); ok {
		gs.progress = rep.emit
	}
	rpc, err := s.solanaRPC()
	if err != nil {
		return nil, failAt(StepValidate, err)
	}
	// Every rule first, before a blockhash is fetched or anything signed; the gate checks
	// again where the key is (the agent, possibly), under the profile's pins.
	rep.emit(DepositEvent{Step: StepValidate, Detail: "every rule of the checklist, against the cluster"})
	r, err := altchain.Verify(ctx, rpc, qo.Quote, qo.Setup.User, qo.Setup.Opts)
	if err != nil {
		return nil, failAt(StepValidate, err)
	}
	rep.emit(DepositEvent{Step: StepValidate, Detail: fmt.Sprintf("%d finding(s)", len(r.Findings)), Report: r})
	if r.Rejected() {
		rv := DepositReview("deposit", qo.Quote, qo.Setup.Profile.SolanaCluster, "", r)
		return nil, failAt(StepValidate, &Refusal{Code: agent.CodeRejected, Msg: Rejection(r, "validate: nothing was signed").Error(), Review: &rv})
	}
	rep.emit(DepositEvent{Step: StepBlockhash, Detail: "asking for a fresh blockhash (confirmed)"})
	bh, err := rpc.LatestBlockhash(ctx)
	if err != nil {
		return nil, failAt(StepBlockhash, fmt.Errorf("latest blockhash: %w", err))
	}
	msg, err := altchain.MessageWithBlockhash(qo.Quote, bh.Hash)
	if err != nil {
		return nil, failAt(StepSign, err)
	}
	quote, err := json.Marshal(qo.Quote)
	if err != nil {
		return nil, failAt(StepSign, err)
	}
	rep.emit(DepositEvent{Step: StepSign, Detail: fmt.Sprintf("blockhash %s, valid until block %d; the signer checks, signs, simulates and asks", bh.Hash, bh.LastValidBlockHeight)})
	sig, err := wallet.SignSolana(signer, wallet.Request{Purpose: wallet.PurposeSolanaTx, Message: msg, Quote: quote})
	if err != nil {
		step := rep.lastStep()
		if step == "" || step == StepBlockhash {
			step = StepSign
		}
		return nil, failAt(step, err)
	}
	signed, err := altchain.WithSignature(msg, qo.Setup.User, sig)
	if err != nil {
		return nil, failAt(StepSign, err)
	}
	return &PreparedDeposit{Prepared: &altchain.Prepared{Signed: signed, Signature: sig, Blockhash: bh.Hash, LastValidBlockHeight: bh.LastValidBlockHeight}}, nil
}

// progressSender reports what altchain.Send does: sends, re-broadcasts, statuses, heights.
type progressSender struct {
	altchain.Sender
	rep *reporter
	mu  sync.Mutex
	st  SendStats
}

func (s *progressSender) snapshot() SendStats {
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
	s.rep.emit(DepositEvent{Step: StepSend, Detail: detail, Send: st})
	return s.Sender.SendTransaction(ctx, signed)
}

func (s *progressSender) SignatureStatus(ctx context.Context, sig solana.Signature, history bool) (altchain.StatusRead, error) {
	v, err := s.Sender.SignatureStatus(ctx, sig, history)
	s.mu.Lock()
	s.st.StatusPolls++
	if err == nil {
		if v.Status == nil {
			s.st.Status = ""
		} else {
			s.st.Status, s.st.TxErr = v.Status.ConfirmationStatus, v.Status.Err
		}
	}
	st := s.st
	s.mu.Unlock()
	s.rep.emit(DepositEvent{Step: StepConfirm, Send: st})
	return v, err
}

func (s *progressSender) Height(ctx context.Context) (altchain.HeightRead, error) {
	h, err := s.Sender.Height(ctx)
	if err == nil {
		s.mu.Lock()
		s.st.Height = h.BlockHeight
		st := s.st
		s.mu.Unlock()
		s.rep.emit(DepositEvent{Step: StepConfirm, Send: st})
	}
	return h, err
}

// SentDeposit is the result of the send and confirm steps.
type SentDeposit struct {
	Status *altchain.SignatureStatus
	Stats  SendStats
}

// Send runs altchain.Send: the same signed bytes, polled until confirmed,
// re-broadcast while the blockhash is valid; it never re-signs.
func (sv Deposit) Send(ctx context.Context, p *altchain.Prepared, poll time.Duration, progress func(DepositEvent)) (*SentDeposit, error) {
	s := sv.s
	s.moving.Add(1) // no profile switch under a deposit being sent
	defer s.moving.Add(-1)
	rep := newReporter(progress)
	rpc, err := s.solanaRPC()
	if err != nil {
		return nil, failAt(StepSend, err)
	}
	ps := &progressSender{Sender: rpc, rep: rep, st: SendStats{LastValid: p.LastValidBlockHeight}}
	st, err := altchain.Send(ctx, ps, p, poll)
	out := &SentDeposit{Status: st, Stats: ps.snapshot()}
	if err != nil {
		step := StepConfirm
		if out.Stats.Sends <= 1 && out.Stats.StatusPolls == 0 {
			step = StepSend
		}
		return out, failAt(step, depositOutcome(p, err))
	}
	return out, nil
}

// depositOutcome says what is known of a signed deposit that did not confirm, with its
// signature and last valid block height: only altchain.Send's outcomes reach here, each an
// OutcomeError.
func depositOutcome(p *altchain.Prepared, err error) error {
	sig, lv := p.Signature.String(), p.LastValidBlockHeight
	fields := map[string]any{"lastValidBlockHeight": lv}
	var ue *altchain.OutcomeUnknownError
	var fe *altchain.TxFailedError
	switch {
	case errors.As(err, &ue):
		fields["blockHeight"] = ue.Height
		return &OutcomeError{Outcome: OutcomeUnknown, IDName: "signature", ID: sig, Fields: fields, Err: err, Next: unknownDepositNext(sig, lv)}
	case errors.Is(err, altchain.ErrBlockhashExpired):
		return &OutcomeError{Outcome: OutcomeNotLanded, IDName: "signature", ID: sig, Fields: fields, Err: err,
			Next: "It can no longer land: run the deposit again for a new quote and blockhash."}
	case errors.As(err, &fe):
		return &OutcomeError{Outcome: OutcomeFailed, IDName: "signature", ID: sig, Fields: fields, Err: err,
			Next: "Its fee was paid and no USDC moved: run the deposit again for a new quote."}
	}
	return err
}

// unknownDepositNext says how to find out what became of a deposit whose outcome is unknown.
func unknownDepositNext(sig string, lastValid uint64) string {
	return fmt.Sprintf("Do not deposit again while this is unknown: it may have landed. Find out with `purse altchain status %s --last-valid-block-height %d` "+
		"(exit 0: landed; 1: failed or not landed, and only then deposit again; 4: still unknown, ask again later).", sig, lastValid)
}

// Finalize keeps looking at a confirmed signature (altchain.Look, so a lagging
// recent status cache does not hide it) until it is finalized, and returns the highest
// confirmation seen when ctx ends first.
func (sv Deposit) Finalize(ctx context.Context, sig solana.Signature, poll time.Duration, progress func(DepositEvent)) (string, error) {
	s := sv.s
	rep := newReporter(progress)
	rpc, err := s.solanaRPC()
	if err != nil {
		return "", err
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	last := "confirmed"
	for {
		d := altchain.Look(ctx, rpc, &altchain.Evidence{Signature: sig})
		if d.Outcome == altchain.Landed {
			last = d.Status.ConfirmationStatus
			rep.emit(DepositEvent{Step: StepConfirm, Send: SendStats{Status: last}})
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

// decodeError marks a quote file that was read but does not decode (the decode step).
type decodeError struct{ err error }

func (e *decodeError) Error() string { return e.err.Error() }
func (e *decodeError) Unwrap() error { return e.err }

// ReadQuote reads a quote file ("-" is stdin): a bare quote or a partner envelope. A file
// holding a service error says so.
func ReadQuote(path string, stdin io.Reader) (*altchain.Quote, error) {
	var r io.Reader
	if path == "-" {
		if stdin == nil {
			return nil, Usagef("quote file -: no standard input to read")
		}
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("quote file %s: %v", path, err)
		}
		defer f.Close()
		r = f
	}
	q, err := altchain.ParseQuote(r)
	if err != nil {
		var ae *altchain.APIError
		if errors.As(err, &ae) {
			return nil, fmt.Errorf("the quote file holds a service error, not a quote: %w", err)
		}
		return nil, &decodeError{err}
	}
	return q, nil
}

// SolanaBalance is what the profile's Solana key holds.
type SolanaBalance struct {
	Address     string `json:"address"`
	Cluster     string `json:"cluster"`
	Lamports    uint64 `json:"lamports"`
	SOL         string `json:"sol"`
	USDCAccount string `json:"usdcAccount"`
	USDCUnits   uint64 `json:"usdcUnits"`
	USDC        string `json:"usdc"`
	HasUSDC     bool   `json:"hasUsdcAccount"`
	// Warning says the RPC answers for another cluster than the profile names.
	Warning string `json:"warning,omitempty"`
}

// Covers says whether the wallet holds amount USDC (smallest units) for a deposit: when it
// does not, a FieldError on the amount says so in USDC.
func (b SolanaBalance) Covers(amount uint64) error {
	if b.USDCUnits >= amount {
		return nil
	}
	return fieldErr("amount", "%s USDC is more than the %s USDC the Solana wallet %s holds", format.Uint(amount, format.USDCDecimals),
		format.Uint(b.USDCUnits, format.USDCDecimals), b.Address)
}

// SolanaBalance reads the SOL and USDC of the profile's Solana key.
func (sv Deposit) SolanaBalance(ctx context.Context) (SolanaBalance, error) {
	s := sv.s
	st, err := s.loadDepositSetup()
	if err != nil {
		return SolanaBalance{}, err
	}
	p := st.Profile
	c, _ := altchain.ClusterByName(p.SolanaCluster)
	if c.USDCMint.IsZero() {
		return SolanaBalance{}, Usagef("cluster %s has no USDC purse knows", p.SolanaCluster)
	}
	rpc, err := s.solanaRPC()
	if err != nil {
		return SolanaBalance{}, err
	}
	v := SolanaBalance{Address: st.User.String(), Cluster: p.SolanaCluster, USDC: "0"}
	g, err := rpc.GenesisHash(ctx)
	if err != nil {
		return v, err
	}
	if g != c.GenesisHash {
		v.Warning = fmt.Sprintf("%s answers with genesis hash %s, not %s's %s", p.SolanaRPC, g, p.SolanaCluster, c.GenesisHash)
	}
	if v.Lamports, err = rpc.Balance(ctx, st.User); err != nil {
		return v, err
	}
	v.SOL = format.Uint(v.Lamports, format.SOLDecimals)
	ata, err := altchain.AssociatedTokenAddress(st.User, c.USDCMint, solana.TokenProgramID)
	if err != nil {
		return v, err
	}
	v.USDCAccount = ata.String()
	acc, err := rpc.AccountInfo(ctx, ata)
	if err != nil || acc == nil {
		return v, err
	}
	tb, err := rpc.TokenBalance(ctx, ata)
	if err != nil {
		return v, err
	}
	v.HasUSDC, v.USDCUnits, v.USDC = true, tb.Amount, format.Uint(tb.Amount, int32(tb.Decimals))
	return v, nil
}

// DepositStatus is what the cluster says of a signature (`purse altchain status`).
type DepositStatus struct {
	Signature string `json:"signature"`
	// Outcome is OutcomeLanded, OutcomeFailed, OutcomePending (seen, not yet confirmed),
	// OutcomeNotLanded (proved by altchain.Decide: it cannot land any more) or OutcomeUnknown.
	Outcome            string `json:"outcome"`
	ConfirmationStatus string `json:"confirmationStatus,omitempty"`
	Err                string `json:"err,omitempty"`
	BlockHeight        uint64 `json:"blockHeight"`
	LastValid          uint64 `json:"lastValidBlockHeight,omitempty"`
	Meaning            string `json:"meaning"`
}

// Outcomes of DepositStatus besides OutcomeNotLanded and OutcomeUnknown.
const (
	OutcomeLanded  = "landed"
	OutcomePending = "pending"
)

// Check makes one round of reads about a signature (altchain.Look: the height, its
// status, searching the history, and getTransaction once the height is past lastValid) and
// says what they prove (altchain.Decide). lastValid (0: unknown) is the transaction's last
// valid block height: without it nothing proves that it did not land. An RPC that does not
// answer makes the outcome unknown, never "not landed".
func (sv Deposit) Check(ctx context.Context, signature string, lastValid uint64) (DepositStatus, error) {
	s := sv.s
	sig, err := solana.SignatureFromBase58(strings.TrimSpace(signature))
	if err != nil {
		return DepositStatus{}, fieldErr("signature", "expected a base58 transaction signature (64 bytes): %v", err)
	}
	rpc, err := s.solanaRPC()
	if err != nil {
		return DepositStatus{}, err
	}
	out := DepositStatus{Signature: sig.String(), LastValid: lastValid}
	d := altchain.Look(ctx, rpc, &altchain.Evidence{Signature: sig, LastValidBlockHeight: lastValid, WaitOver: true})
	out.BlockHeight = d.Height
	if d.Status != nil {
		out.ConfirmationStatus = d.Status.ConfirmationStatus
	}
	switch d.Outcome {
	case altchain.FailedOnChain:
		out.Outcome, out.Err = OutcomeFailed, d.Status.Err
		out.Meaning = "it landed and failed: its fee was paid, no USDC moved"
	case altchain.Landed:
		out.Outcome = OutcomeLanded
		out.Meaning = "it landed (" + d.Status.ConfirmationStatus + "): the deposit was made (do not send it again)"
	case altchain.NotLanded:
		out.Outcome = OutcomeNotLanded
		out.Meaning = "it did not land and cannot any more (safe to deposit again): " + d.Reason
	case altchain.Unknown:
		out.Outcome = OutcomeUnknown
		if d.Status != nil {
			out.Outcome = OutcomePending
		}
		out.Meaning = "not settled: " + d.Reason + "; ask again later"
		if lastValid == 0 {
			out.Meaning += " with --last-valid-block-height (printed with the deposit)"
		}
	}
	return out, nil
}
