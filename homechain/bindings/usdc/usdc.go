// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package usdc

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

// USDCMetaData contains all meta data concerning the USDC contract.
var USDCMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"ECDSAInvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"length\",\"type\":\"uint256\"}],\"name\":\"ECDSAInvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"ECDSAInvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"ERC2612ExpiredSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ERC2612InvalidSigner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"currentNonce\",\"type\":\"uint256\"}],\"name\":\"InvalidAccountNonce\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"version\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"}]",
	ID:  "USDC",
	Bin: "0x610160604052348015610010575f5ffd5b5060405161142c38038061142c83398101604081905261002f91610247565b80604051806040016040528060088152602001672aa9a21021b7b4b760c11b81525080604051806040016040528060018152602001603160f81b815250604051806040016040528060088152602001672aa9a21021b7b4b760c11b815250604051806040016040528060048152602001635553444360e01b81525081600390816100b99190610317565b5060046100c68282610317565b5050506100d8826101b960201b60201c565b610120526100e5816101b9565b61014052815160208084019190912060e052815190820120610100524660a05261017160e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c052506001600160a01b0381166101a957604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6101b2816101f6565b505061042d565b5f5f829050601f815111156101e3578260405163305a27a960e01b81526004016101a091906103d5565b80516101ee8261040a565b179392505050565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b5f60208284031215610257575f5ffd5b81516001600160a01b038116811461026d575f5ffd5b9392505050565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061029c57607f821691505b6020821081036102ba57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f821115610312578282111561031257805f5260205f20601f840160051c60208510156102eb57505f5b90810190601f840160051c035f5b8181101561030e575f838201556001016102f9565b5050505b505050565b81516001600160401b0381111561033057610330610274565b6103448161033e8454610288565b846102c0565b6020601f821160018114610376575f831561035f5750848201515b5f19600385901b1c1916600184901b1784556103ce565b5f84815260208120601f198516915b828110156103a55787850151825560209485019460019092019101610385565b50848210156103c257868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b805160208083015191908110156102ba575f1960209190910360031b1b16919050565b60805160a05160c05160e051610100516101205161014051610fae61047e5f395f6108a401525f61087901525f61077001525f61074801525f6106a301525f6106cd01525f6106f70152610fae5ff3fe608060405234801561000f575f5ffd5b5060043610610111575f3560e01c8063715018a61161009e57806395d89b411161006e57806395d89b411461023d578063a9059cbb14610245578063d505accf14610258578063dd62ed3e1461026b578063f2fde38b146102a3575f5ffd5b8063715018a6146101ec5780637ecebe00146101f457806384b0196e146102075780638da5cb5b14610222575f5ffd5b8063313ce567116100e4578063313ce5671461017b5780633644e5151461018a57806340c10f191461019257806354fd4d50146101a757806370a08231146101c4575f5ffd5b806306fdde0314610115578063095ea7b31461013357806318160ddd1461015657806323b872dd14610168575b5f5ffd5b61011d6102b6565b60405161012a9190610d2a565b60405180910390f35b610146610141366004610d5e565b610346565b604051901515815260200161012a565b6002545b60405190815260200161012a565b610146610176366004610d86565b61035f565b6040516006815260200161012a565b61015a610382565b6101a56101a0366004610d5e565b610390565b005b6040805180820190915260018152603160f81b602082015261011d565b61015a6101d2366004610dc0565b6001600160a01b03165f9081526020819052604090205490565b6101a56103a6565b61015a610202366004610dc0565b6103b9565b61020f6103d6565b60405161012a9796959493929190610dd9565b6008546040516001600160a01b03909116815260200161012a565b61011d610418565b610146610253366004610d5e565b610427565b6101a5610266366004610e6f565b610434565b61015a610279366004610edc565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b6101a56102b1366004610dc0565b61056f565b6060600380546102c590610f0d565b80601f01602080910402602001604051908101604052809291908181526020018280546102f190610f0d565b801561033c5780601f106103135761010080835404028352916020019161033c565b820191905f5260205f20905b81548152906001019060200180831161031f57829003601f168201915b5050505050905090565b5f336103538185856105ac565b60019150505b92915050565b5f3361036c8582856105be565b61037785858561063a565b506001949350505050565b5f61038b610697565b905090565b6103986107c0565b6103a282826107ed565b5050565b6103ae6107c0565b6103b75f610821565b565b6001600160a01b0381165f90815260076020526040812054610359565b5f6060805f5f5f60606103e7610872565b6103ef61089d565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b6060600480546102c590610f0d565b5f3361035381858561063a565b8342111561045d5760405163313c898160e11b8152600481018590526024015b60405180910390fd5b5f7f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98888886104a88c6001600160a01b03165f90815260076020526040902080546001810190915590565b6040805160208101969096526001600160a01b0394851690860152929091166060840152608083015260a082015260c0810186905260e0016040516020818303038152906040528051906020012090505f610502826108c8565b90505f610511828787876108f4565b9050896001600160a01b0316816001600160a01b031614610558576040516325c0072360e11b81526001600160a01b0380831660048301528b166024820152604401610454565b6105638a8a8a6105ac565b50505050505050505050565b6105776107c0565b6001600160a01b0381166105a057604051631e4fbdf760e01b81525f6004820152602401610454565b6105a981610821565b50565b6105b98383836001610920565b505050565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f19811015610634578181101561062657604051637dc7a0d960e11b81526001600160a01b03841660048201526024810182905260448101839052606401610454565b61063484848484035f610920565b50505050565b6001600160a01b03831661066357604051634b637e8f60e11b81525f6004820152602401610454565b6001600160a01b03821661068c5760405163ec442f0560e01b81525f6004820152602401610454565b6105b98383836109f2565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156106ef57507f000000000000000000000000000000000000000000000000000000000000000046145b1561071957507f000000000000000000000000000000000000000000000000000000000000000090565b61038b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b6008546001600160a01b031633146103b75760405163118cdaa760e01b8152336004820152602401610454565b6001600160a01b0382166108165760405163ec442f0560e01b81525f6004820152602401610454565b6103a25f83836109f2565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b606061038b7f0000000000000000000000000000000000000000000000000000000000000000610b18565b606061038b7f0000000000000000000000000000000000000000000000000000000000000000610b18565b5f6103596108d4610697565b8360405161190160f01b8152600281019290925260228201526042902090565b5f5f5f5f61090488888888610b55565b9250925092506109148282610c1d565b50909695505050505050565b6001600160a01b0384166109495760405163e602df0560e01b81525f6004820152602401610454565b6001600160a01b03831661097257604051634a1406b160e11b81525f6004820152602401610454565b6001600160a01b038085165f908152600160209081526040808320938716835292905220829055801561063457826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925846040516109e491815260200190565b60405180910390a350505050565b6001600160a01b038316610a1c578060025f828254610a119190610f45565b90915550610a8c9050565b6001600160a01b0383165f9081526020819052604090205481811015610a6e5760405163391434e360e21b81526001600160a01b03851660048201526024810182905260448101839052606401610454565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b038216610aa857600280548290039055610ac6565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051610b0b91815260200190565b60405180910390a3505050565b60605f610b2483610cd5565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0841115610b8e57505f91506003905082610c13565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa158015610bdf573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b038116610c0a57505f925060019150829050610c13565b92505f91508190505b9450945094915050565b5f826003811115610c3057610c30610f64565b03610c39575050565b6001826003811115610c4d57610c4d610f64565b03610c6b5760405163f645eedf60e01b815260040160405180910390fd5b6002826003811115610c7f57610c7f610f64565b03610ca05760405163fce698f760e01b815260048101829052602401610454565b6003826003811115610cb457610cb4610f64565b036103a2576040516335e2f38360e21b815260048101829052602401610454565b5f60ff8216601f81111561035957604051632cd44ac360e21b815260040160405180910390fd5b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f610d3c6020830184610cfc565b9392505050565b80356001600160a01b0381168114610d59575f5ffd5b919050565b5f5f60408385031215610d6f575f5ffd5b610d7883610d43565b946020939093013593505050565b5f5f5f60608486031215610d98575f5ffd5b610da184610d43565b9250610daf60208501610d43565b929592945050506040919091013590565b5f60208284031215610dd0575f5ffd5b610d3c82610d43565b60ff60f81b8816815260e060208201525f610df760e0830189610cfc565b8281036040840152610e098189610cfc565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b81811015610e5e578351835260209384019390920191600101610e40565b50909b9a5050505050505050505050565b5f5f5f5f5f5f5f60e0888a031215610e85575f5ffd5b610e8e88610d43565b9650610e9c60208901610d43565b95506040880135945060608801359350608088013560ff81168114610ebf575f5ffd5b9699959850939692959460a0840135945060c09093013592915050565b5f5f60408385031215610eed575f5ffd5b610ef683610d43565b9150610f0460208401610d43565b90509250929050565b600181811c90821680610f2157607f821691505b602082108103610f3f57634e487b7160e01b5f52602260045260245ffd5b50919050565b8082018082111561035957634e487b7160e01b5f52601160045260245ffd5b634e487b7160e01b5f52602160045260245ffdfea2646970667358221220af11135b6e9d9ca40fa6f2a51378ea636e6398167e20730d5a1f5b61d884849864736f6c63430008250033",
}

// USDC is an auto generated Go binding around an Ethereum contract.
type USDC struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *USDC) GetABI() abi.ABI {
	return c.abi
}

// NewUSDC creates a new instance of USDC.
func NewUSDC() *USDC {
	parsed, err := USDCMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &USDC{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *USDC) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address owner_) returns()
func (uSDC *USDC) PackConstructor(owner_ common.Address) []byte {
	enc, err := uSDC.abi.Pack("", owner_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDOMAINSEPARATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3644e515.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (uSDC *USDC) PackDOMAINSEPARATOR() []byte {
	enc, err := uSDC.abi.Pack("DOMAIN_SEPARATOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDOMAINSEPARATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3644e515.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (uSDC *USDC) TryPackDOMAINSEPARATOR() ([]byte, error) {
	return uSDC.abi.Pack("DOMAIN_SEPARATOR")
}

// UnpackDOMAINSEPARATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (uSDC *USDC) UnpackDOMAINSEPARATOR(data []byte) ([32]byte, error) {
	out, err := uSDC.abi.Unpack("DOMAIN_SEPARATOR", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (uSDC *USDC) PackAllowance(owner common.Address, spender common.Address) []byte {
	enc, err := uSDC.abi.Pack("allowance", owner, spender)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (uSDC *USDC) TryPackAllowance(owner common.Address, spender common.Address) ([]byte, error) {
	return uSDC.abi.Pack("allowance", owner, spender)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (uSDC *USDC) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := uSDC.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (uSDC *USDC) PackApprove(spender common.Address, value *big.Int) []byte {
	enc, err := uSDC.abi.Pack("approve", spender, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (uSDC *USDC) TryPackApprove(spender common.Address, value *big.Int) ([]byte, error) {
	return uSDC.abi.Pack("approve", spender, value)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (uSDC *USDC) UnpackApprove(data []byte) (bool, error) {
	out, err := uSDC.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (uSDC *USDC) PackBalanceOf(account common.Address) []byte {
	enc, err := uSDC.abi.Pack("balanceOf", account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (uSDC *USDC) TryPackBalanceOf(account common.Address) ([]byte, error) {
	return uSDC.abi.Pack("balanceOf", account)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (uSDC *USDC) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := uSDC.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() pure returns(uint8)
func (uSDC *USDC) PackDecimals() []byte {
	enc, err := uSDC.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() pure returns(uint8)
func (uSDC *USDC) TryPackDecimals() ([]byte, error) {
	return uSDC.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() pure returns(uint8)
func (uSDC *USDC) UnpackDecimals(data []byte) (uint8, error) {
	out, err := uSDC.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackEip712Domain is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x84b0196e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (uSDC *USDC) PackEip712Domain() []byte {
	enc, err := uSDC.abi.Pack("eip712Domain")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEip712Domain is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x84b0196e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (uSDC *USDC) TryPackEip712Domain() ([]byte, error) {
	return uSDC.abi.Pack("eip712Domain")
}

// Eip712DomainOutput serves as a container for the return parameters of contract
// method Eip712Domain.
type Eip712DomainOutput struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}

// UnpackEip712Domain is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (uSDC *USDC) UnpackEip712Domain(data []byte) (Eip712DomainOutput, error) {
	out, err := uSDC.abi.Unpack("eip712Domain", data)
	outstruct := new(Eip712DomainOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = abi.ConvertType(out[3], new(big.Int)).(*big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)
	return *outstruct, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (uSDC *USDC) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := uSDC.abi.Pack("mint", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (uSDC *USDC) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return uSDC.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (uSDC *USDC) PackName() []byte {
	enc, err := uSDC.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (uSDC *USDC) TryPackName() ([]byte, error) {
	return uSDC.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (uSDC *USDC) UnpackName(data []byte) (string, error) {
	out, err := uSDC.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ecebe00.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (uSDC *USDC) PackNonces(owner common.Address) []byte {
	enc, err := uSDC.abi.Pack("nonces", owner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ecebe00.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (uSDC *USDC) TryPackNonces(owner common.Address) ([]byte, error) {
	return uSDC.abi.Pack("nonces", owner)
}

// UnpackNonces is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (uSDC *USDC) UnpackNonces(data []byte) (*big.Int, error) {
	out, err := uSDC.abi.Unpack("nonces", data)
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
func (uSDC *USDC) PackOwner() []byte {
	enc, err := uSDC.abi.Pack("owner")
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
func (uSDC *USDC) TryPackOwner() ([]byte, error) {
	return uSDC.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (uSDC *USDC) UnpackOwner(data []byte) (common.Address, error) {
	out, err := uSDC.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd505accf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (uSDC *USDC) PackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := uSDC.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd505accf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (uSDC *USDC) TryPackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return uSDC.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (uSDC *USDC) PackRenounceOwnership() []byte {
	enc, err := uSDC.abi.Pack("renounceOwnership")
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
func (uSDC *USDC) TryPackRenounceOwnership() ([]byte, error) {
	return uSDC.abi.Pack("renounceOwnership")
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (uSDC *USDC) PackSymbol() []byte {
	enc, err := uSDC.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (uSDC *USDC) TryPackSymbol() ([]byte, error) {
	return uSDC.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (uSDC *USDC) UnpackSymbol(data []byte) (string, error) {
	out, err := uSDC.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (uSDC *USDC) PackTotalSupply() []byte {
	enc, err := uSDC.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (uSDC *USDC) TryPackTotalSupply() ([]byte, error) {
	return uSDC.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (uSDC *USDC) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := uSDC.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (uSDC *USDC) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := uSDC.abi.Pack("transfer", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (uSDC *USDC) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return uSDC.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (uSDC *USDC) UnpackTransfer(data []byte) (bool, error) {
	out, err := uSDC.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (uSDC *USDC) PackTransferFrom(from common.Address, to common.Address, value *big.Int) []byte {
	enc, err := uSDC.abi.Pack("transferFrom", from, to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (uSDC *USDC) TryPackTransferFrom(from common.Address, to common.Address, value *big.Int) ([]byte, error) {
	return uSDC.abi.Pack("transferFrom", from, to, value)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (uSDC *USDC) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := uSDC.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (uSDC *USDC) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := uSDC.abi.Pack("transferOwnership", newOwner)
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
func (uSDC *USDC) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return uSDC.abi.Pack("transferOwnership", newOwner)
}

// PackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function version() pure returns(string)
func (uSDC *USDC) PackVersion() []byte {
	enc, err := uSDC.abi.Pack("version")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function version() pure returns(string)
func (uSDC *USDC) TryPackVersion() ([]byte, error) {
	return uSDC.abi.Pack("version")
}

// UnpackVersion is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x54fd4d50.
//
// Solidity: function version() pure returns(string)
func (uSDC *USDC) UnpackVersion(data []byte) (string, error) {
	out, err := uSDC.abi.Unpack("version", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// USDCApproval represents a Approval event raised by the USDC contract.
type USDCApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const USDCApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (USDCApproval) ContractEventName() string {
	return USDCApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (uSDC *USDC) UnpackApprovalEvent(log *types.Log) (*USDCApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != uSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(USDCApproval)
	if len(log.Data) > 0 {
		if err := uSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range uSDC.abi.Events[event].Inputs {
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

// USDCEIP712DomainChanged represents a EIP712DomainChanged event raised by the USDC contract.
type USDCEIP712DomainChanged struct {
	Raw *types.Log // Blockchain specific contextual infos
}

const USDCEIP712DomainChangedEventName = "EIP712DomainChanged"

// ContractEventName returns the user-defined event name.
func (USDCEIP712DomainChanged) ContractEventName() string {
	return USDCEIP712DomainChangedEventName
}

// UnpackEIP712DomainChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP712DomainChanged()
func (uSDC *USDC) UnpackEIP712DomainChangedEvent(log *types.Log) (*USDCEIP712DomainChanged, error) {
	event := "EIP712DomainChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != uSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(USDCEIP712DomainChanged)
	if len(log.Data) > 0 {
		if err := uSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range uSDC.abi.Events[event].Inputs {
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

// USDCOwnershipTransferred represents a OwnershipTransferred event raised by the USDC contract.
type USDCOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const USDCOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (USDCOwnershipTransferred) ContractEventName() string {
	return USDCOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (uSDC *USDC) UnpackOwnershipTransferredEvent(log *types.Log) (*USDCOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != uSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(USDCOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := uSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range uSDC.abi.Events[event].Inputs {
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

// USDCTransfer represents a Transfer event raised by the USDC contract.
type USDCTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const USDCTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (USDCTransfer) ContractEventName() string {
	return USDCTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (uSDC *USDC) UnpackTransferEvent(log *types.Log) (*USDCTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != uSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(USDCTransfer)
	if len(log.Data) > 0 {
		if err := uSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range uSDC.abi.Events[event].Inputs {
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
func (uSDC *USDC) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ECDSAInvalidSignature"].ID.Bytes()[:4]) {
		return uSDC.UnpackECDSAInvalidSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ECDSAInvalidSignatureLength"].ID.Bytes()[:4]) {
		return uSDC.UnpackECDSAInvalidSignatureLengthError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ECDSAInvalidSignatureS"].ID.Bytes()[:4]) {
		return uSDC.UnpackECDSAInvalidSignatureSError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InsufficientAllowance"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InsufficientBalance"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InvalidApprover"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InvalidApproverError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InvalidReceiver"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InvalidReceiverError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InvalidSender"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InvalidSenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC20InvalidSpender"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC20InvalidSpenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC2612ExpiredSignature"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC2612ExpiredSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["ERC2612InvalidSigner"].ID.Bytes()[:4]) {
		return uSDC.UnpackERC2612InvalidSignerError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["InvalidAccountNonce"].ID.Bytes()[:4]) {
		return uSDC.UnpackInvalidAccountNonceError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["InvalidShortString"].ID.Bytes()[:4]) {
		return uSDC.UnpackInvalidShortStringError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return uSDC.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return uSDC.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], uSDC.abi.Errors["StringTooLong"].ID.Bytes()[:4]) {
		return uSDC.UnpackStringTooLongError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// USDCECDSAInvalidSignature represents a ECDSAInvalidSignature error raised by the USDC contract.
type USDCECDSAInvalidSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignature()
func USDCECDSAInvalidSignatureErrorID() common.Hash {
	return common.HexToHash("0xf645eedf0193584640b6b90cb9477e4c95b98636c148a891d4c0a146dc46e75a")
}

// UnpackECDSAInvalidSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignature()
func (uSDC *USDC) UnpackECDSAInvalidSignatureError(raw []byte) (*USDCECDSAInvalidSignature, error) {
	out := new(USDCECDSAInvalidSignature)
	if err := uSDC.abi.UnpackIntoInterface(out, "ECDSAInvalidSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCECDSAInvalidSignatureLength represents a ECDSAInvalidSignatureLength error raised by the USDC contract.
type USDCECDSAInvalidSignatureLength struct {
	Length *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignatureLength(uint256 length)
func USDCECDSAInvalidSignatureLengthErrorID() common.Hash {
	return common.HexToHash("0xfce698f7e8e5342cd615f641317bc45fe7e1e4a8b0a14dd1383ff8dc9c41917f")
}

// UnpackECDSAInvalidSignatureLengthError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignatureLength(uint256 length)
func (uSDC *USDC) UnpackECDSAInvalidSignatureLengthError(raw []byte) (*USDCECDSAInvalidSignatureLength, error) {
	out := new(USDCECDSAInvalidSignatureLength)
	if err := uSDC.abi.UnpackIntoInterface(out, "ECDSAInvalidSignatureLength", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCECDSAInvalidSignatureS represents a ECDSAInvalidSignatureS error raised by the USDC contract.
type USDCECDSAInvalidSignatureS struct {
	S [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignatureS(bytes32 s)
func USDCECDSAInvalidSignatureSErrorID() common.Hash {
	return common.HexToHash("0xd78bce0cccb935155ed6428d1c13e50b7f3550fd2b66b9fe266006fea4a5e1eb")
}

// UnpackECDSAInvalidSignatureSError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignatureS(bytes32 s)
func (uSDC *USDC) UnpackECDSAInvalidSignatureSError(raw []byte) (*USDCECDSAInvalidSignatureS, error) {
	out := new(USDCECDSAInvalidSignatureS)
	if err := uSDC.abi.UnpackIntoInterface(out, "ECDSAInvalidSignatureS", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InsufficientAllowance represents a ERC20InsufficientAllowance error raised by the USDC contract.
type USDCERC20InsufficientAllowance struct {
	Spender   common.Address
	Allowance *big.Int
	Needed    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func USDCERC20InsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0xfb8f41b23e99d2101d86da76cdfa87dd51c82ed07d3cb62cbc473e469dbc75c3")
}

// UnpackERC20InsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func (uSDC *USDC) UnpackERC20InsufficientAllowanceError(raw []byte) (*USDCERC20InsufficientAllowance, error) {
	out := new(USDCERC20InsufficientAllowance)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InsufficientBalance represents a ERC20InsufficientBalance error raised by the USDC contract.
type USDCERC20InsufficientBalance struct {
	Sender  common.Address
	Balance *big.Int
	Needed  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func USDCERC20InsufficientBalanceErrorID() common.Hash {
	return common.HexToHash("0xe450d38cd8d9f7d95077d567d60ed49c7254716e6ad08fc9872816c97e0ffec6")
}

// UnpackERC20InsufficientBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func (uSDC *USDC) UnpackERC20InsufficientBalanceError(raw []byte) (*USDCERC20InsufficientBalance, error) {
	out := new(USDCERC20InsufficientBalance)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InsufficientBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InvalidApprover represents a ERC20InvalidApprover error raised by the USDC contract.
type USDCERC20InvalidApprover struct {
	Approver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidApprover(address approver)
func USDCERC20InvalidApproverErrorID() common.Hash {
	return common.HexToHash("0xe602df05cc75712490294c6c104ab7c17f4030363910a7a2626411c6d3118847")
}

// UnpackERC20InvalidApproverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidApprover(address approver)
func (uSDC *USDC) UnpackERC20InvalidApproverError(raw []byte) (*USDCERC20InvalidApprover, error) {
	out := new(USDCERC20InvalidApprover)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InvalidApprover", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InvalidReceiver represents a ERC20InvalidReceiver error raised by the USDC contract.
type USDCERC20InvalidReceiver struct {
	Receiver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func USDCERC20InvalidReceiverErrorID() common.Hash {
	return common.HexToHash("0xec442f055133b72f3b2f9f0bb351c406b178527de2040a7d1feb4e058771f613")
}

// UnpackERC20InvalidReceiverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func (uSDC *USDC) UnpackERC20InvalidReceiverError(raw []byte) (*USDCERC20InvalidReceiver, error) {
	out := new(USDCERC20InvalidReceiver)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InvalidReceiver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InvalidSender represents a ERC20InvalidSender error raised by the USDC contract.
type USDCERC20InvalidSender struct {
	Sender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSender(address sender)
func USDCERC20InvalidSenderErrorID() common.Hash {
	return common.HexToHash("0x96c6fd1edd0cd6ef7ff0ecc0facdf53148dc0048b57fe58af65755250a7a96bd")
}

// UnpackERC20InvalidSenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSender(address sender)
func (uSDC *USDC) UnpackERC20InvalidSenderError(raw []byte) (*USDCERC20InvalidSender, error) {
	out := new(USDCERC20InvalidSender)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InvalidSender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC20InvalidSpender represents a ERC20InvalidSpender error raised by the USDC contract.
type USDCERC20InvalidSpender struct {
	Spender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSpender(address spender)
func USDCERC20InvalidSpenderErrorID() common.Hash {
	return common.HexToHash("0x94280d62c347d8d9f4d59a76ea321452406db88df38e0c9da304f58b57b373a2")
}

// UnpackERC20InvalidSpenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSpender(address spender)
func (uSDC *USDC) UnpackERC20InvalidSpenderError(raw []byte) (*USDCERC20InvalidSpender, error) {
	out := new(USDCERC20InvalidSpender)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC20InvalidSpender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC2612ExpiredSignature represents a ERC2612ExpiredSignature error raised by the USDC contract.
type USDCERC2612ExpiredSignature struct {
	Deadline *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC2612ExpiredSignature(uint256 deadline)
func USDCERC2612ExpiredSignatureErrorID() common.Hash {
	return common.HexToHash("0x627913023c184eaad13735d5a3d2657ae76ec9a872a70e0fc57522ef1a114d58")
}

// UnpackERC2612ExpiredSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC2612ExpiredSignature(uint256 deadline)
func (uSDC *USDC) UnpackERC2612ExpiredSignatureError(raw []byte) (*USDCERC2612ExpiredSignature, error) {
	out := new(USDCERC2612ExpiredSignature)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC2612ExpiredSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCERC2612InvalidSigner represents a ERC2612InvalidSigner error raised by the USDC contract.
type USDCERC2612InvalidSigner struct {
	Signer common.Address
	Owner  common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC2612InvalidSigner(address signer, address owner)
func USDCERC2612InvalidSignerErrorID() common.Hash {
	return common.HexToHash("0x4b800e463b323b1d856edf9dec70329a639d13874a57f5c28219ff57128756db")
}

// UnpackERC2612InvalidSignerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC2612InvalidSigner(address signer, address owner)
func (uSDC *USDC) UnpackERC2612InvalidSignerError(raw []byte) (*USDCERC2612InvalidSigner, error) {
	out := new(USDCERC2612InvalidSigner)
	if err := uSDC.abi.UnpackIntoInterface(out, "ERC2612InvalidSigner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCInvalidAccountNonce represents a InvalidAccountNonce error raised by the USDC contract.
type USDCInvalidAccountNonce struct {
	Account      common.Address
	CurrentNonce *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAccountNonce(address account, uint256 currentNonce)
func USDCInvalidAccountNonceErrorID() common.Hash {
	return common.HexToHash("0x752d88c0de02638abf10e8e31861e4c68dc1f3a1e7d840e580683f2c282bfc7a")
}

// UnpackInvalidAccountNonceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAccountNonce(address account, uint256 currentNonce)
func (uSDC *USDC) UnpackInvalidAccountNonceError(raw []byte) (*USDCInvalidAccountNonce, error) {
	out := new(USDCInvalidAccountNonce)
	if err := uSDC.abi.UnpackIntoInterface(out, "InvalidAccountNonce", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCInvalidShortString represents a InvalidShortString error raised by the USDC contract.
type USDCInvalidShortString struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidShortString()
func USDCInvalidShortStringErrorID() common.Hash {
	return common.HexToHash("0xb3512b0c6163e5f0bafab72bb631b9d58cd7a731b082f910338aa21c83d5c274")
}

// UnpackInvalidShortStringError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidShortString()
func (uSDC *USDC) UnpackInvalidShortStringError(raw []byte) (*USDCInvalidShortString, error) {
	out := new(USDCInvalidShortString)
	if err := uSDC.abi.UnpackIntoInterface(out, "InvalidShortString", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the USDC contract.
type USDCOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func USDCOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (uSDC *USDC) UnpackOwnableInvalidOwnerError(raw []byte) (*USDCOwnableInvalidOwner, error) {
	out := new(USDCOwnableInvalidOwner)
	if err := uSDC.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the USDC contract.
type USDCOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func USDCOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (uSDC *USDC) UnpackOwnableUnauthorizedAccountError(raw []byte) (*USDCOwnableUnauthorizedAccount, error) {
	out := new(USDCOwnableUnauthorizedAccount)
	if err := uSDC.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// USDCStringTooLong represents a StringTooLong error raised by the USDC contract.
type USDCStringTooLong struct {
	Str string
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StringTooLong(string str)
func USDCStringTooLongErrorID() common.Hash {
	return common.HexToHash("0x305a27a93f8e33b7392df0a0f91d6fc63847395853c45991eec52dbf24d72381")
}

// UnpackStringTooLongError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StringTooLong(string str)
func (uSDC *USDC) UnpackStringTooLongError(raw []byte) (*USDCStringTooLong, error) {
	out := new(USDCStringTooLong)
	if err := uSDC.abi.UnpackIntoInterface(out, "StringTooLong", raw); err != nil {
		return nil, err
	}
	return out, nil
}
