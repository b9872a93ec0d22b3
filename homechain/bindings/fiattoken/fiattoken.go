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

// FiatTokenClientPayoutRef is an auto generated low-level Go binding around an user-defined struct.
type FiatTokenClientPayoutRef struct {
	ContactId *big.Int
	PurposeId *big.Int
	RefId     string
}

// FiatTokenMetaData contains all meta data concerning the FiatToken contract.
var FiatTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"account_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"ECDSAInvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"length\",\"type\":\"uint256\"}],\"name\":\"ECDSAInvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"ECDSAInvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"ERC2612ExpiredSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ERC2612InvalidSigner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"currentNonce\",\"type\":\"uint256\"}],\"name\":\"InvalidAccountNonce\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"accountId\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"status\",\"type\":\"uint8\"}],\"name\":\"RecipientNotLive\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"contactId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"purposeId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"string\",\"name\":\"refId\",\"type\":\"string\"}],\"name\":\"ClientPayout\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"toAccountId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"TransferByAccountId\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"fiat24Account\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"contactId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"purposeId\",\"type\":\"uint256\"},{\"internalType\":\"string\",\"name\":\"refId\",\"type\":\"string\"}],\"internalType\":\"structFiatToken.ClientPayoutRef\",\"name\":\"ref\",\"type\":\"tuple\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permitAndClientPayoutRef\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"toAccountId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permitAndTransferFromByAccountId\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "FiatToken",
	Bin: "0x6101a0604052348015610010575f5ffd5b506040516119d83803806119d883398101604081905261002f916102bc565b818580604051806040016040528060018152602001603160f81b8152508888816003908161005d91906103e7565b50600461006a82826103e7565b50505061007c8261017660201b60201c565b6101205261008981610176565b61014052815160208084019190912060e052815190820120610100524660a05261011560e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c052506001600160a01b03811661014d57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b610156816101b3565b5060ff90921661016052506001600160a01b031661018052506104fd9050565b5f5f829050601f815111156101a0578260405163305a27a960e01b815260040161014491906104a5565b80516101ab826104da565b179392505050565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b634e487b7160e01b5f52604160045260245ffd5b5f82601f830112610227575f5ffd5b81516001600160401b0381111561024057610240610204565b604051601f8201601f19908116603f011681016001600160401b038111828210171561026e5761026e610204565b604052818152838201602001851015610285575f5ffd5b8160208501602083015e5f918101602001919091529392505050565b80516001600160a01b03811681146102b7575f5ffd5b919050565b5f5f5f5f5f60a086880312156102d0575f5ffd5b85516001600160401b038111156102e5575f5ffd5b6102f188828901610218565b602088015190965090506001600160401b0381111561030e575f5ffd5b61031a88828901610218565b945050604086015160ff81168114610330575f5ffd5b925061033e606087016102a1565b915061034c608087016102a1565b90509295509295909350565b600181811c9082168061036c57607f821691505b60208210810361038a57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156103e257828211156103e257805f5260205f20601f840160051c60208510156103bb57505f5b90810190601f840160051c035f5b818110156103de575f838201556001016103c9565b5050505b505050565b81516001600160401b0381111561040057610400610204565b6104148161040e8454610358565b84610390565b6020601f821160018114610446575f831561042f5750848201515b5f19600385901b1c1916600184901b17845561049e565b5f84815260208120601f198516915b828110156104755787850151825560209485019460019092019101610455565b508482101561049257868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b8051602080830151919081101561038a575f1960209190910360031b1b16919050565b60805160a05160c05160e051610100516101205161014051610160516101805161146f6105695f395f8181610171015261057501525f6101d701525f610b5901525f610b2e01525f610a2501525f6109fd01525f61095801525f61098201525f6109ac015261146f5ff3fe608060405234801561000f575f5ffd5b5060043610610127575f3560e01c80637ecebe00116100a9578063a9059cbb1161006e578063a9059cbb146102a8578063c61bbf0c146102bb578063d505accf146102ce578063dd62ed3e146102e1578063f2fde38b14610319575f5ffd5b80637ecebe001461024e57806384b0196e146102615780638cc066eb1461027c5780638da5cb5b1461028f57806395d89b41146102a0575f5ffd5b8063313ce567116100ef578063313ce567146101d05780633644e5151461020157806340c10f191461020957806370a082311461021e578063715018a614610246575f5ffd5b806306fdde031461012b578063095ea7b3146101495780631061fa3b1461016c57806318160ddd146101ab57806323b872dd146101bd575b5f5ffd5b61013361032c565b6040516101409190611063565b60405180910390f35b61015c610157366004611090565b6103bc565b6040519015158152602001610140565b6101937f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610140565b6002545b604051908152602001610140565b61015c6101cb3660046110ba565b6103d5565b60405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152602001610140565b6101af6103f8565b61021c610217366004611090565b610406565b005b6101af61022c3660046110f8565b6001600160a01b03165f9081526020819052604090205490565b61021c61041c565b6101af61025c3660046110f8565b61042f565b61026961044c565b6040516101409796959493929190611113565b61021c61028a3660046111b7565b61048e565b6008546001600160a01b0316610193565b61013361052d565b61015c6102b6366004611090565b61053c565b61021c6102c936600461123f565b610549565b61021c6102dc366004611285565b6106ee565b6101af6102ef3660046112d4565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b61021c6103273660046110f8565b610824565b60606003805461033b9061130b565b80601f01602080910402602001604051908101604052809291908181526020018280546103679061130b565b80156103b25780601f10610389576101008083540402835291602001916103b2565b820191905f5260205f20905b81548152906001019060200180831161039557829003601f168201915b5050505050905090565b5f336103c9818585610861565b60019150505b92915050565b5f336103e2858285610873565b6103ed8585856108ef565b506001949350505050565b5f61040161094c565b905090565b61040e610a75565b6104188282610aa2565b5050565b610424610a75565b61042d5f610ad6565b565b6001600160a01b0381165f908152600760205260408120546103cf565b5f6060805f5f5f606061045d610b27565b610465610b52565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b610496610a75565b6104a4878786868686610b7d565b6104af873088610873565b6104cb876104c56008546001600160a01b031690565b886108ef565b6001600160a01b0387167fe1cebc199059405a5715095a24a1abce83950ad96f752078c4180b7db871d1ae878735602089013561050b60408b018b611343565b60405161051c95949392919061138d565b60405180910390a250505050505050565b60606004805461033b9061130b565b5f336103c98185856108ef565b610551610a75565b61055f878686868686610b7d565b6040516342d21ef760e01b8152600481018790527f0000000000000000000000000000000000000000000000000000000000000000905f906001600160a01b038316906342d21ef790602401602060405180830381865afa1580156105c6573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906105ea91906113d0565b905060ff811660051461062157604051630c2a99db60e31b81526004810189905260ff821660248201526044015b60405180910390fd5b61062c893089610873565b6040516331a9108f60e11b81526004810189905261069f908a906001600160a01b03851690636352211e90602401602060405180830381865afa158015610675573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061069991906113eb565b896108ef565b87896001600160a01b03167f42c739028e36f43a8bc11be3be836f545d9110148e6b3f17638582d7b1d61643896040516106db91815260200190565b60405180910390a3505050505050505050565b834211156107125760405163313c898160e11b815260048101859052602401610618565b5f7f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c988888861075d8c6001600160a01b03165f90815260076020526040902080546001810190915590565b6040805160208101969096526001600160a01b0394851690860152929091166060840152608083015260a082015260c0810186905260e0016040516020818303038152906040528051906020012090505f6107b782610c01565b90505f6107c682878787610c2d565b9050896001600160a01b0316816001600160a01b03161461080d576040516325c0072360e11b81526001600160a01b0380831660048301528b166024820152604401610618565b6108188a8a8a610861565b50505050505050505050565b61082c610a75565b6001600160a01b03811661085557604051631e4fbdf760e01b81525f6004820152602401610618565b61085e81610ad6565b50565b61086e8383836001610c59565b505050565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f198110156108e957818110156108db57604051637dc7a0d960e11b81526001600160a01b03841660048201526024810182905260448101839052606401610618565b6108e984848484035f610c59565b50505050565b6001600160a01b03831661091857604051634b637e8f60e11b81525f6004820152602401610618565b6001600160a01b0382166109415760405163ec442f0560e01b81525f6004820152602401610618565b61086e838383610d2b565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156109a457507f000000000000000000000000000000000000000000000000000000000000000046145b156109ce57507f000000000000000000000000000000000000000000000000000000000000000090565b610401604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b6008546001600160a01b0316331461042d5760405163118cdaa760e01b8152336004820152602401610618565b6001600160a01b038216610acb5760405163ec442f0560e01b81525f6004820152602401610618565b6104185f8383610d2b565b600880546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b60606104017f0000000000000000000000000000000000000000000000000000000000000000610e51565b60606104017f0000000000000000000000000000000000000000000000000000000000000000610e51565b60405163d505accf60e01b81526001600160a01b03871660048201523060248201819052604482018790526064820186905260ff8516608483015260a4820184905260c482018390529063d505accf9060e4015f604051808303815f87803b158015610be7575f5ffd5b505af1925050508015610bf8575060015b50505050505050565b5f6103cf610c0d61094c565b8360405161190160f01b8152600281019290925260228201526042902090565b5f5f5f5f610c3d88888888610e8e565b925092509250610c4d8282610f56565b50909695505050505050565b6001600160a01b038416610c825760405163e602df0560e01b81525f6004820152602401610618565b6001600160a01b038316610cab57604051634a1406b160e11b81525f6004820152602401610618565b6001600160a01b038085165f90815260016020908152604080832093871683529290522082905580156108e957826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92584604051610d1d91815260200190565b60405180910390a350505050565b6001600160a01b038316610d55578060025f828254610d4a9190611406565b90915550610dc59050565b6001600160a01b0383165f9081526020819052604090205481811015610da75760405163391434e360e21b81526001600160a01b03851660048201526024810182905260448101839052606401610618565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b038216610de157600280548290039055610dff565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051610e4491815260200190565b60405180910390a3505050565b60605f610e5d8361100e565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0841115610ec757505f91506003905082610f4c565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa158015610f18573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b038116610f4357505f925060019150829050610f4c565b92505f91508190505b9450945094915050565b5f826003811115610f6957610f69611425565b03610f72575050565b6001826003811115610f8657610f86611425565b03610fa45760405163f645eedf60e01b815260040160405180910390fd5b6002826003811115610fb857610fb8611425565b03610fd95760405163fce698f760e01b815260048101829052602401610618565b6003826003811115610fed57610fed611425565b03610418576040516335e2f38360e21b815260048101829052602401610618565b5f60ff8216601f8111156103cf57604051632cd44ac360e21b815260040160405180910390fd5b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110756020830184611035565b9392505050565b6001600160a01b038116811461085e575f5ffd5b5f5f604083850312156110a1575f5ffd5b82356110ac8161107c565b946020939093013593505050565b5f5f5f606084860312156110cc575f5ffd5b83356110d78161107c565b925060208401356110e78161107c565b929592945050506040919091013590565b5f60208284031215611108575f5ffd5b81356110758161107c565b60ff60f81b8816815260e060208201525f61113160e0830189611035565b82810360408401526111438189611035565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b8181101561119857835183526020938401939092019160010161117a565b50909b9a5050505050505050505050565b60ff8116811461085e575f5ffd5b5f5f5f5f5f5f5f60e0888a0312156111cd575f5ffd5b87356111d88161107c565b965060208801359550604088013567ffffffffffffffff8111156111fa575f5ffd5b88016060818b03121561120b575f5ffd5b9450606088013593506080880135611222816111a9565b9699959850939692959460a0840135945060c09093013592915050565b5f5f5f5f5f5f5f60e0888a031215611255575f5ffd5b87356112608161107c565b96506020880135955060408801359450606088013593506080880135611222816111a9565b5f5f5f5f5f5f5f60e0888a03121561129b575f5ffd5b87356112a68161107c565b965060208801356112b68161107c565b955060408801359450606088013593506080880135611222816111a9565b5f5f604083850312156112e5575f5ffd5b82356112f08161107c565b915060208301356113008161107c565b809150509250929050565b600181811c9082168061131f57607f821691505b60208210810361133d57634e487b7160e01b5f52602260045260245ffd5b50919050565b5f5f8335601e19843603018112611358575f5ffd5b83018035915067ffffffffffffffff821115611372575f5ffd5b602001915036819003821315611386575f5ffd5b9250929050565b85815284602082015283604082015260806060820152816080820152818360a08301375f81830160a090810191909152601f909201601f19160101949350505050565b5f602082840312156113e0575f5ffd5b8151611075816111a9565b5f602082840312156113fb575f5ffd5b81516110758161107c565b808201808211156103cf57634e487b7160e01b5f52601160045260245ffd5b634e487b7160e01b5f52602160045260245ffdfea26469706673582212205d2711319924ca251a0bc1e41ab34bc62da764fdaba5f51fd91f0a3e0715729164736f6c63430008250033",
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
// Solidity: constructor(string name_, string symbol_, uint8 decimals_, address owner_, address account_) returns()
func (fiatToken *FiatToken) PackConstructor(name_ string, symbol_ string, decimals_ uint8, owner_ common.Address, account_ common.Address) []byte {
	enc, err := fiatToken.abi.Pack("", name_, symbol_, decimals_, owner_, account_)
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

// PackFiat24Account is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1061fa3b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fiat24Account() view returns(address)
func (fiatToken *FiatToken) PackFiat24Account() []byte {
	enc, err := fiatToken.abi.Pack("fiat24Account")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFiat24Account is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1061fa3b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fiat24Account() view returns(address)
func (fiatToken *FiatToken) TryPackFiat24Account() ([]byte, error) {
	return fiatToken.abi.Pack("fiat24Account")
}

// UnpackFiat24Account is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1061fa3b.
//
// Solidity: function fiat24Account() view returns(address)
func (fiatToken *FiatToken) UnpackFiat24Account(data []byte) (common.Address, error) {
	out, err := fiatToken.abi.Unpack("fiat24Account", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
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

// PackPermitAndClientPayoutRef is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8cc066eb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitAndClientPayoutRef(address from, uint256 amount, (uint256,uint256,string) ref, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (fiatToken *FiatToken) PackPermitAndClientPayoutRef(from common.Address, amount *big.Int, ref FiatTokenClientPayoutRef, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := fiatToken.abi.Pack("permitAndClientPayoutRef", from, amount, ref, deadline, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitAndClientPayoutRef is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8cc066eb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitAndClientPayoutRef(address from, uint256 amount, (uint256,uint256,string) ref, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (fiatToken *FiatToken) TryPackPermitAndClientPayoutRef(from common.Address, amount *big.Int, ref FiatTokenClientPayoutRef, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return fiatToken.abi.Pack("permitAndClientPayoutRef", from, amount, ref, deadline, v, r, s)
}

// PackPermitAndTransferFromByAccountId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc61bbf0c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitAndTransferFromByAccountId(address from, uint256 toAccountId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (fiatToken *FiatToken) PackPermitAndTransferFromByAccountId(from common.Address, toAccountId *big.Int, amount *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := fiatToken.abi.Pack("permitAndTransferFromByAccountId", from, toAccountId, amount, deadline, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitAndTransferFromByAccountId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc61bbf0c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitAndTransferFromByAccountId(address from, uint256 toAccountId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (fiatToken *FiatToken) TryPackPermitAndTransferFromByAccountId(from common.Address, toAccountId *big.Int, amount *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return fiatToken.abi.Pack("permitAndTransferFromByAccountId", from, toAccountId, amount, deadline, v, r, s)
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

// FiatTokenClientPayout represents a ClientPayout event raised by the FiatToken contract.
type FiatTokenClientPayout struct {
	From      common.Address
	Amount    *big.Int
	ContactId *big.Int
	PurposeId *big.Int
	RefId     string
	Raw       *types.Log // Blockchain specific contextual infos
}

const FiatTokenClientPayoutEventName = "ClientPayout"

// ContractEventName returns the user-defined event name.
func (FiatTokenClientPayout) ContractEventName() string {
	return FiatTokenClientPayoutEventName
}

// UnpackClientPayoutEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ClientPayout(address indexed from, uint256 amount, uint256 contactId, uint256 purposeId, string refId)
func (fiatToken *FiatToken) UnpackClientPayoutEvent(log *types.Log) (*FiatTokenClientPayout, error) {
	event := "ClientPayout"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenClientPayout)
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

// FiatTokenTransferByAccountId represents a TransferByAccountId event raised by the FiatToken contract.
type FiatTokenTransferByAccountId struct {
	From        common.Address
	ToAccountId *big.Int
	Amount      *big.Int
	Raw         *types.Log // Blockchain specific contextual infos
}

const FiatTokenTransferByAccountIdEventName = "TransferByAccountId"

// ContractEventName returns the user-defined event name.
func (FiatTokenTransferByAccountId) ContractEventName() string {
	return FiatTokenTransferByAccountIdEventName
}

// UnpackTransferByAccountIdEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event TransferByAccountId(address indexed from, uint256 indexed toAccountId, uint256 amount)
func (fiatToken *FiatToken) UnpackTransferByAccountIdEvent(log *types.Log) (*FiatTokenTransferByAccountId, error) {
	event := "TransferByAccountId"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != fiatToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FiatTokenTransferByAccountId)
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
	if bytes.Equal(raw[:4], fiatToken.abi.Errors["RecipientNotLive"].ID.Bytes()[:4]) {
		return fiatToken.UnpackRecipientNotLiveError(raw[4:])
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

// FiatTokenRecipientNotLive represents a RecipientNotLive error raised by the FiatToken contract.
type FiatTokenRecipientNotLive struct {
	AccountId *big.Int
	Status    uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error RecipientNotLive(uint256 accountId, uint8 status)
func FiatTokenRecipientNotLiveErrorID() common.Hash {
	return common.HexToHash("0x6154ced8babd412219cced6f945b35570abb33645cbc5e469337fbce4ba771f1")
}

// UnpackRecipientNotLiveError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error RecipientNotLive(uint256 accountId, uint8 status)
func (fiatToken *FiatToken) UnpackRecipientNotLiveError(raw []byte) (*FiatTokenRecipientNotLive, error) {
	out := new(FiatTokenRecipientNotLive)
	if err := fiatToken.abi.UnpackIntoInterface(out, "RecipientNotLive", raw); err != nil {
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
