package wallet

import (
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// PersonalHash is the EIP-191 version 0x45 digest of msg.
func PersonalHash(msg []byte) common.Hash {
	return common.BytesToHash(accounts.TextHash(msg))
}

// SignPersonal signs msg with EIP-191 personal_sign and returns 65 bytes with V = 27/28.
func SignPersonal(s EVMSigner, p Purpose, msg []byte) ([]byte, error) {
	return signWithV27(s, p, PersonalHash(msg))
}

func signWithV27(s EVMSigner, p Purpose, digest common.Hash) ([]byte, error) {
	sig, err := s.SignDigest(p, digest)
	if err != nil {
		return nil, err
	}
	if len(sig) != crypto.SignatureLength {
		return nil, fmt.Errorf("signer returned %d bytes, expected %d", len(sig), crypto.SignatureLength)
	}
	out := make([]byte, len(sig))
	copy(out, sig)
	out[64] += 27
	return out, nil
}

// ParseSignature decodes a 0x-prefixed 65-byte hex signature with V in {0,1,27,28}
// and returns it in crypto.Sign form (V in {0,1}).
func ParseSignature(field, s string) ([]byte, error) {
	b, err := hexutil.Decode(s)
	if err != nil {
		return nil, fmt.Errorf("%s: expected 0x-prefixed hex of 65 bytes: %v", field, err)
	}
	if len(b) != crypto.SignatureLength {
		return nil, fmt.Errorf("%s: expected 65 bytes, got %d", field, len(b))
	}
	switch b[64] {
	case 0, 1:
	case 27, 28:
		b[64] -= 27
	default:
		return nil, fmt.Errorf("%s: recovery byte v must be 27 or 28, got %d", field, b[64])
	}
	return b, nil
}

// RecoverDigest returns the address that made sig (crypto.Sign form) over digest.
func RecoverDigest(digest common.Hash, sig []byte) (common.Address, error) {
	if len(sig) != crypto.SignatureLength {
		return common.Address{}, errors.New("signature: expected 65 bytes")
	}
	pub, err := crypto.SigToPub(digest[:], sig)
	if err != nil {
		return common.Address{}, fmt.Errorf("signature: cannot recover a public key: %v", err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// RecoverPersonal returns the address that personal_signed msg. sig is 0x hex.
func RecoverPersonal(msg []byte, sig string) (common.Address, error) {
	b, err := ParseSignature("signature", sig)
	if err != nil {
		return common.Address{}, err
	}
	return RecoverDigest(PersonalHash(msg), b)
}
