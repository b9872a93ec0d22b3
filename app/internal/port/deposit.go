package port

import (
	"context"

	"purse/altchain"
	"purse/config"
	"purse/wallet"
)

// The steps of a Solana signature the signing gate reports (SolanaSigner's progress), in
// order: the checklist again and the signature, the simulation of the signed bytes, the
// review. app/deposit places them among a deposit's steps.
const (
	StepSign     = "sign"
	StepSimulate = "simulate"
	StepReview   = "review"
)

// Deposit is what the Solana deposit (app/deposit) may use of the core's session besides
// Session: the profile's Solana RPC and key, the key index, the pins the gate checks a
// deposit under, the partner API's quote signed with the partner key, and the hold that keeps
// the profile while a deposit is being sent.
type Deposit interface {
	Session
	// SolanaRPC is the profile's Solana RPC (on the sandbox profile, once the sandbox answers).
	SolanaRPC() (*altchain.RPC, error)
	// SolanaSigner is the profile's Solana key behind the signing gate, in the agent when one
	// holds it; u opens a key file (nil: the session's own source). When the key is in this
	// process, progress hears the gate's steps (StepSign, StepSimulate, StepReview) as they
	// begin; an agent shows them on its own display.
	SolanaSigner(u *Unlock, progress func(step, detail string)) (wallet.SolanaSigner, error)
	// PinnedCluster is cluster c under profile p's pins and fee cap, as the gate checks a
	// deposit (an offline inspection checks every cluster the same way).
	PinnedCluster(p config.Profile, c altchain.ClusterInfo) (altchain.ClusterInfo, error)
	// PartnerQuote asks profile p's partner API for req, signed with the profile's partner
	// key (u opens it; orElse as in PartnerSettings) on the service's clock; an answer whose
	// signature does not hold is a rejection (app.ErrRejected), nothing of it used.
	PartnerQuote(ctx context.Context, p config.Profile, u *Unlock, orElse string, req altchain.QuoteRequest) (*altchain.QuoteResult, error)
	// HomeFiatTokens are the fiat tokens of profile p's home chain by currency, from the
	// chain configuration read logged out, for F33.
	HomeFiatTokens(ctx context.Context, p config.Profile) (map[string]altchain.EVMAddress, error)
}

// DepositOf is the deposit's session of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var DepositOf func(core any) (Deposit, bool)
