package agent

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"purse/enduser"
	"purse/wallet"
)

// PolicyFile is the policy's name under PURSE_HOME.
const PolicyFile = "agent-policy.toml"

// Outcome is what the policy says of a request.
type Outcome string

const (
	Allow   Outcome = "allow"
	Confirm Outcome = "confirm"
	Deny    Outcome = "deny"
)

func parseOutcome(key, s string) (Outcome, error) {
	switch o := Outcome(s); o {
	case Allow, Confirm, Deny:
		return o, nil
	}
	return "", fmt.Errorf("%s = %q: expected \"allow\", \"confirm\" or \"deny\"", key, s)
}

// Policy says, per purpose and per end-user route, whether the agent signs, asks the
// trusted display first, or refuses; and how long an unlock lasts.
type Policy struct {
	// Path is the file the policy was read from ("" = the defaults, no file).
	Path     string
	Purposes map[wallet.Purpose]Outcome
	// Routes are full-auth outcomes per route name; "unknown" is a route the table lacks.
	Routes map[string]Outcome
	// Idle wipes a key unused this long; Max wipes it this long after the unlock.
	Idle, Max time.Duration
	// ConfirmTimeout is how long a request waits for the display's answer.
	ConfirmTimeout time.Duration
	lines          map[string]int
}

// UnknownRoute is the policy key of a full-auth call to a route the table does not know.
const UnknownRoute = "unknown"

// Defaults of the unlock limits and the display's answer.
const (
	DefaultIdle           = 15 * time.Minute
	DefaultMax            = 8 * time.Hour
	DefaultConfirmTimeout = 2 * time.Minute
)

// DefaultPolicy: full-auth reads are signed; fund-moving and account-changing routes,
// unknown routes, permits, Form A, the mint consent, Solana deposits and personal messages
// wait for the display. Partner auth signs the partner's own reads (the quote).
func DefaultPolicy() *Policy {
	p := &Policy{
		Purposes: map[wallet.Purpose]Outcome{
			wallet.PurposeFullAuth:    Allow,
			wallet.PurposeMintConsent: Confirm,
			wallet.PurposePermit:      Confirm,
			wallet.PurposeFormA:       Confirm,
			wallet.PurposePersonal:    Confirm,
			wallet.PurposePartnerAuth: Allow,
			wallet.PurposeSolanaTx:    Confirm,
		},
		Routes:         map[string]Outcome{UnknownRoute: Confirm},
		Idle:           DefaultIdle,
		Max:            DefaultMax,
		ConfirmTimeout: DefaultConfirmTimeout,
	}
	for _, r := range enduser.Routes() {
		if r.Auth != enduser.AuthFull {
			continue
		}
		p.Routes[r.Name] = Allow
		if r.Changes {
			p.Routes[r.Name] = Confirm
		}
	}
	return p
}

type policyFile struct {
	Purposes map[string]string `toml:"purposes"`
	Routes   map[string]string `toml:"routes"`
	Unlock   struct {
		Idle string `toml:"idle"`
		Max  string `toml:"max"`
	} `toml:"unlock"`
	Display struct {
		Timeout string `toml:"timeout"`
	} `toml:"display"`
}

// LoadPolicy reads PURSE_HOME/agent-policy.toml over the defaults; a missing file is the
// defaults. Every key is checked: an unknown purpose or route, or a value other than
// allow/confirm/deny, is an error naming the line, never ignored.
func LoadPolicy(home string) (*Policy, error) {
	path := filepath.Join(home, PolicyFile)
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return DefaultPolicy(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("agent policy %s: %v", path, err)
	}
	p, err := ParsePolicy(raw)
	if err != nil {
		return nil, fmt.Errorf("agent policy %s: %v", path, err)
	}
	p.Path = path
	return p, nil
}

// ParsePolicy reads a policy file's bytes over the defaults.
func ParsePolicy(raw []byte) (*Policy, error) {
	var f policyFile
	md, err := toml.Decode(string(raw), &f)
	if err != nil {
		return nil, err
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("unknown setting %q (expected [purposes], [routes], [unlock] idle/max, [display] timeout)", und[0].String())
	}
	p := DefaultPolicy()
	p.lines = keyLines(raw)
	for k, v := range f.Purposes {
		key := "purposes." + k
		if _, ok := p.Purposes[wallet.Purpose(k)]; !ok {
			return nil, fmt.Errorf("%s (line %d): unknown purpose (expected one of %s)", key, p.lines[key], strings.Join(purposeNames(p), ", "))
		}
		o, err := parseOutcome(key, v)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", p.lines[key], err)
		}
		p.Purposes[wallet.Purpose(k)] = o
	}
	for k, v := range f.Routes {
		key := "routes." + k
		if _, ok := p.Routes[k]; !ok {
			return nil, fmt.Errorf("%s (line %d): not a full-auth route (expected one of %s)", key, p.lines[key], strings.Join(routeNames(p), ", "))
		}
		o, err := parseOutcome(key, v)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", p.lines[key], err)
		}
		p.Routes[k] = o
	}
	for _, d := range []struct {
		key string
		s   string
		to  *time.Duration
	}{{"unlock.idle", f.Unlock.Idle, &p.Idle}, {"unlock.max", f.Unlock.Max, &p.Max}, {"display.timeout", f.Display.Timeout, &p.ConfirmTimeout}} {
		if d.s == "" {
			continue
		}
		v, err := time.ParseDuration(d.s)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("%s = %q (line %d): expected a positive duration such as \"15m\"", d.key, d.s, p.lines[d.key])
		}
		*d.to = v
	}
	return p, nil
}

func purposeNames(p *Policy) []string {
	var out []string
	for k := range p.Purposes {
		out = append(out, string(k))
	}
	sort.Strings(out)
	return out
}

func routeNames(p *Policy) []string {
	var out []string
	for k := range p.Routes {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// keyLines maps "section.key" to its line in the file, so an error or a refusal can point at
// the line to change.
func keyLines(raw []byte) map[string]int {
	out := map[string]int{}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "["):
			section = strings.Trim(line, "[] ")
		case strings.Contains(line, "=") && !strings.HasPrefix(line, "#"):
			k, _, _ := strings.Cut(line, "=")
			k = strings.Trim(strings.TrimSpace(k), `"`)
			out[section+"."+k] = n
		}
	}
	return out
}

// Decision is the policy's outcome for one request and the line that decided it.
type Decision struct {
	Outcome Outcome
	// Line is the policy setting that decided, as it would be written in the file, with the
	// file and line when it comes from one ("routes.token-permit = \"confirm\" (default)").
	Line string
}

// Decide applies the policy to a request. A full-auth call is judged by its route when the
// policy names it, else by the purpose.
func (p *Policy) Decide(r wallet.Request) Decision {
	if r.Purpose == wallet.PurposeFullAuth {
		route := r.Route
		if _, ok := enduser.LookupRoute(route); !ok {
			route = UnknownRoute
		}
		if o, ok := p.Routes[route]; ok {
			return Decision{o, p.where("routes."+route, o)}
		}
	}
	o, ok := p.Purposes[r.Purpose]
	if !ok {
		return Decision{Deny, fmt.Sprintf("purpose %q is not in the policy", r.Purpose)}
	}
	return Decision{o, p.where("purposes."+string(r.Purpose), o)}
}

func (p *Policy) where(key string, o Outcome) string {
	s := fmt.Sprintf("%s = %q", key, o)
	if n := p.lines[key]; n > 0 && p.Path != "" {
		return fmt.Sprintf("%s (%s line %d)", s, p.Path, n)
	}
	return s + " (default)"
}

// Lines lists every setting with its outcome, for `purse agent status`.
func (p *Policy) Lines() []string {
	var out []string
	for _, k := range purposeNames(p) {
		out = append(out, p.where("purposes."+k, p.Purposes[wallet.Purpose(k)]))
	}
	for _, k := range routeNames(p) {
		out = append(out, p.where("routes."+k, p.Routes[k]))
	}
	out = append(out,
		fmt.Sprintf("unlock.idle = %q", p.Idle), fmt.Sprintf("unlock.max = %q", p.Max),
		fmt.Sprintf("display.timeout = %q", p.ConfirmTimeout))
	return out
}
