package altchain_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/wallet"
)

const partnerHex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

func solKey(t testing.TB, seed string) *wallet.SolanaKey {
	t.Helper()
	h := sha256.Sum256([]byte(seed))
	k, err := wallet.NewSolanaKeyFromSeed(h[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func evmKey(t testing.TB) *wallet.EVMKey {
	t.Helper()
	k, err := wallet.ParseEVMKey(partnerHex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// sandbox starts the sandbox with blocks advanced only by hand.
func sandbox(t *testing.T, cfg altchaintest.Config) (*altchaintest.Sandbox, *httptest.Server) {
	t.Helper()
	if cfg.BlockTime == 0 {
		cfg.BlockTime = time.Hour
	}
	if cfg.PartnerKeys == nil {
		cfg.PartnerKeys = []common.Address{evmKey(t).Address()}
	}
	sb := altchaintest.New(cfg)
	mux := http.NewServeMux()
	mux.Handle("/solana", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/solana/", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/partner/", http.StripPrefix("/partner", sb.PartnerHandler()))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return sb, srv
}

func bg(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestRPCReads(t *testing.T) {
	sb, srv := sandbox(t, altchaintest.Config{})
	c := altchain.NewRPC(srv.URL+"/solana", srv.Client())
	user := solKey(t, "rpc user").PublicKey()
	ata, err := sb.Fund(user, 3_000_000_000, 25_500_000)
	if err != nil {
		t.Fatal(err)
	}

	g, err := c.GenesisHash(bg(t))
	if err != nil || g != altchain.SandboxGenesisHash {
		t.Fatalf("genesis %q %v", g, err)
	}
	h, err := c.BlockHeight(bg(t))
	if err != nil || h != sb.BlockHeight() {
		t.Fatalf("height %d %v", h, err)
	}
	bh, err := c.LatestBlockhash(bg(t))
	if err != nil || bh.LastValidBlockHeight != h+150 || bh.Hash.IsZero() {
		t.Fatalf("blockhash %+v %v", bh, err)
	}
	if ok, err := c.IsBlockhashValid(bg(t), bh.Hash); err != nil || !ok {
		t.Fatalf("fresh blockhash invalid: %v", err)
	}
	sb.AdvanceBlocks(150)
	if ok, _ := c.IsBlockhashValid(bg(t), bh.Hash); !ok {
		t.Fatal("blockhash invalid at its last valid height")
	}
	sb.AdvanceBlocks(1)
	if ok, _ := c.IsBlockhashValid(bg(t), bh.Hash); ok {
		t.Fatal("blockhash valid after its last valid height")
	}
	if ok, _ := c.IsBlockhashValid(bg(t), solana.Hash{1}); ok {
		t.Fatal("unknown blockhash valid")
	}

	if bal, err := c.Balance(bg(t), user); err != nil || bal != 3_000_000_000 {
		t.Fatalf("balance %d %v", bal, err)
	}
	if bal, err := c.Balance(bg(t), solKey(t, "nobody").PublicKey()); err != nil || bal != 0 {
		t.Fatalf("balance of nobody %d %v", bal, err)
	}
	if tb, err := c.TokenBalance(bg(t), ata); err != nil || tb.Amount != 25_500_000 || tb.Decimals != 6 {
		t.Fatalf("token balance %+v %v", tb, err)
	}
	var re *altchain.RPCError
	if _, err := c.TokenBalance(bg(t), user); !errors.As(err, &re) || re.Code != -32602 {
		t.Fatalf("token balance of a wallet: %v", err)
	}
	a, err := c.AccountInfo(bg(t), altchain.SandboxUSDCMint)
	if err != nil || a == nil || a.Owner != solana.TokenProgramID || len(a.Data) != 82 || a.Data[44] != 6 {
		t.Fatalf("mint account %+v %v", a, err)
	}
	if a, err := c.AccountInfo(bg(t), solKey(t, "nobody").PublicKey()); err != nil || a != nil {
		t.Fatalf("missing account %+v %v", a, err)
	}
	// More than 100 keys are fetched in chunks, in order, nil for the missing ones.
	keys := make([]solana.PublicKey, 0, 205)
	for i := 0; i < 204; i++ {
		keys = append(keys, solKey(t, "k"+string(rune('a'+i%26))+strings.Repeat("x", i/26)).PublicKey())
	}
	keys = append(keys, ata)
	accs, err := c.GetAccounts(bg(t), keys)
	if err != nil || len(accs) != len(keys) || accs[204] == nil || accs[0] != nil || accs[204].Owner != solana.TokenProgramID {
		t.Fatalf("get accounts: %d %v", len(accs), err)
	}
}

func TestRPCSimulateSendStatus(t *testing.T) {
	sb, srv := sandbox(t, altchaintest.Config{})
	c := altchain.NewRPC(srv.URL+"/solana", srv.Client())
	k := solKey(t, "rpc sender")
	user := k.PublicKey()
	ata, err := sb.Fund(user, 1_000_000_000, 20_000_000)
	if err != nil {
		t.Fatal(err)
	}
	pc := &altchain.PartnerClient{BaseURL: srv.URL + "/partner", Signer: evmKey(t), HTTP: srv.Client()}
	res, err := pc.Quote(bg(t), altchain.QuoteRequest{SvcID: 7, AltchainAddress: user.String(), USDCAmount: "15000000", OutputCurrency: "CHF", Network: sb.Network()})
	if err != nil {
		t.Fatal(err)
	}
	q := res.Quote
	bh, err := c.LatestBlockhash(bg(t))
	if err != nil {
		t.Fatal(err)
	}
	signed, sig, err := altchain.SignTransaction(q.Transaction, bh.Hash, k)
	if err != nil {
		t.Fatal(err)
	}

	// simulateTransaction: sigVerify, post-states for the requested accounts.
	sim, err := c.Simulate(bg(t), signed, []solana.PublicKey{user, ata, altchain.SandboxDepositAccount})
	if err != nil || sim.Err != "" {
		t.Fatalf("simulate: %+v %v", sim, err)
	}
	if len(sim.Accounts) != 3 || sim.Accounts[0].Lamports != 1_000_000_000-5000-400-1_800_000 {
		t.Fatalf("post states: %+v", sim.Accounts)
	}
	if sim.UnitsConsumed == 0 || sim.UnitsConsumed > 400_000 || !contains(sim.Logs, "Program "+altchain.DefaultSandboxProgramID.String()+" success") {
		t.Fatalf("units %d logs %v", sim.UnitsConsumed, sim.Logs)
	}
	if sb.USDC(user) != 20_000_000 {
		t.Fatal("simulation changed the ledger")
	}
	// A spoiled signature fails sigVerify.
	bad := append([]byte(nil), signed...)
	bad[1] ^= 0xff
	var re *altchain.RPCError
	if _, err := c.Simulate(bg(t), bad, nil); !errors.As(err, &re) || re.Code != -32003 {
		t.Fatalf("simulate with a bad signature: %v", err)
	}
	if _, err := c.SendTransaction(bg(t), bad); !errors.As(err, &re) || re.Code != -32003 {
		t.Fatalf("send with a bad signature: %v", err)
	}

	// sendTransaction, then processed → confirmed → finalized as blocks advance, in the
	// recent status cache and in the history alike; getTransaction finds it once confirmed.
	// Each status answer names the slot it was answered at, and the height read its slot.
	h, err := c.Height(bg(t))
	if err != nil || h.BlockHeight != sb.BlockHeight() || h.Slot != h.BlockHeight || h.Commitment != "confirmed" {
		t.Fatalf("height: %+v %v", h, err)
	}
	for _, history := range []bool{false, true} {
		if st, err := c.SignatureStatus(bg(t), sig, history); err != nil || st.Status != nil || st.Slot != h.Slot || st.History != history {
			t.Fatalf("status before send (history %v): %+v %v", history, st, err)
		}
	}
	if tx, err := c.Transaction(bg(t), sig); err != nil || tx != nil {
		t.Fatalf("getTransaction before send: %+v %v", tx, err)
	}
	got, err := c.SendTransaction(bg(t), signed)
	if err != nil || got != sig {
		t.Fatalf("send: %v %v", got, err)
	}
	for _, want := range []struct {
		advance uint64
		status  string
	}{{0, "processed"}, {1, "confirmed"}, {31, "finalized"}} {
		sb.AdvanceBlocks(want.advance)
		for _, history := range []bool{false, true} {
			st, err := c.SignatureStatus(bg(t), sig, history)
			if err != nil || st.Status == nil || st.Status.ConfirmationStatus != want.status || st.Status.Err != "" || st.Slot != sb.BlockHeight() {
				t.Fatalf("want %s (history %v): %+v %v", want.status, history, st, err)
			}
		}
		tx, err := c.Transaction(bg(t), sig)
		if found := want.status != "processed"; err != nil || (tx != nil) != found || (found && (tx.Slot != h.Slot || tx.Err != "")) {
			t.Fatalf("getTransaction at %s: %+v %v", want.status, tx, err)
		}
	}
	if sb.TokenBalance(altchain.SandboxDepositAccount) != 15_000_000 {
		t.Fatal("deposit not executed")
	}

	// Preflight refuses a deposit the user cannot pay: -32002 with the program error.
	res, err = pc.Quote(bg(t), altchain.QuoteRequest{SvcID: 7, AltchainAddress: user.String(), USDCAmount: "16000000", OutputCurrency: "CHF", Network: sb.Network()})
	if err != nil {
		t.Fatal(err)
	}
	signed2, _, err := altchain.SignTransaction(res.Quote.Transaction, bh.Hash, k)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SendTransaction(bg(t), signed2); !errors.As(err, &re) || re.Code != -32002 || !strings.Contains(re.Error(), "Custom") {
		t.Fatalf("insufficient USDC: %v", err)
	}
	sim, err = c.Simulate(bg(t), signed2, []solana.PublicKey{user})
	if err != nil || !strings.Contains(sim.Err, "InstructionError") {
		t.Fatalf("simulate insufficient USDC: %+v %v", sim, err)
	}
	// The program's log says it in USDC, not in smallest units.
	if logs := strings.Join(sim.Logs, "\n"); !strings.Contains(logs, "the deposit needs 16.000000 USDC") || strings.Contains(logs, "16000000") {
		t.Fatalf("the simulation's log: %s", logs)
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

func TestRPCTransportErrors(t *testing.T) {
	cases := map[string]http.HandlerFunc{
		"not JSON": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("<html>")) },
		"HTTP 502": func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) },
		"wrong id": func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":999,"result":"` + altchain.SandboxGenesisHash + `"}`))
		},
		"no result": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1}`)) },
		"bad hash": func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":"0OIl"}`))
		},
	}
	for name, h := range cases {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(h)
			defer srv.Close()
			if g, err := altchain.NewRPC(srv.URL, nil).GenesisHash(bg(t)); err == nil {
				t.Fatalf("accepted %q", g)
			}
		})
	}
	t.Run("timeout", func(t *testing.T) {
		block := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-block }))
		defer srv.Close()
		defer close(block)
		c := altchain.NewRPC(srv.URL, nil)
		c.SetTimeout(50 * time.Millisecond)
		start := time.Now()
		if _, err := c.BlockHeight(bg(t)); err == nil || time.Since(start) > 5*time.Second {
			t.Fatalf("no timeout: %v", err)
		}
	})
	t.Run("method error", func(t *testing.T) {
		_, srv := sandbox(t, altchaintest.Config{})
		c := altchain.NewRPC(srv.URL+"/solana", nil)
		_, err := c.Simulate(bg(t), []byte{1, 2, 3}, nil)
		var re *altchain.RPCError
		if !errors.As(err, &re) || re.Code != -32602 || re.Method != "simulateTransaction" {
			t.Fatalf("%v", err)
		}
	})
}

func TestClusterNames(t *testing.T) {
	for name, want := range map[string]string{"mainnet": "mainnet", "devnet": "devnet", "sandbox": altchain.SandboxGenesisHash[:8]} {
		got, err := altchain.RequestNetwork(name)
		if err != nil || got != want {
			t.Errorf("%s: %q %v", name, got, err)
		}
		if _, ok := altchain.ClusterByName(name); !ok {
			t.Errorf("%s: no cluster", name)
		}
	}
	if _, err := altchain.RequestNetwork(""); err == nil || !strings.Contains(err.Error(), "devnet") {
		t.Errorf("empty cluster: %v", err)
	}
	if _, err := altchain.RequestNetwork("moon"); err == nil {
		t.Error("unknown cluster accepted")
	}
	c, _ := altchain.ClusterByName("mainnet")
	if c.GenesisHash != altchain.MainnetGenesisHash || c.USDCMint != altchain.MainnetUSDCMint {
		t.Errorf("mainnet: %+v", c)
	}
}
