package app

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/wallet"
)

const testKeyHex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

func testKey(t *testing.T) *wallet.EVMKey {
	t.Helper()
	k, err := wallet.ParseEVMKey(testKeyHex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Issue 11 cases 5 and 9 at the application layer.
func TestVerifyPersonalNamesConsentAndRejectsNonCanonical(t *testing.T) {
	k := testKey(t)
	fa, err := wallet.SignFullAuth(k, []byte("a=1"), 1700000000)
	if err != nil {
		t.Fatal(err)
	}
	v, err := VerifyPersonal(k.Address().Hex(), []byte(fa.Message), fa.Sign)
	if err != nil || !v.Valid || v.Note != FullAuthNote {
		t.Fatalf("consent message: %+v %v", v, err)
	}
	b := hexutil.MustDecode(fa.Sign)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	copy(b[32:64], s.FillBytes(make([]byte, 32)))
	b[64] = 27 + 28 - b[64]
	v, err = VerifyPersonal(k.Address().Hex(), []byte(fa.Message), hexutil.Encode(b))
	if !errors.Is(err, ErrRejected) || v.Valid || v.Recovered != k.Address().Hex() || !strings.Contains(err.Error(), "malleable") {
		t.Fatalf("high s: %+v %v", v, err)
	}
}
