package endusertest

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/homechain"
	"purse/wallet"
)

// Chain is what the end-user sandbox needs from the home EVM chain. NewMemChain is the
// in-memory implementation; the real-EVM sandbox provides the same interface.
type Chain interface {
	// ChainID is the EVM chain id; it must equal the sandbox's network.
	ChainID() uint64
	// Tokens lists the ERC-20s of the chain (fiat tokens and USDC).
	Tokens() []homechain.Token
	// Contracts are the account NFT and the known permit spenders.
	Contracts() homechain.Contracts
	// MintAccount mints the account NFT tokenID to owner.
	MintAccount(ctx context.Context, owner common.Address, tokenID uint64) (common.Hash, error)
	// SetAccountStatus writes the account status (spec 2.4 numbers) of tokenID.
	SetAccountStatus(ctx context.Context, tokenID uint64, status uint8) error
	// AccountOf returns the account NFT owned by owner.
	AccountOf(ctx context.Context, owner common.Address) (tokenID uint64, ok bool, err error)
	// BalanceOf is the ERC-20 balance in smallest units.
	BalanceOf(ctx context.Context, token, owner common.Address) (*big.Int, error)
	// Fund credits amount (smallest units) of token to an address.
	Fund(ctx context.Context, token, to common.Address, amount *big.Int) (common.Hash, error)
	// Nonce is the EIP-2612 nonces(owner) of token.
	Nonce(ctx context.Context, token, owner common.Address) (*big.Int, error)
	// Allowance is the ERC-20 allowance(owner, spender).
	Allowance(ctx context.Context, token, owner, spender common.Address) (*big.Int, error)
	// Permit relays an EIP-2612 permit; it fails when the signature does not verify.
	Permit(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error)
	// PermitUnchecked sends the permit as a careless relayer would, without checking it
	// first: one the token rejects is mined and reverts, changing nothing but the relayer's
	// gas. It returns the transaction's hash whatever the receipt says.
	PermitUnchecked(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error)
	// Pull has a sandbox spender contract (the card spender) take amount of token from
	// `from` with the allowance from gave it.
	Pull(ctx context.Context, spender, token, from common.Address, amount *big.Int) (common.Hash, error)
	// TransferByAccountID moves amount of a fiat token from `from` to the owner of the Live
	// account toAccountID, presenting from's permit for the token itself and spending it in
	// the same transaction (UR's permitAndTransferFromByAccountId).
	TransferByAccountID(ctx context.Context, token, from common.Address, toAccountID uint64, amount *big.Int, sig homechain.PermitSig) (common.Hash, error)
	// ClientPayout takes amount of a fiat token from `from` for a payout to a bank contact,
	// presenting from's permit for the token itself (UR's permitAndClientPayoutRef).
	ClientPayout(ctx context.Context, token, from common.Address, amount *big.Int, contactID, purposeID uint64, ref string, sig homechain.PermitSig) (common.Hash, error)
	// Onramp has the buffer pool take amountIn of a fiat token from user, presenting user's
	// permit for the pool (UR's BufferPool), for quote quoteID.
	Onramp(ctx context.Context, token, user common.Address, amountIn *big.Int, quoteID [32]byte, sig homechain.PermitSig) (common.Hash, error)
}

// MemChain is an in-memory Chain: deterministic addresses, balances, nonces, allowances and
// an account NFT registry. Permit verifies the EIP-2612 signature like the token would.
type MemChain struct {
	mu        sync.Mutex
	chainID   uint64
	tokens    []homechain.Token
	contracts homechain.Contracts
	now       func() time.Time

	txCount    uint64
	owners     map[uint64]common.Address
	accounts   map[common.Address]uint64
	status     map[uint64]uint8
	balances   map[common.Address]map[common.Address]*big.Int
	nonces     map[common.Address]map[common.Address]*big.Int
	allowances map[common.Address]map[[2]common.Address]*big.Int
}

var _ Chain = (*MemChain)(nil)

// sandboxAddress derives a stable address from a label.
func sandboxAddress(label string) common.Address {
	return common.BytesToAddress(crypto.Keccak256([]byte("purse-sandbox/" + label))[12:])
}

// NewMemChain builds the in-memory home chain with USD24, EUR24, CHF24, CNH24 (2 decimals)
// and USDC (6 decimals).
func NewMemChain(chainID uint64) *MemChain {
	c := &MemChain{
		chainID: chainID,
		tokens: []homechain.Token{
			{Symbol: "USD24", Name: "Fiat24 USD", Decimals: 2, IsFiat: true},
			{Symbol: "EUR24", Name: "Fiat24 EUR", Decimals: 2, IsFiat: true},
			{Symbol: "CHF24", Name: "Fiat24 CHF", Decimals: 2, IsFiat: true},
			{Symbol: "CNH24", Name: "Fiat24 CNH", Decimals: 2, IsFiat: true},
			{Symbol: "USDC", Name: "USD Coin", Decimals: 6, IsFiat: false},
		},
		contracts: homechain.Contracts{
			AccountNFT:  sandboxAddress("account-nft"),
			CardSpender: sandboxAddress("card-authorization"),
			Deposit:     sandboxAddress("deposit"),
			BufferPool:  sandboxAddress("buffer-pool"),
		},
		now:        time.Now,
		owners:     map[uint64]common.Address{},
		accounts:   map[common.Address]uint64{},
		status:     map[uint64]uint8{},
		balances:   map[common.Address]map[common.Address]*big.Int{},
		nonces:     map[common.Address]map[common.Address]*big.Int{},
		allowances: map[common.Address]map[[2]common.Address]*big.Int{},
	}
	for i := range c.tokens {
		c.tokens[i].Address = sandboxAddress("token/" + c.tokens[i].Symbol)
	}
	return c
}

// SetClock sets the clock Permit checks deadlines against (default time.Now).
func (c *MemChain) SetClock(now func() time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = now
}

func (c *MemChain) ChainID() uint64 { return c.chainID }

func (c *MemChain) Tokens() []homechain.Token {
	return append([]homechain.Token(nil), c.tokens...)
}

func (c *MemChain) Contracts() homechain.Contracts { return c.contracts }

func (c *MemChain) token(addr common.Address) (homechain.Token, bool) {
	for _, t := range c.tokens {
		if t.Address == addr {
			return t, true
		}
	}
	return homechain.Token{}, false
}

// txHash must be called with the lock held.
func (c *MemChain) txHash(kind string) common.Hash {
	c.txCount++
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], c.chainID)
	binary.BigEndian.PutUint64(b[8:], c.txCount)
	return crypto.Keccak256Hash([]byte("memchain/"+kind), b[:])
}

func (c *MemChain) MintAccount(_ context.Context, owner common.Address, tokenID uint64) (common.Hash, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if owner == (common.Address{}) {
		return common.Hash{}, errors.New("mint: owner is the zero address")
	}
	if _, ok := c.owners[tokenID]; ok {
		return common.Hash{}, fmt.Errorf("mint: token %d already minted", tokenID)
	}
	if id, ok := c.accounts[owner]; ok {
		return common.Hash{}, fmt.Errorf("mint: %s already owns account %d", owner.Hex(), id)
	}
	c.owners[tokenID] = owner
	c.accounts[owner] = tokenID
	c.status[tokenID] = 2
	return c.txHash("mint"), nil
}

func (c *MemChain) SetAccountStatus(_ context.Context, tokenID uint64, status uint8) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.owners[tokenID]; !ok {
		return fmt.Errorf("set status: token %d is not minted", tokenID)
	}
	if status > 5 {
		return fmt.Errorf("set status: %d is not an account status", status)
	}
	c.status[tokenID] = status
	return nil
}

// AccountStatus is the on-chain status of tokenID (for tests and the state view).
func (c *MemChain) AccountStatus(tokenID uint64) (uint8, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.status[tokenID]
	return s, ok
}

func (c *MemChain) AccountOf(_ context.Context, owner common.Address) (uint64, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.accounts[owner]
	return id, ok, nil
}

func getBig[K comparable](m map[common.Address]map[K]*big.Int, token common.Address, k K) *big.Int {
	if v, ok := m[token][k]; ok {
		return new(big.Int).Set(v)
	}
	return new(big.Int)
}

func setBig[K comparable](m map[common.Address]map[K]*big.Int, token common.Address, k K, v *big.Int) {
	if m[token] == nil {
		m[token] = map[K]*big.Int{}
	}
	m[token][k] = v
}

func (c *MemChain) BalanceOf(_ context.Context, token, owner common.Address) (*big.Int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.token(token); !ok {
		return nil, fmt.Errorf("balanceOf: %s is not a token of the chain", token.Hex())
	}
	return getBig(c.balances, token, owner), nil
}

func (c *MemChain) Fund(_ context.Context, token, to common.Address, amount *big.Int) (common.Hash, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.token(token); !ok {
		return common.Hash{}, fmt.Errorf("fund: %s is not a token of the chain", token.Hex())
	}
	if amount == nil || amount.Sign() <= 0 {
		return common.Hash{}, errors.New("fund: amount must be positive")
	}
	bal := getBig(c.balances, token, to)
	setBig(c.balances, token, to, bal.Add(bal, amount))
	return c.txHash("fund"), nil
}

func (c *MemChain) Nonce(_ context.Context, token, owner common.Address) (*big.Int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.token(token); !ok {
		return nil, fmt.Errorf("nonces: %s is not a token of the chain", token.Hex())
	}
	return getBig(c.nonces, token, owner), nil
}

func (c *MemChain) Allowance(_ context.Context, token, owner, spender common.Address) (*big.Int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.token(token); !ok {
		return nil, fmt.Errorf("allowance: %s is not a token of the chain", token.Hex())
	}
	return getBig(c.allowances, token, [2]common.Address{owner, spender}), nil
}

func (c *MemChain) Permit(_ context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.token(token)
	if !ok {
		return common.Hash{}, fmt.Errorf("permit: %s is not a token of the chain", token.Hex())
	}
	if deadline == nil || deadline.Cmp(big.NewInt(c.now().Unix())) < 0 {
		return common.Hash{}, errors.New("permit: ERC2612ExpiredSignature")
	}
	p := wallet.Permit{
		Domain: wallet.PermitDomain{
			Name: t.Name, Version: "1", ChainID: new(big.Int).SetUint64(c.chainID), VerifyingContract: token,
		},
		Owner: owner, Spender: spender, Value: value,
		Nonce: getBig(c.nonces, token, owner), Deadline: deadline,
	}
	sig, err := wallet.SplitSignature(v, hexutil.Encode(r[:]), hexutil.Encode(s[:]))
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit: %v", err)
	}
	signer, err := wallet.RecoverPermit(p, sig)
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit: %v", err)
	}
	if signer != owner {
		return common.Hash{}, errors.New("permit: ERC2612InvalidSigner")
	}
	nonce := getBig(c.nonces, token, owner)
	setBig(c.nonces, token, owner, nonce.Add(nonce, big.NewInt(1)))
	setBig(c.allowances, token, [2]common.Address{owner, spender}, new(big.Int).Set(value))
	return c.txHash("permit"), nil
}

// PermitUnchecked implements Chain. MemChain keeps no receipts: a permit it would accept
// takes effect as with Permit; one it rejects changes nothing, and either way a hash comes
// back.
func (c *MemChain) PermitUnchecked(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int, v uint8, r, s [32]byte) (common.Hash, error) {
	if h, err := c.Permit(ctx, token, owner, spender, value, deadline, v, r, s); err == nil {
		return h, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.txHash("permit-reverted"), nil
}

// spendPermitted is what the contracts that present a permit and spend it do, in one step:
// the permit is tried (one that fails is ignored, as UR's contracts catch it), then amount of
// the allowance from gave spender is spent and moved to `to`; without the allowance or the
// balance nothing changes.
func (c *MemChain) spendPermitted(ctx context.Context, token, from, spender, to common.Address, amount *big.Int, sig homechain.PermitSig, kind string) (common.Hash, error) {
	_, _ = c.Permit(ctx, token, from, spender, amount, sig.Deadline, sig.V, sig.R, sig.S)
	c.mu.Lock()
	defer c.mu.Unlock()
	key := [2]common.Address{from, spender}
	allowance, bal := getBig(c.allowances, token, key), getBig(c.balances, token, from)
	switch {
	case allowance.Cmp(amount) < 0:
		return common.Hash{}, fmt.Errorf("%s: ERC20InsufficientAllowance(%s, %s, %s)", kind, spender.Hex(), allowance, amount)
	case bal.Cmp(amount) < 0:
		return common.Hash{}, fmt.Errorf("%s: ERC20InsufficientBalance(%s, %s, %s)", kind, from.Hex(), bal, amount)
	}
	setBig(c.allowances, token, key, allowance.Sub(allowance, amount))
	setBig(c.balances, token, from, bal.Sub(bal, amount))
	dst := getBig(c.balances, token, to)
	setBig(c.balances, token, to, dst.Add(dst, amount))
	return c.txHash(kind), nil
}

// TransferByAccountID implements Chain.
func (c *MemChain) TransferByAccountID(ctx context.Context, token, from common.Address, toAccountID uint64, amount *big.Int, sig homechain.PermitSig) (common.Hash, error) {
	c.mu.Lock()
	to, ok := c.owners[toAccountID]
	st := c.status[toAccountID]
	c.mu.Unlock()
	if !ok || st != 5 {
		return common.Hash{}, fmt.Errorf("transfer: RecipientNotLive(%d, %d)", toAccountID, st)
	}
	return c.spendPermitted(ctx, token, from, token, to, amount, sig, "transfer")
}

// ClientPayout implements Chain: the amount goes to the sandbox's payout desk.
func (c *MemChain) ClientPayout(ctx context.Context, token, from common.Address, amount *big.Int, _, _ uint64, _ string, sig homechain.PermitSig) (common.Hash, error) {
	return c.spendPermitted(ctx, token, from, token, sandboxAddress("payout desk"), amount, sig, "payout")
}

// Onramp implements Chain.
func (c *MemChain) Onramp(ctx context.Context, token, user common.Address, amountIn *big.Int, _ [32]byte, sig homechain.PermitSig) (common.Hash, error) {
	pool := c.contracts.BufferPool
	return c.spendPermitted(ctx, token, user, pool, pool, amountIn, sig, "onramp")
}

// Pull implements Chain.
func (c *MemChain) Pull(ctx context.Context, spender, token, from common.Address, amount *big.Int) (common.Hash, error) {
	return c.spendPermitted(ctx, token, from, spender, spender, amount, homechain.PermitSig{}, "pull")
}
