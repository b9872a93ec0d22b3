package homechain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"purse/homechain/bindings/depositcontract"
	"purse/wallet"
)

// TxBackend is what sending a transaction needs from a node beyond reading: the sender's
// next nonce, the fees, its native balance and eth_sendRawTransaction. *ethclient.Client
// satisfies it.
type TxBackend interface {
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
}

// rawRPC is a backend that reaches its node's JSON-RPC directly (ethclient.Client), for the
// methods go-ethereum's client does not wrap (eth_simulateV1).
type rawRPC interface{ Client() *rpc.Client }

// ErrNoTxBackend: the client reads a node that cannot send (a simulated reader).
var ErrNoTxBackend = errors.New("this chain connection cannot send transactions")

func (c *Client) txBackend() (TxBackend, error) {
	if b, ok := c.backend.(TxBackend); ok {
		return b, nil
	}
	return nil, ErrNoTxBackend
}

// DepositTerms are what a deposit contract (UR's Fiat24CryptoDeposit, evidence §7) says of a
// deposit: the USDC it takes (its usdc(), read live: UR re-pointed it on a testnet) and the
// least and most USDC one deposit may be.
type DepositTerms struct {
	USDC     common.Address
	Min, Max *big.Int
}

// depositABI is parsed on first use, not at every start of purse (half a millisecond).
var depositABI = sync.OnceValue(depositcontract.NewDepositContract)

// DepositTerms reads usdc(), minUsdcDepositAmount() and maxUsdcDepositAmount() of contract.
func (c *Client) DepositTerms(ctx context.Context, contract common.Address) (DepositTerms, error) {
	var t DepositTerms
	var err error
	if t.USDC, err = call(ctx, c, contract, "usdc()", depositABI().PackUsdc(), depositABI().UnpackUsdc); err != nil {
		return t, err
	}
	if t.Min, err = call(ctx, c, contract, "minUsdcDepositAmount()", depositABI().PackMinUsdcDepositAmount(), depositABI().UnpackMinUsdcDepositAmount); err != nil {
		return t, err
	}
	t.Max, err = call(ctx, c, contract, "maxUsdcDepositAmount()", depositABI().PackMaxUsdcDepositAmount(), depositABI().UnpackMaxUsdcDepositAmount)
	return t, err
}

// DepositFee is the native fee a deposit of amount USDC for user pays the messaging layer:
// the contract's quoteLayerzeroFee(dstEid, user, inputToken, inputAmount, usdcAmount,
// outputToken), in wei.
func (c *Client) DepositFee(ctx context.Context, contract common.Address, dstEID uint32, user, usdc common.Address, amount *big.Int, output common.Address) (*big.Int, error) {
	return call(ctx, c, contract, "quoteLayerzeroFee(…)", depositABI().PackQuoteLayerzeroFee(dstEID, user, usdc, amount, amount, output), depositABI().UnpackQuoteLayerzeroFee)
}

// Fees are an EIP-1559 transaction's fees: the tip the node suggests and a fee cap of twice
// the latest base fee plus the tip (a transaction stays includable through six full blocks).
type Fees struct {
	Tip, Cap, BaseFee *big.Int
}

// SuggestFees reads the latest base fee and the node's suggested tip.
func (c *Client) SuggestFees(ctx context.Context) (Fees, error) {
	b, err := c.txBackend()
	if err != nil {
		return Fees{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	h, err := b.HeaderByNumber(ctx, nil)
	if err != nil {
		return Fees{}, fmt.Errorf("the latest block: %w", err)
	}
	if h.BaseFee == nil {
		return Fees{}, errors.New("the chain's latest block has no base fee: purse signs EIP-1559 transactions only")
	}
	tip, err := b.SuggestGasTipCap(ctx)
	if err != nil {
		return Fees{}, fmt.Errorf("eth_maxPriorityFeePerGas: %w", err)
	}
	fc := new(big.Int).Mul(h.BaseFee, big.NewInt(2))
	return Fees{Tip: tip, Cap: fc.Add(fc, tip), BaseFee: new(big.Int).Set(h.BaseFee)}, nil
}

// PendingNonce is the account's next transaction nonce, counting its pending ones.
func (c *Client) PendingNonce(ctx context.Context, who common.Address) (uint64, error) {
	b, err := c.txBackend()
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	n, err := b.PendingNonceAt(ctx, who)
	if err != nil {
		return 0, fmt.Errorf("the nonce of %s: %w", who.Hex(), err)
	}
	return n, nil
}

// NativeBalance is the account's balance of the chain's native coin, in wei.
func (c *Client) NativeBalance(ctx context.Context, who common.Address) (*big.Int, error) {
	b, err := c.txBackend()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	v, err := b.BalanceAt(ctx, who, nil)
	if err != nil {
		return nil, fmt.Errorf("the balance of %s: %w", who.Hex(), err)
	}
	return v, nil
}

// SendRaw sends a signed transaction (eth_sendRawTransaction) and returns its hash. An error
// does not prove the node did not take it: the caller looks the hash up.
func (c *Client) SendRaw(ctx context.Context, raw []byte) (common.Hash, error) {
	b, err := c.txBackend()
	if err != nil {
		return common.Hash{}, err
	}
	tx := new(types.Transaction)
	if err := tx.UnmarshalBinary(raw); err != nil {
		return common.Hash{}, fmt.Errorf("the signed transaction cannot be decoded: %v", err)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	if err := b.SendTransaction(ctx, tx); err != nil {
		return tx.Hash(), fmt.Errorf("eth_sendRawTransaction %s: %w", tx.Hash().Hex(), err)
	}
	return tx.Hash(), nil
}

// Simulated is one call of a simulation: the gas it used, and why it failed ("" when it did
// not).
type Simulated struct {
	GasUsed uint64
	Revert  string
}

// ErrNoSimulate: the node does not run eth_simulateV1, so calls that depend on each other (an
// approve, then the deposit that spends it) cannot be simulated together.
var ErrNoSimulate = errors.New("the node does not offer eth_simulateV1")

// Simulate runs calls in order, in one block on top of the latest, each seeing what the ones
// before it did (eth_simulateV1, without its balance and nonce checks), and returns each
// call's gas and revert reason.
func (c *Client) Simulate(ctx context.Context, calls []ethereum.CallMsg) ([]Simulated, error) {
	rc, ok := c.backend.(rawRPC)
	if !ok {
		return nil, ErrNoSimulate
	}
	type simCall struct {
		From  common.Address `json:"from"`
		To    common.Address `json:"to"`
		Value *hexutil.Big   `json:"value,omitempty"`
		Data  hexutil.Bytes  `json:"input"`
		Gas   hexutil.Uint64 `json:"gas,omitempty"`
	}
	req := make([]simCall, len(calls))
	for i, m := range calls {
		if m.To == nil {
			return nil, errors.New("simulate: a call without its contract")
		}
		req[i] = simCall{From: m.From, To: *m.To, Data: m.Data, Gas: hexutil.Uint64(m.Gas)}
		if m.Value != nil {
			req[i].Value = (*hexutil.Big)(m.Value)
		}
	}
	var out []struct {
		Calls []struct {
			Status  hexutil.Uint64 `json:"status"`
			GasUsed hexutil.Uint64 `json:"gasUsed"`
			Data    hexutil.Bytes  `json:"returnData"`
			Error   *struct {
				Message string `json:"message"`
			} `json:"error"`
		} `json:"calls"`
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	err := rc.Client().CallContext(ctx, &out, "eth_simulateV1", map[string]any{
		"blockStateCalls": []map[string]any{{"calls": req}},
	}, "latest")
	var re rpc.Error
	if errors.As(err, &re) && (re.ErrorCode() == -32601 || strings.Contains(strings.ToLower(re.Error()), "not found") || strings.Contains(strings.ToLower(re.Error()), "not supported")) {
		return nil, fmt.Errorf("%w: %v", ErrNoSimulate, err)
	}
	if err != nil {
		return nil, fmt.Errorf("eth_simulateV1: %w", err)
	}
	if len(out) != 1 || len(out[0].Calls) != len(calls) {
		return nil, fmt.Errorf("eth_simulateV1: expected one block of %d calls, got %d blocks", len(calls), len(out))
	}
	res := make([]Simulated, len(calls))
	for i, r := range out[0].Calls {
		res[i].GasUsed = uint64(r.GasUsed)
		if r.Status != 1 {
			res[i].Revert = "reverted"
			if r.Error != nil && r.Error.Message != "" {
				res[i].Revert = r.Error.Message
			}
		}
	}
	return res, nil
}

// Estimate simulates one call on the latest state (eth_estimateGas): the gas it needs, or
// why it reverts.
func (c *Client) Estimate(ctx context.Context, m ethereum.CallMsg) (Simulated, error) {
	g, ok := c.backend.(ethereum.GasEstimator)
	if !ok {
		return Simulated{}, ErrNoTxBackend
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	gas, err := g.EstimateGas(ctx, m)
	if err != nil {
		var de rpc.DataError
		if errors.As(err, &de) || strings.Contains(err.Error(), "revert") {
			why := err.Error()
			if de != nil {
				if d, ok := de.ErrorData().(string); ok && d != "" && !strings.Contains(why, d) {
					why += " (revert data " + d + ")"
				}
			}
			return Simulated{Revert: why}, nil
		}
		return Simulated{}, fmt.Errorf("eth_estimateGas: %w", err)
	}
	return Simulated{GasUsed: gas}, nil
}

// NonceAt is the account's nonce in the latest block: how many of its transactions are mined.
func (c *Client) NonceAt(ctx context.Context, who common.Address) (uint64, error) {
	b, ok := c.backend.(interface {
		NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	})
	if !ok {
		return 0, ErrNoTxBackend
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	n, err := b.NonceAt(ctx, who, nil)
	if err != nil {
		return 0, fmt.Errorf("the mined nonce of %s: %w", who.Hex(), err)
	}
	return n, nil
}

// Deposit is a deposit contract as the chain shows it: it holds code, its terms, and the
// USDC it takes, which is the one the caller expects (the chain configuration's).
type Deposit struct {
	Contract common.Address
	USDC     Token
	Terms    DepositTerms
}

// ReadDeposit reads contract's terms and checks it holds code and takes usdc as its USDC
// (its usdc(), read live): the error says which does not hold.
func (c *Client) ReadDeposit(ctx context.Context, contract common.Address, usdc Token) (Deposit, error) {
	d := Deposit{Contract: contract, USDC: usdc}
	n, err := c.CodeSize(ctx, contract)
	if err != nil {
		return d, err
	}
	if n == 0 {
		return d, fmt.Errorf("the deposit contract %s holds no code on this chain", contract.Hex())
	}
	if d.Terms, err = c.DepositTerms(ctx, contract); err != nil {
		return d, fmt.Errorf("the deposit contract %s: %w", contract.Hex(), err)
	}
	if d.Terms.USDC != usdc.Address {
		return d, fmt.Errorf("the deposit contract takes %s as its USDC (usdc()), not the chain configuration's USDC %s", d.Terms.USDC.Hex(), usdc.Address.Hex())
	}
	return d, nil
}

// SimulateTxs runs txs from `from` on the latest state, in order: one by eth_estimateGas,
// more together by eth_simulateV1 (ErrNoSimulate where the node lacks it).
func (c *Client) SimulateTxs(ctx context.Context, from common.Address, txs []*wallet.EVMTx) ([]Simulated, error) {
	msgs := make([]ethereum.CallMsg, len(txs))
	for i, t := range txs {
		to := t.To
		msgs[i] = ethereum.CallMsg{From: from, To: &to, Value: t.Value, Data: t.Data}
	}
	if len(msgs) == 1 {
		sim, err := c.Estimate(ctx, msgs[0])
		return []Simulated{sim}, err
	}
	return c.Simulate(ctx, msgs)
}
