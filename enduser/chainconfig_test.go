package enduser

import (
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func TestChainConfigLookups(t *testing.T) {
	eur := common.HexToAddress("0x7b2750D4C8556351bd5F607c79D6AD03A18C8824")
	for _, id := range []string{eur.Hex(), "eip155:31337/erc20:" + eur.Hex()} {
		if a, ok := TokenAddress(id); !ok || a != eur {
			t.Errorf("TokenAddress(%q) = %v %v", id, a, ok)
		}
	}
	for _, id := range []string{"eip155:1/slip44:60", "0x12", "EUR24", ""} {
		if _, ok := TokenAddress(id); ok {
			t.Errorf("TokenAddress(%q) read as a token", id)
		}
	}

	cc := ChainConfigs{Chains: []Chain{{
		ChainIdentifier: "eip155:31337", DepositContract: "0x0c7F69E9481c7Fc2267513a1649cbD480e2A9Fb0",
		Tokens: []Token{
			{Symbol: "ETH", IsNative: true},
			{Symbol: "EUR24", Name: "Fiat24 EUR", TokenIdentifier: "eip155:31337/erc20:" + eur.Hex(), Decimals: 2, IsFiat: true},
			{Symbol: "USDC", TokenIdentifier: "0x0000000000000000000000000000000000000c01", Decimals: 6},
		},
	}}}
	if _, err := cc.Home(big.NewInt(1)); err == nil || !strings.Contains(err.Error(), "eip155:31337") {
		t.Errorf("missing chain: %v", err)
	}
	ch, err := cc.Home(big.NewInt(31337))
	if err != nil {
		t.Fatal(err)
	}
	toks, err := ch.ERC20Tokens()
	if err != nil || len(toks) != 2 || toks[0].Decimals != 2 || toks[0].Address != eur || toks[1].Decimals != 6 {
		t.Fatalf("tokens %+v %v", toks, err)
	}
	for _, q := range []string{"eur24", eur.Hex(), "eip155:31337/erc20:" + eur.Hex()} {
		if tok, err := ch.FindToken(q); err != nil || tok.Symbol != "EUR24" {
			t.Errorf("FindToken(%q) = %+v %v", q, tok, err)
		}
	}
	if _, err := ch.FindToken("ETH"); err == nil || !strings.Contains(err.Error(), "known: EUR24, USDC") {
		t.Errorf("the native token was found: %v", err)
	}
	bad := ch
	bad.Tokens = []Token{{Symbol: "X", TokenIdentifier: "not-an-address"}}
	if _, err := bad.ERC20Tokens(); err == nil || !strings.Contains(err.Error(), "tokenIdentifier") {
		t.Errorf("a token without an address: %v", err)
	}

	card := "0x9561C133DD8580860B6b7E504bC5Aa500f0f06a7"
	if a, err := ch.Spender(SpenderCard, card); err != nil || a != common.HexToAddress(card) {
		t.Errorf("card: %v %v", a, err)
	}
	if a, err := ch.Spender(SpenderDeposit, ""); err != nil || a != common.HexToAddress(ch.DepositContract) {
		t.Errorf("deposit: %v %v", a, err)
	}
	for _, c := range []struct{ role, card, want string }{
		{SpenderBufferPool, card, "bufferPoolContract is not set"},
		{SpenderCard, "", "card_spender is not set"},
		{SpenderCard, "0x0000000000000000000000000000000000000000", "is not an address"},
		{"owner", card, "expected card, deposit or bufferpool"},
	} {
		if _, err := ch.Spender(c.role, c.card); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.role, err)
		}
	}
}
