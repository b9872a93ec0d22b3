package altchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

func keyIndex(t testing.TB, tx *solana.Transaction, k solana.PublicKey) uint16 {
	t.Helper()
	for i, a := range tx.Message.AccountKeys {
		if a == k {
			return uint16(i)
		}
	}
	t.Fatalf("key %s not in the transaction", k)
	return 0
}

// insertStatic inserts k at static position p and shifts every index at or after p.
func insertStatic(tx *solana.Transaction, p int, k solana.PublicKey) {
	m := &tx.Message
	keys := append(solana.PublicKeySlice{}, m.AccountKeys[:p]...)
	keys = append(keys, k)
	m.AccountKeys = append(keys, m.AccountKeys[p:]...)
	for i := range m.Instructions {
		ix := &m.Instructions[i]
		if int(ix.ProgramIDIndex) >= p {
			ix.ProgramIDIndex++
		}
		for j := range ix.Accounts {
			if int(ix.Accounts[j]) >= p {
				ix.Accounts[j]++
			}
		}
	}
}

func attackerKey(t testing.TB) *wallet.SolanaKey {
	seed := sha256.Sum256([]byte("attacker seed"))
	k, err := wallet.NewSolanaKeyFromSeed(seed[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

type badCase struct {
	name     string
	rules    []string // each must appear as a reject finding
	mutTx    func(t testing.TB, tx *solana.Transaction, q *Quote, user solana.PublicKey)
	mutRaw   func(raw []byte) []byte
	mutQuote func(q *Quote)
	online   func(fc *fakeCluster, q *Quote) // non-nil: inspected with Verify against a fake cluster
}

func (c badCase) build(t testing.TB) (*Quote, solana.PublicKey) {
	q, user := baseline(t)
	if c.mutTx != nil {
		tx := decodeTx(t, q.Transaction)
		c.mutTx(t, tx, q, user)
		q.Transaction = encodeTx(t, tx)
	}
	if c.mutRaw != nil {
		q.Transaction = c.mutRaw(append([]byte(nil), q.Transaction...))
	}
	if c.mutQuote != nil {
		c.mutQuote(q)
	}
	return q, user
}

func setIx(i int, data []byte) func(testing.TB, *solana.Transaction, *Quote, solana.PublicKey) {
	return func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
		tx.Message.Instructions[i].Data = data
	}
}

func limitData(l uint32) []byte { return cat([]byte{2}, u32le(l)) }
func priceData(p uint64) []byte { return cat([]byte{3}, u64le(p)) }

// lookupSwap makes instruction 2's account at position pos come from lookup table tbl,
// entry 0, writable or not.
func lookupSwap(pos int, writable bool, tbl solana.PublicKey) func(testing.TB, *solana.Transaction, *Quote, solana.PublicKey) {
	return func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
		m := &tx.Message
		l := solana.MessageAddressTableLookup{AccountKey: tbl}
		if writable {
			l.WritableIndexes = []uint8{0}
		} else {
			l.ReadonlyIndexes = []uint8{0}
		}
		m.AddressTableLookups = append(m.AddressTableLookups, l)
		m.Instructions[2].Accounts[pos] = uint16(len(m.AccountKeys))
	}
}

var lookupTableKey = testKey("lookup table")

func badCases() []badCase {
	return []badCase{
		{name: "extra System transfer", rules: []string{"D17", "D21"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, user solana.PublicKey) {
			tx.Message.Instructions = append(tx.Message.Instructions, solana.CompiledInstruction{
				ProgramIDIndex: keyIndex(t, tx, solana.SystemProgramID),
				Accounts:       []uint16{0, keyIndex(t, tx, q.FeeReceiver)},
				Data:           cat(u32le(2), u64le(1_000_000_000)),
			})
		}},
		{name: "AdvanceNonceAccount first", rules: []string{"E22"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, user solana.PublicKey) {
			nonce := solana.CompiledInstruction{ProgramIDIndex: keyIndex(t, tx, solana.SystemProgramID), Accounts: []uint16{3, 0}, Data: u32le(4)}
			tx.Message.Instructions = append([]solana.CompiledInstruction{nonce}, tx.Message.Instructions...)
		}},
		{name: "RecentBlockhashes sysvar", rules: []string{"E22"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, user solana.PublicKey) {
			tx.Message.AccountKeys = append(tx.Message.AccountKeys, solana.SysVarRecentBlockHashesPubkey)
		}},
		{name: "duplicate compute limit", rules: []string{"D18"}, mutTx: setIx(1, limitData(400_000))},
		{name: "draining price", rules: []string{"D20"}, mutTx: setIx(1, priceData(20_000_000_000))},
		{name: "price overflowing 64 bits", rules: []string{"D20"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[0].Data = limitData(1_400_000)
			tx.Message.Instructions[1].Data = priceData(math.MaxUint64)
		}},
		{name: "limit below 400000", rules: []string{"D19"}, mutTx: setIx(0, limitData(399_999))},
		{name: "limit above 1400000", rules: []string{"D19"}, mutTx: setIx(0, limitData(1_400_001))},
		{name: "heap frame (tag 1)", rules: []string{"D18"}, mutTx: setIx(0, cat([]byte{1}, u32le(256*1024)))},
		{name: "tag 4 loaded-accounts limit", rules: []string{"D18"}, mutTx: setIx(0, cat([]byte{4}, u32le(64*1024)))},
		{name: "tag 0 request units", rules: []string{"D18"}, mutTx: setIx(0, cat([]byte{0}, u32le(400_000), u32le(0)))},
		{name: "trailing byte in compute limit", rules: []string{"D18"}, mutTx: setIx(0, cat(limitData(400_000), []byte{0}))},
		{name: "trailing byte in compute price", rules: []string{"D18"}, mutTx: setIx(1, cat(priceData(1000), []byte{0}))},
		{name: "compute instruction with accounts", rules: []string{"D18"}, mutTx: func(_ testing.TB, tx *solana.Transaction, _ *Quote, _ solana.PublicKey) {
			tx.Message.Instructions[0].Accounts = []uint16{1}
		}},
		{name: "third instruction Token Approve", rules: []string{"D21"}, mutTx: tokenIx(cat([]byte{4}, u64le(math.MaxUint64)))},
		{name: "third instruction Token SetAuthority", rules: []string{"D21"}, mutTx: tokenIx(cat([]byte{6, 2, 1}, attacker[:]))},
		{name: "third instruction Token CloseAccount", rules: []string{"D21"}, mutTx: tokenIx([]byte{9})},
		{name: "third instruction System Assign", rules: []string{"D21"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[2] = solana.CompiledInstruction{ProgramIDIndex: keyIndex(t, tx, solana.SystemProgramID), Accounts: []uint16{0}, Data: cat(u32le(1), attacker[:])}
		}},
		{name: "fee payer swapped with a second signer", rules: []string{"B8", "B6"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			insertStatic(tx, 0, attacker)
			tx.Message.Header.NumRequiredSignatures = 2
			tx.Signatures = make([]solana.Signature, 2)
		}},
		{name: "extra pre-filled signer", rules: []string{"B6", "A5"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			ak := attackerKey(t)
			insertStatic(tx, 1, ak.PublicKey())
			tx.Message.Header.NumRequiredSignatures = 2
			msg, _ := tx.Message.MarshalBinary()
			sig, _ := ak.SignMessage(wallet.PurposeSolanaTx, msg)
			tx.Signatures = []solana.Signature{{}, sig}
		}},
		{name: "pre-filled user slot", rules: []string{"A5"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			msg, _ := tx.Message.MarshalBinary()
			sig, _ := testSigner(t).SignMessage(wallet.PurposeSolanaTx, msg)
			tx.Signatures = []solana.Signature{sig}
		}},
		{name: "signature count mismatch", rules: []string{"A4"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Signatures = make([]solana.Signature, 2)
		}},
		{name: "read-only payer", rules: []string{"B7"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Header.NumReadonlySignedAccounts = 1
		}},
		{name: "writable escalation through header counts", rules: []string{"B10"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Header.NumReadonlyUnsignedAccounts--
		}},
		{name: "header counts exceed static keys", rules: []string{"B9"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Header.NumReadonlyUnsignedAccounts = 200
		}},
		{name: "account swapped via lookup table (offline)", rules: []string{"C13"}, mutTx: lookupSwap(2, true, lookupTableKey)},
		{name: "account swapped via lookup table (resolved)", rules: []string{"F24", "B10"}, mutTx: lookupSwap(2, true, lookupTableKey),
			online: func(fc *fakeCluster, q *Quote) {
				fc.accounts[lookupTableKey] = &Account{Owner: solana.AddressLookupTableProgramID, Data: lookupTableData(attacker)}
			}},
		{name: "lookup table not owned by the lookup-table program", rules: []string{"C13"}, mutTx: lookupSwap(2, true, lookupTableKey),
			online: func(fc *fakeCluster, q *Quote) {
				fc.accounts[lookupTableKey] = &Account{Owner: attacker, Data: lookupTableData(q.DepositUSDCAccount)}
			}},
		{name: "deactivated lookup table", rules: []string{"C13"}, mutTx: lookupSwap(2, true, lookupTableKey),
			online: func(fc *fakeCluster, q *Quote) {
				d := lookupTableData(q.DepositUSDCAccount)
				d[4] = 7
				fc.accounts[lookupTableKey] = &Account{Owner: solana.AddressLookupTableProgramID, Data: d}
			}},
		{name: "lookup index out of range", rules: []string{"C12"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			lookupSwap(2, true, lookupTableKey)(t, tx, q, u)
			tx.Message.AddressTableLookups[0].WritableIndexes = []uint8{5}
		}, online: func(fc *fakeCluster, q *Quote) {
			fc.accounts[lookupTableKey] = &Account{Owner: solana.AddressLookupTableProgramID, Data: lookupTableData(attacker)}
		}},
		{name: "lookup loading no index", rules: []string{"C12"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.AddressTableLookups = []solana.MessageAddressTableLookup{{AccountKey: lookupTableKey}}
		}},
		{name: "user key through a lookup table", rules: []string{"C16", "C11"}, mutTx: lookupSwap(0, true, lookupTableKey),
			online: func(fc *fakeCluster, q *Quote) {
				u := testSigner(nil).PublicKey()
				fc.accounts[lookupTableKey] = &Account{Owner: solana.AddressLookupTableProgramID, Data: lookupTableData(u)}
			}},
		{name: "program id inside a lookup table", rules: []string{"C14"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			m := &tx.Message
			m.AddressTableLookups = []solana.MessageAddressTableLookup{{AccountKey: lookupTableKey, ReadonlyIndexes: []uint8{0}}}
			m.Instructions[2].ProgramIDIndex = uint16(len(m.AccountKeys))
		}, online: func(fc *fakeCluster, q *Quote) {
			fc.accounts[lookupTableKey] = &Account{Owner: solana.AddressLookupTableProgramID, Data: lookupTableData(q.ProgramID)}
		}},
		{name: "program id at index 0", rules: []string{"C14"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[0].ProgramIDIndex = 0
		}},
		{name: "account index out of range", rules: []string{"C15"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[2].Accounts[1] = 200
		}},
		{name: "program index out of range", rules: []string{"C15"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[2].ProgramIDIndex = 250
		}},
		{name: "duplicate key", rules: []string{"C11"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			m := &tx.Message
			m.AccountKeys[keyIndex(t, tx, q.FeeReceiver)] = q.DepositUSDCAccount
		}},
		{name: "trailing bytes", rules: []string{"A2"}, mutRaw: func(raw []byte) []byte { return append(raw, 0) }},
		{name: "truncated", rules: []string{"A2"}, mutRaw: func(raw []byte) []byte { return raw[:len(raw)-3] }},
		{name: "version byte 0x81", rules: []string{"A3"}, mutRaw: setVersionByte(0x81)},
		{name: "version byte 0x7f", rules: []string{"A3"}, mutRaw: setVersionByte(0x7f)},
		{name: "legacy message", rules: []string{"A3"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.SetVersion(solana.MessageVersionLegacy)
		}},
		{name: "oversize", rules: []string{"A1"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[2].Data = make([]byte, 1300)
		}},
		{name: "wrong cluster (mint of another cluster)", rules: []string{"F25"}, mutQuote: func(q *Quote) { q.USDCMint = MainnetUSDCMint }},
		{name: "wrong cluster (RPC genesis)", rules: []string{"F25"}, online: func(fc *fakeCluster, q *Quote) { fc.genesis = DevnetGenesisHash }},
		{name: "expired quote", rules: []string{"E23"}, online: func(fc *fakeCluster, q *Quote) { fc.height = q.LastValidBlockHeight + 1 }},
		{name: "deposit to another account than depositUsdcAccount", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.AccountKeys[keyIndex(t, tx, q.DepositUSDCAccount)] = attacker
		}},
		{name: "USDC taken from another token account", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			ata, _ := AssociatedTokenAddress(u, q.USDCMint, solana.TokenProgramID)
			tx.Message.AccountKeys[keyIndex(t, tx, ata)] = testKey("user's other token account")
		}},
		{name: "deposit amount differs from the request", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			a, _ := DecodeDepositArgs(tx.Message.Instructions[2].Data)
			a.USDCAmount = 10 * q.USDCAmount
			tx.Message.Instructions[2].Data = a.Encode()
		}},
		{name: "native fee above the buffer", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			a, _ := DecodeDepositArgs(tx.Message.Instructions[2].Data)
			a.NativeFeeLamports = q.NativeFeeLamportsWithBuffer + 1
			tx.Message.Instructions[2].Data = a.Encode()
		}},
		{name: "native fee below the quote's", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			a, _ := DecodeDepositArgs(tx.Message.Instructions[2].Data)
			a.NativeFeeLamports = q.NativeFeeLamports - 1
			tx.Message.Instructions[2].Data = a.Encode()
		}},
		{name: "deposit data with a trailing byte", rules: []string{"F24"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.Instructions[2].Data = append(tx.Message.Instructions[2].Data, 0)
		}},
		{name: "instruction 2 of another program", rules: []string{"D21"}, mutQuote: func(q *Quote) { q.ProgramID = testKey("other program") }},
		{name: "programId pin violated", rules: []string{"D21"}, mutTx: func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
			tx.Message.AccountKeys[keyIndex(t, tx, q.ProgramID)] = testKey("other program")
		}, mutQuote: func(q *Quote) { q.ProgramID = testKey("other program") }},
		{name: "quote programId is the Token program", rules: []string{"D21"}, mutQuote: func(q *Quote) { q.ProgramID = solana.TokenProgramID }},
		{name: "usdcAmount below minimum", rules: []string{"F26"}, mutQuote: func(q *Quote) { q.USDCAmount = 4_999_999 }},
		{name: "minUsdcAmount above usdcAmount", rules: []string{"F26"}, mutQuote: func(q *Quote) { q.MinUSDCAmount = q.USDCAmount + 1 }},
		{name: "buffer below native fee", rules: []string{"F26"}, mutQuote: func(q *Quote) { q.NativeFeeLamportsWithBuffer = q.NativeFeeLamports - 1 }},
		{name: "quote allows swaps", rules: []string{"F24"}, mutQuote: func(q *Quote) { q.Rules.OnlyUSDC = false }},
		{name: "user has no USDC account", rules: []string{"F24"}, online: func(fc *fakeCluster, q *Quote) {
			ata, _ := AssociatedTokenAddress(testSigner(nil).PublicKey(), q.USDCMint, solana.TokenProgramID)
			delete(fc.accounts, ata)
		}},
	}
}

func tokenIx(data []byte) func(testing.TB, *solana.Transaction, *Quote, solana.PublicKey) {
	return func(t testing.TB, tx *solana.Transaction, q *Quote, u solana.PublicKey) {
		ata, _ := AssociatedTokenAddress(u, q.USDCMint, solana.TokenProgramID)
		tx.Message.Instructions[2] = solana.CompiledInstruction{
			ProgramIDIndex: keyIndex(t, tx, solana.TokenProgramID),
			Accounts:       []uint16{keyIndex(t, tx, ata), keyIndex(t, tx, q.FeeReceiver), 0},
			Data:           data,
		}
	}
}

func setVersionByte(b byte) func([]byte) []byte {
	return func(raw []byte) []byte {
		raw[1+64] = b
		return raw
	}
}

func TestBaselineAccepted(t *testing.T) {
	q, user := baseline(t)
	r := Inspect(q, user, testOptions())
	if r.Rejected() {
		t.Fatalf("baseline rejected: %v", r.Err())
	}
	if r.FeePayer != user || r.Signatures != 1 || r.ComputeUnitLimit != 400_000 || r.ComputeUnitPrice != 1000 {
		t.Fatalf("facts: payer %s sigs %d limit %d price %d", r.FeePayer, r.Signatures, r.ComputeUnitLimit, r.ComputeUnitPrice)
	}
	if r.PriorityFeeLamports != 400 || r.TotalCostLamports != 5000+400+1_200_000 {
		t.Fatalf("fees: priority %d total %d", r.PriorityFeeLamports, r.TotalCostLamports)
	}
	if len(r.Instructions) != 3 || r.Deposit == nil || r.Deposit.USDCAmount != q.USDCAmount {
		t.Fatalf("decoded: %+v deposit %+v", r.Instructions, r.Deposit)
	}
	roles := map[string]bool{}
	for _, a := range r.Instructions[2].Accounts {
		roles[a.Role] = true
		if a.Role == "user" && !(a.Signer && a.Writable) {
			t.Fatalf("user role: %+v", a)
		}
	}
	if len(roles) != 7 {
		t.Fatalf("roles: %v", roles)
	}

	fc := newFakeCluster(t, q, user)
	r, err := Verify(context.Background(), fc, q, user, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.Rejected() || !r.Online {
		t.Fatalf("baseline rejected online: %v", r.Err())
	}
}

func TestMaliciousCasesRejected(t *testing.T) {
	cases := badCases()
	if len(cases) < 25 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, user := c.build(t)
			var r *Report
			if c.online != nil {
				fc := newFakeCluster(t, q, user)
				c.online(fc, q)
				var err error
				if r, err = Verify(context.Background(), fc, q, user, testOptions()); err != nil {
					t.Fatal(err)
				}
			} else {
				r = Inspect(q, user, testOptions())
			}
			if !r.Rejected() {
				t.Fatalf("accepted; findings %v", r.Findings)
			}
			t.Logf("%v", r.Rejections())
			for _, rule := range c.rules {
				if !r.Has(rule, Reject) {
					t.Errorf("no %s rejection; got %v", rule, r.Rejections())
				}
			}
		})
	}
}

func TestOfflineLookupSaysUnresolved(t *testing.T) {
	c := badCase{mutTx: lookupSwap(2, true, lookupTableKey)}
	q, user := c.build(t)
	r := Inspect(q, user, testOptions())
	found := false
	for _, f := range r.Rejections() {
		if f.Rule == "C13" && strings.Contains(f.Message, "could not be resolved") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no C13 'could not be resolved' finding: %v", r.Findings)
	}
}

// TestUndeclaredLayout: a program purse has no layout for passes on its accounts, with a
// warning that the amounts are the simulation's; its accounts stay a hard gate; a declared
// layout adds the static amount checks.
func TestUndeclaredLayout(t *testing.T) {
	q, user := baseline(t)
	other := testKey("production program")
	tx := decodeTx(t, q.Transaction)
	tx.Message.AccountKeys[keyIndex(t, tx, q.ProgramID)] = other
	q.Transaction = encodeTx(t, tx)
	q.ProgramID = other
	opts := &Options{Clusters: []ClusterInfo{{Name: "sandbox", GenesisHash: sandboxGenesis, USDCMint: sandboxUSDC}}}
	r := Inspect(q, user, opts)
	if r.Rejected() || !r.Has("F24", Warn) || !r.AmountBySimulation || r.Deposit != nil {
		t.Fatalf("undeclared layout: want a warning and the amount left to simulation, got %v", r.Findings)
	}
	if _, err := BuildDeposit(q, user, testBlockhash, 400_000, 0, opts); !errors.Is(err, ErrUnknownLayout) {
		t.Fatalf("BuildDeposit built for an unknown program: %v", err)
	}

	// Its accounts are still checked: the USDC going elsewhere is refused offline.
	elsewhere := decodeTx(t, q.Transaction)
	elsewhere.Message.AccountKeys[keyIndex(t, elsewhere, q.DepositUSDCAccount)] = testKey("thief's token account")
	bad := *q
	bad.Transaction = encodeTx(t, elsewhere)
	if r := Inspect(&bad, user, opts); !r.Has("F24", Reject) {
		t.Fatalf("another destination passed: %v", r.Findings)
	}

	// Declared (the sandbox's data layout, without its account list): amounts are read.
	l, err := ParseLayout(SandboxLayout.String())
	if err != nil {
		t.Fatal(err)
	}
	opts.Layouts = map[solana.PublicKey]Layout{other: l}
	r = Inspect(q, user, opts)
	if r.Rejected() || r.AmountBySimulation || r.Deposit == nil || r.Deposit.USDCAmount != q.USDCAmount {
		t.Fatalf("declared layout: %v %+v", r.Findings, r.Deposit)
	}
	more := *q
	more.USDCAmount++
	if r := Inspect(&more, user, opts); !r.Has("F24", Reject) {
		t.Fatalf("a declared layout must compare the amount: %v", r.Findings)
	}
}

func TestParseLayout(t *testing.T) {
	l, err := ParseLayout("disc=f223c68952e1f2b6,len=56,usdc=8,min=16,fee=24,eid=32,token=36")
	if err != nil || l.String() != "disc=f223c68952e1f2b6,len=56,usdc=8,min=16,fee=24,eid=32,token=36" {
		t.Fatalf("%v %s", err, l)
	}
	if SandboxLayout.String() != "disc="+hex.EncodeToString(DepositDiscriminator[:])+",len=56,usdc=8,min=16,fee=24,eid=32,token=36" {
		t.Fatalf("sandbox layout %s", SandboxLayout)
	}
	for _, bad := range []string{"", "usdc=8", "disc=zz,usdc=8", "disc=01,usdc=0", "disc=01,usdc=8,usdc=9", "disc=01,usdc=8,len=10", "disc=01,usdc=8,color=3", "disc=01,usdc=-1"} {
		if _, err := ParseLayout(bad); err == nil {
			t.Errorf("ParseLayout(%q) accepted", bad)
		}
	}
	short := make([]byte, 10)
	copy(short, "\x01")
	l, _ = ParseLayout("disc=01,usdc=2")
	if a, err := l.Decode(short); err != nil || a.USDCAmount != 0 {
		t.Fatalf("decode: %v %+v", err, a)
	}
	if _, err := l.Decode([]byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0}); err == nil {
		t.Fatal("another discriminator decoded")
	}
}

func TestPriorityFee(t *testing.T) {
	for _, c := range []struct {
		price uint64
		limit uint32
		want  uint64
		ok    bool
	}{
		{0, 400_000, 0, true},
		{1, 400_000, 1, true}, // 0.4 rounds up
		{1000, 400_000, 400, true},
		{1_000_001, 1, 2, true},
		{math.MaxUint64, 1, 18446744073710, true},
		{math.MaxUint64, 1_400_000, math.MaxUint64, false},
		{math.MaxUint64, math.MaxUint32, math.MaxUint64, false},
	} {
		got, ok := PriorityFee(c.price, c.limit)
		if got != c.want || ok != c.ok {
			t.Errorf("PriorityFee(%d, %d) = %d, %t; want %d, %t", c.price, c.limit, got, ok, c.want, c.ok)
		}
	}
	if v, ok := TotalCost(1, math.MaxUint64, 1); ok || v != math.MaxUint64 {
		t.Errorf("TotalCost overflow: %d %t", v, ok)
	}
	if v, ok := TotalCost(1, 400, 1_200_000); !ok || v != 1_205_400 {
		t.Errorf("TotalCost: %d %t", v, ok)
	}
}

func TestDepositArgsRoundTrip(t *testing.T) {
	a := DepositArgs{USDCAmount: 1, MinUSDCAmount: 2, NativeFeeLamports: 3, DstEid: 4, EVMOutputToken: EVMAddress{5}}
	b, err := DecodeDepositArgs(a.Encode())
	if err != nil || b != a {
		t.Fatalf("round trip: %+v %v", b, err)
	}
	if _, err := DecodeDepositArgs(a.Encode()[:DepositDataLen-1]); err == nil {
		t.Fatal("short data accepted")
	}
	bad := a.Encode()
	bad[0] ^= 1
	if _, err := DecodeDepositArgs(bad); err == nil {
		t.Fatal("bad discriminator accepted")
	}
}
