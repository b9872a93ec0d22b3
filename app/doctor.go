package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"purse/agent"
	"purse/enduser"
	"purse/wallet"
)

// The conformance probe (`purse doctor`): read-only calls to the profile's service, each
// compared with what purse assumes (docs/service-assumptions.md). Nothing is signed but
// full-auth headers, nothing moves funds.

// Probe verdicts.
const (
	ProbeConfirmed    = "confirmed"     // the service answered as purse reads it
	ProbeContradicted = "contradicted"  // it answered otherwise: the detail shows how
	ProbeUnreachable  = "not reachable" // no answer (or no account, key or passphrase)
	ProbeSkipped      = "skipped"       // not sent: the signer refused or needs the user's approval
)

// Probe is one line of the probe: what purse assumes and what the service did.
type Probe struct {
	Name    string `json:"name"`
	Assumes string `json:"assumes"`
	Verdict string `json:"verdict"`
	Detail  string `json:"detail"`
}

// Doctor probes the profile's service. Calls that need the account (and the key's
// passphrase, u) are said to be not reachable when the profile cannot make them. With the
// probes comes an Advice error when any was contradicted.
func (s *App) Doctor(ctx context.Context, u *Unlock) ([]Probe, error) {
	probes, err := s.doctor(ctx, u)
	n := 0
	for _, p := range probes {
		if p.Verdict == ProbeContradicted {
			n++
		}
	}
	if err == nil && n > 0 {
		err = &Advice{fmt.Errorf("%d probe(s) contradicted what purse assumes", n),
			"Compare with docs/service-assumptions.md: a profile setting may choose the variant this service follows."}
	}
	return probes, err
}

func (s *App) doctor(ctx context.Context, u *Unlock) ([]Probe, error) {
	open, err := s.API(false, nil)
	if err != nil {
		return nil, err
	}
	var out []Probe
	add := func(name, assumes string, callErr error, route string, detail func(body string) (string, bool)) {
		p := Probe{Name: name, Assumes: assumes}
		e := s.lastEntry(route)
		body, status := "", 0
		if e != nil {
			body, status = e.ResponseBody, e.Status
		}
		var te *enduser.TransportError
		var se *enduser.SignError
		switch {
		case errors.Is(callErr, agent.ErrNeedsApproval):
			// A read-only probe never waits for a person, and what it did not send the
			// service did not answer.
			p.Verdict, p.Detail = ProbeSkipped, "needs your approval on the agent's display: skipped (a probe never waits; "+OneLine(callErr)+")"
		case errors.As(callErr, &se):
			p.Verdict, p.Detail = ProbeSkipped, "not sent: purse could not sign it ("+OneLine(callErr)+"); this is no answer of the service"
		case errors.As(callErr, &te) || (callErr != nil && e == nil):
			p.Verdict, p.Detail = ProbeUnreachable, OneLine(callErr)
		default:
			d, ok := detail(body)
			p.Verdict, p.Detail = ProbeConfirmed, d
			if !ok || callErr != nil {
				p.Verdict = ProbeContradicted
				if callErr != nil {
					d = strings.TrimSpace(d + "; " + OneLine(callErr))
				}
				p.Detail = fmt.Sprintf("%s (HTTP %d, body %s)", d, status, excerpt(body))
			}
		}
		out = append(out, p)
	}

	at, err := open.Timestamp(ctx)
	add("server time", "GET /api/v1/timestamp answers the server time (deadlines are taken from it)", err, enduser.RouteTimestamp, func(string) (string, bool) {
		return fmt.Sprintf("server time %s, local clock off by %s", at.UTC().Format(time.RFC3339), s.clock.Offset().Round(time.Millisecond)), err == nil
	})
	_, err = open.EmailStatus(ctx, "purse-doctor@example.invalid")
	add("envelope", "successes carry retCode 0, or no retCode and a result (E1)", err, enduser.RouteEmailStatus, func(body string) (string, bool) {
		if strings.Contains(body, `"retCode"`) {
			return "success with retCode", err == nil
		}
		return "success without retCode", err == nil
	})
	cc, err := open.ChainConfigsLoggedOut(ctx)
	add("chain configuration", "GET /api/v3/config/chain-configs answers logged out, with chains", err, enduser.RouteChainConfigs, func(string) (string, bool) {
		return fmt.Sprintf("%d chain(s), logged out", len(cc.Chains)), err == nil && len(cc.Chains) > 0
	})

	p := s.Profile()
	if p.TokenID == "" {
		out = append(out, Probe{Name: "account reads", Verdict: ProbeUnreachable, Detail: "the profile has no account id: status, history, card and on-ramp limit were not probed"})
		return out, nil
	}
	status, err := s.statusAPI(u)
	if err != nil {
		out = append(out, Probe{Name: "account status", Verdict: ProbeUnreachable, Detail: "the profile reads it with full auth and has no signer: " + OneLine(err)})
		return out, nil
	}
	st, err := status.AccountStatus(ctx)
	add("account status", "GET /api/v2/account-status (basic auth): result as an object or a JSON string", err, enduser.RouteAccountStatus, func(body string) (string, bool) {
		form := "result is an object"
		if strings.Contains(body, `"result":"`) {
			form = "result is a JSON string"
		}
		return fmt.Sprintf("%s; status %s", form, st.StatusStr), err == nil
	})
	signed, err := s.readOnlyAPI(u)
	if err != nil {
		out = append(out, Probe{Name: "signed reads", Verdict: ProbeUnreachable, Detail: "no full-auth signer: " + OneLine(err)})
		return out, nil
	}
	err = signed.ProbeForeignHash(ctx, []byte("purse-doctor"))
	add("full-auth hash", "purse sends the payload's keccak256 as hash; the service may accept another payload's hash there (E5)", liveOnly(err), enduser.RouteChainConfigs, func(string) (string, bool) {
		if err != nil {
			return "strict: the hash of another payload is refused (" + OneLine(err) + ")", true
		}
		return "lenient: the hash of another payload is accepted, as the public integration reports", true
	})
	_, err = signed.Profile(ctx)
	add("banking profile", "GET /api/v2/br (a route the spec does not show) answers, or refuses a non-Live account", liveOnly(err), enduser.RouteProfile, func(string) (string, bool) {
		if err != nil {
			return "answered with a refusal: " + OneLine(err), true
		}
		return "the profile returned", true
	})
	page, err := signed.Transactions(ctx, enduser.TxFilter{PageSize: 1})
	add("history", "POST /api/v2/transactions (full auth) pages with a cursor", err, enduser.RouteTransactions, func(string) (string, bool) {
		if page == nil {
			return "", false
		}
		return fmt.Sprintf("%d record(s) on the first page; more: %v", len(page.Transactions), page.HasNextPage), err == nil
	})
	_, err = signed.Card(ctx)
	add("card read", "GET /api/v2/card: the card unwrapped, as {cards:[…]} or in result; no card as 10009, 404 or an empty list (E2)", noCardIsAnAnswer(err), enduser.RouteCard, func(body string) (string, bool) {
		switch {
		case errors.Is(err, enduser.ErrNoCard) || errors.Is(err, enduser.ErrInvalidParam):
			return "no card: " + OneLine(err), true
		case strings.Contains(body, `"cards"`):
			return "the card list form", err == nil
		case strings.Contains(body, `"result"`):
			return "the card in result", err == nil
		}
		return "the card unwrapped beside the envelope keys", err == nil
	})
	_, err = signed.OnrampLimit(ctx)
	add("on-ramp limit", "GET /api/v1/onramp-limit (Live accounts): data, or HTTP 204 as an empty success (E4)", liveOnly(err), enduser.RouteOnrampLimit, func(body string) (string, bool) {
		if liveOnly(err) == nil && err != nil {
			return "refused for a non-Live account: " + OneLine(err), true
		}
		if strings.TrimSpace(body) == "" {
			return "an empty success (HTTP 204)", err == nil
		}
		return "limits returned", err == nil
	})
	return out, nil
}

// noCardIsAnAnswer treats "no card" as the route answering.
func noCardIsAnAnswer(err error) error {
	if errors.Is(err, enduser.ErrNoCard) || errors.Is(err, enduser.ErrInvalidParam) {
		return nil
	}
	return err
}

// liveOnly treats an API refusal (a non-Live account) as the route answering.
func liveOnly(err error) error {
	var api *enduser.APIError
	if errors.As(err, &api) {
		return nil
	}
	return err
}

// lastEntry is the newest request-log entry of route.
func (s *App) lastEntry(route string) *enduser.Entry {
	es := s.Log.Snapshot()
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Route == route {
			return &es[i]
		}
	}
	return nil
}

func excerpt(body string) string {
	body = strings.Join(strings.Fields(body), " ")
	if len(body) > 120 {
		body = body[:120] + "…"
	}
	if body == "" {
		return "(empty)"
	}
	return body
}

// readOnlyAPI is the end-user client of a read-only caller (the doctor), signing with
// readOnlyEVMSigner.
func (s *App) readOnlyAPI(u *Unlock) (*enduser.Client, error) {
	if err := s.reachable(); err != nil {
		return nil, err
	}
	signer, err := s.readOnlyEVMSigner(u)
	if err != nil {
		return nil, err
	}
	return s.apiWith(signer)
}

// readOnlyEVMSigner is the profile's EVM signer for a caller that never waits for a person,
// in this process or in the agent: what the signing policy would ask the user about fails at
// once with agent.ErrNeedsApproval.
func (s *App) readOnlyEVMSigner(u *Unlock) (wallet.EVMSigner, error) {
	signer, err := s.EVMSigner(u)
	if err != nil {
		return nil, err
	}
	switch sg := signer.(type) {
	case *agent.EVMSigner:
		cp := *sg
		cp.NoWait = true
		return &cp, nil
	case *gatedEVMSigner:
		cp := *sg
		cp.noWait = true
		return &cp, nil
	}
	return nil, fmt.Errorf("sign: the signer %T cannot be asked not to wait", signer)
}
