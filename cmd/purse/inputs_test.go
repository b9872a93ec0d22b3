package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Issue 22 §4: an account index above 2^31-1 (a hardened index in BIP-32: 2147483648 derived
// 0') and a path segment written without ' above it are errors naming the field.
func TestDerivationIndexAboveTheHardenedBound(t *testing.T) {
	keyEnv(t)
	mn := writeTemp(t, "mn", testAbandon)
	if _, e, code := purse(t, "", "key", "import", "--label", "a", "--kind", "evm", "--mnemonic-file", mn, "--index", "2147483648"); code != exitUsage || !strings.HasPrefix(e, "purse: --index:") {
		t.Errorf("--index 2147483648: exit %d %s", code, e)
	}
	if _, e, code := purse(t, "", "key", "import", "--label", "a", "--kind", "evm", "--mnemonic-file", mn, "--path", "m/44'/60'/0'/0/2147483648"); code == exitOK || !strings.Contains(e, "segment 5") {
		t.Errorf("--path with 2147483648: exit %d %s", code, e)
	}
	if out, _, _ := purse(t, "", "key", "list", "--json"); strings.TrimSpace(out) != "[]" {
		t.Fatalf("refused imports stored a key: %s", out)
	}
	if _, e, code := purse(t, "", "key", "import", "--label", "a", "--kind", "evm", "--mnemonic-file", mn, "--index", "2147483647"); code != exitOK {
		t.Errorf("--index 2147483647: exit %d %s", code, e)
	}
}

// Issue 22 §4: the all-zero Solana seed is public knowledge, refused like the EVM key 0;
// both are bad input (exit 2), as a malformed secret is.
func TestAllZeroKeysAreRefused(t *testing.T) {
	keyEnv(t)
	zero := writeTemp(t, "zero", strings.Repeat("00", 32))
	for _, kind := range []string{"solana", "evm"} {
		if _, e, code := purse(t, "", "key", "import", "--label", "z", "--kind", kind, "--private-key-file", zero); code != exitUsage || !strings.Contains(e, "zero") {
			t.Errorf("%s all-zero key: exit %d %s", kind, code, e)
		}
	}
	pair := writeTemp(t, "pair", "["+strings.TrimSuffix(strings.Repeat("0,", 64), ",")+"]")
	if _, e, code := purse(t, "", "key", "import", "--label", "z", "--solana-keypair", pair); code != exitUsage || !strings.Contains(e, "zero") {
		t.Errorf("all-zero solana keypair: exit %d %s", code, e)
	}
	for _, c := range []struct{ flag, content, want string }{
		{"--private-key-file", "zz", "expected hex digits"},
		{"--private-key-file", strings.Repeat("01", 31), "expected 32 bytes"},
		{"--mnemonic-file", "not a mnemonic at all", "mnemonic"},
	} {
		if _, e, code := purse(t, "", "key", "import", "--label", "m", "--kind", "evm", c.flag, writeTemp(t, "bad", c.content)); code != exitUsage || !strings.Contains(e, c.want) {
			t.Errorf("%s holding %q: exit %d %s", c.flag, c.content, code, e)
		}
	}
	if out, _, _ := purse(t, "", "key", "list", "--json"); strings.Contains(out, `"label"`) {
		t.Errorf("refused secrets added keys: %s", out)
	}
}

// Issue 22 §4: a query with a byte a URL cannot carry as it is, and a deadline outside
// (now, now+20 min], are errors naming the flag; nothing is signed.
func TestFullAuthQueryAndDeadlineBounds(t *testing.T) {
	devKeyEnv(t)
	base := []string{"--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "GET"}
	for _, c := range []struct{ flag, want string }{
		{"--query=a=1 b", "a space"}, {"--query=a=%zz", "'%'"}, {"--query=a=\"x\"", `'"'`}, {"--query=a=ü", "0xC3"},
		{"--deadline=1", "in the past"}, {"--deadline=9223372036854775807", "more than 20 minutes"},
	} {
		flag := c.flag[:strings.Index(c.flag, "=")]
		if _, e, code := purse(t, "", append(base, c.flag)...); code != exitUsage || !strings.HasPrefix(e, "purse: "+flag+":") || !strings.Contains(e, c.want) {
			t.Errorf("%s: exit %d %s", c.flag, code, e)
		}
	}
	if n := auditCount(t); n != 0 {
		t.Fatalf("refused inputs signed %d times", n)
	}
	if _, e, code := purse(t, "", append(base, "--query=a=1&b=%20x&c=~/:@!$'()*+,;?")...); code != exitOK {
		t.Fatalf("a query a URL carries: exit %d %s", code, e)
	}
}

// A mint consent's deadline is bounded by the service's 300 s, not full auth's 20 minutes:
// ten minutes ahead is refused naming --deadline, before any key is used.
func TestMintConsentDeadlineBound(t *testing.T) {
	devKeyEnv(t)
	late := strconv.FormatInt(time.Now().Add(10*time.Minute).Unix(), 10)
	_, e, code := purse(t, "", "--yes", "sign", "mint-consent", "--key", "dev", "--hash", "consent", "--deadline", late)
	if code != exitUsage || !strings.HasPrefix(e, "purse: --deadline:") || !strings.Contains(e, "more than 5 minutes ahead") {
		t.Fatalf("exit %d %s", code, e)
	}
	if n := auditCount(t); n != 0 {
		t.Fatalf("a refused consent signed %d times", n)
	}
	soon := strconv.FormatInt(time.Now().Add(4*time.Minute).Unix(), 10)
	if _, e, code := purse(t, "", "--yes", "sign", "mint-consent", "--key", "dev", "--hash", "consent", "--deadline", soon); code != exitOK {
		t.Fatalf("a consent 4 minutes ahead: exit %d %s", code, e)
	}
}
