// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title USDC — the sandbox stand-in for bridged USDC on the home chain.
/// @notice 6 decimals, EIP-2612 permits. Like Circle's token it also exposes version().
contract USDC is ERC20, ERC20Permit, Ownable {
    constructor(address owner_) ERC20("USD Coin", "USDC") ERC20Permit("USD Coin") Ownable(owner_) {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice The EIP-712 domain version ("1", as set by ERC20Permit).
    function version() external pure returns (string memory) {
        return "1";
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
