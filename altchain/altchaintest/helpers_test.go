package altchaintest

import (
	"context"
	"crypto/sha256"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain"
	"purse/wallet"
)

const partnerHex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

func partnerKey(t testing.TB) *wallet.EVMKey {
	t.Helper()
	k, err := wallet.ParseEVMKey(partnerHex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func otherEVMKey(t testing.TB, seed string) *wallet.EVMKey {
	t.Helper()
	h := sha256.Sum256([]byte(seed))
	k, err := wallet.ParseEVMKey(common.Bytes2Hex(h[:]))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func userKey(t testing.TB, seed string) *wallet.SolanaKey {
	t.Helper()
	h := sha256.Sum256([]byte(seed))
	k, err := wallet.NewSolanaKeyFromSeed(h[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// env is a sandbox on loopback with the RPC adapter and a partner client.
type env struct {
	sb      *Sandbox
	srv     *httptest.Server
	rpc     *altchain.RPC
	partner *altchain.PartnerClient
	user    *wallet.SolanaKey
	svcID   int64
}

// Mount composes the two handlers the way the sandbox composer does.
func mount(sb *Sandbox) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/solana/", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/solana", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/partner/", http.StripPrefix("/partner", sb.PartnerHandler()))
	return mux
}

func newEnv(t *testing.T, cfg Config) *env {
	t.Helper()
	if cfg.PartnerKeys == nil {
		cfg.PartnerKeys = []common.Address{partnerKey(t).Address()}
	}
	sb := New(cfg)
	srv := httptest.NewServer(mount(sb))
	t.Cleanup(srv.Close)
	e := &env{
		sb: sb, srv: srv, rpc: altchain.NewRPC(srv.URL+"/solana", srv.Client()),
		partner: &altchain.PartnerClient{BaseURL: srv.URL + "/partner", Signer: partnerKey(t), Variant: cfg.PartnerAuth, HTTP: srv.Client()},
		user:    userKey(t, "flow user"), svcID: 4242,
	}
	return e
}

func (e *env) request(usdc string) altchain.QuoteRequest {
	return altchain.QuoteRequest{
		SvcID: e.svcID, AltchainAddress: e.user.PublicKey().String(), USDCAmount: usdc,
		OutputCurrency: "EUR", Network: e.sb.Network(),
	}
}

func (e *env) quote(t *testing.T, usdc string) *altchain.Quote {
	t.Helper()
	res, err := e.partner.Quote(context.Background(), e.request(usdc))
	if err != nil {
		t.Fatalf("quote: %v", err)
	}
	return res.Quote
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}
