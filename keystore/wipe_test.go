package keystore

import (
	"encoding/hex"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/zalando/go-keyring"

	"purse/wallet"
)

func allZeroWords[T ~uint | ~uint64 | ~uint32](w []T) bool {
	for _, v := range w[:cap(w)] {
		if v != 0 {
			return false
		}
	}
	return true
}

// What the store owns of a secret is wiped in place: the passphrase it was handed once the
// key file is decrypted, and the whole of a key's words and bytes when its signer is zeroed
// (the agent's lock), not only the value (big.Int's SetInt64 keeps the higher words).
func TestWipeLeavesNoKeyBytesTheStoreOwns(t *testing.T) {
	keyring.MockInit()
	var handed [][]byte
	pass := func(Question) ([]byte, error) {
		b := []byte("correct horse battery")
		handed = append(handed, b)
		return b, nil
	}
	s, err := Open(Options{Home: t.TempDir(), Backend: BackendFile, Passphrase: pass, ScryptN: testScryptN, ScryptP: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.New("sol", KindSolana); err != nil {
		t.Fatal(err)
	}
	handed = nil
	evm, err := s.EVMSigner("dev", "p")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.SolanaSigner("sol", "p")
	if err != nil {
		t.Fatal(err)
	}
	if len(handed) != 2 {
		t.Fatalf("%d passphrases asked, want 2", len(handed))
	}
	for i, b := range handed {
		if !allZero(b) {
			t.Errorf("passphrase %d is still in the store's buffer after the decryption", i)
		}
	}
	if _, err := evm.SignDigest(wallet.PurposePersonal, common.Hash{1}); err != nil {
		t.Fatal(err)
	}
	words := wallet.ScalarWords(evm.(*auditedEVM).key.Private())
	seed := sol.(*auditedSolana).key.Private()
	evm.(interface{ Zero() }).Zero()
	sol.(interface{ Zero() }).Zero()
	if !allZeroWords(words) {
		t.Error("the EVM key's words survive its Zero")
	}
	if !allZero(seed) {
		t.Error("the Solana key's bytes survive its Zero")
	}

	raw, _ := hex.DecodeString(devKeyHex)
	sec, err := newEVMSecret(raw)
	if err != nil {
		t.Fatal(err)
	}
	words = wallet.ScalarWords(sec.evm)
	sec.wipe()
	if !allZeroWords(words) {
		t.Error("a wiped secret keeps the key's higher words")
	}
}
