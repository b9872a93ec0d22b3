package homechain

import (
	"context"
	"errors"
	"fmt"
	"github.com/ethereum/go-ethereum/rpc"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/core/types"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"purse/homechain/bindings/accountnft"
	"purse/homechain/bindings/fiattoken"
	"purse/homechain/bindings/usdc"
)

// DefaultTimeout bounds every read when no WithTimeout option is given.
const DefaultTimeout = 10 * time.Second

// Backend is what the client needs from an EVM node: eth_call, eth_chainId, eth_getCode and
// eth_getTransactionReceipt, eth_blockNumber and eth_getLogs. *ethclient.Client satisfies
// it, and so does go-ethereum's simulated backend client.
type Backend interface {
	ethereum.ContractCaller
	ethereum.LogFilterer
	BlockNumber(ctx context.Context) (uint64, error)
	TransactionByHash(ctx context.Context, hash common.Hash) (tx *types.Transaction, isPending bool, err error)
	ChainID(ctx context.Context) (*big.Int, error)
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
}

// WaitReceipt polls for the receipt of hash every poll until it is found or ctx ends; a
// transaction that is not mined yet is not an error until then.
func (c *Client) WaitReceipt(ctx context.Context, hash common.Hash, poll time.Duration) (*types.Receipt, error) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		r, err := c.backend.TransactionReceipt(ctx, hash)
		switch {
		case err == nil && r != nil:
			return r, nil
		case ctx.Err() != nil:
			return nil, fmt.Errorf("receipt of %s: not mined before the wait ended: %w", hash.Hex(), ctx.Err())
		case err != nil && !errors.Is(err, ethereum.NotFound):
			return nil, fmt.Errorf("receipt of %s: %w", hash.Hex(), err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("receipt of %s: not mined before the wait ended: %w", hash.Hex(), ctx.Err())
		case <-t.C:
		}
	}
}

// Client reads the home chain. It is safe for concurrent use.
type Client struct {
	backend Backend
	closer  func()
	timeout time.Duration
	network *big.Int // chain id the profile signs for; nil: the node's eth_chainId

	nft   *accountnft.AccountNFT
	token *fiattoken.FiatToken
	ver   *usdc.USDC // only for version(), which FiatToken lacks

	chainMu sync.Mutex
	chainID *big.Int

	// http carries Dial's JSON-RPC calls over http(s) (WithHTTP); nil: the default client.
	http *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithTimeout bounds each read (one eth_call or eth_chainId) to d. A context deadline that
// comes sooner still wins.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithNetwork sets the chain id permits are signed for (the profile's `network`). Without it
// the node's eth_chainId is used. When both are known and differ, PreparePermit refuses.
func WithNetwork(chainID int64) Option {
	return func(c *Client) {
		if chainID > 0 {
			c.network = big.NewInt(chainID)
		}
	}
}

// WithHTTP has Dial send an http(s) endpoint's JSON-RPC calls through c (a logging client).
func WithHTTP(c *http.Client) Option { return func(cl *Client) { cl.http = c } }

// New returns a client reading through b.
func New(b Backend, opts ...Option) *Client {
	c := &Client{
		backend: b,
		closer:  func() {},
		timeout: DefaultTimeout,
		nft:     accountnft.NewAccountNFT(),
		token:   fiattoken.NewFiatToken(),
		ver:     usdc.NewUSDC(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Dial connects to an EVM JSON-RPC endpoint (http(s), ws(s) or IPC path) and checks that it
// answers eth_chainId within the read timeout.
func Dial(ctx context.Context, rpcURL string, opts ...Option) (*Client, error) {
	probe := New(nil, opts...)
	var dialOpts []rpc.ClientOption
	if probe.http != nil && (strings.HasPrefix(rpcURL, "http://") || strings.HasPrefix(rpcURL, "https://")) {
		dialOpts = append(dialOpts, rpc.WithHTTPClient(probe.http))
	}
	rc, err := rpc.DialOptions(ctx, rpcURL, dialOpts...)
	if err != nil {
		return nil, fmt.Errorf("home chain %s: %v", rpcURL, err)
	}
	ec := ethclient.NewClient(rc)
	c := New(ec, opts...)
	c.closer = ec.Close
	if _, err := c.ChainID(ctx); err != nil {
		ec.Close()
		return nil, fmt.Errorf("home chain %s: %w", rpcURL, err)
	}
	return c, nil
}

// Close releases the connection Dial opened. It does nothing for a client made with New.
func (c *Client) Close() { c.closer() }

// Timeout is the bound on each read.
func (c *Client) Timeout() time.Duration { return c.timeout }

// ChainID is the node's eth_chainId (read once, then cached).
func (c *Client) ChainID(ctx context.Context) (*big.Int, error) {
	c.chainMu.Lock()
	defer c.chainMu.Unlock()
	if c.chainID != nil {
		return new(big.Int).Set(c.chainID), nil
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	id, err := c.backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("eth_chainId: %w", err)
	}
	c.chainID = id
	return new(big.Int).Set(id), nil
}

// CodeSize is the size of the code at addr in the latest block (eth_getCode): 0 where no
// contract is, as at an address of another network.
func (c *Client) CodeSize(ctx context.Context, addr common.Address) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	code, err := c.backend.CodeAt(ctx, addr, nil)
	if err != nil {
		return 0, fmt.Errorf("eth_getCode %s: %w", addr.Hex(), err)
	}
	return len(code), nil
}

// errNoData is returned when a call returns nothing: no contract at the address, or one
// without the function.
var errNoData = errors.New("the call returned no data (no contract at this address, or it lacks the function)")

// call runs one eth_call against the latest block with the client's timeout and unpacks it.
func call[T any](ctx context.Context, c *Client, to common.Address, what string, data []byte, unpack func([]byte) (T, error)) (T, error) {
	var zero T
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	out, err := c.backend.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, nil)
	if err != nil {
		return zero, fmt.Errorf("%s on %s: %w", what, to.Hex(), err)
	}
	if len(out) == 0 {
		return zero, fmt.Errorf("%s on %s: %w", what, to.Hex(), errNoData)
	}
	v, err := unpack(out)
	if err != nil {
		return zero, fmt.Errorf("%s on %s: decoding the result: %v", what, to.Hex(), err)
	}
	return v, nil
}
