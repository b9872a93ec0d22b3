package deposit

import (
	"crypto/sha256"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
	"github.com/gagliardetto/solana-go/programs/system"
	"github.com/shopspring/decimal"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	appdeposit "purse/app/deposit"
	"purse/config"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/wallet"
)

var testSession = kit.Session{Profile: "sandbox", EVMKey: "dev", SolanaKey: "sol", AccountID: "42", Network: "31337"}

// newEnv returns a test Env (views read through tuitest.Plain); Svc is nil (offline model tests).
func newEnv(t testing.TB) *kit.Env {
	t.Helper()
	return tuitest.Env(t, testSession, tuitest.FakeHome)
}

func runes(s string) tea.KeyPressMsg                     { return tuitest.Runes(s) }
func keyOf(code rune, mod ...tea.KeyMod) tea.KeyPressMsg { return tuitest.Key(code, mod...) }

// typeText sends each character of s as its own key press.
func typeText(s *Screen, text string) {
	for _, r := range text {
		s.Update(runes(string(r)))
	}
}

// testUser is a fixed Solana key for offline tests.
func testUser(t testing.TB) *wallet.SolanaKey {
	t.Helper()
	seed := sha256.Sum256([]byte("tui deposit user"))
	k, err := wallet.NewSolanaKeyFromSeed(seed[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func dec(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }

// sandboxQuote is a valid sandbox quote for user with its transaction built offline.
func sandboxQuote(t testing.TB, user solana.PublicKey) *altchain.Quote {
	t.Helper()
	q := &altchain.Quote{
		Network: altchain.SandboxGenesisHash[:8], ProgramID: altchain.DefaultSandboxProgramID, OApp: altchaintest.OApp,
		EndpointProgramID: altchaintest.EndpointProgramID, DstEid: altchaintest.DstEid, USDCMint: altchain.SandboxUSDCMint,
		DepositUSDCAccount: altchain.SandboxDepositAccount, FeeReceiver: altchain.SandboxFeeReceiver,
		EVMOutputToken: altchaintest.EVMOutputToken, NativeFeeLamports: 1_500_000, NativeFeeLamportsWithBuffer: 1_800_000,
		Rules:                altchain.QuoteRules{OnlyUSDC: true, SwapDataMustBeEmpty: true, JupiterRemainingAccountsLenMustBeZero: true, UserMustHaveUSDCAta: true, FeePayerMustBeUser: true},
		LastValidBlockHeight: 1150,
		OutputAmount:         dec("11.37"), OutputAmountBeforeFee: dec("11.50"), ExchangeRate: dec("0.92"),
		ProcessingFee: dec("0.03"), NetworkFee: dec("0.10"), TotalFee: dec("0.13"),
	}
	if err := q.SetRequested("12500000", ""); err != nil {
		t.Fatal(err)
	}
	raw, err := altchain.BuildDeposit(q, user, testBlockhash, 400_000, 1000, altchaintest.Options())
	if err != nil {
		t.Fatal(err)
	}
	q.Transaction = raw
	return q
}

var testBlockhash = solana.Hash(sha256.Sum256([]byte("tui deposit blockhash")))

// maliciousQuote is the valid quote with an extra System transfer to an attacker.
func maliciousQuote(t testing.TB, user solana.PublicKey) *altchain.Quote {
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
	}, testBlockhash, solana.TransactionPayer(user))
	if err != nil {
		t.Fatal(err)
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	if q.Transaction, err = tx.MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	return q
}

// offlineQuote wraps q as the quote step's result, with the sandbox profile.
func offlineQuote(q *altchain.Quote, user solana.PublicKey) *appdeposit.Quote {
	p := *config.SandboxProfile(config.DefaultSandboxAddr)
	p.SolanaKey = "sol"
	return &appdeposit.Quote{Setup: &appdeposit.Setup{Profile: p, User: user, Opts: altchaintest.Options()}, Quote: q, Source: "partner API " + p.PartnerAPI}
}

// harness is a small stand-in for the router: it runs commands off the test goroutine,
// keeps a dialog stack, drops stale task replies, and delivers every message on the test
// goroutine, so the screen's state can be read between messages.
type harness struct {
	t        *testing.T
	env      *kit.Env
	s        *Screen
	w, h     int
	dialogs  []kit.Dialog
	msgs     chan tea.Msg
	done     chan struct{}
	statuses []string
	copied   []kit.CopyMsg
	// footer holds the task errors the router would show in the footer.
	footer []error
}

func newHarness(t *testing.T, env *kit.Env, s *Screen) *harness {
	h := &harness{t: t, env: env, s: s, w: 120, h: 40, msgs: make(chan tea.Msg, 1024), done: make(chan struct{})}
	t.Cleanup(func() { close(h.done) })
	s.SetSize(h.w, h.h)
	h.exec(s.Init())
	return h
}

func (h *harness) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				h.exec(c)
			}
			return
		}
		if msg == nil {
			return
		}
		select {
		case h.msgs <- msg:
		case <-h.done:
		}
	}()
}

func (h *harness) top() kit.Dialog {
	if n := len(h.dialogs); n > 0 {
		return h.dialogs[n-1]
	}
	return nil
}

func (h *harness) popClosed() {
	for n := len(h.dialogs); n > 0 && h.dialogs[n-1].Closed(); n = len(h.dialogs) {
		h.dialogs = h.dialogs[:n-1]
	}
}

// handle delivers one message as the router would.
func (h *harness) handle(msg tea.Msg) {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		if d := h.top(); d != nil {
			d, cmd := d.Update(m)
			h.dialogs[len(h.dialogs)-1] = d
			h.popClosed()
			h.exec(cmd)
			return
		}
		_, cmd := h.s.Update(m)
		h.exec(cmd)
		return
	case kit.PushDialogMsg:
		m.Dialog.SetSize(h.w, h.h)
		h.dialogs = append(h.dialogs, m.Dialog)
		return
	case kit.StatusMsg:
		h.statuses = append(h.statuses, m.Text)
		return
	case kit.CopyMsg:
		h.copied = append(h.copied, m)
		return
	case kit.TaskReply:
		if !h.env.Tasks.Finish(m.Ref()) {
			return
		}
		if err := m.Ref().Err; err != nil {
			h.footer = append(h.footer, err)
		}
	}
	if d := h.top(); d != nil {
		d, cmd := d.Update(msg)
		h.dialogs[len(h.dialogs)-1] = d
		h.popClosed()
		h.exec(cmd)
	}
	_, cmd := h.s.Update(msg)
	h.exec(cmd)
}

// key presses keys one after the other, handling what each produces at once.
func (h *harness) key(ks ...tea.KeyPressMsg) {
	for _, k := range ks {
		h.handle(k)
	}
}

// until handles messages until cond holds; it fails the test after d.
func (h *harness) until(what string, d time.Duration, cond func() bool) {
	h.t.Helper()
	deadline := time.After(d)
	for !cond() {
		select {
		case msg := <-h.msgs:
			h.handle(msg)
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s; screen:\n%s", what, tuitest.Plain(h.s.View()))
		}
	}
}

// failAt is the error the application layer returns for a failure of step.
func failAt(step string, err error) error { return &app.StepError{Step: step, Err: err} }
