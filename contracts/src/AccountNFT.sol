// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title AccountNFT — the account NFT of the sandbox home chain.
/// @notice One token per address; the token id is the account's svcId. Each token carries an
///         account status (spec 2.4: 0 Na, 1 SoftBlocked, 2 Tourist, 3 Blocked, 4 Closed, 5 Live).
///         A freshly minted account is Tourist (spec 3.1).
contract AccountNFT is ERC721Enumerable, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    uint8 public constant STATUS_TOURIST = 2;
    uint8 public constant STATUS_MAX = 5;

    mapping(uint256 tokenId => uint8) private _status;

    event StatusChanged(uint256 indexed tokenId, uint8 status);

    error AlreadyHasAccount(address owner, uint256 tokenId);
    error InvalidStatus(uint8 status);

    constructor(address admin) ERC721("Fiat24 Account", "F24") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /// @notice Mints account `tokenId` to `to`. An address holds at most one account.
    function mint(address to, uint256 tokenId) external onlyRole(MINTER_ROLE) {
        if (balanceOf(to) != 0) {
            revert AlreadyHasAccount(to, tokenOfOwnerByIndex(to, 0));
        }
        _safeMint(to, tokenId);
        _status[tokenId] = STATUS_TOURIST;
        emit StatusChanged(tokenId, STATUS_TOURIST);
    }

    /// @notice The account status of `tokenId`; reverts when the token does not exist.
    function status(uint256 tokenId) external view returns (uint8) {
        _requireOwned(tokenId);
        return _status[tokenId];
    }

    /// @notice Sets the account status of an existing token.
    function setStatus(uint256 tokenId, uint8 newStatus) external onlyRole(MINTER_ROLE) {
        _requireOwned(tokenId);
        if (newStatus > STATUS_MAX) {
            revert InvalidStatus(newStatus);
        }
        _status[tokenId] = newStatus;
        emit StatusChanged(tokenId, newStatus);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721Enumerable, AccessControl)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }
}
