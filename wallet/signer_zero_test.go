package wallet

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// TestZeroWipesAndRefuses: a zeroed key holds no secret bytes and signs nothing.
func TestZeroWipesAndRefuses(t *testing.T) {
	k, err := ParseEVMKey("0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	if err != nil {
		t.Fatal(err)
	}
	words := ScalarWords(k.key)
	k.Zero()
	for _, w := range words {
		if w != 0 {
			t.Fatal("a word of the scalar survived Zero")
		}
	}
	if _, err := k.SignDigest(PurposePersonal, common.Hash{1}); !errors.Is(err, ErrZeroed) {
		t.Fatalf("a zeroed EVM key signed: %v", err)
	}
	s, err := NewSolanaKeyFromSeed(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	raw := s.Private()
	s.Zero()
	if !isZero(raw) {
		t.Fatal("the Solana key's bytes survived Zero")
	}
	if _, err := s.SignMessage(PurposeSolanaTx, []byte("m")); !errors.Is(err, ErrZeroed) {
		t.Fatalf("a zeroed Solana key signed: %v", err)
	}
}
