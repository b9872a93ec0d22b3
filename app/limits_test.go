package app

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
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
