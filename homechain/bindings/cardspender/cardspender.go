// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package cardspender

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = bytes.Equal
	_ = errors.New
	_ = big.NewInt
	_ = common.Big1
	_ = types.BloomLookup
	_ = abi.ConvertType
)

// CardSpenderMetaData contains all meta data concerning the CardSpender contract.
var CardSpenderMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"usd24\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"eur24\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"chf24\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"cnh24\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Pulled\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"chf24Address\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"cnh24Address\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eur24Address\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"fiat24AccountAddress\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"pull\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"role\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"usd24Address\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "CardSpender",
	Bin: "0x610120604052348015610010575f5ffd5b5060405161065938038061065983398101604081905261002f916100fd565b85806001600160a01b03811661005e57604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b61006781610093565b50506001600160a01b0394851660805292841660a05290831660c052821660e05216610100525061016d565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b80516001600160a01b03811681146100f8575f5ffd5b919050565b5f5f5f5f5f5f60c08789031215610112575f5ffd5b61011b876100e2565b9550610129602088016100e2565b9450610137604088016100e2565b9350610145606088016100e2565b9250610153608088016100e2565b915061016160a088016100e2565b90509295509295509295565b60805160a05160c05160e051610100516104b06101a95f395f61013f01525f61016601525f61018d01525f60d301525f6101c701526104b05ff3fe608060405234801561000f575f5ffd5b506004361061009b575f3560e01c806393a66c621161006357806393a66c621461013a578063ad047b1714610161578063eae7a25d14610188578063f2fde38b146101af578063f7fbe36a146101c2575f5ffd5b806310055c1d1461009f5780636aad6470146100ce578063715018a61461010d5780637372c2b5146101175780638da5cb5b1461012a575b5f5ffd5b604080518082018252600481526318d85c9960e21b602082015290516100c591906103d1565b60405180910390f35b6100f57f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b0390911681526020016100c5565b6101156101e9565b005b610115610125366004610421565b6101fc565b5f546001600160a01b03166100f5565b6100f57f000000000000000000000000000000000000000000000000000000000000000081565b6100f57f000000000000000000000000000000000000000000000000000000000000000081565b6100f57f000000000000000000000000000000000000000000000000000000000000000081565b6101156101bd36600461045a565b61026b565b6100f57f000000000000000000000000000000000000000000000000000000000000000081565b6101f16102ad565b6101fa5f6102d9565b565b6102046102ad565b6102196001600160a01b038416833084610328565b816001600160a01b0316836001600160a01b03167fe7604cacd688915900b1f2267bef2bcbf979d1b00df94edb2e22d1c18e99697e8360405161025e91815260200190565b60405180910390a3505050565b6102736102ad565b6001600160a01b0381166102a157604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6102aa816102d9565b50565b5f546001600160a01b031633146101fa5760405163118cdaa760e01b8152336004820152602401610298565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b610336848484846001610364565b61035e57604051635274afe760e01b81526001600160a01b0385166004820152602401610298565b50505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f511483166103c05783831516156103b4573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b038116811461041c575f5ffd5b919050565b5f5f5f60608486031215610433575f5ffd5b61043c84610406565b925061044a60208501610406565b9150604084013590509250925092565b5f6020828403121561046a575f5ffd5b61047382610406565b939250505056fea2646970667358221220513910eb616886ee3199ae19d7f4392b1d67e2ebc2093c83e8d0a6ecaa1a2d9064736f6c63430008250033",
}

// CardSpender is an auto generated Go binding around an Ethereum contract.
type CardSpender struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *CardSpender) GetABI() abi.ABI {
	return c.abi
}

// NewCardSpender creates a new instance of CardSpender.
func NewCardSpender() *CardSpender {
	parsed, err := CardSpenderMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &CardSpender{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *CardSpender) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address operator, address account, address usd24, address eur24, address chf24, address cnh24) returns()
func (cardSpender *CardSpender) PackConstructor(operator common.Address, account common.Address, usd24 common.Address, eur24 common.Address, chf24 common.Address, cnh24 common.Address) []byte {
	enc, err := cardSpender.abi.Pack("", operator, account, usd24, eur24, chf24, cnh24)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackChf24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xad047b17.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function chf24Address() view returns(address)
func (cardSpender *CardSpender) PackChf24Address() []byte {
	enc, err := cardSpender.abi.Pack("chf24Address")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackChf24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xad047b17.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function chf24Address() view returns(address)
func (cardSpender *CardSpender) TryPackChf24Address() ([]byte, error) {
	return cardSpender.abi.Pack("chf24Address")
}

// UnpackChf24Address is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xad047b17.
//
// Solidity: function chf24Address() view returns(address)
func (cardSpender *CardSpender) UnpackChf24Address(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("chf24Address", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackCnh24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x93a66c62.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cnh24Address() view returns(address)
func (cardSpender *CardSpender) PackCnh24Address() []byte {
	enc, err := cardSpender.abi.Pack("cnh24Address")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCnh24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x93a66c62.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cnh24Address() view returns(address)
func (cardSpender *CardSpender) TryPackCnh24Address() ([]byte, error) {
	return cardSpender.abi.Pack("cnh24Address")
}

// UnpackCnh24Address is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x93a66c62.
//
// Solidity: function cnh24Address() view returns(address)
func (cardSpender *CardSpender) UnpackCnh24Address(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("cnh24Address", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackEur24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeae7a25d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eur24Address() view returns(address)
func (cardSpender *CardSpender) PackEur24Address() []byte {
	enc, err := cardSpender.abi.Pack("eur24Address")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEur24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeae7a25d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eur24Address() view returns(address)
func (cardSpender *CardSpender) TryPackEur24Address() ([]byte, error) {
	return cardSpender.abi.Pack("eur24Address")
}

// UnpackEur24Address is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xeae7a25d.
//
// Solidity: function eur24Address() view returns(address)
func (cardSpender *CardSpender) UnpackEur24Address(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("eur24Address", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackFiat24AccountAddress is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf7fbe36a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fiat24AccountAddress() view returns(address)
func (cardSpender *CardSpender) PackFiat24AccountAddress() []byte {
	enc, err := cardSpender.abi.Pack("fiat24AccountAddress")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFiat24AccountAddress is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf7fbe36a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fiat24AccountAddress() view returns(address)
func (cardSpender *CardSpender) TryPackFiat24AccountAddress() ([]byte, error) {
	return cardSpender.abi.Pack("fiat24AccountAddress")
}

// UnpackFiat24AccountAddress is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf7fbe36a.
//
// Solidity: function fiat24AccountAddress() view returns(address)
func (cardSpender *CardSpender) UnpackFiat24AccountAddress(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("fiat24AccountAddress", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (cardSpender *CardSpender) PackOwner() []byte {
	enc, err := cardSpender.abi.Pack("owner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function owner() view returns(address)
func (cardSpender *CardSpender) TryPackOwner() ([]byte, error) {
	return cardSpender.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (cardSpender *CardSpender) UnpackOwner(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackPull is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7372c2b5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pull(address token, address from, uint256 amount) returns()
func (cardSpender *CardSpender) PackPull(token common.Address, from common.Address, amount *big.Int) []byte {
	enc, err := cardSpender.abi.Pack("pull", token, from, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPull is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7372c2b5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pull(address token, address from, uint256 amount) returns()
func (cardSpender *CardSpender) TryPackPull(token common.Address, from common.Address, amount *big.Int) ([]byte, error) {
	return cardSpender.abi.Pack("pull", token, from, amount)
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (cardSpender *CardSpender) PackRenounceOwnership() []byte {
	enc, err := cardSpender.abi.Pack("renounceOwnership")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function renounceOwnership() returns()
func (cardSpender *CardSpender) TryPackRenounceOwnership() ([]byte, error) {
	return cardSpender.abi.Pack("renounceOwnership")
}

// PackRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x10055c1d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function role() pure returns(string)
func (cardSpender *CardSpender) PackRole() []byte {
	enc, err := cardSpender.abi.Pack("role")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x10055c1d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function role() pure returns(string)
func (cardSpender *CardSpender) TryPackRole() ([]byte, error) {
	return cardSpender.abi.Pack("role")
}

// UnpackRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x10055c1d.
//
// Solidity: function role() pure returns(string)
func (cardSpender *CardSpender) UnpackRole(data []byte) (string, error) {
	out, err := cardSpender.abi.Unpack("role", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (cardSpender *CardSpender) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := cardSpender.abi.Pack("transferOwnership", newOwner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (cardSpender *CardSpender) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return cardSpender.abi.Pack("transferOwnership", newOwner)
}

// PackUsd24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6aad6470.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function usd24Address() view returns(address)
func (cardSpender *CardSpender) PackUsd24Address() []byte {
	enc, err := cardSpender.abi.Pack("usd24Address")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUsd24Address is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6aad6470.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function usd24Address() view returns(address)
func (cardSpender *CardSpender) TryPackUsd24Address() ([]byte, error) {
	return cardSpender.abi.Pack("usd24Address")
}

// UnpackUsd24Address is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6aad6470.
//
// Solidity: function usd24Address() view returns(address)
func (cardSpender *CardSpender) UnpackUsd24Address(data []byte) (common.Address, error) {
	out, err := cardSpender.abi.Unpack("usd24Address", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// CardSpenderOwnershipTransferred represents a OwnershipTransferred event raised by the CardSpender contract.
type CardSpenderOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const CardSpenderOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (CardSpenderOwnershipTransferred) ContractEventName() string {
	return CardSpenderOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (cardSpender *CardSpender) UnpackOwnershipTransferredEvent(log *types.Log) (*CardSpenderOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != cardSpender.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CardSpenderOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := cardSpender.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range cardSpender.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// CardSpenderPulled represents a Pulled event raised by the CardSpender contract.
type CardSpenderPulled struct {
	Token  common.Address
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const CardSpenderPulledEventName = "Pulled"

// ContractEventName returns the user-defined event name.
func (CardSpenderPulled) ContractEventName() string {
	return CardSpenderPulledEventName
}

// UnpackPulledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Pulled(address indexed token, address indexed from, uint256 amount)
func (cardSpender *CardSpender) UnpackPulledEvent(log *types.Log) (*CardSpenderPulled, error) {
	event := "Pulled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != cardSpender.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CardSpenderPulled)
	if len(log.Data) > 0 {
		if err := cardSpender.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range cardSpender.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (cardSpender *CardSpender) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], cardSpender.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return cardSpender.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], cardSpender.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return cardSpender.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], cardSpender.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return cardSpender.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// CardSpenderOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the CardSpender contract.
type CardSpenderOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func CardSpenderOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (cardSpender *CardSpender) UnpackOwnableInvalidOwnerError(raw []byte) (*CardSpenderOwnableInvalidOwner, error) {
	out := new(CardSpenderOwnableInvalidOwner)
	if err := cardSpender.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CardSpenderOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the CardSpender contract.
type CardSpenderOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func CardSpenderOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (cardSpender *CardSpender) UnpackOwnableUnauthorizedAccountError(raw []byte) (*CardSpenderOwnableUnauthorizedAccount, error) {
	out := new(CardSpenderOwnableUnauthorizedAccount)
	if err := cardSpender.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CardSpenderSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the CardSpender contract.
type CardSpenderSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func CardSpenderSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (cardSpender *CardSpender) UnpackSafeERC20FailedOperationError(raw []byte) (*CardSpenderSafeERC20FailedOperation, error) {
	out := new(CardSpenderSafeERC20FailedOperation)
	if err := cardSpender.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}
