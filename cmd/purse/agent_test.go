package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/altchain"
	"purse/app"
	"purse/app/deposit"
	"purse/app/sign"
	"purse/enduser"
	"purse/wallet"
)

// startAgent runs `purse agent start` in-process until the test stops it (or ends).
func startAgent(t *testing.T, home string) {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		_, errOut, _ := runCLI(t, "", "agent", "start")
		done <- errOut
	}()
	sock := agent.SocketPath(home)
	for i := 0; !agent.Answers(sock); i++ {
		if i > 500 {
			t.Fatal("the agent does not answer after 5 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Cleanup(func() {
		if agent.Answers(sock) {
			runCLI(t, "", "agent", "stop")
		}
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("the agent did not stop")
		}
	})
}

func auditRecords(t *testing.T) []map[string]any {
	t.Helper()
	out, errOut, code := purse(t, "", "audit", "list", "--json")
	if code != exitOK {
		t.Fatalf("audit list: %s", errOut)
	}
	var recs []map[string]any
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatalf("audit list: %v\n%s", err, out)
	}
	return recs
}

func TestAgentCommands(t *testing.T) {
	home := keyEnv(t)
	if _, errOut, code := purse(t, "", "key", "new", "--label", "me", "--kind", "evm"); code != exitOK {
		t.Fatal(errOut)
	}
	if _, errOut, code := purse(t, "", "agent", "status"); code != exitFailure || !strings.Contains(errOut, "no agent answers") || !strings.Contains(errOut, "purse agent start") {
		t.Fatalf("status without an agent: exit %d %s", code, errOut)
	}
	startAgent(t, home)
	// A second agent on the same socket is refused.
	if _, errOut, code := purse(t, "", "agent", "start", "--detach"); code != exitFailure || !strings.Contains(errOut, "already answers") {
		t.Fatalf("second agent: exit %d %s", code, errOut)
	}

	// Unlock reads PURSE_PASSPHRASE_FILE in the agent, through a passed descriptor.
	out, errOut, code := purse(t, "", "agent", "unlock", "me", "--ttl", "30m", "--idle", "5m", "--json")
	var k agent.KeyStatus
	if err := json.Unmarshal([]byte(out), &k); code != exitOK || err != nil || k.Label != "me" || k.Until.Sub(k.Unlocked) != 30*time.Minute || k.IdleUntil.Sub(k.Unlocked) != 5*time.Minute {
		t.Fatalf("unlock: exit %d %+v %s", code, k, errOut)
	}
	out, _, code = purse(t, "", "agent", "status", "--json")
	var st agent.Status
	if err := json.Unmarshal([]byte(out), &st); code != exitOK || err != nil || len(st.Keys) != 1 || st.Keys[0].Address != k.Address || st.Display != "" {
		t.Fatalf("status: exit %d %+v", code, st)
	}
	if !strings.Contains(strings.Join(st.Rules, "\n"), `routes.token-permit = "confirm" (default)`) {
		t.Fatalf("status shows no policy: %v", st.Rules)
	}

	// Without a passphrase source the CLI still signs: the key is the agent's.
	t.Setenv("PURSE_PASSPHRASE_FILE", "")
	before := len(auditRecords(t))
	out, errOut, code = purse(t, `{"pageSize":5}`, "sign", "full-auth", "--key", "me", "--token-id", "1234", "--network", "5003", "--method", "POST", "--route", "transactions", "--body-file", "-", "--json")
	var fa sign.FullAuth
	if err := json.Unmarshal([]byte(out), &fa); code != exitOK || err != nil {
		t.Fatalf("sign full-auth through the agent: exit %d %s", code, errOut)
	}
	if got, err := wallet.RecoverFullAuth(fa.Hash, fa.Deadline, fa.Sign); err != nil || got != common.HexToAddress(k.Address) {
		t.Fatalf("recovered %s, %v", got.Hex(), err)
	}
	recs := auditRecords(t)
	if len(recs) != before+1 || recs[len(recs)-1]["purpose"] != "full-auth" {
		t.Fatalf("the agent did not audit the signature: %d → %d records", before, len(recs))
	}

	// The default policy confirms a personal message: no display, so refused (exit 3), naming
	// the line; nothing is audited.
	_, errOut, code = purse(t, "", "sign", "personal", "--key", "me", "--message", "hello")
	if code != exitRejected || !strings.Contains(errOut, `purposes.personal = "confirm" (default)`) || !strings.Contains(errOut, "no trusted display") {
		t.Fatalf("personal without a display: exit %d %s", code, errOut)
	}
	if len(auditRecords(t)) != before+1 {
		t.Fatal("a refused request was audited")
	}

	// lock wipes; the next signature needs the passphrase, asked by this CLI and handed to
	// the agent through a pipe.
	if out, _, code := purse(t, "", "agent", "lock", "me"); code != exitOK || !strings.Contains(out, "1 key") {
		t.Fatalf("lock: %d %s", code, out)
	}
	if _, errOut, code := purse(t, "", "agent", "lock", "me"); code != exitFailure || !strings.Contains(errOut, "not unlocked") {
		t.Fatalf("lock twice: %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, `{"pageSize":5}`, "sign", "full-auth", "--key", "me", "--token-id", "1234", "--network", "5003", "--method", "POST", "--route", "transactions", "--body-file", "-"); code == exitOK || !strings.Contains(errOut, "PURSE_PASSPHRASE_FILE") {
		t.Fatalf("locked, no passphrase source: exit %d %s", code, errOut)
	}
	setPassphrase(t, testPassphrase)
	if _, errOut, code := purse(t, `{"pageSize":5}`, "sign", "full-auth", "--key", "me", "--token-id", "1234", "--network", "5003", "--method", "POST", "--route", "transactions", "--body-file", "-"); code != exitOK {
		t.Fatalf("unlock on demand: exit %d %s", code, errOut)
	}
	out, _, _ = purse(t, "", "agent", "status", "--json")
	if err := json.Unmarshal([]byte(out), &st); err != nil || len(st.Keys) != 1 || st.Keys[0].Signed != 1 {
		t.Fatalf("status after the on-demand unlock: %+v", st)
	}
	if _, errOut, code := purse(t, "", "audit", "verify"); code != exitOK {
		t.Fatalf("audit chain: %s", errOut)
	}
	if _, errOut, code := purse(t, "", "agent", "stop"); code != exitOK {
		t.Fatal(errOut)
	}
	if agent.Answers(agent.SocketPath(home)) {
		t.Fatal("the agent still answers after stop")
	}
}

func TestAgentPolicyFile(t *testing.T) {
	home := keyEnv(t)
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[routes]\ntransactions = \"deny\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "key", "new", "--label", "me", "--kind", "evm"); code != exitOK {
		t.Fatal(errOut)
	}
	startAgent(t, home)
	_, errOut, code := purse(t, `{"pageSize":5}`, "sign", "full-auth", "--key", "me", "--token-id", "1234", "--network", "5003", "--method", "POST", "--route", "transactions", "--body-file", "-")
	if code != exitRejected || !strings.Contains(errOut, `routes.transactions = "deny" (`+filepath.Join(home, agent.PolicyFile)+` line 2)`) {
		t.Fatalf("denied route: exit %d %s", code, errOut)
	}
	// A bad policy stops the agent at start, naming the line.
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[routes]\ntransactions = \"maybe\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	runCLI(t, "", "agent", "stop")
	_, errOut, code = purse(t, "", "agent", "start")
	if code != exitUsage || !strings.Contains(errOut, `line 2: routes.transactions = "maybe"`) {
		t.Fatalf("bad policy: exit %d %s", code, errOut)
	}
}

// A Solana deposit signed by the agent: the agent applies the checklist to the quote the
// transaction came with before signing, and audits it.
func TestAgentSignsADepositItChecked(t *testing.T) {
	sb := cliSandbox(t)
	home := os.Getenv("PURSE_HOME")
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\nsolana-tx = \"allow\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	startAgent(t, home)
	before := solanaSignatures(t)
	out, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
	var dr deposit.Receipt
	firstJSON(t, out, &dr)
	if code != exitOK || dr.Signature == "" {
		t.Fatalf("deposit through the agent: exit %d %+v\n%s", code, dr, errOut)
	}
	if solanaSignatures(t) <= before {
		t.Fatal("the agent did not audit the deposit's signature")
	}
	if sb.TokenBalance(altchain.SandboxDepositAccount) != 12_500_000 {
		t.Fatalf("deposit account %d", sb.TokenBalance(altchain.SandboxDepositAccount))
	}
	out, _, _ = purse(t, "", "agent", "status", "--json")
	var st agent.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, k := range st.Keys {
		kinds[k.Kind] += k.Signed
	}
	if kinds["solana"] < 1 || kinds["evm"] < 1 {
		t.Fatalf("the agent did not sign both the partner call and the deposit: %+v", st.Keys)
	}
}

// Every full-auth route of the table is signed by `purse sign full-auth` in the process and
// through a live agent, each under a policy that allows it, empty payloads included; both
// sign what the route's payload is and the signatures recover to the key. A route added to
// the table is in this test by construction (issue 21).
func TestSignEveryRouteInTheProcessAndThroughTheAgent(t *testing.T) {
	home := keyEnv(t)
	if _, e, c := purse(t, "", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", writeTemp(t, "k", testDevKey+"\n")); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	policy := "[routes]\n"
	for _, rt := range enduser.Routes() {
		if rt.Auth == enduser.AuthFull {
			policy += rt.Name + " = \"allow\"\n"
		}
	}
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	signRoute := func(rt enduser.Route) sign.FullAuth {
		t.Helper()
		args := []string{"sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", rt.Method, "--route", rt.Name, "--json"}
		if b, ok := enduser.ExampleBody(rt.Name); ok {
			args = append(args, "--body-file", writeTemp(t, "body", string(b)))
		}
		out, e, c := purse(t, "", args...)
		var fa sign.FullAuth
		if err := json.Unmarshal([]byte(out), &fa); c != exitOK || err != nil {
			t.Fatalf("%s %s: exit %d %s", rt.Method, rt.Name, c, e)
		}
		if got, err := wallet.RecoverFullAuth(fa.Hash, fa.Deadline, fa.Sign); err != nil || got != common.HexToAddress(testDevAddress) {
			t.Fatalf("%s: recovered %s (%v)", rt.Name, got.Hex(), err)
		}
		return fa
	}
	local := map[string]string{}
	t.Setenv(app.EnvNoAgent, "1")
	for _, rt := range enduser.Routes() {
		if rt.Auth == enduser.AuthFull {
			local[rt.Name] = signRoute(rt).Hash
		}
	}
	t.Setenv(app.EnvNoAgent, "")
	startAgent(t, home)
	if _, e, c := purse(t, "", "agent", "unlock", "dev"); c != exitOK {
		t.Fatalf("unlock: %s", e)
	}
	before := len(auditRecords(t))
	n := 0
	for _, rt := range enduser.Routes() {
		if rt.Auth != enduser.AuthFull {
			continue
		}
		if h := signRoute(rt).Hash; h != local[rt.Name] {
			t.Errorf("%s: hash %s through the agent, %s in the process", rt.Name, h, local[rt.Name])
		}
		n++
	}
	if got := len(auditRecords(t)) - before; got != n {
		t.Fatalf("the agent audited %d of %d signatures", got, n)
	}
}
