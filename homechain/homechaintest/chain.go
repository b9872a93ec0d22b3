// Package homechaintest is the sandbox home chain: a real EVM (go-ethereum's simulated
// backend) served over JSON-RPC HTTP on loopback, with chain id 31337, blocks sealed as soon
// as transactions arrive, and every sandbox contract deployed at start from the embedded
// artifacts (assets/contracts): the account NFT, the fiat tokens USD24, EUR24, CHF24, CNH24,
// USDC, and stand-ins for the card-authorization, deposit and buffer-pool spenders.
//
// The deployer key owns every contract (mints accounts and tokens, sets statuses, operates
// the spenders); the relayer key submits permits for users. Both are fixed, so contract
// addresses are the same on every start.
package homechaintest

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/txpool"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"

	contractassets "purse/assets/contracts"
	"purse/homechain"
)

// ChainID is the sandbox chain's id (eip155:31337).
const ChainID = 31337

// DefaultListen is the address the JSON-RPC server listens on when Config.Listen is empty:
// loopback, a random free port.
const DefaultListen = "127.0.0.1:0"

// Fixed sandbox keys. They hold only sandbox value; never use them on a real chain.
var (
	deployerKeyHex = "4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d"
	relayerKeyHex  = "6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1"
)

// InitialETH is the genesis balance of the deployer and the relayer, in wei (1,000,000 ETH).
var InitialETH = new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(1e18))

// MineTimeout bounds how long a sandbox write waits for its transaction to be mined.
const MineTimeout = 30 * time.Second

// Config configures Start.
type Config struct {
	// Listen is host:port of the JSON-RPC HTTP server. The host must be a loopback address
	// (127.0.0.1, ::1 or localhost); port 0 picks a free port. Empty means DefaultListen.
	Listen string
	// DataDir, when set, keeps the chain on disk there (an archive node: the state of every
	// block is written as it is sealed) and the next Start from it continues the same chain
	// with the contracts already deployed. Empty: the chain lives in memory.
	DataDir string
}

// TokenSpec is one token the sandbox deploys.
type TokenSpec struct {
	Symbol   string
	Name     string
	Decimals uint8
	IsFiat   bool
}

// TokenSpecs are the sandbox tokens, in deployment order. The fiat names differ from their
// symbols on purpose: a permit's EIP-712 domain name is name(), not the symbol.
var TokenSpecs = []TokenSpec{
	{Symbol: "USD24", Name: "Fiat24 USD", Decimals: 2, IsFiat: true},
	{Symbol: "EUR24", Name: "Fiat24 EUR", Decimals: 2, IsFiat: true},
	{Symbol: "CHF24", Name: "Fiat24 CHF", Decimals: 2, IsFiat: true},
	{Symbol: "CNH24", Name: "Fiat24 CNH", Decimals: 2, IsFiat: true},
	{Symbol: "USDC", Name: "USD Coin", Decimals: 6, IsFiat: false},
}

// The sandbox deposit contract's terms (USDC smallest units; the LayerZero-style fee in wei):
// 1 to 50,000 USDC per deposit, a fee of 0.0001 ETH.
var (
	DepositMin   = big.NewInt(1_000_000)
	DepositMax   = big.NewInt(50_000_000_000)
	DepositLZFee = big.NewInt(100_000_000_000_000)
)

// Chain is a running sandbox chain.
type Chain struct {
	backend backend
	client  simulated.Client
	reader  *homechain.Client
	rpcURL  string
	// pool asks the node's txpool over its JSON-RPC HTTP server (txpool_contentFrom).
	pool *rpc.Client

	deployer *sender
	relayer  *sender

	artifacts map[string]contractassets.Artifact
	revertABI []abi.ABI

	tokens    []homechain.Token
	contracts homechain.Contracts

	// dataDir holds the chain on disk ("" in memory).
	dataDir string

	stopMiner context.CancelFunc
	minerDone chan struct{}
	closeOnce sync.Once
}

// sender is a funded key whose transactions are sent one at a time (nonce order).
type sender struct {
	key  *ecdsa.PrivateKey
	addr common.Address
	mu   sync.Mutex
}

func newSender(hexKey string) *sender {
	k, err := crypto.HexToECDSA(hexKey)
	if err != nil {
		panic(fmt.Sprintf("homechaintest: bad built-in key: %v", err))
	}
	return &sender{key: k, addr: crypto.PubkeyToAddress(k.PublicKey)}
}

// Start starts the chain, serves JSON-RPC on cfg.Listen and deploys every contract. Close
// stops it.
func Start(ctx context.Context, cfg Config) (*Chain, error) {
	host, port, err := parseListen(cfg.Listen)
	if err != nil {
		return nil, err
	}
	c := &Chain{
		deployer:  newSender(deployerKeyHex),
		relayer:   newSender(relayerKeyHex),
		artifacts: map[string]contractassets.Artifact{},
	}
	for _, name := range contractassets.Names {
		a, err := contractassets.Load(name)
		if err != nil {
			return nil, fmt.Errorf("sandbox chain: %w", err)
		}
		c.artifacts[name] = a
		c.revertABI = append(c.revertABI, a.ABI)
	}
	alloc := types.GenesisAlloc{
		c.deployer.addr: {Balance: InitialETH},
		c.relayer.addr:  {Balance: InitialETH},
	}
	c.backend, c.rpcURL, err = newBackend(alloc, host, port, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	c.dataDir = cfg.DataDir
	c.client = c.backend.Client()
	c.reader = homechain.New(c.client)
	if c.pool, err = rpc.DialContext(ctx, c.rpcURL); err != nil {
		_ = c.backend.Close()
		return nil, fmt.Errorf("sandbox chain: %v", err)
	}

	minerCtx, stop := context.WithCancel(context.Background())
	c.stopMiner = stop
	c.minerDone = make(chan struct{})
	go c.mine(minerCtx)

	resumed, err := c.resume(ctx)
	if err != nil {
		c.Close()
		return nil, err
	}
	if resumed {
		return c, nil
	}
	if err := c.deploy(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("sandbox chain: deploying contracts: %w", err)
	}
	return c, nil
}

func parseListen(listen string) (string, int, error) {
	if listen == "" {
		listen = DefaultListen
	}
	host, portStr, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("sandbox chain: listen %q: expected host:port: %v", listen, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("sandbox chain: listen %q: bad port", listen)
	}
	if host != "localhost" {
		ip := net.ParseIP(host)
		if ip == nil || !ip.IsLoopback() {
			return "", 0, fmt.Errorf("sandbox chain: listen %q: the sandbox serves loopback only (127.0.0.1, ::1, localhost)", listen)
		}
	}
	return host, port, nil
}

// newBackend builds the simulated backend with chain id 31337 and HTTP JSON-RPC on
// host:port and returns it with its URL. The simulated backend does not expose its node, so a
// random port (0) is picked here first by listening on it; should another process take it
// before the node binds it, a new one is picked (up to 5 times). NewBackend panics when the
// node cannot start: that is an error here.
func newBackend(alloc types.GenesisAlloc, host string, port int, dataDir string) (backend, string, error) {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		p := port
		if p == 0 {
			free, err := freePort(host)
			if err != nil {
				return nil, "", err
			}
			p = free
		}
		sim, err := tryBackend(alloc, host, p, dataDir)
		if err == nil {
			return sim, "http://" + net.JoinHostPort(host, strconv.Itoa(p)), nil
		}
		lastErr = err
		if port != 0 {
			break
		}
	}
	return nil, "", lastErr
}

func freePort(host string) (int, error) {
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return 0, fmt.Errorf("sandbox chain: finding a free port on %s: %v", host, err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tryBackend(alloc types.GenesisAlloc, host string, port int, dataDir string) (sim backend, err error) {
	defer func() {
		if r := recover(); r != nil {
			sim, err = nil, fmt.Errorf("sandbox chain: starting the node on %s: %v", net.JoinHostPort(host, strconv.Itoa(port)), r)
		}
	}()
	configure := func(nc *node.Config, ec *ethconfig.Config) {
		chainCfg := *ec.Genesis.Config
		chainCfg.ChainID = big.NewInt(ChainID)
		ec.Genesis.Config = &chainCfg
		ec.NetworkId = uint64(ChainID)
		nc.HTTPHost = host
		nc.HTTPPort = port
		nc.HTTPModules = []string{"eth", "net", "web3", "txpool"}
		nc.HTTPVirtualHosts = []string{"localhost"}
		nc.HTTPCors = nil
		nc.WSHost = ""
		nc.IPCPath = ""
	}
	return newNodeBackend(alloc, dataDir, configure)
}

// backend is the simulated chain.
type backend interface {
	Commit() common.Hash
	Client() simulated.Client
	// TxPool is the node's own pool: the miner is woken by its feed and counts what waits
	// in it in the process, where polling it over JSON-RPC every few milliseconds kept an
	// idle sandbox at a sixth of a core.
	TxPool() *txpool.TxPool
	Close() error
}

// nodeBackend is simulated.NewBackend's node, assembled here for two reasons: the miner
// needs the node's txpool, which simulated.Backend does not expose, and on disk
// simulated.NewBackend rewinds the chain to genesis when it starts (its reorg then puts
// every earlier transaction back in the pool); this one continues from the head the data
// dir holds. dataDir "" keeps the chain in memory.
type nodeBackend struct {
	node   *node.Node
	eth    *eth.Ethereum
	beacon *catalyst.SimulatedBeacon
	client *ethclient.Client
}

// dbCacheMB is the chain database's cache on disk. geth's default (2 GB, for a mainnet
// node) sizes pebble's memtables, and pebble preallocates its write-ahead log to match:
// a fresh sandbox folder took 282 MB for a few kilobytes of blocks. The sandbox chain
// holds a few thousand blocks at most.
const dbCacheMB = 16

func newNodeBackend(alloc types.GenesisAlloc, dataDir string, configure func(*node.Config, *ethconfig.Config)) (*nodeBackend, error) {
	where := "in memory"
	if dataDir != "" {
		where = "in " + dataDir
	}
	nc := node.DefaultConfig
	nc.DataDir, nc.Name = dataDir, "homechain"
	nc.P2P = p2p.Config{NoDiscovery: true}
	genesisAlloc := core.SystemContractAllocs()
	maps.Copy(genesisAlloc, alloc)
	ec := ethconfig.Defaults
	ec.Genesis = &core.Genesis{Config: params.AllDevChainProtocolChanges, GasLimit: ethconfig.Defaults.Miner.GasCeil, Alloc: genesisAlloc}
	ec.SyncMode = ethconfig.FullSync
	ec.TxPool.NoLocals = true
	ec.LogNoHistory = true
	if dataDir != "" {
		// An archive node on the hash scheme writes each block's state as it is sealed, so
		// the chain survives even a stop that skips the node's own shutdown.
		ec.StateScheme, ec.NoPruning = rawdb.HashScheme, true
		ec.DatabaseCache = dbCacheMB
	}
	configure(&nc, &ec)
	stack, err := node.New(&nc)
	if err != nil {
		return nil, fmt.Errorf("sandbox chain %s: %v", where, err)
	}
	eb, err := eth.New(stack, &ec)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("sandbox chain %s: %v (another sandbox may be using it, or start the sandbox afresh)", where, err)
	}
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(filters.NewFilterSystem(eb.APIBackend, filters.Config{}))}})
	if err := stack.Start(); err != nil {
		stack.Close()
		return nil, fmt.Errorf("sandbox chain %s: %v", where, err)
	}
	beacon, err := catalyst.NewSimulatedBeacon(0, common.Address{}, eb)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("sandbox chain %s: %v", where, err)
	}
	return &nodeBackend{node: stack, eth: eb, beacon: beacon, client: ethclient.NewClient(stack.Attach())}, nil
}

func (b *nodeBackend) Commit() common.Hash      { return b.beacon.Commit() }
func (b *nodeBackend) Client() simulated.Client { return b.client }
func (b *nodeBackend) TxPool() *txpool.TxPool   { return b.eth.TxPool() }
func (b *nodeBackend) Close() error {
	b.client.Close()
	return errors.Join(b.beacon.Stop(), b.node.Close())
}

// mine seals a block whenever the pool holds transactions, and never an empty one: each
// block is at least a second after its parent, so empty blocks would run the chain's clock
// ahead of the wall clock. The pool's feed of new transactions wakes it; idle, it only
// looks at the pool once every idleCheck, in the process, in case a wake was missed.
func (c *Chain) mine(ctx context.Context) {
	defer close(c.minerDone)
	// The feed blocks the pool until its event is taken, and sealing a block reads the
	// pool: the events are taken apart from the sealing, into one pending wake.
	added := make(chan core.NewTxsEvent, 16)
	sub := c.backend.TxPool().SubscribeTransactions(added, true)
	defer sub.Unsubscribe()
	wake := make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.Err():
				return
			case <-added:
				select {
				case wake <- struct{}{}:
				default:
				}
			}
		}
	}()
	idle := time.NewTicker(idleCheck)
	defer idle.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-idle.C:
		}
		for i := 0; i < 16 && ctx.Err() == nil; i++ {
			n := c.poolPending()
			if n == 0 {
				break
			}
			c.backend.Commit()
			c.awaitPoolReset(ctx, n)
		}
	}
}

// idleCheck is how often an idle miner looks at the pool without being woken.
const idleCheck = time.Second

// poolPending is how many executable transactions wait in the pool.
func (c *Chain) poolPending() int {
	n, _ := c.backend.TxPool().Stats()
	return n
}

// awaitPoolReset waits (briefly) until the pool has seen the block just sealed: it drops the
// included transactions only when it processes the new head, asynchronously, and a pool read
// before that would seal an empty block for transactions already mined (under load the
// idle chain then ran ahead of the wall clock).
func (c *Chain) awaitPoolReset(ctx context.Context, before int) {
	deadline := time.Now().Add(250 * time.Millisecond)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if c.poolPending() < before {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// Close stops block production and the node. It is safe to call more than once.
func (c *Chain) Close() {
	c.closeOnce.Do(func() {
		if c.stopMiner != nil {
			c.stopMiner()
			<-c.minerDone
		}
		if c.pool != nil {
			c.pool.Close()
		}
		if c.backend != nil {
			_ = c.backend.Close()
		}
	})
}

// deploy deploys every contract in a fixed order from the deployer's first nonces, so the
// addresses are the same on every start, then waits until all are mined.
func (c *Chain) deploy(ctx context.Context) error {
	s := c.deployer
	s.mu.Lock()
	nonce, err := c.client.PendingNonceAt(ctx, s.addr)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	type deployed struct {
		name string
		addr *common.Address
		tx   *types.Transaction
	}
	var all []deployed
	deployOne := func(name string, into *common.Address, args ...any) error {
		a := c.artifacts[name]
		input, err := a.ABI.Pack("", args...)
		if err != nil {
			return fmt.Errorf("%s constructor: %v", name, err)
		}
		opts := c.opts(ctx, s)
		opts.Nonce = new(big.Int).SetUint64(nonce)
		opts.GasLimit = 8_000_000
		addr, tx, err := bind.DeployContract(opts, a.Bytecode, c.client, input)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		nonce++
		*into = addr
		all = append(all, deployed{name, into, tx})
		return nil
	}
	tokenAddrs := make([]common.Address, len(TokenSpecs))
	err = deployOne(contractassets.AccountNFT, &c.contracts.AccountNFT, s.addr)
	for i, t := range TokenSpecs {
		if err != nil {
			break
		}
		if t.Symbol == "USDC" {
			err = deployOne(contractassets.USDC, &tokenAddrs[i], s.addr)
		} else {
			err = deployOne(contractassets.FiatToken, &tokenAddrs[i], t.Name, t.Symbol, t.Decimals, s.addr, c.contracts.AccountNFT)
		}
	}
	if err == nil {
		// The card spender names the account NFT and the fiat tokens, as UR's card contract
		// does (fiat24AccountAddress(), usd24Address(), …).
		fiat := bySymbol(tokenAddrs)
		err = deployOne(contractassets.CardSpender, &c.contracts.CardSpender, s.addr, c.contracts.AccountNFT,
			fiat["USD24"], fiat["EUR24"], fiat["CHF24"], fiat["CNH24"])
	}
	if err == nil {
		err = deployOne(contractassets.DepositContract, &c.contracts.Deposit, s.addr, bySymbol(tokenAddrs)["USDC"],
			DepositMin, DepositMax, DepositLZFee)
	}
	if err == nil {
		err = deployOne(contractassets.BufferPool, &c.contracts.BufferPool, s.addr)
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	for _, d := range all {
		r, err := c.waitMined(ctx, d.tx.Hash())
		if err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
		if r.Status != types.ReceiptStatusSuccessful {
			return fmt.Errorf("%s: deployment reverted (tx %s)", d.name, d.tx.Hash().Hex())
		}
	}
	for i, t := range TokenSpecs {
		c.tokens = append(c.tokens, homechain.Token{Symbol: t.Symbol, Name: t.Name, Address: tokenAddrs[i], Decimals: t.Decimals, IsFiat: t.IsFiat})
	}
	return nil
}

// bySymbol maps TokenSpecs' symbols to addrs, in their order.
func bySymbol(addrs []common.Address) map[string]common.Address {
	out := make(map[string]common.Address, len(addrs))
	for i, t := range TokenSpecs {
		out[t.Symbol] = addrs[i]
	}
	return out
}

// resume continues a chain kept in the data dir: the contracts are those the first start
// deployed, at the deployer's first nonces. It reports false on a fresh chain (the deployer
// has sent nothing yet).
func (c *Chain) resume(ctx context.Context) (bool, error) {
	if c.dataDir == "" {
		return false, nil
	}
	sent, err := c.client.NonceAt(ctx, c.deployer.addr, nil)
	if err != nil {
		return false, fmt.Errorf("sandbox chain in %s: %v", c.dataDir, err)
	}
	if sent == 0 {
		return false, nil
	}
	addrs := make([]common.Address, 0, len(TokenSpecs)+4)
	for i := range cap(addrs) {
		addrs = append(addrs, crypto.CreateAddress(c.deployer.addr, uint64(i)))
	}
	for _, a := range addrs {
		code, err := c.client.CodeAt(ctx, a, nil)
		if err != nil {
			return false, fmt.Errorf("sandbox chain in %s: %v", c.dataDir, err)
		}
		if len(code) == 0 {
			return false, fmt.Errorf("sandbox chain in %s: no sandbox contract at %s (start the sandbox afresh)", c.dataDir, a.Hex())
		}
	}
	c.contracts.AccountNFT = addrs[0]
	for i, t := range TokenSpecs {
		c.tokens = append(c.tokens, homechain.Token{Symbol: t.Symbol, Name: t.Name, Address: addrs[1+i], Decimals: t.Decimals, IsFiat: t.IsFiat})
	}
	n := len(TokenSpecs) + 1
	c.contracts.CardSpender, c.contracts.Deposit, c.contracts.BufferPool = addrs[n], addrs[n+1], addrs[n+2]
	return true, nil
}
