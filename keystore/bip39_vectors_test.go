package keystore

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"
	bip39 "github.com/cosmos/go-bip39"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"
)

// TestBIP39Vectors runs the 24 English vectors of the reference implementation (testdata,
// copied from trezor/python-mnemonic) through purse's mnemonic import: every mnemonic is
// accepted, its seed (passphrase TREZOR) is the vector's, seen through the keys purse derives
// from it; the same mnemonic with its last word changed is refused.
func TestBIP39Vectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/bip39-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Passphrase string      `json:"passphrase"`
		English    [][4]string `json:"english"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.English) != 24 || f.Passphrase != "TREZOR" {
		t.Fatalf("testdata holds %d vectors with passphrase %q, want the 24 English ones with TREZOR", len(f.English), f.Passphrase)
	}
	for _, v := range f.English {
		mnemonic, seedHex, xprv := v[1], v[2], v[3]
		seed, err := hex.DecodeString(seedHex)
		if err != nil || len(seed) != 64 {
			t.Fatalf("vector %q: seed %q", mnemonic, seedHex)
		}
		// The vector's own root key checks the vector file.
		root, err := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
		if err != nil || root.String() != xprv {
			t.Fatalf("vector %q: the seed's BIP-32 root is not the vector's (%v)", mnemonic, err)
		}

		// Solana without a path: the key seed is the BIP-39 seed's first 32 bytes.
		sec, err := deriveMnemonic(KindSolana, []byte(mnemonic), []byte(f.Passphrase), PathNone)
		if err != nil {
			t.Fatalf("%q: %v", mnemonic, err)
		}
		want := solana.PublicKeyFromBytes(ed25519.NewKeyFromSeed(seed[:32]).Public().(ed25519.PublicKey)).String()
		if got := sec.address(); got != want {
			t.Errorf("%q: solana key without a path %s, want %s (from the vector's seed)", mnemonic, got, want)
		}

		// EVM at the default path, against the same path derived from the vector's seed.
		k := root
		for _, c := range []uint32{44 + hdkeychain.HardenedKeyStart, 60 + hdkeychain.HardenedKeyStart, hdkeychain.HardenedKeyStart, 0, 0} {
			if k, err = k.Derive(c); err != nil {
				t.Fatal(err)
			}
		}
		priv, err := k.ECPrivKey()
		if err != nil {
			t.Fatal(err)
		}
		ek, err := crypto.ToECDSA(priv.Serialize())
		if err != nil {
			t.Fatal(err)
		}
		sec, err = deriveMnemonic(KindEVM, []byte(mnemonic), []byte(f.Passphrase), "")
		if err != nil {
			t.Fatalf("%q: %v", mnemonic, err)
		}
		if got, want := sec.address(), crypto.PubkeyToAddress(ek.PublicKey).Hex(); got != want {
			t.Errorf("%q: evm key %s, want %s (from the vector's seed)", mnemonic, got, want)
		}

		// The last word carries the checksum: a word whose index differs only in the entropy
		// bits it holds keeps the checksum bits, so change it to a word that flips a checksum
		// bit instead, and the mnemonic must be refused.
		words := strings.Fields(mnemonic)
		last := words[len(words)-1]
		bad := strings.Join(append(words[:len(words)-1:len(words)-1], flipChecksumBit(t, last)), " ")
		if _, err := deriveMnemonic(KindEVM, []byte(bad), nil, ""); err == nil || !strings.Contains(err.Error(), "checksum does not match") {
			t.Errorf("%q with its last word changed to break the checksum: %v", mnemonic, err)
		}
	}
}

// flipChecksumBit returns the English word whose index differs from word's in the lowest
// bit, which is always a checksum bit (every mnemonic length has at least 4 of them).
func flipChecksumBit(t *testing.T, word string) string {
	t.Helper()
	i := englishIndex(t, word)
	return englishWord(t, i^1)
}

func englishIndex(t *testing.T, word string) int {
	t.Helper()
	i, ok := bip39.ReverseWordMap[word]
	if !ok {
		t.Fatalf("%q is not in the English list", word)
	}
	return i
}

func englishWord(t *testing.T, i int) string {
	t.Helper()
	return bip39.WordList[i]
}
