package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"purse/keystore"
	"purse/sandbox"
)

// hostileText is what a compromised service, quote, key file or profile puts in every text
// field: a screen clear, an OSC 0 title change, an OSC 52 clipboard write, concealed text,
// a bidi override, a C1 CSI, a zero-width space, a line separator and a newline followed by
// a line of its own.
const hostileText = "\x1b[2J\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x1b[8m\u202e\u009b31m\u200b\u2028\r\nFORGED LINE"

// forged is the start of the line a hostile value tries to print on its own.
const forged = "FORGED LINE"

// checkVisible fails when out holds a control character other than newline (C0, DEL, C1), a
// format character (bidi overrides, zero-width), a line or paragraph separator, invalid UTF-8,
// or a line that starts with what a hostile value put after its newline.
func checkVisible(t *testing.T, what, out string) {
	t.Helper()
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		bad := ""
		switch {
		case r == utf8.RuneError && size <= 1:
			bad = fmt.Sprintf("invalid UTF-8 byte 0x%02X", out[i])
		case r < 0x20 && r != '\n', r == 0x7f, r >= 0x80 && r <= 0x9f:
			bad = fmt.Sprintf("control character U+%04X", r)
		case unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
			bad = fmt.Sprintf("format or separator character U+%04X", r)
		}
		if bad != "" {
			t.Errorf("%s: %s at byte %d reaches the output:\n%q", what, bad, i, out)
			return
		}
		i += size
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), forged) || strings.HasPrefix(l, `"`+forged) {
			t.Errorf("%s: a value's newline started a line of its own:\n%s", what, out)
			return
		}
	}
}

var numeric = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$|^0x[0-9a-fA-F]*$`)

// freeText are the answer fields that are text for people (titles, names, messages): the
// "text" variant of the hostile service makes only these hostile, so every flow goes on and
// the success paths print them.
var freeText = map[string]bool{
	"retMsg": true, "error_msg": true, "title": true, "subtitle": true, "listingTitle": true, "officialName": true,
	"notes": true, "reference": true, "ctuExternalSender": true, "bankAccount": true, "cardHolder": true, "cardDesign": true,
	"br": true, "city": true, "street": true, "bank": true, "payee": true, "name": true, "chainName": true,
	"cardActivationMessage": true, "failReason": true, "reviewRejectType": true, "kycSelfDec": true, "externalId": true,
	"applicantId": true, "message": true, "detail": true, "country": true, "mobile": true, "email": true,
}

// hostileService answers as the sandbox at upstream does, with hostile text in its answers:
// "text" appends it to the free-text fields, "all" to every string that is not a number or
// hex, "body" answers every API call with HTTP 500 and hostile text as the body.
func hostileService(t *testing.T, upstream, mode string) string {
	t.Helper()
	target := strings.TrimRight(upstream, "/")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mode == "body" && strings.HasPrefix(r.URL.Path, "/api/") {
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, hostileText)
			return
		}
		body, _ := io.ReadAll(r.Body)
		req, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var v any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			if nb, err := json.Marshal(poison(v, "", mode)); err == nil {
				b = nb
			}
		}
		for k, vs := range resp.Header {
			if k != "Content-Length" {
				w.Header()[k] = vs
			}
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// poison appends hostileText to the strings of v the mode names; a JSON string holding JSON
// (an account status as a string) is poisoned inside.
func poison(v any, key, mode string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = poison(e, k, mode)
		}
	case []any:
		for i, e := range x {
			x[i] = poison(e, key, mode)
		}
	case string:
		var inner any
		if strings.HasPrefix(x, "{") && json.Unmarshal([]byte(x), &inner) == nil {
			b, _ := json.Marshal(poison(inner, key, mode))
			return string(b)
		}
		if (mode == "all" && !numeric.MatchString(x)) || (mode == "text" && freeText[key]) {
			return x + hostileText
		}
	}
	return v
}

// leafCommands lists every command that runs something ("purse key list" → "key list").
func leafCommands(c *cobra.Command, prefix string) []string {
	var out []string
	for _, sub := range c.Commands() {
		if sub.Name() == "help" || sub.Name() == "completion" || sub.Hidden {
			continue
		}
		path := strings.TrimSpace(prefix + " " + sub.Name())
		if sub.HasSubCommands() {
			out = append(out, leafCommands(sub, path)...)
			if sub.Runnable() && sub.Name() == "sandbox" {
				out = append(out, path) // `purse sandbox` runs the sandbox itself
			}
			continue
		}
		out = append(out, path)
	}
	return out
}

// writeAuditChain writes an audit log of records with hostile labels and profiles whose chain
// holds (each hash as keystore computes it), and its head.
func writeAuditChain(t *testing.T, home string) {
	t.Helper()
	prev := keystore.ZeroHash
	var lines []byte
	var last keystore.AuditRecord
	for i := 1; i <= 2; i++ {
		r := keystore.AuditRecord{Seq: uint64(i), Time: time.Now().UTC().Format(time.RFC3339Nano), Label: "dev" + hostileText,
			Address: testDevAddress, Purpose: "personal" + hostileText, Digest: "0x" + strings.Repeat("ab", 32), Profile: hostileText, Prev: prev}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		r.Hash = "0x" + hex.EncodeToString(sum[:])
		line, _ := json.Marshal(r)
		lines = append(append(lines, line...), '\n')
		prev, last = r.Hash, r
	}
	head, _ := json.Marshal(map[string]any{"count": last.Seq, "hash": last.Hash})
	if err := os.WriteFile(filepath.Join(home, "audit.jsonl"), lines, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "audit.head.json"), append(head, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
}

// hostileIndex adds to the key index an entry whose label and address a hostile local process
// wrote, and to the profiles a profile whose name and URLs are hostile.
func hostileIndex(t *testing.T, home string) {
	t.Helper()
	p := filepath.Join(home, "keys.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var ix map[string]any
	if err := json.Unmarshal(b, &ix); err != nil {
		t.Fatal(err)
	}
	ix["keys"] = append(ix["keys"].([]any), map[string]any{"label": "evil" + hostileText, "kind": "evm", "address": hostileText,
		"backend": "file", "created": time.Now().UTC().Format(time.RFC3339), "id": "x" + hostileText})
	b, _ = json.Marshal(ix)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	pf := filepath.Join(home, "profiles.toml")
	prof, err := os.ReadFile(pf)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(hostileText) // a TOML basic string takes JSON's escapes
	prof = append(prof, fmt.Sprintf("\n  [profiles.%s]\n    user_api = %s\n    network = %s\n", q, q, q)...)
	if err := os.WriteFile(pf, prof, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestHostileTextNeverActsOnTheTerminal runs every command of purse against a service whose
// answers, a quote, a key index, the profiles and an audit log all carry terminal control
// codes, bidi overrides and forged lines, and checks that none of it reaches the output as
// it is: human output and errors show it escaped, --json carries it as \u escapes. A command
// added to purse without an invocation here fails the test.
func TestHostileTextNeverActsOnTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command against the sandbox")
	}
	home := keyEnv(t)
	if _, e, c := purse(t, "", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", writeTemp(t, "k", testDevKey+"\n")); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	base := sb.Info().UserAPI
	for _, args := range [][]string{{"profile", "add", "sb", "--sandbox", base}, {"profile", "use", "sb"}, {"sandbox", "ctl", "onboard", "--key", "dev"}, {"card", "issue"}} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	writeAuditChain(t, home)
	quote := func(mode string) string {
		q, err := json.Marshal(poison(map[string]any{"quoteId": "q-1", "transaction": "AQID", "usdcAmount": "5000000", "outputToken": "EUR",
			"depositUsdcAccount": "D" + hostileText, "message": "hello", "network": "devnet"}, "", mode))
		if err != nil {
			t.Fatal(err)
		}
		return writeTemp(t, "quote.json", string(q))
	}
	msg := writeTemp(t, "msg", "hello"+hostileText)
	formA := writeTemp(t, "forma", "I agree."+hostileText)
	body := writeTemp(t, "body", `{"cardTokenId":"`+strings.ReplaceAll(hostileText, "\n", `\n`)+`"}`)
	const sig = "0x" + "11111111111111111111111111111111111111111111111111111111111111112222222222222222222222222222222222222222222222222222222222222222" + "1b"

	// Each command's invocations; flags and arguments are the user's and may be hostile too.
	invocations := map[string][][]string{
		"account email-status":     {{"account", "email-status", "me@example.com"}},
		"account find":             {{"account", "find"}},
		"account idv-token":        {{"account", "idv-token"}},
		"account mint":             {{"account", "mint", "--token-id", "1234567890"}},
		"account profile":          {{"account", "profile"}},
		"account status":           {{"account", "status"}},
		"agent lock":               {{"agent", "lock"}},
		"agent start":              nil, // runAgent
		"agent status":             {{"agent", "status"}},
		"agent stop":               {{"agent", "stop"}},
		"agent unlock":             {{"agent", "unlock", "dev"}},
		"altchain balance":         {{"altchain", "balance"}},
		"altchain deposit":         {{"altchain", "deposit", "--amount", "5", "--output", "EUR", "--yes", "--timeout", "5s"}},
		"altchain inspect":         {{"altchain", "inspect", "QUOTE", "--user", testSolNoneAddr}},
		"altchain quote":           {{"altchain", "quote", "--amount", "5", "--output", "EUR"}},
		"altchain status":          {{"altchain", "status", "5" + hostileText}},
		"audit list":               {{"audit", "list"}},
		"audit repair":             {{"audit", "repair", "--yes"}},
		"audit verify":             {{"audit", "verify"}},
		"balances":                 {{"balances"}},
		"card block":               {{"card", "block"}},
		"card issue":               {{"card", "issue"}},
		"card show":                {{"card", "show"}},
		"card unblock":             {{"card", "unblock"}},
		"chains":                   {{"chains"}},
		"doctor":                   {{"doctor"}},
		"key doctor":               {{"key", "doctor"}},
		"key export":               {{"key", "export", "dev", "--out", filepath.Join(t.TempDir(), "x"+hostileText)}},
		"key import":               {{"key", "import", "--label", "x" + hostileText, "--kind", "evm", "--private-key-file", msg}},
		"key list":                 {{"key", "list"}},
		"key new":                  {{"key", "new", "--label", "n" + hostileText, "--kind", "evm"}},
		"key rename":               {{"key", "rename", "dev" + hostileText, "x"}},
		"key rm":                   {{"key", "rm", "evil" + hostileText, "--yes"}},
		"key show":                 {{"key", "show", "dev"}, {"key", "show", "evil" + hostileText}},
		"kyc check":                {{"kyc", "check"}},
		"kyc form-a":               {{"kyc", "form-a"}},
		"kyc handoff":              {{"kyc", "handoff", "--share-token-file", msg}},
		"kyc submit":               {{"kyc", "submit"}},
		"onramp-limit":             {{"onramp-limit"}},
		"permit":                   {{"permit", "--amount", "1", "--yes"}},
		"profile add":              {{"profile", "add", "p" + hostileText, "--user-api", hostileText, "--network", "5003"}},
		"profile list":             {{"profile", "list"}},
		"profile rm":               {{"profile", "rm", hostileText}},
		"profile set":              {{"profile", "set", "user_api=" + hostileText}},
		"profile show":             {{"profile", "show"}},
		"profile use":              {{"profile", "use", hostileText}},
		"proxy":                    nil, // runProxy
		"sandbox":                  nil, // runForeground
		"sandbox ctl advance":      {{"sandbox", "ctl", "advance"}},
		"sandbox ctl clock-skew":   {{"sandbox", "ctl", "clock-skew", "0s"}},
		"sandbox ctl crs-required": {{"sandbox", "ctl", "crs-required", "false"}},
		"sandbox ctl faults":       {{"sandbox", "ctl", "faults", "--error-code", "10000", "--error-msg", hostileText, "--count", "1"}, {"account", "status"}},
		"sandbox ctl kyc-approve":  {{"sandbox", "ctl", "kyc-approve"}},
		"sandbox ctl kyc-reject":   {{"sandbox", "ctl", "kyc-reject", "--reason", hostileText}},
		"sandbox ctl onboard":      {{"sandbox", "ctl", "onboard", "--key", "dev"}},
		"sandbox ctl set-status":   {{"sandbox", "ctl", "set-status", "Live"}},
		"sandbox ctl state":        {{"sandbox", "ctl", "state"}},
		"sign form-a":              {{"sign", "form-a", "--key", "dev", "--text-file", formA}},
		"sign full-auth":           {{"sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "POST", "--body-file", body, "--url", "http://x/" + hostileText}},
		"sign mint-consent":        {{"sign", "mint-consent", "--key", "dev", "--email", "a" + hostileText, "--hash", "h" + hostileText}},
		"sign permit":              {{"sign", "permit", "--key", "dev", "--token", hostileText}},
		"sign personal":            {{"sign", "personal", "--key", "dev", "--message-file", msg}},
		"tx list":                  {{"tx", "list"}, {"tx", "list", "--all", "--format", "table"}},
		"tx show":                  {{"tx", "show", "1"}, {"tx", "show", "--tx-hash", "0x" + hostileText}},
		"verify full-auth":         {{"verify", "full-auth", "--hash", hostileText, "--deadline", "1", "--sign", sig, "--address", testDevAddress}},
		"verify permit":            {{"verify", "permit", "--signature", sig}},
		"verify personal":          {{"verify", "personal", "--message-file", msg, "--signature", sig, "--address", testDevAddress}},
		"version":                  {{"version"}},
	}
	var missing, stale []string
	leaves := leafCommands(newRoot(), "")
	known := map[string]bool{}
	for _, l := range leaves {
		known[l] = true
		if _, ok := invocations[l]; !ok {
			missing = append(missing, l)
		}
	}
	for k := range invocations {
		if !known[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 || len(stale) > 0 {
		t.Fatalf("every command must face hostile text here: add invocations for %v; drop %v", missing, stale)
	}

	check := func(variant string, args []string) {
		t.Helper()
		for _, json := range []bool{false, true} {
			a := append([]string{}, args...)
			if json {
				a = append(a, "--json")
			}
			out, errOut, code := runCLI(t, "", a...)
			what := fmt.Sprintf("%s: purse %s (exit %d)", variant, strings.Join(a, " "), code)
			checkVisible(t, what+" stdout", out)
			checkVisible(t, what+" stderr", errOut)
		}
	}
	for _, mode := range []string{"text", "all", "body"} {
		url := hostileService(t, base, mode)
		name := "h-" + mode
		for _, args := range [][]string{{"profile", "add", name, "--sandbox", base}, {"profile", "use", name}, {"profile", "set", "user_api=" + url},
			{"profile", "set", "evm_key=dev"}} {
			if _, e, c := purse(t, "", args...); c != exitOK {
				t.Fatalf("%v: %s", args, e)
			}
		}
		if tok := jsonOut(t, mustRun(t, "--profile", "sb", "profile", "show", "--json"))["tokenId"]; tok != nil {
			if _, e, c := purse(t, "", "profile", "set", "token_id="+tok.(string)); c != exitOK {
				t.Fatal(e)
			}
		}
		if mode == "text" {
			// the variant where everything else holds: the fields show on the success paths
			if out, _, c := runCLI(t, "", "tx", "list"); c != exitOK || !strings.Contains(out, "␛[2J") || !strings.Contains(out, "⟨U+202E⟩") {
				t.Errorf("tx list with hostile titles: exit %d\n%s", c, out)
			}
			if out, _, c := runCLI(t, "", "card", "show"); c != exitOK || !strings.Contains(out, "␛]52;c;") {
				t.Errorf("card show with a hostile holder: exit %d\n%s", c, out)
			}
			if out, _, c := runCLI(t, "", "tx", "list", "--json"); c != exitOK || !strings.Contains(out, `\u001b[2J`) || !strings.Contains(out, `\u202e`) {
				t.Errorf("tx list --json: the exact value, escaped by JSON: exit %d\n%s", c, out)
			}
		}
		for _, path := range leaves {
			for _, args := range invocations[path] {
				for i, a := range args {
					if a == "QUOTE" {
						args[i] = quote(mode)
					}
				}
				check(mode, args)
			}
		}
		runProxy(t, check)
		runForeground(t, []string{"sandbox", "--listen", "127.0.0.1:0", "--state", ""})
		if _, e, c := purse(t, "", "profile", "use", "sb"); c != exitOK {
			t.Fatal(e)
		}
	}
	runAgent(t, home, check)
	// A key index and profiles a hostile local process wrote.
	hostileIndex(t, home)
	for _, args := range [][]string{{"key", "list"}, {"key", "doctor"}, {"key", "show", "evil" + hostileText}, {"profile", "list"}, {"profile", "show"},
		{"audit", "list"}, {"audit", "verify"}, {"account", "status"}} {
		check("local files", args)
	}
	runForeground(t, []string{"agent", "start"})
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, e, c := purse(t, "", args...)
	if c != exitOK {
		t.Fatalf("%v: %s", args, e)
	}
	return out
}

// newRoot is the command tree purse runs.
func newRoot() *cobra.Command {
	return (&cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}).rootCmd()
}

// runProxy runs `purse proxy` (human lines, then --json lines) and calls it with a path that
// carries the hostile text, then stops it with SIGINT.
func runProxy(t *testing.T, check func(string, []string)) {
	t.Helper()
	for _, jsonOut := range []bool{false, true} {
		args := []string{"proxy", "--listen", "127.0.0.1:0"}
		if jsonOut {
			args = append(args, "--json")
		}
		out, errb := &syncBuffer{}, &syncBuffer{}
		done := make(chan int, 1)
		go func() { done <- run(args, strings.NewReader(""), out, errb) }()
		first := waitLines(t, out, 1)[0]
		u := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`).FindString(first)
		if u == "" {
			t.Fatalf("proxy start line %q", first)
		}
		if resp, err := http.Get(u + "/api/v2/" + strings.ReplaceAll(hostileText, "\n", "%0A")); err == nil {
			resp.Body.Close()
		} else if resp, err := http.Post(u+"/api/v2/transactions", "application/json", strings.NewReader(`{}`)); err == nil {
			resp.Body.Close()
		}
		waitLines(t, out, 2)
		signalSelf(t, os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the proxy did not stop on SIGINT")
		}
		what := "proxy " + strings.Join(args, " ")
		checkVisible(t, what+" stdout", strings.Join(out.lines(), "\n"))
		checkVisible(t, what+" stderr", strings.Join(errb.lines(), "\n"))
	}
}

// runForeground runs a command that serves until SIGINT (`purse sandbox`): it ends by itself
// when it cannot start (no purse-sandbox binary beside the test), else a SIGINT stops it.
func runForeground(t *testing.T, args []string) {
	t.Helper()
	out, errb := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(args, strings.NewReader(""), out, errb) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		signalSelf(t, os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("purse %v did not stop on SIGINT", args)
		}
	}
	checkVisible(t, "purse "+strings.Join(args, " ")+" stdout", strings.Join(out.lines(), "\n"))
	checkVisible(t, "purse "+strings.Join(args, " ")+" stderr", strings.Join(errb.lines(), "\n"))
}

// runAgent runs the agent over the hostile key index: its status lists the keys.
func runAgent(t *testing.T, home string, check func(string, []string)) {
	t.Helper()
	startAgent(t, home)
	for _, args := range [][]string{{"agent", "unlock", "dev"}, {"agent", "status"}, {"sign", "personal", "--key", "dev", "--message", "hi"}, {"agent", "lock"}, {"agent", "stop"}} {
		check("agent", args)
	}
}
