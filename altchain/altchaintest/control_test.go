package altchaintest

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/mr-tron/base58"

	"purse/altchain"
)

func (e *env) do(t *testing.T, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestControlSurface(t *testing.T) {
	e := newEnv(t, Config{BlockTime: time.Hour})
	code, body := e.do(t, "GET", "/solana/sandbox/solana-info", "")
	var info Info
	if code != 200 || json.Unmarshal([]byte(body), &info) != nil || info.GenesisHash != altchain.SandboxGenesisHash || info.Network != e.sb.Network() {
		t.Fatalf("info: %d %s", code, body)
	}
	if code, body := e.do(t, "POST", "/solana/sandbox/solana-faults", `{"dropSends":2,"maliciousNextQuote":"extra-transfer","expireNextQuote":true}`); code != 200 ||
		e.sb.Faults() != (Faults{DropSends: 2, MaliciousNextQuote: MaliciousExtraTransfer, ExpireNextQuote: true}) {
		t.Fatalf("set faults: %d %s", code, body)
	}
	if code, _ := e.do(t, "GET", "/solana/sandbox/solana-faults", ""); code != 200 {
		t.Fatal("get faults")
	}
	for _, bad := range []string{`{"maliciousNextQuote":"steal"}`, `{"dropSends":-1}`, `{"failNextQuote":404}`, `{"unknown":1}`, `[]`} {
		if code, _ := e.do(t, "POST", "/solana/sandbox/solana-faults", bad); code != 400 {
			t.Errorf("%s accepted", bad)
		}
	}
	if code, _ := e.do(t, "POST", "/solana/sandbox/solana-faults", `{}`); code != 200 || e.sb.Faults() != (Faults{}) {
		t.Fatal("clear faults")
	}
	user := userKey(t, "control user").PublicKey()
	if code, body := e.do(t, "POST", "/solana/sandbox/solana-fund", `{"address":"`+user.String()+`","lamports":5,"usdc":7000000}`); code != 200 ||
		e.sb.USDC(user) != 7_000_000 || e.sb.Lamports(user) != 5 {
		t.Fatalf("fund: %d %s", code, body)
	}
	if code, _ := e.do(t, "POST", "/solana/sandbox/solana-fund", `{"address":"nope"}`); code != 400 {
		t.Fatal("fund of a bad address accepted")
	}
	if code, _ := e.do(t, "POST", "/solana/sandbox/solana-fund", `{"address":"`+altchain.SandboxUSDCMint.String()+`","usdc":1}`); code != 400 {
		t.Fatal("fund of the mint (not a wallet) accepted")
	}
	h := e.sb.BlockHeight()
	if code, _ := e.do(t, "POST", "/solana/sandbox/solana-advance", `{"blocks":10}`); code != 200 || e.sb.BlockHeight() != h+10 {
		t.Fatal("advance")
	}
	if code, _ := e.do(t, "GET", "/solana/sandbox/nothing", ""); code != 404 {
		t.Fatal("unknown control route")
	}
}

func TestRPCProtocolErrors(t *testing.T) {
	e := newEnv(t, Config{BlockTime: time.Hour})
	rpcCode := func(body string) int64 {
		t.Helper()
		code, b := e.do(t, "POST", "/solana", body)
		var r struct {
			Error *struct {
				Code int64 `json:"code"`
			} `json:"error"`
		}
		if code != 200 || json.Unmarshal([]byte(b), &r) != nil {
			t.Fatalf("%s: HTTP %d %s", body, code, b)
		}
		if r.Error == nil {
			return 0
		}
		return r.Error.Code
	}
	if code, _ := e.do(t, "GET", "/solana", ""); code != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", code)
	}
	for body, want := range map[string]int64{
		`[{"jsonrpc":"2.0","id":1,"method":"getHealth"}]`: -32600,
		`{not json`: -32700,
		`{"jsonrpc":"1.0","id":1,"method":"getHealth"}`:                                                   -32600,
		`{"jsonrpc":"2.0","id":1,"method":"requestAirdrop"}`:                                              -32601,
		`{"jsonrpc":"2.0","id":1,"method":"getBlockHeight","params":[{"commitment":"recent"}]}`:           -32602,
		`{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["x"]}`:                               -32602,
		`{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":[[],{"encoding":"jsonParsed"}]}`: -32602,
		`{"jsonrpc":"2.0","id":1,"method":"getHealth"}`:                                                   0,
	} {
		if got := rpcCode(body); got != want {
			t.Errorf("%s: code %d, want %d", body, got, want)
		}
	}

	// sigVerify and replaceRecentBlockhash conflict; an unsigned transaction fails sigVerify;
	// replaceRecentBlockhash alone simulates it; base58 is accepted.
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 20_000_000); err != nil {
		t.Fatal(err)
	}
	q := e.quote(t, "5000000")
	b64 := base64.StdEncoding.EncodeToString(q.Transaction)
	sim := func(cfg string) (int64, string) {
		_, b := e.do(t, "POST", "/solana", `{"jsonrpc":"2.0","id":1,"method":"simulateTransaction","params":["`+b64+`",`+cfg+`]}`)
		var r struct {
			Result *struct {
				Value struct {
					Err json.RawMessage `json:"err"`
				} `json:"value"`
			} `json:"result"`
			Error *struct {
				Code int64 `json:"code"`
			} `json:"error"`
		}
		_ = json.Unmarshal([]byte(b), &r)
		if r.Error != nil {
			return r.Error.Code, ""
		}
		return 0, string(r.Result.Value.Err)
	}
	if c, _ := sim(`{"encoding":"base64","sigVerify":true,"replaceRecentBlockhash":true}`); c != -32602 {
		t.Errorf("conflicting options: %d", c)
	}
	if c, _ := sim(`{"encoding":"base64","sigVerify":true}`); c != -32003 {
		t.Errorf("unsigned with sigVerify: %d", c)
	}
	if c, errv := sim(`{"encoding":"base64","replaceRecentBlockhash":true}`); c != 0 || errv != "null" {
		t.Errorf("replaceRecentBlockhash: %d %s", c, errv)
	}
	bh := e.sb.LatestBlockhash()
	signed, _, err := altchain.SignTransaction(q.Transaction, bh.Hash, e.user)
	if err != nil {
		t.Fatal(err)
	}
	code, b := e.do(t, "POST", "/solana", `{"jsonrpc":"2.0","id":7,"method":"sendTransaction","params":["`+base58.Encode(signed)+`"]}`)
	if code != 200 || !strings.Contains(b, `"result"`) || e.sb.TokenBalance(altchain.SandboxDepositAccount) != 5_000_000 {
		t.Fatalf("base58 send: %s", b)
	}
	// A transaction with a blockhash the sandbox never issued does not land.
	signed2, _, err := altchain.SignTransaction(q.Transaction, solana.Hash{9}, e.user)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.rpc.SendTransaction(ctx(t), signed2); err == nil || !strings.Contains(err.Error(), "Blockhash not found") {
		t.Fatalf("unknown blockhash: %v", err)
	}
}
