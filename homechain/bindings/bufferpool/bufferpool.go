// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package bufferpool

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

// BufferPoolMetaData contains all meta data concerning the BufferPool contract.
var BufferPoolMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Pulled\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"pull\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"role\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "BufferPool",
	Bin: "0x6080604052348015600e575f5ffd5b5060405161048d38038061048d833981016040819052602b9160b6565b80806001600160a01b038116605957604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b6060816067565b50505060e1565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b5f6020828403121560c5575f5ffd5b81516001600160a01b038116811460da575f5ffd5b9392505050565b61039f806100ee5f395ff3fe608060405234801561000f575f5ffd5b5060043610610055575f3560e01c806310055c1d14610059578063715018a61461008e5780637372c2b5146100985780638da5cb5b146100ab578063f2fde38b146100c5575b5f5ffd5b604080518082018252600a815269189d5999995c941bdbdb60b21b6020820152905161008591906102c0565b60405180910390f35b6100966100d8565b005b6100966100a6366004610310565b6100eb565b5f546040516001600160a01b039091168152602001610085565b6100966100d3366004610349565b61015a565b6100e061019c565b6100e95f6101c8565b565b6100f361019c565b6101086001600160a01b038416833084610217565b816001600160a01b0316836001600160a01b03167fe7604cacd688915900b1f2267bef2bcbf979d1b00df94edb2e22d1c18e99697e8360405161014d91815260200190565b60405180910390a3505050565b61016261019c565b6001600160a01b03811661019057604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b610199816101c8565b50565b5f546001600160a01b031633146100e95760405163118cdaa760e01b8152336004820152602401610187565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b610225848484846001610253565b61024d57604051635274afe760e01b81526001600160a01b0385166004820152602401610187565b50505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f511483166102af5783831516156102a3573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b038116811461030b575f5ffd5b919050565b5f5f5f60608486031215610322575f5ffd5b61032b846102f5565b9250610339602085016102f5565b9150604084013590509250925092565b5f60208284031215610359575f5ffd5b610362826102f5565b939250505056fea2646970667358221220ecb2f0bcbc745fc773e4bcb03f7a15174d9dc4f29efd34c77ed9a568c62011ca64736f6c63430008250033",
}

// BufferPool is an auto generated Go binding around an Ethereum contract.
type BufferPool struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *BufferPool) GetABI() abi.ABI {
	return c.abi
}

// NewBufferPool creates a new instance of BufferPool.
func NewBufferPool() *BufferPool {
	parsed, err := BufferPoolMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &BufferPool{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *BufferPool) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address operator) returns()
func (bufferPool *BufferPool) PackConstructor(operator common.Address) []byte {
	enc, err := bufferPool.abi.Pack("", operator)
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
func (bufferPool *BufferPool) PackOwner() []byte {
	enc, err := bufferPool.abi.Pack("owner")
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
func (bufferPool *BufferPool) TryPackOwner() ([]byte, error) {
	return bufferPool.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (bufferPool *BufferPool) UnpackOwner(data []byte) (common.Address, error) {
	out, err := bufferPool.abi.Unpack("owner", data)
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
func (bufferPool *BufferPool) PackPull(token common.Address, from common.Address, amount *big.Int) []byte {
	enc, err := bufferPool.abi.Pack("pull", token, from, amount)
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
func (bufferPool *BufferPool) TryPackPull(token common.Address, from common.Address, amount *big.Int) ([]byte, error) {
	return bufferPool.abi.Pack("pull", token, from, amount)
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (bufferPool *BufferPool) PackRenounceOwnership() []byte {
	enc, err := bufferPool.abi.Pack("renounceOwnership")
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
func (bufferPool *BufferPool) TryPackRenounceOwnership() ([]byte, error) {
	return bufferPool.abi.Pack("renounceOwnership")
}

// PackRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x10055c1d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function role() pure returns(string)
func (bufferPool *BufferPool) PackRole() []byte {
	enc, err := bufferPool.abi.Pack("role")
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
func (bufferPool *BufferPool) TryPackRole() ([]byte, error) {
	return bufferPool.abi.Pack("role")
}

// UnpackRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x10055c1d.
//
// Solidity: function role() pure returns(string)
func (bufferPool *BufferPool) UnpackRole(data []byte) (string, error) {
	out, err := bufferPool.abi.Unpack("role", data)
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
func (bufferPool *BufferPool) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := bufferPool.abi.Pack("transferOwnership", newOwner)
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
func (bufferPool *BufferPool) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return bufferPool.abi.Pack("transferOwnership", newOwner)
}

// BufferPoolOwnershipTransferred represents a OwnershipTransferred event raised by the BufferPool contract.
type BufferPoolOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const BufferPoolOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (BufferPoolOwnershipTransferred) ContractEventName() string {
	return BufferPoolOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (bufferPool *BufferPool) UnpackOwnershipTransferredEvent(log *types.Log) (*BufferPoolOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != bufferPool.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BufferPoolOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := bufferPool.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range bufferPool.abi.Events[event].Inputs {
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

// BufferPoolPulled represents a Pulled event raised by the BufferPool contract.
type BufferPoolPulled struct {
	Token  common.Address
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const BufferPoolPulledEventName = "Pulled"

// ContractEventName returns the user-defined event name.
func (BufferPoolPulled) ContractEventName() string {
	return BufferPoolPulledEventName
}

// UnpackPulledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Pulled(address indexed token, address indexed from, uint256 amount)
func (bufferPool *BufferPool) UnpackPulledEvent(log *types.Log) (*BufferPoolPulled, error) {
	event := "Pulled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != bufferPool.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BufferPoolPulled)
	if len(log.Data) > 0 {
		if err := bufferPool.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range bufferPool.abi.Events[event].Inputs {
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
func (bufferPool *BufferPool) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], bufferPool.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return bufferPool.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], bufferPool.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return bufferPool.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], bufferPool.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return bufferPool.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// BufferPoolOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the BufferPool contract.
type BufferPoolOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func BufferPoolOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (bufferPool *BufferPool) UnpackOwnableInvalidOwnerError(raw []byte) (*BufferPoolOwnableInvalidOwner, error) {
	out := new(BufferPoolOwnableInvalidOwner)
	if err := bufferPool.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BufferPoolOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the BufferPool contract.
type BufferPoolOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func BufferPoolOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (bufferPool *BufferPool) UnpackOwnableUnauthorizedAccountError(raw []byte) (*BufferPoolOwnableUnauthorizedAccount, error) {
	out := new(BufferPoolOwnableUnauthorizedAccount)
	if err := bufferPool.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BufferPoolSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the BufferPool contract.
type BufferPoolSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func BufferPoolSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (bufferPool *BufferPool) UnpackSafeERC20FailedOperationError(raw []byte) (*BufferPoolSafeERC20FailedOperation, error) {
	out := new(BufferPoolSafeERC20FailedOperation)
	if err := bufferPool.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}
