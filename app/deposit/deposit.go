// Package deposit is the Solana ("alt-chain") deposit: what a user does to move USDC from the
// profile's Solana key into the account. It inspects a quote file offline, fetches a quote
// (the partner API's, signed with the partner key, or a file's), runs the whole deposit (the
// signing gate checks, signs, simulates and asks wherever the key is; the same bytes are sent
// and confirmed), sends again or waits for finalization, checks a sent one's status and reads
// the Solana wallet. The CLI's deposit commands and the TUI's Deposit and Balances screens
// call it. It reaches the application core only through its port (app/internal/port).
package deposit

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
	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/internal/format"
	"purse/keystore"
	"purse/protocol"
	"purse/wallet"
)

// The steps of a Solana deposit, in order. Every failure names one of them (app.StepError),
// and progress events say which one is running. The signing gate reports its own (sign,
// simulate, review) by the names the core gives them.
const (
	StepQuote     = "quote"
	StepDecode    = "decode"
	StepValidate  = "validate"
	StepReview    = port.StepReview
	StepBlockhash = "blockhash"
	StepSign      = port.StepSign
	StepSimulate  = port.StepSimulate
	StepSend      = "send"
	StepConfirm   = "confirm"
)

// Steps are the steps in order (design §2.7): the review comes after the simulation,
// so the user approves what the simulation found.
var Steps = []string{StepQuote, StepDecode, StepValidate, StepBlockhash, StepSign, StepSimulate, StepReview, StepSend, StepConfirm}

// ParseAmount reads a deposit amount as smallest units: excess precision is an
// error naming the field, never rounded, and a deposit is at least 5 USDC.
func ParseAmount(field, s string) (uint64, error) {
	v, err := altchain.ParseUSDC(s)
	if err != nil {
		return 0, &app.FieldError{Field: field, Err: err}
	}
	if v < altchain.MinUSDCAmount {
		return 0, &app.FieldError{Field: field, Err: fmt.Errorf("%s is below the minimum deposit of 5 USDC", strings.TrimSpace(s))}
	}
	return v, nil
}

// ParseAmounts reads the fields "amount" (when given: at least the minimum deposit)
// and "min-usdc" (minUsdcAmount, only with an amount; app.MinUSDCRule says how it is read).
func ParseAmounts(amount, minAmount string) (amt, mn uint64, err error) {
	if amount != "" {
		if amt, err = ParseAmount("amount", amount); err != nil {
			return 0, 0, err
		}
	}
	if minAmount != "" {
		if amount == "" {
			return 0, 0, &app.FieldError{Field: "min-usdc", Err: errors.New("goes with an amount")}
		}
		if mn, err = altchain.ParseUSDC(minAmount); err != nil {
			return 0, 0, &app.FieldError{Field: "min-usdc", Err: err}
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
// app.Rejection makes it one.
func (sv Service) Inspect(in Inspection) (Inspected, error) {
	u, err := solana.PublicKeyFromBase58(in.User)
	if err != nil || u.String() != in.User {
		return Inspected{}, &app.FieldError{Field: "user", Err: fmt.Errorf("expected the Solana address that will sign (base58), got %q", in.User)}
	}
	amt, mn, err := ParseAmounts(in.Amount, in.MinAmount)
	if err != nil {
		return Inspected{}, err
	}
	opts, err := sv.inspectOptions(in.Cluster)
	if err != nil {
		return Inspected{}, err
	}
	q, err := readQuote(in.File, in.Stdin)
	if err != nil {
		return Inspected{}, err
	}
	if in.Amount != "" {
		if err := checkRequested(q, amt, mn); err != nil {
			return Inspected{}, err
		}
	}
	return Inspected{Quote: q, User: u, Report: altchain.Inspect(q, u, opts)}, nil
}

// Setup is what a deposit needs from the profile and the key store.
type Setup struct {
	Profile config.Profile
	User    solana.PublicKey
	Opts    *altchain.Options
}

// inspectOptions are the clusters an offline inspection accepts: every known cluster
// (mainnet, devnet, testnet, sandbox) with the profile's pins and fee cap, or only the one
// named.
func (sv Service) inspectOptions(only string) (*altchain.Options, error) {
	p := sv.s.Profile()
	var out []altchain.ClusterInfo
	for _, c := range append(altchain.DefaultClusters(), altchain.SandboxCluster()) {
		if only != "" && c.ProfileName() != only && c.Name != only {
			continue
		}
		c, err := sv.s.PinnedCluster(p, c)
		if err != nil {
			return nil, app.Usagef("profile %s: %v", p.Name, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, &app.FieldError{Field: "cluster", Err: fmt.Errorf("expected mainnet, devnet, testnet or sandbox, got %q", only)}
	}
	layouts, err := app.ProfileLayouts(p)
	if err != nil {
		return nil, err
	}
	return &altchain.Options{Clusters: out, Layouts: layouts}, nil
}

// loadSetup reads the profile and the Solana key's address (no secret is read).
func (sv Service) loadSetup() (*Setup, error) {
	if sv.s == nil {
		return nil, app.Usagef("no profile is loaded")
	}
	p := sv.s.Profile()
	if p.SolanaKey == "" {
		return nil, app.Usagef("profile %s has no Solana key: add or import one on the Keys screen or with `purse key new` / `purse key import`", p.Name)
	}
	if p.SolanaRPC == "" {
		return nil, app.Usagef("profile %s has no solana_rpc: set it on the Settings screen or with `purse profile set solana_rpc=URL`", p.Name)
	}
	opts, err := app.DepositOptions(p)
	if err != nil {
		return nil, err
	}
	e, err := sv.s.KeyEntry(p.SolanaKey)
	if err != nil {
		return nil, err
	}
	if e.Kind != keystore.KindSolana {
		return nil, app.Usagef("solana_key %q is a %s key, not a Solana key: pick another on the Keys screen", p.SolanaKey, e.Kind)
	}
	u, err := solana.PublicKeyFromBase58(e.Address)
	if err != nil {
		return nil, fmt.Errorf("solana_key %q: address %q: %v", p.SolanaKey, e.Address, err)
	}
	return &Setup{Profile: p, User: u, Opts: opts}, nil
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

// Quote is the result of the quote and decode steps.
type Quote struct {
	Setup  *Setup
	Quote  *altchain.Quote
	Source string
	// SignedBy is the service key whose signature over the quote answer holds ("" unsigned).
	SignedBy string
}

// Quote runs the quote and decode steps: the partner API (signed with the
// profile's partner key) or a quote file, then the strict decode and the check that the
// quote is for what was asked.
func (sv Service) Quote(ctx context.Context, in QuoteInput, u *app.Unlock) (*Quote, error) {
	st, err := sv.loadSetup()
	if err != nil {
		return nil, failAt(StepQuote, err)
	}
	out := &Quote{Setup: st}
	if in.File != "" {
		out.Source = "file " + in.File
		q, err := readQuote(in.File, in.Stdin)
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
		res, err := sv.requestQuote(ctx, st, in, u)
		if err != nil {
			return nil, failAt(StepQuote, err)
		}
		out.Quote, out.SignedBy = res.Quote, res.SignedBy
		switch {
		case res.SignedBy != "":
			out.Source += ", answer signed by " + res.SignedBy
		case res.Unsigned:
			out.Source += ", answer " + app.UnsignedAnswer
		}
	}
	if err := checkRequested(out.Quote, in.Amount, in.MinAmount); err != nil {
		return nil, failAt(StepDecode, err)
	}
	if err := sv.bindOutputToken(ctx, out, in.Currency); err != nil {
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

// requestQuote asks the partner API for a quote signed with the profile's partner key.
func (sv Service) requestQuote(ctx context.Context, st *Setup, in QuoteInput, u *app.Unlock) (*altchain.QuoteResult, error) {
	p := st.Profile
	// Each hint names the one setting at fault, in both front ends' terms.
	const orElse = ", or load a quote file"
	if err := sv.s.PartnerSettings(p, orElse); err != nil {
		return nil, err
	}
	if err := protocol.CheckTokenID(p.TokenID); err != nil {
		return nil, app.Usagef("profile %s: token_id (the quote's svcId): %v; find the account on the Account screen or with `purse account find`", p.Name, err)
	}
	if _, err := altchain.RequestNetwork(p.SolanaCluster); err != nil {
		return nil, app.Usagef("profile %s: %v; set it on the Settings screen or with `purse profile set solana_cluster=devnet` (mainnet, devnet, testnet, sandbox)", p.Name, err)
	}
	req, err := altchain.NewQuoteRequest(p.TokenID, st.User, p.SolanaCluster, in.Amount, in.Currency, in.MinAmount, in.Price)
	if err != nil {
		return nil, app.Usagef("%v", err)
	}
	return sv.s.PartnerQuote(ctx, p, u, orElse, req)
}

// checkRequested ties the quote to the amounts the user asked for; a quote that carries
// others is refused (altchain.ErrNotRequested). amount 0 accepts the quote's own (a quote
// file that carries usdcAmount).
func checkRequested(q *altchain.Quote, amount, minAmount uint64) error {
	switch {
	case amount == 0 && !q.HasRequested:
		return app.Usagef("amount: the quote file does not say how much USDC it is for; enter the amount you asked for")
	case amount == 0:
		return nil
	}
	if minAmount == 0 {
		minAmount = q.MinUSDCAmount
	}
	return q.CheckRequested(amount, minAmount)
}

// Event is one piece of progress of a running deposit step. The steps that produce
// something a front end shows carry it: the decoded quote, the validation's report, the
// transaction the gate released (signed, simulated, approved), so a screen is a view of the
// one Run call.
type Event struct {
	Step     string
	Detail   string
	Send     SendStats
	Quote    *Quote
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

// reporter passes events on and remembers the last step begun, so a failure inside the
// signing gate is blamed on the step that was running.
type reporter struct {
	fn   func(Event)
	mu   sync.Mutex
	last string
}

func newReporter(fn func(Event)) *reporter {
	if fn == nil {
		fn = func(Event) {}
	}
	return &reporter{fn: fn}
}

func (r *reporter) emit(ev Event) {
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

// step hears a step of the signing gate (port.Deposit.SolanaSigner's progress).
func (r *reporter) step(step, detail string) { r.emit(Event{Step: step, Detail: detail}) }

// prepare takes a fresh blockhash (E23) and has the profile's Solana key sign the
// quote's transaction with it, through the signing gate wherever the key is (this process or
// the agent): the checklist again under the profile's pins, the signature by the user key
// only, the simulation of the signed bytes, the review of all of it, the approval. The
// signature comes back only when approved, in the transaction the gate released (signed,
// simulated, approved); a refusal is an app.Refusal (with the review when the rules refused).
// progress hears each step.
func (sv Service) prepare(ctx context.Context, qo *Quote, u *app.Unlock, progress func(Event)) (*altchain.Prepared, error) {
	rep := newReporter(progress)
	signer, err := sv.s.SolanaSigner(u, rep.step)
	if err != nil {
		return nil, failAt(StepSign, err)
	}
	if signer.PublicKey() != qo.Setup.User {
		return nil, failAt(StepSign, fmt.Errorf("the key %s is not %s, the address the quote was made for", signer.PublicKey(), qo.Setup.User))
	}
	rpc, err := sv.s.SolanaRPC()
	if err != nil {
		return nil, failAt(StepValidate, err)
	}
	// Every rule first, before a blockhash is fetched or anything signed; the gate checks
	// again where the key is (the agent, possibly), under the profile's pins.
	rep.emit(Event{Step: StepValidate, Detail: "every rule of the checklist, against the cluster"})
	r, err := altchain.Verify(ctx, rpc, qo.Quote, qo.Setup.User, qo.Setup.Opts)
	if err != nil {
		return nil, failAt(StepValidate, err)
	}
	rep.emit(Event{Step: StepValidate, Detail: fmt.Sprintf("%d finding(s)", len(r.Findings)), Report: r})
	if r.Rejected() {
		rv := app.DepositReview("deposit", qo.Quote, qo.Setup.Profile.SolanaCluster, "", r)
		return nil, failAt(StepValidate, &app.Refusal{Code: agent.CodeRejected, Msg: app.Rejection(r, "validate: nothing was signed").Error(), Review: &rv})
	}
	rep.emit(Event{Step: StepBlockhash, Detail: "asking for a fresh blockhash (confirmed)"})
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
	ends := (&altchain.Prepared{LastValidBlockHeight: bh.LastValidBlockHeight, QuoteValidUntil: qo.Quote.LastValidBlockHeight}).EndsFirst()
	rep.emit(Event{Step: StepSign, Detail: fmt.Sprintf("blockhash %s: %s; the signer checks, signs, simulates and asks", bh.Hash, ends)})
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
	if rep.lastStep() == StepSign {
		// The gate ran where the key is, another process (the agent): its steps were shown
		// on its display, not here, and the signature came back only after both.
		rep.emit(Event{Step: StepSimulate, Detail: "done where the key is (the agent): the signed bytes simulated with signature verification"})
		rep.emit(Event{Step: StepReview, Detail: "done where the key is (the agent): approved by its policy or on its display"})
	}
	return &altchain.Prepared{Signed: signed, Signature: sig, Blockhash: bh.Hash, LastValidBlockHeight: bh.LastValidBlockHeight, QuoteValidUntil: qo.Quote.LastValidBlockHeight}, nil
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
	s.rep.emit(Event{Step: StepSend, Detail: detail, Send: st})
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
	s.rep.emit(Event{Step: StepConfirm, Send: st})
	return v, err
}

func (s *progressSender) Height(ctx context.Context) (altchain.HeightRead, error) {
	h, err := s.Sender.Height(ctx)
	if err == nil {
		s.mu.Lock()
		s.st.Height = h.BlockHeight
		st := s.st
		s.mu.Unlock()
		s.rep.emit(Event{Step: StepConfirm, Send: st})
	}
	return h, err
}

// Sent is the result of the send and confirm steps.
type Sent struct {
	Status *altchain.SignatureStatus
	Stats  SendStats
}

// Send runs altchain.Send: the same signed bytes, polled until confirmed,
// re-broadcast while the blockhash is valid; it never re-signs.
func (sv Service) Send(ctx context.Context, p *altchain.Prepared, poll time.Duration, progress func(Event)) (*Sent, error) {
	defer sv.s.HoldProfile()() // no profile switch under a deposit being sent
	rep := newReporter(progress)
	rpc, err := sv.s.SolanaRPC()
	if err != nil {
		return nil, failAt(StepSend, err)
	}
	ps := &progressSender{Sender: rpc, rep: rep, st: SendStats{LastValid: p.LastValidBlockHeight}}
	st, err := altchain.Send(ctx, ps, p, poll)
	out := &Sent{Status: st, Stats: ps.snapshot()}
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
// app.OutcomeError.
func depositOutcome(p *altchain.Prepared, err error) error {
	sig, lv := p.Signature.String(), p.LastValidBlockHeight
	fields := map[string]any{"lastValidBlockHeight": lv}
	var ue *altchain.OutcomeUnknownError
	var fe *altchain.TxFailedError
	switch {
	case errors.As(err, &ue):
		fields["blockHeight"] = ue.Height
		return &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "signature", ID: sig, Fields: fields, Err: err, Next: unknownDepositNext(sig, lv)}
	case errors.Is(err, altchain.ErrBlockhashExpired):
		return &app.OutcomeError{Outcome: app.OutcomeNotLanded, IDName: "signature", ID: sig, Fields: fields, Err: err,
			Next: "It can no longer land: run the deposit again for a new quote and blockhash."}
	case errors.As(err, &fe):
		return &app.OutcomeError{Outcome: app.OutcomeFailed, IDName: "signature", ID: sig, Fields: fields, Err: err,
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
func (sv Service) Finalize(ctx context.Context, sig solana.Signature, poll time.Duration, progress func(Event)) (string, error) {
	rep := newReporter(progress)
	rpc, err := sv.s.SolanaRPC()
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
			rep.emit(Event{Step: StepConfirm, Send: SendStats{Status: last}})
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

// failAt is err at step (the step of the deposit it failed at).
func failAt(step string, err error) error { return &app.StepError{Step: step, Err: err} }

// decodeError marks a quote file that was read but does not decode (the decode step).
type decodeError struct{ err error }

func (e *decodeError) Error() string { return e.err.Error() }
func (e *decodeError) Unwrap() error { return e.err }

// readQuote reads a quote file ("-" is stdin): a bare quote or a partner envelope. A file
// holding a service error says so.
func readQuote(path string, stdin io.Reader) (*altchain.Quote, error) {
	var r io.Reader
	if path == "-" {
		if stdin == nil {
			return nil, app.Usagef("quote file -: no standard input to read")
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
	return &app.FieldError{Field: "amount", Err: fmt.Errorf("%s USDC is more than the %s USDC the Solana wallet %s holds", format.Uint(amount, format.USDCDecimals),
		format.Uint(b.USDCUnits, format.USDCDecimals), b.Address)}
}

// SolanaAddress is the address of the profile's Solana key, read from the key index (no
// passphrase needed): where the user sends SOL and USDC to deposit.
func (sv Service) SolanaAddress() (string, error) {
	p := sv.s.Profile()
	if p.SolanaKey == "" {
		return "", fmt.Errorf("profile %s has no Solana key: add or import one on the Keys screen or with `purse key new --kind solana`", p.Name)
	}
	e, err := sv.s.KeyEntry(p.SolanaKey)
	if err != nil {
		return "", err
	}
	if e.Kind != keystore.KindSolana {
		return "", fmt.Errorf("key %s is a %s key; the profile's solana_key must be a Solana key", e.Label, e.Kind)
	}
	return e.Address, nil
}

// SolanaBalance reads the SOL and USDC of the profile's Solana key.
func (sv Service) SolanaBalance(ctx context.Context) (SolanaBalance, error) {
	st, err := sv.loadSetup()
	if err != nil {
		return SolanaBalance{}, err
	}
	p := st.Profile
	c, _ := altchain.ClusterByName(p.SolanaCluster)
	if c.USDCMint.IsZero() {
		return SolanaBalance{}, app.Usagef("cluster %s has no USDC purse knows", p.SolanaCluster)
	}
	rpc, err := sv.s.SolanaRPC()
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

// Status is what the cluster says of a signature (`purse altchain status`).
type Status struct {
	Signature string `json:"signature"`
	// Outcome is app.OutcomeLanded, app.OutcomeFailed, OutcomePending (seen, not yet
	// confirmed), app.OutcomeNotLanded (proved by altchain.Decide: it cannot land any more) or
	// app.OutcomeUnknown.
	Outcome            string `json:"outcome"`
	ConfirmationStatus string `json:"confirmationStatus,omitempty"`
	Err                string `json:"err,omitempty"`
	BlockHeight        uint64 `json:"blockHeight"`
	LastValid          uint64 `json:"lastValidBlockHeight,omitempty"`
	Meaning            string `json:"meaning"`
}

// OutcomePending is a Status of a signature the cluster has seen and not yet confirmed.
const OutcomePending = "pending"

// Check makes one round of reads about a signature (altchain.Look: the height, its
// status, searching the history, and getTransaction once the height is past lastValid) and
// says what they prove (altchain.Decide). lastValid (0: unknown) is the transaction's last
// valid block height: without it nothing proves that it did not land. An RPC that does not
// answer makes the outcome unknown, never "not landed".
func (sv Service) Check(ctx context.Context, signature string, lastValid uint64) (Status, error) {
	sig, err := solana.SignatureFromBase58(strings.TrimSpace(signature))
	if err != nil {
		return Status{}, &app.FieldError{Field: "signature", Err: fmt.Errorf("expected a base58 transaction signature (64 bytes): %v", err)}
	}
	rpc, err := sv.s.SolanaRPC()
	if err != nil {
		return Status{}, err
	}
	out := Status{Signature: sig.String(), LastValid: lastValid}
	d := altchain.Look(ctx, rpc, &altchain.Evidence{Signature: sig, LastValidBlockHeight: lastValid, WaitOver: true})
	out.BlockHeight = d.Height
	if d.Status != nil {
		out.ConfirmationStatus = d.Status.ConfirmationStatus
	}
	switch d.Outcome {
	case altchain.FailedOnChain:
		out.Outcome, out.Err = app.OutcomeFailed, d.Status.Err
		out.Meaning = "it landed and failed: its fee was paid, no USDC moved"
	case altchain.Landed:
		out.Outcome = app.OutcomeLanded
		out.Meaning = "it landed (" + d.Status.ConfirmationStatus + "): the deposit was made (do not send it again)"
	case altchain.NotLanded:
		out.Outcome = app.OutcomeNotLanded
		out.Meaning = "it did not land and cannot any more (safe to deposit again): " + d.Reason
	case altchain.Unknown:
		out.Outcome = app.OutcomeUnknown
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
