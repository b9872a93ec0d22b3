// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package depositcontract

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

// DepositContractMetaData contains all meta data concerning the DepositContract contract.
var DepositContractMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Pulled\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"pull\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"role\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "DepositContract",
	Bin: "0x6080604052348015600e575f5ffd5b5060405161048a38038061048a833981016040819052602b9160b6565b80806001600160a01b038116605957604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b6060816067565b50505060e1565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b5f6020828403121560c5575f5ffd5b81516001600160a01b038116811460da575f5ffd5b9392505050565b61039c806100ee5f395ff3fe608060405234801561000f575f5ffd5b5060043610610055575f3560e01c806310055c1d14610059578063715018a61461008b5780637372c2b5146100955780638da5cb5b146100a8578063f2fde38b146100c2575b5f5ffd5b604080518082018252600781526619195c1bdcda5d60ca1b6020820152905161008291906102bd565b60405180910390f35b6100936100d5565b005b6100936100a336600461030d565b6100e8565b5f546040516001600160a01b039091168152602001610082565b6100936100d0366004610346565b610157565b6100dd610199565b6100e65f6101c5565b565b6100f0610199565b6101056001600160a01b038416833084610214565b816001600160a01b0316836001600160a01b03167fe7604cacd688915900b1f2267bef2bcbf979d1b00df94edb2e22d1c18e99697e8360405161014a91815260200190565b60405180910390a3505050565b61015f610199565b6001600160a01b03811661018d57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b610196816101c5565b50565b5f546001600160a01b031633146100e65760405163118cdaa760e01b8152336004820152602401610184565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b610222848484846001610250565b61024a57604051635274afe760e01b81526001600160a01b0385166004820152602401610184565b50505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f511483166102ac5783831516156102a0573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b0381168114610308575f5ffd5b919050565b5f5f5f6060848603121561031f575f5ffd5b610328846102f2565b9250610336602085016102f2565b9150604084013590509250925092565b5f60208284031215610356575f5ffd5b61035f826102f2565b939250505056fea2646970667358221220f4ebb65293ab3b4f427d1dc0bad6e8d3fec944dc2cc29b0a7abcf4cca6b4fad864736f6c63430008250033",
}

// DepositContract is an auto generated Go binding around an Ethereum contract.
type DepositContract struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *DepositContract) GetABI() abi.ABI {
	return c.abi
}

// NewDepositContract creates a new instance of DepositContract.
func NewDepositContract() *DepositContract {
	parsed, err := DepositContractMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &DepositContract{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *DepositContract) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address operator) returns()
func (depositContract *DepositContract) PackConstructor(operator common.Address) []byte {
	enc, err := depositContract.abi.Pack("", operator)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (depositContract *DepositContract) PackOwner() []byte {
	enc, err := depositContract.abi.Pack("owner")
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
func (depositContract *DepositContract) TryPackOwner() ([]byte, error) {
	return depositContract.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (depositContract *DepositContract) UnpackOwner(data []byte) (common.Address, error) {
	out, err := depositContract.abi.Unpack("owner", data)
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
func (depositContract *DepositContract) PackPull(token common.Address, from common.Address, amount *big.Int) []byte {
	enc, err := depositContract.abi.Pack("pull", token, from, amount)
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
func (depositContract *DepositContract) TryPackPull(token common.Address, from common.Address, amount *big.Int) ([]byte, error) {
	return depositContract.abi.Pack("pull", token, from, amount)
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (depositContract *DepositContract) PackRenounceOwnership() []byte {
	enc, err := depositContract.abi.Pack("renounceOwnership")
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
func (depositContract *DepositContract) TryPackRenounceOwnership() ([]byte, error) {
	return depositContract.abi.Pack("renounceOwnership")
}

// PackRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x10055c1d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function role() pure returns(string)
func (depositContract *DepositContract) PackRole() []byte {
	enc, err := depositContract.abi.Pack("role")
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
func (depositContract *DepositContract) TryPackRole() ([]byte, error) {
	return depositContract.abi.Pack("role")
}

// UnpackRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x10055c1d.
//
// Solidity: function role() pure returns(string)
func (depositContract *DepositContract) UnpackRole(data []byte) (string, error) {
	out, err := depositContract.abi.Unpack("role", data)
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
func (depositContract *DepositContract) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := depositContract.abi.Pack("transferOwnership", newOwner)
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
func (depositContract *DepositContract) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return depositContract.abi.Pack("transferOwnership", newOwner)
}

// DepositContractOwnershipTransferred represents a OwnershipTransferred event raised by the DepositContract contract.
type DepositContractOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const DepositContractOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (DepositContractOwnershipTransferred) ContractEventName() string {
	return DepositContractOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (depositContract *DepositContract) UnpackOwnershipTransferredEvent(log *types.Log) (*DepositContractOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositContract.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositContractOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := depositContract.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range depositContract.abi.Events[event].Inputs {
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

// DepositContractPulled represents a Pulled event raised by the DepositContract contract.
type DepositContractPulled struct {
	Token  common.Address
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DepositContractPulledEventName = "Pulled"

// ContractEventName returns the user-defined event name.
func (DepositContractPulled) ContractEventName() string {
	return DepositContractPulledEventName
}

// UnpackPulledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Pulled(address indexed token, address indexed from, uint256 amount)
func (depositContract *DepositContract) UnpackPulledEvent(log *types.Log) (*DepositContractPulled, error) {
	event := "Pulled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositContract.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositContractPulled)
	if len(log.Data) > 0 {
		if err := depositContract.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range depositContract.abi.Events[event].Inputs {
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
func (depositContract *DepositContract) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], depositContract.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return depositContract.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositContract.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return depositContract.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositContract.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return depositContract.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// DepositContractOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the DepositContract contract.
type DepositContractOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func DepositContractOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (depositContract *DepositContract) UnpackOwnableInvalidOwnerError(raw []byte) (*DepositContractOwnableInvalidOwner, error) {
	out := new(DepositContractOwnableInvalidOwner)
	if err := depositContract.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositContractOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the DepositContract contract.
type DepositContractOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func DepositContractOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (depositContract *DepositContract) UnpackOwnableUnauthorizedAccountError(raw []byte) (*DepositContractOwnableUnauthorizedAccount, error) {
	out := new(DepositContractOwnableUnauthorizedAccount)
	if err := depositContract.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositContractSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the DepositContract contract.
type DepositContractSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func DepositContractSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (depositContract *DepositContract) UnpackSafeERC20FailedOperationError(raw []byte) (*DepositContractSafeERC20FailedOperation, error) {
	out := new(DepositContractSafeERC20FailedOperation)
	if err := depositContract.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}
