// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package fiattoken

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

// FiatTokenMetaData contains all meta data concerning the FiatToken contract.
var FiatTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"ECDSAInvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"length\",\"type\":\"uint256\"}],\"name\":\"ECDSAInvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"ECDSAInvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"ERC2612ExpiredSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ERC2612InvalidSigner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"currentNonce\",\"type\":\"uint256\"}],\"name\":\"InvalidAccountNonce\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "FiatToken",
	Bin: "0x610180604052348015610010575f5ffd5b506040516114d43803806114d483398101604081905261002f91610292565b808480604051806040016040528060018152602001603160f81b8152508787816003908161005d91906103bb565b50600461006a82826103bb565b50505061007c8261016760201b60201c565b6101205261008981610167565b61014052815160208084019190912060e052815190820120610100524660a05261011560e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c052506001600160a01b03811661014d57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b610156816101a4565b505060ff1661016052506104d19050565b5f5f829050601f81511115610191578260405163305a27a960e01b81526004016101449190610479565b805161019c826104ae565b179392505050565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b634e487b7160e01b5f52604160045260245ffd5b5f82601f830112610218575f5ffd5b81516001600160401b03811115610231576102316101f5565b604051601f8201601f19908116603f011681016001600160401b038111828210171561025f5761025f6101f5565b604052818152838201602001851015610276575f5ffd5b8160208501602083015e5f918101602001919091529392505050565b5f5f5f5f608085870312156102a5575f5ffd5b84516001600160401b038111156102ba575f5ffd5b6102c687828801610209565b602087015190955090506001600160401b038111156102e3575f5ffd5b6102ef87828801610209565b935050604085015160ff81168114610305575f5ffd5b60608601519092506001600160a01b0381168114610321575f5ffd5b939692955090935050565b600181811c9082168061034057607f821691505b60208210810361035e57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156103b657828211156103b657805f5260205f20601f840160051c602085101561038f57505f5b90810190601f840160051c035f5b818110156103b2575f8382015560010161039d565b5050505b505050565b81516001600160401b038111156103d4576103d46101f5565b6103e8816103e2845461032c565b84610364565b6020601f82116001811461041a575f83156104035750848201515b5f19600385901b1c1916600184901b178455610472565b5f84815260208120601f198516915b828110156104495787850151825560209485019460019092019101610429565b508482101561046657868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b8051602080830151919081101561035e575f1960209190910360031b1b16919050565b60805160a05160c05160e05161010051610120516101405161016051610fa861052c5f395f61017701525f61089e01525f61087301525f61076a01525f61074201525f61069d01525f6106c701525f6106f10152610fa85ff3fe608060405234801561000f575f5ffd5b5060043610610106575f3560e01c8063715018a61161009e57806395d89b411161006e57806395d89b4114610237578063a9059cbb1461023f578063d505accf14610252578063dd62ed3e14610265578063f2fde38b1461029d575f5ffd5b8063715018a6146101e65780637ecebe00146101ee57806384b0196e146102015780638da5cb5b1461021c575f5ffd5b8063313ce567116100d9578063313ce567146101705780633644e515146101a157806340c10f19146101a957806370a08231146101be575f5ffd5b806306fdde031461010a578063095ea7b31461012857806318160ddd1461014b57806323b872dd1461015d575b5f5ffd5b6101126102b0565b60405161011f9190610d24565b60405180910390f35b61013b610136366004610d58565b610340565b604051901515815260200161011f565b6002545b60405190815260200161011f565b61013b61016b366004610d80565b610359565b60405160ff7f000000000000000000000000000000000000000000000000000000000000000016815260200161011f565b61014f61037c565b6101bc6101b7366004610d58565b61038a565b005b61014f6101cc366004610dba565b6001600160a01b03165f9081526020819052604090205490565b6101bc6103a0565b61014f6101fc366004610dba565b6103b3565b6102096103d0565b60405161011f9796959493929190610dd3565b6008546040516001600160a01b03909116815260200161011f565b610112610412565b61013b61024d366004610d58565b610421565b6101bc610260366004610e69565b61042e565b61014f610273366004610ed6565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b6101bc6102ab366004610dba565b610569565b6060600380546102bf90610f07565b80601f01602080910402602001604051908101604052809291908181526020018280546102eb90610f07565b80156103365780601f1061030d57610100808354040283529160200191610336565b820191905f5260205f20905b81548152906001019060200180831161031957829003601f168201915b5050505050905090565b5f3361034d8185856105a6565b60019150505b92915050565b5f336103668582856105b8565b610371858585610634565b506001949350505050565b5f610385610691565b905090565b6103926107ba565b61039c82826107e7565b5050565b6103a86107ba565b6103b15f61081b565b565b6001600160a01b0381165f90815260076020526040812054610353565b5f6060805f5f5f60606103e161086c565b6103e9610897565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b6060600480546102bf90610f07565b5f3361034d818585610634565b834211156104575760405163313c898160e11b8152600481018590526024015b60405180910390fd5b5f7f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98888886104a28c6001600160a01b03165f90815260076020526040902080546001810190915590565b6040805160208101969096526001600160a01b0394851690860152929091166060840152608083015260a082015260c0810186905260e0016040516020818303038152906040528051906020012090505f6104fc826108c2565b90505f61050b828787876108ee565b9050896001600160a01b0316816001600160a01b031614610552576040516325c0072360e11b81526001600160a01b0380831660048301528b16602482015260440161044e565b61055d8a8a8a6105a6565b50505050505050505050565b6105716107ba565b6001600160a01b03811661059a57604051631e4fbdf760e01b81525f600482015260240161044e565b6105a38161081b565b50565b6105b3838383600161091a565b505050565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f1981101561062e578181101561062057604051637dc7a0d960e11b81526001600160a01b0384166004820152602481018290526044810183905260640161044e565b61062e84848484035f61091a565b50505050565b6001600160a01b03831661065d57604051634b637e8f60e11b81525f600482015260240161044e565b6001600160a01b0382166106865760405163ec442f0560e01b81525f600482015260240161044e565b6105b38383836109ec565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156106e957507f000000000000000000000000000000000000000000000000000000000000000046145b1561071357507f000000000000000000000000000000000000000000000000000000000000000090565b610385604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b6008546001600160a01b031633146103b15760405163118cdaa760e01b815233600482015260240161044e565b6001600160a01b0382166108105760405163ec442f0560e01b81525f600482015260240161044e565b61039c5f83836109ec565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b60606103857f0000000000000000000000000000000000000000000000000000000000000000610b12565b60606103857f0000000000000000000000000000000000000000000000000000000000000000610b12565b5f6103536108ce610691565b8360405161190160f01b8152600281019290925260228201526042902090565b5f5f5f5f6108fe88888888610b4f565b92509250925061090e8282610c17565b50909695505050505050565b6001600160a01b0384166109435760405163e602df0560e01b81525f600482015260240161044e565b6001600160a01b03831661096c57604051634a1406b160e11b81525f600482015260240161044e565b6001600160a01b038085165f908152600160209081526040808320938716835292905220829055801561062e57826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925846040516109de91815260200190565b60405180910390a350505050565b6001600160a01b038316610a16578060025f828254610a0b9190610f3f565b90915550610a869050565b6001600160a01b0383165f9081526020819052604090205481811015610a685760405163391434e360e21b81526001600160a01b0385166004820152602481018290526044810183905260640161044e565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b038216610aa257600280548290039055610ac0565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051610b0591815260200190565b60405180910390a3505050565b60605f610b1e83610ccf565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0841115610b8857505f91506003905082610c0d565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa158015610bd9573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b038116610c0457505f925060019150829050610c0d565b92505f91508190505b9450945094915050565b5f826003811115610c2a57610c2a610f5e565b03610c33575050565b6001826003811115610c4757610c47610f5e565b03610c655760405163f645eedf60e01b815260040160405180910390fd5b6002826003811115610c7957610c79610f5e565b03610c9a5760405163fce698f760e01b81526004810182905260240161044e565b6003826003811115610cae57610cae610f5e565b0361039c576040516335e2f38360e21b81526004810182905260240161044e565b5f60ff8216601f81111561035357604051632cd44ac360e21b815260040160405180910390fd5b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f610d366020830184610cf6565b9392505050565b80356001600160a01b0381168114610d53575f5ffd5b919050565b5f5f60408385031215610d69575f5ffd5b610d7283610d3d565b946020939093013593505050565b5f5f5f60608486031215610d92575f5ffd5b610d9b84610d3d565b9250610da960208501610d3d565b929592945050506040919091013590565b5f60208284031215610dca575f5ffd5b610d3682610d3d565b60ff60f81b8816815260e060208201525f610df160e0830189610cf6565b8281036040840152610e038189610cf6565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b81811015610e58578351835260209384019390920191600101610e3a565b50909b9a5050505050505050505050565b5f5f5f5f5f5f5f60e0888a031215610e7f575f5ffd5b610e8888610d3d565b9650610e9660208901610d3d565b95506040880135945060608801359350608088013560ff81168114610eb9575f5ffd5b9699959850939692959460a0840135945060c09093013592915050565b5f5f60408385031215610ee7575f5ffd5b610ef083610d3d565b9150610efe60208401610d3d565b90509250929050565b600181811c90821680610f1b57607f821691505b602082108103610f3957634e487b7160e01b5f52602260045260245ffd5b50919050565b8082018082111561035357634e487b7160e01b5f52601160045260245ffd5b634e487b7160e01b5f52602160045260245ffdfea26469706673582212201a3a65b0370a570245313e86e2cc2659176d295971f4c8c3a505fd761eec22e264736f6c63430008250033",
}

// FiatToken is an auto generated Go binding around an Ethereum contract.
type FiatToken struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *FiatToken) GetABI() abi.ABI {
	return c.abi
}

// NewFiatToken creates a new instance of FiatToken.
func NewFiatToken() *FiatToken {
	parsed, err := FiatTokenMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &FiatToken{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *FiatToken) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string symbol_, uint8 decimals_, address owner_) returns()
func (fiatToken *FiatToken) PackConstructor(name_ string, symbol_ string, decimals_ uint8, owner_ common.Address) []byte {
	enc, err := fiatToken.abi.Pack("", name_, symbol_, decimals_, owner_)
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
func (fiatToken *FiatToken) PackDOMAINSEPARATOR() []byte {
	enc, err := fiatToken.abi.Pack("DOMAIN_SEPARATOR")
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
func (fiatToken *FiatToken) TryPackDOMAINSEPARATOR() ([]byte, error) {
	return fiatToken.abi.Pack("DOMAIN_SEPARATOR")
}

// UnpackDOMAINSEPARATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (fiatToken *FiatToken) UnpackDOMAINSEPARATOR(data []byte) ([32]byte, error) {
	out, err := fiatToken.abi.Unpack("DOMAIN_SEPARATOR", data)
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
func (fiatToken *FiatToken) PackAllowance(owner common.Address, spender common.Address) []byte {
	enc, err := fiatToken.abi.Pack("allowance", owner, spender)
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
func (fiatToken *FiatToken) TryPackAllowance(owner common.Address, spender common.Address) ([]byte, error) {
	return fiatToken.abi.Pack("allowance", owner, spender)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (fiatToken *FiatToken) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := fiatToken.abi.Unpack("allowance", data)
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
func (fiatToken *FiatToken) PackApprove(spender common.Address, value *big.Int) []byte {
	enc, err := fiatToken.abi.Pack("approve", spender, value)
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
func (fiatToken *FiatToken) TryPackApprove(spender common.Address, value *big.Int) ([]byte, error) {
	return fiatToken.abi.Pack("approve", spender, value)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (fiatToken *FiatToken) UnpackApprove(data []byte) (bool, error) {
	out, err := fiatToken.abi.Unpack("approve", data)
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
func (fiatToken *FiatToken) PackBalanceOf(account common.Address) []byte {
	enc, err := fiatToken.abi.Pack("balanceOf", account)
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
func (fiatToken *FiatToken) TryPackBalanceOf(account common.Address) ([]byte, error) {
	return fiatToken.abi.Pack("balanceOf", account)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (fiatToken *FiatToken) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := fiatToken.abi.Unpack("balanceOf", data)
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
// Solidity: function decimals() view returns(uint8)
func (fiatToken *FiatToken) PackDecimals() []byte {
	enc, err := fiatToken.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (fiatToken *FiatToken) TryPackDecimals() ([]byte, error) {
	return fiatToken.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (fiatToken *FiatToken) UnpackDecimals(data []byte) (uint8, error) {
	out, err := fiatToken.abi.Unpack("decimals", data)
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
func (fiatToken *FiatToken) PackEip712Domain() []byte {
	enc, err := fiatToken.abi.Pack("eip712Domain")
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
func (fiatToken *FiatToken) TryPackEip712Domain() ([]byte, error) {
	return fiatToken.abi.Pack("eip712Domain")
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
func (fiatToken *FiatToken) UnpackEip712Domain(data []byte) (Eip712DomainOutput, error) {
	out, err := fiatToken.abi.Unpack("eip712Domain", data)
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
func (fiatToken *FiatToken) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := fiatToken.abi.Pack("mint", to, amount)
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
func (fiatToken *FiatToken) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return fiatToken.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (fiatToken *FiatToken) PackName() []byte {
	enc, err := fiatToken.abi.Pack("name")
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
func (fiatToken *FiatToken) TryPackName() ([]byte, error) {
	return fiatToken.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (fiatToken *FiatToken) UnpackName(data []byte) (string, error) {
	out, err := fiatToken.abi.Unpack("name", data)
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
func (fiatToken *FiatToken) PackNonces(owner common.Address) []byte {
	enc, err := fiatToken.abi.Pack("nonces", owner)
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
func (fiatToken *FiatToken) TryPackNonces(owner common.Address) ([]byte, error) {
	return fiatToken.abi.Pack("nonces", owner)
}

// UnpackNonces is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (fiatToken *FiatToken) UnpackNonces(data []byte) (*big.Int, error) {
	out, err := fiatToken.abi.Unpack("nonces", data)
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
func (fiatToken *FiatToken) PackOwner() []byte {
	enc, err := fiatToken.abi.Pack("owner")
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
func (fiatToken *FiatToken) TryPackOwner() ([]byte, error) {
	return fiatToken.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (fiatToken *FiatToken) UnpackOwner(data []byte) (common.Address, error) {
	out, err := fiatToken.abi.Unpack("owner", data)
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
func (fiatToken *FiatToken) PackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := fiatToken.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
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
func (fiatToken *FiatToken) TryPackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return fiatToken.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (fiatToken *FiatToken) PackRenounceOwnership() []byte {
	enc, err := fiatToken.abi.Pack("renounceOwnership")
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
func (fiatToken *FiatToken) TryPackRenounceOwnership() ([]byte, error) {
	return fiatToken.abi.Pack("renounceOwnership")
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (fiatToken *FiatToken) PackSymbol() []byte {
	enc, err := fiatToken.abi.Pack("symbol")
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
func (fiatToken *FiatToken) TryPackSymbol() ([]byte, error) {
	return fiatToken.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (fiatToken *FiatToken) UnpackSymbol(data []byte) (string, error) {
	out, err := fiatToken.abi.Unpack("symbol", data)
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
func (fiatToken *FiatToken) PackTotalSupply() []byte {
	enc, err := fiatToken.abi.Pack("totalSupply")
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
func (fiatToken *FiatToken) TryPackTotalSupply() ([]byte, error) {
	return fiatToken.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (fiatToken *FiatToken) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := fiatToken.abi.Unpack("totalSupply", data)
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
func (fiatToken *FiatToken) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := fiatToken.abi.Pack("transfer", to, value)
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
func (fiatToken *FiatToken) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return fiatToken.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (fiatToken *FiatToken) UnpackTransfer(data []byte) (bool, error) {
	out, err := fiatToken.abi.Unpack("transfer", data)
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
func (fiatToken *FiatToken) PackTransferFrom(from common.Address, to common.Address, value *big.Int) []byte {
	enc, err := fiatToken.abi.Pack("transferFrom", from, to, value)
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
func (fiatToken *FiatToken) TryPackTransferFrom(from common.Address, to common.Address, value *big.Int) ([]byte, error) {
	return fiatToken.abi.Pack("transferFrom", from, to, value)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (fiatToken *FiatToken) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := fiatToken.abi.Unpack("transferFrom", data)
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
func (fiatToken *FiatToken) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := fiatToken.abi.Pack("transferOwnership", newOwner)
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
func (fiatToken *FiatToken) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return fiatToken.abi.Pack("transferOwnership", newOwner)
}

// FiatTokenApproval represents a Approval event raised by the FiatToken contract.
type FiatTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const FiatTokenApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (FiatTokenApproval) ContractEventName() string {
	return FiatTokenApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (fiatToken *FiatToken) UnpackApprovalEvent(log *types.Log) (*FiatTokenApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenApproval)
	if len(log.Data) > 0 {
		if err := fiatToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range fiatToken.abi.Events[event].Inputs {
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

// FiatTokenEIP712DomainChanged represents a EIP712DomainChanged event raised by the FiatToken contract.
type FiatTokenEIP712DomainChanged struct {
	Raw *types.Log // Blockchain specific contextual infos
}

const FiatTokenEIP712DomainChangedEventName = "EIP712DomainChanged"

// ContractEventName returns the user-defined event name.
func (FiatTokenEIP712DomainChanged) ContractEventName() string {
	return FiatTokenEIP712DomainChangedEventName
}

// UnpackEIP712DomainChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP712DomainChanged()
func (fiatToken *FiatToken) UnpackEIP712DomainChangedEvent(log *types.Log) (*FiatTokenEIP712DomainChanged, error) {
	event := "EIP712DomainChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenEIP712DomainChanged)
	if len(log.Data) > 0 {
		if err := fiatToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range fiatToken.abi.Events[event].Inputs {
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

// FiatTokenOwnershipTransferred represents a OwnershipTransferred event raised by the FiatToken contract.
type FiatTokenOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const FiatTokenOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (FiatTokenOwnershipTransferred) ContractEventName() string {
	return FiatTokenOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (fiatToken *FiatToken) UnpackOwnershipTransferredEvent(log *types.Log) (*FiatTokenOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := fiatToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range fiatToken.abi.Events[event].Inputs {
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

// FiatTokenTransfer represents a Transfer event raised by the FiatToken contract.
type FiatTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const FiatTokenTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (FiatTokenTransfer) ContractEventName() string {
	return FiatTokenTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (fiatToken *FiatToken) UnpackTransferEvent(log *types.Log) (*FiatTokenTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenTransfer)
	if len(log.Data) > 0 {
		if err := fiatToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range fiatToken.abi.Events[event].Inputs {
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
func (fiatToken *FiatToken) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ECDSAInvalidSignature"].ID.Bytes()[:4]) {
		return fiatToken.UnpackECDSAInvalidSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ECDSAInvalidSignatureLength"].ID.Bytes()[:4]) {
		return fiatToken.UnpackECDSAInvalidSignatureLengthError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ECDSAInvalidSignatureS"].ID.Bytes()[:4]) {
		return fiatToken.UnpackECDSAInvalidSignatureSError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InsufficientAllowance"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InsufficientBalance"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InvalidApprover"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InvalidApproverError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InvalidReceiver"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InvalidReceiverError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InvalidSender"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InvalidSenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC20InvalidSpender"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC20InvalidSpenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC2612ExpiredSignature"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC2612ExpiredSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["ERC2612InvalidSigner"].ID.Bytes()[:4]) {
		return fiatToken.UnpackERC2612InvalidSignerError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["InvalidAccountNonce"].ID.Bytes()[:4]) {
		return fiatToken.UnpackInvalidAccountNonceError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["InvalidShortString"].ID.Bytes()[:4]) {
		return fiatToken.UnpackInvalidShortStringError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return fiatToken.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return fiatToken.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["StringTooLong"].ID.Bytes()[:4]) {
		return fiatToken.UnpackStringTooLongError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// FiatTokenECDSAInvalidSignature represents a ECDSAInvalidSignature error raised by the FiatToken contract.
type FiatTokenECDSAInvalidSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignature()
func FiatTokenECDSAInvalidSignatureErrorID() common.Hash {
	return common.HexToHash("0xf645eedf0193584640b6b90cb9477e4c95b98636c148a891d4c0a146dc46e75a")
}

// UnpackECDSAInvalidSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignature()
func (fiatToken *FiatToken) UnpackECDSAInvalidSignatureError(raw []byte) (*FiatTokenECDSAInvalidSignature, error) {
	out := new(FiatTokenECDSAInvalidSignature)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ECDSAInvalidSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenECDSAInvalidSignatureLength represents a ECDSAInvalidSignatureLength error raised by the FiatToken contract.
type FiatTokenECDSAInvalidSignatureLength struct {
	Length *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignatureLength(uint256 length)
func FiatTokenECDSAInvalidSignatureLengthErrorID() common.Hash {
	return common.HexToHash("0xfce698f7e8e5342cd615f641317bc45fe7e1e4a8b0a14dd1383ff8dc9c41917f")
}

// UnpackECDSAInvalidSignatureLengthError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignatureLength(uint256 length)
func (fiatToken *FiatToken) UnpackECDSAInvalidSignatureLengthError(raw []byte) (*FiatTokenECDSAInvalidSignatureLength, error) {
	out := new(FiatTokenECDSAInvalidSignatureLength)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ECDSAInvalidSignatureLength", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenECDSAInvalidSignatureS represents a ECDSAInvalidSignatureS error raised by the FiatToken contract.
type FiatTokenECDSAInvalidSignatureS struct {
	S [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ECDSAInvalidSignatureS(bytes32 s)
func FiatTokenECDSAInvalidSignatureSErrorID() common.Hash {
	return common.HexToHash("0xd78bce0cccb935155ed6428d1c13e50b7f3550fd2b66b9fe266006fea4a5e1eb")
}

// UnpackECDSAInvalidSignatureSError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ECDSAInvalidSignatureS(bytes32 s)
func (fiatToken *FiatToken) UnpackECDSAInvalidSignatureSError(raw []byte) (*FiatTokenECDSAInvalidSignatureS, error) {
	out := new(FiatTokenECDSAInvalidSignatureS)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ECDSAInvalidSignatureS", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InsufficientAllowance represents a ERC20InsufficientAllowance error raised by the FiatToken contract.
type FiatTokenERC20InsufficientAllowance struct {
	Spender   common.Address
	Allowance *big.Int
	Needed    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func FiatTokenERC20InsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0xfb8f41b23e99d2101d86da76cdfa87dd51c82ed07d3cb62cbc473e469dbc75c3")
}

// UnpackERC20InsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func (fiatToken *FiatToken) UnpackERC20InsufficientAllowanceError(raw []byte) (*FiatTokenERC20InsufficientAllowance, error) {
	out := new(FiatTokenERC20InsufficientAllowance)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InsufficientBalance represents a ERC20InsufficientBalance error raised by the FiatToken contract.
type FiatTokenERC20InsufficientBalance struct {
	Sender  common.Address
	Balance *big.Int
	Needed  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func FiatTokenERC20InsufficientBalanceErrorID() common.Hash {
	return common.HexToHash("0xe450d38cd8d9f7d95077d567d60ed49c7254716e6ad08fc9872816c97e0ffec6")
}

// UnpackERC20InsufficientBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func (fiatToken *FiatToken) UnpackERC20InsufficientBalanceError(raw []byte) (*FiatTokenERC20InsufficientBalance, error) {
	out := new(FiatTokenERC20InsufficientBalance)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InsufficientBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InvalidApprover represents a ERC20InvalidApprover error raised by the FiatToken contract.
type FiatTokenERC20InvalidApprover struct {
	Approver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidApprover(address approver)
func FiatTokenERC20InvalidApproverErrorID() common.Hash {
	return common.HexToHash("0xe602df05cc75712490294c6c104ab7c17f4030363910a7a2626411c6d3118847")
}

// UnpackERC20InvalidApproverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidApprover(address approver)
func (fiatToken *FiatToken) UnpackERC20InvalidApproverError(raw []byte) (*FiatTokenERC20InvalidApprover, error) {
	out := new(FiatTokenERC20InvalidApprover)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InvalidApprover", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InvalidReceiver represents a ERC20InvalidReceiver error raised by the FiatToken contract.
type FiatTokenERC20InvalidReceiver struct {
	Receiver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func FiatTokenERC20InvalidReceiverErrorID() common.Hash {
	return common.HexToHash("0xec442f055133b72f3b2f9f0bb351c406b178527de2040a7d1feb4e058771f613")
}

// UnpackERC20InvalidReceiverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func (fiatToken *FiatToken) UnpackERC20InvalidReceiverError(raw []byte) (*FiatTokenERC20InvalidReceiver, error) {
	out := new(FiatTokenERC20InvalidReceiver)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InvalidReceiver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InvalidSender represents a ERC20InvalidSender error raised by the FiatToken contract.
type FiatTokenERC20InvalidSender struct {
	Sender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSender(address sender)
func FiatTokenERC20InvalidSenderErrorID() common.Hash {
	return common.HexToHash("0x96c6fd1edd0cd6ef7ff0ecc0facdf53148dc0048b57fe58af65755250a7a96bd")
}

// UnpackERC20InvalidSenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSender(address sender)
func (fiatToken *FiatToken) UnpackERC20InvalidSenderError(raw []byte) (*FiatTokenERC20InvalidSender, error) {
	out := new(FiatTokenERC20InvalidSender)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InvalidSender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC20InvalidSpender represents a ERC20InvalidSpender error raised by the FiatToken contract.
type FiatTokenERC20InvalidSpender struct {
	Spender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSpender(address spender)
func FiatTokenERC20InvalidSpenderErrorID() common.Hash {
	return common.HexToHash("0x94280d62c347d8d9f4d59a76ea321452406db88df38e0c9da304f58b57b373a2")
}

// UnpackERC20InvalidSpenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSpender(address spender)
func (fiatToken *FiatToken) UnpackERC20InvalidSpenderError(raw []byte) (*FiatTokenERC20InvalidSpender, error) {
	out := new(FiatTokenERC20InvalidSpender)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC20InvalidSpender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC2612ExpiredSignature represents a ERC2612ExpiredSignature error raised by the FiatToken contract.
type FiatTokenERC2612ExpiredSignature struct {
	Deadline *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC2612ExpiredSignature(uint256 deadline)
func FiatTokenERC2612ExpiredSignatureErrorID() common.Hash {
	return common.HexToHash("0x627913023c184eaad13735d5a3d2657ae76ec9a872a70e0fc57522ef1a114d58")
}

// UnpackERC2612ExpiredSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC2612ExpiredSignature(uint256 deadline)
func (fiatToken *FiatToken) UnpackERC2612ExpiredSignatureError(raw []byte) (*FiatTokenERC2612ExpiredSignature, error) {
	out := new(FiatTokenERC2612ExpiredSignature)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC2612ExpiredSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenERC2612InvalidSigner represents a ERC2612InvalidSigner error raised by the FiatToken contract.
type FiatTokenERC2612InvalidSigner struct {
	Signer common.Address
	Owner  common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC2612InvalidSigner(address signer, address owner)
func FiatTokenERC2612InvalidSignerErrorID() common.Hash {
	return common.HexToHash("0x4b800e463b323b1d856edf9dec70329a639d13874a57f5c28219ff57128756db")
}

// UnpackERC2612InvalidSignerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC2612InvalidSigner(address signer, address owner)
func (fiatToken *FiatToken) UnpackERC2612InvalidSignerError(raw []byte) (*FiatTokenERC2612InvalidSigner, error) {
	out := new(FiatTokenERC2612InvalidSigner)
	if err := fiatToken.abi.UnpackIntoInterface(out, "ERC2612InvalidSigner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenInvalidAccountNonce represents a InvalidAccountNonce error raised by the FiatToken contract.
type FiatTokenInvalidAccountNonce struct {
	Account      common.Address
	CurrentNonce *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAccountNonce(address account, uint256 currentNonce)
func FiatTokenInvalidAccountNonceErrorID() common.Hash {
	return common.HexToHash("0x752d88c0de02638abf10e8e31861e4c68dc1f3a1e7d840e580683f2c282bfc7a")
}

// UnpackInvalidAccountNonceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAccountNonce(address account, uint256 currentNonce)
func (fiatToken *FiatToken) UnpackInvalidAccountNonceError(raw []byte) (*FiatTokenInvalidAccountNonce, error) {
	out := new(FiatTokenInvalidAccountNonce)
	if err := fiatToken.abi.UnpackIntoInterface(out, "InvalidAccountNonce", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenInvalidShortString represents a InvalidShortString error raised by the FiatToken contract.
type FiatTokenInvalidShortString struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidShortString()
func FiatTokenInvalidShortStringErrorID() common.Hash {
	return common.HexToHash("0xb3512b0c6163e5f0bafab72bb631b9d58cd7a731b082f910338aa21c83d5c274")
}

// UnpackInvalidShortStringError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidShortString()
func (fiatToken *FiatToken) UnpackInvalidShortStringError(raw []byte) (*FiatTokenInvalidShortString, error) {
	out := new(FiatTokenInvalidShortString)
	if err := fiatToken.abi.UnpackIntoInterface(out, "InvalidShortString", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the FiatToken contract.
type FiatTokenOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func FiatTokenOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (fiatToken *FiatToken) UnpackOwnableInvalidOwnerError(raw []byte) (*FiatTokenOwnableInvalidOwner, error) {
	out := new(FiatTokenOwnableInvalidOwner)
	if err := fiatToken.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the FiatToken contract.
type FiatTokenOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func FiatTokenOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (fiatToken *FiatToken) UnpackOwnableUnauthorizedAccountError(raw []byte) (*FiatTokenOwnableUnauthorizedAccount, error) {
	out := new(FiatTokenOwnableUnauthorizedAccount)
	if err := fiatToken.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FiatTokenStringTooLong represents a StringTooLong error raised by the FiatToken contract.
type FiatTokenStringTooLong struct {
	Str string
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StringTooLong(string str)
func FiatTokenStringTooLongErrorID() common.Hash {
	return common.HexToHash("0x305a27a93f8e33b7392df0a0f91d6fc63847395853c45991eec52dbf24d72381")
}

// UnpackStringTooLongError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StringTooLong(string str)
func (fiatToken *FiatToken) UnpackStringTooLongError(raw []byte) (*FiatTokenStringTooLong, error) {
	out := new(FiatTokenStringTooLong)
	if err := fiatToken.abi.UnpackIntoInterface(out, "StringTooLong", raw); err != nil {
		return nil, err
	}
	return out, nil
}
