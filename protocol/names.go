package protocol

import (
	"cmp"
	"fmt"
	"strings"
)

// The spec writes stand-ins where the service's own names are not given (spec, its
// conventions): `idv` in a path or name for the identity-verification vendor, `altchain` in
// a path or field name for the non-EVM chain family, and `svcId` for the account id (header
// X-Svc-Id). A profile names what its service calls each (its `names` settings); the
// defaults are the spec's own words, which the sandbox speaks.

// The stand-ins, as the `names.KEY` settings name them.
const (
	StandInIDV      = "idv"
	StandInAltchain = "altchain"
	StandInSvcID    = "svcId"
)

// StandIns lists the stand-ins a profile may rename.
var StandIns = []string{StandInIDV, StandInAltchain, StandInSvcID}

// Names are a service's names for the spec's stand-ins; an empty field keeps the spec's.
type Names struct {
	IDV      string
	Altchain string
	SvcID    string
}

// NamesOf reads a profile's `names` map (stand-in → the service's name).
func NamesOf(m map[string]string) Names {
	return Names{IDV: m[StandInIDV], Altchain: m[StandInAltchain], SvcID: m[StandInSvcID]}
}

// LiveNames are the names UR's deployments give the spec's stand-ins in request bodies
// (config's presets: names.svcId = urId), so a preset profile's body, end-user or partner,
// is judged as the route it is; a profile that names them otherwise gets its bodies judged
// as unknown, which fails safe.
var LiveNames = Names{SvcID: "urId"}

// Vendor is the identity-verification vendor's name in paths (spec: idv).
func (n Names) Vendor() string { return cmp.Or(n.IDV, StandInIDV) }

// AltchainName is the non-EVM chain family's name in paths and field names (spec: altchain).
func (n Names) AltchainName() string { return cmp.Or(n.Altchain, StandInAltchain) }

// AccountID is the account id's name in bodies and in the partner-auth message (spec: svcId).
func (n Names) AccountID() string { return cmp.Or(n.SvcID, StandInSvcID) }

// AccountIDHeader is the header that carries the account id: X- and the name's words,
// each capitalised, joined by '-' (svcId: X-Svc-Id, urId: X-Ur-Id).
func (n Names) AccountIDHeader() string { return headerOf(n.AccountID()) }

// AltchainField is a request field named after the chain family: altchainAddress becomes
// solanaAddress when the family is called solana.
func (n Names) AltchainField(field string) string {
	rest, ok := strings.CutPrefix(field, StandInAltchain)
	if !ok {
		return field
	}
	return n.AltchainName() + rest
}

// Path writes p with each stand-in (idv, altchain) that is a whole path segment or a
// hyphen-separated word of one replaced by the service's name: /api/v1/idv/create-access-token
// and /v1/idv-status-by-network become /api/v1/sumsub/create-access-token and
// /v1/sumsub-status-by-network. Other words are kept as they are.
func (n Names) Path(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		words := strings.Split(s, "-")
		for j, w := range words {
			switch w {
			case StandInIDV:
				words[j] = n.Vendor()
			case StandInAltchain:
				words[j] = n.AltchainName()
			}
		}
		segs[i] = strings.Join(words, "-")
	}
	return strings.Join(segs, "/")
}

// headerOf writes a camelCase name as an X- header: urId → X-Ur-Id.
func headerOf(name string) string {
	var b strings.Builder
	b.WriteString("X-")
	for i, r := range name {
		switch {
		case i == 0:
			b.WriteString(strings.ToUpper(string(r)))
		case r >= 'A' && r <= 'Z':
			b.WriteByte('-')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// CheckName checks the service's name for a stand-in: letters and digits, starting with a
// letter, as a path segment, a JSON field and a header word all take it.
func CheckName(standIn, name string) error {
	known := false
	for _, s := range StandIns {
		known = known || s == standIn
	}
	if !known {
		return fmt.Errorf("expected one of the spec's stand-ins %s, got %q", strings.Join(StandIns, ", "), standIn)
	}
	if name == "" || len(name) > 32 {
		return fmt.Errorf("expected the service's name for %s (1-32 letters and digits, starting with a letter), got %q", standIn, name)
	}
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return fmt.Errorf("expected the service's name for %s (1-32 letters and digits, starting with a letter), got %q", standIn, name)
		}
	}
	return nil
}
