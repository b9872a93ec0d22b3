package app

import (
	"context"

	"purse/altchain"
	"purse/config"
	"purse/wallet"
)

// What the Solana deposit (app/deposit) asks of the core beyond Session (port.Deposit).

func (p session) SolanaRPC() (*altchain.RPC, error) { return p.s.solanaRPC() }

func (p session) SolanaSigner(u *Unlock, progress func(step, detail string)) (wallet.SolanaSigner, error) {
	signer, err := p.s.solanaSigner(u)
	if err != nil {
		return nil, err
	}
	if gs, ok := signer.(*gatedSolanaSigner); ok {
		gs.progress = progress
	}
	return signer, nil
}

func (p session) PinnedCluster(pr config.Profile, c altchain.ClusterInfo) (altchain.ClusterInfo, error) {
	return c.Pinned(pinSettings(pr, c))
}

func (p session) PartnerQuote(ctx context.Context, pr config.Profile, u *Unlock, orElse string, req altchain.QuoteRequest) (*altchain.QuoteResult, error) {
	c, err := p.s.partnerClient(ctx, pr, u, orElse)
	if err != nil {
		return nil, err
	}
	res, err := (*altchain.PartnerClient)(c).Quote(ctx, req)
	if err != nil {
		return nil, refusedAnswer(err)
	}
	return res, nil
}

func (p session) HomeFiatTokens(ctx context.Context, pr config.Profile) (map[string]altchain.EVMAddress, error) {
	return p.s.homeFiatTokens(ctx, pr)
}
