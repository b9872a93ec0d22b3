package sandbox

import (
	"context"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/enduser/endusertest"
	"purse/homechain/bindings/depositcontract"
	"purse/homechain/homechaintest"
)

// What POST /sandbox/evm-fund gives an address on the sandbox's EVM: gas money and USDC
// for an EVM deposit (as FundSolana gives a Solana key its lamports and USDC).
var (
	EVMFundWei  = new(big.Int).Mul(big.NewInt(5), big.NewInt(1e16)) // 0.05 ETH
	EVMFundUSDC = big.NewInt(100_000_000)                           // 100 USDC
)

func fundEVM(ctx context.Context, chain *homechaintest.Chain, to common.Address) error {
	if _, err := chain.FundETH(ctx, to, EVMFundWei); err != nil {
		return err
	}
	usdc, _ := chain.Token("USDC")
	_, err := chain.Fund(ctx, usdc.Address, to, EVMFundUSDC)
	return err
}

// depositedTopic is the sandbox deposit contract's event of a deposit.
var depositedTopic = crypto.Keccak256Hash([]byte("DepositedTokenViaUsdc(address,address,address,uint256,uint256,uint256)"))

// watchEVMDeposits plays UR's relay for the EVM deposit: every deposit the sandbox's deposit
// contract logs is credited to the account its sender owns (endusertest.CreditEVMDeposit,
// which credits a transaction once, so the chain is read from its start after a restart).
func watchEVMDeposits(ctx context.Context, chain *homechaintest.Chain, eu *endusertest.Server, log *slog.Logger) {
	client := chain.Client()
	contract := chain.Contracts().Deposit
	dc := depositcontract.NewDepositContract()
	var next uint64
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		head, err := client.BlockNumber(ctx)
		if err != nil || head < next {
			continue
		}
		logs, err := client.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(next), ToBlock: new(big.Int).SetUint64(head),
			Addresses: []common.Address{contract}, Topics: [][]common.Hash{{depositedTopic}}})
		if err != nil {
			continue
		}
		for i := range logs {
			ev, err := dc.UnpackDepositedTokenViaUsdcEvent(&logs[i])
			if err != nil {
				log.Error("reading an EVM deposit", "tx", logs[i].TxHash.Hex(), "err", err)
				continue
			}
			if err := eu.CreditEVMDeposit(ev.Sender, ev.OutputToken, ev.UsdcAmount, logs[i].TxHash.Hex()); err != nil {
				log.Error("crediting an EVM deposit", "tx", logs[i].TxHash.Hex(), "err", err)
			}
		}
		next = head + 1
	}
}
