package homechain_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"purse/homechain"
)

// Each kind of contract of the sandbox chain answers as what it is: the account NFT as an
// ERC-721 Enumerable by ERC-165, a fiat token as a permit token without ERC-165, the card
// spender as neither, an address without code not at all.
func TestShapeOf(t *testing.T) {
	c := dial(t)
	ct := sandbox.Contracts()
	for _, tc := range []struct {
		name string
		addr common.Address
		want homechain.Shape
	}{
		{"account NFT", ct.AccountNFT, homechain.Shape{ERC165: true, ERC721: true, Enumerable: true}},
		{"fiat token", token(t, "EUR24").Address, homechain.Shape{Token: true}},
		{"card spender", ct.CardSpender, homechain.Shape{}},
		{"no code", common.HexToAddress("0x4a05148119683E0A41b52fb973EEF0EE81536c47"), homechain.Shape{}},
	} {
		got, err := c.ShapeOf(context.Background(), tc.addr)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if (got.CodeSize > 0) != (tc.name != "no code") {
			t.Errorf("%s: %d bytes of code", tc.name, got.CodeSize)
		}
		got.CodeSize = 0
		if got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// yesContract answers every call with the word 1: a contract claiming every interface.
type yesContract struct{ failCalls bool }

func (y yesContract) CallContract(context.Context, ethereum.CallMsg, *big.Int) ([]byte, error) {
	if y.failCalls {
		return nil, errors.New("connection reset")
	}
	return common.LeftPadBytes([]byte{1}, 32), nil
}
func (yesContract) ChainID(context.Context) (*big.Int, error) { return big.NewInt(31337), nil }
func (yesContract) CodeAt(context.Context, common.Address, *big.Int) ([]byte, error) {
	return []byte{0x60, 0x00}, nil
}
func (yesContract) TransactionReceipt(context.Context, common.Hash) (*types.Receipt, error) {
	return nil, ethereum.NotFound
}
func (yesContract) BlockNumber(context.Context) (uint64, error) { return 1, nil }
func (yesContract) TransactionByHash(context.Context, common.Hash) (*types.Transaction, bool, error) {
	return nil, false, ethereum.NotFound
}
func (yesContract) FilterLogs(context.Context, ethereum.FilterQuery) ([]types.Log, error) {
	return nil, nil
}
func (yesContract) SubscribeFilterLogs(context.Context, ethereum.FilterQuery, chan<- types.Log) (ethereum.Subscription, error) {
	return nil, errors.New("no subscriptions")
}

// A contract that says yes to every interface fails EIP-165's detection (0xffffffff must be
// false); a read that fails is an error, not a shape.
func TestShapeOfAYesContract(t *testing.T) {
	got, err := homechain.New(yesContract{}).ShapeOf(context.Background(), common.Address{1})
	if err != nil || got.ERC165 || got.ERC721 || got.CodeSize != 2 {
		t.Fatalf("%+v %v", got, err)
	}
	if _, err := homechain.New(yesContract{failCalls: true}).ShapeOf(context.Background(), common.Address{1}); err == nil {
		t.Fatal("a failed read gave a shape")
	}
}
