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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"usdc_\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"min_\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max_\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"fee_\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"min\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"AmountOutOfRange\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"usdcAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amountOutMinimum\",\"type\":\"uint256\"}],\"name\":\"BelowMinimum\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"paid\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"}],\"name\":\"FeeTooLow\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"inputToken\",\"type\":\"address\"}],\"name\":\"NotUsdc\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"inputToken\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"outputToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"inputAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"usdcAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"}],\"name\":\"DepositedTokenViaUsdc\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Pulled\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"_inputToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"_outputToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"_amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"_amountOutMinimum\",\"type\":\"uint256\"}],\"name\":\"depositTokenViaUsdc\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"layerzeroFee\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"maxUsdcDepositAmount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"minUsdcDepositAmount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"pull\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"quoteLayerzeroFee\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"role\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"usdc\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "DepositContract",
	Bin: "0x60a060405234801561000f575f5ffd5b5060405161085638038061085683398101604081905261002e916100f2565b84806001600160a01b03811661005d57604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b61006681610088565b50506001600160a01b039093166080526001919091556002556003555061013c565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b80516001600160a01b03811681146100ed575f5ffd5b919050565b5f5f5f5f5f60a08688031215610106575f5ffd5b61010f866100d7565b945061011d602087016100d7565b6040870151606088015160809098015196999198509695945092505050565b6080516106fb61015b5f395f8181610121015261029f01526106fb5ff3fe60806040526004361061009a575f3560e01c80637372c2b5116100625780637372c2b5146101715780638da5cb5b14610190578063972d0bba146101ac578063ae5e966a146101c1578063f0b41a17146101d4578063f2fde38b146101fb575f5ffd5b80630caa05401461009e57806310055c1d146100c657806316205af1146100fb5780633e413bee14610110578063715018a61461015b575b5f5ffd5b3480156100a9575f5ffd5b506100b360015481565b6040519081526020015b60405180910390f35b3480156100d1575f5ffd5b50604080518082018252600781526619195c1bdcda5d60ca1b602082015290516100bd9190610570565b348015610106575f5ffd5b506100b360035481565b34801561011b575f5ffd5b506101437f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b0390911681526020016100bd565b348015610166575f5ffd5b5061016f61021a565b005b34801561017c575f5ffd5b5061016f61018b3660046105c0565b61022d565b34801561019b575f5ffd5b505f546001600160a01b0316610143565b3480156101b7575f5ffd5b506100b360025481565b6100b36101cf3660046105fa565b61029c565b3480156101df575f5ffd5b506100b36101ee366004610639565b6003549695505050505050565b348015610206575f5ffd5b5061016f6102153660046106a5565b61040f565b61022261044c565b61022b5f610478565b565b61023561044c565b61024a6001600160a01b0384168330846104c7565b816001600160a01b0316836001600160a01b03167fe7604cacd688915900b1f2267bef2bcbf979d1b00df94edb2e22d1c18e99697e8360405161028f91815260200190565b60405180910390a3505050565b5f7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316856001600160a01b0316146102ff5760405163071cf18760e21b81526001600160a01b03861660048201526024015b60405180910390fd5b600154831080610310575060025483115b156103445760015460025460405163a8cc372f60e01b815260048101869052602481019290925260448201526064016102f6565b600354341015610374576003546040516378279ed960e11b815234600482015260248101919091526044016102f6565b8183101561039f5760405163bd49034f60e01b815260048101849052602481018390526044016102f6565b6103b46001600160a01b0386163330866104c7565b6040805184815260208101859052348183015290516001600160a01b03868116929088169133917fa18ae1bde6e3cdde341d24a25a48ec358d8f498f455d13f41ea1574485c853ca919081900360600190a450909392505050565b61041761044c565b6001600160a01b03811661044057604051631e4fbdf760e01b81525f60048201526024016102f6565b61044981610478565b50565b5f546001600160a01b0316331461022b5760405163118cdaa760e01b81523360048201526024016102f6565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b6104d5848484846001610503565b6104fd57604051635274afe760e01b81526001600160a01b03851660048201526024016102f6565b50505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f5114831661055f578383151615610553573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b03811681146105bb575f5ffd5b919050565b5f5f5f606084860312156105d2575f5ffd5b6105db846105a5565b92506105e9602085016105a5565b929592945050506040919091013590565b5f5f5f5f6080858703121561060d575f5ffd5b610616856105a5565b9350610624602086016105a5565b93969395505050506040820135916060013590565b5f5f5f5f5f5f60c0878903121561064e575f5ffd5b863563ffffffff81168114610661575f5ffd5b955061066f602088016105a5565b945061067d604088016105a5565b9350606087013592506080870135915061069960a088016105a5565b90509295509295509295565b5f602082840312156106b5575f5ffd5b6106be826105a5565b939250505056fea26469706673582212209be4ef8c0a17c034a2c02aa9afe6dbcde385c66f346e9d5f05df74d42a2800c364736f6c63430008250033",
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
// Solidity: constructor(address operator, address usdc_, uint256 min_, uint256 max_, uint256 fee_) returns()
func (depositContract *DepositContract) PackConstructor(operator common.Address, usdc_ common.Address, min_ *big.Int, max_ *big.Int, fee_ *big.Int) []byte {
	enc, err := depositContract.abi.Pack("", operator, usdc_, min_, max_, fee_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDepositTokenViaUsdc is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xae5e966a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function depositTokenViaUsdc(address _inputToken, address _outputToken, uint256 _amount, uint256 _amountOutMinimum) payable returns(uint256)
func (depositContract *DepositContract) PackDepositTokenViaUsdc(inputToken common.Address, outputToken common.Address, amount *big.Int, amountOutMinimum *big.Int) []byte {
	enc, err := depositContract.abi.Pack("depositTokenViaUsdc", inputToken, outputToken, amount, amountOutMinimum)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDepositTokenViaUsdc is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xae5e966a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function depositTokenViaUsdc(address _inputToken, address _outputToken, uint256 _amount, uint256 _amountOutMinimum) payable returns(uint256)
func (depositContract *DepositContract) TryPackDepositTokenViaUsdc(inputToken common.Address, outputToken common.Address, amount *big.Int, amountOutMinimum *big.Int) ([]byte, error) {
	return depositContract.abi.Pack("depositTokenViaUsdc", inputToken, outputToken, amount, amountOutMinimum)
}

// UnpackDepositTokenViaUsdc is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xae5e966a.
//
// Solidity: function depositTokenViaUsdc(address _inputToken, address _outputToken, uint256 _amount, uint256 _amountOutMinimum) payable returns(uint256)
func (depositContract *DepositContract) UnpackDepositTokenViaUsdc(data []byte) (*big.Int, error) {
	out, err := depositContract.abi.Unpack("depositTokenViaUsdc", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackLayerzeroFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16205af1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function layerzeroFee() view returns(uint256)
func (depositContract *DepositContract) PackLayerzeroFee() []byte {
	enc, err := depositContract.abi.Pack("layerzeroFee")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLayerzeroFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16205af1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function layerzeroFee() view returns(uint256)
func (depositContract *DepositContract) TryPackLayerzeroFee() ([]byte, error) {
	return depositContract.abi.Pack("layerzeroFee")
}

// UnpackLayerzeroFee is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x16205af1.
//
// Solidity: function layerzeroFee() view returns(uint256)
func (depositContract *DepositContract) UnpackLayerzeroFee(data []byte) (*big.Int, error) {
	out, err := depositContract.abi.Unpack("layerzeroFee", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMaxUsdcDepositAmount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x972d0bba.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function maxUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) PackMaxUsdcDepositAmount() []byte {
	enc, err := depositContract.abi.Pack("maxUsdcDepositAmount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMaxUsdcDepositAmount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x972d0bba.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function maxUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) TryPackMaxUsdcDepositAmount() ([]byte, error) {
	return depositContract.abi.Pack("maxUsdcDepositAmount")
}

// UnpackMaxUsdcDepositAmount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x972d0bba.
//
// Solidity: function maxUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) UnpackMaxUsdcDepositAmount(data []byte) (*big.Int, error) {
	out, err := depositContract.abi.Unpack("maxUsdcDepositAmount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMinUsdcDepositAmount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0caa0540.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function minUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) PackMinUsdcDepositAmount() []byte {
	enc, err := depositContract.abi.Pack("minUsdcDepositAmount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMinUsdcDepositAmount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0caa0540.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function minUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) TryPackMinUsdcDepositAmount() ([]byte, error) {
	return depositContract.abi.Pack("minUsdcDepositAmount")
}

// UnpackMinUsdcDepositAmount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0caa0540.
//
// Solidity: function minUsdcDepositAmount() view returns(uint256)
func (depositContract *DepositContract) UnpackMinUsdcDepositAmount(data []byte) (*big.Int, error) {
	out, err := depositContract.abi.Unpack("minUsdcDepositAmount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
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

// PackQuoteLayerzeroFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0b41a17.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function quoteLayerzeroFee(uint32 , address , address , uint256 , uint256 , address ) view returns(uint256)
func (depositContract *DepositContract) PackQuoteLayerzeroFee(arg0 uint32, arg1 common.Address, arg2 common.Address, arg3 *big.Int, arg4 *big.Int, arg5 common.Address) []byte {
	enc, err := depositContract.abi.Pack("quoteLayerzeroFee", arg0, arg1, arg2, arg3, arg4, arg5)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackQuoteLayerzeroFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0b41a17.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function quoteLayerzeroFee(uint32 , address , address , uint256 , uint256 , address ) view returns(uint256)
func (depositContract *DepositContract) TryPackQuoteLayerzeroFee(arg0 uint32, arg1 common.Address, arg2 common.Address, arg3 *big.Int, arg4 *big.Int, arg5 common.Address) ([]byte, error) {
	return depositContract.abi.Pack("quoteLayerzeroFee", arg0, arg1, arg2, arg3, arg4, arg5)
}

// UnpackQuoteLayerzeroFee is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf0b41a17.
//
// Solidity: function quoteLayerzeroFee(uint32 , address , address , uint256 , uint256 , address ) view returns(uint256)
func (depositContract *DepositContract) UnpackQuoteLayerzeroFee(data []byte) (*big.Int, error) {
	out, err := depositContract.abi.Unpack("quoteLayerzeroFee", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
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

// PackUsdc is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e413bee.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function usdc() view returns(address)
func (depositContract *DepositContract) PackUsdc() []byte {
	enc, err := depositContract.abi.Pack("usdc")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUsdc is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e413bee.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function usdc() view returns(address)
func (depositContract *DepositContract) TryPackUsdc() ([]byte, error) {
	return depositContract.abi.Pack("usdc")
}

// UnpackUsdc is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3e413bee.
//
// Solidity: function usdc() view returns(address)
func (depositContract *DepositContract) UnpackUsdc(data []byte) (common.Address, error) {
	out, err := depositContract.abi.Unpack("usdc", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// DepositContractDepositedTokenViaUsdc represents a DepositedTokenViaUsdc event raised by the DepositContract contract.
type DepositContractDepositedTokenViaUsdc struct {
	Sender      common.Address
	InputToken  common.Address
	OutputToken common.Address
	InputAmount *big.Int
	UsdcAmount  *big.Int
	Fee         *big.Int
	Raw         *types.Log // Blockchain specific contextual infos
}

const DepositContractDepositedTokenViaUsdcEventName = "DepositedTokenViaUsdc"

// ContractEventName returns the user-defined event name.
func (DepositContractDepositedTokenViaUsdc) ContractEventName() string {
	return DepositContractDepositedTokenViaUsdcEventName
}

// UnpackDepositedTokenViaUsdcEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event DepositedTokenViaUsdc(address indexed sender, address indexed inputToken, address indexed outputToken, uint256 inputAmount, uint256 usdcAmount, uint256 fee)
func (depositContract *DepositContract) UnpackDepositedTokenViaUsdcEvent(log *types.Log) (*DepositContractDepositedTokenViaUsdc, error) {
	event := "DepositedTokenViaUsdc"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositContract.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositContractDepositedTokenViaUsdc)
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
	if bytes.Equal(raw[:4], depositContract.abi.Errors["AmountOutOfRange"].ID.Bytes()[:4]) {
		return depositContract.UnpackAmountOutOfRangeError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositContract.abi.Errors["BelowMinimum"].ID.Bytes()[:4]) {
		return depositContract.UnpackBelowMinimumError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositContract.abi.Errors["FeeTooLow"].ID.Bytes()[:4]) {
		return depositContract.UnpackFeeTooLowError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositContract.abi.Errors["NotUsdc"].ID.Bytes()[:4]) {
		return depositContract.UnpackNotUsdcError(raw[4:])
	}
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

// DepositContractAmountOutOfRange represents a AmountOutOfRange error raised by the DepositContract contract.
type DepositContractAmountOutOfRange struct {
	Amount *big.Int
	Min    *big.Int
	Max    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountOutOfRange(uint256 amount, uint256 min, uint256 max)
func DepositContractAmountOutOfRangeErrorID() common.Hash {
	return common.HexToHash("0xa8cc372fe064e158aa6e1021e50973ef74d2485bf95091271d28522b14f411cb")
}

// UnpackAmountOutOfRangeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountOutOfRange(uint256 amount, uint256 min, uint256 max)
func (depositContract *DepositContract) UnpackAmountOutOfRangeError(raw []byte) (*DepositContractAmountOutOfRange, error) {
	out := new(DepositContractAmountOutOfRange)
	if err := depositContract.abi.UnpackIntoInterface(out, "AmountOutOfRange", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositContractBelowMinimum represents a BelowMinimum error raised by the DepositContract contract.
type DepositContractBelowMinimum struct {
	UsdcAmount       *big.Int
	AmountOutMinimum *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BelowMinimum(uint256 usdcAmount, uint256 amountOutMinimum)
func DepositContractBelowMinimumErrorID() common.Hash {
	return common.HexToHash("0xbd49034f17bd8cd8171b39a2bec57ff9a2e5a06c580d5777f88b290bee56cf1a")
}

// UnpackBelowMinimumError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BelowMinimum(uint256 usdcAmount, uint256 amountOutMinimum)
func (depositContract *DepositContract) UnpackBelowMinimumError(raw []byte) (*DepositContractBelowMinimum, error) {
	out := new(DepositContractBelowMinimum)
	if err := depositContract.abi.UnpackIntoInterface(out, "BelowMinimum", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositContractFeeTooLow represents a FeeTooLow error raised by the DepositContract contract.
type DepositContractFeeTooLow struct {
	Paid *big.Int
	Fee  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error FeeTooLow(uint256 paid, uint256 fee)
func DepositContractFeeTooLowErrorID() common.Hash {
	return common.HexToHash("0xf04f3db281357fe66c8cdb6010552fb4fc5fa45b6647fc12b290172e5583e248")
}

// UnpackFeeTooLowError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error FeeTooLow(uint256 paid, uint256 fee)
func (depositContract *DepositContract) UnpackFeeTooLowError(raw []byte) (*DepositContractFeeTooLow, error) {
	out := new(DepositContractFeeTooLow)
	if err := depositContract.abi.UnpackIntoInterface(out, "FeeTooLow", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositContractNotUsdc represents a NotUsdc error raised by the DepositContract contract.
type DepositContractNotUsdc struct {
	InputToken common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotUsdc(address inputToken)
func DepositContractNotUsdcErrorID() common.Hash {
	return common.HexToHash("0x1c73c61ceea3a3ab124e58d76bef1172a6c3d9dd51acb9db9403d3b44496d693")
}

// UnpackNotUsdcError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotUsdc(address inputToken)
func (depositContract *DepositContract) UnpackNotUsdcError(raw []byte) (*DepositContractNotUsdc, error) {
	out := new(DepositContractNotUsdc)
	if err := depositContract.abi.UnpackIntoInterface(out, "NotUsdc", raw); err != nil {
		return nil, err
	}
	return out, nil
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
