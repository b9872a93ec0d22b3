package deposit

import (
	"context"

	"purse/internal/visible"
)

// bindOutputToken records the currency asked for on the quote (a quote file may already
// carry one: another is refused) and the home chain's fiat tokens of the chain
// configuration, read logged out (nothing is signed), so F33 can tie evmOutputToken to the
// currency. A failed read is not an error here: F33 refuses the quote with it.
func (sv Service) bindOutputToken(ctx context.Context, dq *Quote, currency string) error {
	if currency != "" {
		if err := dq.Quote.SetOutputCurrency(currency); err != nil {
			return err
		}
	}
	tokens, err := sv.s.HomeFiatTokens(ctx, dq.Setup.Profile)
	if err != nil {
		dq.Setup.Opts.OutputTokensErr, _ = visible.Escape(err.Error())
		return nil
	}
	dq.Setup.Opts.OutputTokens = tokens
	return nil
}
