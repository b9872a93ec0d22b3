// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package accountnft

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

// AccountNFTMetaData contains all meta data concerning the AccountNFT contract.
var AccountNFTMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"AlreadyHasAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ERC721EnumerableForbiddenBatchMint\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ERC721IncorrectOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"ERC721InsufficientApproval\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC721InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"name\":\"ERC721InvalidOperator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"ERC721InvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC721InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC721InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"ERC721NonexistentToken\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"ERC721OutOfBoundsIndex\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"status\",\"type\":\"uint8\"}],\"name\":\"InvalidStatus\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"approved\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"approved\",\"type\":\"bool\"}],\"name\":\"ApprovalForAll\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"status\",\"type\":\"uint8\"}],\"name\":\"StatusChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MINTER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"STATUS_MAX\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"STATUS_TOURIST\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"getApproved\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"name\":\"isApprovedForAll\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"ownerOf\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"safeTransferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"name\":\"safeTransferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"approved\",\"type\":\"bool\"}],\"name\":\"setApprovalForAll\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"newStatus\",\"type\":\"uint8\"}],\"name\":\"setStatus\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"status\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"tokenByIndex\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"tokenOfOwnerByIndex\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"tokenURI\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"tokenId\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "AccountNFT",
	Bin: "0x608060405234801561000f575f5ffd5b50604051611bb7380380611bb783398101604081905261002e9161017a565b6040518060400160405280600e81526020016d119a585d0c8d081058d8dbdd5b9d60921b81525060405180604001604052806003815260200162118c8d60ea1b815250815f908161007f919061024a565b50600161008c828261024a565b5061009b91505f9050826100cd565b506100c67f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6826100cd565b5050610308565b5f828152600a602090815260408083206001600160a01b038516845290915281205460ff16610171575f838152600a602090815260408083206001600160a01b03861684529091529020805460ff191660011790556101293390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610174565b505f5b92915050565b5f6020828403121561018a575f5ffd5b81516001600160a01b03811681146101a0575f5ffd5b9392505050565b634e487b7160e01b5f52604160045260245ffd5b600181811c908216806101cf57607f821691505b6020821081036101ed57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f821115610245578282111561024557805f5260205f20601f840160051c602085101561021e57505f5b90810190601f840160051c035f5b81811015610241575f8382015560010161022c565b5050505b505050565b81516001600160401b03811115610263576102636101a7565b6102778161027184546101bb565b846101f3565b6020601f8211600181146102a9575f83156102925750848201515b5f19600385901b1c1916600184901b178455610301565b5f84815260208120601f198516915b828110156102d857878501518255602094850194600190920191016102b8565b50848210156102f557868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b6118a2806103155f395ff3fe608060405234801561000f575f5ffd5b50600436106101bb575f3560e01c80634f6ccce7116100f3578063a22cb46511610093578063d53913931161006e578063d5391393146103ab578063d547741f146103d2578063d896dd64146103e5578063e985e9c5146103f8575f5ffd5b8063a22cb46514610372578063b88d4fde14610385578063c87b56dd14610398575f5ffd5b806370a08231116100ce57806370a082311461033d57806391d148541461035057806395d89b4114610363578063a217fddf1461036b575f5ffd5b80634f6ccce71461030f5780636352211e1461032257806369ab11fb14610335575f5ffd5b80632f2ff15d1161015e57806340c10f191161013957806340c10f19146102bc57806342842e0e146102cf57806342d21ef7146102e25780634f60656c14610307575f5ffd5b80632f2ff15d146102835780632f745c591461029657806336568abe146102a9575f5ffd5b8063095ea7b311610199578063095ea7b31461022757806318160ddd1461023c57806323b872dd1461024e578063248a9ca314610261575f5ffd5b806301ffc9a7146101bf57806306fdde03146101e7578063081812fc146101fc575b5f5ffd5b6101d26101cd3660046114bf565b61040b565b60405190151581526020015b60405180910390f35b6101ef61041b565b6040516101de9190611508565b61020f61020a36600461151a565b6104aa565b6040516001600160a01b0390911681526020016101de565b61023a61023536600461154c565b6104d1565b005b6008545b6040519081526020016101de565b61023a61025c366004611574565b6104e0565b61024061026f36600461151a565b5f908152600a602052604090206001015490565b61023a6102913660046115ae565b61056e565b6102406102a436600461154c565b610592565b61023a6102b73660046115ae565b6105f5565b61023a6102ca36600461154c565b61062d565b61023a6102dd366004611574565b6106fb565b6102f56102f036600461151a565b610715565b60405160ff90911681526020016101de565b6102f5600581565b61024061031d36600461151a565b610735565b61020f61033036600461151a565b61078a565b6102f5600281565b61024061034b3660046115d8565b610794565b6101d261035e3660046115ae565b6107d9565b6101ef610803565b6102405f81565b61023a6103803660046115f1565b610812565b61023a61039336600461163e565b61081d565b6101ef6103a636600461151a565b610835565b6102407f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a681565b61023a6103e03660046115ae565b6108a6565b61023a6103f336600461171b565b6108ca565b6101d2610406366004611743565b610978565b5f610415826109a5565b92915050565b60605f80546104299061176b565b80601f01602080910402602001604051908101604052809291908181526020018280546104559061176b565b80156104a05780601f10610477576101008083540402835291602001916104a0565b820191905f5260205f20905b81548152906001019060200180831161048357829003601f168201915b5050505050905090565b5f6104b4826109c9565b505f828152600460205260409020546001600160a01b0316610415565b6104dc828233610a01565b5050565b6001600160a01b03821661050e57604051633250574960e11b81525f60048201526024015b60405180910390fd5b5f61051a838333610a0e565b9050836001600160a01b0316816001600160a01b031614610568576040516364283d7b60e01b81526001600160a01b0380861660048301526024820184905282166044820152606401610505565b50505050565b5f828152600a602052604090206001015461058881610ae1565b6105688383610aee565b5f61059c83610794565b82106105cd5760405163295f44f760e21b81526001600160a01b038416600482015260248101839052604401610505565b506001600160a01b03919091165f908152600660209081526040808320938352929052205490565b6001600160a01b038116331461061e5760405163334bd91960e11b815260040160405180910390fd5b6106288282610b7f565b505050565b7f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a661065781610ae1565b61066083610794565b1561069a5782610670845f610592565b6040516312c0845760e11b81526001600160a01b0390921660048301526024820152604401610505565b6106a48383610bea565b5f828152600b6020908152604091829020805460ff19166002908117909155915191825283917f365a3d0a71be5f440c8224437355d5bd81a703759bf906e441902272bfbafcb391015b60405180910390a2505050565b61062883838360405180602001604052805f81525061081d565b5f61071f826109c9565b50505f908152600b602052604090205460ff1690565b5f61073f60085490565b82106107675760405163295f44f760e21b81525f600482015260248101839052604401610505565b6008828154811061077a5761077a6117a3565b905f5260205f2001549050919050565b5f610415826109c9565b5f6001600160a01b0382166107be576040516322718ad960e21b81525f6004820152602401610505565b506001600160a01b03165f9081526003602052604090205490565b5f918252600a602090815260408084206001600160a01b0393909316845291905290205460ff1690565b6060600180546104299061176b565b6104dc338383610c03565b6108288484846104e0565b6105683385858585610cca565b6060610840826109c9565b505f61085660408051602081019091525f815290565b90505f8151116108745760405180602001604052805f81525061089f565b8061087e84610df2565b60405160200161088f9291906117ce565b6040516020818303038152906040525b9392505050565b5f828152600a60205260409020600101546108c081610ae1565b6105688383610b7f565b7f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a66108f481610ae1565b6108fd836109c9565b50600560ff8316111561092857604051633ba7bf8960e11b815260ff83166004820152602401610505565b5f838152600b6020908152604091829020805460ff191660ff8616908117909155915191825284917f365a3d0a71be5f440c8224437355d5bd81a703759bf906e441902272bfbafcb391016106ee565b6001600160a01b039182165f90815260056020908152604080832093909416825291909152205460ff1690565b5f6001600160e01b03198216637965db0b60e01b1480610415575061041582610e82565b5f818152600260205260408120546001600160a01b03168061041557604051637e27328960e01b815260048101849052602401610505565b6106288383836001610ea6565b5f5f610a1b858585610faa565b90506001600160a01b038116610a7757610a7284600880545f838152600960205260408120829055600182018355919091527ff3f7a9fe364faab93b216da50a3214154f22a0a2b415b23a84c8169e8b636ee30155565b610a9a565b846001600160a01b0316816001600160a01b031614610a9a57610a9a818561109c565b6001600160a01b038516610ab657610ab184611119565b610ad9565b846001600160a01b0316816001600160a01b031614610ad957610ad985856111c0565b949350505050565b610aeb813361120e565b50565b5f610af983836107d9565b610b78575f838152600a602090815260408083206001600160a01b03861684529091529020805460ff19166001179055610b303390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610415565b505f610415565b5f610b8a83836107d9565b15610b78575f838152600a602090815260408083206001600160a01b0386168085529252808320805460ff1916905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610415565b6104dc828260405180602001604052805f815250611247565b6001600160a01b038316610c2c5760405163a9fbf51f60e01b81525f6004820152602401610505565b6001600160a01b038216610c5e57604051630b61174360e31b81526001600160a01b0383166004820152602401610505565b6001600160a01b038381165f81815260056020908152604080832094871680845294825291829020805460ff191686151590811790915591519182527f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a3505050565b6001600160a01b0383163b15610deb57604051630a85bd0160e11b81526001600160a01b0384169063150b7a0290610d0c9088908890879087906004016117e2565b6020604051808303815f875af1925050508015610d46575060408051601f3d908101601f19168201909252610d439181019061181e565b60015b610dad573d808015610d73576040519150601f19603f3d011682016040523d82523d5f602084013e610d78565b606091505b5080515f03610da557604051633250574960e11b81526001600160a01b0385166004820152602401610505565b805160208201fd5b6001600160e01b03198116630a85bd0160e11b14610de957604051633250574960e11b81526001600160a01b0385166004820152602401610505565b505b5050505050565b60605f610dfe8361125e565b60010190505f8167ffffffffffffffff811115610e1d57610e1d61162a565b6040519080825280601f01601f191660200182016040528015610e47576020820181803683370190505b5090508181016020015b5f19016f181899199a1a9b1b9c1cb0b131b232b360811b600a86061a8153600a8504945084610e5157509392505050565b5f6001600160e01b0319821663780e9d6360e01b1480610415575061041582611335565b8080610eba57506001600160a01b03821615155b15610f7b575f610ec9846109c9565b90506001600160a01b03831615801590610ef55750826001600160a01b0316816001600160a01b031614155b8015610f085750610f068184610978565b155b15610f315760405163a9fbf51f60e01b81526001600160a01b0384166004820152602401610505565b8115610f795783856001600160a01b0316826001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560405160405180910390a45b505b50505f90815260046020526040902080546001600160a01b0319166001600160a01b0392909216919091179055565b5f828152600260205260408120546001600160a01b0390811690831615610fd657610fd6818486611384565b6001600160a01b0381161561101057610ff15f855f5f610ea6565b6001600160a01b0381165f90815260036020526040902080545f190190555b6001600160a01b0385161561103e576001600160a01b0385165f908152600360205260409020805460010190555b5f8481526002602052604080822080546001600160a01b0319166001600160a01b0389811691821790925591518793918516917fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef91a4949350505050565b5f6110a683610794565b5f838152600760209081526040808320546001600160a01b03881684526006909252909120919250908183146110fb575f83815260208281526040808320548584528184208190558352600790915290208290555b5f938452600760209081526040808620869055938552525081205550565b6008545f9061112a90600190611839565b5f8381526009602052604081205460088054939450909284908110611151576111516117a3565b905f5260205f20015490508060088381548110611170576111706117a3565b5f9182526020808320909101929092558281526009909152604080822084905585825281205560088054806111a7576111a7611858565b600190038181905f5260205f20015f9055905550505050565b5f60016111cc84610794565b6111d69190611839565b6001600160a01b039093165f908152600660209081526040808320868452825280832085905593825260079052919091209190915550565b61121882826107d9565b6104dc5760405163e2517d3f60e01b81526001600160a01b038216600482015260248101839052604401610505565b61125183836113e8565b610628335f858585610cca565b5f8072184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b831061129c5772184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b830492506040015b6d04ee2d6d415b85acef810000000083106112c8576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc1000083106112e657662386f26fc10000830492506010015b6305f5e10083106112fe576305f5e100830492506008015b612710831061131257612710830492506004015b60648310611324576064830492506002015b600a83106104155760010192915050565b5f6001600160e01b031982166380ac58cd60e01b148061136557506001600160e01b03198216635b5e139f60e01b145b8061041557506301ffc9a760e01b6001600160e01b0319831614610415565b61138f838383611449565b610628576001600160a01b0383166113bd57604051637e27328960e01b815260048101829052602401610505565b60405163177e802f60e01b81526001600160a01b038316600482015260248101829052604401610505565b6001600160a01b03821661141157604051633250574960e11b81525f6004820152602401610505565b5f61141d83835f610a0e565b90506001600160a01b03811615610628576040516339e3563760e11b81525f6004820152602401610505565b5f6001600160a01b03831615801590610ad95750826001600160a01b0316846001600160a01b0316148061148257506114828484610978565b80610ad95750505f908152600460205260409020546001600160a01b03908116911614919050565b6001600160e01b031981168114610aeb575f5ffd5b5f602082840312156114cf575f5ffd5b813561089f816114aa565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f61089f60208301846114da565b5f6020828403121561152a575f5ffd5b5035919050565b80356001600160a01b0381168114611547575f5ffd5b919050565b5f5f6040838503121561155d575f5ffd5b61156683611531565b946020939093013593505050565b5f5f5f60608486031215611586575f5ffd5b61158f84611531565b925061159d60208501611531565b929592945050506040919091013590565b5f5f604083850312156115bf575f5ffd5b823591506115cf60208401611531565b90509250929050565b5f602082840312156115e8575f5ffd5b61089f82611531565b5f5f60408385031215611602575f5ffd5b61160b83611531565b91506020830135801515811461161f575f5ffd5b809150509250929050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f60808587031215611651575f5ffd5b61165a85611531565b935061166860208601611531565b925060408501359150606085013567ffffffffffffffff81111561168a575f5ffd5b8501601f8101871361169a575f5ffd5b803567ffffffffffffffff8111156116b4576116b461162a565b604051601f8201601f19908116603f0116810167ffffffffffffffff811182821017156116e3576116e361162a565b6040528181528282016020018910156116fa575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f6040838503121561172c575f5ffd5b82359150602083013560ff8116811461161f575f5ffd5b5f5f60408385031215611754575f5ffd5b61175d83611531565b91506115cf60208401611531565b600181811c9082168061177f57607f821691505b60208210810361179d57634e487b7160e01b5f52602260045260245ffd5b50919050565b634e487b7160e01b5f52603260045260245ffd5b5f81518060208401855e5f93019283525090919050565b5f610ad96117dc83866117b7565b846117b7565b6001600160a01b03858116825284166020820152604081018390526080606082018190525f90611814908301846114da565b9695505050505050565b5f6020828403121561182e575f5ffd5b815161089f816114aa565b8181038181111561041557634e487b7160e01b5f52601160045260245ffd5b634e487b7160e01b5f52603160045260245ffdfea2646970667358221220284364987fe06d5164cec0492cbc7d52d75a06fea626435cedc6ba6a49ac334064736f6c63430008250033",
}

// AccountNFT is an auto generated Go binding around an Ethereum contract.
type AccountNFT struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *AccountNFT) GetABI() abi.ABI {
	return c.abi
}

// NewAccountNFT creates a new instance of AccountNFT.
func NewAccountNFT() *AccountNFT {
	parsed, err := AccountNFTMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &AccountNFT{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *AccountNFT) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin) returns()
func (accountNFT *AccountNFT) PackConstructor(admin common.Address) []byte {
	enc, err := accountNFT.abi.Pack("", admin)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) PackDEFAULTADMINROLE() []byte {
	enc, err := accountNFT.abi.Pack("DEFAULT_ADMIN_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return accountNFT.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := accountNFT.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackMINTERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd5391393.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) PackMINTERROLE() []byte {
	enc, err := accountNFT.abi.Pack("MINTER_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMINTERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd5391393.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) TryPackMINTERROLE() ([]byte, error) {
	return accountNFT.abi.Pack("MINTER_ROLE")
}

// UnpackMINTERROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (accountNFT *AccountNFT) UnpackMINTERROLE(data []byte) ([32]byte, error) {
	out, err := accountNFT.abi.Unpack("MINTER_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackSTATUSMAX is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f60656c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function STATUS_MAX() view returns(uint8)
func (accountNFT *AccountNFT) PackSTATUSMAX() []byte {
	enc, err := accountNFT.abi.Pack("STATUS_MAX")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSTATUSMAX is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f60656c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function STATUS_MAX() view returns(uint8)
func (accountNFT *AccountNFT) TryPackSTATUSMAX() ([]byte, error) {
	return accountNFT.abi.Pack("STATUS_MAX")
}

// UnpackSTATUSMAX is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4f60656c.
//
// Solidity: function STATUS_MAX() view returns(uint8)
func (accountNFT *AccountNFT) UnpackSTATUSMAX(data []byte) (uint8, error) {
	out, err := accountNFT.abi.Unpack("STATUS_MAX", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackSTATUSTOURIST is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x69ab11fb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function STATUS_TOURIST() view returns(uint8)
func (accountNFT *AccountNFT) PackSTATUSTOURIST() []byte {
	enc, err := accountNFT.abi.Pack("STATUS_TOURIST")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSTATUSTOURIST is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x69ab11fb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function STATUS_TOURIST() view returns(uint8)
func (accountNFT *AccountNFT) TryPackSTATUSTOURIST() ([]byte, error) {
	return accountNFT.abi.Pack("STATUS_TOURIST")
}

// UnpackSTATUSTOURIST is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x69ab11fb.
//
// Solidity: function STATUS_TOURIST() view returns(uint8)
func (accountNFT *AccountNFT) UnpackSTATUSTOURIST(data []byte) (uint8, error) {
	out, err := accountNFT.abi.Unpack("STATUS_TOURIST", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) PackApprove(to common.Address, tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("approve", to, tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) TryPackApprove(to common.Address, tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("approve", to, tokenId)
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address owner) view returns(uint256)
func (accountNFT *AccountNFT) PackBalanceOf(owner common.Address) []byte {
	enc, err := accountNFT.abi.Pack("balanceOf", owner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address owner) view returns(uint256)
func (accountNFT *AccountNFT) TryPackBalanceOf(owner common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("balanceOf", owner)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address owner) view returns(uint256)
func (accountNFT *AccountNFT) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := accountNFT.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackGetApproved is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x081812fc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getApproved(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) PackGetApproved(tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("getApproved", tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetApproved is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x081812fc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getApproved(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) TryPackGetApproved(tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("getApproved", tokenId)
}

// UnpackGetApproved is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x081812fc.
//
// Solidity: function getApproved(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) UnpackGetApproved(data []byte) (common.Address, error) {
	out, err := accountNFT.abi.Unpack("getApproved", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (accountNFT *AccountNFT) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := accountNFT.abi.Pack("getRoleAdmin", role)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (accountNFT *AccountNFT) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return accountNFT.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (accountNFT *AccountNFT) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := accountNFT.abi.Unpack("getRoleAdmin", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGrantRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f2ff15d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (accountNFT *AccountNFT) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := accountNFT.abi.Pack("grantRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGrantRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f2ff15d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (accountNFT *AccountNFT) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (accountNFT *AccountNFT) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := accountNFT.abi.Pack("hasRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (accountNFT *AccountNFT) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (accountNFT *AccountNFT) UnpackHasRole(data []byte) (bool, error) {
	out, err := accountNFT.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackIsApprovedForAll is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe985e9c5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isApprovedForAll(address owner, address operator) view returns(bool)
func (accountNFT *AccountNFT) PackIsApprovedForAll(owner common.Address, operator common.Address) []byte {
	enc, err := accountNFT.abi.Pack("isApprovedForAll", owner, operator)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsApprovedForAll is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe985e9c5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isApprovedForAll(address owner, address operator) view returns(bool)
func (accountNFT *AccountNFT) TryPackIsApprovedForAll(owner common.Address, operator common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("isApprovedForAll", owner, operator)
}

// UnpackIsApprovedForAll is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe985e9c5.
//
// Solidity: function isApprovedForAll(address owner, address operator) view returns(bool)
func (accountNFT *AccountNFT) UnpackIsApprovedForAll(data []byte) (bool, error) {
	out, err := accountNFT.abi.Unpack("isApprovedForAll", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) PackMint(to common.Address, tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("mint", to, tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) TryPackMint(to common.Address, tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("mint", to, tokenId)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (accountNFT *AccountNFT) PackName() []byte {
	enc, err := accountNFT.abi.Pack("name")
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
func (accountNFT *AccountNFT) TryPackName() ([]byte, error) {
	return accountNFT.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (accountNFT *AccountNFT) UnpackName(data []byte) (string, error) {
	out, err := accountNFT.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackOwnerOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6352211e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function ownerOf(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) PackOwnerOf(tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("ownerOf", tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwnerOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6352211e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function ownerOf(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) TryPackOwnerOf(tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("ownerOf", tokenId)
}

// UnpackOwnerOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6352211e.
//
// Solidity: function ownerOf(uint256 tokenId) view returns(address)
func (accountNFT *AccountNFT) UnpackOwnerOf(data []byte) (common.Address, error) {
	out, err := accountNFT.abi.Unpack("ownerOf", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (accountNFT *AccountNFT) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := accountNFT.abi.Pack("renounceRole", role, callerConfirmation)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (accountNFT *AccountNFT) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (accountNFT *AccountNFT) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := accountNFT.abi.Pack("revokeRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (accountNFT *AccountNFT) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return accountNFT.abi.Pack("revokeRole", role, account)
}

// PackSafeTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42842e0e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function safeTransferFrom(address from, address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) PackSafeTransferFrom(from common.Address, to common.Address, tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("safeTransferFrom", from, to, tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSafeTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42842e0e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function safeTransferFrom(address from, address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) TryPackSafeTransferFrom(from common.Address, to common.Address, tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("safeTransferFrom", from, to, tokenId)
}

// PackSafeTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb88d4fde.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function safeTransferFrom(address from, address to, uint256 tokenId, bytes data) returns()
func (accountNFT *AccountNFT) PackSafeTransferFrom0(from common.Address, to common.Address, tokenId *big.Int, data []byte) []byte {
	enc, err := accountNFT.abi.Pack("safeTransferFrom0", from, to, tokenId, data)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSafeTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb88d4fde.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function safeTransferFrom(address from, address to, uint256 tokenId, bytes data) returns()
func (accountNFT *AccountNFT) TryPackSafeTransferFrom0(from common.Address, to common.Address, tokenId *big.Int, data []byte) ([]byte, error) {
	return accountNFT.abi.Pack("safeTransferFrom0", from, to, tokenId, data)
}

// PackSetApprovalForAll is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa22cb465.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setApprovalForAll(address operator, bool approved) returns()
func (accountNFT *AccountNFT) PackSetApprovalForAll(operator common.Address, approved bool) []byte {
	enc, err := accountNFT.abi.Pack("setApprovalForAll", operator, approved)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetApprovalForAll is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa22cb465.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setApprovalForAll(address operator, bool approved) returns()
func (accountNFT *AccountNFT) TryPackSetApprovalForAll(operator common.Address, approved bool) ([]byte, error) {
	return accountNFT.abi.Pack("setApprovalForAll", operator, approved)
}

// PackSetStatus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd896dd64.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setStatus(uint256 tokenId, uint8 newStatus) returns()
func (accountNFT *AccountNFT) PackSetStatus(tokenId *big.Int, newStatus uint8) []byte {
	enc, err := accountNFT.abi.Pack("setStatus", tokenId, newStatus)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetStatus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd896dd64.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setStatus(uint256 tokenId, uint8 newStatus) returns()
func (accountNFT *AccountNFT) TryPackSetStatus(tokenId *big.Int, newStatus uint8) ([]byte, error) {
	return accountNFT.abi.Pack("setStatus", tokenId, newStatus)
}

// PackStatus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42d21ef7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function status(uint256 tokenId) view returns(uint8)
func (accountNFT *AccountNFT) PackStatus(tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("status", tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackStatus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42d21ef7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function status(uint256 tokenId) view returns(uint8)
func (accountNFT *AccountNFT) TryPackStatus(tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("status", tokenId)
}

// UnpackStatus is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x42d21ef7.
//
// Solidity: function status(uint256 tokenId) view returns(uint8)
func (accountNFT *AccountNFT) UnpackStatus(data []byte) (uint8, error) {
	out, err := accountNFT.abi.Unpack("status", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (accountNFT *AccountNFT) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := accountNFT.abi.Pack("supportsInterface", interfaceId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (accountNFT *AccountNFT) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return accountNFT.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (accountNFT *AccountNFT) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := accountNFT.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (accountNFT *AccountNFT) PackSymbol() []byte {
	enc, err := accountNFT.abi.Pack("symbol")
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
func (accountNFT *AccountNFT) TryPackSymbol() ([]byte, error) {
	return accountNFT.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (accountNFT *AccountNFT) UnpackSymbol(data []byte) (string, error) {
	out, err := accountNFT.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTokenByIndex is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f6ccce7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function tokenByIndex(uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) PackTokenByIndex(index *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("tokenByIndex", index)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTokenByIndex is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f6ccce7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function tokenByIndex(uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) TryPackTokenByIndex(index *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("tokenByIndex", index)
}

// UnpackTokenByIndex is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4f6ccce7.
//
// Solidity: function tokenByIndex(uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) UnpackTokenByIndex(data []byte) (*big.Int, error) {
	out, err := accountNFT.abi.Unpack("tokenByIndex", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTokenOfOwnerByIndex is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f745c59.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function tokenOfOwnerByIndex(address owner, uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) PackTokenOfOwnerByIndex(owner common.Address, index *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("tokenOfOwnerByIndex", owner, index)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTokenOfOwnerByIndex is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f745c59.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function tokenOfOwnerByIndex(address owner, uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) TryPackTokenOfOwnerByIndex(owner common.Address, index *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("tokenOfOwnerByIndex", owner, index)
}

// UnpackTokenOfOwnerByIndex is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x2f745c59.
//
// Solidity: function tokenOfOwnerByIndex(address owner, uint256 index) view returns(uint256)
func (accountNFT *AccountNFT) UnpackTokenOfOwnerByIndex(data []byte) (*big.Int, error) {
	out, err := accountNFT.abi.Unpack("tokenOfOwnerByIndex", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTokenURI is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc87b56dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function tokenURI(uint256 tokenId) view returns(string)
func (accountNFT *AccountNFT) PackTokenURI(tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("tokenURI", tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTokenURI is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc87b56dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function tokenURI(uint256 tokenId) view returns(string)
func (accountNFT *AccountNFT) TryPackTokenURI(tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("tokenURI", tokenId)
}

// UnpackTokenURI is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc87b56dd.
//
// Solidity: function tokenURI(uint256 tokenId) view returns(string)
func (accountNFT *AccountNFT) UnpackTokenURI(data []byte) (string, error) {
	out, err := accountNFT.abi.Unpack("tokenURI", data)
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
func (accountNFT *AccountNFT) PackTotalSupply() []byte {
	enc, err := accountNFT.abi.Pack("totalSupply")
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
func (accountNFT *AccountNFT) TryPackTotalSupply() ([]byte, error) {
	return accountNFT.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (accountNFT *AccountNFT) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := accountNFT.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) PackTransferFrom(from common.Address, to common.Address, tokenId *big.Int) []byte {
	enc, err := accountNFT.abi.Pack("transferFrom", from, to, tokenId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 tokenId) returns()
func (accountNFT *AccountNFT) TryPackTransferFrom(from common.Address, to common.Address, tokenId *big.Int) ([]byte, error) {
	return accountNFT.abi.Pack("transferFrom", from, to, tokenId)
}

// AccountNFTApproval represents a Approval event raised by the AccountNFT contract.
type AccountNFTApproval struct {
	Owner    common.Address
	Approved common.Address
	TokenId  *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const AccountNFTApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (AccountNFTApproval) ContractEventName() string {
	return AccountNFTApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)
func (accountNFT *AccountNFT) UnpackApprovalEvent(log *types.Log) (*AccountNFTApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTApproval)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTApprovalForAll represents a ApprovalForAll event raised by the AccountNFT contract.
type AccountNFTApprovalForAll struct {
	Owner    common.Address
	Operator common.Address
	Approved bool
	Raw      *types.Log // Blockchain specific contextual infos
}

const AccountNFTApprovalForAllEventName = "ApprovalForAll"

// ContractEventName returns the user-defined event name.
func (AccountNFTApprovalForAll) ContractEventName() string {
	return AccountNFTApprovalForAllEventName
}

// UnpackApprovalForAllEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ApprovalForAll(address indexed owner, address indexed operator, bool approved)
func (accountNFT *AccountNFT) UnpackApprovalForAllEvent(log *types.Log) (*AccountNFTApprovalForAll, error) {
	event := "ApprovalForAll"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTApprovalForAll)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTRoleAdminChanged represents a RoleAdminChanged event raised by the AccountNFT contract.
type AccountNFTRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const AccountNFTRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (AccountNFTRoleAdminChanged) ContractEventName() string {
	return AccountNFTRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (accountNFT *AccountNFT) UnpackRoleAdminChangedEvent(log *types.Log) (*AccountNFTRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTRoleGranted represents a RoleGranted event raised by the AccountNFT contract.
type AccountNFTRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const AccountNFTRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (AccountNFTRoleGranted) ContractEventName() string {
	return AccountNFTRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (accountNFT *AccountNFT) UnpackRoleGrantedEvent(log *types.Log) (*AccountNFTRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTRoleGranted)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTRoleRevoked represents a RoleRevoked event raised by the AccountNFT contract.
type AccountNFTRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const AccountNFTRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (AccountNFTRoleRevoked) ContractEventName() string {
	return AccountNFTRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (accountNFT *AccountNFT) UnpackRoleRevokedEvent(log *types.Log) (*AccountNFTRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTRoleRevoked)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTStatusChanged represents a StatusChanged event raised by the AccountNFT contract.
type AccountNFTStatusChanged struct {
	TokenId *big.Int
	Status  uint8
	Raw     *types.Log // Blockchain specific contextual infos
}

const AccountNFTStatusChangedEventName = "StatusChanged"

// ContractEventName returns the user-defined event name.
func (AccountNFTStatusChanged) ContractEventName() string {
	return AccountNFTStatusChangedEventName
}

// UnpackStatusChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event StatusChanged(uint256 indexed tokenId, uint8 status)
func (accountNFT *AccountNFT) UnpackStatusChangedEvent(log *types.Log) (*AccountNFTStatusChanged, error) {
	event := "StatusChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTStatusChanged)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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

// AccountNFTTransfer represents a Transfer event raised by the AccountNFT contract.
type AccountNFTTransfer struct {
	From    common.Address
	To      common.Address
	TokenId *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const AccountNFTTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (AccountNFTTransfer) ContractEventName() string {
	return AccountNFTTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)
func (accountNFT *AccountNFT) UnpackTransferEvent(log *types.Log) (*AccountNFTTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != accountNFT.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AccountNFTTransfer)
	if len(log.Data) > 0 {
		if err := accountNFT.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range accountNFT.abi.Events[event].Inputs {
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
func (accountNFT *AccountNFT) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return accountNFT.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return accountNFT.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["AlreadyHasAccount"].ID.Bytes()[:4]) {
		return accountNFT.UnpackAlreadyHasAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721EnumerableForbiddenBatchMint"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721EnumerableForbiddenBatchMintError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721IncorrectOwner"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721IncorrectOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InsufficientApproval"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InsufficientApprovalError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InvalidApprover"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InvalidApproverError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InvalidOperator"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InvalidOperatorError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InvalidOwner"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InvalidReceiver"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InvalidReceiverError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721InvalidSender"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721InvalidSenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721NonexistentToken"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721NonexistentTokenError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["ERC721OutOfBoundsIndex"].ID.Bytes()[:4]) {
		return accountNFT.UnpackERC721OutOfBoundsIndexError(raw[4:])
	}
	if bytes.Equal(raw[:4], accountNFT.abi.Errors["InvalidStatus"].ID.Bytes()[:4]) {
		return accountNFT.UnpackInvalidStatusError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// AccountNFTAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the AccountNFT contract.
type AccountNFTAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func AccountNFTAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (accountNFT *AccountNFT) UnpackAccessControlBadConfirmationError(raw []byte) (*AccountNFTAccessControlBadConfirmation, error) {
	out := new(AccountNFTAccessControlBadConfirmation)
	if err := accountNFT.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the AccountNFT contract.
type AccountNFTAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func AccountNFTAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (accountNFT *AccountNFT) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*AccountNFTAccessControlUnauthorizedAccount, error) {
	out := new(AccountNFTAccessControlUnauthorizedAccount)
	if err := accountNFT.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTAlreadyHasAccount represents a AlreadyHasAccount error raised by the AccountNFT contract.
type AccountNFTAlreadyHasAccount struct {
	Owner   common.Address
	TokenId *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AlreadyHasAccount(address owner, uint256 tokenId)
func AccountNFTAlreadyHasAccountErrorID() common.Hash {
	return common.HexToHash("0x258108aee8d4fde6e205b479fc63e35fe7fa5b95290228ecba4a94861ff4dc94")
}

// UnpackAlreadyHasAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AlreadyHasAccount(address owner, uint256 tokenId)
func (accountNFT *AccountNFT) UnpackAlreadyHasAccountError(raw []byte) (*AccountNFTAlreadyHasAccount, error) {
	out := new(AccountNFTAlreadyHasAccount)
	if err := accountNFT.abi.UnpackIntoInterface(out, "AlreadyHasAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721EnumerableForbiddenBatchMint represents a ERC721EnumerableForbiddenBatchMint error raised by the AccountNFT contract.
type AccountNFTERC721EnumerableForbiddenBatchMint struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721EnumerableForbiddenBatchMint()
func AccountNFTERC721EnumerableForbiddenBatchMintErrorID() common.Hash {
	return common.HexToHash("0x59171fc140fcc403c6e5785fa53a46bfd95b95ccab17163db749de3e197203f4")
}

// UnpackERC721EnumerableForbiddenBatchMintError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721EnumerableForbiddenBatchMint()
func (accountNFT *AccountNFT) UnpackERC721EnumerableForbiddenBatchMintError(raw []byte) (*AccountNFTERC721EnumerableForbiddenBatchMint, error) {
	out := new(AccountNFTERC721EnumerableForbiddenBatchMint)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721EnumerableForbiddenBatchMint", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721IncorrectOwner represents a ERC721IncorrectOwner error raised by the AccountNFT contract.
type AccountNFTERC721IncorrectOwner struct {
	Sender  common.Address
	TokenId *big.Int
	Owner   common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)
func AccountNFTERC721IncorrectOwnerErrorID() common.Hash {
	return common.HexToHash("0x64283d7b313c8117c125f736876fa2b4e90ea3831a4716dfdb87d2f540e26289")
}

// UnpackERC721IncorrectOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)
func (accountNFT *AccountNFT) UnpackERC721IncorrectOwnerError(raw []byte) (*AccountNFTERC721IncorrectOwner, error) {
	out := new(AccountNFTERC721IncorrectOwner)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721IncorrectOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InsufficientApproval represents a ERC721InsufficientApproval error raised by the AccountNFT contract.
type AccountNFTERC721InsufficientApproval struct {
	Operator common.Address
	TokenId  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InsufficientApproval(address operator, uint256 tokenId)
func AccountNFTERC721InsufficientApprovalErrorID() common.Hash {
	return common.HexToHash("0x177e802f6f313bc89797ecace66d6d29ab4719cbaaacbb87367264048b1eb861")
}

// UnpackERC721InsufficientApprovalError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InsufficientApproval(address operator, uint256 tokenId)
func (accountNFT *AccountNFT) UnpackERC721InsufficientApprovalError(raw []byte) (*AccountNFTERC721InsufficientApproval, error) {
	out := new(AccountNFTERC721InsufficientApproval)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InsufficientApproval", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InvalidApprover represents a ERC721InvalidApprover error raised by the AccountNFT contract.
type AccountNFTERC721InvalidApprover struct {
	Approver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InvalidApprover(address approver)
func AccountNFTERC721InvalidApproverErrorID() common.Hash {
	return common.HexToHash("0xa9fbf51f86b8e03595d59dc726bb10c329bb24f62589be276d8dd193ca0b69ea")
}

// UnpackERC721InvalidApproverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InvalidApprover(address approver)
func (accountNFT *AccountNFT) UnpackERC721InvalidApproverError(raw []byte) (*AccountNFTERC721InvalidApprover, error) {
	out := new(AccountNFTERC721InvalidApprover)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InvalidApprover", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InvalidOperator represents a ERC721InvalidOperator error raised by the AccountNFT contract.
type AccountNFTERC721InvalidOperator struct {
	Operator common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InvalidOperator(address operator)
func AccountNFTERC721InvalidOperatorErrorID() common.Hash {
	return common.HexToHash("0x5b08ba185e8f577075361f3a3555a6580a227ce22734dcc979c1aeadf894658b")
}

// UnpackERC721InvalidOperatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InvalidOperator(address operator)
func (accountNFT *AccountNFT) UnpackERC721InvalidOperatorError(raw []byte) (*AccountNFTERC721InvalidOperator, error) {
	out := new(AccountNFTERC721InvalidOperator)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InvalidOperator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InvalidOwner represents a ERC721InvalidOwner error raised by the AccountNFT contract.
type AccountNFTERC721InvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InvalidOwner(address owner)
func AccountNFTERC721InvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x89c62b6479af2e623826dcc39c5133061d35b66d72de92833401dd2fd6567480")
}

// UnpackERC721InvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InvalidOwner(address owner)
func (accountNFT *AccountNFT) UnpackERC721InvalidOwnerError(raw []byte) (*AccountNFTERC721InvalidOwner, error) {
	out := new(AccountNFTERC721InvalidOwner)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InvalidReceiver represents a ERC721InvalidReceiver error raised by the AccountNFT contract.
type AccountNFTERC721InvalidReceiver struct {
	Receiver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InvalidReceiver(address receiver)
func AccountNFTERC721InvalidReceiverErrorID() common.Hash {
	return common.HexToHash("0x64a0ae9278f805eaf991dcd18ca78756d280b7508b764ef1b255c55845c11df9")
}

// UnpackERC721InvalidReceiverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InvalidReceiver(address receiver)
func (accountNFT *AccountNFT) UnpackERC721InvalidReceiverError(raw []byte) (*AccountNFTERC721InvalidReceiver, error) {
	out := new(AccountNFTERC721InvalidReceiver)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InvalidReceiver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721InvalidSender represents a ERC721InvalidSender error raised by the AccountNFT contract.
type AccountNFTERC721InvalidSender struct {
	Sender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721InvalidSender(address sender)
func AccountNFTERC721InvalidSenderErrorID() common.Hash {
	return common.HexToHash("0x73c6ac6e10798e95d99e1f130d923eb40193ecb8d094ec3dce93292564eb3b17")
}

// UnpackERC721InvalidSenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721InvalidSender(address sender)
func (accountNFT *AccountNFT) UnpackERC721InvalidSenderError(raw []byte) (*AccountNFTERC721InvalidSender, error) {
	out := new(AccountNFTERC721InvalidSender)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721InvalidSender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721NonexistentToken represents a ERC721NonexistentToken error raised by the AccountNFT contract.
type AccountNFTERC721NonexistentToken struct {
	TokenId *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721NonexistentToken(uint256 tokenId)
func AccountNFTERC721NonexistentTokenErrorID() common.Hash {
	return common.HexToHash("0x7e273289a3a9ef6670f06df7dca227856fc925e956db96980692764a8bc734d7")
}

// UnpackERC721NonexistentTokenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721NonexistentToken(uint256 tokenId)
func (accountNFT *AccountNFT) UnpackERC721NonexistentTokenError(raw []byte) (*AccountNFTERC721NonexistentToken, error) {
	out := new(AccountNFTERC721NonexistentToken)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721NonexistentToken", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTERC721OutOfBoundsIndex represents a ERC721OutOfBoundsIndex error raised by the AccountNFT contract.
type AccountNFTERC721OutOfBoundsIndex struct {
	Owner common.Address
	Index *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC721OutOfBoundsIndex(address owner, uint256 index)
func AccountNFTERC721OutOfBoundsIndexErrorID() common.Hash {
	return common.HexToHash("0xa57d13dc78ab2b1f1191d9429a298559c44d02b5951a92c2376aa50074cc4509")
}

// UnpackERC721OutOfBoundsIndexError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC721OutOfBoundsIndex(address owner, uint256 index)
func (accountNFT *AccountNFT) UnpackERC721OutOfBoundsIndexError(raw []byte) (*AccountNFTERC721OutOfBoundsIndex, error) {
	out := new(AccountNFTERC721OutOfBoundsIndex)
	if err := accountNFT.abi.UnpackIntoInterface(out, "ERC721OutOfBoundsIndex", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AccountNFTInvalidStatus represents a InvalidStatus error raised by the AccountNFT contract.
type AccountNFTInvalidStatus struct {
	Status uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidStatus(uint8 status)
func AccountNFTInvalidStatusErrorID() common.Hash {
	return common.HexToHash("0x774f7f1210d2320c20f1dc988415608ef7e8050005328cfda2d2cfbccb7f5e17")
}

// UnpackInvalidStatusError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidStatus(uint8 status)
func (accountNFT *AccountNFT) UnpackInvalidStatusError(raw []byte) (*AccountNFTInvalidStatus, error) {
	out := new(AccountNFTInvalidStatus)
	if err := accountNFT.abi.UnpackIntoInterface(out, "InvalidStatus", raw); err != nil {
		return nil, err
	}
	return out, nil
}
