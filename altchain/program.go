package altchain

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// The sandbox deposit program (this project's own) takes one instruction:
//
//	data     = discriminator (8 bytes, sha256("global:deposit")[:8], Anchor style)
//	           || usdcAmount u64 LE || minUsdcAmount u64 LE || nativeFeeLamports u64 LE
//	           || dstEid u32 LE || evmOutputToken [20]byte                 (56 bytes)
//	accounts = user (signer, writable), user's USDC ATA (writable),
//	           depositUsdcAccount (writable), feeReceiver (writable),
//	           usdcMint (read), Token program (read), System program (read)
//
// It moves usdcAmount from the user's USDC ATA to depositUsdcAccount and
// nativeFeeLamports from the user to feeReceiver.

// DepositDataLen is the exact length of the deposit instruction data.
const DepositDataLen = 8 + 8 + 8 + 8 + 4 + 20

// DepositDiscriminator tags the deposit instruction.
var DepositDiscriminator = func() (d [8]byte) {
	h := sha256.Sum256([]byte("global:deposit"))
	copy(d[:], h[:8])
	return d
}()

// DepositArgs is the data of the deposit instruction.
type DepositArgs struct {
	USDCAmount        uint64
	MinUSDCAmount     uint64
	NativeFeeLamports uint64
	DstEid            uint32
	EVMOutputToken    EVMAddress
}

// Encode serializes the instruction data.
func (a DepositArgs) Encode() []byte {
	b := make([]byte, DepositDataLen)
	copy(b, DepositDiscriminator[:])
	binary.LittleEndian.PutUint64(b[8:], a.USDCAmount)
	binary.LittleEndian.PutUint64(b[16:], a.MinUSDCAmount)
	binary.LittleEndian.PutUint64(b[24:], a.NativeFeeLamports)
	binary.LittleEndian.PutUint32(b[32:], a.DstEid)
	copy(b[36:], a.EVMOutputToken[:])
	return b
}

// DecodeDepositArgs parses the sandbox program's instruction data; the length must be exact.
func DecodeDepositArgs(data []byte) (DepositArgs, error) { return SandboxLayout.Decode(data) }

// AccountRole describes one position of the deposit instruction's account list.
type AccountRole struct {
	Name     string
	Signer   bool
	Writable bool
}

// DepositAccountRoles lists the deposit instruction's accounts, in order.
var DepositAccountRoles = [7]AccountRole{
	{"user", true, true},
	{"user USDC account", false, true},
	{"depositUsdcAccount", false, true},
	{"feeReceiver", false, true},
	{"usdcMint", false, false},
	{"token program", false, false},
	{"system program", false, false},
}

// DepositAccounts are the accounts of the deposit instruction, in DepositAccountRoles order.
type DepositAccounts struct {
	User, UserUSDC, DepositUSDC, FeeReceiver, USDCMint, TokenProgram, SystemProgram solana.PublicKey
}

// Keys returns the accounts in instruction order.
func (a DepositAccounts) Keys() [7]solana.PublicKey {
	return [7]solana.PublicKey{a.User, a.UserUSDC, a.DepositUSDC, a.FeeReceiver, a.USDCMint, a.TokenProgram, a.SystemProgram}
}

// DepositAccountsFromKeys reads the accounts back from an instruction's key list.
func DepositAccountsFromKeys(keys []solana.PublicKey) (DepositAccounts, error) {
	if len(keys) != len(DepositAccountRoles) {
		return DepositAccounts{}, fmt.Errorf("deposit accounts: expected %d, got %d", len(DepositAccountRoles), len(keys))
	}
	return DepositAccounts{keys[0], keys[1], keys[2], keys[3], keys[4], keys[5], keys[6]}, nil
}

// ExpectedDepositAccounts derives the accounts a quote's deposit must use for user.
func ExpectedDepositAccounts(q *Quote, user solana.PublicKey) (DepositAccounts, error) {
	ata, err := AssociatedTokenAddress(user, q.USDCMint, solana.TokenProgramID)
	if err != nil {
		return DepositAccounts{}, err
	}
	return DepositAccounts{
		User: user, UserUSDC: ata, DepositUSDC: q.DepositUSDCAccount, FeeReceiver: q.FeeReceiver,
		USDCMint: q.USDCMint, TokenProgram: solana.TokenProgramID, SystemProgram: solana.SystemProgramID,
	}, nil
}

// AssociatedTokenAddress derives the associated token account of wallet for mint under
// tokenProgram (solana-go's FindAssociatedTokenAddress assumes the classic Token program).
func AssociatedTokenAddress(wallet, mint, tokenProgram solana.PublicKey) (solana.PublicKey, error) {
	k, _, err := solana.FindProgramAddress([][]byte{wallet[:], tokenProgram[:], mint[:]}, solana.SPLAssociatedTokenAccountProgramID)
	return k, err
}

// NewDepositInstruction builds the deposit instruction of the sandbox program.
func NewDepositInstruction(programID solana.PublicKey, acc DepositAccounts, args DepositArgs) solana.Instruction {
	keys := acc.Keys()
	metas := make(solana.AccountMetaSlice, len(keys))
	for i, k := range keys {
		metas[i] = &solana.AccountMeta{PublicKey: k, IsSigner: DepositAccountRoles[i].Signer, IsWritable: DepositAccountRoles[i].Writable}
	}
	return solana.NewInstruction(programID, metas, args.Encode())
}
