package homechaintest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/rpc"

	contractassets "purse/assets/contracts"
	"purse/homechain"
)

// RPCURL is the JSON-RPC HTTP endpoint, e.g. http://127.0.0.1:38545.
func (c *Chain) RPCURL() string { return c.rpcURL }

// ChainID is 31337. (uint64, as enduser/endusertest.Chain declares it.)
func (c *Chain) ChainID() uint64 { return ChainID }

// Tokens are USD24, EUR24, CHF24, CNH24 (2 decimals) and USDC (6 decimals), in that order.
func (c *Chain) Tokens() []homechain.Token { return append([]homechain.Token(nil), c.tokens...) }

// Token returns the deployed token with this symbol.
func (c *Chain) Token(symbol string) (homechain.Token, bool) {
	for _, t := range c.tokens {
		if t.Symbol == symbol {
			return t, true
		}
	}
	return homechain.Token{}, false
}

// Contracts are the account NFT and the three spender stand-ins.
func (c *Chain) Contracts() homechain.Contracts { return c.contracts }

// DeployerAddress owns every sandbox contract.
func (c *Chain) DeployerAddress() common.Address { return c.deployer.addr }

// RelayerAddress submits permits.
func (c *Chain) RelayerAddress() common.Address { return c.relayer.addr }

// Client is an in-process client of the chain (no HTTP), for tests.
func (c *Chain) Client() simulated.Client { return c.client }

// Reader is a homechain.Client reading the chain in-process.
func (c *Chain) Reader() *homechain.Client { return c.reader }

// MintAccount mints account NFT tokenID to owner (status Tourist) and waits until mined.
// It fails when owner already holds an account or tokenID exists.
func (c *Chain) MintAccount(ctx context.Context, owner common.Address, tokenID uint64) (common.Hash, error) {
	nft := c.artifacts[contractassets.AccountNFT].ABI
	data, err := nft.Pack("mint", owner, new(big.Int).SetUint64(tokenID))
	if err != nil {
		return common.Hash{}, err
	}
	r, err := c.transact(ctx, c.deployer, c.contracts.AccountNFT, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("mint account %d to %s: %w", tokenID, owner.Hex(), err)
	}
	return r.TxHash, nil
}

// SetAccountStatus sets the on-chain account status (0..5, spec 2.4) of tokenID.
func (c *Chain) SetAccountStatus(ctx context.Context, tokenID uint64, status uint8) error {
	nft := c.artifacts[contractassets.AccountNFT].ABI
	data, err := nft.Pack("setStatus", new(big.Int).SetUint64(tokenID), status)
	if err != nil {
		return err
	}
	if _, err := c.transact(ctx, c.deployer, c.contracts.AccountNFT, data, nil); err != nil {
		return fmt.Errorf("set status of account %d to %d: %w", tokenID, status, err)
	}
	return nil
}

// AccountOf finds owner's account NFT (balanceOf + tokenOfOwnerByIndex).
func (c *Chain) AccountOf(ctx context.Context, owner common.Address) (uint64, bool, error) {
	return c.reader.AccountOf(ctx, c.contracts.AccountNFT, owner)
}

// AccountStatus is the on-chain status of tokenID.
func (c *Chain) AccountStatus(ctx context.Context, tokenID uint64) (uint8, error) {
	return c.reader.AccountStatus(ctx, c.contracts.AccountNFT, tokenID)
}

// BalanceOf is token.balanceOf(owner) in smallest units.
func (c *Chain) BalanceOf(ctx context.Context, token, owner common.Address) (*big.Int, error) {
	return c.reader.BalanceOf(ctx, token, owner)
}

// Nonce is token.nonces(owner), the next permit nonce.
func (c *Chain) Nonce(ctx context.Context, token, owner common.Address) (*big.Int, error) {
	return c.reader.Nonces(ctx, token, owner)
}

// Allowance is token.allowance(owner, spender).
func (c *Chain) Allowance(ctx context.Context, token, owner, spender common.Address) (*big.Int, error) {
	return c.reader.Allowance(ctx, token, owner, spender)
}

// Fund mints amount (smallest units) of token to to, and waits until mined.
func (c *Chain) Fund(ctx context.Context, token, to common.Address, amount *big.Int) (common.Hash, error) {
	if amount == nil || amount.Sign() <= 0 {
		return common.Hash{}, fmt.Errorf("fund: amount must be positive, got %v", amount)
	}
	data, err := c.artifacts[contractassets.FiatToken].ABI.Pack("mint", to, amount)
	if err != nil {
		return common.Hash{}, err
	}
	r, err := c.transact(ctx, c.deployer, token, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("fund %s with %s of token %s: %w", to.Hex(), amount, token.Hex(), err)
	}
	return r.TxHash, nil
}

// FundETH sends wei from the deployer to to (gas money), and waits until mined.
func (c *Chain) FundETH(ctx context.Context, to common.Address, wei *big.Int) (common.Hash, error) {
	if wei == nil || wei.Sign() <= 0 {
		return common.Hash{}, fmt.Errorf("fund ETH: amount must be positive, got %v", wei)
	}
	r, err := c.transact(ctx, c.deployer, to, nil, wei)
	if err != nil {
		return common.Hash{}, fmt.Errorf("fund %s with %s wei: %w", to.Hex(), wei, err)
	}
	return r.TxHash, nil
}

// Permit relays token.permit(owner, spender, value, deadline, v, r, s) from the relayer key
// and waits until mined. A permit the token rejects (bad signature, expired, wrong nonce) is
// an error naming the token's custom error, e.g. ERC2612InvalidSigner.
func (c *Chain) Permit(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error) {
	data, err := c.artifacts[contractassets.FiatToken].ABI.Pack("permit", owner, spender, value, deadline, v, r, s)
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit: %v", err)
	}
	rc, err := c.transact(ctx, c.relayer, token, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit on %s for %s: %w", token.Hex(), owner.Hex(), err)
	}
	return rc.TxHash, nil
}

// PermitUnchecked sends token.permit from the relayer key without estimating it first (a
// fixed gas limit), so a permit the token rejects is mined and reverts; it waits until mined
// and returns the hash whatever the receipt's status.
func (c *Chain) PermitUnchecked(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error) {
	data, err := c.artifacts[contractassets.FiatToken].ABI.Pack("permit", owner, spender, value, deadline, v, r, s)
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit: %v", err)
	}
	rel := c.relayer
	rel.mu.Lock()
	o := c.opts(ctx, rel)
	o.GasLimit = permitGasLimit
	tx, err := bind.NewBoundContract(token, abi.ABI{}, c.client, c.client, c.client).RawTransact(o, data)
	rel.mu.Unlock()
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit on %s for %s: %w", token.Hex(), owner.Hex(), err)
	}
	if _, err := c.waitMined(ctx, tx.Hash()); err != nil {
		return common.Hash{}, err
	}
	return tx.Hash(), nil
}

// TransferByAccountID has token move amount from `from` to the owner of account toAccountID,
// presenting from's permit for the token itself and spending it (UR's
// permitAndTransferFromByAccountId), sent by the token's operator; it waits until mined. A
// recipient that is not Live, or an allowance the permit did not give, reverts.
func (c *Chain) TransferByAccountID(ctx context.Context, token, from common.Address, toAccountID uint64, amount *big.Int, sig homechain.PermitSig) (common.Hash, error) {
	data, err := c.artifacts[contractassets.FiatToken].ABI.Pack("permitAndTransferFromByAccountId", from, new(big.Int).SetUint64(toAccountID), amount, sig.Deadline, sig.V, sig.R, sig.S)
	if err != nil {
		return common.Hash{}, fmt.Errorf("transfer: %v", err)
	}
	r, err := c.transact(ctx, c.deployer, token, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("transfer %s of %s from %s to account %d: %w", amount, token.Hex(), from.Hex(), toAccountID, err)
	}
	return r.TxHash, nil
}

// ClientPayout has token take amount from `from` for a payout to bank contact contactID,
// presenting from's permit for the token itself (UR's permitAndClientPayoutRef); it waits
// until mined.
func (c *Chain) ClientPayout(ctx context.Context, token, from common.Address, amount *big.Int, contactID, purposeID uint64, ref string, sig homechain.PermitSig) (common.Hash, error) {
	type payoutRef struct {
		ContactId *big.Int
		PurposeId *big.Int
		RefId     string
	}
	pr := payoutRef{new(big.Int).SetUint64(contactID), new(big.Int).SetUint64(purposeID), ref}
	data, err := c.artifacts[contractassets.FiatToken].ABI.Pack("permitAndClientPayoutRef", from, amount, pr, sig.Deadline, sig.V, sig.R, sig.S)
	if err != nil {
		return common.Hash{}, fmt.Errorf("payout: %v", err)
	}
	r, err := c.transact(ctx, c.deployer, token, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("payout %s of %s from %s to contact %d: %w", amount, token.Hex(), from.Hex(), contactID, err)
	}
	return r.TxHash, nil
}

// Onramp has the buffer pool take amountIn of token from user, presenting user's permit for
// the pool (UR's BufferPool), for the quote quoteID; it waits until mined.
func (c *Chain) Onramp(ctx context.Context, token, user common.Address, amountIn *big.Int, quoteID [32]byte, sig homechain.PermitSig) (common.Hash, error) {
	data, err := c.artifacts[contractassets.BufferPool].ABI.Pack("permitAndOnramp", token, user, amountIn, quoteID, sig.Deadline, sig.V, sig.R, sig.S)
	if err != nil {
		return common.Hash{}, fmt.Errorf("onramp: %v", err)
	}
	r, err := c.transact(ctx, c.deployer, c.contracts.BufferPool, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("onramp %s of %s from %s: %w", amountIn, token.Hex(), user.Hex(), err)
	}
	return r.TxHash, nil
}

// permitGasLimit covers an EIP-2612 permit (about 80,000 gas) with room to spare.
const permitGasLimit = 200_000

// Pull has spender (CardSpender, Deposit or BufferPool) move amount of token from from into
// itself with transferFrom, using the allowance from gave it; the deployer operates it.
func (c *Chain) Pull(ctx context.Context, spender, token, from common.Address, amount *big.Int) (common.Hash, error) {
	switch spender {
	case c.contracts.CardSpender, c.contracts.Deposit, c.contracts.BufferPool:
	default:
		return common.Hash{}, fmt.Errorf("pull: %s is not a sandbox spender contract", spender.Hex())
	}
	data, err := c.artifacts[contractassets.CardSpender].ABI.Pack("pull", token, from, amount)
	if err != nil {
		return common.Hash{}, fmt.Errorf("pull: %v", err)
	}
	r, err := c.transact(ctx, c.deployer, spender, data, nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("pull %s of %s from %s by %s: %w", amount, token.Hex(), from.Hex(), spender.Hex(), err)
	}
	return r.TxHash, nil
}

func (c *Chain) opts(ctx context.Context, s *sender) *bind.TransactOpts {
	o := bind.NewKeyedTransactor(s.key, big.NewInt(ChainID))
	o.Context = ctx
	return o
}

// transact sends data to `to` from s (estimating gas first, so a revert is reported with its
// decoded reason and nothing is sent), then waits until the transaction is mined.
func (c *Chain) transact(ctx context.Context, s *sender, to common.Address, data []byte, value *big.Int) (*types.Receipt, error) {
	s.mu.Lock()
	gas, err := c.client.EstimateGas(ctx, ethereum.CallMsg{From: s.addr, To: &to, Data: data, Value: value})
	if err != nil {
		s.mu.Unlock()
		return nil, c.explain(err)
	}
	o := c.opts(ctx, s)
	o.Value = value
	o.GasLimit = gas + gas/5
	tx, err := bind.NewBoundContract(to, abi.ABI{}, c.client, c.client, c.client).RawTransact(o, data)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	r, err := c.waitMined(ctx, tx.Hash())
	if err != nil {
		return nil, err
	}
	c.awaitPoolDropped(ctx, s.addr, tx.Nonce())
	if r.Status != types.ReceiptStatusSuccessful {
		_, cerr := c.client.CallContract(ctx, ethereum.CallMsg{From: s.addr, To: &to, Data: data, Value: value}, new(big.Int).Sub(r.BlockNumber, big.NewInt(1)))
		if cerr != nil {
			return r, fmt.Errorf("tx %s reverted: %w", tx.Hash().Hex(), c.explain(cerr))
		}
		return r, fmt.Errorf("tx %s reverted", tx.Hash().Hex())
	}
	return r, nil
}

// awaitPoolDropped waits (briefly) until the txpool no longer holds from's transaction of
// nonce: it takes the new head's state when it drops the mined transactions, asynchronously,
// and a transaction sent before that is checked against the old state (a key funded by
// FundETH was refused for "insufficient funds" right after it returned).
func (c *Chain) awaitPoolDropped(ctx context.Context, from common.Address, nonce uint64) {
	if c.pool == nil {
		return
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var content struct {
			Pending map[string]json.RawMessage `json:"pending"`
		}
		if err := c.pool.CallContext(ctx, &content, "txpool_contentFrom", from); err != nil {
			return
		}
		if _, held := content.Pending[strconv.FormatUint(nonce, 10)]; !held {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// waitMined polls for the receipt every few milliseconds (blocks are sealed as soon as a
// transaction arrives), up to MineTimeout.
func (c *Chain) waitMined(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	ctx, cancel := context.WithTimeout(ctx, MineTimeout)
	defer cancel()
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	for {
		// Not found yet, or "transaction indexing is in progress" right after a block: retry.
		r, err := c.client.TransactionReceipt(ctx, hash)
		if err == nil {
			// The receipt can be found a moment before the chain's head moves to its block;
			// a read of "latest" in that moment sees the old state (a permit's allowance
			// still 0). Done means readable.
			var head uint64
			if head, err = c.client.BlockNumber(ctx); err == nil && head >= r.BlockNumber.Uint64() {
				return r, nil
			}
		}
		select {
		case <-ctx.Done():
			if errors.Is(err, ethereum.NotFound) {
				return nil, fmt.Errorf("waiting for tx %s: %w", hash.Hex(), ctx.Err())
			}
			return nil, fmt.Errorf("waiting for tx %s: %w (last error: %v)", hash.Hex(), ctx.Err(), err)
		case <-t.C:
		}
	}
}

// RevertError is a call or transaction the EVM reverted, with the reason decoded from the
// sandbox contracts' ABIs (custom errors, Error(string), Panic(uint256)).
type RevertError struct {
	Reason string // e.g. ERC2612InvalidSigner(0x..., 0x...)
	Data   []byte
	Err    error
}

func (e *RevertError) Error() string { return "reverted: " + e.Reason }
func (e *RevertError) Unwrap() error { return e.Err }

func (c *Chain) explain(err error) error {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return err
	}
	s, _ := de.ErrorData().(string)
	data, derr := hexutil.Decode(s)
	if derr != nil || len(data) < 4 {
		return err
	}
	if reason, uerr := abi.UnpackRevert(data); uerr == nil {
		return &RevertError{Reason: reason, Data: data, Err: err}
	}
	for _, a := range c.revertABI {
		for _, e := range a.Errors {
			if !bytes.Equal(e.ID[:4], data[:4]) {
				continue
			}
			args, uerr := e.Unpack(data)
			if uerr != nil {
				return &RevertError{Reason: e.Name, Data: data, Err: err}
			}
			return &RevertError{Reason: e.Name + formatArgs(args), Data: data, Err: err}
		}
	}
	return &RevertError{Reason: s, Data: data, Err: err}
}

func formatArgs(v any) string {
	list, ok := v.([]any)
	if !ok {
		return fmt.Sprintf("(%v)", v)
	}
	parts := make([]string, len(list))
	for i, a := range list {
		switch x := a.(type) {
		case common.Address:
			parts[i] = x.Hex()
		case [32]byte:
			parts[i] = hexutil.Encode(x[:])
		default:
			parts[i] = fmt.Sprint(x)
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
