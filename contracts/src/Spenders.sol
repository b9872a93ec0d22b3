// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Spender — what the sandbox's permit spenders share.
/// @notice The operator (owner) pulls an amount a user approved (by permit) into this
///         contract. Enough to show an allowance being used; no business logic.
abstract contract Spender is Ownable {
    using SafeERC20 for IERC20;

    event Pulled(address indexed token, address indexed from, uint256 amount);

    constructor(address operator) Ownable(operator) {}

    /// @notice What the contract stands for: "card", "deposit" or "bufferPool".
    function role() external pure virtual returns (string memory);

    /// @notice Moves `amount` of `token` from `from` to this contract using the allowance
    ///         `from` gave this contract.
    function pull(address token, address from, uint256 amount) external onlyOwner {
        IERC20(token).safeTransferFrom(from, address(this), amount);
        emit Pulled(token, from, amount);
    }
}

/// @title CardSpender — stand-in for the card-authorization contract.
/// @notice Names the account NFT and the fiat tokens it works with through the public getters
///         of UR's Fiat24CardAuthorizationMarqeta (fiat24AccountAddress(), usd24Address(), …):
///         what tells a card spender of this deployment from another deployment's.
contract CardSpender is Spender {
    address public immutable fiat24AccountAddress;
    address public immutable usd24Address;
    address public immutable eur24Address;
    address public immutable chf24Address;
    address public immutable cnh24Address;

    constructor(address operator, address account, address usd24, address eur24, address chf24, address cnh24) Spender(operator) {
        fiat24AccountAddress = account;
        usd24Address = usd24;
        eur24Address = eur24;
        chf24Address = chf24;
        cnh24Address = cnh24;
    }

    function role() external pure override returns (string memory) {
        return "card";
    }
}

/// @title DepositContract — stand-in for the chain's depositContract.
contract DepositContract is Spender {
    constructor(address operator) Spender(operator) {}

    function role() external pure override returns (string memory) {
        return "deposit";
    }
}

/// @title BufferPool — stand-in for the chain's bufferPoolContract (cash-out / on-ramp).
contract BufferPool is Spender {
    constructor(address operator) Spender(operator) {}

    function role() external pure override returns (string memory) {
        return "bufferPool";
    }
}
