package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"purse/internal/visible/visibletest"
	"purse/keystore"
	"purse/sandbox"
)

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
		r := keystore.AuditRecord{Seq: uint64(i), Time: time.Now().UTC().Format(time.RFC3339Nano), Label: "dev" + visibletest.Text,
			Address: testDevAddress, Purpose: "personal" + visibletest.Text, Digest: "0x" + strings.Repeat("ab", 32), Profile: visibletest.Text, Prev: prev}
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
	ix["keys"] = append(ix["keys"].([]any), map[string]any{"label": "evil" + visibletest.Text, "kind": "evm", "address": visibletest.Text,
		"backend": "file", "created": time.Now().UTC().Format(time.RFC3339), "id": "x" + visibletest.Text,
		"shared": map[string]any{"home": visibletest.Text, "path": visibletest.Text}})
	b, _ = json.Marshal(ix)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	pf := filepath.Join(home, "profiles.toml")
	prof, err := os.ReadFile(pf)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(visibletest.Text) // a TOML basic string takes JSON's escapes
	prof = append(prof, fmt.Sprintf("\n  [profiles.%s]\n    user_api = %s\n    network = %s\n", q, q, q)...)
	if err := os.WriteFile(pf, prof, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestHostileTextNeverActsOnTheTerminal runs every command of purse against a service whose
// answers, a quote, a key index, the profiles and an audit log all carry terminal control
// codes, bidi overrides and visibletest.Forged lines, and checks that none of it reaches the output as
// it is: human output and errors show it escaped, --json carries it as \u escapes. A command
// added to purse without an invocation here fails the test.
func TestHostileTextNeverActsOnTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command against the sandbox")
	}
	sb := sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"}, []string{"--yes", "card", "issue"})
	home, base := os.Getenv("PURSE_HOME"), sb.Info().UserAPI
	writeAuditChain(t, home)
	quote := func(mode string) string {
		q, err := json.Marshal(visibletest.Poison(map[string]any{"quoteId": "q-1", "transaction": "AQID", "usdcAmount": "5000000", "outputToken": "EUR",
			"depositUsdcAccount": "D" + visibletest.Text, "message": "hello", "network": "devnet"}, "", mode))
		if err != nil {
			t.Fatal(err)
		}
		return writeTemp(t, "quote.json", string(q))
	}
	msg := writeTemp(t, "msg", "hello"+visibletest.Text)
	formA := writeTemp(t, "forma", "I agree."+visibletest.Text)
	request := writeTemp(t, "request", `{"purpose":"personal","message":"aGk="}`)
	hostileJSON, _ := json.Marshal(visibletest.Text)
	hostileJSON = hostileJSON[1 : len(hostileJSON)-1]
	typed := writeTemp(t, "typed.json", `{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Note":[{"name":"text","type":"string"}]},`+
		`"primaryType":"Note","domain":{"name":"D`+string(hostileJSON)+`"},"message":{"text":"T`+string(hostileJSON)+`"}}`)
	typedBadType := writeTemp(t, "typed-bad.json", `{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"N`+string(hostileJSON)+`":[]},"primaryType":"Note","domain":{"name":"D"},"message":{}}`)
	body := writeTemp(t, "body", `{"cardTokenId":"`+strings.ReplaceAll(visibletest.Text, "\n", `\n`)+`"}`)
	const sig = "0x" + "11111111111111111111111111111111111111111111111111111111111111112222222222222222222222222222222222222222222222222222222222222222" + "1b"

	// Each command's invocations; flags and arguments are the user's and may be hostile too.
	invocations := map[string][][]string{
		"account email-status":         {{"account", "email-status", "me@example.com"}},
		"api":                          {{"api", "--list"}, {"api", "form-a-info"}, {"api", "transactions", "--body", `{"pageSize":2}`}, {"api", "chain-configs"}},
		"account find":                 {{"account", "find"}},
		"account idv-token":            {{"account", "idv-token"}},
		"account mint":                 {{"account", "mint", "--token-id", "1234567890"}},
		"account profile":              {{"account", "profile"}},
		"account status":               {{"account", "status"}},
		"agent lock":                   {{"agent", "lock"}},
		"agent policy explain":         {{"agent", "policy", "explain", "--key", "evil" + visibletest.Text, "--request-file", request}},
		"agent start":                  nil, // runAgent
		"agent status":                 {{"agent", "status"}},
		"agent stop":                   {{"agent", "stop"}},
		"agent unlock":                 {{"agent", "unlock", "dev"}},
		"altchain balance":             {{"altchain", "balance"}},
		"altchain deposit":             {{"altchain", "deposit", "--amount", "5", "--output", "EUR", "--yes", "--timeout", "5s"}},
		"altchain inspect":             {{"altchain", "inspect", "QUOTE", "--user", testSolNoneAddr}},
		"altchain quote":               {{"altchain", "quote", "--amount", "5", "--output", "EUR"}},
		"altchain status":              {{"altchain", "status", "5" + visibletest.Text}},
		"audit list":                   {{"audit", "list"}},
		"audit repair":                 {{"audit", "repair", "--yes"}},
		"audit seal":                   {{"audit", "seal"}},
		"audit verify":                 {{"audit", "verify"}},
		"balances":                     {{"balances"}},
		"card block":                   {{"card", "block"}},
		"card currency":                {{"card", "currency", "CHF"}, {"card", "currency", "X" + visibletest.Text}},
		"card issue":                   {{"card", "issue"}},
		"card show":                    {{"card", "show"}},
		"card unblock":                 {{"card", "unblock"}},
		"chains":                       {{"chains"}},
		"doctor":                       {{"doctor"}},
		"key doctor":                   {{"key", "doctor"}},
		"key export":                   {{"key", "export", "dev", "--out", filepath.Join(t.TempDir(), "x"+visibletest.Text)}},
		"key import":                   {{"key", "import", "--label", "x" + visibletest.Text, "--kind", "evm", "--private-key-file", msg}},
		"key ledger":                   {{"key", "ledger", "--kind", "evm", "--transport", "speculos:" + visibletest.Text}, {"key", "ledger", "--kind", "evm", "--label", "l" + visibletest.Text, "--path", "m/44'/60'/0'/0/0"}},
		"key list":                     {{"key", "list"}},
		"key new":                      {{"key", "new", "--label", "n" + visibletest.Text, "--kind", "evm"}},
		"key rename":                   {{"key", "rename", "dev" + visibletest.Text, "x"}},
		"key rm":                       {{"key", "rm", "evil" + visibletest.Text, "--yes"}},
		"key show":                     {{"key", "show", "dev"}, {"key", "show", "evil" + visibletest.Text}},
		"evm deposit":                  {{"evm", "deposit", "--amount", "5", "--output", "EUR"}, {"evm", "deposit", "--amount", "5", "--output", "E" + visibletest.Text}},
		"get":                          {{"get"}, {"get", "onramp-limit"}, {"get", "account-status"}, {"get", "evil" + visibletest.Text}},
		"kyc check":                    {{"kyc", "check"}},
		"kyc form-a":                   {{"kyc", "form-a"}},
		"kyc handoff":                  {{"kyc", "handoff", "--share-token-file", msg}},
		"kyc submit":                   {{"kyc", "submit"}},
		"onramp-limit":                 {{"onramp-limit"}},
		"payin":                        {{"payin"}, {"payin", "EUR", "--qr"}, {"payin", "X" + visibletest.Text}},
		"permit":                       {{"permit", "--amount", "1", "--yes"}},
		"profile add":                  {{"profile", "add", "p" + visibletest.Text, "--user-api", visibletest.Text, "--network", "5003"}, {"profile", "add", "q", "--preset", "ur" + visibletest.Text}},
		"profile list":                 {{"profile", "list"}},
		"profile presets":              {{"profile", "presets"}},
		"profile rm":                   {{"profile", "rm", visibletest.Text}},
		"profile set":                  {{"profile", "set", "user_api=" + visibletest.Text}},
		"profile show":                 {{"profile", "show"}},
		"profile use":                  {{"profile", "use", visibletest.Text}},
		"proxy":                        nil, // runProxy
		"sandbox":                      nil, // runForeground
		"sandbox ctl advance":          {{"sandbox", "ctl", "advance"}},
		"sandbox ctl clock-skew":       {{"sandbox", "ctl", "clock-skew", "0s"}},
		"sandbox ctl crs-required":     {{"sandbox", "ctl", "crs-required", "false"}},
		"sandbox ctl faults":           {{"sandbox", "ctl", "faults", "--error-code", "10000", "--error-msg", visibletest.Text, "--count", "1"}, {"account", "status"}},
		"sandbox ctl kyc-approve":      {{"sandbox", "ctl", "kyc-approve"}},
		"sandbox ctl ledger":           {{"sandbox", "ctl", "ledger", "--app", "x" + visibletest.Text}, {"sandbox", "ctl", "ledger", "--press", "p" + visibletest.Text}},
		"sandbox ctl kyc-reject":       {{"sandbox", "ctl", "kyc-reject", "--reason", visibletest.Text}},
		"sandbox ctl onboard":          {{"sandbox", "ctl", "onboard", "--key", "dev"}},
		"sandbox ctl register-partner": {{"sandbox", "ctl", "register-partner"}},
		"partner mint":                 {{"partner", "mint", "--email", "evil" + visibletest.Text + "@example.com"}},
		"partner idv-token":            {{"partner", "idv-token"}},
		"partner usd-payin":            {{"partner", "usd-payin", "--remark", "r" + visibletest.Text}, {"partner", "usd-payin", "--remark", "ok"}},
		"partner idv-status":           {{"partner", "idv-status"}},
		"sandbox ctl set-status":       {{"sandbox", "ctl", "set-status", "Live"}},
		"send cashout":                 {{"send", "cashout", "--token", "EUR24", "--amount", "50", "--yes"}, {"send", "cashout", "--token", "E" + visibletest.Text, "--amount", "1"}},
		"send fx-quote":                {{"send", "fx-quote", "--from", "EUR", "--to", "CHF", "--amount", "10"}, {"send", "fx-quote", "--from", "E" + visibletest.Text, "--to", "CHF", "--amount", "1"}},
		"send contacts":                {{"send", "contacts"}, {"send", "contacts", "C" + visibletest.Text}},
		"send transfer":                {{"send", "transfer", "--to", "9" + visibletest.Text, "--token", "EUR24", "--amount", "1"}, {"send", "transfer", "--to", "1", "--token", "E" + visibletest.Text, "--amount", "1"}},
		"send payout":                  {{"send", "payout", "--contact", "c" + visibletest.Text, "--token", "CHF24", "--amount", "1", "--purpose", "1", "--ref", "r" + visibletest.Text}},
		"sandbox ctl state":            {{"sandbox", "ctl", "state"}},
		"sign form-a":                  {{"sign", "form-a", "--key", "dev", "--text-file", formA}},
		"sign full-auth":               {{"sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "POST", "--body-file", body, "--url", "http://x/" + visibletest.Text}},
		"sign mint-consent":            {{"sign", "mint-consent", "--key", "dev", "--email", "a" + visibletest.Text, "--hash", "h" + visibletest.Text}},
		"sign permit":                  {{"sign", "permit", "--key", "dev", "--token", visibletest.Text}},
		"sign personal":                {{"sign", "personal", "--key", "dev", "--message-file", msg}},
		"sign typed-data":              {{"sign", "typed-data", "--key", "dev", "--file", typed}, {"sign", "typed-data", "--key", "dev", "--file", typedBadType}},
		"tx list":                      {{"tx", "list"}, {"tx", "list", "--all", "--format", "table"}},
		"tx show":                      {{"tx", "show", "1"}, {"tx", "show", "--tx-hash", "0x" + visibletest.Text}},
		"verify full-auth":             {{"verify", "full-auth", "--hash", visibletest.Text, "--deadline", "1", "--sign", sig, "--address", testDevAddress}},
		"verify permit":                {{"verify", "permit", "--signature", sig}},
		"verify personal":              {{"verify", "personal", "--message-file", msg, "--signature", sig, "--address", testDevAddress}},
		"version":                      {{"version"}},
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

	runs, shown := 0, 0 // invocations, and outputs that show the hostile text escaped
	check := func(variant string, args []string) {
		t.Helper()
		for _, json := range []bool{false, true} {
			a := append([]string{}, args...)
			if !hasLocalYes(args) {
				// What a changing call signs is approved, so its answer comes back and shows.
				a = append([]string{"--yes"}, a...)
			}
			if json {
				a = append(a, "--json")
			}
			out, errOut, code := runCLI(t, "", a...)
			runs++
			if strings.Contains(out+errOut, "␛") || strings.Contains(out+errOut, `\u001b`) {
				shown++
			}
			what := fmt.Sprintf("%s: purse %s (exit %d)", variant, strings.Join(a, " "), code)
			visibletest.Verify(t, what+" stdout", out)
			visibletest.Verify(t, what+" stderr", errOut)
		}
	}
	for _, mode := range []string{"text", "all", "body"} {
		url := visibletest.Service(t, base, mode)
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
	for _, args := range [][]string{{"key", "list"}, {"key", "doctor"}, {"key", "show", "evil" + visibletest.Text}, {"profile", "list"}, {"profile", "show"},
		{"audit", "list"}, {"audit", "verify"}, {"account", "status"}} {
		check("local files", args)
	}
	runForeground(t, []string{"agent", "start"})
	t.Logf("%d runs, %d of them showed the hostile text escaped", runs, shown)
	if shown < runs/3 {
		t.Errorf("only %d of %d runs showed the hostile text: the hostile service or files no longer reach the commands", shown, runs)
	}
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
		if resp, err := http.Get(u + "/api/v2/" + strings.ReplaceAll(visibletest.Text, "\n", "%0A")); err == nil {
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
		visibletest.Verify(t, what+" stdout", strings.Join(out.lines(), "\n"))
		visibletest.Verify(t, what+" stderr", strings.Join(errb.lines(), "\n"))
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
	visibletest.Verify(t, "purse "+strings.Join(args, " ")+" stdout", strings.Join(out.lines(), "\n"))
	visibletest.Verify(t, "purse "+strings.Join(args, " ")+" stderr", strings.Join(errb.lines(), "\n"))
}

// runAgent runs the agent over the hostile key index: its status lists the keys.
func runAgent(t *testing.T, home string, check func(string, []string)) {
	t.Helper()
	startAgent(t, home)
	for _, args := range [][]string{{"agent", "unlock", "dev"}, {"agent", "status"}, {"sign", "personal", "--key", "dev", "--message", "hi"}, {"agent", "lock"}, {"agent", "stop"}} {
		check("agent", args)
	}
}

// hasLocalYes says whether the command has a --yes of its own (a typed confirmation it skips),
// which a global --yes would set.
func hasLocalYes(args []string) bool {
	for _, w := range args {
		switch w {
		case "doctor", "repair", "rm":
			return true
		}
	}
	return false
}
