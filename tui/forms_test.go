package tui

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	appaccount "purse/app/account"
	appdeposit "purse/app/deposit"
	apphistory "purse/app/history"
	appkeys "purse/app/keys"
	apppermit "purse/app/permit"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/tui/account"
	"purse/tui/deposit"
	"purse/tui/form"
	"purse/tui/home"
	"purse/tui/internal/tuitest"
	"purse/tui/keys"
	"purse/tui/kit"
	"purse/tui/permit"
	"purse/tui/txs"
)

// errOffline ends every fake call: the test only looks at what the form submitted.
var errOffline = errors.New("offline test service")

// Each fake embeds its screen's Service (nil: a call of anything else panics, so a form
// that reached another service would fail the test) and records the one call a submit makes.

type mintFake struct {
	account.Session
	account.AccountService
	checked []string // token ids CheckMint was asked about
}

func (f *mintFake) Profile() config.Profile {
	return config.Profile{Name: "t", Network: "31337", EVMKey: "me", UserAPI: "http://127.0.0.1:1"}
}
func (f *mintFake) ProposeTokenID(context.Context) (appaccount.TokenIDProposal, error) {
	return appaccount.TokenIDProposal{TokenID: "1234567890", Source: "generated", Note: "generated"}, nil
}
func (f *mintFake) CheckMint(_ context.Context, id string, _ enduser.MintRequest, _ string) (appaccount.MintPlan, error) {
	f.checked = append(f.checked, id)
	return appaccount.MintPlan{}, errOffline
}

type historyFake struct{ calls int }

func (f *historyFake) Home() string { return tuitest.FakeHome }
func (f *historyFake) Open(*app.Unlock) (*apphistory.Reader, error) {
	f.calls++
	return nil, errOffline
}

type permitFake struct {
	permit.Service
	plans []apppermit.Plan
}

func (f *permitFake) Load(context.Context) (apppermit.Context, error) {
	return apppermit.Context{
		Owner: common.HexToAddress(tuitest.DevAddress), ChainID: big.NewInt(31337),
		CardSpender: "0x00000000000000000000000000000000000000c1",
		Chain:       enduser.Chain{ChainIdentifier: "eip155:31337", ChainName: "test chain"},
		Tokens:      []homechain.Token{{Symbol: "EUR24", Address: common.HexToAddress("0x00000000000000000000000000000000000000e1"), Decimals: 2, IsFiat: true}},
	}, nil
}
func (f *permitFake) Run(ctx context.Context, run apppermit.Run, _ *app.Unlock) (apppermit.Prepared, apppermit.Submitted, error) {
	c, _ := f.Load(ctx)
	pl, err := apppermit.Check(c, run.Form)
	if err != nil {
		return apppermit.Prepared{}, apppermit.Submitted{}, err
	}
	f.plans = append(f.plans, pl)
	return apppermit.Prepared{}, apppermit.Submitted{}, errOffline
}

type depositFake struct {
	deposit.Session
	deposit.DepositService
	quotes []appdeposit.QuoteInput
}

func (f *depositFake) Profile() config.Profile { return config.Profile{Name: "t", SolanaKey: "sol"} }
func (f *depositFake) Run(_ context.Context, run appdeposit.Run, _ *app.Unlock) (appdeposit.Receipt, error) {
	f.quotes = append(f.quotes, run.Input)
	return appdeposit.Receipt{}, errOffline
}

type keysFake struct {
	keys.KeyService
	added   []appkeys.Request
	renamed []string
}

func (f *keysFake) List() ([]keystore.Entry, error) {
	return []keystore.Entry{{Label: "old", Kind: keystore.KindEVM, Address: tuitest.DevAddress}}, nil
}
func (f *keysFake) Add(_ context.Context, req appkeys.Request, _ *app.Unlock) (appkeys.Added, error) {
	f.added = append(f.added, req)
	return appkeys.Added{}, errOffline
}
func (f *keysFake) Rename(_, newLabel string) (appkeys.Added, error) {
	f.renamed = append(f.renamed, newLabel)
	return appkeys.Added{}, errOffline
}

// TestEveryFormSubmitsWithTheSameKey fills every form of the UI with valid values, presses
// ctrl+s from a field that is not the last one and checks that the form submitted what was
// typed; each form's footer names the submit key the same way (issue 12, item 5).
func TestEveryFormSubmitsWithTheSameKey(t *testing.T) {
	tab, ctrlS := tuitest.Key(tea.KeyTab), tuitest.Key('s', tea.ModCtrl)
	cases := []struct {
		name string
		// screen returns the screen and what it submitted ("" while nothing)
		screen func(env *kit.Env) (kit.Screen, func() string)
		// open opens the form and types valid values, leaving the focus off the last field
		open func(d *tuitest.Driver)
		want string
	}{
		{"mint", func(env *kit.Env) (kit.Screen, func() string) {
			f := &mintFake{}
			return account.New(env, account.Services{Session: f, Account: f}, nil), func() string { return first(f.checked) }
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Runes("m"))
			d.Press(tab, tab)
			for _, v := range []string{"lot", "captcha", "pass", "1767225600"} {
				d.TypeText(v)
				d.Press(tab)
			}
		}, "1234567890"},
		{"transaction filter", func(env *kit.Env) (kit.Screen, func() string) {
			f := &historyFake{}
			return txs.New(env, txs.Services{Session: f, History: f}), func() string {
				if f.calls > 1 {
					return "reloaded"
				}
				return ""
			}
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Runes("/"))
			d.TypeText("5")
		}, "reloaded"},
		{"permit", func(env *kit.Env) (kit.Screen, func() string) {
			f := &permitFake{}
			return permit.New(env, f), func() string {
				if len(f.plans) == 0 {
					return ""
				}
				return f.plans[0].Amount.String() + " " + f.plans[0].Token.Symbol
			}
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Key(tea.KeyEnter), tab)
			d.TypeText("25")
		}, "25 EUR24"},
		{"deposit", func(env *kit.Env) (kit.Screen, func() string) {
			f := &depositFake{}
			return deposit.New(env, deposit.Services{Session: f, Deposit: f}), func() string {
				if len(f.quotes) == 0 {
					return ""
				}
				return big.NewInt(int64(f.quotes[0].Amount)).String() + " " + f.quotes[0].Currency
			}
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Key(tea.KeyEnter))
			d.TypeText("12.5")
		}, "12500000 EUR"},
		{"new key", func(env *kit.Env) (kit.Screen, func() string) {
			f := &keysFake{}
			return keys.New(env, keys.Services{Keys: f}), func() string {
				if len(f.added) == 0 {
					return ""
				}
				return f.added[0].Label + " " + string(f.added[0].Kind)
			}
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Runes("n"), tab)
			d.TypeText("alice")
			d.Press(tuitest.Key(tea.KeyTab, tea.ModShift)) // back to the kind: not the last field
		}, "alice evm"},
		{"rename key", func(env *kit.Env) (kit.Screen, func() string) {
			f := &keysFake{}
			return keys.New(env, keys.Services{Keys: f}), func() string { return first(f.renamed) }
		}, func(d *tuitest.Driver) {
			d.Press(tuitest.Runes("e"))
			for range len("old") {
				d.Press(tuitest.Key(tea.KeyBackspace))
			}
			d.TypeText("new")
		}, "new"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := tuitest.Env(t, kit.Session{Profile: "t"}, tuitest.FakeHome)
			scr, submitted := c.screen(env)
			d := tuitest.NewDriver(t, env, scr, 100, 30)
			c.open(d)
			if !scr.InputFocused() {
				t.Fatalf("the form is not open:\n%s", tuitest.Plain(scr.View()))
			}
			if got := submitted(); got != "" {
				t.Fatalf("submitted %q before the submit key", got)
			}
			help := scr.ShortHelp()
			if len(help) == 0 || help[0].Help().Key != form.SubmitKey || help[0].Help().Desc != "submit" {
				t.Errorf("the footer does not start with %q submit: %v", form.SubmitKey, help)
			}
			d.Press(ctrlS)
			if got := submitted(); got != c.want {
				t.Fatalf("ctrl+s submitted %q, want %q\n%s", got, c.want, tuitest.Plain(scr.View()))
			}
		})
	}
}

func first(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

// TestGoldenForm: a whole frame (no colour) with a form open: the field's error under it as
// typed, and the footer every form shows. Update with: go test ./tui -run TestGolden -update
func TestGoldenForm(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			env := newTestEnv(t)
			m := NewModel(env, home.New(env), keys.New(env, keys.Services{Keys: &keysFake{}}))
			for _, msg := range tuitest.Flatten(m.Init()) {
				send(m, msg) // the key list
			}
			send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			for _, msg := range send(m, runes("2")) {
				send(m, msg) // the key list, read when the screen shows first
			}
			send(m, runes("n"))
			send(m, keyOf(tea.KeyTab))
			send(m, runes("bad label"))
			v := frameOf(m)
			if !strings.Contains(v, "ERROR label: ") || !strings.Contains(v, "ctrl+s submit • tab/↓ next field • esc cancel") {
				t.Fatalf("the form's error or footer is missing:\n%s", v)
			}
			teatest.RequireEqualOutput(t, []byte(v))
		})
	}
}
