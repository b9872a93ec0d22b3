package app

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"purse/agent"
	"purse/altchain"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/wallet"
)

// The gate's part of the policy's amount limits (agent.Policy.ApplyLimits decides): what a
// request moves, determined from the typed request and never from a name its client gives,
// and what the same key signed for the same profile, purpose and asset earlier the same UTC
// day, summed from the audit log.

// movesOf is what request r moves under profile p. A permit's asset is the profile's known
// token (the service's chain configuration) at its verifying contract, which the token
// contract itself must confirm (onChain: its symbol and decimals as the review read them,
// with its DOMAIN_SEPARATOR checked); its amount is Permit.Value in that token's decimals.
// A deposit moves the USDC its quote requests: the checklist refuses a transaction that
// moves anything else (the static layout rules, the simulation's G29).
func (s *App) movesOf(ctx context.Context, p config.Profile, r wallet.Request, onChain *homechain.Token) agent.Moves {
	if f := purposeGates[r.Purpose].moves; f != nil {
		return f(s, ctx, p, r, onChain)
	}
	return unknownMoves("a %s signature moves no amount purse can name", r.Purpose)
}

// unknownMoves is a request whose amount purse cannot name, and why.
func unknownMoves(format string, a ...any) agent.Moves {
	return agent.Moves{Why: fmt.Sprintf(format, a...)}
}

func movesPermit(s *App, ctx context.Context, p config.Profile, r wallet.Request, onChain *homechain.Token) agent.Moves {
	pm := r.Permit
	if pm == nil {
		return unknownMoves("the request holds no permit")
	}
	if onChain == nil {
		return unknownMoves("the permit's token %s could not be read on profile %s's home chain", pm.Domain.VerifyingContract.Hex(), p.Name)
	}
	known, err := s.knownToken(ctx, p, pm.Domain.ChainID, pm.Domain.VerifyingContract.Hex())
	if err != nil {
		return unknownMoves("the permit's token %s is not identified: %v", pm.Domain.VerifyingContract.Hex(), OneLine(err))
	}
	if known.Decimals != onChain.Decimals || !strings.EqualFold(known.Symbol, onChain.Symbol) {
		return unknownMoves("the permit's token %s is %s with %d decimals in the chain configuration but %s with %d decimals on chain",
			pm.Domain.VerifyingContract.Hex(), known.Symbol, known.Decimals, onChain.Symbol, onChain.Decimals)
	}
	if pm.Value == nil || pm.Value.Sign() < 0 {
		return unknownMoves("the permit has no value")
	}
	return agent.Moves{Known: true, Asset: known.Symbol, Amount: decimal.NewFromBigInt(pm.Value, -int32(known.Decimals))}
}

func movesDeposit(_ *App, _ context.Context, _ config.Profile, r wallet.Request, _ *homechain.Token) agent.Moves {
	var q altchain.Quote
	if err := json.Unmarshal(r.Quote, &q); err != nil {
		return unknownMoves("the quote cannot be read: %v", err)
	}
	if !q.HasRequested {
		return unknownMoves("the quote names no requested USDC amount")
	}
	return agent.Moves{Known: true, Asset: "USDC", Amount: decimal.NewFromBigInt(new(big.Int).SetUint64(q.USDCAmount), -usdcDecimals)}
}

// usdcDecimals are the decimals of the quote's USDC amounts (smallest units).
const usdcDecimals = 6

// knownToken is the ERC-20 of profile p's chain configuration at address on chain chainID.
func (s *App) knownToken(ctx context.Context, p config.Profile, chainID *big.Int, address string) (homechain.Token, error) {
	if chainID == nil || chainID.String() != p.Network {
		return homechain.Token{}, fmt.Errorf("the permit is for chain %v, not profile %s's network %s", chainID, p.Name, p.Network)
	}
	ch, err := s.homeChainConfig(ctx, p, chainID)
	if err != nil {
		return homechain.Token{}, err
	}
	toks, err := ch.ERC20Tokens()
	if err != nil {
		return homechain.Token{}, err
	}
	for _, t := range toks {
		if strings.EqualFold(t.Address.Hex(), address) {
			return t, nil
		}
	}
	return homechain.Token{}, fmt.Errorf("it is none of the tokens of profile %s's chain configuration", p.Name)
}

// homeChainConfig is profile p's chain configuration's entry of chain chainID (its home
// chain), read logged out.
func (s *App) homeChainConfig(ctx context.Context, p config.Profile, chainID *big.Int) (enduser.Chain, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	c, err := enduser.New(s.userOptions(p, nil))
	if err != nil {
		return enduser.Chain{}, err
	}
	cc, err := c.ChainConfigsLoggedOut(ctx)
	if err != nil {
		return enduser.Chain{}, fmt.Errorf("the chain configuration cannot be read: %w", err)
	}
	return cc.Home(chainID)
}

// spentToday sums the amounts of asset that key label signed for profile under purpose on
// now's UTC day, from the audit log's records.
func spentToday(ks *keystore.Store, profile, label string, purpose wallet.Purpose, asset string, now time.Time) (decimal.Decimal, error) {
	recs, err := ks.ListAudit()
	if err != nil {
		return decimal.Decimal{}, err
	}
	day := now.UTC().Format(time.DateOnly)
	total := decimal.Zero
	for _, rec := range recs {
		if rec.Profile != profile || rec.Label != label || rec.Purpose != string(purpose) || !strings.EqualFold(rec.Asset, asset) {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, rec.Time)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("audit record %d: time %q: %v", rec.Seq, rec.Time, err)
		}
		if t.UTC().Format(time.DateOnly) != day {
			continue
		}
		a, err := decimal.NewFromString(rec.Amount)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("audit record %d: amount %q: %v", rec.Seq, rec.Amount, err)
		}
		total = total.Add(a)
	}
	return total, nil
}

// limited is the gate's decision once the policy's amount limits had their say: Limited
// says a limit (or an amount that could not be determined) decided, and Moves what the
// request moves (for its audit record).
type limited struct {
	agent.Decision
	Limited bool
	Moves   agent.Moves
	// release gives back the gate's spending turn (nil: none was taken).
	release func()
}

// done ends the signature's turn at the day's total, once its record is written or it was
// refused.
func (l limited) done() {
	if l.release != nil {
		l.release()
	}
}

// limit holds d against the policy's amount limits for job. A cap refuses here, before
// anything is signed.
func (g *signingGate) limit(ctx context.Context, job signJob, d agent.Decision, onChain *homechain.Token) (limited, error) {
	r := job.Request
	if _, ok := agent.LimitPurposeOf(r.Purpose); !ok {
		return limited{Decision: d}, nil
	}
	pol, err := g.policy()
	if err != nil {
		return limited{Decision: d}, refuse(agent.CodeDenied, "the signing policy cannot be read: %v; nothing was signed", err)
	}
	has := pol.HasLimits(r.Purpose, job.Profile.Name, job.Label)
	// A permit's token is identified through the service's chain configuration (a network
	// read): only when a limit needs it. A deposit's amount is in its quote, and is recorded
	// in the audit log always.
	if !has && r.Purpose == wallet.PurposePermit {
		return limited{Decision: d}, nil
	}
	mv := g.app.movesOf(ctx, job.Profile, r, onChain)
	if !has {
		return limited{Decision: d, Moves: mv}, nil
	}
	sp := agent.Spend{Purpose: r.Purpose, Profile: job.Profile.Name, Key: job.Label, Moves: mv}
	var release func()
	if mv.Known {
		// One limited signature at a time reads the day's total and records its own amount.
		select {
		case g.spending <- struct{}{}:
			release = sync.OnceFunc(func() { <-g.spending })
		case <-ctx.Done():
			return limited{Decision: d, Moves: mv}, refuse(agent.CodeDenied, "the request was withdrawn while another signature was held against today's total: %v; nothing was signed", context.Cause(ctx))
		}
		ks, err := g.app.keys(nil)
		if err == nil {
			sp.Today, err = spentToday(ks, job.Profile.Name, job.Label, r.Purpose, mv.Asset, g.now())
		}
		if err != nil {
			release()
			return limited{Decision: d, Moves: mv}, refuse(agent.CodeDenied, "the signing policy limits %s amounts and today's total cannot be read from the audit log: %v; nothing was signed", r.Purpose, OneLine(err))
		}
	}
	out := limited{Moves: mv, release: release}
	out.Decision, out.Limited = pol.ApplyLimits(d, sp)
	if out.Outcome == agent.Deny {
		out.done()
		return out, refuse(agent.CodeDenied, "refused by the signing policy: %s; nothing was signed", out.Line)
	}
	return out, nil
}
