package main

import (
	"bytes"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"encoding/json"
	"purse/wallet"
	"strings"
	"testing"
)

// runCLI runs the command in-process and returns stdout, stderr and the exit code.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersionJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "version", "--json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var v map[string]string
	if err := json.Unmarshal([]byte(out), &v); err != nil || v["version"] == "" {
		t.Fatalf("output %q: %v", out, err)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{{"no-such-command"}, {"version", "--no-such-flag"}, {"version", "extra"}} {
		_, errOut, code := runCLI(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d (%s)", args, code, errOut)
		}
	}
}

func TestRejectedJSONIsOneValue(t *testing.T) {
	keyEnv(t)
	k, _ := wallet.ParseEVMKey(testDevKey)
	sig, _ := wallet.SignPersonal(k, wallet.PurposePersonal, []byte("m"))
	out, _, code := purse(t, "", "verify", "personal", "--address", "0x2222222222222222222222222222222222222222", "--message", "m",
		"--signature", hexutil.Encode(sig), "--json")
	if code != exitRejected {
		t.Fatalf("exit %d", code)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var first map[string]any
	if err := dec.Decode(&first); err != nil || first["valid"] != false {
		t.Fatalf("first value %v %v", first, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value on stdout: %s", out)
	}
}
