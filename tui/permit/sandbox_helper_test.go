package permit

import (
	"context"
	"testing"

	"purse/app"
	apppermit "purse/app/permit"
	"purse/config"
	"purse/tui/internal/tuitest"
)

// TestCardSpenderFromTheEmbeddedSandbox: the embedded sandbox profile names no contracts,
// so the card role takes the card spender from the loopback sandbox at its user_api (and
// says so); a profile of another name, or one that sets card_spender, never asks.
func TestCardSpenderFromTheEmbeddedSandbox(t *testing.T) {
	sb := tuitest.StartSandbox(t)
	want := sb.Info().CardSpender
	load := func(t *testing.T, p *config.Profile) apppermit.Context {
		t.Helper()
		home := t.TempDir()
		tuitest.WriteProfile(t, home, p)
		c, err := apppermit.New(tuitest.Services(t, home)).Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	// The embedded sandbox profile names the card spender the sandbox deploys.
	c := load(t, config.SandboxProfile(sb.Addr()))
	if c.CardSpender != want {
		t.Fatalf("embedded sandbox profile: card spender %q, want %s", c.CardSpender, want)
	}
	c.OwnerErr = nil // the profile has no EVM key here; the owner does not matter to the spender
	pl, err := apppermit.Check(c, apppermit.Form{Token: 0, Amount: "1", Role: app.RoleCard})
	if err != nil || pl.Spender.Hex() != want {
		t.Fatalf("plan %+v %v", pl, err)
	}
	set := config.SandboxProfile(sb.Addr())
	set.CardSpender = "0x00000000000000000000000000000000000000a1"
	if c := load(t, set); c.CardSpender != set.CardSpender {
		t.Fatalf("the profile's card_spender was replaced: %q", c.CardSpender)
	}
}
