package agent

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"purse/wallet"
)

// Amount limits: what a request moves (an asset and an amount in display units, as the gate
// determines them from the typed request) is held against the policy's limits and caps for
// its purpose, counting what the same key signed for the same profile, purpose and asset
// earlier the same UTC day (the audit log's records). Within every limit the policy's line
// applies; above a limit the request is confirmed, never allowed; above a cap it is refused.
// Limits only make a line stricter: a limit of a profile or a key section adds to the global
// ones, it never loosens them.

// LimitPurposes are the names of the purposes that move money, as the policy file names
// them ([limits.permit], [limits.deposit]).
var LimitPurposes = map[string]wallet.Purpose{
	"permit":  wallet.PurposePermit,
	"deposit": wallet.PurposeSolanaTx,
}

// LimitPurposeOf is the policy file's name of purpose p when p moves money.
func LimitPurposeOf(p wallet.Purpose) (string, bool) {
	for n, lp := range LimitPurposes {
		if lp == p {
			return n, true
		}
	}
	return "", false
}

func limitName(p wallet.Purpose) string {
	if n, ok := LimitPurposeOf(p); ok {
		return n
	}
	return string(p)
}

// Limit is one line of [limits.*] or [caps.*], globally or in a profile's or a key's section.
type Limit struct {
	// Profile and Key scope the limit ("": every profile, every key).
	Profile, Key string
	// Cap is a hard cap (refused above it); otherwise a limit (confirmed above it).
	Cap     bool
	Purpose wallet.Purpose
	Asset   string
	Amount  decimal.Decimal
	// Setting is the line as written in the file ("profiles.live.limits.permit.EUR24").
	Setting string
}

func (l Limit) applies(purpose wallet.Purpose, profile, key string) bool {
	return l.Purpose == purpose && (l.Profile == "" || l.Profile == profile) && (l.Key == "" || l.Key == key)
}

// Moves is what a request moves, as the gate determined it by construction from the typed
// request (a permit's token by its verifying contract among the profile's known tokens, its
// value with that token's decimals; a deposit's USDC from its validated quote).
type Moves struct {
	// Known is false when the asset or the amount could not be determined; Why says why.
	Known  bool
	Asset  string
	Amount decimal.Decimal
	Why    string
}

// Spend is one request's movement under a profile and a key, with what the same key signed
// for the same profile, purpose and asset earlier the same UTC day.
type Spend struct {
	Purpose      wallet.Purpose
	Profile, Key string
	Moves
	Today decimal.Decimal
}

// HasLimits says whether any limit or cap applies to purpose under profile and key: only
// then does the gate need to know what a request moves.
func (p *Policy) HasLimits(purpose wallet.Purpose, profile, key string) bool {
	for _, l := range p.Limits {
		if l.applies(purpose, profile, key) {
			return true
		}
	}
	return false
}

// ApplyLimits is d held against the limits of s's purpose: a deny stays a deny; a request
// whose asset or amount is unknown is confirmed when any limit applies to its purpose; one
// over a limit is confirmed, over a cap refused; the line then names the limit that decided,
// with the amounts. A request within its limits keeps d's outcome, and its line names them.
// limited says a limit decided (or an unknown amount did): a session approval on the display
// then does not apply, as the limit decides first.
func (p *Policy) ApplyLimits(d Decision, s Spend) (out Decision, limited bool) {
	var ls []Limit
	for _, l := range p.Limits {
		if l.applies(s.Purpose, s.Profile, s.Key) {
			ls = append(ls, l)
		}
	}
	if len(ls) == 0 || d.Outcome == Deny {
		return d, false
	}
	if !s.Known {
		return Decision{Confirm, fmt.Sprintf("%s; confirmed, never allowed: the policy limits %s amounts (%s) and %s",
			d.Line, limitName(s.Purpose), p.limitWhere(ls[0]), s.Why)}, true
	}
	total := s.Today.Add(s.Amount)
	amounts := fmt.Sprintf("%s %s now and %s signed today (UTC) make %s", s.Amount.String(), s.Asset, s.Today.String(), total.String())
	var within []string
	var worst *Limit
	for i, l := range ls {
		if !strings.EqualFold(l.Asset, s.Asset) {
			continue
		}
		if total.GreaterThan(l.Amount) {
			if worst == nil || l.Cap && !worst.Cap {
				worst = &ls[i]
			}
			continue
		}
		within = append(within, p.limitWhere(l))
	}
	if worst == nil {
		if len(within) == 0 {
			return Decision{d.Outcome, fmt.Sprintf("%s; no limit names %s", d.Line, s.Asset)}, false
		}
		return Decision{d.Outcome, fmt.Sprintf("%s; within %s: %s", d.Line, strings.Join(within, ", "), amounts)}, false
	}
	if worst.Cap {
		return Decision{Deny, fmt.Sprintf("%s: %s, over the cap (the policy's line was %s)", p.limitWhere(*worst), amounts, d.Line)}, true
	}
	return Decision{Confirm, fmt.Sprintf("%s: %s, over the limit, so it is confirmed, never allowed (the policy's line was %s)", p.limitWhere(*worst), amounts, d.Line)}, true
}

func (p *Policy) limitWhere(l Limit) string {
	s := fmt.Sprintf("%s = %q", l.Setting, l.Amount.String())
	if n := p.lines[l.Setting]; n > 0 && p.Path != "" {
		return fmt.Sprintf("%s (%s line %d)", s, p.Path, n)
	}
	if p.Path != "" {
		return fmt.Sprintf("%s (%s)", s, p.Path)
	}
	return s
}

// limitSections are the [limits.PURPOSE] and [caps.PURPOSE] tables of one scope.
type limitSections struct {
	Limits map[string]map[string]string `toml:"limits"`
	Caps   map[string]map[string]string `toml:"caps"`
}

// displayAmount is an amount as a user writes it in display units: digits, an optional
// fraction; no sign, no exponent (decimal.NewFromString would take "1e3").
var displayAmount = regexp.MustCompile(`^[0-9]{1,30}(\.[0-9]{1,30})?$`)

// parseLimits reads the limit tables of one scope (prefix "" global, "profiles.NAME." or
// "keys.LABEL.").
func parseLimits(prefix, profile, key string, ls limitSections, lines map[string]int) ([]Limit, error) {
	var out []Limit
	for _, t := range []struct {
		kind string
		cap  bool
		m    map[string]map[string]string
	}{{"limits", false, ls.Limits}, {"caps", true, ls.Caps}} {
		for pname, assets := range t.m {
			purpose, ok := LimitPurposes[pname]
			if !ok {
				return nil, fmt.Errorf("%s%s.%s (line %d): not a purpose that moves money (expected [%s%s.permit] or [%s%s.deposit])",
					prefix, t.kind, pname, lines[prefix+t.kind+"."+pname], prefix, t.kind, prefix, t.kind)
			}
			for asset, v := range assets {
				setting := prefix + t.kind + "." + pname + "." + asset
				if asset == "" || strings.ContainsFunc(asset, func(r rune) bool { return r < '!' || r > '~' }) {
					return nil, fmt.Errorf("%s (line %d): expected a token symbol such as EUR24 or USDC", setting, lines[setting])
				}
				if !displayAmount.MatchString(v) {
					return nil, fmt.Errorf("%s = %q (line %d): expected an amount in display units such as \"100.00\"", setting, v, lines[setting])
				}
				out = append(out, Limit{Profile: profile, Key: key, Cap: t.cap, Purpose: purpose, Asset: asset,
					Amount: decimal.RequireFromString(v), Setting: setting})
			}
		}
	}
	// A cap below the limit beside it would make the limit a cap: said, not guessed.
	for _, c := range out {
		for _, l := range out {
			if c.Cap && !l.Cap && c.Purpose == l.Purpose && strings.EqualFold(c.Asset, l.Asset) && c.Amount.LessThan(l.Amount) {
				return nil, fmt.Errorf("%s = %q (line %d) is below %s = %q: a cap is the most that is ever signed, at least the limit that asks first",
					c.Setting, c.Amount.String(), lines[c.Setting], l.Setting, l.Amount.String())
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Setting < out[j].Setting })
	return out, nil
}
