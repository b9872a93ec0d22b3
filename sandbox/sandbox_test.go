package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"purse/config"

	"purse/sandboxctl"
)

func TestStartServesEveryService(t *testing.T) {
	ctx := context.Background()
	sb, err := Start(ctx, Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	info := sb.Info()
	if info.Network != "31337" || !strings.HasPrefix(info.UserAPI, "http://127.0.0.1:") || info.AccountNFT == "" {
		t.Fatalf("info %+v", info)
	}
	// The embedded profile carries the contract addresses the sandbox deploys.
	if embedded := config.SandboxProfile(config.DefaultSandboxAddr); embedded.AccountNFT != info.AccountNFT || embedded.CardSpender != info.CardSpender {
		t.Fatalf("embedded profile contracts %s/%s, sandbox deploys %s/%s", embedded.AccountNFT, embedded.CardSpender, info.AccountNFT, info.CardSpender)
	}

	resp, err := http.Get(info.UserAPI + "/sandbox/info")
	if err != nil {
		t.Fatal(err)
	}
	var got sandboxctl.Info
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || !reflect.DeepEqual(got, info) {
		t.Fatalf("/sandbox/info %+v %v", got, err)
	}
	resp.Body.Close()

	// The EVM answers JSON-RPC through the /evm path of the same address.
	resp, err = http.Post(info.EVMRPC, "application/json", bytes.NewBufferString(`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"0x7a69"`) {
		t.Fatalf("eth_chainId through /evm: %s", b)
	}

	resp, err = http.Get(info.UserAPI + "/api/v1/timestamp")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"retCode":0`) {
		t.Fatalf("timestamp: %s", b)
	}
}

func TestStartRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "10.0.0.1:0", "nonsense", ""} {
		if sb, err := Start(context.Background(), Config{Listen: addr}); err == nil {
			sb.Close()
			t.Errorf("%q accepted", addr)
		}
	}
}

// A sandbox killed while saving its snapshot or its ledger leaves a temporary file in its
// state folder: the next start removes it (stale, nobody writing it) and leaves other names.
func TestStartSweepsItsStateFolder(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	crashed := []string{filepath.Join(dir, ".enduser-sandbox.json.tmp-1"), filepath.Join(dir, "."+LedgerFile+".tmp-2")}
	other := filepath.Join(dir, ".notes.json.tmp-3")
	for _, p := range append(crashed, other) {
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, old, old)
	}
	sb, err := Start(context.Background(), Config{Listen: "127.0.0.1:0", StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	for _, p := range crashed {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there after the start: %v", p, err)
		}
	}
	if _, err := os.Lstat(other); err != nil {
		t.Errorf("another name was swept: %v", err)
	}
}
