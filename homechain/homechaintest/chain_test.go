package homechaintest_test

import (
	"context"
	"math/big"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"purse/enduser/endusertest"
	"purse/homechain"
	"purse/homechain/homechaintest"
)

// endUserChain is the Chain interface the end-user sandbox (enduser/endusertest) declares;
// the sandbox chain must satisfy it structurally.
type endUserChain interface {
	ChainID() uint64
	Tokens() []homechain.Token
	Contracts() homechain.Contracts
	MintAccount(ctx context.Context, owner common.Address, tokenID uint64) (common.Hash, error)
	SetAccountStatus(ctx context.Context, tokenID uint64, status uint8) error
	AccountOf(ctx context.Context, owner common.Address) (tokenID uint64, ok bool, err error)
	BalanceOf(ctx context.Context, token, owner common.Address) (*big.Int, error)
	Fund(ctx context.Context, token, to common.Address, amount *big.Int) (common.Hash, error)
	Nonce(ctx context.Context, token, owner common.Address) (*big.Int, error)
	Allowance(ctx context.Context, token, owner, spender common.Address) (*big.Int, error)
	Permit(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error)
}

var (
	_ endUserChain      = (*homechaintest.Chain)(nil)
	_ endusertest.Chain = (*homechaintest.Chain)(nil)
)

func start(t *testing.T, listen string) *homechaintest.Chain {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := homechaintest.Start(ctx, homechaintest.Config{Listen: listen})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

func TestStartDeploysOverHTTP(t *testing.T) {
	c := start(t, "")
	ctx := context.Background()
	if !strings.HasPrefix(c.RPCURL(), "http://127.0.0.1:") {
		t.Fatalf("RPCURL = %q, want http://127.0.0.1:<port>", c.RPCURL())
	}
	ec, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		t.Fatal(err)
	}
	defer ec.Close()
	id, err := ec.ChainID(ctx)
	if err != nil || id.Int64() != 31337 || c.ChainID() != 31337 {
		t.Fatalf("chain id over HTTP = %v, %v; ChainID() = %d; want 31337", id, err, c.ChainID())
	}
	want := []struct {
		sym  string
		dec  uint8
		fiat bool
	}{{"USD24", 2, true}, {"EUR24", 2, true}, {"CHF24", 2, true}, {"CNH24", 2, true}, {"USDC", 6, false}}
	toks := c.Tokens()
	if len(toks) != len(want) {
		t.Fatalf("Tokens() = %d tokens, want %d", len(toks), len(want))
	}
	seen := map[common.Address]bool{}
	for i, w := range want {
		tk := toks[i]
		if tk.Symbol != w.sym || tk.Decimals != w.dec || tk.IsFiat != w.fiat || tk.Name == tk.Symbol {
			t.Errorf("token %d = %+v, want %s/%d decimals/fiat %v with a name that differs from the symbol", i, tk, w.sym, w.dec, w.fiat)
		}
		code, err := ec.CodeAt(ctx, tk.Address, nil)
		if err != nil || len(code) == 0 {
			t.Errorf("%s at %s: no code over HTTP (%v)", tk.Symbol, tk.Address.Hex(), err)
		}
		seen[tk.Address] = true
	}
	k := c.Contracts()
	for name, a := range map[string]common.Address{"AccountNFT": k.AccountNFT, "CardSpender": k.CardSpender, "Deposit": k.Deposit, "BufferPool": k.BufferPool} {
		code, err := ec.CodeAt(ctx, a, nil)
		if err != nil || len(code) == 0 {
			t.Errorf("%s at %s: no code (%v)", name, a.Hex(), err)
		}
		if seen[a] {
			t.Errorf("%s shares address %s", name, a.Hex())
		}
		seen[a] = true
	}
	bal, err := ec.BalanceAt(ctx, c.RelayerAddress(), nil)
	if err != nil || bal.Sign() <= 0 {
		t.Errorf("relayer ETH balance = %v, %v; want funded", bal, err)
	}
}

// Two chains run side by side, and the fixed deployer gives the same addresses every time.
func TestAddressesAreDeterministicAndChainsIndependent(t *testing.T) {
	a, b := start(t, ""), start(t, "")
	if a.RPCURL() == b.RPCURL() {
		t.Fatalf("two chains share %s", a.RPCURL())
	}
	if a.Contracts() != b.Contracts() {
		t.Errorf("contracts differ between starts: %+v vs %+v", a.Contracts(), b.Contracts())
	}
	for i := range a.Tokens() {
		if a.Tokens()[i] != b.Tokens()[i] {
			t.Errorf("token %d differs: %+v vs %+v", i, a.Tokens()[i], b.Tokens()[i])
		}
	}
	ctx := context.Background()
	owner := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	if _, err := a.MintAccount(ctx, owner, 7); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := b.AccountOf(ctx, owner); err != nil || ok {
		t.Errorf("chain b sees chain a's account: ok=%v err=%v", ok, err)
	}
}

func TestListen(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	c := start(t, "127.0.0.1:"+strconv.Itoa(port))
	if want := "http://127.0.0.1:" + strconv.Itoa(port); c.RPCURL() != want {
		t.Errorf("RPCURL = %s, want %s", c.RPCURL(), want)
	}
	// The port is now taken: a second chain on it is an error, not a panic.
	ctx := context.Background()
	if c2, err := homechaintest.Start(ctx, homechaintest.Config{Listen: "127.0.0.1:" + strconv.Itoa(port)}); err == nil {
		c2.Close()
		t.Error("second Start on a taken port succeeded")
	}
	for _, bad := range []string{"0.0.0.0:0", "192.0.2.1:8545", "example.com:1", "127.0.0.1", "127.0.0.1:99999"} {
		if c2, err := homechaintest.Start(ctx, homechaintest.Config{Listen: bad}); err == nil {
			c2.Close()
			t.Errorf("Start(Listen %q) succeeded, want an error", bad)
		}
	}
	c.Close()
	c.Close() // idempotent
}

// A transaction sent over HTTP by a plain ethclient is mined on its own, and bind.WaitMined
// sees it.
func TestHTTPTransactionsAreMined(t *testing.T) {
	c := start(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	if _, err := c.FundETH(ctx, from, big.NewInt(1e18)); err != nil {
		t.Fatal(err)
	}
	ec, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		t.Fatal(err)
	}
	defer ec.Close()
	nonce, err := ec.PendingNonceAt(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	tip, err := ec.SuggestGasTipCap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	head, err := ec.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	to := common.HexToAddress("0x00000000000000000000000000000000000000b2")
	tx := types.MustSignNewTx(key, types.LatestSignerForChainID(big.NewInt(31337)), &types.DynamicFeeTx{
		ChainID: big.NewInt(31337), Nonce: nonce, GasTipCap: tip,
		GasFeeCap: new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2))),
		Gas:       21000, To: &to, Value: big.NewInt(12345),
	})
	sent := time.Now()
	if err := ec.SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	r, err := bind.WaitMined(ctx, ec, tx.Hash())
	if err != nil {
		t.Fatalf("WaitMined: %v", err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		t.Fatalf("receipt status %d", r.Status)
	}
	t.Logf("mined in block %d, WaitMined returned after %v", r.BlockNumber, time.Since(sent))
	got, err := ec.BalanceAt(ctx, to, nil)
	if err != nil || got.Int64() != 12345 {
		t.Errorf("recipient balance = %v, %v; want 12345", got, err)
	}
}

// An idle chain seals no blocks, so its clock stays the wall clock: a block sealed with
// nothing pending would move the head's timestamp a second past the last one each time, and
// the chain's time would run ahead until permits signed with a deadline 30 minutes out
// revert as expired (ERC2612ExpiredSignature).
func TestIdleChainSealsNothingAndKeepsTime(t *testing.T) {
	c := start(t, "")
	ctx := context.Background()
	ec, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		t.Fatal(err)
	}
	defer ec.Close()
	before, err := ec.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	after, err := ec.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after.Number.Cmp(before.Number) != 0 {
		t.Errorf("the idle chain sealed blocks %d → %d", before.Number, after.Number)
	}
	if ahead := int64(after.Time) - time.Now().Unix(); ahead > 30 {
		t.Errorf("the head's timestamp is %d s ahead of the wall clock", ahead)
	}
}

// A chain kept in a data dir continues after a restart: the same contracts, the balances
// and accounts written before, and new blocks on top.
func TestDataDirKeepsTheChainAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	c1, err := homechaintest.Start(ctx, homechaintest.Config{DataDir: dir})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	usd, _ := c1.Token("USD24")
	owner := common.HexToAddress("0x00000000000000000000000000000000000a11ce")
	if _, err := c1.Fund(ctx, usd.Address, owner, big.NewInt(12345)); err != nil {
		t.Fatal(err)
	}
	if _, err := c1.MintAccount(ctx, owner, 1234567890); err != nil {
		t.Fatal(err)
	}
	contracts, tokens := c1.Contracts(), c1.Tokens()
	c1.Close()

	c2, err := homechaintest.Start(ctx, homechaintest.Config{DataDir: dir})
	if err != nil {
		t.Fatalf("Start again from %s: %v", dir, err)
	}
	defer c2.Close()
	if c2.Contracts() != contracts || len(c2.Tokens()) != len(tokens) || c2.Tokens()[0] != tokens[0] {
		t.Fatalf("after a restart: contracts %+v tokens %+v, want %+v %+v", c2.Contracts(), c2.Tokens(), contracts, tokens)
	}
	if bal, err := c2.BalanceOf(ctx, usd.Address, owner); err != nil || bal.Int64() != 12345 {
		t.Fatalf("balance after a restart = %v, %v; want 12345", bal, err)
	}
	if id, ok, err := c2.AccountOf(ctx, owner); err != nil || !ok || id != 1234567890 {
		t.Fatalf("account after a restart = %d %v %v; want 1234567890", id, ok, err)
	}
	if _, err := c2.Fund(ctx, usd.Address, owner, big.NewInt(5)); err != nil {
		t.Fatalf("a transaction after a restart: %v", err)
	}
	if bal, err := c2.BalanceOf(ctx, usd.Address, owner); err != nil || bal.Int64() != 12350 {
		t.Fatalf("balance after a new transaction = %v, %v; want 12350", bal, err)
	}
}
