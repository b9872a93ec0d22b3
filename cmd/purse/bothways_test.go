package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
	"purse/sandbox"
)

// cliRun is one command of a both-ways run and what it gave.
type cliRun struct {
	args      []string
	out, errs string
	code      int
}

// cliBothWays runs cmds once in this process (PURSE_NO_AGENT=1, the home's policy file
// absent: the defaults, --yes approving what they confirm) and once through a live `purse
// agent start` of the same home with key label unlocked there and policy as its policy
// file. Each command must succeed in the process and give the same exit code and output
// through the agent; every signature of the second run must be the agent's (the agent counts
// as many as the audit log grew by). It returns the agent's run and how many signatures
// each run made; the agent is stopped when it returns.
func cliBothWays(t *testing.T, home, label, policy string, cmds [][]string) (viaAgent []cliRun, localSigned, agentSigned int) {
	t.Helper()
	runAll := func() []cliRun {
		var rs []cliRun
		for _, args := range cmds {
			out, errs, code := purse(t, "", args...)
			rs = append(rs, cliRun{args: args, out: out, errs: errs, code: code})
		}
		return rs
	}
	t.Setenv(app.EnvNoAgent, "1")
	before := len(auditRecords(t))
	local := runAll()
	localSigned = len(auditRecords(t)) - before

	t.Setenv(app.EnvNoAgent, "")
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(filepath.Join(home, agent.PolicyFile))
	startAgent(t, home)
	if _, e, c := purse(t, "", "agent", "unlock", label); c != exitOK {
		t.Fatalf("agent unlock %s: %s", label, e)
	}
	// Without a passphrase source a signature made in this process would fail: every
	// signature below is the agent's.
	t.Setenv("PURSE_PASSPHRASE_FILE", "")
	before = len(auditRecords(t))
	viaAgent = runAll()
	agentSigned = len(auditRecords(t)) - before
	out, _, _ := purse(t, "", "agent", "status", "--json")
	var st agent.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("agent status: %v\n%s", err, out)
	}
	signed := 0
	for _, k := range st.Keys {
		signed += k.Signed
	}
	if signed != agentSigned {
		t.Fatalf("the agent says it signed %d times; the audit log grew by %d", signed, agentSigned)
	}
	if _, e, c := purse(t, "", "agent", "stop"); c != exitOK {
		t.Fatalf("agent stop: %s", e)
	}
	setPassphrase(t, testPassphrase)
	for i := range cmds {
		l, a := local[i], viaAgent[i]
		if l.code != exitOK {
			t.Errorf("%v in the process: exit %d %s", l.args, l.code, l.errs)
			continue
		}
		if a.code != l.code || a.out != l.out {
			t.Errorf("%v: exit %d through the agent, %d in the process; the outputs are the same: %v\nagent:   %s\nprocess: %s\nstderr: %s",
				a.args, a.code, l.code, a.out == l.out, a.out, l.out, a.errs)
		}
	}
	if agentSigned != localSigned {
		t.Errorf("%v: %d signatures in the process, %d by the agent", cmds, localSigned, agentSigned)
	}
	return viaAgent, localSigned, agentSigned
}

// The CLI's own reads and writes give the same outcome in the process and through a live
// agent whose policy allows them (issue 21: with an agent running, every full-auth call with
// an empty payload failed — card, banking profile, chain configuration, on-ramp limit — and
// no test ran the CLI with an agent for reads). The reads run both ways first, then the
// writes (which add records to the history the reads show): the card's block and unblock are
// confirmed by the default policy, approved by --yes in the process and allowed by the
// agent's policy.
func TestCLICommandsInTheProcessAndThroughTheAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the CLI against the sandbox twice")
	}
	t.Setenv(app.EnvNoAgent, "1")
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"}, []string{"--yes", "card", "issue"})
	home := os.Getenv("PURSE_HOME")
	reads := [][]string{
		{"account", "status", "--json"},
		{"card", "show", "--json"},
		{"card", "show"},
		{"account", "profile", "--json"},
		{"chains", "--json"},
		{"onramp-limit", "--json"},
		{"tx", "list", "--page-size", "5", "--json"},
	}
	// account status is a basic-auth read; every other read signs one call at least (with
	// an empty payload but for the history's page).
	if _, l, _ := cliBothWays(t, home, "dev", "", reads); l < len(reads)-1 {
		t.Errorf("the reads made %d signatures in the process, want %d at least", l, len(reads)-1)
	}
	writes := [][]string{
		{"--yes", "card", "block", "--json"},
		{"card", "show", "--json"},
		{"--yes", "card", "unblock", "--json"},
		{"card", "show", "--json"},
	}
	viaAgent, l, _ := cliBothWays(t, home, "dev", "[routes]\ncard-status = \"allow\"\n", writes)
	if l < len(writes) {
		t.Errorf("the writes made %d signatures in the process, want %d at least", l, len(writes))
	}
	// The card's status changed twice through the agent: the writes were made, not refused.
	if len(viaAgent) == 4 && (!strings.Contains(viaAgent[1].out, `"Blocked"`) || !strings.Contains(viaAgent[3].out, `"Active"`)) {
		t.Fatalf("the card after block and unblock through the agent:\n%s\n%s", viaAgent[1].out, viaAgent[3].out)
	}
}

// The offline signatures (`purse sign personal | permit | form-a | mint-consent |
// typed-data`) give the
// same output in the process and through a live agent whose policy allows them: the same
// bytes are signed, and the agent's signature is the same deterministic one.
func TestOfflineSignaturesInTheProcessAndThroughTheAgent(t *testing.T) {
	home := keyEnv(t)
	if _, e, c := purse(t, "", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", writeTemp(t, "k", testDevKey+"\n")); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	deadline := strconv.FormatInt(time.Now().Add(4*time.Minute).Unix(), 10)
	cmds := [][]string{
		{"--yes", "sign", "personal", "--key", "dev", "--message", "hello agent", "--json"},
		{"--yes", "sign", "personal", "--key", "dev", "--message", "", "--json"},
		{"--yes", "sign", "permit", "--key", "dev", "--token", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "--name", "EUR24", "--chain-id", "31337",
			"--spender", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "--value", "2500", "--nonce", "0", "--deadline", "1900000000", "--json"},
		{"--yes", "sign", "form-a", "--key", "dev", "--text-file", writeTemp(t, "forma", "I declare:\nline two\n"), "--json"},
		{"--yes", "sign", "mint-consent", "--key", "dev", "--hash", "purse: mint", "--email", "a@example.com", "--deadline", deadline, "--json"},
		{"--yes", "sign", "typed-data", "--key", "dev", "--file", "../../wallet/testdata/typeddata/order.json", "--json"},
	}
	policy := "[purposes]\npersonal = \"allow\"\npermit = \"allow\"\nform-a = \"allow\"\nmint-consent = \"allow\"\ntyped-data = \"allow\"\n"
	if _, l, a := cliBothWays(t, home, "dev", policy, cmds); l != len(cmds) || a != len(cmds) {
		t.Fatalf("%d signatures in the process, %d by the agent; want %d each", l, a, len(cmds))
	}
}
