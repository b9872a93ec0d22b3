// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title FiatToken — a fiat token of the sandbox home chain (USD24, EUR24, CHF24, CNH24).
/// @notice ERC-20 with EIP-2612 permits; EIP-712 domain {name: name(), version: "1"}.
///         The same contract is deployed once per currency.
contract FiatToken is ERC20, ERC20Permit, Ownable {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
        Ownable(owner_)
    {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Credits `amount` (smallest units) to `to`; the bank's issuance in the sandbox.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
