package app

import (
	"context"

	"purse/config"
	"purse/enduser"
)

// CheckMint and Mint are the account's mint for the tests of package app that mint on the
// sandbox before they deposit (deposit_review_test.go, limits_test.go): app/account's
// Service.CheckMint and Mint, which these tests cannot import (app/account imports app).
// They make that mint's calls through the core's port (MintOwner, API, StoreMinted),
// without the checks of what a user types. Once no test of package app mints, they go.
type testMintPlan struct {
	tokenID string
	req     enduser.MintRequest
}

func (ac Account) CheckMint(ctx context.Context, tokenID string, captcha enduser.MintRequest, email string) (testMintPlan, error) {
	owner, _, err := session(ac).MintOwner(ctx)
	if err != nil {
		return testMintPlan{}, err
	}
	captcha.Address, captcha.Email = owner.Hex(), email
	return testMintPlan{tokenID: tokenID, req: captcha}, nil
}

func (ac Account) Mint(ctx context.Context, plan testMintPlan) (config.Profile, error) {
	api, err := session(ac).API(false, nil)
	if err != nil {
		return config.Profile{}, err
	}
	mc, err := api.WithTokenID(plan.tokenID)
	if err != nil {
		return config.Profile{}, err
	}
	res, err := mc.Mint(ctx, plan.req)
	if err != nil {
		return config.Profile{}, err
	}
	return session(ac).StoreMinted(plan.tokenID, res.TxHash)
}
