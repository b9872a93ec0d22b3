// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
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

/// @title DepositContract — stand-in for the chain's depositContract (UR's Fiat24CryptoDeposit).
/// @notice depositTokenViaUsdc(_inputToken, _outputToken, _amount, _amountOutMinimum) is
///         payable with the LayerZero fee quoteLayerzeroFee names, as UR's is. The sandbox
///         takes USDC only (no swap: the USDC amount is the input amount), within
///         minUsdcDepositAmount and maxUsdcDepositAmount, pulls it from the sender with the
///         allowance the sender gave, and emits what the service credits the account from.
contract DepositContract is Spender {
    using SafeERC20 for IERC20;

    address public immutable usdc;
    uint256 public minUsdcDepositAmount;
    uint256 public maxUsdcDepositAmount;
    uint256 public layerzeroFee;

    event DepositedTokenViaUsdc(
        address indexed sender,
        address indexed inputToken,
        address indexed outputToken,
        uint256 inputAmount,
        uint256 usdcAmount,
        uint256 fee
    );

    error NotUsdc(address inputToken);
    error AmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    error FeeTooLow(uint256 paid, uint256 fee);
    error BelowMinimum(uint256 usdcAmount, uint256 amountOutMinimum);

    constructor(address operator, address usdc_, uint256 min_, uint256 max_, uint256 fee_) Spender(operator) {
        usdc = usdc_;
        minUsdcDepositAmount = min_;
        maxUsdcDepositAmount = max_;
        layerzeroFee = fee_;
    }

    function role() external pure override returns (string memory) {
        return "deposit";
    }

    /// @notice The native fee a deposit pays the messaging layer.
    function quoteLayerzeroFee(uint32, address, address, uint256, uint256, address) external view returns (uint256) {
        return layerzeroFee;
    }

    function depositTokenViaUsdc(address _inputToken, address _outputToken, uint256 _amount, uint256 _amountOutMinimum)
        external
        payable
        returns (uint256)
    {
        if (_inputToken != usdc) {
            revert NotUsdc(_inputToken);
        }
        if (_amount < minUsdcDepositAmount || _amount > maxUsdcDepositAmount) {
            revert AmountOutOfRange(_amount, minUsdcDepositAmount, maxUsdcDepositAmount);
        }
        if (msg.value < layerzeroFee) {
            revert FeeTooLow(msg.value, layerzeroFee);
        }
        if (_amount < _amountOutMinimum) {
            revert BelowMinimum(_amount, _amountOutMinimum);
        }
        IERC20(_inputToken).safeTransferFrom(msg.sender, address(this), _amount);
        emit DepositedTokenViaUsdc(msg.sender, _inputToken, _outputToken, _amount, _amount, msg.value);
        return _amount;
    }
}

/// @title BufferPool — stand-in for the chain's bufferPoolContract (cash-out / on-ramp).
/// @notice The operator presents the user's permit for exactly amountIn, as UR's BufferPool
///         does (permit(user, address(this), amountIn, …) in a try/catch), and takes amountIn;
///         the service then delivers the quote's output on the destination chain.
contract BufferPool is Spender {
    using SafeERC20 for IERC20;

    event Onramp(address indexed user, address indexed token, uint256 amountIn, bytes32 quoteId);

    constructor(address operator) Spender(operator) {}

    function role() external pure override returns (string memory) {
        return "bufferPool";
    }

    function permitAndOnramp(
        address token,
        address user,
        uint256 amountIn,
        bytes32 quoteId,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyOwner {
        try IERC20Permit(token).permit(user, address(this), amountIn, deadline, v, r, s) {} catch {}
        IERC20(token).safeTransferFrom(user, address(this), amountIn);
        emit Onramp(user, token, amountIn, quoteId);
    }
}
