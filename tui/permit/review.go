package permit

import (
	"purse/app"
	"purse/tui/review"
)

// Review is the signing review of a prepared permit.
func Review(id string, pr app.PreparedPermit) review.Request {
	p, pl := pr.Permit, pr.Plan
	var business string
	if !pl.Amount.Equal(pl.PermitAmount) {
		business = pl.Amount.StringFixed(int32(pl.Token.Decimals)) + " " + pl.Token.Symbol
	}
	return review.PermitRequest(id, review.Permit{
		TokenSymbol: pl.Token.Symbol, TokenAddress: pl.Token.Address.Hex(), Decimals: pl.Token.Decimals,
		Value: p.Value, BusinessAmount: business, Owner: p.Owner.Hex(),
		SpenderRole: app.RoleLabel(pl.Role), Spender: p.Spender.Hex(),
		Nonce: p.Nonce, Deadline: p.Deadline, ChainID: p.Domain.ChainID,
		DomainName: p.Domain.Name, DomainVersion: p.Domain.Version, Digest: pr.Digest.Hex(),
	})
}
