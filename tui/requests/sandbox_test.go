package requests

import (
	"context"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/tui/kit"
	"purse/tui/svc"
)

const testPass = "correct horse"

// sandboxServices starts the in-process sandbox and returns the TUI's services for a
// profile pointing at it, with a file-backend EVM key (light scrypt) and a minted account.
func sandboxServices(t *testing.T) (*svc.Services, *svc.Unlock) {
	t.Helper()
	ctx := context.Background()
	home := t.TempDir()
	t.Setenv("PURSE_KEYSTORE", "file")
	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(string, bool) ([]byte, error) { return []byte(testPass), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.New("alice", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	sv, err := svc.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	info := sb.Info()
	if _, err := sv.UpdateProfile(func(p *config.Profile) error {
		for k, v := range map[string]string{"user_api": info.UserAPI, "network": info.Network, "evm_key": "alice"} {
			if err := p.Set(k, v); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	unlock := func() *svc.Unlock { return &svc.Unlock{Passphrase: []byte(testPass)} }
	signer, err := sv.EVMSigner(unlock())
	if err != nil {
		t.Fatal(err)
	}
	api, err := sv.API(true, unlock())
	if err != nil {
		t.Fatal(err)
	}
	tokenID := enduser.NewMintTokenID(nil)
	mc, err := api.WithTokenID(tokenID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mc.Mint(ctx, enduser.MintRequest{Address: signer.Address().Hex(), LotNumber: "sandbox", CaptchaOutput: "sandbox-pass",
		PassToken: "sandbox", GenTime: strconv.FormatInt(time.Now().Unix(), 10)}); err != nil {
		t.Fatal(err)
	}
	if _, err := sv.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
		t.Fatal(err)
	}
	return sv, unlock()
}

// TestRequestsOfRealCalls: calls made through the services' client appear on the screen
// (those before Init from the snapshot, later ones through the subscription), the detail
// shows the sign header shortened as the log keeps it, and the curl copy carries it whole.
func TestRequestsOfRealCalls(t *testing.T) {
	sv, unlock := sandboxServices(t)
	ctx := context.Background()
	signed, err := sv.API(true, unlock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := signed.AccountStatus(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := signed.Transactions(ctx, enduser.TxFilter{PageSize: 5, Direction: enduser.DirectionIn}); err != nil {
		t.Fatal(err)
	}
	before := sv.Log.Len()

	env := kit.NewEnv(ctx, kit.Session{Profile: "sandbox"}, sv.Home(), nil, lipgloss.NewRenderer(io.Discard))
	env.Svc = sv
	s := newScreen(env)
	s.SetSize(100, 30)
	t.Cleanup(s.Close)
	_, wait := s.Update(s.Init()())
	if len(s.entries) != before || before < 3 {
		t.Fatalf("screen has %d calls, the log %d", len(s.entries), before)
	}
	if s.entries[0].Route != enduser.RouteTransactions {
		t.Fatalf("newest first: %s", s.entries[0].Route)
	}

	// A call made while the screen waits arrives through the subscription.
	got := make(chan tea.Msg, 1)
	go func() { got <- wait() }()
	if _, err := signed.EmailStatus(ctx, "someone@example.com"); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		s.Update(m)
	case <-time.After(10 * time.Second):
		t.Fatal("the new call did not reach the screen")
	}
	if len(s.entries) != before+1 || s.entries[0].Route != "email-status" {
		t.Fatalf("after a new call: %d entries, newest %s", len(s.entries), s.entries[0].Route)
	}
	v := s.View()
	for _, want := range []string{"/api/v2/transactions", "POST", "200"} {
		if !strings.Contains(v, want) {
			t.Errorf("list lacks %q:\n%s", want, v)
		}
	}

	// The signed transactions call: status, retCode, headers, bodies, curl.
	s.Update(keyOf(tea.KeyDown))
	s.Update(keyOf(tea.KeyEnter))
	e := s.sel
	if e.Route != enduser.RouteTransactions || e.Status != 200 || e.RetCode == nil || *e.RetCode != 0 {
		t.Fatalf("selected %s %d %v", e.Route, e.Status, e.RetCode)
	}
	c := s.content()
	// Long lines wrap at the width with a continuation mark; a word may be cut anywhere.
	joined := strings.ReplaceAll(c, "\n"+s.env.Styles.Marks.Wrap+" ", "")
	short := regexp.MustCompile(`sign: 0x[0-9a-f]{4}…[0-9a-f]{4}`)
	if !short.MatchString(c) || !strings.Contains(joined, `"direction":"IN"`) || !strings.Contains(joined, "hasNextPage") || !strings.Contains(c, "retCode 0") {
		t.Fatalf("detail:\n%s", c)
	}
	_, cmd := s.Update(runes("c"))
	m := cmd().(kit.CopyMsg)
	full := regexp.MustCompile(`-H 'sign: 0x[0-9a-f]{130}'`)
	if !strings.HasPrefix(m.Value, "curl -sS -X 'POST' '"+sv.Profile().UserAPI+"/api/v2/transactions'") || !full.MatchString(m.Value) {
		t.Fatalf("curl: %s", m.Value)
	}
	if !strings.Contains(joined, "--data-binary '"+e.RequestBody+"'") {
		t.Fatalf("the detail must show the curl command with its body:\n%s", c)
	}
}
