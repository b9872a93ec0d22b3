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
	sig, _ := wallet.SignPersonal(k, []byte("m"))
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

// TestUnknownSubcommandsSuggest: a word that names no command exits 2 at every level, with
// the close commands when there are some, else the group's list.
func TestUnknownSubcommandsSuggest(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"card", "frobnicate"}, `unknown command "frobnicate" for "purse card"; its commands are block, currency, issue, show, unblock`},
		{[]string{"key", "remove", "x"}, `did you mean "rm"?`},
		{[]string{"crad"}, `unknown command "crad" for "purse"; did you mean "card"?`},
		{[]string{"keys"}, `did you mean "key"`},
		{[]string{"account", "stauts"}, `did you mean "status"?`},
		{[]string{"sandbox", "ctl", "frob"}, `for "purse sandbox ctl"; its commands are`},
	}
	for _, c := range cases {
		_, errOut, code := runCLI(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	// a group alone still shows its help (but `purse card`, which shows the card)
	out, _, code := runCLI(t, "", "tx")
	if code != exitOK || !strings.Contains(out, "Available Commands") {
		t.Errorf("purse tx: exit %d\n%s", code, out)
	}
}
