package endusertest

import (
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
)

// The EVM crypto deposit (evidence §7): the user's own transaction to the deposit contract
// takes their USDC; UR's relay then credits the account NFT owned by the sender
// (historicOwnership) in the output token, at its rate less its fee. The sandbox plays the
// relay: its chain watcher hands each deposit the contract logged to CreditEVMDeposit.

// evmDepositFee is the relay's fee on an EVM deposit (1 %).
var evmDepositFee = decimal.RequireFromString("0.01")

// CreditEVMDeposit credits the deposit of usdcUnits (USDC's smallest units) that sender made
// in transaction txHash, in the fiat token outputToken, to the account sender owns, with a
// CTU record naming the transaction. A transaction already credited is not credited again
// (the watcher reads the chain again after a restart); a sender without an account, or an
// output that is not a fiat token, is credited nothing (UR's relay stores such a message as
// failed) and the error says why.
func (s *Server) CreditEVMDeposit(sender, outputToken common.Address, usdcUnits *big.Int, txHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var owned *account
	for _, a := range s.st.Accounts {
		for _, r := range s.historyLocked(a) {
			if strings.EqualFold(r.TxHash, txHash) && r.Type == "CTU" {
				return nil
			}
		}
		if a.Minted && a.Owner == sender {
			owned = a
		}
	}
	if owned == nil {
		return apiErr(CodeParam, "deposit %s: sender %s owns no account: nothing credited", txHash, sender.Hex())
	}
	tok, found := s.tokenByAddress(outputToken)
	if !found || !tok.IsFiat {
		return apiErr(CodeParam, "deposit %s: output token %s is not a fiat token: nothing credited", txHash, outputToken.Hex())
	}
	usd := decimal.NewFromBigInt(usdcUnits, -6)
	fiat := usd.Div(usdRate(tok.Symbol)).Mul(decimal.NewFromInt(1).Sub(evmDepositFee)).RoundFloor(int32(tok.Decimals))
	if !usdcUnits.IsUint64() {
		return apiErr(CodeParam, "deposit %s: %s USDC units is out of range", txHash, usdcUnits)
	}
	return s.finishLocked(s.recordDepositLocked(owned.TokenID, strings.TrimSuffix(tok.Symbol, "24"), fiat, usdcUnits.Uint64(), txHash, s.CAIP2()))
}
