package enduser

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// The external-wallet shared-token handoff (spec 4.1, its end; verdicts 3.8): the partner's
// identity-verification applicant is handed to the service with a single-use share token, the
// user signs Form A with their own wallet (SubmitFormA), then kyc-check and kyc-submit.

// Handoff verdicts (spec 3.8).
const (
	VerdictPassed     = "passed"     // envelope code 0
	VerdictIncomplete = "incomplete" // code 20004, with missingFields
	VerdictTerminal   = "terminal"   // codes 30010, 30011, 30012: the session ends
)

// HandoffVerdict is the answer to a share-token handoff. Incomplete and terminal are
// verdicts, not errors: Code and Message carry the service's envelope code and words.
type HandoffVerdict struct {
	Status        string   `json:"status"`
	ApplicantID   Text     `json:"applicantId,omitempty"`
	Attempt       Int      `json:"attempt,omitempty"`
	MissingFields []string `json:"missingFields,omitempty"`
	Code          int      `json:"code"`
	Message       string   `json:"message,omitempty"`
}

// ReuseShareToken hands the partner's applicant over with a share token (single use, about
// 20 minutes). The body carries the share token and the account id (svcId, or the
// service's name for it: Options.Names); it is signed as sent (full auth).
func (c *Client) ReuseShareToken(ctx context.Context, shareToken string) (HandoffVerdict, error) {
	shareToken = strings.TrimSpace(shareToken)
	if shareToken == "" {
		return HandoffVerdict{}, invalid(RouteReuseShareToken, "shareToken", "expected the share token the partner's identity vendor issued, got nothing")
	}
	svc, err := strconv.ParseInt(c.tokenID, 10, 64)
	if err != nil {
		return HandoffVerdict{}, invalid(RouteReuseShareToken, c.names.AccountID(), "the client has no account id (%q)", c.tokenID)
	}
	// shareTokenWire's fields, svcId under the service's name for it.
	body := map[string]any{"shareToken": shareToken, c.names.AccountID(): svc}
	var v HandoffVerdict
	resp, err := c.call(ctx, RouteReuseShareToken, c.level(RouteReuseShareToken), body, &v)
	var api *APIError
	switch {
	case err == nil:
		v.Status, v.Code = VerdictPassed, 0
		return v, nil
	case errors.As(err, &api) && (api.Code == CodeHandoffIncomplete || (api.Code >= CodeHandoffTerminalMin && api.Code <= CodeHandoffTerminalMax)):
		// The verdict's data rides beside the non-zero code.
		if resp != nil {
			var env struct {
				Result json.RawMessage `json:"result"`
			}
			if json.Unmarshal(resp.Body, &env) == nil && len(env.Result) > 0 {
				if res, uerr := unwrapResult(env.Result); uerr == nil {
					_ = json.Unmarshal(res, &v)
				}
			}
		}
		v.Status, v.Code, v.Message = VerdictTerminal, api.Code, api.Message
		if api.Code == CodeHandoffIncomplete {
			v.Status = VerdictIncomplete
		}
		return v, nil
	}
	return HandoffVerdict{}, err
}

// KYCCheckResult is the session as kyc-check reads it (it changes nothing).
type KYCCheckResult struct {
	State         string   `json:"state"`
	Complete      bool     `json:"complete"`
	MissingFields []string `json:"missingFields,omitempty"`
}

// KYCCheck reads the handoff session: complete once the handed-over data passed.
func (c *Client) KYCCheck(ctx context.Context) (KYCCheckResult, error) {
	return readAs[KYCCheckResult](ctx, c, RouteKYCCheck, struct{}{})
}

// KYCSubmitResult is the answer to kyc-submit: activation runs asynchronously.
type KYCSubmitResult struct {
	State          string `json:"state"`
	Queued         bool   `json:"queued"`
	AwaitingPenny  bool   `json:"awaitingPenny"`
	RegistrationID Text   `json:"registrationId,omitempty"`
}

// KYCSubmit submits the session (the check said complete; Form A is signed).
func (c *Client) KYCSubmit(ctx context.Context) (KYCSubmitResult, error) {
	var out KYCSubmitResult
	_, err := c.call(ctx, RouteKYCSubmit, c.level(RouteKYCSubmit), struct{}{}, &out)
	return out, err
}
