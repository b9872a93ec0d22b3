package altchain

import (
	"encoding/binary"
	"strconv"

	"github.com/gagliardetto/solana-go"
)

var (
	loaderV4ProgramID = solana.MustPublicKeyFromBase58("LoaderV411111111111111111111111111111111111")
	nativeLoaderID    = solana.MustPublicKeyFromBase58("NativeLoader1111111111111111111111111111111")
)

// forbiddenPrograms may never be invoked at top level (D21): they move or delegate funds,
// change ownership, create accounts, manage lookup tables, deploy code or use nonces.
var forbiddenPrograms = map[solana.PublicKey]string{
	solana.SystemProgramID:                    "System program",
	solana.TokenProgramID:                     "Token program",
	solana.Token2022ProgramID:                 "Token-2022 program",
	solana.SPLAssociatedTokenAccountProgramID: "Associated Token Account program",
	solana.AddressLookupTableProgramID:        "Address Lookup Table program",
	solana.BPFLoaderDeprecatedProgramID:       "BPF loader (deprecated)",
	solana.BPFLoaderProgramID:                 "BPF loader",
	solana.BPFLoaderUpgradeableProgramID:      "BPF upgradeable loader",
	loaderV4ProgramID:                         "loader v4",
	nativeLoaderID:                            "native loader",
	solana.StakeProgramID:                     "Stake program",
	solana.VoteProgramID:                      "Vote program",
	solana.ConfigProgramID:                    "Config program",
	solana.FeatureProgramID:                   "Feature program",
}

var sysvars = map[solana.PublicKey]string{
	solana.SysVarClockPubkey:             "Clock sysvar",
	solana.SysVarEpochSchedulePubkey:     "EpochSchedule sysvar",
	solana.SysVarFeesPubkey:              "Fees sysvar",
	solana.SysVarInstructionsPubkey:      "Instructions sysvar",
	solana.SysVarRecentBlockHashesPubkey: "RecentBlockhashes sysvar",
	solana.SysVarRentPubkey:              "Rent sysvar",
	solana.SysVarRewardsPubkey:           "Rewards sysvar",
	solana.SysVarSlotHashesPubkey:        "SlotHashes sysvar",
	solana.SysVarSlotHistoryPubkey:       "SlotHistory sysvar",
	solana.SysVarStakeHistoryPubkey:      "StakeHistory sysvar",
}

var systemIxNames = []string{
	"CreateAccount", "Assign", "Transfer", "CreateAccountWithSeed", "AdvanceNonceAccount",
	"WithdrawNonceAccount", "InitializeNonceAccount", "AuthorizeNonceAccount", "Allocate",
	"AllocateWithSeed", "AssignWithSeed", "TransferWithSeed", "UpgradeNonceAccount",
}

var tokenIxNames = []string{
	"InitializeMint", "InitializeAccount", "InitializeMultisig", "Transfer", "Approve", "Revoke",
	"SetAuthority", "MintTo", "Burn", "CloseAccount", "FreezeAccount", "ThawAccount",
	"TransferChecked", "ApproveChecked", "MintToChecked", "BurnChecked", "InitializeAccount2",
	"SyncNative", "InitializeAccount3", "InitializeMultisig2", "InitializeMint2",
}

// programName names well-known programs for review.
func programName(p solana.PublicKey) string {
	if p == solana.ComputeBudget {
		return "Compute Budget program"
	}
	if n, ok := forbiddenPrograms[p]; ok {
		return n
	}
	if n, ok := sysvars[p]; ok {
		return n
	}
	return ""
}

// instructionName describes the instruction of a well-known program from its data.
func instructionName(p solana.PublicKey, data []byte) string {
	switch p {
	case solana.SystemProgramID:
		if len(data) >= 4 {
			t := binary.LittleEndian.Uint32(data)
			if int(t) < len(systemIxNames) {
				return "System " + systemIxNames[t]
			}
			return "System instruction " + strconv.FormatUint(uint64(t), 10)
		}
		return "System instruction (short data)"
	case solana.TokenProgramID, solana.Token2022ProgramID:
		if len(data) >= 1 {
			if int(data[0]) < len(tokenIxNames) {
				return programName(p) + " " + tokenIxNames[data[0]]
			}
			return programName(p) + " instruction " + strconv.Itoa(int(data[0]))
		}
		return programName(p) + " instruction (no data)"
	}
	if n := programName(p); n != "" {
		return n + " instruction"
	}
	return ""
}

// isAdvanceNonce reports a System AdvanceNonceAccount instruction (04 00 00 00).
func isAdvanceNonce(p solana.PublicKey, data []byte) bool {
	return p == solana.SystemProgramID && len(data) >= 4 && binary.LittleEndian.Uint32(data) == 4
}
