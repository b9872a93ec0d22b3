package deposit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	appdeposit "purse/app/deposit"
	"purse/config"
	"purse/enduser"
	"purse/internal/prompt"
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
func sandboxEnv(t *testing.T) (*harness, *sandbox.Sandbox, *keystore.Store, solana.PublicKey, *gateAnswers) {
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
	// The signing gate asks ga, as it would ask the TUI's dialog (tested in package tui).
	ga := &gateAnswers{}
	services, err := app.Open(app.Options{Home: home, Approver: ga})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t)
	env.Home = home
	s := newScreen(env, Of(services))
	s.poll = 50 * time.Millisecond
	return newHarness(t, env, s), sb, ks, user, ga
}

func routes(m map[string]enduser.Entry) []string {
	var out []string
	for r := range m {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// gateAnswers records the signing gate's questions and answers approve.
type gateAnswers struct {
	mu      sync.Mutex
	asked   []app.Approval
	approve bool
}

func (g *gateAnswers) Approve(_ context.Context, a app.Approval) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.asked = append(g.asked, a)
	if !g.approve {
		return prompt.ErrDeclined
	}
	return nil
}

func (g *gateAnswers) set(approve bool) (asked int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.approve = approve
	return len(g.asked)
}

func (g *gateAnswers) questions() []app.Approval {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]app.Approval(nil), g.asked...)
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

// deposit fills the form with amount and runs the deposit, typing the keys' passphrase when
// asked; it returns once the call ended (done or failed).
func (h *harness) deposit(t *testing.T, amount string) {
	t.Helper()
	h.key(keyOf(tea.KeyEnter))
	for _, r := range amount {
		h.key(runes(string(r)))
	}
	h.key(keyOf('s', tea.ModCtrl))
	h.until("the passphrase or the end", 20*time.Second, func() bool {
		_, ok := h.top().(*dialog.Passphrase)
		return ok || h.s.phase == phaseFailed || h.s.phase == phaseDone || h.s.phase == phaseForm
	})
	if _, ok := h.top().(*dialog.Passphrase); ok {
		h.unlock(t)
	}
	// The end: done, failed, or back at the form (declined in the review).
	h.until("the end of the deposit", 60*time.Second, func() bool {
		return h.s.phase == phaseDone || h.s.phase == phaseFailed || h.s.phase == phaseForm
	})
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
	h, sb, ks, user, ga := sandboxEnv(t)

	// A malicious quote: refused at validation, the findings shown; nothing signed, no one
	// asked.
	if err := sb.Solana.MaliciousNextQuote(altchaintest.MaliciousExtraTransfer); err != nil {
		t.Fatal(err)
	}
	before, _ := auditCount(t, ks)
	asked := ga.set(true)
	h.deposit(t, "12.5")
	v := strings.Join(strings.Fields(tuitest.Plain(h.s.View())), " ")
	for _, want := range []string{"Verdict: REJECTED", "D17", "(blocked)", "ERROR at step validate"} {
		if !strings.Contains(v, want) {
			t.Errorf("the rejected quote's view lacks %q:\n%s", want, tuitest.Plain(h.s.View()))
		}
	}
	if _, sol := auditCount(t, ks); sol != 0 || len(ga.questions()) != asked {
		t.Fatalf("a rejected quote was signed (%d Solana signatures) or asked about", sol)
	}
	if len(sb.Solana.Deposits()) != 0 || sb.Solana.USDC(user) != 100_000_000 {
		t.Fatal("a rejected quote moved funds")
	}
	_ = before

	// A valid deposit declined in the signing review: signed for the simulation, never
	// released or sent.
	h.key(keyOf(tea.KeyEsc)) // back to the form
	h.s.amount.SetValue("")
	asked = ga.set(false)
	h.deposit(t, "12.5")
	q := ga.questions()
	if len(q) != asked+1 || q[asked].Review.Kind != review.KindSolana || !strings.Contains(fmt.Sprint(q[asked].Review.Sections), "12.500000 USDC") {
		t.Fatalf("the gate's question: %+v", q)
	}
	h.until("the decline's status", 5*time.Second, func() bool { return len(h.statuses) > 0 })
	// Back at the form with a status; the task's error is the decline the router shows as
	// a status too (not an ERROR).
	if h.s.phase != phaseForm || h.s.fail != nil || !strings.Contains(h.statuses[len(h.statuses)-1], "not signed (declined)") ||
		len(h.footer) == 0 || !errors.Is(h.footer[len(h.footer)-1], prompt.ErrDeclined) {
		t.Fatalf("declined: not back at the form with one status (%q, footer %v):\n%s", h.statuses, h.footer, tuitest.Plain(h.s.View()))
	}
	if len(sb.Solana.Deposits()) != 0 {
		t.Fatal("a declined deposit was sent")
	}

	// Approved: it lands.
	h.key(keyOf(tea.KeyEsc))
	h.s.amount.SetValue("")
	_, sol0 := auditCount(t, ks)
	ga.set(true)
	h.footer = nil
	h.deposit(t, "12.5")
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
			t.Errorf("step %s is %d, not ok", appdeposit.Steps[i], sp.state)
		}
	}
	if v := tuitest.Plain(h.s.View()); !strings.Contains(v, "Deposited 12.500000 USDC → EUR") {
		t.Fatalf("done view:\n%s", v)
	}
	// Asking for the keys' passphrase is not a failure: the footer showed no error.
	if len(h.footer) != 0 {
		t.Fatalf("the footer showed errors: %v", h.footer)
	}
	// The session's request log (the Requests screen) holds the deposit's calls: the partner
	// quote, its signature shortened, and the Solana RPC's, by method.
	calls := map[string]enduser.Entry{}
	for _, e := range h.s.app.Session.(*app.App).Log.Snapshot() {
		calls[e.Route] = e
	}
	quote, ok := calls["partner /partner/v1/altchain/deposit/quote"]
	if !ok || !strings.Contains(quote.RequestBody, "12500000") || !strings.Contains(quote.ResponseBody, "transaction") || quote.Status != 200 {
		t.Fatalf("the partner quote is not in the request log: %v", routes(calls))
	}
	for _, m := range []string{"solana getLatestBlockhash", "solana simulateTransaction", "solana sendTransaction", "solana getSignatureStatuses"} {
		if _, ok := calls[m]; !ok {
			t.Errorf("%s is not in the request log: %v", m, routes(calls))
		}
	}

	// A quote loaded from a file (the partner envelope a partner app saved): a missing
	// file fails at the quote step; the saved one is validated and reviewed the same way.
	h.key(keyOf(tea.KeyEnter))                                         // new deposit
	h.key(keyOf(tea.KeyEnter), keyOf(tea.KeyDown), keyOf(tea.KeyDown)) // the quote file
	missing := filepath.Join(t.TempDir(), "missing.json")
	for _, r := range missing {
		h.key(runes(string(r)))
	}
	h.key(keyOf(tea.KeyEnter)) // enter on the last field: run
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
	h.s.amount.SetValue("")
	asked = ga.set(false)
	h.deposit(t, "20")
	if h.s.qo == nil || h.s.qo.Quote.USDCAmount != 20_000_000 || !strings.HasPrefix(h.s.qo.Source, "file ") || len(ga.questions()) != asked+1 {
		t.Fatalf("quote file: %+v", h.s.qo)
	}
	if len(sb.Solana.Deposits()) != 1 {
		t.Fatal("a declined review sent something")
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
