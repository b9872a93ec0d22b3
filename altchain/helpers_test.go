package altchain

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	bin "github.com/gagliardetto/binary"
	"math"
	"testing"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

func testKey(seed string) solana.PublicKey {
	h := sha256.Sum256([]byte(seed))
	return solana.PublicKeyFromBytes(h[:])
}

var (
	sandboxGenesis = func() string {
		h := sha256.Sum256([]byte("purse sandbox genesis"))
		return solana.HashFromBytes(h[:]).String()
	}()
	sandboxUSDC   = testKey("sandbox usdc mint")
	attacker      = testKey("attacker")
	testBlockhash = solana.HashFromBytes(func() []byte { h := sha256.Sum256([]byte("blockhash")); return h[:] }())
)

func testOptions() *Options {
	return &Options{Clusters: append(DefaultClusters(), ClusterInfo{
		Name: "sandbox", GenesisHash: sandboxGenesis, USDCMint: sandboxUSDC,
		Pins: Pins{ProgramID: DefaultSandboxProgramID, USDCMint: sandboxUSDC, DepositAccount: testKey("deposit")},
	})}
}

// testSigner is the user's key; t may be nil.
func testSigner(t testing.TB) *wallet.SolanaKey { return seededSigner(t, "user seed") }

// seededSigner is the Solana key of sha256(words); t may be nil.
func seededSigner(_ testing.TB, words string) *wallet.SolanaKey {
	seed := sha256.Sum256([]byte(words))
	k, err := wallet.NewSolanaKeyFromSeed(seed[:])
	if err != nil {
		panic(err)
	}
	return k
}

func testQuote() *Quote {
	q := &Quote{
		Network:                     sandboxGenesis[:8],
		ProgramID:                   DefaultSandboxProgramID,
		OApp:                        testKey("oapp"),
		EndpointProgramID:           testKey("endpoint"),
		DstEid:                      30181,
		USDCMint:                    sandboxUSDC,
		DepositUSDCAccount:          testKey("deposit"),
		FeeReceiver:                 testKey("fee receiver"),
		EVMOutputToken:              EVMAddress{0xaa, 0xbb},
		NativeFeeLamports:           1_000_000,
		NativeFeeLamportsWithBuffer: 1_200_000,
		Rules:                       QuoteRules{true, true, true, true, true},
		LastValidBlockHeight:        1000,
	}
	if err := q.SetRequested("10000000", "0"); err != nil {
		panic(err)
	}
	return q
}

// baseline returns the valid quote with a transaction built by BuildDeposit.
func baseline(t testing.TB) (*Quote, solana.PublicKey) {
	t.Helper()
	user := testSigner(t).PublicKey()
	q := testQuote()
	raw, err := BuildDeposit(q, user, testBlockhash, 400_000, 1000, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	q.Transaction = raw
	return q, user
}

func decodeTx(t testing.TB, raw []byte) *solana.Transaction {
	t.Helper()
	tx, err := solana.TransactionFromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func encodeTx(t testing.TB, tx *solana.Transaction) []byte {
	t.Helper()
	b, err := tx.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func u32le(v uint32) []byte { b := make([]byte, 4); binary.LittleEndian.PutUint32(b, v); return b }
func u64le(v uint64) []byte { b := make([]byte, 8); binary.LittleEndian.PutUint64(b, v); return b }

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func lookupTableData(addrs ...solana.PublicKey) []byte {
	d := make([]byte, lookupTableMetaSize)
	binary.LittleEndian.PutUint32(d, 1)
	binary.LittleEndian.PutUint64(d[4:], math.MaxUint64)
	for _, a := range addrs {
		d = append(d, a[:]...)
	}
	return d
}

func tokenAccountData(mint, owner solana.PublicKey, amount uint64) []byte {
	d := make([]byte, tokenAccountLen)
	copy(d, mint[:])
	copy(d[tokOffOwner:], owner[:])
	binary.LittleEndian.PutUint64(d[tokOffAmount:], amount)
	d[tokOffState] = 1
	return d
}

// fakeCluster is an in-memory Cluster.
type fakeCluster struct {
	genesis  string
	height   uint64
	accounts map[solana.PublicKey]*Account
	bh       Blockhash
	simulate func(tx []byte, keys []solana.PublicKey) (*SimulationResult, error)
	failGet  bool
	// unverified is how many simulations ran with sigVerify false.
	unverified int
}

func newFakeCluster(t testing.TB, q *Quote, user solana.PublicKey) *fakeCluster {
	ata, err := AssociatedTokenAddress(user, q.USDCMint, solana.TokenProgramID)
	if err != nil {
		t.Fatal(err)
	}
	fc := &fakeCluster{
		genesis: sandboxGenesis,
		height:  900,
		accounts: map[solana.PublicKey]*Account{
			user: {Owner: solana.SystemProgramID, Lamports: 1_000_000_000},
			ata:  {Owner: solana.TokenProgramID, Lamports: 2_039_280, Data: tokenAccountData(q.USDCMint, user, 50_000_000)},
		},
		bh: Blockhash{Hash: testKeyHash("fresh"), LastValidBlockHeight: 1150},
	}
	// By default the simulation performs the deposit faithfully.
	fc.simulate = func(tx []byte, keys []solana.PublicKey) (*SimulationResult, error) {
		res := &SimulationResult{UnitsConsumed: 50_000, Logs: []string{"Program " + q.ProgramID.String() + " invoke [1]", "Program " + q.ProgramID.String() + " success"}}
		for _, k := range keys {
			a := fc.accounts[k]
			if a == nil {
				res.Accounts = append(res.Accounts, nil)
				continue
			}
			post := *a
			post.Data = append([]byte(nil), a.Data...)
			switch k {
			case user:
				post.Lamports -= 5000 + 400 + q.NativeFeeLamportsWithBuffer
			case ata:
				amt := binary.LittleEndian.Uint64(post.Data[tokOffAmount:])
				binary.LittleEndian.PutUint64(post.Data[tokOffAmount:], amt-q.USDCAmount)
			}
			res.Accounts = append(res.Accounts, &post)
		}
		return res, nil
	}
	return fc
}

func testKeyHash(s string) solana.Hash { return solana.Hash(testKey(s)) }

func (f *fakeCluster) GenesisHash(context.Context) (string, error) { return f.genesis, nil }
func (f *fakeCluster) GetAccounts(_ context.Context, keys []solana.PublicKey) ([]*Account, error) {
	if f.failGet {
		return nil, errors.New("rpc down")
	}
	out := make([]*Account, len(keys))
	for i, k := range keys {
		out[i] = f.accounts[k]
	}
	return out, nil
}
func (f *fakeCluster) LatestBlockhash(context.Context) (Blockhash, error) { return f.bh, nil }
func (f *fakeCluster) BlockHeight(context.Context) (uint64, error)        { return f.height, nil }
func (f *fakeCluster) Simulate(_ context.Context, tx []byte, keys []solana.PublicKey) (*SimulationResult, error) {
	var t solana.Transaction
	if err := t.UnmarshalWithDecoder(bin.NewBinDecoder(tx)); err != nil || len(t.Signatures) == 0 || t.VerifySignatures() != nil {
		return &SimulationResult{Err: "SignatureFailure"}, nil // sigVerify: true
	}
	return f.simulate(tx, keys)
}

func (f *fakeCluster) SimulateUnverified(_ context.Context, tx []byte, keys []solana.PublicKey) (*SimulationResult, error) {
	f.unverified++
	return f.simulate(tx, keys)
}
