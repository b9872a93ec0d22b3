package altchain

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// Account is an account's state as the cluster reports it.
type Account struct {
	Owner      solana.PublicKey
	Lamports   uint64
	Data       []byte
	Executable bool
}

// Blockhash is a recent blockhash and the last block height at which it is valid.
type Blockhash struct {
	Hash                 solana.Hash
	LastValidBlockHeight uint64
}

// SimulationResult is what simulateTransaction returns for the signed bytes.
type SimulationResult struct {
	// Err is the transaction error, empty on success.
	Err           string
	UnitsConsumed uint64
	Logs          []string
	// Accounts are the post-simulation states of the requested accounts, in order;
	// nil for an account that does not exist afterwards.
	Accounts []*Account
}

// Cluster is what the online rules need from a Solana RPC. A solana-go rpc adapter and
// the sandbox implement it. Reads use commitment "confirmed".
type Cluster interface {
	// GenesisHash returns the cluster's genesis hash (base58).
	GenesisHash(ctx context.Context) (string, error)
	// GetAccounts returns the accounts in order, nil for one that does not exist.
	GetAccounts(ctx context.Context, keys []solana.PublicKey) ([]*Account, error)
	// LatestBlockhash returns a fresh blockhash at commitment "confirmed".
	LatestBlockhash(ctx context.Context) (Blockhash, error)
	// BlockHeight returns the current block height at commitment "confirmed".
	BlockHeight(ctx context.Context) (uint64, error)
	// Simulate simulates signed transaction bytes with sigVerify true and
	// replaceRecentBlockhash false (the two options conflict) at commitment
	// "confirmed", returning the post-states of accounts.
	Simulate(ctx context.Context, tx []byte, accounts []solana.PublicKey) (*SimulationResult, error)
	// SimulateUnverified is Simulate with sigVerify false: the effects of a transaction
	// before it is signed (a key on a device signs after the review, so the review's
	// simulation cannot be of signed bytes; they are simulated again once signed).
	SimulateUnverified(ctx context.Context, tx []byte, accounts []solana.PublicKey) (*SimulationResult, error)
}

// Verify runs the static rules and the rules that need the chain: C13 (lookup tables
// resolved from the chain: owned by the lookup-table program, active; every rule re-run
// on the resolved keys), F24 (the user's USDC account exists when the quote requires it;
// no other token account of the user or mint is writable), F25 (the genesis hash starts
// with the quote's network and usdcMint is that cluster's USDC) and E23 (the quote's
// lastValidBlockHeight has not passed). An error means the cluster could not answer.
func Verify(ctx context.Context, c Cluster, q *Quote, user solana.PublicKey, opts *Options) (*Report, error) {
	genesis, err := c.GenesisHash(ctx)
	if err != nil {
		return nil, fmt.Errorf("altchain: genesis hash: %w", err)
	}
	var tables map[solana.PublicKey]solana.PublicKeySlice
	var why string
	if q != nil && q.Transaction != nil {
		if tx := decodeStrict(q.Transaction, &Report{}); tx != nil && len(tx.Message.AddressTableLookups) > 0 {
			tables, why, err = resolveTables(ctx, c, tx.Message.AddressTableLookups.GetTableIDs())
			if err != nil {
				return nil, err
			}
		}
	}
	r := inspect(q, user, opts, tables, why)
	r.Online = true
	if q == nil {
		return r, nil
	}

	// F25: the cluster.
	if !strings.HasPrefix(genesis, q.Network) || q.Network == "" {
		r.reject("F25", "the RPC's genesis hash %s does not start with the quote's network %q: wrong cluster", genesis, q.Network)
	}
	if ci, ok := opts.clusterForGenesis(genesis); !ok {
		r.reject("F25", "the RPC's genesis hash %s is not a configured cluster", genesis)
	} else if ci.USDCMint.IsZero() || ci.USDCMint != q.USDCMint {
		r.reject("F25", "usdcMint %s is not the USDC of %s (%s)", q.USDCMint, ci.Name, ci.USDCMint)
	}

	// E23: the quote's lifetime.
	height, err := c.BlockHeight(ctx)
	if err != nil {
		return nil, fmt.Errorf("altchain: block height: %w", err)
	}
	if height > q.LastValidBlockHeight {
		r.reject("E23", "the quote expired: block height %d is past its lastValidBlockHeight %d; request a new quote", height, q.LastValidBlockHeight)
	}

	// F24 and B10 on account states.
	if err := checkAccountsOnline(ctx, c, q, user, r); err != nil {
		return nil, err
	}
	r.finish()
	return r, nil
}

func resolveTables(ctx context.Context, c Cluster, ids solana.PublicKeySlice) (map[solana.PublicKey]solana.PublicKeySlice, string, error) {
	accs, err := c.GetAccounts(ctx, ids)
	if err != nil {
		return nil, "", fmt.Errorf("altchain: lookup tables: %w", err)
	}
	if len(accs) != len(ids) {
		return nil, "", fmt.Errorf("altchain: lookup tables: asked for %d accounts, got %d", len(ids), len(accs))
	}
	tables := make(map[solana.PublicKey]solana.PublicKeySlice, len(ids))
	var problems []string
	for i, id := range ids {
		keys, problem := decodeLookupTable(accs[i])
		if problem != "" {
			problems = append(problems, "table "+id.String()+" "+problem)
			continue
		}
		tables[id] = keys
	}
	if len(problems) > 0 {
		return nil, strings.Join(problems, "; "), nil
	}
	return tables, "", nil
}

// Lookup-table account layout: u32 type (1 = lookup table), u64 deactivation slot,
// u64 last extended slot, u8 start index, option<authority> (1 + 32), u16 padding, then
// 32-byte addresses. solana-go's decoder lives in a package that pulls in its rpc client,
// so the fixed 56-byte header is read here.
const (
	lookupTableMetaSize     = 56
	lookupTableMaxAddresses = 256
)

// decodeLookupTable checks a lookup-table account strictly (C13): owned by the
// lookup-table program, initialized, active (never deactivated), whole addresses only.
func decodeLookupTable(a *Account) (solana.PublicKeySlice, string) {
	switch {
	case a == nil:
		return nil, "does not exist"
	case a.Owner != solana.AddressLookupTableProgramID:
		return nil, "is owned by " + a.Owner.String() + ", not the lookup-table program"
	case len(a.Data) < lookupTableMetaSize || (len(a.Data)-lookupTableMetaSize)%32 != 0:
		return nil, fmt.Sprintf("has malformed data (%d bytes)", len(a.Data))
	case (len(a.Data)-lookupTableMetaSize)/32 > lookupTableMaxAddresses:
		return nil, "holds more than 256 addresses"
	case binary.LittleEndian.Uint32(a.Data) != 1:
		return nil, "is not an initialized lookup table"
	}
	if ds := binary.LittleEndian.Uint64(a.Data[4:]); ds != math.MaxUint64 {
		return nil, fmt.Sprintf("is deactivated (since slot %d)", ds)
	}
	n := (len(a.Data) - lookupTableMetaSize) / 32
	keys := make(solana.PublicKeySlice, n)
	for i := range keys {
		copy(keys[i][:], a.Data[lookupTableMetaSize+32*i:])
	}
	return keys, ""
}

// SPL token account layout offsets.
const (
	tokenAccountLen    = 165
	tokenMintLen       = 82
	tokOffOwner        = 32
	tokOffAmount       = 64
	tokOffDelegate     = 72
	tokOffCloseAuthTag = 129
	tokOffState        = 108
)

type tokenAccount struct {
	mint, owner           solana.PublicKey
	amount                uint64
	hasDelegate, hasClose bool
	delegate, closeAuth   solana.PublicKey
	state                 byte
}

func parseTokenAccount(a *Account) (tokenAccount, bool) {
	var t tokenAccount
	if a == nil || (a.Owner != solana.TokenProgramID && a.Owner != solana.Token2022ProgramID) || len(a.Data) < tokenAccountLen {
		return t, false
	}
	if a.Owner == solana.TokenProgramID && len(a.Data) != tokenAccountLen {
		return t, false
	}
	d := a.Data
	copy(t.mint[:], d[:32])
	copy(t.owner[:], d[tokOffOwner:tokOffOwner+32])
	t.amount = binary.LittleEndian.Uint64(d[tokOffAmount:])
	t.hasDelegate = binary.LittleEndian.Uint32(d[tokOffDelegate:]) != 0
	if t.hasDelegate {
		copy(t.delegate[:], d[tokOffDelegate+4:])
	}
	t.state = d[tokOffState]
	t.hasClose = binary.LittleEndian.Uint32(d[tokOffCloseAuthTag:]) != 0
	if t.hasClose {
		copy(t.closeAuth[:], d[tokOffCloseAuthTag+4:])
	}
	return t, true
}

func checkAccountsOnline(ctx context.Context, c Cluster, q *Quote, user solana.PublicKey, r *Report) error {
	exp, err := ExpectedDepositAccounts(q, user)
	if err != nil {
		return nil // already reported by the static rules
	}
	allowed := map[solana.PublicKey]bool{user: true, exp.UserUSDC: true, exp.DepositUSDC: true, exp.FeeReceiver: true}
	keys := []solana.PublicKey{exp.UserUSDC}
	seen := map[solana.PublicKey]bool{exp.UserUSDC: true}
	for _, ix := range r.Instructions {
		for _, a := range ix.Accounts {
			if a.Writable && a.Resolved && !allowed[a.Key] && !seen[a.Key] {
				seen[a.Key] = true
				keys = append(keys, a.Key)
			}
		}
	}
	accs, err := c.GetAccounts(ctx, keys)
	if err != nil {
		return fmt.Errorf("altchain: accounts: %w", err)
	}
	if len(accs) != len(keys) {
		return fmt.Errorf("altchain: accounts: asked for %d, got %d", len(keys), len(accs))
	}
	checkUserUSDCOnline(q, user, exp.UserUSDC, accs[0], r)
	checkWritableOnline(q, user, keys[1:], accs[1:], r)
	return nil
}

// checkUserUSDCOnline is F24 for the user's USDC account ata (at address at), as the chain
// holds it now.
func checkUserUSDCOnline(q *Quote, user, at solana.PublicKey, ata *Account, r *Report) {
	t, isToken := parseTokenAccount(ata)
	switch {
	case ata == nil && q.Rules.UserMustHaveUSDCAta:
		r.reject("F24", "the user's USDC account %s does not exist; the quote requires it (userMustHaveUsdcAta)", at)
	case ata == nil:
		r.warn("F24", "the user's USDC account %s does not exist", at)
	case !isToken || ata.Owner != solana.TokenProgramID:
		r.reject("F24", "the user's USDC account %s is not a Token-program token account (owner %s)", at, ata.Owner)
	case t.mint != q.USDCMint || t.owner != user:
		r.reject("F24", "the user's USDC account %s holds mint %s for owner %s, not USDC for the user", at, t.mint, t.owner)
	case q.HasRequested && t.amount < q.USDCAmount:
		r.warn("F24", "the user's USDC account holds %d units, less than the %d to deposit", t.amount, q.USDCAmount)
	}
}

// checkWritableOnline judges the other writable accounts (keys, as the chain holds them:
// accs): one nothing named offline (B31), another token account of the user or a mint (B10),
// a token account of another mint under onlyUsdc (F24).
func checkWritableOnline(q *Quote, user solana.PublicKey, keys []solana.PublicKey, accs []*Account, r *Report) {
	unnamed := make(map[solana.PublicKey]bool, len(r.UnnamedWritable))
	for _, k := range r.UnnamedWritable {
		unnamed[k] = true
	}
	for i, k := range keys {
		a := accs[i]
		if unnamed[k] {
			checkUnnamedOnline(k, a, user, r)
		}
		if a == nil || (a.Owner != solana.TokenProgramID && a.Owner != solana.Token2022ProgramID) {
			continue
		}
		if tk, ok := parseTokenAccount(a); ok && tk.owner == user {
			if unnamed[k] {
				continue // B31 refused it
			}
			r.reject("B10", "writable account %s is another token account of the user (mint %s)", k, tk.mint)
		} else if isMint(a) {
			if !unnamed[k] {
				r.reject("B10", "writable account %s is a token mint", k)
			}
		} else if ok && tk.mint != q.USDCMint && q.Rules.OnlyUSDC {
			r.reject("F24", "writable token account %s holds mint %s, not USDC (onlyUsdc)", k, tk.mint)
		}
	}
}

func checkSimulation(q *Quote, user, userUSDC solana.PublicKey, pre []*Account, res *SimulationResult, r *Report) {
	checkSimulationRan(q, res, r)
	bc := &BalanceChanges{Wallet: user, USDCAccount: userUSDC}
	r.Simulated = bc
	checkSimulatedWallet(pre[0], res.Accounts[0], bc, r)
	checkSimulatedUSDC(q, pre[1], res.Accounts[1], bc, r)
}

// checkSimulationRan is G28: the simulation succeeded within the compute limit, and its logs
// show the deposit program's success.
func checkSimulationRan(q *Quote, res *SimulationResult, r *Report) {
	if res.Err != "" {
		msg := "simulation failed: " + res.Err
		for i := len(res.Logs) - 1; i >= 0; i-- {
			if strings.Contains(res.Logs[i], " failed") {
				msg += "; the log says: " + res.Logs[i]
				break
			}
		}
		r.reject("G28", "%s", msg)
	}
	if r.ComputeUnitLimit != 0 && res.UnitsConsumed > uint64(r.ComputeUnitLimit) {
		r.reject("G28", "simulation consumed %d compute units, above the limit %d", res.UnitsConsumed, r.ComputeUnitLimit)
	}
	if len(res.Logs) == 0 {
		r.info("G28", "the simulation returned no logs")
		return
	}
	want := "Program " + q.ProgramID.String() + " success"
	if !slices.Contains(res.Logs, want) {
		r.reject("G28", "the simulation logs do not show %q", want)
	}
}

// checkSimulatedWallet is G29 for the user's system account (pu before, su after).
func checkSimulatedWallet(pu, su *Account, bc *BalanceChanges, r *Report) {
	if pu != nil {
		bc.LamportsBefore = pu.Lamports
	}
	if su != nil {
		bc.LamportsAfter = su.Lamports
	}
	switch {
	case pu == nil:
		r.reject("G29", "the user account does not exist before the deposit")
		return
	case su == nil:
		r.reject("G29", "the user account is closed by the transaction")
		return
	}
	if su.Owner != pu.Owner {
		r.reject("G29", "the user account's owner changes from %s to %s", pu.Owner, su.Owner)
	}
	if len(su.Data) != len(pu.Data) {
		r.reject("G29", "the user account's data size changes from %d to %d", len(pu.Data), len(su.Data))
	}
	if pu.Lamports > su.Lamports && pu.Lamports-su.Lamports > r.TotalCostLamports {
		r.reject("G29", "%d lamports leave the user, more than the %d shown (fees + native fee)", pu.Lamports-su.Lamports, r.TotalCostLamports)
	}
}

// checkSimulatedUSDC is G29 for the user's USDC account (pa before, sa after): still the
// user's, no delegate or close authority added, and exactly the quoted amount gone.
func checkSimulatedUSDC(q *Quote, pa, sa *Account, bc *BalanceChanges, r *Report) {
	if pa == nil {
		r.reject("G29", "the user's USDC account does not exist before the deposit")
		return
	}
	if sa == nil || sa.Lamports == 0 || len(sa.Data) == 0 {
		r.reject("G29", "the user's USDC account is closed by the transaction")
		return
	}
	if sa.Owner != pa.Owner {
		r.reject("G29", "the user's USDC account's program owner changes from %s to %s", pa.Owner, sa.Owner)
	}
	tp, okp := parseTokenAccount(pa)
	ts, oks := parseTokenAccount(sa)
	if !okp || !oks {
		r.reject("G29", "the user's USDC account is not a token account before and after")
		return
	}
	bc.USDCBefore, bc.USDCAfter, bc.USDCKnown = tp.amount, ts.amount, true
	if ts.owner != tp.owner {
		r.reject("G29", "the user's USDC account's owner changes from %s to %s", tp.owner, ts.owner)
	}
	if ts.hasDelegate && !tp.hasDelegate {
		r.reject("G29", "a delegate is set on the user's USDC account")
	}
	if ts.hasClose && !tp.hasClose {
		r.reject("G29", "a close authority is set on the user's USDC account")
	}
	if ts.state != tp.state {
		r.reject("G29", "the user's USDC account state changes from %d to %d", tp.state, ts.state)
	}
	if ts.amount > tp.amount {
		r.reject("G29", "the user's USDC balance rises by %d instead of falling by the quoted %d", ts.amount-tp.amount, q.USDCAmount)
	} else if d := tp.amount - ts.amount; d != q.USDCAmount {
		r.reject("G29", "%d USDC units leave the user's USDC account, not the quoted %d", d, q.USDCAmount)
	}
}

func isMint(a *Account) bool {
	return len(a.Data) == tokenMintLen || (a.Owner == solana.Token2022ProgramID && len(a.Data) > tokenMintLen && len(a.Data) < tokenAccountLen)
}

// System nonce account layout (80 bytes): u32 version, u32 state (1 initialized), the
// authority, the durable blockhash, the fee calculator.
const (
	nonceAccountLen   = 80
	nonceOffAuthority = 8
)

// checkUnnamedOnline judges a writable account of the deposit that nothing named offline
// (B31), from what the chain says of it: refused when it is a token account of the user,
// when the user's signature is an authority over it (a delegate, a close authority, a
// durable-nonce authority, or the user's key in the data of the program that owns it), or
// when it is a mint or a program; else named by its owner, with what it holds.
func checkUnnamedOnline(k solana.PublicKey, a *Account, user solana.PublicKey, r *Report) {
	refuse := func(format string, args ...any) {
		r.reject("B31", "writable account %s (nothing named it offline) "+format, append([]any{k}, args...)...)
	}
	switch {
	case a == nil:
		r.warn("B31", "writable account %s (nothing named it offline) does not exist: the program would create it at your expense; the simulation bounds the SOL that leaves your wallet (G29)", k)
	case a.Executable:
		refuse("is a program")
	case a.Owner == solana.TokenProgramID || a.Owner == solana.Token2022ProgramID:
		t, ok := parseTokenAccount(a)
		switch {
		case !ok && isMint(a):
			refuse("is a token mint")
		case !ok:
			refuse("is a %s account purse cannot read (%d bytes)", programName(a.Owner), len(a.Data))
		case t.owner == user:
			refuse("is another token account of yours (mint %s, %d units): the deposit takes USDC from your USDC account only", t.mint, t.amount)
		case t.hasDelegate && t.delegate == user:
			refuse("is a token account that delegates to you (owner %s, mint %s): your signature lets the program move its tokens", t.owner, t.mint)
		case t.hasClose && t.closeAuth == user:
			refuse("is a token account whose close authority is you (owner %s): your signature lets the program close it and take its lamports", t.owner)
		default:
			r.info("B31", "writable account %s (nothing named it offline) is a token account of %s (mint %s); your signature is no authority over it", k, t.owner, t.mint)
		}
	case a.Owner == solana.SystemProgramID && len(a.Data) == nonceAccountLen && solana.PublicKeyFromBytes(a.Data[nonceOffAuthority:nonceOffAuthority+32]) == user:
		refuse("is a durable-nonce account whose authority is you (%d lamports): your signature lets System WithdrawNonceAccount debit it", a.Lamports)
	case bytes.Contains(a.Data, user[:]):
		refuse("is owned by %s and its data holds your key: that program may take your signature as its authority over the account's funds", progLabel(a.Owner))
	case a.Owner == solana.SystemProgramID && len(a.Data) == 0:
		r.info("B31", "writable account %s (nothing named it offline) is a wallet (a System account, %d lamports): only its own key can debit it, and you sign with yours only", k, a.Lamports)
	default:
		r.info("B31", "writable account %s (nothing named it offline) is owned by %s (%d bytes of data, none of them your key): your signature is no authority over it", k, progLabel(a.Owner), len(a.Data))
	}
}
