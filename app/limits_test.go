package app

import (
	"context"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
	"purse/sandboxctl"
	"purse/wallet"
)

// restart is a new signer of e's home: a new process, or a new agent (the old one stopped,
// every key wiped), so whatever the gate remembers in memory is gone.
func (e *gateEnv) restart(t *testing.T) {
	t.Helper()
	var err error
	if e.inAgent {
		if err := e.app.Agent().Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		// The stopped agent removes its socket as it ends: the new one starts after that.
		if ended, ok := agentsEnded.Load(e.home); ok {
			select {
			case <-ended.(chan struct{}):
			case <-time.After(5 * time.Second):
				t.Fatal("the stopped agent did not end within 5 s")
			}
		}
		serveAgent(t, e.home, askedDisplay{e.asked})
		e.app, err = Open(Options{Home: e.home, Client: "limits test"})
	} else {
		e.app, err = Open(Options{Home: e.home, Approver: e.asked})
	}
	if err != nil {
		t.Fatal(err)
	}
}

func (e *gateEnv) lastAudit(t *testing.T) keystore.AuditRecord {
	t.Helper()
	recs := testhome.AuditRecords(t, e.home)
	if len(recs) == 0 {
		t.Fatal("audit: no records")
	}
	return recs[len(recs)-1]
}

// sandboxProfile starts the whole sandbox (end-user API with its chain configuration, EVM)
// and completes a bothWays profile with it.
func sandboxProfile(t *testing.T) (*sandbox.Sandbox, func(*config.Profile)) {
	t.Helper()
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	sp := sb.Info().Profile("sb")
	return sb, func(p *config.Profile) {
		name, key := p.Name, p.EVMKey
		*p = *sp
		p.Name, p.EVMKey = name, key
	}
}

// Amount limits: a permit within the limit goes the policy's line (allow: unasked); the day's
// total, summed from the audit log, survives a restart of the signer; over the limit it is
// confirmed and the review names the limit; over the cap it is refused unasked; a permit
// whose token is not identified is confirmed, never allowed. In the process and through the
// agent.
// eur24Permit prepares, on the sandbox's chain, a permit of units (cents) of EUR24 from owner
// to the card spender, valid for an hour.
func eur24Permit(t *testing.T, sb *sandbox.Sandbox, owner common.Address, units int64) wallet.Permit {
	t.Helper()
	tok, _ := sb.Chain.Token("EUR24")
	pm, err := sb.Chain.Reader().PreparePermit(context.Background(), tok.Address, owner, sb.Chain.Contracts().CardSpender, big.NewInt(units), big.NewInt(time.Now().Add(time.Hour).Unix()))
	if err != nil {
		t.Fatal(err)
	}
	return pm
}

func TestGatePermitAmountLimits(t *testing.T) {
	sb, prof := sandboxProfile(t)
	tok, _ := sb.Chain.Token("EUR24")
	spender := sb.Chain.Contracts().CardSpender
	policy := "[purposes]\npermit = \"allow\"\n[limits.permit]\nEUR24 = \"100.00\"\n[caps.permit]\nEUR24 = \"150\"\n"
	bothWays(t, policy, prof, func(t *testing.T, e *gateEnv) {
		permit := func(t *testing.T, units int64) wallet.Permit { return eur24Permit(t, sb, e.signer(t).Address(), units) }
		if _, err := wallet.SignPermit(e.signer(t), permit(t, 6000)); err != nil || e.asked.count() != 0 {
			t.Fatalf("60.00 EUR24 within the limit: %v (asked %d)", err, e.asked.count())
		}
		if rec := e.lastAudit(t); rec.Asset != "EUR24" || rec.Amount != "60" {
			t.Fatalf("the audit record says it moved %q %q", rec.Amount, rec.Asset)
		}
		// Issue 29: the record says what was signed in words, token, value and spender.
		if rec, want := e.lastAudit(t), "permit: 60.00 EUR24 to spender "+spender.Hex()+", token "+tok.Address.Hex(); !strings.HasPrefix(rec.Summary, want) {
			t.Fatalf("the audit record's summary is %q, want it to start %q", rec.Summary, want)
		}
		if _, err := wallet.SignPermit(e.signer(t), permit(t, 3000)); err != nil || e.asked.count() != 0 {
			t.Fatalf("30.00 more, 90.00 today: %v (asked %d)", err, e.asked.count())
		}
		e.restart(t)
		// 20.00 alone is within the limit; with the 90.00 of today, read from the log after the
		// restart, it is over it.
		_, err := wallet.SignPermit(e.signer(t), permit(t, 2000))
		if !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 {
			t.Fatalf("20.00 more, 110.00 today: %v (asked %d)", err, e.asked.count())
		}
		ap := e.asked.last()
		want := `limits.permit.EUR24 = "100"`
		if !strings.Contains(ap.Line, want) || !strings.Contains(ap.Line, "20 EUR24 now and 90 signed today (UTC) make 110") {
			t.Fatalf("the line does not name the limit that decided: %q", ap.Line)
		}
		if txt := reviewText(ap.Review); !strings.Contains(txt, want) {
			t.Fatalf("the review does not name the limit:\n%s", txt)
		}
		_, err = wallet.SignPermit(e.signer(t), permit(t, 7000))
		if !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 || !strings.Contains(err.Error(), `caps.permit.EUR24 = "150"`) {
			t.Fatalf("160.00 today, over the cap: %v (asked %d)", err, e.asked.count())
		}
		e.asked.set(func(Approval) error { return nil })
		if _, err := wallet.SignPermit(e.signer(t), permit(t, 2000)); err != nil || e.asked.count() != 2 {
			t.Fatalf("over the limit, approved: %v (asked %d)", err, e.asked.count())
		}
		// A permit of a token the profile does not know (here: of another chain, whose token is
		// read nowhere) is confirmed, and the line says why.
		e.asked.set(nil)
		other := permit(t, 1)
		other.Domain.ChainID = big.NewInt(1)
		_, err = wallet.SignPermit(e.signer(t), other)
		if !errors.Is(err, agent.ErrDenied) || e.asked.count() != 3 || !strings.Contains(e.asked.last().Line, "confirmed, never allowed: the policy limits permit amounts") {
			t.Fatalf("an unidentified token: %v (asked %d) %q", err, e.asked.count(), e.asked.last().Line)
		}
	})
}

// A deposit's USDC is held against the deposit limits: within them the policy's line signs
// unasked (and the audit record says the USDC it moved); over the limit with the day's
// total it is asked; over the cap it is refused before anything is signed (no audit record).
// In the process and through the agent.
func TestGateDepositAmountLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	for _, inAgent := range []bool{false, true} {
		name := "in the process"
		if inAgent {
			name = "through the agent"
		}
		t.Run(name, func(t *testing.T) {
			sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { sb.Close() })
			home, err := os.MkdirTemp("", "pl")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(home) })
			ks := fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "sol": keystore.KindSolana})
			me, _ := ks.Get("me")
			sol, _ := ks.Get("sol")
			user := solana.MustPublicKeyFromBase58(sol.Address)
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
			p.EVMKey, p.PartnerKey, p.SolanaKey = "me", "me", "sol"
			useProfile(t, home, p)
			policy := "[purposes]\nsolana-tx = \"allow\"\n[limits.deposit]\nUSDC = \"10\"\n[caps.deposit]\nUSDC = \"20\"\n"
			if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
				t.Fatal(err)
			}
			a := &asked{}
			var s *App
			if inAgent {
				serveAgent(t, home, askedDisplay{a})
				s, err = Open(Options{Home: home, Client: "deposit limits test"})
			} else {
				t.Setenv(EnvNoAgent, "1")
				s, err = Open(Options{Home: home, Approver: a})
			}
			if err != nil {
				t.Fatal(err)
			}
			u := &Unlock{Passphrase: []byte("pw")}
			plan, err := s.Account().CheckMint(ctx, tokenID, sandboxctl.Captcha(time.Now()), "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Account().Mint(ctx, plan); err != nil {
				t.Fatal(err)
			}
			if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
				t.Fatal(err)
			}
			deposit := func(units uint64) error {
				_, err := s.Deposit().Run(ctx, DepositRun{Input: QuoteInput{Amount: units, Currency: "EUR"}, Poll: 10 * time.Millisecond}, u)
				return err
			}
			e := &gateEnv{home: home}
			if err := deposit(6_000_000); err != nil || a.count() != 0 {
				t.Fatalf("6 USDC within the limit: %v (asked %d)", err, a.count())
			}
			// The quote's partner signature comes first; the deposit's is the last record.
			if rec := e.lastAudit(t); rec.Purpose != string(wallet.PurposeSolanaTx) || rec.Asset != "USDC" || rec.Amount != "6" {
				t.Fatalf("the audit record: %+v", rec)
			}
			if rec := e.lastAudit(t); !strings.HasPrefix(rec.Summary, "Solana deposit: 6.000000 USDC into ") {
				t.Fatalf("the audit record's summary: %q", rec.Summary)
			}
			if err := deposit(5_000_000); !errors.Is(err, agent.ErrDenied) || a.count() != 1 || !strings.Contains(a.last().Line, `limits.deposit.USDC = "10"`) {
				t.Fatalf("5 more, 11 today: %v (asked %d)", err, a.count())
			}
			solanaRecords := func() int {
				ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile})
				if err != nil {
					t.Fatal(err)
				}
				recs, err := ks.ListAudit()
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for _, r := range recs {
					if r.Purpose == string(wallet.PurposeSolanaTx) {
						n++
					}
				}
				return n
			}
			before := solanaRecords()
			if err := deposit(15_000_000); !errors.Is(err, agent.ErrDenied) || a.count() != 1 || !strings.Contains(err.Error(), `caps.deposit.USDC = "20"`) {
				t.Fatalf("15 more, 21 today: %v (asked %d)", err, a.count())
			}
			if solanaRecords() != before {
				t.Fatal("a capped deposit was signed (audited)")
			}
		})
	}
}
