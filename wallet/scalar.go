package wallet

//lint:file-ignore SA1019 a secp256k1 key is go-ethereum's *ecdsa.PrivateKey, whose scalar only D holds: ecdsa's Bytes and ParseRawPrivateKey, which Go 1.26 points to instead, know the NIST curves only.

import (
	"crypto/ecdsa"
	"math/big"
)

// ScalarWords is the memory of k's private scalar, in place: what wiping and locking it out
// of swap act on.
func ScalarWords(k *ecdsa.PrivateKey) []big.Word {
	if k == nil || k.D == nil {
		return nil
	}
	return k.D.Bits()
}

// WipeScalar zeroes k's private scalar in place, its words and not only the big.Int's length
// (SetInt64 alone keeps the higher words in the backing array).
func WipeScalar(k *ecdsa.PrivateKey) {
	if k == nil || k.D == nil {
		return
	}
	clear(k.D.Bits())
	k.D.SetInt64(0)
}

// ScalarWiped says whether k's private scalar is zero (WipeScalar ran).
func ScalarWiped(k *ecdsa.PrivateKey) bool { return k == nil || k.D == nil || k.D.Sign() == 0 }
