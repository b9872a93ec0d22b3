package account

import (
	"context"
	"fmt"
	"io"
	"strings"

	"purse/app"
	"purse/enduser"
)

// Reads of the account that change nothing: status, email availability, on-ramp limits,
// the banking profile; and the share-token handoff, its check and its submission.

// Status reads the account's status, KYC step, vendor review and CRS notice.
func (sv Service) Status(ctx context.Context) (enduser.AccountStatus, error) {
	c, err := sv.statusAPI()
	if err != nil {
		return enduser.AccountStatus{}, err
	}
	return c.AccountStatus(ctx)
}

// statusAPI is the client that reads the account status, after the account check: unsigned
// at the spec's basic auth, signed with the profile's key when the profile makes the route
// full-auth (routes.account-status = full, as the public integration calls it).
func (sv Service) statusAPI() (*enduser.Client, error) {
	p := sv.s.Profile()
	r, _ := enduser.RouteUnder(enduser.RouteAccountStatus, p.Routes, p.StandInNames())
	return sv.s.AccountAPI(r.Auth == enduser.AuthFull, nil)
}

// EmailStatus says whether an email is still available for a new account.
func (sv Service) EmailStatus(ctx context.Context, email string) (bool, error) {
	c, err := sv.s.API(false, nil)
	if err != nil {
		return false, err
	}
	return c.EmailStatus(ctx, email)
}

// LoggedIn says whether the profile can make signed calls (an account id and an EVM key).
func (sv Service) LoggedIn() bool {
	p := sv.s.Profile()
	return p.TokenID != "" && p.EVMKey != ""
}

// OnrampLimit reads the on-ramp limits and blockers (Live accounts).
func (sv Service) OnrampLimit(ctx context.Context, u *app.Unlock) (enduser.OnrampLimit, error) {
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.OnrampLimit{}, err
	}
	return c.OnrampLimit(ctx)
}

// BankingProfile reads the account's banking profile: limits, IBAN, card eligibility.
func (sv Service) BankingProfile(ctx context.Context, u *app.Unlock) (enduser.Profile, error) {
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.Profile{}, err
	}
	return c.Profile(ctx)
}

// Reads lists the read routes (enduser.Route.Readable) as the profile has them: its names
// for the spec's stand-ins and its routes.NAME settings applied.
func (sv Service) Reads() []enduser.Route {
	p := sv.s.Profile()
	under := enduser.RoutesUnder(p.Routes, p.StandInNames())
	var out []enduser.Route
	for _, r := range enduser.ReadableRoutes() {
		if r, ok := under(r.Name); ok {
			out = append(out, r)
		}
	}
	return out
}

// Read makes the read route name as the profile has it and decodes its result into the
// route's model: unsigned, with the account id, or signed through the signing gate, as the
// route's auth level says (u opens a key that needs a passphrase). The error of a name
// that is no read lists the reads.
func (sv Service) Read(ctx context.Context, u *app.Unlock, name string) (enduser.Reading, error) {
	p := sv.s.Profile()
	r, _ := enduser.RouteUnder(name, p.Routes, p.StandInNames())
	var c *enduser.Client
	var err error
	if r.Auth == enduser.AuthNone {
		c, err = sv.s.API(false, nil)
	} else {
		c, err = sv.s.AccountAPI(r.Auth == enduser.AuthFull, u)
	}
	if err != nil {
		return enduser.Reading{}, err
	}
	return c.Read(ctx, name)
}

// ShareToken is where a share token comes from: Value (typed into a hidden field), else the
// file File ("-": Stdin).
type ShareToken struct {
	Value []byte
	File  string
	Stdin io.Reader
}

// ShareTokenHandoff hands the partner's verified applicant over with a share token (the
// external-wallet shared-token mode, spec 4.1): the token is read from file ("-": stdin; never
// an argument: it is a credential) and used once. Passed is no error; incomplete comes back
// as an app.Advice naming the missing fields, terminal as an app.RejectedError (the session
// ended).
func (sv Service) ShareTokenHandoff(ctx context.Context, u *app.Unlock, src ShareToken) (enduser.HandoffVerdict, error) {
	tok := src.Value
	if tok == nil {
		var err error
		if tok, err = sv.s.ReadSecret("share-token-file", src.File, src.Stdin); err != nil {
			return enduser.HandoffVerdict{}, err
		}
		defer clear(tok)
	}
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.HandoffVerdict{}, err
	}
	v, err := c.ReuseShareToken(ctx, string(tok))
	switch {
	case err != nil:
		return v, err
	case v.Status == enduser.VerdictIncomplete:
		return v, &app.Advice{Err: fmt.Errorf("handoff incomplete (%d, attempt %d): missing %s", v.Code, int64(v.Attempt), strings.Join(v.MissingFields, ", ")),
			Next: "The partner completes the applicant's data and issues a fresh share token; hand that one over."}
	case v.Status == enduser.VerdictTerminal:
		return v, &app.RejectedError{Msg: fmt.Sprintf("handoff terminal (%d): %s; the session ended, later handoffs fail", v.Code, v.Message)}
	}
	return v, nil
}

// KYCCheck reads the handoff session (state, complete, missing fields).
func (sv Service) KYCCheck(ctx context.Context, u *app.Unlock) (enduser.KYCCheckResult, error) {
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.KYCCheckResult{}, err
	}
	return c.KYCCheck(ctx)
}

// KYCSubmit submits the handoff session once the check is complete and Form A signed.
func (sv Service) KYCSubmit(ctx context.Context, u *app.Unlock) (enduser.KYCSubmitResult, error) {
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.KYCSubmitResult{}, err
	}
	return c.KYCSubmit(ctx)
}
