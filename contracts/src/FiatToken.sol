// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice What a fiat token reads of the account NFT: who owns an account, and its status.
interface IAccountNFT {
    function ownerOf(uint256 tokenId) external view returns (address);
    function status(uint256 tokenId) external view returns (uint8);
}

/// @title FiatToken — a fiat token of the sandbox home chain (USD24, EUR24, CHF24, CNH24).
/// @notice ERC-20 with EIP-2612 permits; EIP-712 domain {name: name(), version: "1"}.
///         The same contract is deployed once per currency. Like UR's Fiat24Token, the token
///         itself is the spender of the permits that pay out to a bank contact and transfer
///         to another account: the operator (the service's relayer) presents the user's permit
///         to the token, which tries permit(user, token, amount, …) — a permit that fails is
///         ignored, as UR's contracts catch it — and then spends exactly `amount` of the
///         allowance it holds, so a permit signed for another spender or value leaves the
///         transfer to revert for lack of allowance.
contract FiatToken is ERC20, ERC20Permit, Ownable {
    uint8 private immutable _decimals;

    /// @notice The account NFT whose accounts a transfer by account id pays
    ///         (UR: fiat24account).
    address public immutable fiat24Account;

    uint8 private constant STATUS_LIVE = 5;

    /// @notice A payout to the bank contact `contactId` (the service pays the bank transfer
    ///         from what the token took), as UR's clientPayoutRef carries it.
    struct ClientPayoutRef {
        uint256 contactId;
        uint256 purposeId;
        string refId;
    }

    event ClientPayout(address indexed from, uint256 amount, uint256 contactId, uint256 purposeId, string refId);
    event TransferByAccountId(address indexed from, uint256 indexed toAccountId, uint256 amount);

    error RecipientNotLive(uint256 accountId, uint8 status);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_, address account_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
        Ownable(owner_)
    {
        _decimals = decimals_;
        fiat24Account = account_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Credits `amount` (smallest units) to `to`; the bank's issuance in the sandbox.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Moves `amount` from `from` to the owner of account `toAccountId`, which must be
    ///         Live, spending the allowance `from` gave this token (by the permit given here).
    function permitAndTransferFromByAccountId(
        address from,
        uint256 toAccountId,
        uint256 amount,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyOwner {
        _tryPermit(from, amount, deadline, v, r, s);
        IAccountNFT acc = IAccountNFT(fiat24Account);
        uint8 st = acc.status(toAccountId);
        if (st != STATUS_LIVE) {
            revert RecipientNotLive(toAccountId, st);
        }
        _spendAllowance(from, address(this), amount);
        _transfer(from, acc.ownerOf(toAccountId), amount);
        emit TransferByAccountId(from, toAccountId, amount);
    }

    /// @notice Takes `amount` from `from` to the operator, who pays the bank contact
    ///         `ref.contactId`, spending the allowance `from` gave this token.
    function permitAndClientPayoutRef(
        address from,
        uint256 amount,
        ClientPayoutRef calldata ref,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyOwner {
        _tryPermit(from, amount, deadline, v, r, s);
        _spendAllowance(from, address(this), amount);
        _transfer(from, owner(), amount);
        emit ClientPayout(from, amount, ref.contactId, ref.purposeId, ref.refId);
    }

    function _tryPermit(address from, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) private {
        try this.permit(from, address(this), amount, deadline, v, r, s) {} catch {}
    }
}
