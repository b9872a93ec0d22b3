package wallet

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// EVMTx is an EIP-1559 transaction in its fields (purpose evm-tx). purse signs a transaction
// only to call one of evmCalls: the EVM crypto deposit (UR's Fiat24CryptoDeposit,
// evidence §7) and the ERC-20 approve that lets the deposit contract take the USDC. The
// signer builds the signing hash from these fields (EIP-1559's, by go-ethereum's London
// signer) and checks the call data is exactly one of those calls.
type EVMTx struct {
	ChainID              *big.Int       `json:"chainId"`
	Nonce                uint64         `json:"nonce"`
	To                   common.Address `json:"to"`
	Value                *big.Int       `json:"value"`
	Data                 hexutil.Bytes  `json:"data"`
	Gas                  uint64         `json:"gas"`
	MaxFeePerGas         *big.Int       `json:"maxFeePerGas"`
	MaxPriorityFeePerGas *big.Int       `json:"maxPriorityFeePerGas"`
}

// Calls an evm-tx request may make.
const (
	CallApprove = "approve"
	CallDeposit = "depositTokenViaUsdc"
)

// evmCallsABI declares the calls an evm-tx request may make, by UR's and ERC-20's ABIs
// (URC Fiat24CryptoDeposit.depositTokenViaUsdc is payable: its value is the LayerZero fee).
const evmCallsABI = `[
{"type":"function","name":"approve","stateMutability":"nonpayable","inputs":[{"name":"spender","type":"address"},{"name":"amount","type":"uint256"}],"outputs":[{"name":"","type":"bool"}]},
{"type":"function","name":"depositTokenViaUsdc","stateMutability":"payable","inputs":[{"name":"_inputToken","type":"address"},{"name":"_outputToken","type":"address"},{"name":"_amount","type":"uint256"},{"name":"_amountOutMinimum","type":"uint256"}],"outputs":[{"name":"","type":"uint256"}]}
]`

var evmCalls = sync.OnceValue(func() abi.ABI {
	a, err := abi.JSON(strings.NewReader(evmCallsABI))
	if err != nil {
		panic(err)
	}
	return a
})

// EVMCallsABI is the ABI of the calls an evm-tx request may make (to pack them).
func EVMCallsABI() abi.ABI { return evmCalls() }

// EVMCall is a transaction's call data decoded: which call, and its arguments.
type EVMCall struct {
	Name string
	// Args are the arguments as the ABI names them, in order, for a review.
	Args []TypedValue
	// Spender and Amount are an approve's; InputToken, OutputToken, Amount and
	// AmountOutMinimum a deposit's.
	Spender          common.Address
	InputToken       common.Address
	OutputToken      common.Address
	Amount           *big.Int
	AmountOutMinimum *big.Int
}

// Limits of an evm-tx request.
const (
	// MaxEVMTxGas is far above what a deposit or an approve uses (below 300,000).
	MaxEVMTxGas = 3_000_000
	// MaxEVMTxData is the longest call data of an allowed call.
	MaxEVMTxData = 4 + 4*32
)

// DecodeEVMCall reads data as one of the allowed calls, whole: its selector names one, and
// its arguments are exactly their canonical encoding (nothing after them, an address's
// upper bytes zero), so what a review shows is all the contract reads.
func DecodeEVMCall(data []byte) (EVMCall, error) {
	if len(data) < 4 {
		return EVMCall{}, fmt.Errorf("call data of %d bytes: expected a 4-byte selector and its arguments", len(data))
	}
	a := evmCalls()
	m, err := a.MethodById(data[:4])
	if err != nil {
		return EVMCall{}, fmt.Errorf("call data selector 0x%x: expected %s (approve) or %s (depositTokenViaUsdc)",
			data[:4], hexutil.Encode(a.Methods[CallApprove].ID), hexutil.Encode(a.Methods[CallDeposit].ID))
	}
	vals, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return EVMCall{}, fmt.Errorf("%s call data: %v", m.Name, err)
	}
	again, err := m.Inputs.Pack(vals...)
	if err != nil || !bytes.Equal(again, data[4:]) {
		return EVMCall{}, fmt.Errorf("%s call data: %d bytes of arguments are not their canonical encoding (%d bytes): extra bytes or an address with upper bytes set", m.Name, len(data)-4, len(again))
	}
	c := EVMCall{Name: m.Name}
	for i, in := range m.Inputs {
		var s string
		switch v := vals[i].(type) {
		case common.Address:
			s = v.Hex()
		case *big.Int:
			s = v.String()
		}
		c.Args = append(c.Args, TypedValue{Path: in.Name, Type: in.Type.String(), Value: s})
	}
	switch m.Name {
	case CallApprove:
		c.Spender, c.Amount = vals[0].(common.Address), vals[1].(*big.Int)
	case CallDeposit:
		c.InputToken, c.OutputToken = vals[0].(common.Address), vals[1].(common.Address)
		c.Amount, c.AmountOutMinimum = vals[2].(*big.Int), vals[3].(*big.Int)
	}
	return c, nil
}

// Call is the transaction's call, decoded (DecodeEVMCall).
func (t EVMTx) Call() (EVMCall, error) { return DecodeEVMCall(t.Data) }

// check refuses a transaction purse would not sign: a chain, a fee or a gas out of range,
// a value on a call that takes none, call data that is not exactly an allowed call.
func (t EVMTx) check(what string) (EVMCall, error) {
	switch {
	case t.ChainID == nil || t.ChainID.Sign() <= 0 || !t.ChainID.IsUint64():
		return EVMCall{}, fmt.Errorf("%s chainId: expected a positive chain id", what)
	case t.To == (common.Address{}):
		return EVMCall{}, fmt.Errorf("%s to: expected the contract called, got the zero address (a contract creation is never signed)", what)
	case t.Gas < 21_000 || t.Gas > MaxEVMTxGas:
		return EVMCall{}, fmt.Errorf("%s gas: expected 21000 to %d, got %d", what, MaxEVMTxGas, t.Gas)
	case len(t.Data) > MaxEVMTxData:
		return EVMCall{}, fmt.Errorf("%s data: %d bytes is over the longest allowed call (%d)", what, len(t.Data), MaxEVMTxData)
	}
	for _, f := range []struct {
		name string
		v    *big.Int
	}{{"value", t.Value}, {"maxFeePerGas", t.MaxFeePerGas}, {"maxPriorityFeePerGas", t.MaxPriorityFeePerGas}} {
		if f.v == nil || f.v.Sign() < 0 || f.v.BitLen() > 256 {
			return EVMCall{}, fmt.Errorf("%s %s: expected an integer in [0, 2^256-1]", what, f.name)
		}
	}
	if t.MaxPriorityFeePerGas.Cmp(t.MaxFeePerGas) > 0 {
		return EVMCall{}, fmt.Errorf("%s maxPriorityFeePerGas %s is above maxFeePerGas %s", what, t.MaxPriorityFeePerGas, t.MaxFeePerGas)
	}
	c, err := t.Call()
	if err != nil {
		return EVMCall{}, fmt.Errorf("%s: %v", what, err)
	}
	if c.Name == CallApprove && t.Value.Sign() != 0 {
		return EVMCall{}, fmt.Errorf("%s value: approve takes no value, got %s wei", what, t.Value)
	}
	return c, nil
}

// MaxCost is the most the transaction can cost its sender in the chain's native unit (wei):
// its value and gas at the highest fee it allows.
func (t EVMTx) MaxCost() *big.Int {
	c := new(big.Int).Mul(new(big.Int).SetUint64(t.Gas), t.MaxFeePerGas)
	return c.Add(c, t.Value)
}

// Tx is the unsigned transaction.
func (t EVMTx) Tx() *types.Transaction {
	to := t.To
	return types.NewTx(&types.DynamicFeeTx{
		ChainID: new(big.Int).Set(t.ChainID), Nonce: t.Nonce, GasTipCap: new(big.Int).Set(t.MaxPriorityFeePerGas),
		GasFeeCap: new(big.Int).Set(t.MaxFeePerGas), Gas: t.Gas, To: &to, Value: new(big.Int).Set(t.Value), Data: bytes.Clone(t.Data),
	})
}

// SigningHash is the hash an EVM key signs for the transaction (EIP-1559, EIP-155's chain).
func (t EVMTx) SigningHash() common.Hash {
	return types.LatestSignerForChainID(t.ChainID).Hash(t.Tx())
}

func (r Request) checkEVMTx(time.Time) error {
	if r.Transaction == nil {
		return errors.New("evm-tx request: expected the transaction, got nothing")
	}
	c, err := r.Transaction.check("evm-tx transaction")
	if err != nil {
		return err
	}
	if r.Next == nil {
		return nil
	}
	// An approve comes with the deposit it makes possible: one review shows both, and the
	// deposit is then signed unasked only as it was shown.
	n, err := r.Next.check("evm-tx next")
	if err != nil {
		return err
	}
	switch {
	case c.Name != CallApprove || n.Name != CallDeposit:
		return fmt.Errorf("evm-tx request: a next transaction follows an approve and is a deposit, got %s then %s", c.Name, n.Name)
	case r.Next.ChainID.Cmp(r.Transaction.ChainID) != 0:
		return fmt.Errorf("evm-tx request: next is on chain %s, the approve on %s", r.Next.ChainID, r.Transaction.ChainID)
	case r.Next.Nonce != r.Transaction.Nonce+1:
		return fmt.Errorf("evm-tx request: next's nonce %d is not the approve's %d + 1", r.Next.Nonce, r.Transaction.Nonce)
	case c.Spender != r.Next.To:
		return fmt.Errorf("evm-tx request: the approve's spender %s is not the deposit's contract %s", c.Spender.Hex(), r.Next.To.Hex())
	case r.Transaction.To != n.InputToken:
		return fmt.Errorf("evm-tx request: the approve's token %s is not the deposit's input token %s", r.Transaction.To.Hex(), n.InputToken.Hex())
	case c.Amount.Cmp(n.Amount) != 0:
		return fmt.Errorf("evm-tx request: the approve's amount %s is not the deposit's %s", c.Amount, n.Amount)
	}
	return nil
}

func evmTxDigest(r Request) (common.Hash, error) { return r.Transaction.SigningHash(), nil }

// SignedEVMTx is a signed transaction: its bytes as eth_sendRawTransaction takes them and
// its hash.
type SignedEVMTx struct {
	Raw  hexutil.Bytes `json:"raw"`
	Hash common.Hash   `json:"hash"`
	// From is the address that signed it.
	From common.Address `json:"from"`
}

// SignEVMTx signs tx (and only tx: next, when set, is the deposit an approve makes possible,
// shown in the same review and signed by its own request after).
func SignEVMTx(s EVMSigner, tx EVMTx, next *EVMTx) (SignedEVMTx, error) {
	sig, err := signEVM(s, Request{Purpose: PurposeEVMTx, Transaction: &tx, Next: next}, time.Time{})
	if err != nil {
		return SignedEVMTx{}, err
	}
	sig[64] -= 27
	signed, err := tx.Tx().WithSignature(types.LatestSignerForChainID(tx.ChainID), sig)
	if err != nil {
		return SignedEVMTx{}, err
	}
	from, err := types.Sender(types.LatestSignerForChainID(tx.ChainID), signed)
	if err != nil || from != s.Address() {
		return SignedEVMTx{}, fmt.Errorf("the signed transaction recovers to %s, not the key's %s; it is not used", from.Hex(), s.Address().Hex())
	}
	raw, err := signed.MarshalBinary()
	if err != nil {
		return SignedEVMTx{}, err
	}
	return SignedEVMTx{Raw: raw, Hash: signed.Hash(), From: from}, nil
}
