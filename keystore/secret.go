package keystore

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// secret is a private key in memory. Its methods never format the key into an error.
type secret struct {
	kind Kind
	evm  *ecdsa.PrivateKey
	sol  ed25519.PrivateKey
}

func newEVMSecret(raw []byte) (*secret, error) {
	k, err := crypto.ToECDSA(raw)
	if err != nil {
		return nil, errors.New("private key: not a valid secp256k1 private key (it must be non-zero and below the curve order)")
	}
	return &secret{kind: KindEVM, evm: k}, nil
}

func newSolanaSecret(seed []byte) (*secret, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("solana seed: expected %d bytes, got %d", ed25519.SeedSize, len(seed))
	}
	// Anyone can derive the all-zero seed's key, as anyone can the EVM key 0 (which
	// crypto.ToECDSA refuses): it protects nothing.
	if allZero(seed) {
		return nil, errors.New("solana seed: all 32 bytes are zero; that key is public knowledge, not a secret")
	}
	return &secret{kind: KindSolana, sol: ed25519.NewKeyFromSeed(seed)}, nil
}

func generate(kind Kind) (*secret, error) {
	switch kind {
	case KindEVM:
		k, err := crypto.GenerateKey()
		if err != nil {
			return nil, fmt.Errorf("generate key: %v", err)
		}
		return &secret{kind: KindEVM, evm: k}, nil
	case KindSolana:
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, fmt.Errorf("generate key: %v", err)
		}
		return &secret{kind: KindSolana, sol: k}, nil
	}
	_, err := ParseKind(string(kind))
	return nil, err
}

func (s *secret) address() string {
	if s.kind == KindEVM {
		return crypto.PubkeyToAddress(s.evm.PublicKey).Hex()
	}
	return solana.PublicKeyFromBytes(s.sol.Public().(ed25519.PublicKey)).String()
}

// raw is what the backends store: the 32-byte secp256k1 scalar or the 32-byte ed25519 seed.
func (s *secret) raw() []byte {
	if s.kind == KindEVM {
		return crypto.FromECDSA(s.evm)
	}
	return append([]byte(nil), s.sol.Seed()...)
}

func (s *secret) rawExport() []byte {
	if s.kind == KindEVM {
		b := crypto.FromECDSA(s.evm)
		defer wipe(b)
		return []byte(hex.EncodeToString(b) + "\n")
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, v := range s.sol {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(strconv.Itoa(int(v)))
	}
	buf.WriteString("]\n")
	return buf.Bytes()
}

func (s *secret) wipe() {
	if s == nil {
		return
	}
	wallet.WipeScalar(s.evm)
	wipe(s.sol)
}

// stripBOM drops a UTF-8 byte-order mark that some editors (Notepad) put at the start of a
// text file; it is never part of a key, a mnemonic or JSON.
func stripBOM(b []byte) []byte {
	return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
}

func allZero(b []byte) bool {
	var or byte
	for _, c := range b {
		or |= c
	}
	return or == 0
}

func wipe(b []byte) {
	for i := range b {
		b[i] = 0
	}
}

// decodeHexSecret decodes hex digits with an optional 0x prefix, surrounding white space
// ignored. Errors give positions and lengths, never the characters.
func decodeHexSecret(field string, in []byte) ([]byte, error) {
	s := bytes.TrimSpace(stripBOM(in))
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	if len(s) == 0 {
		return nil, fmt.Errorf("%s: expected hex digits, got nothing", field)
	}
	for i, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return nil, fmt.Errorf("%s: expected hex digits, character %d is not one", field, i+1)
		}
	}
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("%s: expected an even number of hex digits, got %d", field, len(s))
	}
	out := make([]byte, len(s)/2)
	if _, err := hex.Decode(out, s); err != nil {
		return nil, fmt.Errorf("%s: malformed hex", field)
	}
	return out, nil
}

// parseHexKey reads a private key in hex: evm 32 bytes; solana a 32-byte seed or a 64-byte
// key (seed || public key, whose public half must match).
func parseHexKey(kind Kind, in []byte) (*secret, error) {
	b, err := decodeHexSecret("private key", in)
	if err != nil {
		return nil, err
	}
	defer wipe(b)
	switch kind {
	case KindEVM:
		if len(b) != 32 {
			return nil, fmt.Errorf("private key: expected 32 bytes (64 hex digits) for an evm key, got %d bytes", len(b))
		}
		return newEVMSecret(b)
	case KindSolana:
		switch len(b) {
		case ed25519.SeedSize:
			return newSolanaSecret(b)
		case ed25519.PrivateKeySize:
			return solanaFromKeypair(b, "private key")
		}
		return nil, fmt.Errorf("private key: expected 32 bytes (seed) or 64 bytes (seed and public key) for a solana key, got %d bytes", len(b))
	}
	_, err = ParseKind(string(kind))
	return nil, err
}

func solanaFromKeypair(b []byte, field string) (*secret, error) {
	sec, err := newSolanaSecret(b[:ed25519.SeedSize])
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(sec.sol[ed25519.SeedSize:], b[ed25519.SeedSize:]) {
		sec.wipe()
		return nil, fmt.Errorf("%s: the public half (bytes 33-64) does not match the key derived from the seed (bytes 1-32)", field)
	}
	return sec, nil
}

// parseSolanaKeypair reads a solana-keygen keypair file: a JSON array of 64 integers 0-255.
// Only bare decimal integers count: a quoted "12", 1.5, 1e2 or -0 is not what solana-keygen
// writes, so the file is not one.
func parseSolanaKeypair(data []byte) (*secret, error) {
	var items []json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(stripBOM(data)))
	if err := dec.Decode(&items); err != nil {
		return nil, errors.New("solana keypair: expected a JSON array of 64 numbers (solana-keygen format), the file is not one")
	}
	if dec.More() {
		return nil, errors.New("solana keypair: expected one JSON array, found more after it")
	}
	if len(items) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("solana keypair: expected 64 numbers, got %d", len(items))
	}
	b := make([]byte, ed25519.PrivateKeySize)
	defer wipe(b)
	for i, it := range items {
		if len(it) > 0 && it[0] == '"' {
			return nil, fmt.Errorf("solana keypair: item %d is a string; expected a number 0-255", i+1)
		}
		digits := len(it) > 0 && len(it) <= 3
		for _, c := range it {
			digits = digits && c >= '0' && c <= '9'
		}
		v, err := strconv.ParseUint(string(it), 10, 8)
		if !digits || err != nil {
			return nil, fmt.Errorf("solana keypair: number %d is not an integer in 0-255", i+1)
		}
		b[i] = byte(v)
	}
	return solanaFromKeypair(b, "solana keypair")
}
