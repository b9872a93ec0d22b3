package altchain

import (
	"errors"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
)

func TestParseUSDC(t *testing.T) {
	for in, want := range map[string]uint64{"12.5": 12_500_000, " 5 ": 5_000_000, "0.000001": 1} {
		if got, err := ParseUSDC(in); err != nil || got != want {
			t.Errorf("%q: %d %v", in, got, err)
		}
	}
	for in, want := range map[string]string{"": "got nothing", "1e3": "such as 12.5", "-1": "positive", "1.1234567": "more than 6 decimals", "18446744073709.551616": "too large"} {
		if _, err := ParseUSDC(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestPinnedNamesTheBadPin(t *testing.T) {
	c := SandboxCluster()
	p, err := c.Pinned(PinSettings{ProgramID: DefaultSandboxProgramID.String(), FeeCap: 42})
	if err != nil || p.Pins.ProgramID != DefaultSandboxProgramID || p.Pins.FeeCapLamports != 42 {
		t.Fatalf("pinned %+v %v", p.Pins, err)
	}
	if _, err := c.Pinned(PinSettings{USDCMint: "not-base58-0OIl", FeeCap: 1}); err == nil || !strings.Contains(err.Error(), "altchain_pins.sandbox.usdc_mint") {
		t.Fatalf("bad pin: %v", err)
	}
	if (ClusterInfo{Name: "mainnet-beta"}).ProfileName() != "mainnet" {
		t.Fatal("mainnet-beta is mainnet in a profile")
	}
}

func TestCheckRequestedAndNewQuoteRequest(t *testing.T) {
	user := solana.NewWallet().PublicKey()
	var q Quote
	if err := q.CheckRequested(12_500_000, 0); err != nil || !q.HasRequested || q.USDCAmount != 12_500_000 {
		t.Fatalf("recording: %+v %v", q, err)
	}
	if err := q.CheckRequested(12_500_000, 0); err != nil {
		t.Fatalf("the same amount: %v", err)
	}
	if err := q.CheckRequested(10_000_000, 0); !errors.Is(err, ErrNotRequested) || !strings.Contains(err.Error(), "not the 10.000000 USDC") {
		t.Fatalf("another amount: %v", err)
	}

	req, err := NewQuoteRequest("1234567890", user, "sandbox", 12_500_000, "eur", 0, nil)
	if err != nil || req.SvcID != 1234567890 || req.Network == "" || req.OutputCurrency != "EUR" || req.MinUSDCAmount != "" {
		t.Fatalf("request %+v %v", req, err)
	}
	for _, c := range []struct{ svc, cluster, want string }{{"", "sandbox", "token_id"}, {"12", "", "network"}} {
		if _, err := NewQuoteRequest(c.svc, user, c.cluster, 12_500_000, "EUR", 0, nil); err == nil || !strings.Contains(strings.ToLower(err.Error()), c.want) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
