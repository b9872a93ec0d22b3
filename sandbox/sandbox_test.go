package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

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
