package keystore

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	gethks "github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/zalando/go-keyring"
)

// devV3 is the dev key as a geth v3 file at scrypt cost n, p.
func devV3(t *testing.T, pass string, n, p int) []byte {
	t.Helper()
	k, _ := crypto.HexToECDSA(devKeyHex)
	key := &gethks.Key{Address: crypto.PubkeyToAddress(k.PublicKey), PrivateKey: k}
	key.Id[6] = 0x40
	b, err := gethks.EncryptKey(key, pass, n, p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// editV3 changes a v3 file through its generic JSON form.
func editV3(t *testing.T, v3 []byte, edit func(m map[string]any, c map[string]any, kp map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(v3, &m); err != nil {
		t.Fatal(err)
	}
	c := m["crypto"].(map[string]any)
	edit(m, c, c["kdfparams"].(map[string]any))
	b, _ := json.Marshal(m)
	return b
}

// pbkdf2V3 is the dev key as a v3 file with pbkdf2 at c iterations, as some tools write it.
func pbkdf2V3(t *testing.T, pass string, c int) []byte {
	t.Helper()
	salt, iv := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16)
	dk, err := pbkdf2.Key(sha256.New, pass, salt, c, 32)
	if err != nil {
		t.Fatal(err)
	}
	priv, _ := hex.DecodeString(devKeyHex)
	block, _ := aes.NewCipher(dk[:16])
	ct := make([]byte, len(priv))
	cipher.NewCTR(block, iv).XORKeyStream(ct, priv)
	b, _ := json.Marshal(map[string]any{
		"version": 3, "id": "0b2f8a0e-7d1f-4c2e-9a33-5b7e0c1d2e3f", "address": strings.ToLower(devAddress[2:]),
		"crypto": map[string]any{
			"cipher": "aes-128-ctr", "cipherparams": map[string]any{"iv": hex.EncodeToString(iv)},
			"ciphertext": hex.EncodeToString(ct), "kdf": "pbkdf2",
			"kdfparams": map[string]any{"c": c, "dklen": 32, "prf": "hmac-sha256", "salt": hex.EncodeToString(salt)},
			"mac":       hex.EncodeToString(crypto.Keccak256(dk[16:32], ct)),
		},
	})
	return b
}

// Crafted KDF parameters are refused before any work, with the parameter named (issue 11
// case 13); what geth, its light mode and pbkdf2 tools write is read.
func TestV3KDFBounds(t *testing.T) {
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	base := devV3(t, "p", testScryptN, 1)
	for _, c := range []struct {
		name string
		file []byte
		want string
	}{
		{"scrypt n 2^30", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1 << 30 }), "crypto.kdfparams.n: expected an integer from 2 to 1048576, got 1073741824"},
		{"scrypt n not a power of two", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1000 }), "crypto.kdfparams.n: expected a power of two"},
		{"scrypt p 10^6", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1 << 18; kp["p"] = 1000000 }), "crypto.kdfparams.p: expected an integer from 1 to 16"},
		{"scrypt r huge", editV3(t, base, func(_, _, kp map[string]any) { kp["r"] = 1 << 40 }), "crypto.kdfparams.r: expected an integer from 1 to 32"},
		{"scrypt memory", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1 << 20; kp["r"] = 16 }), "crypto.kdfparams: scrypt n=1048576 r=16 needs 2048 MiB of memory, more than the 1024 MiB"},
		{"scrypt work", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1 << 18; kp["p"] = 16 }), "crypto.kdfparams: scrypt n=262144 r=8 p=16 is more work"},
		{"scrypt n as string", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = "16" }), `crypto.kdfparams.n: expected an integer from 2 to 1048576, got "16"`},
		{"scrypt n fraction", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 16.5 }), "crypto.kdfparams.n: expected an integer"},
		{"dklen odd", editV3(t, base, func(_, _, kp map[string]any) { kp["dklen"] = 31 }), "crypto.kdfparams.dklen: expected an integer from 32 to 32"},
		{"dklen missing", editV3(t, base, func(_, _, kp map[string]any) { delete(kp, "dklen") }), "crypto.kdfparams.dklen: expected an integer from 32 to 32, got nothing"},
		{"salt missing", editV3(t, base, func(_, _, kp map[string]any) { delete(kp, "salt") }), "crypto.kdfparams.salt: expected a string"},
		{"short iv", editV3(t, base, func(_, c, _ map[string]any) { c["cipherparams"] = map[string]any{"iv": "0011"} }), "crypto.cipherparams.iv: expected 16 bytes"},
		{"unknown kdf", editV3(t, base, func(_, c, _ map[string]any) { c["kdf"] = "argon2" }), `crypto.kdf: expected scrypt or pbkdf2, got "argon2"`},
		{"pbkdf2 c 2^31-1", editV3(t, pbkdf2V3(t, "p", 1), func(_, _, kp map[string]any) { kp["c"] = 1<<31 - 1 }), "crypto.kdfparams.c: expected an integer from 1 to 10000000, got 2147483647"},
		{"pbkdf2 prf", editV3(t, pbkdf2V3(t, "p", 1), func(_, _, kp map[string]any) { kp["prf"] = "hmac-md5" }), "crypto.kdfparams.prf: expected hmac-sha256"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := s.ImportKeystoreJSON("k", KindEVM, c.file, []byte("p"))
			if err == nil || !strings.Contains(err.Error(), "keystore json: "+c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("refused after %v: the work was done first", d)
			}
		})
	}
	for _, c := range []struct {
		name string
		file []byte
	}{
		{"geth light", devV3(t, "p", gethks.LightScryptN, gethks.LightScryptP)},
		{"pbkdf2 262144", pbkdf2V3(t, "p", 262144)},
		{"n as 16.0", editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = json.Number("16.0") })},
	} {
		e, err := s.ImportKeystoreJSON("ok", KindEVM, c.file, []byte("p"))
		if err != nil || e.Address != devAddress {
			t.Fatalf("%s: %+v %v", c.name, e, err)
		}
		if _, err := s.Remove("ok"); err != nil {
			t.Fatal(err)
		}
	}

	// The file backend reads its own files through the same bounds.
	fs, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: "p"}, nil)
	if _, err := fs.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	crafted := editV3(t, base, func(_, _, kp map[string]any) { kp["n"] = 1 << 30 })
	if err := os.WriteFile(fs.keyFile("dev"), crafted, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Export("dev"); err == nil || !strings.Contains(err.Error(), `key "dev": crypto.kdfparams.n`) {
		t.Fatalf("file backend: %v", err)
	}
}

// A solana v3 export is marked as such for every reader (issue 11 case 11): EVM tools still
// parse it (they ignore unknown fields), purse refuses it as an evm key even when only the
// purse mark is left.
func TestSolanaV3IsMarked(t *testing.T) {
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, &fixedPass{pass: "p"}, nil)
	if _, err := s.ImportMnemonic("sol", KindSolana, []byte(abandonMnemonic), nil, ""); err != nil {
		t.Fatal(err)
	}
	v3, err := s.Export("sol")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Purse struct{ Kind, Curve, Note string } `json:"purse"`
	}
	if err := json.Unmarshal(v3, &f); err != nil || f.Purse.Kind != "solana" || f.Purse.Curve != "ed25519" || !strings.Contains(f.Purse.Note, "not a secp256k1") {
		t.Fatalf("mark: %+v %v in %s", f.Purse, err, v3)
	}
	if _, err := gethks.DecryptKey(v3, "p"); err != nil {
		t.Fatalf("the mark broke v3 readers: %v", err)
	}
	onlyMark := editV3(t, v3, func(m, _, _ map[string]any) { delete(m, "kind") })
	for _, file := range [][]byte{v3, onlyMark} {
		if _, err := s.ImportKeystoreJSON("as-evm", KindEVM, file, []byte("p")); err == nil || !strings.Contains(err.Error(), "marked as a solana key") {
			t.Fatalf("imported as evm: %v", err)
		}
	}
	if _, err := s.Remove("sol"); err != nil { // the same key is stored once
		t.Fatal(err)
	}
	if e, err := s.ImportKeystoreJSON("back", KindSolana, onlyMark, []byte("p")); err != nil || e.Kind != KindSolana {
		t.Fatalf("solana import: %+v %v", e, err)
	}
	conflict := editV3(t, v3, func(m, _, _ map[string]any) { m["kind"] = "evm" })
	if _, err := s.ImportKeystoreJSON("c", KindSolana, conflict, []byte("p")); err == nil || !strings.Contains(err.Error(), "changed outside purse") {
		t.Fatalf("conflicting marks: %v", err)
	}
}

// Issue 11 case 19, key-file parts.
func TestHostileKeyFiles(t *testing.T) {
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, &fixedPass{pass: "p"}, nil)
	for _, l := range []string{".", "..", "-rf", "--label", "-"} {
		if _, err := s.New(l, KindEVM); err == nil || !strings.Contains(err.Error(), "not starting with - and not . or ..") {
			t.Errorf("label %q: %v", l, err)
		}
	}
	// A key labelled "-old" before the rule (written into the index by hand here) can still
	// be read, renamed to a valid label and removed.
	if err := s.locked(func(ix *indexFile) error {
		ix.Keys = append(ix.Keys, Entry{Label: "-old", Kind: KindEVM, Address: devAddress, Backend: BackendFile, ID: newID()})
		return s.writeIndex(ix)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("-old"); err != nil {
		t.Fatalf("an old label cannot be read: %v", err)
	}
	if _, err := s.Rename("-old", "-new"); err == nil {
		t.Fatal("renamed to a label the rule refuses")
	}
	if err := s.locked(func(ix *indexFile) error { ix.Keys = ix.Keys[:len(ix.Keys)-1]; return s.writeIndex(ix) }); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"a-", "x..y", ".hidden", "_1"} {
		if err := ValidateLabel(l); err != nil {
			t.Errorf("label %q refused: %v", l, err)
		}
	}

	bom := "\xef\xbb\xbf"
	if e, err := s.ImportHex("hex", KindEVM, []byte(bom+"0x"+devKeyHex+"\r\n")); err != nil || e.Address != devAddress {
		t.Errorf("hex with BOM: %+v %v", e, err)
	}
	// Each import below holds the same key: it is stored once, so each goes before the next.
	if _, err := s.Remove("hex"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ImportMnemonic("mn", KindEVM, []byte(bom+junkMnemonic+"\n"), nil, ""); err != nil {
		t.Errorf("mnemonic with BOM: %v", err)
	}
	if _, err := s.Remove("mn"); err != nil {
		t.Fatal(err)
	}
	if e, err := s.ImportKeystoreJSON("v3", KindEVM, append([]byte(bom), devV3(t, "p", testScryptN, 1)...), []byte("p")); err != nil || e.Address != devAddress {
		t.Errorf("keystore json with BOM: %+v %v", e, err)
	}
	sec, _ := deriveMnemonic(KindSolana, []byte(abandonMnemonic), nil, PathNone)
	kp := sec.rawExport()
	if _, err := s.ImportSolanaKeypair("kp", append([]byte(bom), kp...)); err != nil {
		t.Errorf("keypair with BOM: %v", err)
	}

	// Only bare integers 0-255: solana-keygen never writes anything else.
	nums := strings.Split(strings.Trim(strings.TrimSpace(string(kp)), "[]"), ",")
	for _, c := range []struct{ item, want string }{
		{`"` + nums[0] + `"`, "item 1 is a string"},
		{nums[0] + ".0", "number 1 is not an integer in 0-255"},
		{"-0", "number 1 is not an integer in 0-255"},
		{"1e2", "number 1 is not an integer in 0-255"},
		{"256", "number 1 is not an integer in 0-255"},
		{"true", "number 1 is not an integer in 0-255"},
	} {
		bad := "[" + strings.Join(append([]string{c.item}, nums[1:]...), ",") + "]"
		if _, err := s.ImportSolanaKeypair("bad", []byte(bad)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("keypair item %s: %v", c.item, err)
		}
	}

	// A key file copied in with 0644 is tightened when purse opens it.
	fs, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: "p"}, nil)
	if _, err := fs.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(fs.keyFile("dev"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Export("dev"); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(fs.keyFile("dev")); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode after reading: %v %v", st.Mode(), err)
	}
}
