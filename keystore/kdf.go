package keystore

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Bounds of the key derivation of a v3 file, checked before any work: the parameters come from
// the file, so a crafted one could otherwise ask for 128 GiB of memory (scrypt n = 2^30) or
// hours of hashing (pbkdf2 c = 2^31-1, scrypt p = 10^6), and go-ethereum panics on a short
// dklen, a missing parameter or an IV that is not 16 bytes. What real tools write stays well
// inside: geth standard scrypt n=2^18 r=8 p=1 (256 MiB), geth light n=2^12 r=8 p=6, ethers
// n=2^17 r=8 p=1, pbkdf2 c=262144.
const (
	maxScryptN      = 1 << 20 // power of two, at least 2
	maxScryptR      = 32
	maxScryptP      = 16
	maxScryptMemory = 1 << 30 // bytes: 128·n·r
	maxScryptWork   = 1 << 24 // n·r·p: 8× geth's standard cost, a few seconds
	maxPBKDF2C      = 10_000_000
	maxSaltBytes    = 1024
	kdfDKLen        = 32 // the AES-128 key and the MAC key of v3
)

// v3Crypto is the crypto section of a v3 file as far as the checks need it.
type v3Crypto struct {
	Cipher       string `json:"cipher"`
	CipherParams struct {
		IV string `json:"iv"`
	} `json:"cipherparams"`
	CipherText string                     `json:"ciphertext"`
	KDF        string                     `json:"kdf"`
	KDFParams  map[string]json.RawMessage `json:"kdfparams"`
	MAC        string                     `json:"mac"`
}

// checkV3Crypto refuses a crypto section whose key derivation is out of bounds or malformed,
// before anything is derived.
func checkV3Crypto(raw json.RawMessage, field string) error {
	var c v3Crypto
	if err := json.Unmarshal(raw, &c); err != nil {
		return fmt.Errorf("%s: the crypto section is not a v3 crypto object: %v", field, err)
	}
	if c.Cipher != "aes-128-ctr" {
		return fmt.Errorf("%s: crypto.cipher: expected aes-128-ctr, got %q", field, c.Cipher)
	}
	if b, err := hex.DecodeString(c.CipherParams.IV); err != nil || len(b) != 16 {
		return fmt.Errorf("%s: crypto.cipherparams.iv: expected 16 bytes in hex", field)
	}
	if _, err := hex.DecodeString(c.CipherText); err != nil || c.CipherText == "" {
		return fmt.Errorf("%s: crypto.ciphertext: expected hex", field)
	}
	if b, err := hex.DecodeString(c.MAC); err != nil || len(b) != 32 {
		return fmt.Errorf("%s: crypto.mac: expected 32 bytes in hex", field)
	}
	p := kdfParams{field: field, m: c.KDFParams}
	var salt string
	if err := p.str("salt", &salt); err != nil {
		return err
	}
	if b, err := hex.DecodeString(salt); err != nil || len(b) == 0 || len(b) > maxSaltBytes {
		return fmt.Errorf("%s: crypto.kdfparams.salt: expected 1 to %d bytes in hex", field, maxSaltBytes)
	}
	if _, err := p.num("dklen", kdfDKLen, kdfDKLen); err != nil {
		return err
	}
	switch c.KDF {
	case "scrypt":
		n, err := p.num("n", 2, maxScryptN)
		if err != nil {
			return err
		}
		if n&(n-1) != 0 {
			return fmt.Errorf("%s: crypto.kdfparams.n: expected a power of two, got %d", field, n)
		}
		r, err := p.num("r", 1, maxScryptR)
		if err != nil {
			return err
		}
		pp, err := p.num("p", 1, maxScryptP)
		if err != nil {
			return err
		}
		if 128*n*r > maxScryptMemory {
			return fmt.Errorf("%s: crypto.kdfparams: scrypt n=%d r=%d needs %d MiB of memory, more than the %d MiB purse allows (geth's standard needs 256 MiB); nothing was derived",
				field, n, r, 128*n*r>>20, maxScryptMemory>>20)
		}
		if n*r*pp > maxScryptWork {
			return fmt.Errorf("%s: crypto.kdfparams: scrypt n=%d r=%d p=%d is more work (n·r·p = %d) than the %d purse allows (geth's standard is %d); nothing was derived",
				field, n, r, pp, n*r*pp, maxScryptWork, 1<<21)
		}
	case "pbkdf2":
		var prf string
		if err := p.str("prf", &prf); err != nil {
			return err
		}
		if prf != "hmac-sha256" {
			return fmt.Errorf("%s: crypto.kdfparams.prf: expected hmac-sha256, got %q", field, prf)
		}
		if _, err := p.num("c", 1, maxPBKDF2C); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%s: crypto.kdf: expected scrypt or pbkdf2, got %q", field, c.KDF)
	}
	return nil
}

type kdfParams struct {
	field string
	m     map[string]json.RawMessage
}

func (p kdfParams) str(name string, out *string) error {
	v, ok := p.m[name]
	if !ok || json.Unmarshal(v, out) != nil {
		return fmt.Errorf("%s: crypto.kdfparams.%s: expected a string", p.field, name)
	}
	return nil
}

// num reads an integer parameter in [lo, hi]. Strings are refused: go-ethereum reads numbers
// only (and panics on anything else).
func (p kdfParams) num(name string, lo, hi uint64) (uint64, error) {
	v, ok := p.m[name]
	bad := func() (uint64, error) {
		got := string(v)
		if len(got) > 40 {
			got = got[:40] + "..."
		}
		if !ok {
			got = "nothing"
		} else if strings.ContainsFunc(got, func(r rune) bool { return r < 0x20 || r > 0x7e }) {
			got = strconv.QuoteToASCII(got)
		}
		return 0, fmt.Errorf("%s: crypto.kdfparams.%s: expected an integer from %d to %d, got %s; nothing was derived", p.field, name, lo, hi, got)
	}
	if !ok {
		return bad()
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return bad()
	}
	num, isNum := x.(json.Number)
	if !isNum {
		return bad()
	}
	n, err := strconv.ParseUint(num.String(), 10, 64)
	if err != nil {
		// 262144.0 or 2.62144e5 are integers too; anything else is not.
		f, ferr := strconv.ParseFloat(num.String(), 64)
		if ferr != nil || f != math.Trunc(f) || f < 0 || f > float64(hi) {
			return bad()
		}
		n = uint64(f)
	}
	if n < lo || n > hi {
		return bad()
	}
	return n, nil
}
