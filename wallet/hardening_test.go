package wallet

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// A personal_sign of a consent message is byte for byte a full-auth signature: it is refused
// as "personal" and made only when the purpose says what it is.
func TestSignPersonalRefusesConsentMessageAsPersonal(t *testing.T) {
	s := devSigner(t)
	fa, err := SignFullAuth(s, []byte(`{"a":1}`), 1700000000, before(1700000000))
	if err != nil {
		t.Fatal(err)
	}
	if !IsConsentMessage([]byte(fa.Message)) || IsConsentMessage([]byte("hello")) {
		t.Fatal("IsConsentMessage")
	}
	if _, err := SignPersonal(s, []byte(fa.Message)); !errors.Is(err, ErrConsentMessage) {
		t.Fatalf("personal sign of a consent message: %v", err)
	}
}

// highS turns a canonical signature into its malleable twin: same signer, s' = n - s.
func highS(t *testing.T, sig string) string {
	t.Helper()
	b := hexutil.MustDecode(sig)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	copy(b[32:64], s.FillBytes(make([]byte, 32)))
	b[64] = 27 + 28 - b[64]
	return hexutil.Encode(b)
}

func TestCheckCanonical(t *testing.T) {
	s := devSigner(t)
	msg := []byte("hello")
	raw, err := SignPersonal(s, msg)
	if err != nil {
		t.Fatal(err)
	}
	sig := hexutil.Encode(raw)
	if err := CheckCanonical(sig); err != nil {
		t.Fatalf("canonical signature: %v", err)
	}
	twin := highS(t, sig)
	if addr, err := RecoverPersonal(msg, twin); err != nil || addr != s.Address() {
		t.Fatalf("the high-s twin should recover the same signer: %v", err)
	}
	if err := CheckCanonical(twin); err == nil || !strings.Contains(err.Error(), "malleable") {
		t.Fatalf("high s: %v", err)
	}
	raw[64] -= 27
	if err := CheckCanonical(hexutil.Encode(raw)); err == nil || !strings.Contains(err.Error(), "non-standard v") {
		t.Fatalf("v = 0/1: %v", err)
	}
	if err := CheckCanonical("0x12"); err == nil {
		t.Fatal("short signature passed")
	}
}

// Issue 11 case 6: only newline, carriage return and tab among the control characters, and
// valid UTF-8 only.
func TestCheckFormAText(t *testing.T) {
	for _, ok := range []string{"I declare.\r\n\tSigned: ü 日本"} {
		if err := CheckFormAText(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "empty"}, {"a\x1b[2Jb", "U+001B at byte 1"}, {"a\x00", "U+0000"}, {"a\x7f", "U+007F"},
		{"a\u0085", "U+0085"}, {"bad \xff", "invalid UTF-8 byte 0xFF at byte 4"}, {"lone \xed\xa0\x80", "invalid UTF-8"},
	} {
		if err := CheckFormAText(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v", c.in, err)
		}
		if _, err := SignFormA(devSigner(t), c.in); err == nil {
			t.Errorf("%q signed", c.in)
		}
	}
}
