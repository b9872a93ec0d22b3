package wallet

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"
)

// EVMSigner signs 32-byte digests with a secp256k1 key. The signature is the 65-byte
// [R || S || V] form of crypto.Sign with V in {0, 1}; the functions of this package
// turn V into 27/28 where the protocol wants it.
type EVMSigner interface {
	Address() common.Address
	SignDigest(p Purpose, digest common.Hash) ([]byte, error)
}

// SolanaSigner signs Solana messages with an ed25519 key.
type SolanaSigner interface {
	PublicKey() solana.PublicKey
	SignMessage(p Purpose, msg []byte) (solana.Signature, error)
}

// EVMKey is an in-memory EVMSigner.
type EVMKey struct {
	key  *ecdsa.PrivateKey
	addr common.Address
}

// NewEVMKey wraps a secp256k1 private key.
func NewEVMKey(k *ecdsa.PrivateKey) *EVMKey {
	return &EVMKey{key: k, addr: crypto.PubkeyToAddress(k.PublicKey)}
}

// ParseEVMKey reads a 32-byte private key given as hex, with or without 0x. The error
// never repeats the input: it may be a secret.
func ParseEVMKey(hexKey string) (*EVMKey, error) {
	s := hexKey
	if len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X") {
		s = s[2:]
	}
	if len(s) != 64 {
		return nil, fmt.Errorf("private key: expected 32 bytes as 64 hex digits, got %d characters", len(s))
	}
	k, err := crypto.HexToECDSA(s)
	if err != nil {
		return nil, errors.New("private key: not a valid secp256k1 key in hex")
	}
	return NewEVMKey(k), nil
}

func (k *EVMKey) Address() common.Address { return k.addr }

// Private exposes the key for the keystore, which encrypts and stores it.
func (k *EVMKey) Private() *ecdsa.PrivateKey { return k.key }

func (k *EVMKey) SignDigest(_ Purpose, digest common.Hash) ([]byte, error) {
	if ScalarWiped(k.key) {
		return nil, ErrZeroed
	}
	return crypto.Sign(digest[:], k.key)
}

// ErrZeroed is the answer of a key whose secret was wiped (Zero): it signs nothing.
var ErrZeroed = errors.New("the key was locked and its secret wiped from memory; unlock it again")

// Zero wipes the private scalar in place (its words, not only the big.Int's length), so a
// key dropped from an unlock cache leaves no copy in this object.
func (k *EVMKey) Zero() { WipeScalar(k.key) }

// SolanaKey is an in-memory SolanaSigner.
type SolanaKey struct {
	key ed25519.PrivateKey
}

// NewSolanaKey wraps a 64-byte ed25519 private key (seed || public key).
func NewSolanaKey(k ed25519.PrivateKey) (*SolanaKey, error) {
	if len(k) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("solana key: expected %d bytes, got %d", ed25519.PrivateKeySize, len(k))
	}
	return &SolanaKey{key: k}, nil
}

// NewSolanaKeyFromSeed builds the key from its 32-byte seed.
func NewSolanaKeyFromSeed(seed []byte) (*SolanaKey, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("solana seed: expected %d bytes, got %d", ed25519.SeedSize, len(seed))
	}
	return &SolanaKey{key: ed25519.NewKeyFromSeed(seed)}, nil
}

func (k *SolanaKey) PublicKey() solana.PublicKey {
	return solana.PublicKeyFromBytes(k.key.Public().(ed25519.PublicKey))
}

// Seed exposes the 32-byte seed for the keystore.
func (k *SolanaKey) Seed() []byte { return k.key.Seed() }

// Private exposes the 64-byte key, the form solana-keygen files hold.
func (k *SolanaKey) Private() ed25519.PrivateKey { return k.key }

// Zero wipes the key's bytes in place.
func (k *SolanaKey) Zero() { clear(k.key) }

func (k *SolanaKey) SignMessage(_ Purpose, msg []byte) (solana.Signature, error) {
	if isZero(k.key) {
		return solana.Signature{}, ErrZeroed
	}
	var sig solana.Signature
	copy(sig[:], ed25519.Sign(k.key, msg))
	return sig, nil
}

// VerifySolana checks an ed25519 signature of msg by pub.
func VerifySolana(pub solana.PublicKey, msg []byte, sig solana.Signature) bool {
	return ed25519.Verify(pub[:], msg, sig[:])
}

func isZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}
