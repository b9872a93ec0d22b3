package doctor

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"purse/enduser"
)

// The payout's permit spender (setting payout_spender): UR's Fiat24Token presents a payout's
// permit to itself and spends it in the same call (permitAndClientPayoutRef), while the
// public integration signed it for the card spender. Purse never submits a payout to find
// out; the history does: the newest payout record (type CWD) names its transaction, and the
// contract that transaction was sent to is the one that spent the permit — the fiat token
// itself, or the card spender. Without a payout in the history nothing can be told.

func (r *doctorRun) probePayoutSpender(ctx context.Context, name string) Probe {
	token := "the fiat token itself spends a payout's permit: a payout's transaction is sent to the token (evidence §4: UR's Fiat24Token.permitAndClientPayoutRef)"
	card := "the card spender spends it: a payout's transaction is sent to card_spender (the public integration's default)"
	rs := []reading{{name: token, setting: "payout_spender=token"}, {name: card, setting: "payout_spender=card"}}
	if r.p.PayoutSpenderRole() == enduser.SpenderCard {
		rs[1].followed = true
	} else {
		rs[0].followed = true
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	pg, a := r.page(ctx, r.signed, func(c *enduser.Client) (*enduser.TxPage, error) {
		return c.Transactions(ctx, enduser.TxFilter{PageSize: 20, Type: "CWD"})
	})
	if pg == nil {
		if o, done := withoutAnswer(a); done {
			return finish(name, rs, o, a)
		}
		return finish(name, rs, every(2, unsure("the history could not be read: %s", a.says())), a)
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finish(name, rs, outcome{unreachable: "the home chain: " + err.Error()}, a)
	}
	// The newest payout whose transaction the home chain has (a record may name one it
	// does not: another chain's, or none the service sent).
	var ev []Evidence
	for i := range pg.Transactions {
		rec := &pg.Transactions[i]
		if rec.TxHash == "" {
			continue
		}
		to, ok, err := c.TxTo(ctx, common.HexToHash(rec.TxHash))
		ev = append(ev, chainEvidence("the contract payout "+rec.TxHash+" was sent to", to.Hex(), err))
		if err != nil {
			continue
		}
		p := finishChain(name, rs, judgePayoutSpender(to, ok, rec, r.p.CardSpender), ev...)
		p.Evidence = append([]Evidence{a.evidence()}, p.Evidence...)
		return p
	}
	p := finishChain(name, rs, every(2, unsure("the history holds no payout (type CWD) whose transaction the home chain has (%d payout records read): pay out once, then run the doctor again", len(pg.Transactions))), ev...)
	p.Evidence = append([]Evidence{a.evidence()}, p.Evidence...)
	return p
}

// judgePayoutSpender judges the contract a payout's transaction was sent to: the record's
// fiat token (its tokenAddress), or the card spender.
func judgePayoutSpender(to common.Address, ok bool, rec *enduser.Transaction, cardSpender string) outcome {
	switch {
	case !ok:
		return every(2, unsure("the payout's transaction %s created a contract", rec.TxHash))
	case common.IsHexAddress(rec.TokenAddress) && to == common.HexToAddress(rec.TokenAddress):
		return outcome{fits: []judgement{yes("payout %s was sent to its token %s", rec.TxHash, to.Hex()), ruled("it was sent to the token, not card_spender")}}
	case common.IsHexAddress(cardSpender) && to == common.HexToAddress(cardSpender):
		return outcome{fits: []judgement{ruled("payout %s was sent to card_spender %s, not its token", rec.TxHash, to.Hex()), yes("payout %s was sent to card_spender %s", rec.TxHash, to.Hex())}}
	}
	return every(2, unsure("payout %s was sent to %s, neither its token %s nor card_spender", rec.TxHash, to.Hex(), rec.TokenAddress))
}
