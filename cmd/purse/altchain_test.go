package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
	"github.com/gagliardetto/solana-go/programs/system"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	appdeposit "purse/app/deposit"
	"purse/config"
	"purse/wallet"
)

// noNetwork fails the test when anything uses the default HTTP transport.
func noNetwork(t *testing.T) {
	t.Helper()
	old := http.DefaultTransport
	http.DefaultTransport = roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("network access to %s during an offline command", r.URL)
		return nil, errors.New("network disabled in this test")
	})
	t.Cleanup(func() { http.DefaultTransport = old })
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

var solSeedHex = func() string { h := sha256.Sum256([]byte("cli altchain user")); return hex.EncodeToString(h[:]) }()

func solUser(t *testing.T) *wallet.SolanaKey {
	t.Helper()
	b, _ := hex.DecodeString(solSeedHex)
	k, err := wallet.NewSolanaKeyFromSeed(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// sandboxQuote is a valid sandbox quote for user, with its transaction built offline.
func sandboxQuote(t *testing.T, user solana.PublicKey) *altchain.Quote {
	t.Helper()
	q := &altchain.Quote{
		Network: altchain.SandboxGenesisHash[:8], ProgramID: altchain.DefaultSandboxProgramID, OApp: altchaintest.OApp,
		EndpointProgramID: altchaintest.EndpointProgramID, DstEid: altchaintest.DstEid, USDCMint: altchain.SandboxUSDCMint,
		DepositUSDCAccount: altchain.SandboxDepositAccount, FeeReceiver: altchain.SandboxFeeReceiver,
		EVMOutputToken: altchaintest.EVMOutputToken, NativeFeeLamports: 1_000_000, NativeFeeLamportsWithBuffer: 1_200_000,
		Rules:                altchain.QuoteRules{OnlyUSDC: true, SwapDataMustBeEmpty: true, JupiterRemainingAccountsLenMustBeZero: true, UserMustHaveUSDCAta: true, FeePayerMustBeUser: true},
		LastValidBlockHeight: 5000,
	}
	if err := q.SetRequested("12500000", "0"); err != nil {
		t.Fatal(err)
	}
	bh := solana.Hash(sha256.Sum256([]byte("cli blockhash")))
	raw, err := altchain.BuildDeposit(q, user, bh, 400_000, 1000, altchaintest.Options())
	if err != nil {
		t.Fatal(err)
	}
	q.Transaction = raw
	return q
}

// maliciousQuote is the valid quote with an extra System transfer to an attacker.
func maliciousQuote(t *testing.T, user solana.PublicKey) *altchain.Quote {
	t.Helper()
	q := sandboxQuote(t, user)
	acc, err := altchain.ExpectedDepositAccounts(q, user)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := solana.NewTransaction([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(400_000).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(1000).Build(),
		altchain.NewDepositInstruction(q.ProgramID, acc, altchain.DepositArgs{USDCAmount: q.USDCAmount, NativeFeeLamports: q.NativeFeeLamportsWithBuffer, DstEid: q.DstEid, EVMOutputToken: q.EVMOutputToken}),
		system.NewTransferInstruction(1_000_000_000, user, altchaintest.Attacker).Build(),
	}, solana.Hash(sha256.Sum256([]byte("cli blockhash"))), solana.TransactionPayer(user))
	if err != nil {
		t.Fatal(err)
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	if q.Transaction, err = tx.MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	return q
}

func quoteFile(t *testing.T, q *altchain.Quote, envelope bool) string {
	t.Helper()
	var v any = q.Wire()
	if envelope {
		v = map[string]any{"code": 0, "message": "success", "data": v}
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return writeTemp(t, "quote.json", string(b))
}

// firstJSON decodes the first JSON value of out (a rejected command adds an error object).
func firstJSON(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.NewDecoder(strings.NewReader(out)).Decode(v); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
}

func TestAltchainInspectOffline(t *testing.T) {
	keyEnv(t)
	noNetwork(t)
	user := solUser(t).PublicKey()
	good := quoteFile(t, sandboxQuote(t, user), false)
	bad := quoteFile(t, maliciousQuote(t, user), false)

	out, errOut, code := purse(t, "", "altchain", "inspect", good, "--user", user.String())
	if code != exitOK || !strings.Contains(out, "verdict: ok") || !strings.Contains(out, "12.500000 USDC") {
		t.Fatalf("valid quote: exit %d\n%s\n%s", code, out, errOut)
	}
	out, _, code = purse(t, "", "altchain", "inspect", good, "--user", user.String(), "--cluster", "sandbox", "--json")
	var rv altchain.ReportView
	firstJSON(t, out, &rv)
	if code != exitOK || rv.Verdict != "ok" || rv.Deposit == nil || rv.Deposit.USDCAmount != "12500000" || len(rv.Instructions) != 3 ||
		rv.TotalCostLamports != 5000+400+1_200_000 || rv.FeePayer != user.String() {
		t.Fatalf("valid quote --json: exit %d %+v", code, rv)
	}

	out, errOut, code = purse(t, "", "altchain", "inspect", bad, "--user", user.String())
	if code != exitRejected || !strings.Contains(out, "REJECTED") || !strings.Contains(out, "D17") || !strings.Contains(errOut, "D17") {
		t.Fatalf("malicious quote: exit %d\n%s\n%s", code, out, errOut)
	}
	out, _, code = purse(t, "", "altchain", "inspect", bad, "--user", user.String(), "--json")
	rv = altchain.ReportView{}
	firstJSON(t, out, &rv)
	found := false
	for _, f := range rv.Findings {
		found = found || (f.Rule == "D17" && f.Severity == "reject")
	}
	if code != exitRejected || rv.Verdict != "rejected" || !found {
		t.Fatalf("malicious quote --json: exit %d %+v", code, rv)
	}

	// A quote with no transaction has nothing to sign: never "may be signed" (issue 11, case 10).
	empty := sandboxQuote(t, user)
	empty.Transaction = nil
	out, errOut, code = purse(t, "", "altchain", "inspect", quoteFile(t, empty, false), "--user", user.String())
	if code != exitRejected || strings.Contains(out, "may be signed") || !strings.Contains(out, "REJECTED") || !strings.Contains(out+errOut, "nothing to sign") {
		t.Fatalf("quote without a transaction: exit %d\n%s\n%s", code, out, errOut)
	}

	// The partner envelope on stdin.
	env, err := os.ReadFile(quoteFile(t, sandboxQuote(t, user), true))
	if err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, string(env), "altchain", "inspect", "-", "--user", user.String()); code != exitOK {
		t.Fatalf("envelope on stdin: exit %d %s", code, errOut)
	}
	// Another user, another cluster, an amount mismatch, excess precision.
	other := solana.PublicKeyFromBytes(make([]byte, 32))
	other[0] = 9
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{good, "--user", altchaintest.Attacker.String()}, exitRejected, "B8"},
		{[]string{good, "--user", user.String(), "--cluster", "mainnet"}, exitRejected, "F25"},
		{[]string{good, "--user", user.String(), "--amount", "13"}, exitRejected, "not the 13.000000 USDC"},
		{[]string{good, "--user", user.String(), "--amount", "12.1234567"}, exitUsage, "more than 6 decimals"},
		{[]string{good, "--user", "not-an-address"}, exitUsage, "--user"},
		{[]string{good}, exitUsage, "user"},
		{[]string{filepath.Join(t.TempDir(), "missing.json"), "--user", user.String()}, exitFailure, "no such file"},
	} {
		_, errOut, code := purse(t, "", append([]string{"altchain", "inspect"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, want %d with %q: %s", c.args, code, c.code, c.want, errOut)
		}
	}
	// A file without usdcAmount takes --amount.
	q := sandboxQuote(t, user)
	q.HasRequested = false
	bare := quoteFile(t, q, false)
	if _, errOut, code := purse(t, "", "altchain", "inspect", bare, "--user", user.String()); code != exitRejected || !strings.Contains(errOut, "F26") {
		t.Errorf("no amount: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "", "altchain", "inspect", bare, "--user", user.String(), "--amount", "12.5", "--min-usdc", "0"); code != exitOK {
		t.Errorf("--amount: exit %d %s", code, errOut)
	}
}

func TestUSDCFlags(t *testing.T) {
	for in, want := range map[string]uint64{"12.5": 12500000, "5": 5000000, "12.500000": 12500000, "1000000": 1000000000000} {
		if got, _, err := appdeposit.ParseAmounts(in, ""); err != nil || got != want {
			t.Errorf("--amount %s: %d %v", in, got, err)
		}
	}
	// below the minimum deposit (the TUI's rule, now the CLI's too), or not an amount
	for _, in := range []string{"0.000001", "4.999999", "12.1234567", "-1", "1e6", "abc", "1,5", "18446744073709.551616"} {
		if got, _, err := appdeposit.ParseAmounts(in, ""); err == nil || !strings.Contains(err.Error(), "amount") {
			t.Errorf("--amount %s accepted as %d (%v)", in, got, err)
		}
	}
	if _, mn, err := appdeposit.ParseAmounts("12.5", "0.000001"); err != nil || mn != 1 {
		t.Errorf("--min-usdc 0.000001: %d %v", mn, err)
	}
	if _, _, err := appdeposit.ParseAmounts("12.5", "1.1234567"); err == nil || !strings.Contains(err.Error(), "min-usdc") {
		t.Errorf("--min-usdc with 7 decimals: %v", err)
	}
}

// cliSandbox runs the alt-chain sandbox in-process and a profile "t" pointing at it with a
// partner key and the user's Solana key.
func cliSandbox(t *testing.T) *altchaintest.Sandbox {
	t.Helper()
	home := keyEnv(t)
	if _, errOut, code := purse(t, solSeedHex+"\n", "key", "import", "--label", "sol", "--kind", "solana", "--private-key-file", "-"); code != exitOK {
		t.Fatalf("import solana: %s", errOut)
	}
	if _, errOut, code := purse(t, testDevKey+"\n", "key", "import", "--label", "partner", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatalf("import partner: %s", errOut)
	}
	sb := altchaintest.New(altchaintest.Config{BlockTime: 20 * time.Millisecond, PartnerKeys: []common.Address{common.HexToAddress(testDevAddress)},
		UserUnderPartner: func(_ common.Address, svc int64) bool { return svc == 4242 },
		OutputToken:      altchaintest.FiatToken})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v3/config/chain-configs", altchaintest.ChainConfigs)
	mux.Handle("/solana", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/solana/", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/partner/", http.StripPrefix("/partner", sb.PartnerHandler()))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	p := &config.Profile{Name: "t", UserAPI: srv.URL, PartnerAPI: srv.URL + "/partner", Network: "31337", SolanaRPC: srv.URL + "/solana",
		SolanaCluster: "sandbox", SolanaKey: "sol", PartnerKey: "partner", PartnerAuth: "spec", TokenID: "4242"}
	if err := st.Put(p); err != nil {
		t.Fatal(err)
	}
	if err := st.Use("t"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	return sb
}

func solanaSignatures(t *testing.T) int {
	t.Helper()
	out, errOut, code := purse(t, "", "audit", "list", "--json")
	if code != exitOK {
		t.Fatalf("audit list: %s", errOut)
	}
	return strings.Count(out, `"`+string(wallet.PurposeSolanaTx)+`"`)
}

func TestAltchainDepositAgainstSandbox(t *testing.T) {
	sb := cliSandbox(t)
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}

	out, errOut, code := purse(t, "", "altchain", "balance", "--json")
	var bv appdeposit.SolanaBalance
	firstJSON(t, out, &bv)
	if code != exitOK || bv.USDC != "50.000000" || bv.USDCUnits != 50_000_000 || bv.Lamports != 1_000_000_000 || bv.Address != user.String() {
		t.Fatalf("balance: exit %d %+v %s", code, bv, errOut)
	}

	// quote --json --out, then inspect the file offline.
	qf := filepath.Join(t.TempDir(), "q.json")
	out, errOut, code = purse(t, "", "altchain", "quote", "--amount", "12.5", "--output", "eur", "--compute-unit-price", "2000", "--out", qf, "--json")
	var qv altchain.QuoteWire
	firstJSON(t, out, &qv)
	if code != exitOK || qv.USDCAmount != "12500000" || qv.Network != altchain.SandboxGenesisHash[:8] || qv.Transaction == "" || qv.OutputAmount == nil {
		t.Fatalf("quote: exit %d %+v %s", code, qv, errOut)
	}
	if _, errOut, code := purse(t, "", "altchain", "inspect", qf, "--user", user.String()); code != exitOK {
		t.Fatalf("inspect the quote: %d %s", code, errOut)
	}

	// No terminal and no --yes: refused before anything is signed.
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR"); code != exitUsage || !strings.Contains(errOut, "--yes") {
		t.Fatalf("no terminal: exit %d %s", code, errOut)
	}
	// The user declines on the terminal: signed for the simulation, never sent.
	no := "n\n"
	setTerminal(t, &no)
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--poll-interval", "10ms"); code != exitRejected || !strings.Contains(errOut, "declined") {
		t.Fatalf("declined: exit %d %s", code, errOut)
	}
	if sb.USDC(user) != 50_000_000 {
		t.Fatal("a declined deposit moved USDC")
	}
	setTerminal(t, nil)

	// A malicious quote is rejected at "validate": exit 3, nothing signed.
	before := solanaSignatures(t)
	if err := sb.MaliciousNextQuote(altchaintest.MaliciousSwapDeposit); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes")
	if code != exitRejected || !strings.Contains(errOut, "validate") || !strings.Contains(errOut, "nothing was signed") || !strings.Contains(errOut, "F24") {
		t.Fatalf("malicious: exit %d %s", code, errOut)
	}
	if solanaSignatures(t) != before {
		t.Fatal("the malicious quote was signed")
	}

	// The deposit, with one dropped send re-broadcast.
	sb.DropSends(1)
	out, errOut, code = purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
	var dr appdeposit.Receipt
	firstJSON(t, out, &dr)
	if code != exitOK || (dr.ConfirmationStatus != "confirmed" && dr.ConfirmationStatus != "finalized") {
		t.Fatalf("deposit: exit %d %+v\n%s", code, dr, errOut)
	}
	for _, step := range []string{"quote", "decode", "validate", "blockhash", "sign", "simulate", "review", "send", "confirm"} {
		if !strings.Contains(errOut, "] "+step+":") {
			t.Errorf("no progress for step %s:\n%s", step, errOut)
		}
	}
	if sb.TokenBalance(altchain.SandboxDepositAccount) != 12_500_000 || sb.USDC(user) != 37_500_000 || sb.Dropped() != 1 {
		t.Fatalf("ledger: deposit %d user %d dropped %d", sb.TokenBalance(altchain.SandboxDepositAccount), sb.USDC(user), sb.Dropped())
	}
	if deps := sb.Deposits(); len(deps) != 1 || deps[0].Signature != dr.Signature {
		t.Fatalf("deposits %+v", deps)
	}

	// The saved quote, used after it was spent with its amounts: a different --amount is refused.
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--quote-file", qf, "--yes"); code != exitRejected || !strings.Contains(errOut, "not the 10.000000 USDC") {
		t.Fatalf("quote file amount mismatch: exit %d %s", code, errOut)
	}
	// An expired quote: exit 3 at validate (E23).
	sb.ExpireNextQuote()
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "5", "--output", "CHF", "--yes"); code != exitRejected || !strings.Contains(errOut, "E23") {
		t.Fatalf("expired quote: exit %d %s", code, errOut)
	}
	// A partner-side error keeps its code and explanation.
	if err := sb.SetFaults(altchaintest.Faults{FailNextQuote: 50003}); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "5", "--output", "EUR"); code != exitFailure || !strings.Contains(errOut, "50003") {
		t.Fatalf("50003: exit %d %s", code, errOut)
	}
}

// TestAltchainOpaqueProgramThroughTheCLI: a deposit program purse has no layout for (the
// service's case) is pinned in the profile, inspected with a warning (exit 0), deposited with
// the amount checked by simulation; an overdrawing quote is refused at simulation and never
// sent (exit 3), one sending elsewhere before signing; a declared layout (profile
// altchain_layouts) refuses the overdraw offline.
func TestAltchainOpaqueProgramThroughTheCLI(t *testing.T) {
	sb := cliSandbox(t)
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := sb.SetQuoteProgram(altchaintest.QuoteOpaqueProgram); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms"); code != exitRejected || !strings.Contains(errOut, "D21") {
		t.Fatalf("unpinned program: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "", "profile", "set", "altchain_pins.sandbox.program_id="+altchaintest.OpaqueProgramID.String()); code != exitOK {
		t.Fatalf("pin: %s", errOut)
	}
	qf := filepath.Join(t.TempDir(), "q.json")
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR", "--out", qf); code != exitOK {
		t.Fatalf("quote: %s", errOut)
	}
	out, errOut, code := purse(t, "", "altchain", "inspect", qf, "--user", user.String())
	if code != exitOK || !strings.Contains(out, "checked by simulating the signed transaction at deposit time") {
		t.Fatalf("inspect: exit %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
	var res appdeposit.Receipt
	firstJSON(t, out, &res)
	if code != exitOK || res.Signature == "" || sb.USDC(user) != 40_000_000 {
		t.Fatalf("deposit: exit %d %+v %s", code, res, errOut)
	}

	before := solanaSignatures(t)
	if err := sb.MaliciousNextQuote(altchaintest.MaliciousOverdraw); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms"); code != exitRejected ||
		!strings.Contains(errOut, "G29") || !strings.Contains(errOut, "simulate: the signature was not released") {
		t.Fatalf("overdraw: exit %d %s", code, errOut)
	}
	if sb.USDC(user) != 40_000_000 || solanaSignatures(t) != before+1 {
		t.Fatalf("overdraw: USDC %d, %d signatures (one, for the simulation)", sb.USDC(user), solanaSignatures(t)-before)
	}
	if err := sb.MaliciousNextQuote(altchaintest.MaliciousSwapDeposit); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes"); code != exitRejected || !strings.Contains(errOut, "validate: nothing was signed") {
		t.Fatalf("swap: exit %d %s", code, errOut)
	}

	if _, errOut, code := purse(t, "", "profile", "set", "altchain_layouts."+altchaintest.OpaqueProgramID.String()+"=usdc=8"); code != exitUsage || !strings.Contains(errOut, "altchain_layouts") {
		t.Fatalf("a bad layout was stored: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "", "profile", "set", "altchain_layouts."+altchaintest.OpaqueProgramID.String()+"="+altchaintest.OpaqueLayout.String()); code != exitOK {
		t.Fatalf("declare: %s", errOut)
	}
	if err := sb.MaliciousNextQuote(altchaintest.MaliciousOverdraw); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR", "--out", qf+".2"); code != exitOK {
		t.Fatalf("quote: %s", errOut)
	}
	if _, errOut, code := purse(t, "", "altchain", "inspect", qf+".2", "--user", user.String()); code != exitRejected || !strings.Contains(errOut, "not the requested 10000000") {
		t.Fatalf("declared layout: exit %d %s", code, errOut)
	}
}

// TestAltchainQuoteAnswerSignature: with partner_response_key pinned, an answer signed by
// another key is refused (exit 3) and nothing of it is used; the pinned key's is accepted.
func TestAltchainQuoteAnswerSignature(t *testing.T) {
	sb := cliSandbox(t)
	if _, errOut, code := purse(t, "", "profile", "set", "partner_response_key="+altchaintest.ResponseKey.Address().Hex()); code != exitOK {
		t.Fatalf("pin: %s", errOut)
	}
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR"); code != exitOK {
		t.Fatalf("signed by the pinned key: exit %d %s", code, errOut)
	}
	if err := sb.SetFaults(altchaintest.Faults{ResponseSignature: altchaintest.ResponseForeign}); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR"); code != exitRejected || !strings.Contains(errOut, "not by the service key") || !strings.Contains(errOut, "nothing of the answer was used") {
		t.Fatalf("foreign signature: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "", "profile", "set", "partner_response_key=0x12"); code != exitUsage || !strings.Contains(errOut, "partner_response_key") {
		t.Fatalf("bad key stored: exit %d %s", code, errOut)
	}
}

// TestAltchainDepositOutcome: a deposit whose send was forwarded and answered 502 lands and
// is reported confirmed (exit 0, once); when the status never answers either, the outcome is
// unknown: exit 4, the signature and the last valid block height in --json and in the next
// step, and `altchain status` then finds it landed. A signature not found past its last
// valid block height is "not landed" (exit 1).
func TestAltchainDepositOutcome(t *testing.T) {
	sb := cliSandbox(t)
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := sb.SetFaults(altchaintest.Faults{SendAnswer: altchaintest.AnswerHTTP502, SendAnswers: 50}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
	var dr appdeposit.Receipt
	firstJSON(t, out, &dr)
	if code != exitOK || dr.Signature == "" || len(sb.Deposits()) != 1 || sb.USDC(user) != 40_000_000 {
		t.Fatalf("a landed deposit answered 502: exit %d %+v deposits %d\n%s", code, dr, len(sb.Deposits()), errOut)
	}

	if err := sb.SetFaults(altchaintest.Faults{SendAnswer: altchaintest.AnswerDrop, SendAnswers: 1, StatusAnswer: altchaintest.AnswerHang}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms",
		"--timeout", "3s", "--rpc-timeout", "300ms", "--json")
	var ev struct {
		Error, Outcome, Signature string
		ExitCode                  int
	}
	firstJSON(t, out, &ev)
	if code != exitUnknown || ev.ExitCode != exitUnknown || ev.Outcome != app.OutcomeUnknown || ev.Signature == "" ||
		!strings.Contains(errOut, "purse altchain status "+ev.Signature+" --last-valid-block-height ") {
		t.Fatalf("status never answering: exit %d %+v\n%s", code, ev, errOut)
	}
	if len(sb.Deposits()) != 2 {
		t.Fatalf("the second deposit did not land: %d", len(sb.Deposits()))
	}
	if err := sb.SetFaults(altchaintest.Faults{}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = purse(t, "", "altchain", "status", ev.Signature, "--json")
	var st appdeposit.Status
	firstJSON(t, out, &st)
	if code != exitOK || st.Outcome != app.OutcomeLanded || st.Signature != ev.Signature {
		t.Fatalf("status of the landed deposit: exit %d %+v %s", code, st, errOut)
	}
	// A signature the cluster never saw: unknown without the height, not landed past it.
	never := solana.Signature{9, 9, 9}.String()
	if _, e, c := purse(t, "", "altchain", "status", never); c != exitUnknown || !strings.Contains(e, "--last-valid-block-height") {
		t.Fatalf("never seen, no height: %d %s", c, e)
	}
	if o, e, c := purse(t, "", "altchain", "status", never, "--last-valid-block-height", "1"); c != exitFailure || !strings.Contains(o, "not landed") {
		t.Fatalf("never seen, expired: %d %s %s", c, o, e)
	}
	if _, e, c := purse(t, "", "altchain", "status", "nonsense"); c != exitUsage || !strings.Contains(e, "signature") {
		t.Fatalf("bad signature: %d %s", c, e)
	}
}

// TestAltchainDepositLaggingViews (issue 22 §1): `purse altchain deposit` against an RPC whose
// views lag. The recent status cache answering null no longer makes a landed deposit "not
// landed, run it again" (exit 0); statuses and transactions from a node behind make it
// unknown (exit 4) with the signature, lastValidBlockHeight and blockHeight in --json and the
// status command in the message, never the advice to deposit again; `altchain status` stays
// unknown while the views lag and says landed once they catch up. A dropped deposit is not
// landed (exit 1, outcome and lastValidBlockHeight in --json), and a status read that fails is
// unknown (exit 4), never "not landed".
func TestAltchainDepositLaggingViews(t *testing.T) {
	sb := cliSandbox(t)
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sb.Hurry(10, 20*time.Millisecond)) // a blockhash expires in about 300 ms
	deposit := func() (map[string]any, string, int) {
		out, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
		var v map[string]any
		firstJSON(t, out, &v)
		return v, errOut, code
	}
	setFaults := func(f altchaintest.Faults) {
		if err := sb.SetFaults(f); err != nil {
			t.Fatal(err)
		}
	}

	setFaults(altchaintest.Faults{RecentStatusNull: true})
	if v, errOut, code := deposit(); code != exitOK || v["signature"] == "" || len(sb.Deposits()) != 1 {
		t.Fatalf("landed behind a null recent status cache: exit %d %v\n%s", code, v, errOut)
	}

	setFaults(altchaintest.Faults{StatusLag: 1 << 20, TransactionLag: 1 << 20})
	v, errOut, code := deposit()
	sig, _ := v["signature"].(string)
	lv, _ := v["lastValidBlockHeight"].(float64)
	if code != exitUnknown || v["exitCode"] != float64(exitUnknown) || v["outcome"] != app.OutcomeUnknown || sig == "" || lv == 0 || v["blockHeight"] == nil ||
		!strings.Contains(errOut, fmt.Sprintf("purse altchain status %s --last-valid-block-height %d", sig, int64(lv))) ||
		strings.Contains(errOut, "run the deposit again") {
		t.Fatalf("lagging statuses: exit %d %v\n%s", code, v, errOut)
	}
	if deps := sb.Deposits(); len(deps) != 2 || deps[1].Signature != sig {
		t.Fatalf("the deposit %s did not land: %+v", sig, deps)
	}
	status := func() (appdeposit.Status, int) {
		out, _, code := purse(t, "", "altchain", "status", sig, "--last-valid-block-height", fmt.Sprint(int64(lv)), "--json")
		var st appdeposit.Status
		firstJSON(t, out, &st)
		return st, code
	}
	if st, code := status(); code != exitUnknown || st.Outcome != app.OutcomeUnknown {
		t.Fatalf("status while the views lag: exit %d %+v", code, st)
	}
	setFaults(altchaintest.Faults{})
	if st, code := status(); code != exitOK || st.Outcome != app.OutcomeLanded {
		t.Fatalf("status once the views caught up: exit %d %+v", code, st)
	}

	setFaults(altchaintest.Faults{DropSends: 1 << 20, RecentStatusNull: true})
	v, errOut, code = deposit()
	if code != exitFailure || v["outcome"] != app.OutcomeNotLanded || v["lastValidBlockHeight"] == nil || !strings.Contains(errOut, "run the deposit again") {
		t.Fatalf("dropped: exit %d %v\n%s", code, v, errOut)
	}
	if len(sb.Deposits()) != 2 || sb.USDC(user) != 30_000_000 {
		t.Fatalf("a dropped deposit moved USDC: %d deposits, USDC %d", len(sb.Deposits()), sb.USDC(user))
	}

	// A signature the cluster never saw, long expired: with the status read failing, nothing
	// proves that it did not land.
	setFaults(altchaintest.Faults{StatusAnswer: altchaintest.AnswerHTTP502})
	never := solana.Signature{9, 9, 9}.String()
	if out, errOut, code := purse(t, "", "altchain", "status", never, "--last-valid-block-height", "1"); code != exitUnknown || !strings.Contains(out, "HTTP 502") {
		t.Fatalf("status with a failing RPC: exit %d %s %s", code, out, errOut)
	}
}

// TestAltchainLayerZeroThroughTheCLI: the real-shaped LayerZero deposit through the CLI —
// inspect names the account it cannot judge offline (B31, exit 0), the deposit resolves it
// and lands; each malicious variant exits 3 naming B31 with nothing signed; a dstEid pin
// that is not the quote's refuses it (F32); --json carries the findings and the runtime's
// compute budget.
func TestAltchainLayerZeroThroughTheCLI(t *testing.T) {
	sb := cliSandbox(t)
	user := solUser(t).PublicKey()
	if _, err := sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := sb.SetQuoteProgram(altchaintest.QuoteLayerZeroProgram); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := purse(t, "", "profile", "set", "altchain_pins.sandbox.program_id="+altchaintest.LayerZeroProgramID.String()); code != exitOK {
		t.Fatalf("pin: %s", errOut)
	}
	qf := filepath.Join(t.TempDir(), "q.json")
	if _, errOut, code := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR", "--out", qf); code != exitOK {
		t.Fatalf("quote: %s", errOut)
	}
	out, errOut, code := purse(t, "", "altchain", "inspect", qf, "--user", user.String(), "--json")
	var v altchain.ReportView
	firstJSON(t, out, &v)
	b31 := 0
	for _, f := range v.Findings {
		if f.Rule == "B31" && f.Severity == "warn" && strings.Contains(f.Message, altchaintest.Treasury.String()) {
			b31++
		}
	}
	if code != exitOK || b31 != 1 || v.ComputeUnitLimit != 400_000 {
		t.Fatalf("inspect: exit %d, %d B31 warnings naming the treasury, %+v %s", code, b31, v, errOut)
	}
	before := solanaSignatures(t)
	for _, kind := range []string{altchaintest.MaliciousSwapNonce, altchaintest.MaliciousUserTokenAccount, altchaintest.MaliciousUserOwnedAccount} {
		if err := sb.MaliciousNextQuote(kind); err != nil {
			t.Fatal(err)
		}
		if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms"); code != exitRejected ||
			!strings.Contains(errOut, "B31") || !strings.Contains(errOut, "nothing was signed") {
			t.Fatalf("%s: exit %d %s", kind, code, errOut)
		}
	}
	if solanaSignatures(t) != before || sb.USDC(user) != 50_000_000 {
		t.Fatal("a malicious LayerZero deposit was signed or moved USDC")
	}
	if _, errOut, code := purse(t, "", "profile", "set", "altchain_pins.sandbox.dst_eid=30181"); code != exitOK {
		t.Fatalf("pin eid: %s", errOut)
	}
	if _, errOut, code := purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms"); code != exitRejected || !strings.Contains(errOut, "F32") {
		t.Fatalf("another dstEid pinned: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "", "profile", "set", "altchain_pins.sandbox.dst_eid="); code != exitOK {
		t.Fatalf("unpin eid: %s", errOut)
	}
	out, errOut, code = purse(t, "", "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "10ms", "--json")
	var res appdeposit.Receipt
	firstJSON(t, out, &res)
	if code != exitOK || res.Signature == "" || sb.USDC(user) != 40_000_000 {
		t.Fatalf("deposit: exit %d %+v %s", code, res, errOut)
	}
}
