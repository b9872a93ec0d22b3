package agent

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"purse/enduser"
	"purse/partner"
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

// Policy says, per purpose and per end-user and partner route, whether the agent signs, asks the
// trusted display first, or refuses; and how long an unlock lasts.
type Policy struct {
	// Path is the file the policy was read from ("" = the defaults, no file).
	Path     string
	Purposes map[wallet.Purpose]Outcome
	// Routes are full-auth outcomes per route name; "unknown" is a route the table lacks.
	Routes map[string]Outcome
	// Partner are partner-auth outcomes per partner route name (partner.Routes); "unknown"
	// is a body no route of the table has.
	Partner map[string]Outcome
	// Idle wipes a key unused this long; Max wipes it this long after the unlock.
	Idle, Max time.Duration
	// ConfirmTimeout is how long a request waits for the display's answer.
	ConfirmTimeout time.Duration
	// Limits are the amount limits and caps (limits.go), global ones first.
	Limits []Limit
	lines  map[string]int
}

// UnknownRoute is the policy key of a full-auth call to a route the table does not know.
const UnknownRoute = "unknown"

// Defaults of the unlock limits and the display's answer.
const (
	DefaultIdle           = 15 * time.Minute
	DefaultMax            = 8 * time.Hour
	DefaultConfirmTimeout = 2 * time.Minute
)

// DefaultPolicy: full-auth and partner reads are signed; fund-moving and account-changing
// routes (end-user and partner) and unknown routes wait for the display, and so does every
// purpose the signing core's table marks as asked (wallet.AsksByDefault: permits, Form A,
// the mint consent, Solana deposits, personal messages, typed data).
func DefaultPolicy() *Policy {
	p := &Policy{
		Purposes:       map[wallet.Purpose]Outcome{},
		Routes:         map[string]Outcome{UnknownRoute: Confirm},
		Partner:        map[string]Outcome{UnknownRoute: Confirm},
		Idle:           DefaultIdle,
		Max:            DefaultMax,
		ConfirmTimeout: DefaultConfirmTimeout,
	}
	for _, pu := range wallet.Purposes() {
		p.Purposes[pu] = Allow
		if wallet.AsksByDefault(pu) {
			p.Purposes[pu] = Confirm
		}
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
	for _, r := range partner.Routes() {
		p.Partner[r.Name] = Allow
		if r.Changes {
			p.Partner[r.Name] = Confirm
		}
	}
	return p
}

type policyFile struct {
	Purposes map[string]string `toml:"purposes"`
	Routes   map[string]string `toml:"routes"`
	Partner  map[string]string `toml:"partner"`
	Unlock   struct {
		Idle string `toml:"idle"`
		Max  string `toml:"max"`
	} `toml:"unlock"`
	Display struct {
		Timeout string `toml:"timeout"`
	} `toml:"display"`
	limitSections
	Profiles map[string]limitSections `toml:"profiles"`
	Keys     map[string]limitSections `toml:"keys"`
}

// LoadPolicy reads PURSE_HOME/agent-policy.toml over the defaults; a missing file is the
// defaults. Every key is checked: an unknown purpose or route, or a value other than
// allow/confirm/deny, is an error naming the line, never ignored.
func LoadPolicy(home string) (*Policy, error) {
	path := filepath.Join(home, PolicyFile)
	raw, err := readPolicyFile(path)
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

// maxPolicyBytes caps the policy file: a few dozen lines.
const maxPolicyBytes = 64 << 10

// readPolicyFile reads the policy only when it is the user's own: a regular file (not a FIFO,
// a device or a link to one), owned by the user and writable by no one else, as anyone who
// can write it decides what the agent signs without asking.
func readPolicyFile(path string) ([]byte, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("is %s, not a regular file: the agent reads its policy only from a regular file", describeMode(st.Mode()))
	}
	if perm := st.Mode().Perm(); perm&0o022 != 0 {
		return nil, fmt.Errorf("mode %04o lets other users change what the agent signs; expected no group or other write (chmod go-w %s)", perm, path)
	}
	if err := ownedByUser(st); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file opened is the one checked (no swap between the check and the open).
	if st2, err := f.Stat(); err != nil || !os.SameFile(st, st2) {
		return nil, errors.New("changed while it was read; nothing was read")
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxPolicyBytes+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > maxPolicyBytes {
		return nil, fmt.Errorf("over %d bytes: not a policy file", maxPolicyBytes)
	}
	return raw, nil
}

func describeMode(m os.FileMode) string {
	switch {
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "not a regular file"
}

// ParsePolicy reads a policy file's bytes over the defaults.
func ParsePolicy(raw []byte) (*Policy, error) {
	var f policyFile
	md, err := toml.Decode(string(raw), &f)
	if err != nil {
		return nil, err
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("unknown setting %q (expected [purposes], [routes], [partner], [unlock] idle/max, [display] timeout, [limits.PURPOSE], [caps.PURPOSE], [profiles.NAME.limits.PURPOSE], [keys.LABEL.caps.PURPOSE])", und[0].String())
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
	for _, t := range []struct {
		section, what string
		file          map[string]string
		table         map[string]Outcome
	}{{"routes", "a full-auth route", f.Routes, p.Routes}, {"partner", "a partner route", f.Partner, p.Partner}} {
		for k, v := range t.file {
			key := t.section + "." + k
			if _, ok := t.table[k]; !ok {
				return nil, fmt.Errorf("%s (line %d): not %s (expected one of %s)", key, p.lines[key], t.what, strings.Join(sortedKeys(t.table), ", "))
			}
			o, err := parseOutcome(key, v)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", p.lines[key], err)
			}
			t.table[k] = o
		}
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
	ls, err := parseLimits("", "", "", f.limitSections, p.lines)
	if err != nil {
		return nil, err
	}
	p.Limits = ls
	for _, scope := range []struct {
		section string
		m       map[string]limitSections
	}{{"profiles", f.Profiles}, {"keys", f.Keys}} {
		for _, name := range slices.Sorted(maps.Keys(scope.m)) {
			profile, key := name, ""
			if scope.section == "keys" {
				profile, key = "", name
			}
			ls, err := parseLimits(scope.section+"."+name+".", profile, key, scope.m[name], p.lines)
			if err != nil {
				return nil, err
			}
			p.Limits = append(p.Limits, ls...)
		}
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

func sortedKeys(m map[string]Outcome) []string {
	var out []string
	for k := range m {
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

// Decide applies the policy to a request. A full-auth or partner-auth signature is judged by
// what its payload can authorise, not by the route its client names (the signature covers
// the payload and the deadline, never the path): the strictest of the purpose's line and the
// lines of every route whose request the payload can be (Judge: the payload parsed against
// the route table; none: the unknown route, or a stricter line of the table).
// A request whose deadline may lie outside the protocol's bounds is never allowed without
// confirmation.
func (p *Policy) Decide(r wallet.Request) Decision { return p.DecideJudged(r, Judge(r)) }

// DecideJudged is Decide for a request whose payload was judged already (j is Judge(r)): a
// signer judges a request once and every step reads that judgement.
func (p *Policy) DecideJudged(r wallet.Request, j Judgement) Decision {
	o, ok := p.Purposes[r.Purpose]
	if !ok {
		return Decision{Deny, fmt.Sprintf("purpose %q is not in the policy", r.Purpose)}
	}
	d := Decision{o, p.where("purposes."+string(r.Purpose), o)}
	var rd *Decision
	switch j.Section {
	case "routes":
		rd = p.strictest(j.Section, p.Routes, j.Names, r.Route, func(n string) bool { _, ok := enduser.LookupRoute(n); return ok })
	case "partner":
		rd = p.strictest(j.Section, p.Partner, j.Names, "", nil)
	}
	if rd != nil && rank(rd.Outcome) >= rank(d.Outcome) {
		d = *rd
	}
	if r.AnyDeadline && d.Outcome == Allow {
		d = Decision{Confirm, d.Line + "; the deadline may lie outside the protocol's bounds (anyDeadline), which is never signed without confirmation"}
	}
	return d
}

// Judgement is what request r's payload can be a request of, as the policy judges it,
// parsed once (Judge): the section of the policy whose lines decide it ("routes" for
// full-auth, "partner" for partner-auth; "" for a purpose that its own line alone decides),
// the names of the routes whose requests the payload can be (none: no route purse knows),
// and the parse itself (User for full-auth, Partner for partner-auth), which the review, the
// audit record and a delivery read instead of parsing the payload again.
type Judgement struct {
	Section string
	Names   []string
	User    enduser.Judgement
	Partner partner.Judgement
}

// Judge parses request r's payload against the route table of its purpose
// (enduser.Judge, partner.Judge).
func Judge(r wallet.Request) Judgement {
	var j Judgement
	switch r.Purpose {
	case wallet.PurposeFullAuth:
		j.Section, j.User = "routes", enduser.Judge(r.Payload)
		for _, rt := range j.User.Routes {
			j.Names = append(j.Names, rt.Name)
		}
	case wallet.PurposePermit:
		// A permit the service spends in the call that carries it is judged by that call
		// too: the strictest of the permit's line and the call's route line decides.
		if len(r.Payload) > 0 {
			j.Section, j.User = "routes", enduser.Judge(r.Payload)
			for _, rt := range j.User.Routes {
				j.Names = append(j.Names, rt.Name)
			}
		}
	case wallet.PurposePartnerAuth:
		j.Section = "partner"
		if r.Partner != nil {
			j.Partner = partner.Judge(r.Partner.Payload, r.Partner.IDName)
			for _, rt := range j.Partner.Routes {
				j.Names = append(j.Names, rt.Name)
			}
		}
	}
	return j
}

// strictest is the strictest line of section (its table) among the routes a payload fits
// (fits); claimed is the route the client named ("" none), known says whether a name is a
// route purse knows.
func (p *Policy) strictest(section string, table map[string]Outcome, fits []string, claimed string, known func(string) bool) *Decision {
	names := make([]string, 0, len(fits))
	for _, n := range fits {
		if _, ok := table[n]; ok {
			names = append(names, n)
		}
	}
	unknown := len(names) == 0
	if unknown {
		// A payload no route of the table takes may still be sent to any of them: it gets the
		// strictest line of the section, the unknown line's on a tie.
		names = []string{UnknownRoute}
		for _, n := range sortedKeys(table) {
			if rank(table[n]) > rank(table[names[0]]) {
				names[0] = n
			}
		}
	}
	best := ""
	for _, n := range names {
		// The client's own name wins a tie, so the line shown is the one it expects.
		if best == "" || rank(table[n]) > rank(table[best]) || rank(table[n]) == rank(table[best]) && n == claimed {
			best = n
		}
	}
	o := table[best]
	line := p.where(section+"."+best, o)
	switch {
	case len(names) > 1:
		// The one signature is good for any of these calls (the signature covers the payload,
		// not the call), so each line counts: say them all, and which ones to edit.
		var groups []string
		for _, o := range []Outcome{Deny, Confirm, Allow} {
			var of []string
			for _, n := range names {
				if table[n] == o {
					of = append(of, n)
				}
			}
			if len(of) > 0 {
				groups = append(groups, fmt.Sprintf("%s: %s", o, strings.Join(of, ", ")))
			}
		}
		line += fmt.Sprintf(", the strictest of the routes this payload can be a request of (%s; the signature would serve any of them, so each of those lines decides)", strings.Join(groups, "; "))
	case best == UnknownRoute:
		line += ", as the payload is the request of no route purse knows"
	case unknown:
		line += fmt.Sprintf(", the strictest line of [%s], as the payload is the request of no route purse knows and may be sent to any", section)
	}
	if claimed != "" && !slices.Contains(names, claimed) {
		if known(claimed) {
			line += fmt.Sprintf("; the client named the call %q, which this payload is not a request of", claimed)
		} else if best != UnknownRoute {
			line += fmt.Sprintf("; the client named the call %q, a route purse does not know", claimed)
		}
	}
	return &Decision{o, line}
}

// rank orders outcomes from the most permissive.
func rank(o Outcome) int {
	switch o {
	case Allow:
		return 0
	case Confirm:
		return 1
	}
	return 2
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
	for _, k := range sortedKeys(p.Routes) {
		out = append(out, p.where("routes."+k, p.Routes[k]))
	}
	for _, k := range sortedKeys(p.Partner) {
		out = append(out, p.where("partner."+k, p.Partner[k]))
	}
	for _, l := range p.Limits {
		out = append(out, p.limitWhere(l))
	}
	out = append(out,
		fmt.Sprintf("unlock.idle = %q", p.Idle), fmt.Sprintf("unlock.max = %q", p.Max),
		fmt.Sprintf("display.timeout = %q", p.ConfirmTimeout))
	return out
}
