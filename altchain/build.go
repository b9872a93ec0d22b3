package altchain

import (
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
)

// ErrUnknownLayout is returned by BuildDeposit for a program whose instruction layout
// purse does not know.
var ErrUnknownLayout = errors.New("altchain: the deposit program's instruction layout is unknown")

// BuildDeposit builds the unsigned v0 deposit transaction for user: SetComputeUnitLimit,
// SetComputeUnitPrice, then the deposit instruction of the quote's program, which must be
// one whose layout purse knows with its account list (the sandbox deposit program).
// The native fee is the quote's nativeFeeLamportsWithBuffer. The result has passed
// Inspect; the quote's requested amounts must be set.
func BuildDeposit(q *Quote, user solana.PublicKey, blockhash solana.Hash, computeUnitLimit uint32, computeUnitPrice uint64, opts *Options) ([]byte, error) {
	if q == nil {
		return nil, errors.New("altchain: build: no quote")
	}
	if q.ProgramID != DefaultSandboxProgramID {
		return nil, fmt.Errorf("%w: refusing to build a deposit for program %s: purse builds only for the sandbox deposit program; the service's quote carries its own transaction", ErrUnknownLayout, q.ProgramID)
	}
	if !q.HasRequested {
		return nil, errors.New("altchain: build: the requested usdcAmount is unknown (SetRequested)")
	}
	if computeUnitLimit < MinComputeUnitLimit || computeUnitLimit > MaxComputeUnitLimit {
		return nil, fmt.Errorf("altchain: build: compute unit limit %d outside [%d, %d]", computeUnitLimit, MinComputeUnitLimit, MaxComputeUnitLimit)
	}
	acc, err := ExpectedDepositAccounts(q, user)
	if err != nil {
		return nil, fmt.Errorf("altchain: build: %w", err)
	}
	args := DepositArgs{
		USDCAmount: q.USDCAmount, MinUSDCAmount: q.MinUSDCAmount, NativeFeeLamports: q.NativeFeeLamportsWithBuffer,
		DstEid: q.DstEid, EVMOutputToken: q.EVMOutputToken,
	}
	tx, err := solana.NewTransaction([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(computeUnitLimit).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(computeUnitPrice).Build(),
		NewDepositInstruction(q.ProgramID, acc, args),
	}, blockhash, solana.TransactionPayer(user))
	if err != nil {
		return nil, fmt.Errorf("altchain: build: %w", err)
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	raw, err := tx.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("altchain: build: %w", err)
	}
	check := *q
	check.Transaction = raw
	if err := Inspect(&check, user, opts).Err(); err != nil {
		return nil, fmt.Errorf("altchain: build: the built transaction fails inspection: %w", err)
	}
	return raw, nil
}
