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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"user\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"quoteId\",\"type\":\"bytes32\"}],\"name\":\"Onramp\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Pulled\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"user\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"quoteId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permitAndOnramp\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"pull\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"role\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "BufferPool",
	Bin: "0x6080604052348015600e575f5ffd5b5060405161061c38038061061c833981016040819052602b9160b6565b80806001600160a01b038116605957604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b6060816067565b50505060e1565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b5f6020828403121560c5575f5ffd5b81516001600160a01b038116811460da575f5ffd5b9392505050565b61052e806100ee5f395ff3fe608060405234801561000f575f5ffd5b5060043610610060575f3560e01c806310055c1d14610064578063715018a6146100995780637372c2b5146100a35780638da5cb5b146100b65780639c1eacfa146100d0578063f2fde38b146100e3575b5f5ffd5b604080518082018252600a815269189d5999995c941bdbdb60b21b6020820152905161009091906103d8565b60405180910390f35b6100a16100f6565b005b6100a16100b1366004610428565b610109565b5f546040516001600160a01b039091168152602001610090565b6100a16100de366004610462565b610178565b6100a16100f13660046104d8565b610272565b6100fe6102b4565b6101075f6102e0565b565b6101116102b4565b6101266001600160a01b03841683308461032f565b816001600160a01b0316836001600160a01b03167fe7604cacd688915900b1f2267bef2bcbf979d1b00df94edb2e22d1c18e99697e8360405161016b91815260200190565b60405180910390a3505050565b6101806102b4565b60405163d505accf60e01b81526001600160a01b038881166004830152306024830152604482018890526064820186905260ff8516608483015260a4820184905260c4820183905289169063d505accf9060e4015f604051808303815f87803b1580156101eb575f5ffd5b505af19250505080156101fc575060015b506102126001600160a01b03891688308961032f565b876001600160a01b0316876001600160a01b03167f170971671c39a0e7fb908a01972e66dd0e16ee9a294aa9ed38639d9f15e8b8248888604051610260929190918252602082015260400190565b60405180910390a35050505050505050565b61027a6102b4565b6001600160a01b0381166102a857604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6102b1816102e0565b50565b5f546001600160a01b031633146101075760405163118cdaa760e01b815233600482015260240161029f565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b61033d84848484600161036b565b61036557604051635274afe760e01b81526001600160a01b038516600482015260240161029f565b50505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f511483166103c75783831516156103bb573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b0381168114610423575f5ffd5b919050565b5f5f5f6060848603121561043a575f5ffd5b6104438461040d565b92506104516020850161040d565b929592945050506040919091013590565b5f5f5f5f5f5f5f5f610100898b03121561047a575f5ffd5b6104838961040d565b975061049160208a0161040d565b965060408901359550606089013594506080890135935060a089013560ff811681146104bb575f5ffd5b979a969950949793969295929450505060c08201359160e0013590565b5f602082840312156104e8575f5ffd5b6104f18261040d565b939250505056fea26469706673582212202a8fae68106e908546ea4351141b247a394d09a7e06a68ee25b2b7b93342691464736f6c63430008250033",
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

// PackPermitAndOnramp is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9c1eacfa.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitAndOnramp(address token, address user, uint256 amountIn, bytes32 quoteId, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (bufferPool *BufferPool) PackPermitAndOnramp(token common.Address, user common.Address, amountIn *big.Int, quoteId [32]byte, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := bufferPool.abi.Pack("permitAndOnramp", token, user, amountIn, quoteId, deadline, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitAndOnramp is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9c1eacfa.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitAndOnramp(address token, address user, uint256 amountIn, bytes32 quoteId, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (bufferPool *BufferPool) TryPackPermitAndOnramp(token common.Address, user common.Address, amountIn *big.Int, quoteId [32]byte, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return bufferPool.abi.Pack("permitAndOnramp", token, user, amountIn, quoteId, deadline, v, r, s)
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

// BufferPoolOnramp represents a Onramp event raised by the BufferPool contract.
type BufferPoolOnramp struct {
	User     common.Address
	Token    common.Address
	AmountIn *big.Int
	QuoteId  [32]byte
	Raw      *types.Log // Blockchain specific contextual infos
}

const BufferPoolOnrampEventName = "Onramp"

// ContractEventName returns the user-defined event name.
func (BufferPoolOnramp) ContractEventName() string {
	return BufferPoolOnrampEventName
}

// UnpackOnrampEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Onramp(address indexed user, address indexed token, uint256 amountIn, bytes32 quoteId)
func (bufferPool *BufferPool) UnpackOnrampEvent(log *types.Log) (*BufferPoolOnramp, error) {
	event := "Onramp"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != bufferPool.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BufferPoolOnramp)
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
