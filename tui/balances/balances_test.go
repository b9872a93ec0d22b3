package balances

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	appaccount "purse/app/account"
	"purse/app/deposit"
	"purse/enduser"
	"purse/homechain"
	"purse/internal/format"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// passphrase opens the dev key of the sandbox tests.
const passphrase = "pw"

var (
	eurAddr  = common.HexToAddress("0x5b1869D9A4C187F2EAa108f3062412ecf0526b24")
	usdcAddr = common.HexToAddress("0x00000000000000000000000000000000000000c1")
)

func amt(s string) enduser.Amount { return enduser.NewAmount(decimal.RequireFromString(s)) }

func sampleSnapshot() appaccount.ChainSnapshot {
	chainID := "eip155:31337"
	return appaccount.ChainSnapshot{
		Owner:    common.HexToAddress(tuitest.DevAddress),
		Account:  "5123",
		LoggedIn: true,
		HomeID:   chainID,
		Configs: enduser.ChainConfigs{
			CanActivateCard:       true,
			CardActivationMessage: "Hold at least 1 USD in fiat on the home chain to activate a card.",
			Chains: []enduser.Chain{{
				ChainIdentifier: chainID, ChainName: "Sandbox home chain",
				DepositContract:    "0x00000000000000000000000000000000000000d1",
				BufferPoolContract: "0x00000000000000000000000000000000000000b1",
				NativeToken:        enduser.NativeToken{Name: "ETH"},
				Tokens: []enduser.Token{
					{TokenIdentifier: chainID + "/erc20:" + eurAddr.Hex(), Symbol: "EUR24", Decimals: 2, IsFiat: true, CanWithdraw: true,
						TotalBalance: amt("1000.00"), MinTopUpAmount: amt("4.60"), MaxTopUpAmount: amt("46000.00"),
						MinTopUpAmountUSD: amt("5.00"), MaxTopUpAmountUSD: amt("50000.00"), MinFxAmount: amt("0.92"), MaxFxAmount: amt("9000.00")},
					{TokenIdentifier: chainID + "/erc20:" + usdcAddr.Hex(), Symbol: "USDC", Decimals: 6, CanDeposit: true},
					{TokenIdentifier: chainID + "/slip44:60", Symbol: "ETH", Decimals: 18, IsNative: true},
				},
			}},
		},
		Balances: map[common.Address]homechain.Balance{
			eurAddr:  {Token: homechain.Token{Symbol: "EUR24", Address: eurAddr, Decimals: 2}, Smallest: big.NewInt(100000)},
			usdcAddr: {Token: homechain.Token{Symbol: "USDC", Address: usdcAddr, Decimals: 6}, Smallest: big.NewInt(1)},
		},
	}
}

func newTestScreen(t *testing.T) *Screen {
	t.Helper()
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, tuitest.FakeHome)
	s := New(env, Services{})
	s.SetSize(80, 20)
	return s
}

// deliver gives the screen a result of its current load.
func deliver(s *Screen, snap appaccount.ChainSnapshot, err error) {
	s.Update(kit.TaskResult[appaccount.ChainSnapshot]{ID: s.loadID, Slot: slotLoad, Value: snap, Err: err})
}

func TestResultsShowAndStaleOnesAreDropped(t *testing.T) {
	s := newTestScreen(t)
	s.loadID, s.loading = 7, true
	s.Update(kit.TaskResult[appaccount.ChainSnapshot]{ID: 6, Slot: slotLoad, Value: sampleSnapshot()})
	if s.snap != nil || !s.loading {
		t.Fatal("a stale result was taken")
	}
	deliver(s, sampleSnapshot(), nil)
	v := tuitest.Plain(s.View())
	for _, want := range []string{"[ACTIVATION ALLOWED]", "EUR24", "1000.00", "0.000001", "[HOME CHAIN", "bufferPoolContract", "depositContract", "4.60 – 46000.00 (USD 5.00 – 50000.00)", "logged in"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "ETH    ") {
		t.Error("the native token is listed as an ERC-20")
	}
	for _, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > 80 {
			t.Errorf("line wider than 80: %q", l)
		}
	}
}

func TestErrorsAndLoggedOutView(t *testing.T) {
	s := newTestScreen(t)
	s.loadID = 1
	deliver(s, appaccount.ChainSnapshot{}, errors.New("dial tcp: refused"))
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "ERROR: dial tcp: refused") || !strings.Contains(v, "What to do:") {
		t.Fatalf("error view:\n%s", v)
	}
	snap := sampleSnapshot()
	snap.LoggedIn, snap.NeedUnlock = false, true
	snap.Note = "logged out: the EVM key's passphrase is needed for the account's view"
	snap.ChainErr = fmt.Errorf("home chain: connection refused")
	snap.Balances = nil
	deliver(s, snap, nil)
	v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	for _, want := range []string{"[UNKNOWN: logged out]", "account's view (l shows it)", "WARNING: on-chain balances unavailable", "(unavailable)"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "ERROR") {
		t.Error("the old error is still shown after a good load")
	}
	// l is the signed read through the unlock helper; a cancelled passphrase keeps the
	// logged-out view and shows no error.
	s.loadID = 77
	s.Update(kit.TaskResult[appaccount.ChainSnapshot]{ID: 77, Slot: slotLoad, Err: kit.ErrCancelled})
	if s.err != nil || !strings.Contains(tuitest.Plain(s.View()), "[UNKNOWN: logged out]") {
		t.Fatalf("after a cancelled unlock:\n%s", tuitest.Plain(s.View()))
	}
}

func TestScrolling(t *testing.T) {
	s := newTestScreen(t)
	s.SetSize(80, 8)
	s.loadID = 1
	deliver(s, sampleSnapshot(), nil)
	first := tuitest.Plain(s.View())
	if !strings.Contains(first, "more below") {
		t.Fatalf("no more-below mark:\n%s", first)
	}
	s.Update(tuitest.Runes("G"))
	if s.scroll.Offset() == 0 || strings.Contains(tuitest.Plain(s.View()), "more below") {
		t.Fatalf("G must show the end (offset %d)", s.scroll.Offset())
	}
	s.Update(tuitest.Runes("g"))
	if s.scroll.Offset() != 0 {
		t.Fatal("g must go to the top")
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if s.scroll.Offset() != 0 {
		t.Fatal("offset went negative")
	}
	// A new read starts at the top: an old scroll position does not stay.
	s.Update(tuitest.Runes("G"))
	s.View()
	s.loadID = 2
	deliver(s, sampleSnapshot(), nil)
	if v := tuitest.Plain(s.View()); s.scroll.Offset() != 0 || !strings.Contains(v, "Balances & chains") {
		t.Fatalf("after a new read:\n%s", v)
	}
}

// TestSolanaWallet: the profile's Solana key's SOL and USDC show with their tokens'
// decimals; a profile without a Solana key says why there is none.
func TestSolanaWallet(t *testing.T) {
	s := newTestScreen(t)
	s.SetSize(100, 60)
	s.loadID, s.solID = 1, 2
	deliver(s, sampleSnapshot(), nil)
	s.Update(kit.TaskResult[deposit.SolanaBalance]{ID: 2, Slot: slotSolana, Value: deposit.SolanaBalance{Address: "GqR8dF2uh7h9WeQX8YFzsE1sEZKGat1egu94FjWFtFeA",
		Cluster: "sandbox", Lamports: 2_000_000_000, SOL: format.Uint(2_000_000_000, format.SOLDecimals), USDC: format.Uint(100_000_000, format.USDCDecimals), HasUSDC: true}})
	v := tuitest.Plain(s.View())
	for _, want := range []string{"Solana wallet", "GqR8dF2uh7h9WeQX8YFzsE1sEZKGat1egu94FjWFtFeA (sandbox)", "2.000000000 SOL", "100.000000 USDC"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	s.solID = 3
	s.Update(kit.TaskResult[deposit.SolanaBalance]{ID: 3, Slot: slotSolana, Err: errors.New("profile t has no Solana key: add one")})
	if v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " "); !strings.Contains(v, "balance unavailable: profile t has no Solana key") || strings.Contains(v, "100.000000 USDC") {
		t.Fatalf("without a key:\n%s", v)
	}
}

// TestGolden: plain views (no colour) at 80×24 and 120×40.
// Update with: go test ./tui/balances -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			s := newTestScreen(t)
			s.SetSize(sz[0], sz[1])
			s.loadID = 1
			deliver(s, sampleSnapshot(), nil)
			teatest.RequireEqualOutput(t, []byte(tuitest.Plain(s.View())))
		})
	}
}

// TestAgainstTheSandbox: the onboarded dev key's EUR24 shows on chain; the first load is
// logged out (file key, no passphrase), the passphrase dialog's answer gives the account's
// view with card activation.
func TestAgainstTheSandbox(t *testing.T) {
	sbx := tuitest.LiveSandbox(t, passphrase)
	s := New(sbx.Env, Of(sbx.App))
	s.SetSize(120, 60)
	for _, res := range tuitest.Flatten(s.Init()) {
		s.Update(res)
	}
	if s.err != nil {
		t.Fatalf("load: %v", s.err)
	}
	if !s.snap.NeedUnlock || s.snap.LoggedIn {
		t.Fatalf("file key without passphrase: %+v", s.snap)
	}
	eur := findBalance(t, s.snap, "EUR24")
	if eur.Sign() <= 0 {
		t.Fatalf("EUR24 balance %v", eur)
	}
	_, cmd := s.Update(tuitest.Runes("l"))
	push, ok := cmd().(kit.PushDialogMsg)
	if !ok {
		t.Fatal("l must ask for the key's passphrase")
	}
	d := push.Dialog
	for _, r := range passphrase {
		d, _ = d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, retry := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	s.Update(retry())
	if s.err != nil || !s.snap.LoggedIn {
		t.Fatalf("after unlock: %v %+v", s.err, s.snap)
	}
	v := tuitest.Plain(s.View())
	for _, want := range []string{"[ACTIVATION ALLOWED]", "EUR24", format.Units(eur, 2), tuitest.DevAddress, "logged in"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// r reloads (logged out again: the passphrase is not kept).
	_, cmd = s.Update(tuitest.Runes("r"))
	for _, res := range tuitest.Flatten(cmd) {
		s.Update(res)
	}
	if s.snap.LoggedIn || findBalance(t, s.snap, "EUR24").Cmp(eur) != 0 {
		t.Fatalf("refresh: %+v", s.snap)
	}
}

func findBalance(t *testing.T, snap *appaccount.ChainSnapshot, symbol string) *big.Int {
	t.Helper()
	for _, b := range snap.Balances {
		if b.Token.Symbol == symbol {
			return b.Smallest
		}
	}
	t.Fatalf("no %s balance in %+v (chain error %v)", symbol, snap.Balances, snap.ChainErr)
	return nil
}

// TestOnrampLimitsShow: the logged-in view shows the on-ramp bounds per currency and what
// blocks them; a failed read says so.
func TestOnrampLimitsShow(t *testing.T) {
	s := newTestScreen(t)
	s.SetSize(120, 60)
	s.loadID, s.loading = 1, true
	snap := sampleSnapshot()
	snap.LoggedIn = true
	snap.Onramp = &enduser.OnrampLimit{RegionLocked: true,
		MinAmounts: map[string]enduser.Amount{"EUR": enduser.NewAmount(decimal.RequireFromString("5.00"))},
		MaxAmounts: map[string]enduser.Amount{"EUR": enduser.NewAmount(decimal.RequireFromString("900.00"))}}
	deliver(s, snap, nil)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "5.00 – 900.00 EUR") || !strings.Contains(v, "[BLOCKED: region locked") {
		t.Fatalf("view:\n%s", v)
	}
	s.loadID, s.loading = 2, true
	snap.Onramp, snap.OnrampErr = nil, errors.New("onramp-limit: retCode 10000")
	deliver(s, snap, nil)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "limits unavailable: onramp-limit: retCode 10000") {
		t.Fatalf("view:\n%s", v)
	}
}
