package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"purse/sandboxctl"
)

func TestProfileCommands(t *testing.T) {
	keyEnv(t)
	out, errOut, code := runCLI(t, "", "profile", "list", "--json")
	if code != exitOK {
		t.Fatalf("list: %d %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 || rows[0]["name"] != "sandbox" || rows[0]["active"] != true {
		t.Fatalf("list: %s %v", out, err)
	}
	if _, e, c := runCLI(t, "", "profile", "set", "deadline_window=30m"); c != exitUsage || !strings.Contains(e, "deadline_window") {
		t.Fatalf("set 30m: %d %s", c, e)
	}
	// A key setting must name a stored key of its kind (issue 11 case 8).
	if _, e, c := runCLI(t, "", "profile", "set", "evm_key=main"); c != exitUsage || !strings.Contains(e, "evm_key") || !strings.Contains(e, `no key labelled "main"`) {
		t.Fatalf("set evm_key to a missing key: %d %s", c, e)
	}
	for _, kind := range []string{"evm", "solana"} {
		if _, e, c := runCLI(t, "", "key", "new", "--label", "main-"+kind, "--kind", kind); c != exitOK {
			t.Fatalf("key new: %s", e)
		}
	}
	if _, e, c := runCLI(t, "", "profile", "set", "evm_key=main-solana"); c != exitUsage || !strings.Contains(e, "a Solana key") {
		t.Fatalf("set evm_key to a Solana key: %d %s", c, e)
	}
	if _, e, c := runCLI(t, "", "profile", "set", "solana_key=main-evm"); c != exitUsage || !strings.Contains(e, "an EVM key") {
		t.Fatalf("set solana_key to an EVM key: %d %s", c, e)
	}
	if _, e, c := runCLI(t, "", "profile", "set", "deadline_window=10m", "evm_key=main-evm"); c != exitOK {
		t.Fatalf("set: %d %s", c, e)
	}
	out, _, _ = runCLI(t, "", "profile", "show", "--json")
	var p map[string]any
	if err := json.Unmarshal([]byte(out), &p); err != nil || p["deadlineWindow"] != "10m0s" || p["evmKey"] != "main-evm" {
		t.Fatalf("show: %s", out)
	}

	info := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sandbox/info" {
			http.NotFound(w, r)
			return
		}
		_ = json.NewEncoder(w).Encode(sandboxctl.Info{UserAPI: "http://127.0.0.1:9999", PartnerAPI: "http://127.0.0.1:9999/partner", EVMRPC: "http://127.0.0.1:9999/evm", SolanaRPC: "http://127.0.0.1:9999/solana", Network: "31337"})
	}))
	defer info.Close()
	if _, e, c := runCLI(t, "", "profile", "add", "other", "--sandbox", info.URL); c != exitOK {
		t.Fatalf("add --sandbox: %d %s", c, e)
	}
	if _, _, c := runCLI(t, "", "profile", "add", "other", "--sandbox", info.URL); c != exitUsage {
		t.Fatalf("duplicate add: exit %d", c)
	}
	if _, e, c := runCLI(t, "", "profile", "add", "dead", "--sandbox", "http://127.0.0.1:1"); c != exitFailure || !strings.Contains(e, "purse sandbox") {
		t.Fatalf("unreachable sandbox: %d %s", c, e)
	}
	if _, _, c := runCLI(t, "", "profile", "use", "other"); c != exitOK {
		t.Fatal("use")
	}
	out, _, _ = runCLI(t, "", "profile", "show", "--json")
	if !strings.Contains(out, "9999") {
		t.Fatalf("active profile not switched: %s", out)
	}
	// show NAME shows that profile without switching to it.
	if out, _, _ = runCLI(t, "", "profile", "show", "sandbox", "--json"); strings.Contains(out, "9999") || !strings.Contains(out, `"sandbox"`) {
		t.Fatalf("show sandbox: %s", out)
	}
	if _, _, c := runCLI(t, "", "profile", "show", "ghost"); c != exitUsage {
		t.Fatalf("show ghost: exit %d", c)
	}
	if _, _, c := runCLI(t, "", "profile", "rm", "other"); c != exitUsage {
		t.Fatal("removed the active profile")
	}
	if _, _, c := runCLI(t, "", "--profile", "ghost", "profile", "show"); c == exitOK {
		t.Fatal("showed a missing profile")
	}
}
