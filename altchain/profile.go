package altchain

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gagliardetto/solana-go"
	"github.com/shopspring/decimal"

	"purse/internal/format"
)

// ParseUSDC reads a human USDC amount (a decimal with at most 6 decimals) as smallest units.
// Excess precision is an error, never rounded. The error does not name the field: callers
// prefix their flag or form field.
func ParseUSDC(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("expected a USDC amount such as 12.5, got nothing")
	}
	d, err := decimal.NewFromString(s)
	if err != nil || strings.ContainsAny(s, "eE+") {
		return 0, fmt.Errorf("expected a USDC amount such as 12.5, got %q", s)
	}
	if d.IsNegative() {
		return 0, fmt.Errorf("expected a positive amount, got %s", s)
	}
	u := d.Shift(6)
	if !u.IsInteger() {
		return 0, fmt.Errorf("%s has more than 6 decimals (USDC has 6); nothing is rounded", s)
	}
	b := u.BigInt()
	if b.BitLen() > 64 {
		return 0, fmt.Errorf("%s is too large", s)
	}
	return b.Uint64(), nil
}

// ProfileName is the name a purse profile uses for the cluster ("mainnet" for mainnet-beta).
func (c ClusterInfo) ProfileName() string {
	if c.Name == "mainnet-beta" {
		return "mainnet"
	}
	return c.Name
}

// PinSettings are a profile's pins for one cluster as it writes them (base58 keys, a
// decimal endpoint id, a hex receiver; "" or 0 is not set), its priority-fee cap, and its
// home network, whose LayerZero endpoint id and receiver are the defaults.
type PinSettings struct {
	ProgramID, USDCMint, DepositAccount, EndpointProgram, LZReceiver string
	DstEid                                                           uint32
	FeeCap                                                           uint64
	Network                                                          string
}

// Pinned is the cluster with a profile's pins. What the profile leaves unset of LayerZero
// takes the public value: the endpoint program is LayerZero's on mainnet and devnet (the
// sandbox's on sandbox; testnet has none), dstEid and the receiver are the home network's
// (LZHomeChain). A bad pin is an error naming altchain_pins.CLUSTER.FIELD.
func (c ClusterInfo) Pinned(s PinSettings) (ClusterInfo, error) {
	c.Pins.FeeCapLamports = s.FeeCap
	for _, f := range []struct {
		field, v string
		dst      *solana.PublicKey
	}{{"program_id", s.ProgramID, &c.Pins.ProgramID}, {"usdc_mint", s.USDCMint, &c.Pins.USDCMint},
		{"deposit_account", s.DepositAccount, &c.Pins.DepositAccount}, {"endpoint_program", s.EndpointProgram, &c.Pins.EndpointProgramID}} {
		if f.v == "" {
			continue
		}
		k, err := solana.PublicKeyFromBase58(f.v)
		if err != nil {
			return ClusterInfo{}, fmt.Errorf("altchain_pins.%s.%s %q: %v", c.ProfileName(), f.field, f.v, err)
		}
		*f.dst = k
	}
	if s.EndpointProgram == "" {
		switch c.Name {
		case "mainnet-beta", "devnet":
			c.Pins.EndpointProgramID = LayerZeroEndpointProgramID
		case "sandbox":
			c.Pins.EndpointProgramID = SandboxEndpointProgramID
		}
	}
	home, known := LZHomeChain(s.Network)
	switch {
	case s.DstEid != 0:
		c.Pins.DstEid = s.DstEid
	case known:
		c.Pins.DstEid = home.EID
	}
	switch {
	case s.LZReceiver != "":
		r, err := ParseLZReceiver(s.LZReceiver)
		if err != nil {
			return ClusterInfo{}, fmt.Errorf("altchain_pins.%s.lz_receiver: %v", c.ProfileName(), err)
		}
		c.Pins.LZReceiver, c.Pins.HasLZReceiver = r, true
	case known:
		c.Pins.LZReceiver, c.Pins.HasLZReceiver, c.Pins.LZReceiverInferred = home.Receiver, true, home.Inferred
	}
	return c, nil
}

// ErrNotRequested marks a quote for other amounts or another currency than the user asked for.
var ErrNotRequested = errors.New("the quote is not for what was asked")

// CheckRequested ties the quote to what the user asked for: a quote that states its
// requested amounts must state these (else the error wraps ErrNotRequested), and one that
// does not records them.
func (q *Quote) CheckRequested(usdcAmount, minUSDCAmount uint64) error {
	if q.HasRequested {
		if q.USDCAmount != usdcAmount || q.MinUSDCAmount != minUSDCAmount {
			return fmt.Errorf("%w: the quote is for %s USDC (min %s), not the %s USDC (min %s) asked for", ErrNotRequested,
				format.Uint(q.USDCAmount, format.USDCDecimals), format.Uint(q.MinUSDCAmount, format.USDCDecimals), format.Uint(usdcAmount, format.USDCDecimals), format.Uint(minUSDCAmount, format.USDCDecimals))
		}
		return nil
	}
	min := ""
	if minUSDCAmount > 0 {
		min = strconv.FormatUint(minUSDCAmount, 10)
	}
	return q.SetRequested(strconv.FormatUint(usdcAmount, 10), min)
}

// NewQuoteRequest is the quote request for a profile's account (svcID, its token_id), its
// Solana key and cluster: the network is always explicit, never the service's devnet
// default. Errors name the profile setting or the request field.
func NewQuoteRequest(svcID string, user solana.PublicKey, cluster string, usdcAmount uint64, outputCurrency string, minUSDCAmount uint64, computeUnitPrice *uint64) (QuoteRequest, error) {
	id, err := strconv.ParseInt(svcID, 10, 64)
	if err != nil || id <= 0 {
		return QuoteRequest{}, fmt.Errorf("token_id %q: the quote's svcId is the account id", svcID)
	}
	network, err := RequestNetwork(cluster)
	if err != nil {
		return QuoteRequest{}, err
	}
	req := QuoteRequest{SvcID: id, AltchainAddress: user.String(), USDCAmount: strconv.FormatUint(usdcAmount, 10),
		OutputCurrency: strings.ToUpper(outputCurrency), Network: network, ComputeUnitPrice: computeUnitPrice}
	if minUSDCAmount > 0 {
		req.MinUSDCAmount = strconv.FormatUint(minUSDCAmount, 10)
	}
	return req, req.Validate()
}
