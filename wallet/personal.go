package wallet

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// PersonalHash is the EIP-191 version 0x45 digest of msg.
func PersonalHash(msg []byte) common.Hash {
	return common.BytesToHash(accounts.TextHash(msg))
}

// ErrConsentMessage refuses a personal_sign of a consent message as a plain "personal"
// signature: the bytes are those of a full-auth (and mint-consent) signature, so the
// signature is that credential, whatever the signer believed.
var ErrConsentMessage = errors.New("message starts with \"" + ConsentPrefix + "\": its personal_sign is a full-auth credential (and mint consent) for the signer's account")

// IsConsentMessage says whether msg is a full-auth / mint-consent message: one that begins
// with ConsentPrefix.
func IsConsentMessage(msg []byte) bool {
	return bytes.HasPrefix(msg, []byte(ConsentPrefix))
}

// SignPersonal signs msg with EIP-191 personal_sign (purpose personal) and returns 65
// bytes with V = 27/28. A consent message is refused (ErrConsentMessage): its signature is
// a full-auth credential, which only a full-auth or mint-consent request makes.
func SignPersonal(s EVMSigner, msg []byte) ([]byte, error) {
	return signEVM(s, Request{Purpose: PurposePersonal, Message: msg}, time.Time{})
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

// secp256k1HalfN is n/2: EIP-2 and OpenZeppelin's ECDSA accept only s at or below it.
var secp256k1HalfN = new(big.Int).Rsh(crypto.S256().Params().N, 1)

// CheckCanonical reports what makes a 0x-hex 65-byte signature one that on-chain verifiers
// refuse although ecrecover (and ParseSignature) accept it: s in the upper half of the curve
// order (malleable: anyone can derive a second valid signature from the first) and v other
// than 27/28. OpenZeppelin's ECDSA (used by ERC20Permit) reverts on both. nil means canonical.
func CheckCanonical(sig string) error {
	b, err := hexutil.Decode(sig)
	if err != nil || len(b) != crypto.SignatureLength {
		return fmt.Errorf("signature: expected 0x-prefixed hex of 65 bytes")
	}
	var faults []string
	if new(big.Int).SetBytes(b[32:64]).Cmp(secp256k1HalfN) > 0 {
		faults = append(faults, "malleable signature: s is above secp256k1n/2 (EIP-2)")
	}
	if v := b[64]; v != 27 && v != 28 {
		faults = append(faults, fmt.Sprintf("non-standard v = %d (expected 27 or 28)", v))
	}
	if faults == nil {
		return nil
	}
	return errors.New(strings.Join(faults, "; ") + "; OpenZeppelin ECDSA rejects it")
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
