package app

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// kindEVMTx is the review's name for an EVM transaction.
const kindEVMTx review.Kind = "EVM transaction (EIP-1559)"

// evmDeposit is what the chain says an EVM deposit may be, read for one profile: the
// contract (the chain configuration's depositContract, under the profile's pin) with code,
// its USDC (its own usdc(), which must be the configuration's) and limits, and the fiat
// tokens it may deliver. The deposit flow (app/money) reads the same facts with the same
// homechain.ReadDeposit, so both hold a transaction to them.
type evmDeposit struct {
	homechain.Deposit
	Chain   enduser.Chain
	ChainID *big.Int
	// Pinned says the profile's deposit_contract pins the contract.
	Pinned bool
	// DstEID is the profile's deposit_dst_eid (0: unset).
	DstEID uint32
}

// readEVMDeposit reads the deposit terms of profile p's home chain through hc: an error
// says which fact does not hold (nothing is signed on it).
func (s *App) readEVMDeposit(ctx context.Context, p config.Profile, hc *homechain.Client) (evmDeposit, error) {
	var d evmDeposit
	id, err := hc.ChainID(ctx)
	if err != nil {
		return d, err
	}
	if id.String() != p.Network {
		return d, fmt.Errorf("the chain at evm_rpc is %s, not profile %s's network %s", id, p.Name, p.Network)
	}
	d.ChainID = id
	if d.Chain, err = s.homeChainConfig(ctx, p, id); err != nil {
		return d, err
	}
	contract, err := d.Chain.Spender(RoleDeposit, p.DepositContract)
	if err != nil {
		return d, err
	}
	usdc, err := d.Chain.FindToken("USDC")
	if err != nil {
		return d, fmt.Errorf("the chain configuration lists no USDC: %v", err)
	}
	if d.Deposit, err = hc.ReadDeposit(ctx, contract, usdc); err != nil {
		return d, err
	}
	d.Pinned = p.DepositContract != ""
	if p.DepositDstEID != "" {
		n, _ := strconv.ParseUint(p.DepositDstEID, 10, 32) // validated with the profile
		d.DstEID = uint32(n)
	}
	return d, nil
}

// judgeEVMTx is what the chain says of one transaction of an evm-tx request: its fields for
// the review, and what blocks it.
func (d evmDeposit) judgeEVMTx(tx wallet.EVMTx, c wallet.EVMCall) (fields []review.Field, blocks, warnings []string) {
	usdc := func(v *big.Int) string { return review.HumanAmount(v, d.USDC.Decimals) + " USDC" }
	fields = []review.Field{{Label: "chain", Value: tx.ChainID.String()}}
	switch c.Name {
	case wallet.CallApprove:
		fields = append(fields,
			review.Field{Label: "contract", Value: tx.To.Hex(), Note: "(" + d.USDC.Symbol + ": the token whose allowance is granted)"},
			review.Field{Label: "call", Value: "approve(spender, amount)"},
			review.Field{Label: "spender", Value: c.Spender.Hex(), Note: "(" + RoleLabel(RoleDeposit) + ")"},
			review.Field{Label: "amount", Value: c.Amount.String(), Note: "(" + usdc(c.Amount) + ": exactly the deposit's)"})
		if tx.To != d.USDC.Address {
			blocks = append(blocks, fmt.Sprintf("the approve is on %s, not the deposit contract's USDC %s", tx.To.Hex(), d.USDC.Address.Hex()))
		}
		if c.Spender != d.Contract {
			blocks = append(blocks, fmt.Sprintf("the approve's spender %s is not the deposit contract %s", c.Spender.Hex(), d.Contract.Hex()))
		}
	case wallet.CallDeposit:
		out, err := d.Chain.FindToken(c.OutputToken.Hex())
		outName := c.OutputToken.Hex()
		switch {
		case err != nil:
			blocks = append(blocks, "the deposit's output token: "+OneLine(err))
		case !out.IsFiat:
			blocks = append(blocks, fmt.Sprintf("the deposit's output token %s is not a fiat token: a deposit credits the account in a fiat token", out.Symbol))
		default:
			outName = out.Symbol + " " + outName
		}
		fields = append(fields,
			review.Field{Label: "contract", Value: tx.To.Hex(), Note: "(" + RoleLabel(RoleDeposit) + ")"},
			review.Field{Label: "call", Value: "depositTokenViaUsdc(_inputToken, _outputToken, _amount, _amountOutMinimum)"},
			review.Field{Label: "input token", Value: c.InputToken.Hex(), Note: "(" + d.USDC.Symbol + ")"},
			review.Field{Label: "amount", Value: c.Amount.String(), Note: "(" + usdc(c.Amount) + " leave your wallet)"},
			review.Field{Label: "minimum USDC", Value: c.AmountOutMinimum.String(), Note: "(" + usdc(c.AmountOutMinimum) + " after the swap to USDC)"},
			review.Field{Label: "output token", Value: outName, Note: "(the service credits the account in it, at its rate, less its fee)"},
			review.Field{Label: "value", Value: tx.Value.String() + " wei", Note: "(the messaging fee the contract quotes, in the chain's coin)"})
		switch {
		case tx.To != d.Contract:
			blocks = append(blocks, fmt.Sprintf("the transaction calls %s, not the deposit contract %s", tx.To.Hex(), d.Contract.Hex()))
		case c.InputToken != d.USDC.Address:
			blocks = append(blocks, fmt.Sprintf("the deposit's input token %s is not the contract's USDC %s", c.InputToken.Hex(), d.USDC.Address.Hex()))
		case c.Amount.Cmp(d.Terms.Min) < 0 || c.Amount.Cmp(d.Terms.Max) > 0:
			blocks = append(blocks, fmt.Sprintf("%s is outside the contract's limits of %s to %s", usdc(c.Amount), usdc(d.Terms.Min), usdc(d.Terms.Max)))
		case c.AmountOutMinimum.Cmp(c.Amount) > 0:
			blocks = append(blocks, fmt.Sprintf("the minimum %s is above the amount %s: the contract would revert", usdc(c.AmountOutMinimum), usdc(c.Amount)))
		}
	}
	if tx.ChainID.Cmp(d.ChainID) != 0 {
		blocks = append(blocks, fmt.Sprintf("the transaction is for chain %s, not the home chain %s", tx.ChainID, d.ChainID))
	}
	fields = append(fields,
		review.Field{Label: "nonce", Value: strconv.FormatUint(tx.Nonce, 10)},
		review.Field{Label: "gas limit", Value: strconv.FormatUint(tx.Gas, 10)},
		review.Field{Label: "max fee", Value: tx.MaxFeePerGas.String() + " wei/gas", Note: "(tip " + tx.MaxPriorityFeePerGas.String() + " wei/gas)"},
		review.Field{Label: "at most", Value: review.HumanAmount(tx.MaxCost(), 18), Note: "(the chain's coin: value + gas limit × max fee)"},
		review.Field{Label: "signing hash", Value: tx.SigningHash().Hex()})
	return fields, blocks, warnings
}

// reviewEVMTx shows a deposit transaction (or an approve with the deposit it pays for) as the
// chain will run it, against the facts read from the chain: the contract is the chain
// configuration's depositContract (under the profile's pin) with code, its USDC is the
// configuration's, the output a fiat token, the amount within the contract's limits. What
// contradicts them blocks the signature whatever the policy says.
func reviewEVMTx(s *App, ctx context.Context, p config.Profile, r wallet.Request, _ agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	tx := r.Transaction
	if tx == nil {
		return blockedReview(r, errors.New("it holds no transaction")), nil
	}
	c, err := tx.Call()
	if err != nil {
		return blockedReview(r, err), nil
	}
	rv := review.Request{ID: "sign-" + string(r.Purpose), Kind: kindEVMTx,
		Purpose: "Signs an EVM transaction with your EVM key: once sent, the chain runs it from your wallet and it cannot be taken back."}
	switch {
	case c.Name == wallet.CallApprove && r.Next != nil:
		rv.Title = "EVM deposit: approve, then deposit"
		rv.Purpose += " This is the first of two: the approve lets the deposit contract take exactly the deposit's USDC; the deposit below is then signed without a second question, exactly as shown."
	case c.Name == wallet.CallApprove:
		rv.Title = "approve for the EVM deposit"
	default:
		rv.Title = "EVM deposit: USDC to the account"
	}
	d, hc, err := s.evmDepositOf(ctx, p)
	if hc != nil {
		defer hc.Close()
	}
	if err != nil {
		rv.Blocked = append(rv.Blocked, "the deposit cannot be checked on chain: "+OneLine(err))
		return rv, nil
	}
	txs := []*wallet.EVMTx{tx}
	heads := []string{"Transaction"}
	if r.Next != nil {
		txs, heads = append(txs, r.Next), []string{"1. Approve", "2. Deposit (signed next, unasked)"}
	}
	for i, t := range txs {
		ci, err := t.Call()
		if err != nil {
			rv.Blocked = append(rv.Blocked, err.Error())
			continue
		}
		fields, blocks, warnings := d.judgeEVMTx(*t, ci)
		rv.Sections = append(rv.Sections, review.Section{Heading: heads[i], Fields: fields})
		rv.Blocked = append(rv.Blocked, blocks...)
		rv.Warnings = append(rv.Warnings, warnings...)
	}
	if !d.Pinned {
		rv.Warnings = append(rv.Warnings, fmt.Sprintf("the deposit contract is the chain configuration's, the service's word: profile %s pins none (deposit_contract)", p.Name))
	}
	switch {
	case len(rv.Blocked) > 0:
	case from == (common.Address{}):
		// No signing key (an explanation): the gate simulates from the key when it signs.
		rv.Warnings = append(rv.Warnings, "not simulated here: the transaction is simulated from the signing key before it is signed")
	default:
		blocks, warnings := simulateEVMTx(ctx, d, hc, txs, from)
		rv.Blocked, rv.Warnings = append(rv.Blocked, blocks...), append(rv.Warnings, warnings...)
	}
	usdc := d.USDC
	return rv, &usdc
}

// evmDepositOf dials profile p's home chain and reads its deposit terms.
func (s *App) evmDepositOf(ctx context.Context, p config.Profile) (evmDeposit, *homechain.Client, error) {
	if p.EVMRPC == "" {
		return evmDeposit{}, nil, fmt.Errorf("profile %s has no evm_rpc", p.Name)
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	hc, err := s.profileChain(p).Dial(ctx)
	if err != nil {
		return evmDeposit{}, nil, err
	}
	d, err := s.readEVMDeposit(ctx, p, hc)
	return d, hc, err
}

// simulateEVMTx runs a request's transactions (the review's txs, read against d through hc)
// from the signing key on the chain's latest state, before the question: a deposit whose
// value is below the fee the contract quotes for this sender, a transaction that would
// revert, or one that needs more gas than it carries, is refused. An approve and its deposit
// run together (eth_simulateV1); a node without it runs the first alone and says the deposit
// is checked before it is sent.
func simulateEVMTx(ctx context.Context, d evmDeposit, hc *homechain.Client, txs []*wallet.EVMTx, from common.Address) (blocks, warnings []string) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if dep := txs[len(txs)-1]; d.DstEID != 0 {
		if dc, err := dep.Call(); err == nil && dc.Name == wallet.CallDeposit {
			fee, err := hc.DepositFee(ctx, d.Contract, d.DstEID, from, d.USDC.Address, dc.Amount, dc.OutputToken)
			switch {
			case err != nil:
				warnings = append(warnings, "the contract's fee quote cannot be read: "+OneLine(err))
			case dep.Value.Cmp(fee) < 0:
				blocks = append(blocks, fmt.Sprintf("the value %s wei is below the fee the contract quotes, %s wei: the deposit would revert", dep.Value, fee))
			case dep.Value.Cmp(new(big.Int).Mul(fee, big.NewInt(2))) > 0:
				warnings = append(warnings, fmt.Sprintf("the value %s wei is more than twice the fee the contract quotes (%s wei)", dep.Value, fee))
			}
		}
	}
	res, err := hc.SimulateTxs(ctx, from, txs)
	if errors.Is(err, homechain.ErrNoSimulate) && len(txs) == 2 {
		warnings = append(warnings, "the node does not simulate an approve and its deposit together (eth_simulateV1): the deposit is simulated before it is sent, once the approve has landed")
		res, err = hc.SimulateTxs(ctx, from, txs[:1])
	}
	if err != nil {
		return append(blocks, "the transaction cannot be simulated: "+OneLine(err)), warnings
	}
	for i, sim := range res {
		name := "the transaction"
		if len(txs) == 2 {
			name = [...]string{"the approve", "the deposit"}[i]
		}
		switch {
		case sim.Revert != "":
			blocks = append(blocks, fmt.Sprintf("%s reverts when simulated from %s: %s", name, from.Hex(), sim.Revert))
		case sim.GasUsed > txs[i].Gas:
			blocks = append(blocks, fmt.Sprintf("%s needs %d gas when simulated, more than its limit of %d", name, sim.GasUsed, txs[i].Gas))
		}
	}
	return blocks, warnings
}

func summaryEVMTx(_ config.Profile, r wallet.Request, _ agent.Judgement, usdc *homechain.Token) string {
	if r.Transaction == nil {
		return "EVM transaction: (none)"
	}
	c, err := r.Transaction.Call()
	if err != nil {
		return "EVM transaction: (cannot be read)"
	}
	amount := c.Amount.String() + " smallest units"
	if usdc != nil {
		amount = review.HumanAmount(c.Amount, usdc.Decimals) + " " + usdc.Symbol
	}
	out := fmt.Sprintf("EVM transaction on chain %s, nonce %d: %s", r.Transaction.ChainID, r.Transaction.Nonce, c.Name)
	switch c.Name {
	case wallet.CallApprove:
		out += fmt.Sprintf(" %s to %s on %s", amount, c.Spender.Hex(), r.Transaction.To.Hex())
		if r.Next != nil {
			out += fmt.Sprintf(", for the deposit of nonce %d", r.Next.Nonce)
		}
	case wallet.CallDeposit:
		out += fmt.Sprintf(" of %s into %s for output token %s, value %s wei", amount, r.Transaction.To.Hex(), c.OutputToken.Hex(), r.Transaction.Value)
	}
	return out + ", signing hash " + r.Transaction.SigningHash().Hex()
}

// movesEVMTx: a deposit moves its USDC; an approve moves nothing yet (its deposit, signed by
// a request of its own, is held to the limits then).
func movesEVMTx(_ *App, _ context.Context, _ config.Profile, r wallet.Request, usdc *homechain.Token) agent.Moves {
	tx := r.Transaction
	if tx == nil {
		return unknownMoves("the request holds no transaction")
	}
	c, err := tx.Call()
	if err != nil {
		return unknownMoves("the transaction's call cannot be read: %v", err)
	}
	if usdc == nil {
		return unknownMoves("the deposit's USDC could not be read on chain")
	}
	if c.Name == wallet.CallApprove {
		return agent.Moves{Known: true, Asset: usdc.Symbol, Amount: decimal.Zero}
	}
	return agent.Moves{Known: true, Asset: usdc.Symbol, Amount: decimal.NewFromBigInt(c.Amount, -int32(usdc.Decimals))}
}

// carriedDeposit: an approve approved with its deposit lets that deposit transaction, exactly
// as shown, be signed unasked once.
func carriedDeposit(r wallet.Request) (delivery, bool) {
	if r.Next == nil {
		return delivery{}, false
	}
	return delivery{tx: r.Next.SigningHash(), once: true}, true
}

// evmTxKey is the delivery key of a transaction approved as an approve's next.
func evmTxKey(h common.Hash) string { return "tx:" + strings.ToLower(h.Hex()) }
