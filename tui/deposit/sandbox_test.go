package deposit

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/review"
	"purse/wallet"
)

const passphrase = "correct horse"

// sandboxEnv starts the composed sandbox, mints an account for the dev key, funds a new
// Solana key with SOL and USDC, registers the dev key as the partner key, and writes the
// sandbox profile with them; keys live in the file backend with a light scrypt cost.
func sandboxEnv(t *testing.T) (*harness, *sandbox.Sandbox, *keystore.Store, solana.PublicKey) {
	t.Helper()
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, passphrase)
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(tuitest.DevKey)); err != nil {
		t.Fatal(err)
	}
	sol, err := ks.New("sol", keystore.KindSolana)
	if err != nil {
		t.Fatal(err)
	}
	user := solana.MustPublicKeyFromBase58(sol.Address)

	ctx := context.Background()
	sb := tuitest.StartSandbox(t)
	info := sb.Info()
	dev, err := wallet.ParseEVMKey(tuitest.DevKey)
	if err != nil {
		t.Fatal(err)
	}
	api, err := enduser.New(enduser.Options{BaseURL: info.UserAPI, Network: info.Network, Signer: dev})
	if err != nil {
		t.Fatal(err)
	}
	tokenID := tuitest.Mint(t, ctx, api, dev)
	if _, err := sb.Solana.Fund(user, 2_000_000_000, 100_000_000); err != nil {
		t.Fatal(err)
	}
	sb.Solana.RegisterPartner(dev.Address())

	p := config.SandboxProfile(sb.Addr())
	p.Network, p.EVMKey, p.SolanaKey, p.PartnerKey, p.TokenID = info.Network, "dev", "sol", "dev", tokenID
	tuitest.WriteProfile(t, home, p)
	services := tuitest.Services(t, home)
	env := newEnv(t)
	env.Home = home
	s := newScreen(env, services)
	s.poll = 50 * time.Millisecond
	return newHarness(t, env, s), sb, ks, user
}

func auditCount(t *testing.T, ks *keystore.Store) (all, solanaTx int) {
	t.Helper()
	recs, err := ks.ListAudit()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Purpose == string(wallet.PurposeSolanaTx) {
			solanaTx++
		}
	}
	return len(recs), solanaTx
}

// quote fills the form with amount and asks for a quote, typing the partner key's
// passphrase when asked; it returns once the review is open.
func (h *harness) quote(t *testing.T, amount string) *review.Model {
	t.Helper()
	h.key(keyOf(tea.KeyEnter))
	for _, r := range amount {
		h.key(runes(string(r)))
	}
	h.key(keyOf('s', tea.ModCtrl))
	if h.s.input.File == "" {
		h.unlock(t) // the partner key signs the request
	}
	h.until("the review", 20*time.Second, func() bool {
		_, ok := h.top().(*review.Model)
		return ok || h.s.phase == phaseFailed
	})
	if h.s.phase == phaseFailed {
		t.Fatalf("quote failed:\n%s", tuitest.Plain(h.s.View()))
	}
	return h.top().(*review.Model)
}

// unlock types the passphrase into the passphrase dialog once it appears.
func (h *harness) unlock(t *testing.T) {
	t.Helper()
	h.until("the passphrase dialog", 20*time.Second, func() bool {
		_, ok := h.top().(*dialog.Passphrase)
		return ok || h.s.phase == phaseFailed
	})
	if h.s.phase == phaseFailed {
		t.Fatalf("failed before the passphrase:\n%s", tuitest.Plain(h.s.View()))
	}
	for _, r := range passphrase {
		h.key(runes(string(r)))
	}
	h.key(keyOf(tea.KeyEnter))
}

func TestSandboxDeposit(t *testing.T) {
	h, sb, ks, user := sandboxEnv(t)

	// A malicious quote: the findings are shown and y signs nothing.
	if err := sb.Solana.MaliciousNextQuote(altchaintest.MaliciousExtraTransfer); err != nil {
		t.Fatal(err)
	}
	rv := h.quote(t, "12.5")
	if len(rv.Request().Blocked) == 0 || h.s.phase != phaseReview || !h.s.report.Rejected() {
		t.Fatalf("the malicious quote was not rejected:\n%s", tuitest.Plain(h.s.View()))
	}
	before, _ := auditCount(t, ks)
	h.key(runes("y"), keyOf(tea.KeyEnter))
	h.drain(200 * time.Millisecond)
	if h.top() != rv || h.s.phase != phaseReview {
		t.Fatal("y or enter closed a blocked review")
	}
	h.key(runes("n"))
	h.drain(100 * time.Millisecond)
	h.key(runes("y"))
	h.drain(200 * time.Millisecond)
	v := strings.Join(strings.Fields(tuitest.Plain(h.s.View())), " ")
	for _, want := range []string{"Verdict: REJECTED", "D17", "(blocked)"} {
		if !strings.Contains(v, want) {
			t.Errorf("the rejected quote's view lacks %q:\n%s", want, tuitest.Plain(h.s.View()))
		}
	}
	if after, sol := auditCount(t, ks); after != before || sol != 0 {
		t.Fatalf("the audit log changed: %d → %d records, %d Solana signatures", before, after, sol)
	}
	if len(sb.Solana.Deposits()) != 0 || sb.Solana.USDC(user) != 100_000_000 {
		t.Fatal("a rejected quote moved funds")
	}

	// A valid deposit: enter in the review never signs, y does; it lands.
	h.key(keyOf(tea.KeyEsc)) // back to the form
	h.key(keyOf(tea.KeyEnter))
	h.s.amount.SetValue("")
	h.key(keyOf(tea.KeyEsc))
	rv = h.quote(t, "12.5")
	if len(rv.Request().Blocked) != 0 {
		t.Fatalf("the valid quote is blocked: %v\n%s", rv.Request().Blocked, tuitest.Plain(h.s.View()))
	}
	_, sol0 := auditCount(t, ks)
	h.key(keyOf(tea.KeyEnter))
	h.drain(200 * time.Millisecond)
	if _, sol := auditCount(t, ks); sol != sol0 || h.s.phase != phaseReview || h.top() != rv {
		t.Fatal("enter signed or closed the review")
	}
	h.key(runes("y"))
	h.unlock(t)
	h.until("the confirmation", 60*time.Second, func() bool { return h.s.phase == phaseDone || h.s.phase == phaseFailed })
	if h.s.phase != phaseDone {
		t.Fatalf("deposit failed:\n%s", tuitest.Plain(h.s.View()))
	}
	if _, sol := auditCount(t, ks); sol != sol0+1 {
		t.Fatalf("Solana signatures %d → %d: expected exactly one", sol0, sol)
	}
	deps := sb.Solana.Deposits()
	if len(deps) != 1 || deps[0].USDC != 12_500_000 || deps[0].Signature != h.s.prepared.Signature.String() || deps[0].User != user {
		t.Fatalf("deposits: %+v", deps)
	}
	for i, sp := range h.s.steps {
		if sp.state != stOK {
			t.Errorf("step %s is %d, not ok", app.DepositSteps[i], sp.state)
		}
	}
	if v := tuitest.Plain(h.s.View()); !strings.Contains(v, "Deposited 12.5 USDC → EUR") {
		t.Fatalf("done view:\n%s", v)
	}
	// Asking for the partner key's and the Solana key's passphrases is not a failure: the
	// footer showed no error while the dialogs asked.
	if len(h.footer) != 0 {
		t.Fatalf("the footer showed errors: %v", h.footer)
	}

	// A quote loaded from a file (the partner envelope a partner app saved): a missing
	// file fails at the quote step; the saved one is validated and reviewed the same way.
	h.key(keyOf(tea.KeyEnter))                                         // new deposit
	h.key(keyOf(tea.KeyEnter), keyOf(tea.KeyDown), keyOf(tea.KeyDown)) // the quote file
	missing := filepath.Join(t.TempDir(), "missing.json")
	for _, r := range missing {
		h.key(runes(string(r)))
	}
	h.key(keyOf(tea.KeyEnter)) // enter on the last field: get quote
	h.until("the missing file", 10*time.Second, func() bool { return h.s.phase == phaseFailed })
	if v := strings.Join(strings.Fields(tuitest.Plain(h.s.View())), " "); !strings.Contains(v, "ERROR at step quote: quote file "+missing+": no such file") {
		t.Fatalf("missing file:\n%s", tuitest.Plain(h.s.View()))
	}
	h.key(keyOf(tea.KeyEsc))
	file := filepath.Join(t.TempDir(), "quote.json")
	if err := os.WriteFile(file, partnerEnvelope(t, h, user), 0o600); err != nil {
		t.Fatal(err)
	}
	h.s.file.SetValue(file)
	rv = h.quote(t, "20")
	if len(rv.Request().Blocked) != 0 || h.s.qo.Quote.USDCAmount != 20_000_000 || !strings.HasPrefix(h.s.qo.Source, "file ") {
		t.Fatalf("quote file: blocked %v, amount %d, source %q", rv.Request().Blocked, h.s.qo.Quote.USDCAmount, h.s.qo.Source)
	}
	h.key(runes("n"))
	h.drain(100 * time.Millisecond)
	if len(sb.Solana.Deposits()) != 1 {
		t.Fatal("a cancelled review sent something")
	}
}

// partnerEnvelope asks the sandbox's partner API for a 20 USDC quote and returns the raw
// answer, as a partner app would save it.
func partnerEnvelope(t *testing.T, h *harness, user solana.PublicKey) []byte {
	t.Helper()
	p := h.s.app.Profile()
	signer, err := wallet.ParseEVMKey(tuitest.DevKey)
	if err != nil {
		t.Fatal(err)
	}
	network, err := altchain.RequestNetwork(p.SolanaCluster)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := strconv.ParseInt(p.TokenID, 10, 64)
	pc := &altchain.PartnerClient{BaseURL: p.PartnerAPI, Signer: signer}
	res, err := pc.Quote(context.Background(), altchain.QuoteRequest{SvcID: id, AltchainAddress: user.String(), USDCAmount: "20000000", OutputCurrency: "EUR", Network: network})
	if err != nil {
		t.Fatal(err)
	}
	return res.Response
}
