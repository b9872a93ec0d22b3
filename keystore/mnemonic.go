package keystore

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"strings"

	"github.com/anyproto/go-slip10"
	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"
	bip39 "github.com/cosmos/go-bip39"
	"github.com/ethereum/go-ethereum/accounts"
	"golang.org/x/text/unicode/norm"

	"purse/wallet"
)

// PathNone is the Solana "path" of solana-keygen without a derivation path: the key seed is
// the first 32 bytes of the BIP-39 seed.
const PathNone = "none"

// MnemonicPath is the default derivation path of account index i: m/44'/60'/0'/0/i for evm,
// m/44'/501'/i'/0' for solana.
func MnemonicPath(kind Kind, i uint32) string {
	if kind == KindSolana {
		return fmt.Sprintf("m/44'/501'/%d'/0'", i)
	}
	return fmt.Sprintf("m/44'/60'/0'/0/%d", i)
}

// normalizeMnemonic checks the words and the checksum and returns the mnemonic in the form
// BIP-39 hashes: lower-case words separated by single spaces. Errors name word positions,
// never words.
func normalizeMnemonic(in []byte) (string, error) {
	words := strings.Fields(strings.ToLower(norm.NFKD.String(string(stripBOM(in)))))
	switch len(words) {
	case 12, 15, 18, 21, 24:
	default:
		return "", fmt.Errorf("mnemonic: expected 12, 15, 18, 21 or 24 words, got %d", len(words))
	}
	for i, w := range words {
		if _, ok := bip39.ReverseWordMap[w]; !ok {
			return "", fmt.Errorf("mnemonic: word %d is not in the BIP-39 English list", i+1)
		}
	}
	m := strings.Join(words, " ")
	// The word count and every word were checked above, so what the library still refuses is
	// the checksum (it says so only in its message).
	if _, err := bip39.MnemonicToByteArray(m); err != nil {
		return "", errors.New("mnemonic: the checksum does not match (a word is wrong, missing or out of order)")
	}
	return m, nil
}

// deriveMnemonic derives the key of kind at path from a BIP-39 mnemonic and passphrase.
// An empty path means index 0 of MnemonicPath.
func deriveMnemonic(kind Kind, mnemonic, passphrase []byte, path string) (*secret, error) {
	if _, err := ParseKind(string(kind)); err != nil {
		return nil, err
	}
	if path == "" {
		path = MnemonicPath(kind, 0)
	}
	var idx accounts.DerivationPath
	if !(kind == KindSolana && path == PathNone) {
		if !strings.HasPrefix(path, "m/") {
			return nil, fmt.Errorf("path: expected an absolute path such as %s, got %q", MnemonicPath(kind, 0), path)
		}
		var err error
		if idx, err = accounts.ParseDerivationPath(path); err != nil {
			return nil, fmt.Errorf("path %q: %v", path, err)
		}
		// go-ethereum takes a segment without ' up to 2^32-1, and from 2^31 on BIP-32 derives
		// it hardened: m/.../2147483648 would silently be m/.../0'.
		for i, seg := range strings.Split(strings.TrimPrefix(path, "m/"), "/") {
			if !strings.HasSuffix(strings.TrimSpace(seg), "'") && i < len(idx) && idx[i] >= 1<<31 {
				return nil, fmt.Errorf("path %q: segment %d (%s) is above 2147483647 without '; write it hardened (%d') if that is what you mean", path, i+1, strings.TrimSpace(seg), idx[i]-1<<31)
			}
		}
		if kind == KindSolana {
			for i, c := range idx {
				if c < slip10.FirstHardenedIndex {
					return nil, fmt.Errorf("path %q: ed25519 (SLIP-0010) derives hardened segments only; segment %d is not hardened (add ')", path, i+1)
				}
			}
		}
	}
	m, err := normalizeMnemonic(mnemonic)
	if err != nil {
		return nil, err
	}
	seed := bip39.NewSeed(m, norm.NFKD.String(string(passphrase)))
	defer wipe(seed)

	if kind == KindSolana {
		if path == PathNone {
			return newSolanaSecret(seed[:ed25519.SeedSize])
		}
		n, err := slip10.NewMasterNode(seed)
		if err != nil {
			return nil, fmt.Errorf("path %q: %v", path, err)
		}
		for _, c := range idx {
			if n, err = n.Derive(c); err != nil {
				return nil, fmt.Errorf("path %q: %v", path, err)
			}
		}
		return newSolanaSecret(n.RawSeed())
	}

	k, err := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
	if err != nil {
		return nil, fmt.Errorf("mnemonic: cannot build the BIP-32 master key: %v", err)
	}
	for i, c := range idx {
		if k, err = k.Derive(c); err != nil {
			return nil, fmt.Errorf("path %q: segment %d: %v", path, i+1, err)
		}
	}
	priv, err := k.ECPrivKey()
	if err != nil {
		return nil, fmt.Errorf("path %q: %v", path, err)
	}
	raw := priv.Serialize()
	defer wipe(raw)
	k.Zero()
	return newEVMSecret(raw)
}

// DeriveEVMKey is the EVM key at path of a BIP-39 mnemonic and passphrase, derived as key
// import derives it: a device stand-in holding a seed signs with exactly the key an import
// of the same words would store.
func DeriveEVMKey(mnemonic, passphrase []byte, path string) (*wallet.EVMKey, error) {
	sec, err := deriveMnemonic(KindEVM, mnemonic, passphrase, path)
	if err != nil {
		return nil, err
	}
	return wallet.NewEVMKey(sec.evm), nil
}

// DeriveSolanaKey is the Solana key at path of a BIP-39 mnemonic and passphrase (PathNone:
// solana-keygen's, without derivation), derived as key import derives it.
func DeriveSolanaKey(mnemonic, passphrase []byte, path string) (*wallet.SolanaKey, error) {
	sec, err := deriveMnemonic(KindSolana, mnemonic, passphrase, path)
	if err != nil {
		return nil, err
	}
	return wallet.NewSolanaKey(sec.sol)
}
