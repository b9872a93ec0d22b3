package altchain

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestPinnedLayerZeroDefaults: an unset pin takes the public value (LayerZero's endpoint
// on mainnet and devnet, the home network's endpoint id and receiver), a set one wins, a
// bad one is an error naming the setting.
func TestPinnedLayerZeroDefaults(t *testing.T) {
	main, _ := ClusterByName("mainnet")
	c, err := main.Pinned(PinSettings{Network: "5000"})
	if err != nil || c.Pins.EndpointProgramID != LayerZeroEndpointProgramID || c.Pins.DstEid != 30181 || !c.Pins.HasLZReceiver ||
		FormatLZReceiver(c.Pins.LZReceiver) != "0x9f88e04d129d4a4247f009833ba0bd5d8f6a2146" {
		t.Fatalf("mainnet/5000: %+v %v", c.Pins, err)
	}
	dev, _ := ClusterByName("devnet")
	if c, _ := dev.Pinned(PinSettings{Network: "5003"}); c.Pins.EndpointProgramID != LayerZeroEndpointProgramID || c.Pins.DstEid != 40246 {
		t.Fatalf("devnet/5003: %+v", c.Pins)
	}
	test, _ := ClusterByName("testnet")
	if c, _ := test.Pinned(PinSettings{Network: "1"}); !c.Pins.EndpointProgramID.IsZero() || c.Pins.DstEid != 0 || c.Pins.HasLZReceiver {
		t.Fatalf("testnet with an unknown home chain must pin nothing of LayerZero: %+v", c.Pins)
	}
	sb, _ := ClusterByName("sandbox")
	if c, _ := sb.Pinned(PinSettings{Network: "31337"}); c.Pins.EndpointProgramID != SandboxEndpointProgramID || c.Pins.DstEid != SandboxEID || c.Pins.LZReceiver != SandboxLZReceiver {
		t.Fatalf("sandbox: %+v", c.Pins)
	}
	own := testKey("another endpoint")
	c, err = main.Pinned(PinSettings{Network: "5000", EndpointProgram: own.String(), DstEid: 7, LZReceiver: "0x" + strings.Repeat("11", 32)})
	if err != nil || c.Pins.EndpointProgramID != own || c.Pins.DstEid != 7 || c.Pins.LZReceiver[0] != 0x11 {
		t.Fatalf("pins must win: %+v %v", c.Pins, err)
	}
	for field, s := range map[string]PinSettings{
		"altchain_pins.mainnet.endpoint_program": {EndpointProgram: "0OIl"},
		"altchain_pins.mainnet.lz_receiver":      {LZReceiver: "0x1234"},
	} {
		if _, err := main.Pinned(s); err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: %v", field, err)
		}
	}
}

func lzOptions() *Options {
	o := testOptions()
	sb := &o.Clusters[len(o.Clusters)-1]
	sb.Pins.EndpointProgramID, sb.Pins.DstEid = LayerZeroEndpointProgramID, 30181
	return o
}

func TestF32EndpointAndDestination(t *testing.T) {
	q, user := baseline(t)
	q.EndpointProgramID = LayerZeroEndpointProgramID
	if r := Inspect(q, user, lzOptions()); r.Has("F32", Warn) {
		t.Fatalf("pinned and matching: %v", r.Findings)
	}
	if r := Inspect(q, user, testOptions()); !r.Has("F32", Warn) || r.Has("F32", Reject) {
		t.Fatalf("unpinned: a warning naming the setting, no rejection: %v", r.Findings)
	}
	for name, mut := range map[string]func(*Quote){
		"another endpoint program": func(q *Quote) { q.EndpointProgramID = testKey("not layerzero") },
		"Ethereum's eid":           func(q *Quote) { q.DstEid = 30101 },
	} {
		bad := *q
		mut(&bad)
		if r := Inspect(&bad, user, lzOptions()); !r.Has("F32", Reject) {
			t.Errorf("%s: %v", name, r.Findings)
		}
	}
}

func TestF33OutputToken(t *testing.T) {
	q, user := baseline(t)
	eur, chf := q.EVMOutputToken, EVMAddress{0xc4}
	tokens := map[string]EVMAddress{"EUR": eur, "CHF": chf}
	for _, c := range []struct {
		name     string
		currency string
		opts     func(*Options)
		sev      Severity
		want     string
	}{
		{"offline", "EUR", func(o *Options) {}, Warn, "not checked offline"},
		{"the currency's token", "EUR", func(o *Options) { o.OutputTokens = tokens }, -1, ""},
		{"another currency's token", "CHF", func(o *Options) { o.OutputTokens = tokens }, Reject, "not the chain configuration's CHF token"},
		{"no token for the currency", "USD", func(o *Options) { o.OutputTokens = tokens }, Reject, "lists no USD token"},
		{"currency unknown, a token of the configuration", "", func(o *Options) { o.OutputTokens = tokens }, Info, "pays out in EUR"},
		{"currency unknown, no token of the configuration", "", func(o *Options) { o.OutputTokens = map[string]EVMAddress{"CHF": chf} }, Reject, "none of the chain configuration's"},
		{"configuration unreadable", "EUR", func(o *Options) { o.OutputTokensErr = "HTTP 502" }, Reject, "could not be read (HTTP 502)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fq := *q
			fq.OutputCurrency = c.currency
			o := testOptions()
			c.opts(o)
			r := Inspect(&fq, user, o)
			var got []Finding
			for _, f := range r.Findings {
				if f.Rule == "F33" {
					got = append(got, f)
				}
			}
			if c.sev < 0 {
				if len(got) != 0 {
					t.Fatalf("want no F33 finding: %v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Severity != c.sev || !strings.Contains(got[0].Message, c.want) {
				t.Fatalf("want one %s finding %q: %v", c.sev, c.want, got)
			}
		})
	}
}

func TestQuoteOutputCurrency(t *testing.T) {
	q, _ := baseline(t)
	if err := q.SetOutputCurrency("eur"); err != nil || q.OutputCurrency != "EUR" {
		t.Fatalf("%q %v", q.OutputCurrency, err)
	}
	if err := q.SetOutputCurrency("CHF"); !errors.Is(err, ErrNotRequested) {
		t.Fatalf("another currency: %v", err)
	}
	for _, bad := range []string{"", "E", "EURO24", "€UR"} {
		if err := (&Quote{}).SetOutputCurrency(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// It survives a round trip through the wire form, like the requested amounts.
	b, _ := json.Marshal(q.Wire())
	back, err := ParseQuote(strings.NewReader(string(b)))
	if err != nil || back.OutputCurrency != "EUR" {
		t.Fatalf("round trip: %v %q", err, back.OutputCurrency)
	}
}
