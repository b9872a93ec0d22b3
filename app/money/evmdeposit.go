package money

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// The EVM crypto deposit (USDC in the owner's wallet on the home chain → fiat on the
// account; evidence §7): a transaction from the owner's own key to the chain configuration's
// depositContract, depositTokenViaUsdc(USDC, output token, amount, amount) paying the
// messaging fee the contract quotes, preceded by an approve of exactly the amount when the
// allowance does not cover it. Both are simulated together and their gas estimated before
// the signing gate shows them (one review, one approval: the deposit then goes unasked);
// each is sent and read back from its receipt, and the credit is found in the account's
// records by the deposit's hash. A transaction that may have been sent is never called
// failed unless its receipt or the chain's nonce proves it.

// DepositForm is what the user asked to deposit.
type DepositForm struct {
	// Amount is the USDC amount, e.g. 25 or 25.5.
	Amount string
	// Output names the fiat the account is credited in: EUR, CHF, USD, CNH or a fiat token's
	// symbol or address.
	Output string
}

// DepositPlan is a checked deposit: its transactions, built and simulated, not signed.
type DepositPlan struct {
	Owner    common.Address
	TokenID  uint64
	ChainID  *big.Int
	Contract common.Address
	// Pinned says the profile's deposit_contract pins the contract.
	Pinned bool
	USDC   homechain.Token
	Output homechain.Token
	Amount *big.Int // USDC smallest units
	Fee    *big.Int // wei
	// Approve is the approve of exactly Amount (nil: the allowance covers it).
	Approve *wallet.EVMTx
	Deposit wallet.EVMTx
	// USDCBalance and NativeBalance are the owner's when checked.
	USDCBalance, NativeBalance *big.Int
	FromBlock                  uint64
	Notes                      []string
}

// DepositOutcome is a deposit as `purse evm deposit --json` prints it.
type DepositOutcome struct {
	Outcome   string `json:"outcome"`
	Amount    string `json:"amount"`
	Output    string `json:"output"`
	Contract  string `json:"contract"`
	ChainID   string `json:"chainId"`
	FeeWei    string `json:"feeWei"`
	ApproveTx string `json:"approveTx,omitempty"`
	DepositTx string `json:"depositTx,omitempty"`
	Nonce     uint64 `json:"nonce"`
	Block     uint64 `json:"block,omitempty"`
	// Credited is the fiat the account's records show for the deposit ("" not yet).
	Credited string `json:"credited,omitempty"`
	Note     string `json:"note,omitempty"`
}

// Summary says in one line what a deposit did.
func (o DepositOutcome) Summary() string {
	s := fmt.Sprintf("deposited %s USDC on chain %s in %s (block %d)", o.Amount, o.ChainID, o.DepositTx, o.Block)
	if o.Credited != "" {
		return s + "; the account was credited " + o.Credited
	}
	return s + "; the account's records do not show the credit yet (the service credits it in " + o.Output + ")"
}

// Gas margins: a transaction carries its simulated gas and a quarter more; a deposit that
// cannot be simulated before its approve lands carries depositGasCeiling.
const depositGasCeiling = 400_000

func withMargin(used uint64) uint64 { return max(used+used/4+5_000, 21_000) }

// PlanDeposit reads the chain configuration, the deposit contract and the owner's balances,
// checks the form against them and builds and simulates the transactions. Nothing is
// signed.
func (sv Service) PlanDeposit(ctx context.Context, f DepositForm) (DepositPlan, error) {
	s := sv.s
	var pl DepositPlan
	c, err := sv.Load(ctx)
	if err != nil {
		return pl, err
	}
	p := s.Profile()
	pl.Owner, pl.TokenID, pl.ChainID = c.Owner, c.TokenID, c.ChainID
	if pl.Contract, err = c.Chain.Spender(app.RoleDeposit, p.DepositContract); err != nil {
		return pl, &app.Advice{Err: fmt.Errorf("the deposit contract: %v", err), Next: "Nothing was signed. The chain configuration names the deposit contract and the profile's deposit_contract pins the one purse accepts."}
	}
	pl.Pinned = p.DepositContract != ""
	if pl.USDC, err = c.Chain.FindToken("USDC"); err != nil {
		return pl, &app.Advice{Err: fmt.Errorf("the home chain's configuration lists no USDC to deposit: %v", err), Next: "Nothing was signed."}
	}
	if pl.Output, err = outputToken(c.Chain, f.Output); err != nil {
		return pl, err
	}
	amount := strings.TrimSpace(f.Amount)
	if pl.Amount, err = homechain.ParseAmount(amount, pl.USDC.Decimals); err != nil || amount == "" {
		return pl, &app.FieldError{Field: "amount", Err: fmt.Errorf("expected a USDC amount such as 25.50 (at most %d decimals), got %q", pl.USDC.Decimals, f.Amount)}
	}
	if pl.Amount.Sign() <= 0 {
		return pl, &app.FieldError{Field: "amount", Err: fmt.Errorf("expected an amount above 0, got %s", amount)}
	}
	if p.DepositDstEID == "" {
		return pl, &app.FieldError{Field: "deposit_dst_eid", Err: fmt.Errorf("profile %s has no LayerZero endpoint id to quote the deposit's fee for: set deposit_dst_eid (30181 Mantle, 40246 Mantle Sepolia)", p.Name)}
	}
	eid, _ := strconv.ParseUint(p.DepositDstEID, 10, 32) // validated with the profile
	hc, err := s.DialHomeChain(ctx)
	if err != nil {
		return pl, err
	}
	defer hc.Close()
	dep, err := hc.ReadDeposit(ctx, pl.Contract, pl.USDC)
	if err != nil {
		return pl, &app.Advice{Err: err, Next: "Nothing was signed: the deposit contract is not what the chain configuration says it is."}
	}
	usdc := func(v *big.Int) string { return homechain.FromSmallest(v, pl.USDC.Decimals).String() + " USDC" }
	if pl.Amount.Cmp(dep.Terms.Min) < 0 || pl.Amount.Cmp(dep.Terms.Max) > 0 {
		return pl, &app.FieldError{Field: "amount", Err: fmt.Errorf("%s is outside the deposit contract's limits of %s to %s", usdc(pl.Amount), usdc(dep.Terms.Min), usdc(dep.Terms.Max))}
	}
	if pl.USDCBalance, err = hc.BalanceOf(ctx, pl.USDC.Address, pl.Owner); err != nil {
		return pl, err
	}
	if pl.USDCBalance.Cmp(pl.Amount) < 0 {
		return pl, &app.FieldError{Field: "amount", Err: fmt.Errorf("%s is above the wallet's %s on chain %s", usdc(pl.Amount), usdc(pl.USDCBalance), pl.ChainID)}
	}
	if pl.Fee, err = hc.DepositFee(ctx, pl.Contract, uint32(eid), pl.Owner, pl.USDC.Address, pl.Amount, pl.Output.Address); err != nil {
		return pl, err
	}
	if err := sv.buildDeposit(ctx, hc, &pl); err != nil {
		return pl, err
	}
	if pl.FromBlock, err = hc.BlockNumber(ctx); err != nil {
		return pl, err
	}
	return pl, nil
}

// outputToken is the fiat token the form names: a currency (EUR) or a token of the chain
// configuration.
func outputToken(ch enduser.Chain, name string) (homechain.Token, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return homechain.Token{}, &app.FieldError{Field: "output", Err: errors.New("expected the fiat the account is credited in: EUR, CHF, USD or CNH")}
	}
	t, err := ch.FindToken(name)
	if err != nil && !strings.HasPrefix(name, "0x") {
		t, err = ch.FindToken(strings.ToUpper(name) + "24")
	}
	if err != nil {
		return t, &app.FieldError{Field: "output", Err: err}
	}
	if !t.IsFiat {
		return t, &app.FieldError{Field: "output", Err: fmt.Errorf("%s is not a fiat token: the account is credited in EUR24, CHF24, USD24 or CNH24", t.Symbol)}
	}
	return t, nil
}

// buildDeposit builds the approve (when the allowance falls short) and the deposit from the
// owner's next nonce, at the chain's fees, simulates them together and sets their gas; a
// simulated revert refuses with the contract's reason.
func (sv Service) buildDeposit(ctx context.Context, hc *homechain.Client, pl *DepositPlan) error {
	allowance, err := hc.Allowance(ctx, pl.USDC.Address, pl.Owner, pl.Contract)
	if err != nil {
		return err
	}
	nonce, err := hc.PendingNonce(ctx, pl.Owner)
	if err != nil {
		return err
	}
	fees, err := hc.SuggestFees(ctx)
	if err != nil {
		return err
	}
	calls := wallet.EVMCallsABI()
	tx := func(to common.Address, value *big.Int, name string, args ...any) wallet.EVMTx {
		data, _ := calls.Pack(name, args...) // the ABI's own types: cannot fail
		return wallet.EVMTx{ChainID: pl.ChainID, Nonce: nonce, To: to, Value: value, Data: data, MaxFeePerGas: fees.Cap, MaxPriorityFeePerGas: fees.Tip}
	}
	if allowance.Cmp(pl.Amount) < 0 {
		a := tx(pl.USDC.Address, new(big.Int), wallet.CallApprove, pl.Contract, pl.Amount)
		pl.Approve = &a
		nonce++
	}
	pl.Deposit = tx(pl.Contract, pl.Fee, wallet.CallDeposit, pl.USDC.Address, pl.Output.Address, pl.Amount, pl.Amount)
	txs := pl.txs()
	sims, err := hc.SimulateTxs(ctx, pl.Owner, txs)
	if errors.Is(err, homechain.ErrNoSimulate) && len(txs) == 2 {
		pl.Notes = append(pl.Notes, "the node does not simulate an approve and its deposit together (eth_simulateV1): the deposit carries a gas limit of 400,000 and is simulated before it is sent")
		sims, err = hc.SimulateTxs(ctx, pl.Owner, txs[:1])
		sims = append(sims, homechain.Simulated{GasUsed: depositGasCeiling * 4 / 5})
	}
	if err != nil {
		return err
	}
	for i, sim := range sims {
		if sim.Revert != "" {
			return &app.Advice{Err: fmt.Errorf("the %s reverts when simulated: %s", callName(txs[i]), sim.Revert), Next: "Nothing was signed."}
		}
		txs[i].Gas = withMargin(sim.GasUsed)
	}
	if pl.NativeBalance, err = hc.NativeBalance(ctx, pl.Owner); err != nil {
		return err
	}
	need := new(big.Int)
	for _, t := range txs {
		need.Add(need, t.MaxCost())
	}
	if pl.NativeBalance.Cmp(need) < 0 {
		return &app.FieldError{Field: "amount", Err: fmt.Errorf("the wallet holds %s of the chain's coin, less than the %s the fee and gas may cost (at the highest fee): nothing was signed",
			homechain.FromSmallest(pl.NativeBalance, 18), homechain.FromSmallest(need, 18))}
	}
	return nil
}

// txs are the plan's transactions in the order they are sent.
func (pl *DepositPlan) txs() []*wallet.EVMTx {
	if pl.Approve != nil {
		return []*wallet.EVMTx{pl.Approve, &pl.Deposit}
	}
	return []*wallet.EVMTx{&pl.Deposit}
}

func callName(t *wallet.EVMTx) string {
	if c, err := t.Call(); err == nil && c.Name == wallet.CallApprove {
		return "approve"
	}
	return "deposit"
}

// DepositRun is one EVM deposit for every front end.
type DepositRun struct {
	Form DepositForm
	// Progress (may be nil) hears each step as it begins.
	Progress func(step, detail string)
}

// Deposit runs one EVM deposit: the plan, the signing gate (the approve and the deposit: one
// review), the approve sent and read back, the deposit simulated again, signed (unasked),
// sent and read back, and the account's credit looked up. The plan comes back with any
// error after it was built.
func (sv Service) Deposit(ctx context.Context, run DepositRun, u *app.Unlock) (DepositPlan, DepositOutcome, error) {
	emit := func(step, format string, a ...any) {
		if run.Progress != nil {
			run.Progress(step, fmt.Sprintf(format, a...))
		}
	}
	emit("read", "the chain configuration, the deposit contract, the wallet's USDC and the fee")
	pl, err := sv.PlanDeposit(ctx, run.Form)
	if err != nil {
		return pl, DepositOutcome{}, err
	}
	defer sv.s.HoldProfile()()
	out := DepositOutcome{Amount: homechain.FromSmallest(pl.Amount, pl.USDC.Decimals).String(), Output: pl.Output.Symbol, Contract: pl.Contract.Hex(),
		ChainID: pl.ChainID.String(), FeeWei: pl.Fee.String(), Nonce: pl.Deposit.Nonce}
	signer, err := sv.s.EVMSigner(u)
	if err != nil {
		return pl, out, err
	}
	if signer.Address() != pl.Owner {
		return pl, out, fmt.Errorf("the profile's key signs as %s, not the owner %s; nothing was signed", signer.Address().Hex(), pl.Owner.Hex())
	}
	hc, err := sv.s.DialHomeChain(ctx)
	if err != nil {
		return pl, out, err
	}
	defer hc.Close()
	if pl.Approve != nil {
		emit("sign", "the approve of %s USDC to the deposit contract and the deposit after it, through the signing gate", out.Amount)
		signed, err := wallet.SignEVMTx(signer, *pl.Approve, &pl.Deposit)
		if err != nil {
			return pl, out, err
		}
		out.ApproveTx = signed.Hash.Hex()
		emit("approve", "sending %s and waiting for its receipt", out.ApproveTx)
		if err := sv.approveLanded(ctx, hc, pl, signed); err != nil {
			return pl, out, err
		}
		emit("simulate", "the deposit on the chain as the approve left it")
		sims, err := hc.SimulateTxs(ctx, pl.Owner, []*wallet.EVMTx{&pl.Deposit})
		if err == nil && sims[0].Revert != "" {
			err = fmt.Errorf("the deposit reverts when simulated after the approve: %s", sims[0].Revert)
		}
		if err == nil && sims[0].GasUsed > pl.Deposit.Gas {
			err = fmt.Errorf("the deposit needs %d gas now, more than the %d approved", sims[0].GasUsed, pl.Deposit.Gas)
		}
		if err != nil {
			return pl, out, &app.OutcomeError{Outcome: app.OutcomeNotSent, IDName: "approveTx", ID: out.ApproveTx, Err: err,
				Next: fmt.Sprintf("Nothing was deposited; the deposit contract may still take %s USDC under the approve (approve 0 to revoke it).", out.Amount)}
		}
	}
	emit("sign", "the deposit of %s USDC for %s, through the signing gate", out.Amount, pl.Output.Symbol)
	signed, err := wallet.SignEVMTx(signer, pl.Deposit, nil)
	if err != nil {
		return pl, out, err
	}
	out.DepositTx = signed.Hash.Hex()
	emit("deposit", "sending %s and waiting for its receipt", out.DepositTx)
	rc, err := sv.sendAndWait(ctx, hc, pl.Owner, pl.Deposit.Nonce, signed)
	if err != nil {
		return pl, out, depositOutcomeError(out, err)
	}
	out.Block = rc.BlockNumber.Uint64()
	if rc.Status != types.ReceiptStatusSuccessful {
		out.Outcome = app.OutcomeFailed
		return pl, out, &app.OutcomeError{Outcome: app.OutcomeFailed, IDName: "depositTx", ID: out.DepositTx, Fields: map[string]any{"block": out.Block},
			Err: fmt.Errorf("the deposit %s reverted in block %d: no USDC left the wallet (its gas was paid)", out.DepositTx, out.Block), Next: "Running it again is safe: nothing was deposited."}
	}
	if !movedUSDC(hc, rc, pl) {
		out.Outcome = app.OutcomeUnknown
		return pl, out, &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "depositTx", ID: out.DepositTx, Fields: map[string]any{"block": out.Block},
			Err:  fmt.Errorf("the deposit %s succeeded in block %d, but its receipt shows no transfer of %s USDC from the wallet to the contract", out.DepositTx, out.Block, out.Amount),
			Next: "Check the wallet's USDC and the account's history (purse tx list) before trying again."}
	}
	out.Outcome = app.OutcomeLanded
	emit("credit", "the account's records for %s", out.DepositTx)
	out.Credited, out.Note = sv.awaitCredit(ctx, hc, pl, u, out.DepositTx, out.Block)
	return pl, out, nil
}

// approveLanded sends the approve and reads its receipt: it must hold the token's Approval
// of exactly the amount to the contract. Nothing is deposited when it does not.
func (sv Service) approveLanded(ctx context.Context, hc *homechain.Client, pl DepositPlan, signed wallet.SignedEVMTx) error {
	rc, err := sv.sendAndWait(ctx, hc, pl.Owner, pl.Approve.Nonce, signed)
	if err != nil {
		var oe *app.OutcomeError
		if errors.As(err, &oe) {
			oe.IDName, oe.Next = "approveTx", "Nothing was deposited (the deposit is sent only after its approve is mined). "+oe.Next
		}
		return err
	}
	if rc.Status != types.ReceiptStatusSuccessful || !hc.Approved(rc, pl.USDC.Address, pl.Owner, pl.Contract, pl.Amount) {
		return &app.OutcomeError{Outcome: app.OutcomeFailed, IDName: "approveTx", ID: signed.Hash.Hex(),
			Err:  fmt.Errorf("the approve %s did not grant the deposit contract %s USDC (status %d): nothing was deposited", signed.Hash.Hex(), homechain.FromSmallest(pl.Amount, pl.USDC.Decimals), rc.Status),
			Next: "Running it again is safe: nothing was deposited."}
	}
	return nil
}

// sendAndWait sends a signed transaction and waits for its receipt. Without one, the chain's
// nonce decides: another transaction of the same nonce mined means this one never will
// (not landed); otherwise it may still be mined (unknown).
func (sv Service) sendAndWait(ctx context.Context, hc *homechain.Client, owner common.Address, nonce uint64, signed wallet.SignedEVMTx) (*types.Receipt, error) {
	_, sendErr := hc.SendRaw(ctx, signed.Raw)
	wctx, cancel := context.WithTimeout(ctx, SettleWait)
	rc, err := hc.WaitReceipt(wctx, signed.Hash, SettlePoll)
	cancel()
	if err == nil {
		return rc, nil
	}
	why := app.OneLine(err)
	if sendErr != nil {
		why = app.OneLine(sendErr) + "; " + why
	}
	fields := map[string]any{"nonce": nonce, "from": owner.Hex()}
	if mined, nerr := hc.NonceAt(ctx, owner); nerr == nil && mined > nonce {
		return nil, &app.OutcomeError{Outcome: app.OutcomeNotLanded, IDName: "txHash", ID: signed.Hash.Hex(), Fields: fields,
			Err:  fmt.Errorf("%s was not mined and no longer can be: another transaction of nonce %d was (%s)", signed.Hash.Hex(), nonce, why),
			Next: "Nothing of this transaction happened; check the wallet's latest transactions for the one that took the nonce."}
	}
	return nil, &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "txHash", ID: signed.Hash.Hex(), Fields: fields,
		Err:  fmt.Errorf("whether %s will be mined is unknown: %s", signed.Hash.Hex(), why),
		Next: fmt.Sprintf("It may still be mined: look it up on the chain (and purse tx list) before trying again; a new transaction of nonce %d replaces it only if that one is mined first.", nonce)}
}

// depositOutcomeError completes an outcome error of the deposit transaction with the
// deposit's facts.
func depositOutcomeError(out DepositOutcome, err error) error {
	var oe *app.OutcomeError
	if errors.As(err, &oe) {
		oe.IDName = "depositTx"
		oe.Fields["amount"], oe.Fields["contract"], oe.Fields["output"] = out.Amount, out.Contract, out.Output
	}
	return err
}

// movedUSDC says whether the receipt holds the USDC's Transfer of exactly the amount from the
// owner to the contract.
func movedUSDC(hc *homechain.Client, rc *types.Receipt, pl DepositPlan) bool {
	for _, t := range hc.TransfersIn(rc, pl.USDC.Address) {
		if t.From == pl.Owner && t.To == pl.Contract && t.Value.Cmp(pl.Amount) == 0 {
			return true
		}
	}
	return false
}

// awaitCredit finds the credit of the deposit: first the output token's arrival in the
// owner's wallet on the home chain (read without signing, until SettleWait ends), then the
// account's records (a crypto deposit naming its hash), read signed at most twice — a key on a
// device is not asked to sign a read on every poll. It says what was credited, or a note
// saying why that is not known.
func (sv Service) awaitCredit(ctx context.Context, hc *homechain.Client, pl DepositPlan, u *app.Unlock, txHash string, block uint64) (credited, note string) {
	deadline := time.Now().Add(SettleWait)
	for {
		// The credit follows the deposit: a transfer before its block is another one's.
		ts, err := hc.TransfersTo(ctx, pl.Output.Address, pl.Owner, block)
		if err == nil && len(ts) > 0 {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return "", fmt.Sprintf("no %s arrived in the wallet within %s: the service may still credit the deposit %s", pl.Output.Symbol, SettleWait, txHash)
		}
		select {
		case <-ctx.Done():
		case <-time.After(SettlePoll):
		}
	}
	api, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return "", "the account's records cannot be read: " + app.OneLine(err)
	}
	// The credit's record may follow its transfer by a moment: one more read after a poll.
	for try := 0; try < 2; try++ {
		recs, err := api.TransactionsByHash(ctx, txHash)
		if err != nil && !errors.Is(err, enduser.ErrTransactionMissing) {
			return "", "the account's records cannot be read: " + app.OneLine(err)
		}
		for _, r := range recs {
			if strings.EqualFold(r.TxHash, txHash) && r.Amount.Valid {
				return r.Amount.Decimal.Abs().StringFixed(2) + " " + strings.ToUpper(r.Currency), ""
			}
		}
		time.Sleep(SettlePoll)
	}
	return "", fmt.Sprintf("%s arrived in the wallet, but the account's records name no credit for %s yet", pl.Output.Symbol, txHash)
}
