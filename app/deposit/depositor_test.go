package deposit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	"purse/app/review"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/ledger"
	"purse/ledger/ledgertest"
	"purse/sandbox"
	"purse/sandboxctl"
)

// depositor is a Live account on a sandbox of its own whose Solana key (user) holds 1 SOL
// and 50 USDC: the session (signing in the process, or through an agent whose display is a),
// the sandbox and the home.
type depositor struct {
	s    *app.App
	a    *apptest.Approver
	sb   *sandbox.Sandbox
	home string
	u    *app.Unlock
	user solana.PublicKey
}

// newDepositor mints the account on a fresh sandbox under policy (a policy file's text; ""
// keeps the defaults), its keys "me" (EVM, also the partner key) and "sol" (Solana).
func newDepositor(t *testing.T, inAgent bool, policy string) depositor {
	t.Helper()
	return newDepositorWith(t, inAgent, policy, "sol")
}

// newDepositorWith is newDepositor with the Solana key sol: "sol" a stored key, "solhw" the
// key at Phantom's first path of the sandbox's Ledger stand-in (its Solana app open).
func newDepositorWith(t *testing.T, inAgent bool, policy, sol string) depositor {
	t.Helper()
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	// Short: the agent's socket goes in it.
	home, err := os.MkdirTemp("", "pd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "sol": keystore.KindSolana})
	me, _ := ks.Get("me")
	if sol == "solhw" {
		path := ledger.PhantomPath(0)
		k, err := keystore.DeriveSolanaKey([]byte(ledgertest.Seed), nil, path.String())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ks.AddDevice("solhw", keystore.KindSolana, k.PublicKey().String(), keystore.DeviceRef{Transport: sb.Info().Ledger, Path: path.String()}); err != nil {
			t.Fatal(err)
		}
		sb.Ledger.Set(func(s *ledgertest.State) { s.App = ledgertest.Solana })
	}
	solEntry, _ := ks.Get(sol)
	user := solana.MustPublicKeyFromBase58(solEntry.Address)
	sb.Solana.RegisterPartner(common.HexToAddress(me.Address))
	if _, err := sb.Solana.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tokenID, err := sandboxctl.NewControl(sb.Info().UserAPI).IssueTokenID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := sb.Info().Profile("t")
	p.EVMKey, p.PartnerKey, p.SolanaKey = "me", "me", sol
	testhome.UseProfile(t, home, p)
	if policy != "" {
		if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	a := &apptest.Approver{}
	s := apptest.Open(t, home, a, inAgent, "deposit test")
	plan, err := appaccount.New(s).CheckMint(ctx, tokenID, sandboxctl.Captcha(time.Now()), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := appaccount.New(s).Mint(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
		t.Fatal(err)
	}
	return depositor{s: s, a: a, sb: sb, home: home, u: &app.Unlock{Passphrase: []byte("pw")}, user: user}
}

// A Solana deposit signed by a key on a Ledger (the sandbox's stand-in, Solana app open):
// the same quote, checklist, review and approval as a stored key's, then the device, which
// shows the transaction; the deposit lands. Both ways.
func TestDepositWithALedgerKey(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		d := newDepositorWith(t, inAgent, "", "solhw")
		shown := len(d.sb.Ledger.Shown())
		// The device asks last: nothing is on its screen while purse's review is, and the
		// review says the device comes next.
		var text string
		d.a.Answer = func(ap app.Approval) error {
			text = reviewText(ap.Review)
			if n := len(d.sb.Ledger.Shown()); n != shown {
				t.Errorf("the device was asked before the review was answered: %+v", d.sb.Ledger.Shown()[shown:])
			}
			return nil
		}
		res, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 7_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, d.u)
		if err != nil || res.Signature == "" {
			t.Fatalf("deposit: %+v %v", res, err)
		}
		if !strings.Contains(text, "Then on the device") || !strings.Contains(text, "unsigned, for this review") || !strings.Contains(text, "SOL ") {
			t.Errorf("the review does not say the device signs next, after an unsigned simulation:\n%s", text)
		}
		if n := len(d.sb.Solana.Deposits()); n != 1 {
			t.Fatalf("%d deposits landed", n)
		}
		screens := d.sb.Ledger.Shown()[shown:]
		if len(screens) != 1 || screens[0].App != ledgertest.Solana || screens[0].Title != "Review transaction" || screens[0].Lines[1] != "Signer "+d.user.String() {
			t.Fatalf("the device showed %+v", screens)
		}
	})
}

// Declined in purse's review, a deposit signed on a device never reaches the device; refused
// on the device after the review, nothing is sent.
func TestDepositOnALedgerDeclinedOrRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		d := newDepositorWith(t, inAgent, "", "solhw")
		shown := len(d.sb.Ledger.Shown())
		d.a.Answer = func(app.Approval) error { return errors.New("declined") }
		if _, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 7_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, d.u); err == nil {
			t.Fatal("a declined deposit ran")
		}
		if n := len(d.sb.Ledger.Shown()); n != shown {
			t.Fatalf("declined in the review, the device still showed %+v", d.sb.Ledger.Shown()[shown:])
		}
		d.a.Answer = func(app.Approval) error { return nil }
		d.sb.Ledger.Set(func(s *ledgertest.State) { s.Press = ledgertest.Refuse })
		_, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 7_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, d.u)
		if err == nil || !strings.Contains(err.Error(), "refused on the device") {
			t.Fatalf("refused on the device: %v", err)
		}
		if n := len(d.sb.Solana.Deposits()); n != 0 {
			t.Fatalf("%d deposits landed", n)
		}
	})
}

// The gate checks the quote's output token against the chain configuration where the key is
// (F33), both ways: the review of a good deposit on the sandbox warns of nothing, and never
// says "not checked offline" of what it checked.
func TestGateChecksTheOutputTokenOnline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		d := newDepositor(t, inAgent, "")
		var text string
		d.a.Answer = func(ap app.Approval) error { text = reviewText(ap.Review); return nil }
		var steps []string
		progress := func(ev Event) {
			if n := len(steps); ev.Step != "" && (n == 0 || steps[n-1] != ev.Step) {
				steps = append(steps, ev.Step)
			}
		}
		if _, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 7_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond, Progress: progress}, d.u); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, "not checked offline") || strings.Contains(text, "WARNING") {
			t.Fatalf("the review warns of what it checked:\n%s", text)
		}
		// Every step is said in order, the agent's too (it used to jump from sign to send).
		if got := strings.Join(steps, " "); got != "quote decode validate blockhash sign simulate review send confirm" {
			t.Errorf("steps %q", got)
		}
	})
}

// The wallet is read before anything is asked: a deposit of more USDC than the wallet holds
// is refused naming the amount, with no quote asked, nothing signed or sent; one it can pay
// says what arrives on the account.
func TestDepositChecksTheWalletFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		d := newDepositor(t, inAgent, "")
		asked := d.a.Count()
		_, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 51_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, d.u)
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != "amount" || !strings.Contains(err.Error(), "holds 50.000000 USDC") || d.a.Count() != asked || len(d.sb.Solana.Deposits()) != 0 {
			t.Fatalf("more than the wallet holds: %v (asked %d)", err, d.a.Count()-asked)
		}
		d.a.Answer = func(app.Approval) error { return nil }
		rc, err := New(d.s).Run(context.Background(), Run{Input: QuoteInput{Amount: 7_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, d.u)
		if err != nil || !strings.HasSuffix(rc.Receive, " EUR") {
			t.Fatalf("a deposit the wallet pays: %+v %v", rc, err)
		}
	})
}

// reviewText is a review as the terminal shows it.
func reviewText(r review.Request) string {
	var b strings.Builder
	_ = review.Write(&b, r)
	return b.String()
}
