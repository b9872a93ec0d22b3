package app

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/agent"
	"purse/config"
	"purse/enduser"
	"purse/homechain/homechaintest"
	"purse/wallet"
)

// TestGatePermitCallBinding (issue 31 §1): a permit signed with the call that carries it is
// reviewed with that call, parsed whole, and refused when the call and the permit disagree
// (the attacks a check of the permit alone lets through: another amount, token, deadline or
// spender; a recipient that is not Live; a body of another route; a body that already holds
// a signature). Approved, it is delivered unasked only by exactly that call: the same
// signature in a transfer to someone else, or in token-permit, is asked about again; and a
// permit approved on its own is not delivered by a transfer.
func TestGatePermitCallBinding(t *testing.T) {
	ctx := context.Background()
	chain, err := homechaintest.Start(ctx, homechaintest.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Close()
	tok, _ := chain.Token("EUR24")
	nft := chain.Contracts().AccountNFT
	const live, tourist = 4242, 4343
	for id, st := range map[uint64]uint8{live: 5, tourist: 2} {
		if _, err := chain.MintAccount(ctx, common.BigToAddress(big.NewInt(int64(id))), id); err != nil {
			t.Fatal(err)
		}
		if err := chain.SetAccountStatus(ctx, id, st); err != nil {
			t.Fatal(err)
		}
	}
	bothWays(t, "", func(p *config.Profile) {
		p.EVMRPC = chain.RPCURL()
		p.AccountNFT = nft.Hex()
		p.CardSpender = chain.Contracts().CardSpender.Hex()
	}, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		deadline := big.NewInt(time.Now().Add(time.Hour).Unix())
		permit := func(spender common.Address, value int64) wallet.Permit {
			pm, err := chain.Reader().PreparePermit(ctx, tok.Address, s.Address(), spender, big.NewInt(value), deadline)
			if err != nil {
				t.Fatal(err)
			}
			return pm
		}
		pm := permit(tok.Address, 1234)
		transfer := func(to uint64, pm wallet.Permit, amount string, sig *wallet.PermitSignature) []byte {
			pf := enduser.NewPermitFields(pm, sig, decimal.RequireFromString(amount), 2, "")
			b, err := enduser.TransferRequest{ToAccountID: to, Permit: pf}.Body()
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		unsigned := func(b []byte) []byte {
			u, err := enduser.UnsignedCall(b)
			if err != nil {
				t.Fatal(err)
			}
			return u
		}
		otherDeadline := pm
		otherDeadline.Deadline = new(big.Int).Add(deadline, big.NewInt(60))
		tokenPermitBody := []byte(`{"address":"` + tok.Address.Hex() + `","amount":"1234","permitAmount":"1234","permitDeadline":` + deadline.String() + `,"permitV":0,"permitR":"","permitS":""}`)
		for name, c := range map[string]struct {
			pm    wallet.Permit
			route string
			body  []byte
			want  string
		}{
			"another amount":             {pm, enduser.RouteTransfer, transfer(live, pm, "12.33", nil), "amount 1233 is not the permit's value 1234"},
			"a deadline of its own":      {pm, enduser.RouteTransfer, transfer(live, otherDeadline, "12.34", nil), "permitDeadline"},
			"the card spender":           {permit(chain.Contracts().CardSpender, 1234), enduser.RouteTransfer, transfer(live, pm, "12.34", nil), "fiat token itself"},
			"a Tourist recipient":        {pm, enduser.RouteTransfer, transfer(tourist, pm, "12.34", nil), "Tourist, not Live"},
			"a recipient that is none":   {pm, enduser.RouteTransfer, transfer(999, pm, "12.34", nil), "cannot be read on chain"},
			"a body of another route":    {pm, enduser.RouteTransfer, tokenPermitBody, "not a body of"},
			"only the signature's keys":  {pm, enduser.RouteTransfer, []byte(`{"permitV":0,"permitR":"","permitS":""}`), "not a body of"},
			"a body holding a sig":       {pm, enduser.RouteTransfer, transfer(live, pm, "12.34", &wallet.PermitSignature{V: 27, R: "0x" + strings.Repeat("11", 32), S: "0x" + strings.Repeat("22", 32)}), "blank form"},
			"a route carrying no permit": {pm, enduser.RouteCardStatus, transfer(live, pm, "12.34", nil), "not a body of"},
		} {
			t.Run(name, func(t *testing.T) {
				before := e.asked.count()
				body := unsigned(c.body)
				if strings.Contains(string(c.body), strings.Repeat("11", 32)) {
					body = c.body // as a hostile caller sends it: the signature fields filled
				}
				_, err := wallet.SignPermitFor(s, c.pm, c.route, body)
				if !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), c.want) || e.asked.count() != before {
					t.Fatalf("want a refusal naming %q before asking, got %v (asked %d)", c.want, err, e.asked.count()-before)
				}
			})
		}

		// A call named without its body (the empty payload) is no request at all.
		if _, err := wallet.SignPermitFor(s, pm, enduser.RouteTransfer, nil); err == nil || e.asked.count() != 0 {
			t.Fatalf("a route without its body: %v (asked %d)", err, e.asked.count())
		}

		e.asked.set(func(Approval) error { return nil })
		sig, err := wallet.SignPermitFor(s, pm, enduser.RouteTransfer, unsigned(transfer(live, pm, "12.34", nil)))
		if err != nil {
			t.Fatal(err)
		}
		txt := reviewText(e.asked.last().Review)
		for _, w := range []string{"What the permit pays for", "transfer-with-permit", "toAccountId", "4242", "Live", "the fiat token itself"} {
			if !strings.Contains(txt, w) {
				t.Fatalf("the review lacks %q:\n%s", w, txt)
			}
		}
		e.asked.set(nil)
		now := time.Now()
		call := func(route string, body []byte) error {
			_, err := wallet.SignFullAuthCall(s, "POST", route, body, now.Add(time.Minute).Unix(), now)
			return err
		}
		before := e.asked.count()
		if err := call(enduser.RouteTransfer, transfer(live, pm, "12.34", &sig)); err != nil || e.asked.count() != before {
			t.Fatalf("the approved call: %v (asked %d more)", err, e.asked.count()-before)
		}
		for name, body := range map[string][]byte{
			"to someone else":          transfer(tourist, pm, "12.34", &sig),
			"as the card-spend permit": []byte(`{"address":"` + tok.Address.Hex() + `","amount":"1234","permitAmount":"1234","permitDeadline":` + deadline.String() + `,"permitV":` + big.NewInt(int64(sig.V)).String() + `,"permitR":"` + sig.R + `","permitS":"` + sig.S + `"}`),
		} {
			before := e.asked.count()
			route := enduser.RouteTransfer
			if strings.HasPrefix(name, "as the card") {
				route = enduser.RouteTokenPermit
			}
			if err := call(route, body); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 {
				t.Fatalf("%s with the approved signature: %v (asked %d more)", name, err, e.asked.count()-before)
			}
		}

		// A permit approved on its own (the card-spend permit's way) is no transfer's.
		e.asked.set(func(Approval) error { return nil })
		pm2 := permit(tok.Address, 777)
		alone, err := wallet.SignPermit(s, pm2)
		if err != nil {
			t.Fatal(err)
		}
		e.asked.set(nil)
		before = e.asked.count()
		if err := call(enduser.RouteTransfer, transfer(live, pm2, "7.77", &alone)); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 {
			t.Fatalf("a permit approved alone, carried by a transfer: %v (asked %d more)", err, e.asked.count()-before)
		}
	})
}
