package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// grantingDisplay approves every request and, when one is offered, a session of 10 minutes;
// it counts what it was asked and whether a session was offered.
type grantingDisplay struct {
	mu      sync.Mutex
	asked   int
	offered []bool
}

func (d *grantingDisplay) String() string { return "the test's session display" }
func (d *grantingDisplay) Confirm(ctx context.Context, c agent.Confirmation) error {
	_, err := d.ConfirmSession(ctx, c)
	return err
}
func (d *grantingDisplay) ConfirmSession(_ context.Context, c agent.Confirmation) (*agent.SessionAnswer, error) {
	var rv review.Request
	if err := json.Unmarshal(c.Review, &rv); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.asked++
	d.offered = append(d.offered, c.Session)
	if !c.Session {
		return nil, nil
	}
	return &agent.SessionAnswer{For: 10 * time.Minute}, nil
}

func (d *grantingDisplay) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.asked
}

// A session approved on the agent's display lets the same client's next request of the same
// purpose through unasked; `agent status` lists it; a lock (ctrl+l in the TUI, `purse agent
// lock`) ends it, and the next request is asked again. A request of another purpose is asked.
func TestSessionApprovalOnTheDisplay(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"})
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\npersonal = \"confirm\"\nform-a = \"confirm\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d := &grantingDisplay{}
	serveAgent(t, home, d)
	a, err := Open(Options{Home: home, Client: "session test"})
	if err != nil {
		t.Fatal(err)
	}
	signer := func() wallet.EVMSigner {
		s, err := a.evmSigner(&Unlock{Passphrase: []byte("pw")})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if _, err := wallet.SignPersonal(signer(), []byte("one")); err != nil || d.count() != 1 || !d.offered[0] {
		t.Fatalf("first: %v (asked %d, offered %v)", err, d.count(), d.offered)
	}
	if _, err := wallet.SignPersonal(signer(), []byte("two")); err != nil || d.count() != 1 {
		t.Fatalf("second, under the session: %v (asked %d)", err, d.count())
	}
	if _, err := wallet.SignFormA(signer(), "I declare."); err != nil || d.count() != 2 {
		t.Fatalf("another purpose: %v (asked %d)", err, d.count())
	}
	ctx := context.Background()
	st, err := a.Agent().Status(ctx)
	if err != nil || len(st.Sessions) != 2 || st.Sessions[0].Scope != "personal" || st.Sessions[0].PID != os.Getpid() || st.Sessions[0].Start == 0 {
		t.Fatalf("status: %v %+v", err, st.Sessions)
	}
	a.Lock()
	if st, err := a.Agent().Status(ctx); err != nil || len(st.Sessions) != 0 {
		t.Fatalf("after the lock: %v %+v", err, st.Sessions)
	}
	if _, err := wallet.SignPersonal(signer(), []byte("three")); err != nil || d.count() != 3 {
		t.Fatalf("after the lock: %v (asked %d)", err, d.count())
	}
}
