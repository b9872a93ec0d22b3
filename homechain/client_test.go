package homechain_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"

	"purse/homechain"
	"purse/homechain/homechaintest"
	"purse/wallet"
)

// devKey is the well-known development key (anvil/hardhat account 0); sandbox only.
const devKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

var sandbox *homechaintest.Chain

func TestMain(m *testing.M) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	c, err := homechaintest.Start(ctx, homechaintest.Config{})
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox chain:", err)
		os.Exit(1)
	}
	sandbox = c
	code := m.Run()
	c.Close()
	os.Exit(code)
}

// dial returns a client talking JSON-RPC over HTTP to the sandbox, like production does.
func dial(t testing.TB, opts ...homechain.Option) *homechain.Client {
	t.Helper()
	c, err := homechain.Dial(context.Background(), sandbox.RPCURL(), opts...)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

func token(t testing.TB, sym string) homechain.Token {
	t.Helper()
	tk, ok := sandbox.Token(sym)
	if !ok {
		t.Fatalf("no token %s", sym)
	}
	return tk
}

// countingSigner records whether anything was signed.
type countingSigner struct {
	*wallet.EVMKey
	n atomic.Int32
}

func (s *countingSigner) SignDigest(p wallet.Purpose, d common.Hash) ([]byte, error) {
	s.n.Add(1)
	return s.EVMKey.SignDigest(p, d)
}

func newSigner(t testing.TB, hexKey string) *countingSigner {
	t.Helper()
	var k *wallet.EVMKey
	var err error
	if hexKey == "" {
		pk, gerr := crypto.GenerateKey()
		if gerr != nil {
			t.Fatal(gerr)
		}
		k = wallet.NewEVMKey(pk)
	} else if k, err = wallet.ParseEVMKey(hexKey); err != nil {
		t.Fatal(err)
	}
	return &countingSigner{EVMKey: k}
}

// prepareAndSign is what a flow does: prepare (refusing on a bad domain), then sign.
func prepareAndSign(ctx context.Context, c *homechain.Client, s wallet.EVMSigner, tk, spender common.Address, value, deadline *big.Int) (wallet.Permit, wallet.PermitSignature, error) {
	p, err := c.PreparePermit(ctx, tk, s.Address(), spender, value, deadline)
	if err != nil {
		return wallet.Permit{}, wallet.PermitSignature{}, err
	}
	sig, err := wallet.SignPermit(s, p)
	return p, sig, err
}

func relay(ctx context.Context, p wallet.Permit, sig wallet.PermitSignature) (common.Hash, error) {
	r := common.HexToHash(sig.R)
	s := common.HexToHash(sig.S)
	return sandbox.Permit(ctx, p.Domain.VerifyingContract, p.Owner, p.Spender, p.Value, p.Deadline, sig.V, r, s)
}

func TestDialAndTokenReads(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	id, err := c.ChainID(ctx)
	if err != nil || id.Int64() != 31337 {
		t.Fatalf("ChainID = %v, %v", id, err)
	}
	for _, want := range sandbox.Tokens() {
		got, err := c.ReadToken(ctx, want.Address)
		if err != nil {
			t.Fatalf("ReadToken(%s): %v", want.Symbol, err)
		}
		got.IsFiat = want.IsFiat
		if got != want {
			t.Errorf("ReadToken = %+v, want %+v", got, want)
		}
		v, err := c.Version(ctx, want.Address)
		if err != nil || v != "1" {
			t.Errorf("%s Version = %q, %v; want \"1\"", want.Symbol, v, err)
		}
		d, ok, err := c.EIP712Domain(ctx, want.Address)
		if err != nil || !ok || d.Name != want.Name || d.ChainID.Int64() != 31337 || d.VerifyingContract != want.Address {
			t.Errorf("%s eip712Domain = %+v ok=%v err=%v", want.Symbol, d, ok, err)
		}
		sep, err := c.DomainSeparator(ctx, want.Address)
		if err != nil {
			t.Fatal(err)
		}
		local, _ := wallet.PermitDomain{Name: want.Name, Version: "1", ChainID: big.NewInt(31337), VerifyingContract: want.Address}.Separator()
		if sep != local {
			t.Errorf("%s DOMAIN_SEPARATOR %s, rebuilt %s", want.Symbol, sep.Hex(), local.Hex())
		}
	}
	// Reads of something that is not a token fail clearly.
	if _, err := c.Name(ctx, common.HexToAddress("0x00000000000000000000000000000000000000c3")); err == nil || !strings.Contains(err.Error(), "no data") {
		t.Errorf("Name of an empty address: %v", err)
	}
	// The version falls back to "1" for a contract with neither version() nor eip712Domain().
	if v, err := c.Version(ctx, sandbox.Contracts().CardSpender); err != nil || v != homechain.DefaultPermitVersion {
		t.Errorf("Version of a contract without it = %q, %v", v, err)
	}
}

func TestAccountDiscovery(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	nft := sandbox.Contracts().AccountNFT
	owner := newSigner(t, "").Address()

	if id, ok, err := c.AccountOf(ctx, nft, owner); err != nil || ok || id != 0 {
		t.Fatalf("AccountOf before mint = %d, %v, %v; want not found", id, ok, err)
	}
	if _, err := sandbox.MintAccount(ctx, owner, 1_000_123); err != nil {
		t.Fatal(err)
	}
	id, ok, err := c.AccountOf(ctx, nft, owner)
	if err != nil || !ok || id != 1_000_123 {
		t.Fatalf("AccountOf after mint = %d, %v, %v; want 1000123", id, ok, err)
	}
	if id2, ok2, err := sandbox.AccountOf(ctx, owner); err != nil || !ok2 || id2 != id {
		t.Errorf("sandbox AccountOf = %d, %v, %v", id2, ok2, err)
	}
	st, err := c.AccountStatus(ctx, nft, id)
	if err != nil || st != homechain.StatusTourist {
		t.Errorf("status after mint = %d, %v; want Tourist", st, err)
	}
	if err := sandbox.SetAccountStatus(ctx, id, homechain.StatusLive); err != nil {
		t.Fatal(err)
	}
	if st, err := c.AccountStatus(ctx, nft, id); err != nil || st != homechain.StatusLive {
		t.Errorf("status = %d, %v; want Live", st, err)
	}
	// One account per address; statuses beyond Live and unknown tokens are refused.
	if _, err := sandbox.MintAccount(ctx, owner, 1_000_124); err == nil || !strings.Contains(err.Error(), "AlreadyHasAccount") {
		t.Errorf("second mint: %v; want AlreadyHasAccount", err)
	}
	if _, err := sandbox.MintAccount(ctx, newSigner(t, "").Address(), id); err == nil || !strings.Contains(err.Error(), "ERC721InvalidSender") {
		t.Errorf("mint of an existing token id: %v; want ERC721InvalidSender", err)
	}
	if err := sandbox.SetAccountStatus(ctx, id, 6); err == nil || !strings.Contains(err.Error(), "InvalidStatus") {
		t.Errorf("status 6: %v; want InvalidStatus", err)
	}
	if _, err := c.AccountStatus(ctx, nft, 999_999_999); err == nil {
		t.Error("status of a token that does not exist: no error")
	}
}

func TestPermitEndToEnd(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	k := sandbox.Contracts()
	for _, tc := range []struct {
		sym     string
		spender common.Address
		fund    string
		permit  string
		pull    string
	}{
		{"USD24", k.CardSpender, "100.00", "25.00", "10.50"},
		{"EUR24", k.Deposit, "50", "50", "50"},
		{"CHF24", k.BufferPool, "1.01", "0.01", "0.01"},
		{"CNH24", k.CardSpender, "9", "3.33", "3"},
		{"USDC", k.Deposit, "12.345678", "5.000001", "5"},
	} {
		t.Run(tc.sym, func(t *testing.T) {
			tk := token(t, tc.sym)
			s := newSigner(t, "")
			if tc.sym == "USD24" {
				s = newSigner(t, devKey)
			}
			owner := s.Address()
			amount := func(v string) *big.Int {
				n, err := homechain.ParseAmount(v, tk.Decimals)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			if _, err := sandbox.Fund(ctx, tk.Address, owner, amount(tc.fund)); err != nil {
				t.Fatal(err)
			}
			before, err := c.Nonces(ctx, tk.Address, owner)
			if err != nil {
				t.Fatal(err)
			}
			value := amount(tc.permit)
			deadline := big.NewInt(time.Now().Add(time.Hour).Unix())
			p, sig, err := prepareAndSign(ctx, c, s, tk.Address, tc.spender, value, deadline)
			if err != nil {
				t.Fatalf("prepare/sign: %v", err)
			}
			if p.Domain.Name != tk.Name || p.Domain.Version != "1" || p.Domain.ChainID.Int64() != 31337 || p.Nonce.Cmp(before) != 0 {
				t.Errorf("prepared domain %+v nonce %v; want %s/1/31337 nonce %v", p.Domain, p.Nonce, tk.Name, before)
			}
			if _, err := relay(ctx, p, sig); err != nil {
				t.Fatalf("Permit: %v", err)
			}
			if got, err := c.Allowance(ctx, tk.Address, owner, tc.spender); err != nil || got.Cmp(value) != 0 {
				t.Errorf("allowance = %v, %v; want %v", got, err, value)
			}
			after, err := c.Nonces(ctx, tk.Address, owner)
			if err != nil || after.Cmp(new(big.Int).Add(before, big.NewInt(1))) != 0 {
				t.Errorf("nonce %v -> %v, %v; want +1", before, after, err)
			}
			// The same signature again is stale: the nonce moved on.
			if _, err := relay(ctx, p, sig); err == nil || !strings.Contains(err.Error(), "ERC2612InvalidSigner") {
				t.Errorf("replayed permit: %v; want ERC2612InvalidSigner", err)
			}
			// The spender uses the allowance.
			pull := amount(tc.pull)
			if _, err := sandbox.Pull(ctx, tc.spender, tk.Address, owner, pull); err != nil {
				t.Fatalf("Pull: %v", err)
			}
			left := new(big.Int).Sub(value, pull)
			if got, _ := c.Allowance(ctx, tk.Address, owner, tc.spender); got.Cmp(left) != 0 {
				t.Errorf("allowance after pull = %v, want %v", got, left)
			}
			if got, _ := c.BalanceOf(ctx, tk.Address, owner); got.Cmp(new(big.Int).Sub(amount(tc.fund), pull)) != 0 {
				t.Errorf("owner balance after pull = %v", got)
			}
			// Pulling more than is left is refused by the token.
			if _, err := sandbox.Pull(ctx, tc.spender, tk.Address, owner, new(big.Int).Add(left, big.NewInt(1))); err == nil || !strings.Contains(err.Error(), "ERC20InsufficientAllowance") {
				t.Errorf("over-pull: %v; want ERC20InsufficientAllowance", err)
			}
		})
	}
}

func TestPermitExpiredAndForeignSignatureRejectedByToken(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	tk := token(t, "EUR24")
	s := newSigner(t, "")
	spender := sandbox.Contracts().CardSpender

	p, sig, err := prepareAndSign(ctx, c, s, tk.Address, spender, big.NewInt(100), big.NewInt(time.Now().Add(-time.Hour).Unix()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := relay(ctx, p, sig); err == nil || !strings.Contains(err.Error(), "ERC2612ExpiredSignature") {
		t.Errorf("expired permit: %v; want ERC2612ExpiredSignature", err)
	}
	// A value other than the signed one recovers another signer.
	p, sig, err = prepareAndSign(ctx, c, s, tk.Address, spender, big.NewInt(100), big.NewInt(time.Now().Add(time.Hour).Unix()))
	if err != nil {
		t.Fatal(err)
	}
	p.Value = big.NewInt(101)
	if _, err := relay(ctx, p, sig); err == nil || !strings.Contains(err.Error(), "ERC2612InvalidSigner") {
		t.Errorf("tampered value: %v; want ERC2612InvalidSigner", err)
	}
	if n, _ := c.Nonces(ctx, tk.Address, s.Address()); n.Sign() != 0 {
		t.Errorf("nonce moved to %v after rejected permits", n)
	}
}

func TestPermitWithWrongChainIDRefusedBeforeSigning(t *testing.T) {
	ctx := context.Background()
	c := dial(t, homechain.WithNetwork(5000)) // profile says mainnet, node is the sandbox
	tk := token(t, "USD24")
	s := newSigner(t, "")
	_, _, err := prepareAndSign(ctx, c, s, tk.Address, sandbox.Contracts().CardSpender, big.NewInt(1), big.NewInt(time.Now().Add(time.Hour).Unix()))
	var dm *homechain.DomainMismatchError
	if !errors.As(err, &dm) {
		t.Fatalf("PreparePermit with network 5000 on chain 31337: %v; want *DomainMismatchError", err)
	}
	if s.n.Load() != 0 {
		t.Fatal("something was signed")
	}
	if len(dm.Fields) != 1 || dm.Fields[0].Field != "chainId" || dm.Fields[0].Rebuilt != "5000" || dm.Fields[0].Token != "31337" {
		t.Errorf("fields = %+v; want chainId 5000 vs 31337", dm.Fields)
	}
	if !strings.Contains(err.Error(), "chainId is 5000 here but 31337 on chain") {
		t.Errorf("error does not name the values: %v", err)
	}
}

func TestWrongDomainFieldsAreNamed(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	tk := token(t, "CHF24")
	good, err := c.PermitDomain(ctx, tk.Address)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckPermitDomain(ctx, good); err != nil {
		t.Fatalf("good domain refused: %v", err)
	}
	onChain, err := c.DomainSeparator(ctx, tk.Address)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field  string
		mutate func(*wallet.PermitDomain)
		want   string
	}{
		{"name", func(d *wallet.PermitDomain) { d.Name = tk.Symbol }, `name is "CHF24" here but "Fiat24 CHF" on chain`},
		{"version", func(d *wallet.PermitDomain) { d.Version = "2" }, `version is "2" here but "1" on chain`},
		{"chainId", func(d *wallet.PermitDomain) { d.ChainID = big.NewInt(5003) }, "chainId is 5003 here but 31337 on chain"},
		{"verifyingContract", func(d *wallet.PermitDomain) { d.VerifyingContract = token(t, "EUR24").Address }, ""},
	} {
		d := good
		d.ChainID = new(big.Int).Set(good.ChainID)
		tc.mutate(&d)
		// The wallet's own check refuses it against the on-chain separator...
		if err := wallet.CheckDomainSeparator(d, onChain); err == nil {
			t.Errorf("%s: wallet.CheckDomainSeparator accepted a wrong domain", tc.field)
		}
		// ...and the client says which field is wrong.
		if tc.field == "verifyingContract" {
			// Checked against the other token's separator, whose own domain it is: accepted.
			continue
		}
		err := c.CheckPermitDomain(ctx, d)
		var dm *homechain.DomainMismatchError
		if !errors.As(err, &dm) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want a DomainMismatchError containing %q", tc.field, err, tc.want)
		}
	}
}

func TestBalances(t *testing.T) {
	ctx := context.Background()
	c := dial(t)
	owner := newSigner(t, "").Address()
	want := map[string]string{"USD24": "10.00", "EUR24": "0.01", "CHF24": "0.00", "CNH24": "123456.78", "USDC": "0.000001"}
	for _, tk := range sandbox.Tokens() {
		v, _ := homechain.ParseAmount(want[tk.Symbol], tk.Decimals)
		if v.Sign() > 0 {
			if _, err := sandbox.Fund(ctx, tk.Address, owner, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, err := c.Balances(ctx, owner, sandbox.Tokens())
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range got {
		if b.Token != sandbox.Tokens()[i] {
			t.Errorf("balance %d is of %s", i, b.Token.Symbol)
		}
		if s := b.Amount.StringFixed(int32(b.Token.Decimals)); s != want[b.Token.Symbol] {
			t.Errorf("%s = %s, want %s", b.Token.Symbol, s, want[b.Token.Symbol])
		}
		if !b.Amount.Equal(decimal.RequireFromString(want[b.Token.Symbol])) {
			t.Errorf("%s Amount = %s", b.Token.Symbol, b.Amount)
		}
	}
	if got[0].String() != "10.00 USD24" {
		t.Errorf("String() = %q", got[0].String())
	}
	bad := append(sandbox.Tokens(), homechain.Token{Symbol: "NOPE", Address: common.HexToAddress("0x00000000000000000000000000000000000000d4")})
	if _, err := c.Balances(ctx, owner, bad); err == nil || !strings.Contains(err.Error(), "NOPE") {
		t.Errorf("Balances with a bad token: %v; want an error naming NOPE", err)
	}
}

// A node that never answers: every read gives up after the client's timeout.
func TestReadsTimeOut(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)

	start := time.Now()
	if _, err := homechain.Dial(context.Background(), srv.URL, homechain.WithTimeout(150*time.Millisecond)); err == nil {
		t.Fatal("Dial to a silent node succeeded")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Dial took %v with a 150ms timeout", d)
	}
	// Dial refuses a closed port.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	if _, err := homechain.Dial(context.Background(), "http://"+addr, homechain.WithTimeout(time.Second)); err == nil {
		t.Error("Dial to a closed port succeeded")
	}
}

func TestReadTimeoutOnSlowCall(t *testing.T) {
	// chainId answers, eth_call hangs.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var buf [4096]byte
		n, _ := r.Body.Read(buf[:])
		if strings.Contains(string(buf[:n]), "eth_chainId") {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"result":"%s"}`, hexutil.EncodeUint64(31337))
			return
		}
		<-r.Context().Done()
	}))
	defer srv.Close()
	c, err := homechain.Dial(context.Background(), srv.URL, homechain.WithTimeout(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	_, err = c.Nonces(context.Background(), common.HexToAddress("0x01"), common.HexToAddress("0x02"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Nonces on a hanging node: %v; want a deadline error", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("read took %v with a 100ms timeout", d)
	}
}

// CodeSize tells a contract from an address where none is: the mistake of an address taken
// from another network's deployment.
func TestCodeSize(t *testing.T) {
	c := dial(t)
	ctx := context.Background()
	n, err := c.CodeSize(ctx, sandbox.Contracts().AccountNFT)
	if err != nil || n == 0 {
		t.Fatalf("the account NFT: %d %v", n, err)
	}
	// The account NFT of UR's mainnet is no contract on the sandbox chain.
	if n, err := c.CodeSize(ctx, common.HexToAddress("0x4a05148119683E0A41b52fb973EEF0EE81536c47")); err != nil || n != 0 {
		t.Fatalf("mainnet's address: %d %v", n, err)
	}
}
