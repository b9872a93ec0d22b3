package enduser

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// Issue 11 case 7: --token typed as an address with a wrong EIP-55 checksum is refused, not
// matched by its bytes; all lowercase is taken.
func TestFindTokenChecksOnlyMixedCase(t *testing.T) {
	eur := common.HexToAddress("0x7b2750D4C8556351bd5F607c79D6AD03A18C8824")
	ch := Chain{ChainIdentifier: "eip155:31337", Tokens: []Token{{Symbol: "EUR24", TokenIdentifier: eur.Hex(), Decimals: 2}}}
	if tok, err := ch.FindToken(strings.ToLower(eur.Hex())); err != nil || tok.Symbol != "EUR24" {
		t.Fatalf("lowercase: %+v %v", tok, err)
	}
	typo := strings.Replace(eur.Hex(), "7b2750D4", "7b2750d4", 1)
	if _, err := ch.FindToken(typo); err == nil || !strings.Contains(err.Error(), "EIP-55") {
		t.Fatalf("wrong checksum found a token: %v", err)
	}
}
