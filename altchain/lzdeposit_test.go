package altchain

import (
	"context"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
)

// A LayerZero-shaped deposit, as the service's must be: the program's own accounts, then the
// endpoint's and the send library's, then the workers' (lz.go). Its program's layout is not
// declared, like the service's.
var (
	lzProgram    = testKey("layerzero deposit program")
	lzReceiver   = evmReceiver("0x9F88e04D129d4a4247F009833ba0Bd5D8F6A2146")
	lzTreasury   = testKey("layerzero treasury")
	lzPriceFeed  = LZWorker{PriceFeedProgram: LayerZeroPriceFeedProgramID, PriceFeedConfig: PriceFeedConfig(LayerZeroPriceFeedProgramID)}
	lzOtherToken = testKey("user's other token account")
	lzUserNonce  = testKey("user's durable nonce account")
	lzUserVault  = testKey("a program account naming the user")
)

func lzQuote() *Quote {
	q := testQuote()
	q.ProgramID, q.EndpointProgramID, q.DstEid = lzProgram, LayerZeroEndpointProgramID, 30181
	return q
}

func lzOpts(receiver bool) *Options {
	o := testOptions()
	sb := &o.Clusters[len(o.Clusters)-1]
	sb.Pins.ProgramID, sb.Pins.EndpointProgramID, sb.Pins.DstEid = lzProgram, LayerZeroEndpointProgramID, 30181
	sb.Pins.LZReceiver, sb.Pins.HasLZReceiver = lzReceiver, receiver
	return o
}

func lzSend(q *Quote) LayerZeroSend {
	return LayerZeroSend{Endpoint: LayerZeroEndpointProgramID, OApp: q.OApp, SendLibrary: LayerZeroULNProgramID, DstEid: 30181, Receiver: lzReceiver, HasReceiver: true}
}

// buildLZ builds the deposit; mut may change the head (the program's accounts) and the send's.
func buildLZ(t testing.TB, mut func(q *Quote, user solana.PublicKey, head, send *solana.AccountMetaSlice)) (*Quote, solana.PublicKey) {
	t.Helper()
	q, user := lzQuote(), testSigner(t).PublicKey()
	exp, err := ExpectedDepositAccounts(q, user)
	if err != nil {
		t.Fatal(err)
	}
	head := solana.AccountMetaSlice{
		{PublicKey: user, IsSigner: true, IsWritable: true}, {PublicKey: exp.UserUSDC, IsWritable: true},
		{PublicKey: exp.DepositUSDC, IsWritable: true}, {PublicKey: q.USDCMint},
		{PublicKey: solana.TokenProgramID}, {PublicKey: solana.SystemProgramID},
	}
	exec, dvn := lzPriceFeed, lzPriceFeed
	exec.Program, dvn.Program = LayerZeroExecutorProgramID, LayerZeroDVNProgramID
	send, err := lzSend(q).AccountMetas(user, lzTreasury, []LZWorker{exec, dvn})
	if err != nil {
		t.Fatal(err)
	}
	if mut != nil {
		mut(q, user, &head, &send)
	}
	data := make([]byte, 40)
	binary.LittleEndian.PutUint64(data[8:], q.USDCAmount)
	tx, err := solana.NewTransaction([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(600_000).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(1000).Build(),
		solana.NewInstruction(lzProgram, append(head, send...), data),
	}, testBlockhash, solana.TransactionPayer(user))
	if err != nil {
		t.Fatal(err)
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	q.Transaction = encodeTx(t, tx)
	return q, user
}

// lzCluster is the fake cluster with the accounts the LayerZero cases resolve.
func lzCluster(t testing.TB, q *Quote, user solana.PublicKey) *fakeCluster {
	fc := newFakeCluster(t, q, user)
	fc.accounts[lzTreasury] = &Account{Owner: solana.SystemProgramID, Lamports: 5_000_000}
	fc.accounts[lzSend(q).Nonce()] = &Account{Owner: LayerZeroEndpointProgramID, Lamports: 1_000_000, Data: make([]byte, 25)}
	fc.accounts[lzOtherToken] = &Account{Owner: solana.TokenProgramID, Lamports: 2_039_280, Data: tokenAccountData(testKey("bonk mint"), user, 1_000_000)}
	nonce := make([]byte, nonceAccountLen)
	binary.LittleEndian.PutUint32(nonce[4:], 1)
	copy(nonce[nonceOffAuthority:], user[:])
	fc.accounts[lzUserNonce] = &Account{Owner: solana.SystemProgramID, Lamports: 3_000_000_000, Data: nonce}
	fc.accounts[lzUserVault] = &Account{Owner: lzProgram, Lamports: 9_000_000, Data: cat(make([]byte, 8), user[:], u64le(7))}
	return fc
}

func insertHead(k solana.PublicKey) func(*Quote, solana.PublicKey, *solana.AccountMetaSlice, *solana.AccountMetaSlice) {
	return func(_ *Quote, _ solana.PublicKey, head, _ *solana.AccountMetaSlice) {
		*head = append(*head, &solana.AccountMeta{PublicKey: k, IsWritable: true})
	}
}

func setSend(i int, k solana.PublicKey) func(*Quote, solana.PublicKey, *solana.AccountMetaSlice, *solana.AccountMetaSlice) {
	return func(_ *Quote, _ solana.PublicKey, _, send *solana.AccountMetaSlice) { (*send)[i].PublicKey = k }
}

type lzCase struct {
	name     string
	mut      func(*Quote, solana.PublicKey, *solana.AccountMetaSlice, *solana.AccountMetaSlice)
	receiver bool
	offline  Severity // the strongest B31 finding offline
	online   Severity // the severity of the B31 finding that resolves the account on the chain
	want     string   // what the resolving finding says
}

func lzCases() []lzCase {
	sw := lzSend(lzQuote())
	sw.DstEid = 30101
	return []lzCase{
		{name: "a real-shaped send (the treasury is resolved on chain)", receiver: true, offline: Warn, online: Info, want: "a wallet"},
		{name: "swapped nonce account (Ethereum's)", mut: setSend(7, sw.Nonce()), receiver: true, offline: Reject, online: Reject, want: "LayerZero nonce's place"},
		{name: "nonce without a known receiver", receiver: false, offline: Warn, online: Info, want: "none of them your key"},
		{name: "an extra writable token account of the user", mut: insertHead(lzOtherToken), receiver: true, offline: Warn, online: Reject, want: "another token account of yours"},
		{name: "a writable account owned by the user (durable nonce)", mut: insertHead(lzUserNonce), receiver: true, offline: Warn, online: Reject, want: "durable-nonce account whose authority is you"},
		{name: "a program account whose data names the user", mut: insertHead(lzUserVault), receiver: true, offline: Warn, online: Reject, want: "its data holds your key"},
		{name: "executor config swapped", mut: setSend(LZSendAccounts+1, lzOtherToken), receiver: true, offline: Reject, online: Reject, want: "LayerZero executor config's place"},
		{name: "DVN config swapped", mut: setSend(LZSendAccounts+LZWorkerAccounts+1, lzUserNonce), receiver: true, offline: Reject, online: Reject, want: "LayerZero DVN config's place"},
		{name: "payer not the user", mut: func(_ *Quote, _ solana.PublicKey, _, send *solana.AccountMetaSlice) {
			(*send)[13] = &solana.AccountMeta{PublicKey: lzUserNonce, IsWritable: true}
		}, receiver: true, offline: Reject, online: Reject, want: "LayerZero payer's place"},
	}
}

// strongest is the strongest B31 severity among the findings (-1: none), and whether a
// finding of it says want.
func strongest(r *Report, want string) (Severity, bool) {
	sev, says := Severity(-1), false
	for _, f := range r.Findings {
		if f.Rule != "B31" {
			continue
		}
		if f.Severity > sev {
			sev, says = f.Severity, false
		}
		if f.Severity == sev && strings.Contains(f.Message, want) {
			says = true
		}
	}
	return sev, says
}

func hasB31(r *Report, sev Severity, want string) bool {
	for _, f := range r.Findings {
		if f.Rule == "B31" && f.Severity == sev && strings.Contains(f.Message, want) {
			return true
		}
	}
	return false
}

// TestLayerZeroDepositNamesEveryWritableAccount: the LayerZero accounts of a real-shaped
// deposit are named by derivation; what nothing names is a warning offline and is resolved
// on the chain before signing, where a token account of the user, the user's nonce account
// or a program account holding the user's key is refused; a swapped derived account is
// refused offline.
func TestLayerZeroDepositNamesEveryWritableAccount(t *testing.T) {
	for _, c := range lzCases() {
		t.Run(c.name, func(t *testing.T) {
			q, user := buildLZ(t, c.mut)
			if len(q.Transaction) > MaxTransactionSize {
				t.Fatalf("%d bytes", len(q.Transaction))
			}
			opts := lzOpts(c.receiver)
			r := Inspect(q, user, opts)
			if sev, says := strongest(r, c.want); sev != c.offline || (c.offline == Reject && !says) {
				t.Fatalf("offline: B31 %v (says %q: %t); findings %v", sev, c.want, says, r.Findings)
			}
			if r.Has("A1", Reject) || r.Has("F24", Reject) || r.Has("D21", Reject) || r.Has("F32", Warn) {
				t.Fatalf("the shape itself is refused: %v", r.Findings)
			}
			fc := lzCluster(t, q, user)
			ro, err := Verify(context.Background(), fc, q, user, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !hasB31(ro, c.online, c.want) {
				t.Fatalf("online: no B31 %s finding saying %q; findings %v", c.online, c.want, ro.Findings)
			}
			if ro.Rejected() != (c.online == Reject) {
				t.Fatalf("online verdict %s: %v", ro.Verdict, ro.Rejections())
			}
		})
	}
}

func TestLayerZeroRoles(t *testing.T) {
	q, user := buildLZ(t, nil)
	r := Inspect(q, user, lzOpts(true))
	roles := map[string]int{}
	for _, a := range r.Instructions[2].Accounts {
		roles[a.Role]++
	}
	for _, want := range []string{lzNameNonce, lzNamePayer, "LayerZero executor config", "LayerZero DVN config", "LayerZero send library settings", "user", "user USDC account", "depositUsdcAccount"} {
		if roles[want] == 0 {
			t.Errorf("no account has the role %q: %v", want, roles)
		}
	}
	if len(r.UnnamedWritable) != 1 || r.UnnamedWritable[0] != lzTreasury {
		t.Fatalf("unnamed: %v", r.UnnamedWritable)
	}
	// Without the LayerZero pins nothing of the send is named, and each writable account of
	// it is left to the chain.
	o := lzOpts(true)
	o.Clusters[len(o.Clusters)-1].Pins.EndpointProgramID = solana.PublicKey{}
	r = Inspect(q, user, o)
	if !r.Has("F32", Warn) || len(r.UnnamedWritable) != 4 {
		t.Fatalf("unpinned endpoint: unnamed %v, findings %v", r.UnnamedWritable, r.Findings)
	}
}

// A nonce account that does not derive from the receiver is refused when the user pinned the
// receiver, and only a warning when the receiver is purse's inference (the service's
// CryptoRelay, evidence §7): the inference may be what is wrong, so the account is left
// unnamed and resolved on the chain before signing like any other, and refused there if it
// is the user's.
func TestLayerZeroInferredReceiverWarns(t *testing.T) {
	sw := lzSend(lzQuote())
	sw.DstEid = 30101
	q, user := buildLZ(t, setSend(7, sw.Nonce()))
	pinned := lzOpts(true)
	if r := Inspect(q, user, pinned); !hasB31(r, Reject, "LayerZero nonce's place") {
		t.Fatalf("pinned: %v", r.Findings)
	}
	inferred := lzOpts(true)
	inferred.Clusters[len(inferred.Clusters)-1].Pins.LZReceiverInferred = true
	r := Inspect(q, user, inferred)
	if sev, _ := strongest(r, ""); sev != Warn || !hasB31(r, Warn, "the inferred receiver") || !hasB31(r, Warn, "lz_receiver to have it checked") {
		t.Fatalf("inferred: B31 %v; findings %v", sev, r.Findings)
	}
	ro, err := Verify(context.Background(), lzCluster(t, q, user), q, user, inferred)
	if err != nil {
		t.Fatal(err)
	}
	if ro.Rejected() {
		t.Fatalf("inferred, online: %v", ro.Rejections())
	}
	// The same account, the user's own token account: refused on the chain all the same.
	q, user = buildLZ(t, setSend(7, lzOtherToken))
	if ro, err := Verify(context.Background(), lzCluster(t, q, user), q, user, inferred); err != nil || !ro.Rejected() {
		t.Fatalf("the user's token account at the nonce's place, inferred receiver: %v %v", err, ro.Findings)
	}
}
