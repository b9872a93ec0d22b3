package homechain

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/shopspring/decimal"

	"purse/internal/format"
)

// DefaultPermitVersion is the EIP-712 version of a token that declares none (OpenZeppelin's
// ERC20Permit uses "1").
const DefaultPermitVersion = "1"

// Name is the token's name(), the EIP-712 domain name of its permits.
func (c *Client) Name(ctx context.Context, token common.Address) (string, error) {
	return call(ctx, c, token, "name()", c.token.PackName(), c.token.UnpackName)
}

// Symbol is the token's symbol().
func (c *Client) Symbol(ctx context.Context, token common.Address) (string, error) {
	return call(ctx, c, token, "symbol()", c.token.PackSymbol(), c.token.UnpackSymbol)
}

// Decimals is the token's decimals().
func (c *Client) Decimals(ctx context.Context, token common.Address) (uint8, error) {
	return call(ctx, c, token, "decimals()", c.token.PackDecimals(), c.token.UnpackDecimals)
}

// Nonces is the token's permit nonce of owner, nonces(owner).
func (c *Client) Nonces(ctx context.Context, token, owner common.Address) (*big.Int, error) {
	return call(ctx, c, token, "nonces(owner)", c.token.PackNonces(owner), c.token.UnpackNonces)
}

// DomainSeparator is the token's DOMAIN_SEPARATOR().
func (c *Client) DomainSeparator(ctx context.Context, token common.Address) (common.Hash, error) {
	b, err := call(ctx, c, token, "DOMAIN_SEPARATOR()", c.token.PackDOMAINSEPARATOR(), c.token.UnpackDOMAINSEPARATOR)
	return common.Hash(b), err
}

// Allowance is allowance(owner, spender) in the token's smallest units.
func (c *Client) Allowance(ctx context.Context, token, owner, spender common.Address) (*big.Int, error) {
	return call(ctx, c, token, "allowance(owner, spender)", c.token.PackAllowance(owner, spender), c.token.UnpackAllowance)
}

// Approved says whether the receipt holds token's Approval(owner, spender, value) event: the
// trace a permit (or an approve) of exactly that value left in that transaction.
func (c *Client) Approved(rc *types.Receipt, token, owner, spender common.Address, value *big.Int) bool {
	for _, l := range rc.Logs {
		if l.Address != token {
			continue
		}
		ev, err := c.token.UnpackApprovalEvent(l)
		if err == nil && ev.Owner == owner && ev.Spender == spender && ev.Value.Cmp(value) == 0 {
			return true
		}
	}
	return false
}

// BalanceOf is balanceOf(owner) in the token's smallest units.
func (c *Client) BalanceOf(ctx context.Context, token, owner common.Address) (*big.Int, error) {
	return call(ctx, c, token, "balanceOf(owner)", c.token.PackBalanceOf(owner), c.token.UnpackBalanceOf)
}

// Domain is a token's EIP-712 domain as it declares it through EIP-5267 eip712Domain().
type Domain struct {
	Name              string
	Version           string
	ChainID           *big.Int
	VerifyingContract common.Address
}

// EIP712Domain reads eip712Domain() (EIP-5267). ok is false when the token does not
// implement it.
func (c *Client) EIP712Domain(ctx context.Context, token common.Address) (d Domain, ok bool, err error) {
	out, err := call(ctx, c, token, "eip712Domain()", c.token.PackEip712Domain(), c.token.UnpackEip712Domain)
	if err != nil {
		if isUnsupported(err) {
			return Domain{}, false, nil
		}
		return Domain{}, false, err
	}
	return Domain{Name: out.Name, Version: out.Version, ChainID: out.ChainId, VerifyingContract: out.VerifyingContract}, true, nil
}

// Version is the EIP-712 version of the token's permits: version() when the token has it,
// else the version its eip712Domain() declares, else DefaultPermitVersion.
func (c *Client) Version(ctx context.Context, token common.Address) (string, error) {
	v, err := call(ctx, c, token, "version()", c.ver.PackVersion(), c.ver.UnpackVersion)
	if err == nil {
		return v, nil
	}
	if !isUnsupported(err) {
		return "", err
	}
	d, ok, err := c.EIP712Domain(ctx, token)
	if err != nil {
		return "", err
	}
	if ok && d.Version != "" {
		return d.Version, nil
	}
	return DefaultPermitVersion, nil
}

// isUnsupported tells a call the contract refused (revert, or no data: the function does
// not exist) from a transport, timeout or node failure.
func isUnsupported(err error) bool {
	if errors.Is(err, errNoData) {
		return true
	}
	var re rpc.Error
	if errors.As(err, &re) {
		return re.ErrorCode() == 3 || strings.Contains(strings.ToLower(re.Error()), "revert")
	}
	return false
}

// Balance is one token balance of an address.
type Balance struct {
	Token    Token
	Smallest *big.Int        // in the token's smallest units
	Amount   decimal.Decimal // Smallest shifted by the token's decimals
}

// String is the amount with exactly the token's decimals and its symbol, e.g. "12.50 USD24".
func (b Balance) String() string {
	return format.Decimal(b.Amount, int32(b.Token.Decimals)) + " " + b.Token.Symbol
}

// Balances reads balanceOf(owner) of every token, concurrently, in the order given. Any
// failure fails the whole read and names the token.
func (c *Client) Balances(ctx context.Context, owner common.Address, tokens []Token) ([]Balance, error) {
	out := make([]Balance, len(tokens))
	errs := make([]error, len(tokens))
	done := make(chan struct{}, len(tokens))
	for i, t := range tokens {
		go func() {
			defer func() { done <- struct{}{} }()
			v, err := c.BalanceOf(ctx, t.Address, owner)
			if err != nil {
				errs[i] = fmt.Errorf("balance of %s: %w", t.Symbol, err)
				return
			}
			out[i] = Balance{Token: t, Smallest: v, Amount: FromSmallest(v, t.Decimals)}
		}()
	}
	for range tokens {
		<-done
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// ReadToken reads symbol, name and decimals of the token at addr.
func (c *Client) ReadToken(ctx context.Context, addr common.Address) (Token, error) {
	sym, err := c.Symbol(ctx, addr)
	if err != nil {
		return Token{}, err
	}
	name, err := c.Name(ctx, addr)
	if err != nil {
		return Token{}, err
	}
	dec, err := c.Decimals(ctx, addr)
	if err != nil {
		return Token{}, err
	}
	return Token{Symbol: sym, Name: name, Address: addr, Decimals: dec}, nil
}

// TokenTransfer is one ERC-20 Transfer event: who paid whom how much, in which transaction.
type TokenTransfer struct {
	From, To common.Address
	Value    *big.Int
	TxHash   common.Hash
	Block    uint64
}

// BlockNumber is the chain's latest block.
func (c *Client) BlockNumber(ctx context.Context) (uint64, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	return c.backend.BlockNumber(ctx)
}

// TransfersIn are the token's Transfer events of receipt rc.
func (c *Client) TransfersIn(rc *types.Receipt, token common.Address) []TokenTransfer {
	var out []TokenTransfer
	for _, l := range rc.Logs {
		if l.Address != token {
			continue
		}
		if ev, err := c.token.UnpackTransferEvent(l); err == nil {
			out = append(out, TokenTransfer{From: ev.From, To: ev.To, Value: ev.Value, TxHash: l.TxHash, Block: l.BlockNumber})
		}
	}
	return out
}

// TransfersFrom are the token's Transfer events paid by from in the blocks since fromBlock
// (eth_getLogs, filtered by the event and its indexed sender).
func (c *Client) TransfersFrom(ctx context.Context, token, from common.Address, fromBlock uint64) ([]TokenTransfer, error) {
	return c.transfers(ctx, token, fromBlock, []common.Hash{common.BytesToHash(from.Bytes())}, nil)
}

// TransfersTo are the token's Transfer events paid to `to` in the blocks since fromBlock.
func (c *Client) TransfersTo(ctx context.Context, token, to common.Address, fromBlock uint64) ([]TokenTransfer, error) {
	return c.transfers(ctx, token, fromBlock, nil, []common.Hash{common.BytesToHash(to.Bytes())})
}

func (c *Client) transfers(ctx context.Context, token common.Address, fromBlock uint64, from, to []common.Hash) ([]TokenTransfer, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	logs, err := c.backend.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(fromBlock), Addresses: []common.Address{token},
		Topics: [][]common.Hash{{transferEvent}, from, to},
	})
	if err != nil {
		return nil, fmt.Errorf("the Transfer events of %s since block %d: %w", token.Hex(), fromBlock, err)
	}
	var out []TokenTransfer
	for i := range logs {
		if ev, err := c.token.UnpackTransferEvent(&logs[i]); err == nil {
			out = append(out, TokenTransfer{From: ev.From, To: ev.To, Value: ev.Value, TxHash: logs[i].TxHash, Block: logs[i].BlockNumber})
		}
	}
	return out, nil
}

// transferEvent is the topic of ERC-20's Transfer(address,address,uint256).
var transferEvent = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))

// TxCarries says whether transaction hash's input carries sig (a permit's r and s, 64
// bytes, as an ABI encoding writes them one after the other): the transaction presented that
// very permit.
func (c *Client) TxCarries(ctx context.Context, hash common.Hash, rs []byte) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	tx, _, err := c.backend.TransactionByHash(ctx, hash)
	if err != nil {
		return false, fmt.Errorf("transaction %s: %w", hash.Hex(), err)
	}
	return len(rs) == 64 && bytes.Contains(tx.Data(), rs), nil
}

// TxTo is the contract (or account) transaction hash was sent to; false for a contract
// creation.
func (c *Client) TxTo(ctx context.Context, hash common.Hash) (common.Address, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	tx, _, err := c.backend.TransactionByHash(ctx, hash)
	if err != nil {
		return common.Address{}, false, fmt.Errorf("transaction %s: %w", hash.Hex(), err)
	}
	if tx.To() == nil {
		return common.Address{}, false, nil
	}
	return *tx.To(), true, nil
}
