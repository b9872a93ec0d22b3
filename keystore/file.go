package keystore

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"purse/internal/regular"
	"runtime"
	"unsafe"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"
)

// ErrWrongPassphrase is matched (errors.Is) by the error of a passphrase that does not open a
// key file (its MAC does not match).
var ErrWrongPassphrase = errors.New("wrong passphrase")

// solanaV3 is the v3-shaped file of a solana key: the ed25519 seed encrypted with
// keystore.EncryptDataV3, plus the kind and the base58 address.
type solanaV3 struct {
	Version int                 `json:"version"`
	ID      string              `json:"id"`
	Kind    Kind                `json:"kind"`
	Purse   *purseMark          `json:"purse,omitempty"`
	Address string              `json:"address"`
	Crypto  keystore.CryptoJSON `json:"crypto"`
}

// purseMark says what a v3 file holds where EVM tools cannot mistake it: they ignore unknown
// fields and decrypt a solana file to its 32-byte ed25519 seed, which they would take as the
// secp256k1 key of an unrelated account.
type purseMark struct {
	Kind  Kind   `json:"kind"`
	Curve string `json:"curve"`
	Note  string `json:"note"`
}

var solanaMark = purseMark{Kind: KindSolana, Curve: "ed25519",
	Note: "the encrypted data is the 32-byte ed25519 seed of a Solana key, not a secp256k1 (Ethereum) private key; import it with purse as --kind solana"}

// v3Header is enough of any v3 file to tell its kind.
type v3Header struct {
	Kind   Kind            `json:"kind"`
	Purse  *purseMark      `json:"purse"`
	Crypto json.RawMessage `json:"crypto"`
}

// kind is the kind a v3 file says it holds; evm when it says nothing (geth and other EVM tools).
func (h v3Header) kind(field string) (Kind, error) {
	kind := h.Kind
	if h.Purse != nil {
		if h.Purse.Kind != KindEVM && h.Purse.Kind != KindSolana {
			return "", fmt.Errorf("%s: unknown purse.kind %q", field, h.Purse.Kind)
		}
		if kind != "" && kind != h.Purse.Kind {
			return "", fmt.Errorf("%s: the file says both kind %q and purse.kind %q; it was changed outside purse", field, kind, h.Purse.Kind)
		}
		kind = h.Purse.Kind
	}
	switch kind {
	case "":
		return KindEVM, nil
	case KindEVM, KindSolana:
		return kind, nil
	}
	return "", fmt.Errorf("%s: unknown kind %q", field, kind)
}

func (s *Store) keyFile(label string) string { return filepath.Join(s.keysDir, label+".json") }

func newUUID() ([16]byte, string) {
	var u [16]byte
	if _, err := rand.Read(u[:]); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return u, fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// passView is pass as the string go-ethereum's key store takes, as a view of pass, not a
// copy: the caller's wipe of pass wipes it too, where a string(pass) copy could never be
// wiped. It must not outlive the call it is passed to. go-ethereum's own copies (the []byte
// of the KDF, the HMAC pads, the decrypted bytes) are garbage it never wipes, which
// eraseAfter erases where runtime/secret is built in: see docs/agent.md.
func passView(pass []byte) string { return unsafe.String(unsafe.SliceData(pass), len(pass)) }

// encryptFile encrypts sec under pass at the store's scrypt cost.
func (s *Store) encryptFile(sec *secret, pass []byte) ([]byte, error) {
	switch sec.kind {
	case KindEVM:
		k := &keystore.Key{Address: common.HexToAddress(sec.address()), PrivateKey: sec.evm}
		id, _ := newUUID()
		copy(k.Id[:], id[:])
		b, err := keystore.EncryptKey(k, passView(pass), s.scryptN, s.scryptP)
		if err != nil {
			return nil, fmt.Errorf("encrypt key: %v", err)
		}
		return b, nil
	case KindSolana:
		raw := sec.raw()
		defer wipe(raw)
		c, err := keystore.EncryptDataV3(raw, pass, s.scryptN, s.scryptP)
		if err != nil {
			return nil, fmt.Errorf("encrypt key: %v", err)
		}
		_, id := newUUID()
		mark := solanaMark
		return json.Marshal(solanaV3{Version: 3, ID: id, Kind: KindSolana, Purse: &mark, Address: sec.address(), Crypto: c})
	}
	return nil, fmt.Errorf("kind: unknown kind %q", sec.kind)
}

// decryptV3 decrypts a v3 file. Which kind it holds comes from the file ("kind": "solana", else
// evm); want, when set, must match.
func decryptV3(data, pass []byte, want Kind, field string) (*secret, error) {
	data = stripBOM(data)
	var h v3Header
	if err := json.Unmarshal(data, &h); err != nil || len(h.Crypto) == 0 {
		return nil, fmt.Errorf("%s: expected a Web3 Secret Storage v3 JSON file (with a crypto section)", field)
	}
	kind, err := h.kind(field)
	if err != nil {
		return nil, err
	}
	if want != "" && want != kind {
		if kind == KindSolana {
			return nil, fmt.Errorf("%s: the file is marked as a solana key (its encrypted data is an ed25519 seed, not an evm private key); import it with kind solana", field)
		}
		return nil, fmt.Errorf("%s: the file holds a %s key, expected %s", field, kind, want)
	}
	if err := checkV3Crypto(h.Crypto, field); err != nil {
		return nil, err
	}
	passStr := passView(pass)
	if kind == KindEVM {
		// go-ethereum's DecryptDataV3 (what its DecryptKey calls), so the key is made from
		// the plaintext out of eraseAfter: the curve arithmetic calls C, which runtime/secret
		// does not allow.
		var c keystore.CryptoJSON
		if err := json.Unmarshal(h.Crypto, &c); err != nil {
			return nil, fmt.Errorf("%s: the crypto section: %v", field, err)
		}
		var plain []byte
		eraseAfter(func() { plain, err = keystore.DecryptDataV3(c, passStr) })
		if errors.Is(err, keystore.ErrDecrypt) {
			return nil, fmt.Errorf("%s: %w (the MAC does not match); nothing was changed", field, ErrWrongPassphrase)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: cannot decrypt: %v", field, err)
		}
		defer wipe(plain)
		sec, err := newEVMSecret(plain)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", field, err)
		}
		return sec, nil
	}
	var f solanaV3
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: expected a purse solana v3 file: %v", field, err)
	}
	if f.Version != 3 {
		return nil, fmt.Errorf("%s: expected version 3, got %d", field, f.Version)
	}
	var raw []byte
	eraseAfter(func() { raw, err = keystore.DecryptDataV3(f.Crypto, passStr) })
	if errors.Is(err, keystore.ErrDecrypt) {
		return nil, fmt.Errorf("%s: %w (the MAC does not match); nothing was changed", field, ErrWrongPassphrase)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: cannot decrypt: %v", field, err)
	}
	defer wipe(raw)
	sec, err := newSolanaSecret(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", field, err)
	}
	if f.Address != "" {
		if pk, perr := solana.PublicKeyFromBase58(f.Address); perr != nil || pk.String() != sec.address() {
			sec.wipe()
			return nil, fmt.Errorf("%s: the address in the file does not match the decrypted key", field)
		}
	}
	return sec, nil
}

// writeKeyFile writes a new key file (0600, folder 0700); an existing file is never replaced.
func (s *Store) writeKeyFile(label string, data []byte) error {
	if err := ensurePrivateDir(s.keysDir); err != nil {
		return err
	}
	path := s.keyFile(label)
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("key file %s already exists but is not in the index; `purse key doctor` adopts or deletes it, or choose another label", path)
	}
	return writeAtomic(path, data, 0o600)
}

func (s *Store) readKeyFile(e Entry) (*secret, error) {
	data, err := readPrivateFile(s.keyFile(e.Label))
	if err != nil {
		return nil, fmt.Errorf("key %q: cannot read its file: %v", e.Label, err)
	}
	pass, err := s.askPassphrase(fmt.Sprintf("Passphrase for key %q", e.Label), e.Label)
	if err != nil {
		return nil, err
	}
	defer wipe(pass)
	return decryptV3(data, pass, e.Kind, fmt.Sprintf("key %q", e.Label))
}

// readPrivateFile reads a key file, first tightening a mode that lets others read it (a copy
// made with cp or an editor is often 0644) to 0600.
func readPrivateFile(path string) ([]byte, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			return nil, fmt.Errorf("mode %v lets other users read it and cannot be set to 0600: %v", st.Mode().Perm(), err)
		}
	}
	return io.ReadAll(f)
}
