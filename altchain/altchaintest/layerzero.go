package altchaintest

import (
	"encoding/binary"
	"fmt"

	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
	"github.com/gagliardetto/solana-go/programs/system"

	"purse/altchain"
)

// The LayerZero deposit program plays the service's deposit as it must be shaped: a
// LayerZero V2 send from the sandbox's OApp to the sandbox home chain (EID 50181). Its
// instruction carries its own accounts, then the endpoint's and the send library's, then
// four per worker (altchain/lz.go, from LayerZero's Solana sources):
//
//	accounts = user (signer, writable), user's USDC ATA (writable), depositUsdcAccount
//	           (writable), usdcMint, Token program, System program,
//	           the send's 18 accounts (nonce, payer = user and treasury writable), then the
//	           executor's and two DVNs' [program, config (writable), price feed, its config]
//	data     = the opaque program's (its layout is not declared to purse, as the service's)
//
// It moves usdcAmount to depositUsdcAccount and pays LayerZero's fee from the user — the
// executor, the DVNs and the treasury, nativeFeeLamports in all (the data's native fee is
// the most the user agrees to pay, as LayerZero's native_fee) — and increments the
// endpoint's outbound nonce. Every send account must be the one derived for the sandbox's
// endpoint, OApp, EID and receiver, or the instruction fails, as LayerZero's would.
var (
	LayerZeroProgramID = seedKey("purse sandbox layerzero deposit program")
	ULNProgramID       = seedKey("purse sandbox layerzero send library")
	ExecutorProgramID  = seedKey("purse sandbox layerzero executor")
	DVNProgramIDs      = [2]solana.PublicKey{seedKey("purse sandbox layerzero dvn 1"), seedKey("purse sandbox layerzero dvn 2")}
	PriceFeedProgramID = seedKey("purse sandbox layerzero price feed")
	// Treasury receives LayerZero's treasury fee.
	Treasury = seedKey("purse sandbox layerzero treasury")
)

// QuoteLayerZeroProgram is Faults.QuoteProgram for the LayerZero deposit program.
const QuoteLayerZeroProgram = "layerzero"

// Malicious LayerZero deposits (Faults.MaliciousNextQuote): each is the LayerZero deposit
// with one account changed.
const (
	// MaliciousSwapNonce writes the endpoint's nonce for Ethereum's EID 30101 instead of the
	// home chain's: the send goes to another chain.
	MaliciousSwapNonce = "swap-nonce"
	// MaliciousUserTokenAccount adds a writable token account of the user (another mint,
	// with a balance) to the program's accounts.
	MaliciousUserTokenAccount = "user-token-account"
	// MaliciousUserOwnedAccount adds a writable account the user owns: a durable-nonce
	// account holding 1 SOL whose authority is the user, which the user's signature lets
	// System WithdrawNonceAccount empty.
	MaliciousUserOwnedAccount = "user-owned-account"
)

// layerZeroHead is the number of the program's own accounts; layerZeroOrder is where each
// role of the sandbox program's order sits among them (it takes no feeReceiver).
const layerZeroHead = 6

var layerZeroOrder = [7]int{0, 1, 2, -1, 3, 4, 5}

// The sandbox's LayerZero fees, in parts of nativeFeeLamports: the executor half, each DVN
// a fifth, the treasury the rest.
var lzWorkers = func() []altchain.LZWorker {
	w := []altchain.LZWorker{{Program: ExecutorProgramID}}
	for _, d := range DVNProgramIDs {
		w = append(w, altchain.LZWorker{Program: d})
	}
	for i := range w {
		w[i].PriceFeedProgram, w[i].PriceFeedConfig = PriceFeedProgramID, altchain.PriceFeedConfig(PriceFeedProgramID)
	}
	return w
}()

// lzSend is the sandbox OApp's send to dstEid.
func lzSend(dstEid uint32) altchain.LayerZeroSend {
	return altchain.LayerZeroSend{Endpoint: EndpointProgramID, OApp: OApp, SendLibrary: ULNProgramID, DstEid: dstEid, Receiver: altchain.SandboxLZReceiver, HasReceiver: true}
}

// UserTokenAccount and UserNonceAccount are the accounts the malicious quotes add for user.
func UserTokenAccount(user solana.PublicKey) solana.PublicKey {
	return seedKey("purse sandbox other token account " + user.String())
}
func UserNonceAccount(user solana.PublicKey) solana.PublicKey {
	return seedKey("purse sandbox nonce account " + user.String())
}

// OtherMint is the mint of the user's other token account.
var OtherMint = seedKey("purse sandbox other mint")

// addLayerZeroAccounts puts the LayerZero programs and the send's state in a new ledger.
func (s *Sandbox) addLayerZeroAccounts() {
	for _, p := range append([]solana.PublicKey{LayerZeroProgramID, EndpointProgramID, ULNProgramID, ExecutorProgramID, PriceFeedProgramID}, DVNProgramIDs[:]...) {
		s.accounts[p] = &altchain.Account{Owner: solana.BPFLoaderUpgradeableProgramID, Lamports: 1, Executable: true}
	}
	send := lzSend(DstEid)
	// The nonce: an Anchor account of 8 discriminator bytes, the bump, outbound and inbound nonces.
	s.accounts[send.Nonce()] = &altchain.Account{Owner: EndpointProgramID, Lamports: 1_064_880, Data: make([]byte, 8+1+8+8)}
	s.accounts[Treasury] = &altchain.Account{Owner: solana.SystemProgramID, Lamports: SystemAccountRent}
	s.accounts[altchain.ExecutorConfig(ExecutorProgramID)] = &altchain.Account{Owner: ExecutorProgramID, Lamports: 2_000_000, Data: make([]byte, 64)}
	for _, d := range DVNProgramIDs {
		s.accounts[altchain.DVNConfig(d)] = &altchain.Account{Owner: d, Lamports: 2_000_000, Data: make([]byte, 64)}
	}
}

// buildLayerZero builds the LayerZero deposit for user (kind "" or a malicious kind: the
// LayerZero ones, and the others as they apply to this program); the accounts a malicious
// kind adds are put in the ledger.
func (s *Sandbox) buildLayerZero(kind string, q *altchain.Quote, user solana.PublicKey, bh solana.Hash, price uint64) ([]byte, error) {
	acc, err := altchain.ExpectedDepositAccounts(q, user)
	if err != nil {
		return nil, err
	}
	head := solana.AccountMetaSlice{
		{PublicKey: user, IsSigner: true, IsWritable: true}, {PublicKey: acc.UserUSDC, IsWritable: true},
		{PublicKey: acc.DepositUSDC, IsWritable: true}, {PublicKey: acc.USDCMint},
		{PublicKey: solana.TokenProgramID}, {PublicKey: solana.SystemProgramID},
	}
	send, err := lzSend(q.DstEid).AccountMetas(user, Treasury, lzWorkers)
	if err != nil {
		return nil, err
	}
	args := altchain.DepositArgs{USDCAmount: q.USDCAmount, MinUSDCAmount: q.MinUSDCAmount, NativeFeeLamports: q.NativeFeeLamportsWithBuffer, DstEid: q.DstEid, EVMOutputToken: q.EVMOutputToken}
	var extra []solana.Instruction
	s.mu.Lock()
	switch kind {
	case "":
	case MaliciousExtraTransfer:
		extra = append(extra, system.NewTransferInstruction(1_000_000_000, user, Attacker).Build())
	case MaliciousSwapDeposit:
		if head[2].PublicKey, err = altchain.AssociatedTokenAddress(Attacker, q.USDCMint, solana.TokenProgramID); err != nil {
			s.mu.Unlock()
			return nil, err
		}
	case MaliciousDrainFee:
		price = 1_000_000_000_000
	case MaliciousOverdraw:
		args.USDCAmount += 1_000_000
	case MaliciousSwapNonce:
		send[7].PublicKey = lzSend(30101).Nonce()
	case MaliciousUserTokenAccount:
		k := UserTokenAccount(user)
		s.accounts[k] = &altchain.Account{Owner: solana.TokenProgramID, Lamports: TokenAccountRent, Data: tokenData(OtherMint, user, 250_000_000)}
		head = append(head, &solana.AccountMeta{PublicKey: k, IsWritable: true})
	case MaliciousUserOwnedAccount:
		k := UserNonceAccount(user)
		d := make([]byte, 80)
		binary.LittleEndian.PutUint32(d[4:], 1)
		copy(d[8:], user[:])
		s.accounts[k] = &altchain.Account{Owner: solana.SystemProgramID, Lamports: 1_000_000_000, Data: d}
		head = append(head, &solana.AccountMeta{PublicKey: k, IsWritable: true})
	default:
		s.mu.Unlock()
		return nil, fmt.Errorf("unknown LayerZero kind %q", kind)
	}
	s.mu.Unlock()
	tx, err := solana.NewTransaction(append([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(DefaultComputeUnitLimit).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(price).Build(),
		solana.NewInstruction(LayerZeroProgramID, append(head, send...), encodeOpaque(args)),
	}, extra...), bh, solana.TransactionPayer(user))
	if err != nil {
		return nil, err
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	return tx.MarshalBinary()
}

// layerZeroSend runs the send part of the LayerZero deposit: every account is the derived
// one, the user pays the fees (at most nativeFee) and the nonce goes up.
func (s *Sandbox) layerZeroSend(st *overlay, accounts []uint16, keys []solana.PublicKey, isSigner, isWritable func(uint16) bool,
	user solana.PublicKey, args altchain.DepositArgs) (uint32, string) {
	want, err := lzSend(args.DstEid).AccountMetas(user, Treasury, lzWorkers)
	if err != nil {
		return errAccounts, err.Error()
	}
	if args.DstEid != DstEid {
		return errLayerZero, fmt.Sprintf("dstEid %d: the sandbox OApp has no peer there (only %d)", args.DstEid, DstEid)
	}
	for i, m := range want {
		k := accounts[i]
		if keys[k] != m.PublicKey || (m.IsWritable && !isWritable(k)) || (m.IsSigner && !isSigner(k)) {
			return errLayerZero, fmt.Sprintf("LayerZero account %d is %s, expected %s (writable %t, signer %t)", i, keys[k], m.PublicKey, m.IsWritable, m.IsSigner)
		}
	}
	nf := s.cfg.NativeFeeLamports
	exec, dvn := nf/2, nf/5
	fees := map[solana.PublicKey]uint64{altchain.ExecutorConfig(ExecutorProgramID): exec, Treasury: nf - exec - 2*dvn}
	for _, d := range DVNProgramIDs {
		fees[altchain.DVNConfig(d)] = dvn
	}
	u := st.get(user)
	if args.NativeFeeLamports < nf {
		return errNativeFee, fmt.Sprintf("native fee %d is below LayerZero's fee %d (InsufficientFee)", args.NativeFeeLamports, nf)
	}
	if u == nil || u.Lamports < nf {
		return errNativeFee, "insufficient lamports for LayerZero's fee"
	}
	for k, fee := range fees {
		a := st.get(k)
		if a == nil {
			a = &altchain.Account{Owner: solana.SystemProgramID}
			st.set(k, a)
		}
		u.Lamports -= fee
		a.Lamports += fee
	}
	n := st.get(lzSend(args.DstEid).Nonce())
	if n == nil || len(n.Data) < 17 {
		return errLayerZero, "the endpoint's nonce account is not initialized"
	}
	binary.LittleEndian.PutUint64(n.Data[9:], binary.LittleEndian.Uint64(n.Data[9:])+1)
	return 0, ""
}
