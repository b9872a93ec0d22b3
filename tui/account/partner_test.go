package account

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"

	"purse/app/sandbox"
	"purse/config"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/review"
)

// TestPartnerRoutesOnTheSandbox: with a partner key, M mints through the partner API (the
// email form, then the consent's review: enter does nothing, y signs after the passphrase),
// and at IDScan K gets the identity-verification token from the partner route; without a
// partner key neither is offered.
func TestPartnerRoutesOnTheSandbox(t *testing.T) {
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	me, err := ks.New("me", keystore.KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := ks.New("pk", keystore.KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.StartSandbox(t)
	sb.Solana.RegisterPartner(common.HexToAddress(pk.Address))
	info := sb.Info()
	p := info.Profile("demo")
	p.EVMKey = "me"
	tuitest.WriteProfile(t, home, p)
	services := tuitest.Services(t, home)
	env := tuitest.Env(t, kit.Session{Profile: "demo", EVMKey: "me", Network: info.Network}, home)
	d := &driver{t: t, env: env, s: newScreen(env, Of(services), sandbox.New(services))}
	d.s.SetSize(100, 60)
	d.run(d.s.Init())
	if on(d.s, "M") || !on(d.s, "m") {
		t.Fatal("the partner mint is offered without a partner key")
	}

	if _, err := services.UpdateProfile(func(p *config.Profile) error { return p.Set("partner_key", "pk") }); err != nil {
		t.Fatal(err)
	}
	d.keys("r")
	if !on(d.s, "M") {
		t.Fatalf("no partner mint with a partner key: errors %v", d.errs)
	}
	d.keys("M")
	if d.s.mode != modePartnerMint || !d.s.InputFocused() {
		t.Fatal("M did not open the partner mint's form")
	}
	d.keys("not-an-email")
	d.key(tuitest.Key('s', tea.ModCtrl))
	if len(d.dialogs) != 0 || !strings.Contains(d.s.View(), "expected an address like name@example.com") {
		t.Fatalf("a bad email: dialogs %d\n%s", len(d.dialogs), d.s.View())
	}
	for range len("not-an-email") {
		d.key(tuitest.Key(tea.KeyBackspace))
	}
	d.keys("partner@example.com")
	asked := len(tuitest.Asked())
	d.key(tuitest.Key('s', tea.ModCtrl))
	d.unlock("pw")
	// The consent's review is the signing gate's (the TUI's dialog; approved here as y would).
	if q := tuitest.Asked(); len(q) <= asked || q[len(q)-1].Review.Kind != review.KindMintConsent ||
		q[len(q)-1].Review.Sections[1].Block == nil || !strings.HasPrefix(q[len(q)-1].Review.Sections[1].Block.Text, "I agree to access my profile. 0x") {
		t.Fatalf("the consent's review: %+v, errors %v", q, d.errs)
	}
	tokenID := services.Profile().TokenID
	if tokenID == "" || env.Session.AccountID != tokenID || d.s.mode != modeStatus {
		t.Fatalf("partner mint: profile token %q, footer %q, errors %v\n%s", tokenID, env.Session.AccountID, d.errs, d.s.View())
	}
	if st := d.status[len(d.status)-1]; !strings.Contains(st, "Minted account "+tokenID+" for "+me.Address+" through the partner API") {
		t.Fatalf("status %q", st)
	}
	d.expectStep("Tourist", "IDScan")
	if on(d.s, "M") || !on(d.s, "K") {
		t.Fatal("after the mint: the token is offered, the mint no longer")
	}
	d.keys("K")
	if len(d.dialogs) > 0 {
		d.unlock("pw")
	}
	if d.s.kyc.idv == nil || !strings.HasPrefix(d.s.kyc.idv.Token, "_act-sbx-") || !strings.Contains(d.status[len(d.status)-1], "from the partner API") {
		t.Fatalf("partner token: %+v, errors %v", d.s.kyc.idv, d.errs)
	}
	d.keys("c")
	if len(d.copies) != 1 || d.copies[0].Value != d.s.kyc.idv.Token {
		t.Fatalf("copy: %+v", d.copies)
	}
}
