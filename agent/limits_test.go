package agent

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/wallet"
)

// Limits of a profile's and a key's section add to the global ones and apply only there; the
// strictest decides; a bad amount, purpose or a cap below its limit is an error naming the
// line.
func TestPolicyLimits(t *testing.T) {
	raw := "[purposes]\npermit = \"allow\"\n" +
		"[limits.permit]\nEUR24 = \"100.00\"\n" +
		"[profiles.live.caps.permit]\nEUR24 = \"120\"\n" +
		"[keys.hot.limits.deposit]\nUSDC = \"5\"\n"
	p, err := ParsePolicy([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	base := Decision{Allow, `purposes.permit = "allow"`}
	spend := func(profile, key, amount, today string) Spend {
		return Spend{Purpose: wallet.PurposePermit, Profile: profile, Key: key,
			Moves: Moves{Known: true, Asset: "EUR24", Amount: decimal.RequireFromString(amount)}, Today: decimal.RequireFromString(today)}
	}
	for _, c := range []struct {
		name string
		s    Spend
		want Outcome
		line string
	}{
		{"within", spend("t", "me", "99.99", "0"), Allow, "within limits.permit.EUR24"},
		{"at the limit", spend("t", "me", "60", "40"), Allow, "within"},
		{"over the limit by a cent with today's", spend("t", "me", "60", "40.01"), Confirm, `limits.permit.EUR24 = "100"`},
		{"the live profile's cap", spend("live", "me", "121", "0"), Deny, `profiles.live.caps.permit.EUR24 = "120"`},
		{"another profile has no cap", spend("t", "me", "121", "0"), Confirm, "over the limit"},
		{"unknown asset", Spend{Purpose: wallet.PurposePermit, Profile: "t", Key: "me", Moves: Moves{Why: "because"}}, Confirm, "because"},
		{"an asset no limit names", Spend{Purpose: wallet.PurposePermit, Profile: "t", Key: "me", Moves: Moves{Known: true, Asset: "CHF24", Amount: decimal.NewFromInt(1e6)}}, Allow, "no limit names CHF24"},
	} {
		d, _ := p.ApplyLimits(base, c.s)
		if d.Outcome != c.want || !strings.Contains(d.Line, c.line) {
			t.Errorf("%s: %s %q", c.name, d.Outcome, d.Line)
		}
	}
	if !p.HasLimits(wallet.PurposeSolanaTx, "t", "hot") || p.HasLimits(wallet.PurposeSolanaTx, "t", "cold") {
		t.Error("a key's limit applies to that key only")
	}
	if d, _ := p.ApplyLimits(Decision{Deny, "x"}, spend("t", "me", "1", "0")); d.Outcome != Deny {
		t.Error("a limit loosened a deny")
	}
	for _, bad := range []struct{ raw, want string }{
		{"[limits.permit]\nEUR24 = \"1e3\"\n", `limits.permit.EUR24 = "1e3" (line 2): expected an amount`},
		{"[limits.permit]\nEUR24 = \"-1\"\n", "expected an amount"},
		{"[limits.personal]\nX = \"1\"\n", "not a purpose that moves money"},
		{"[limits.permit]\nEUR24 = \"100\"\n[caps.permit]\nEUR24 = \"50\"\n", "is below limits.permit.EUR24"},
		{"[limits.permit]\nEUR24 = 100\n", "limits.permit.EUR24"},
	} {
		if _, err := ParsePolicy([]byte(bad.raw)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v", bad.raw, err)
		}
	}
}
