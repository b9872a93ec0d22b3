package endusertest

import (
	"encoding/json"
	"strconv"
	"strings"
)

// The external-wallet shared-token handoff (spec 4.1's end, 3.2, 3.8).

// verdictError is a handoff verdict carried beside a non-zero code: the envelope keeps the
// result (missing fields, attempt).
type verdictError struct {
	*APIError
	result any
}

func (e *verdictError) Unwrap() error { return e.APIError }

func (s *Server) hReuseShareToken(req *request) (any, error) {
	// The account id travels under the dialect's name for svcId; the other name is an
	// unknown field (10002), as a strict decoder of the service would find it.
	idName := s.cfg.Dialect.Names().AccountID()
	var fields map[string]json.RawMessage
	if err := decodeStrict(req.body, &fields); err != nil {
		return nil, err
	}
	var body struct {
		ShareToken *string
		SvcID      *json.Number
	}
	for k, v := range fields {
		var err error
		switch k {
		case "shareToken":
			err = json.Unmarshal(v, &body.ShareToken)
		case idName:
			err = json.Unmarshal(v, &body.SvcID)
		default:
			return nil, apiErr(CodeParse, "body: unknown field %q (this service names the account id %s)", k, idName)
		}
		if err != nil {
			return nil, apiErr(CodeParse, "body: %s: %v", k, err)
		}
	}
	if body.ShareToken == nil || strings.TrimSpace(*body.ShareToken) == "" {
		return nil, apiErr(CodeHandoffParam, "shareToken: required")
	}
	if body.SvcID == nil || body.SvcID.String() != strconv.FormatUint(req.tokenID, 10) {
		return nil, apiErr(CodeHandoffParam, "%s: expected this account's id %d (the identity travels in the signed body)", idName, req.tokenID)
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.Handoff != nil && a.Handoff.State == "Ended" {
		return nil, apiErr(CodeHandoffParam, "NO_ACTIVE_SESSION: the handoff session ended with a terminal verdict")
	}
	st := s.st.ShareTokens[*body.ShareToken]
	if st == nil || st.Used || st.TokenID != a.TokenID || s.nowLocked().UnixMilli() > st.ExpiresMs {
		return nil, apiErr(CodeHandoffParam, "shareToken: unknown, already used, expired or for another account (a fresh token is needed for every handoff)")
	}
	st.Used = true
	if a.Handoff == nil {
		a.Handoff = &handoff{State: "PartnerDataIngestion"} // created lazily by the first handoff
	}
	h := a.Handoff
	h.Attempts++
	s.dirty = true
	switch st.Outcome {
	case "passed":
		h.State, h.Missing = "SignFormA", nil
		if a.ApplicantID == "" {
			a.ApplicantID = applicantID(a.TokenID)
		}
		s.approveLocked(a)
		return map[string]any{"status": "passed", "applicantId": a.ApplicantID, "attempt": h.Attempts}, nil
	case "incomplete":
		h.Missing = st.Missing
		return nil, &verdictError{apiErr(CodeIncomplete, "incomplete: the handed-over data lacks %s", strings.Join(st.Missing, ", ")),
			map[string]any{"status": "incomplete", "attempt": h.Attempts, "missingFields": st.Missing}}
	}
	h.State = "Ended"
	return nil, &verdictError{apiErr(st.Code, "terminal: the applicant is not eligible; the session ended"), map[string]any{"status": "terminal", "attempt": h.Attempts}}
}

func (s *Server) hKYCCheck(req *request) (any, error) {
	a, err := s.handoffLocked(req)
	if err != nil {
		return nil, err
	}
	h := a.Handoff
	return map[string]any{"state": h.State, "complete": h.State != "PartnerDataIngestion", "missingFields": h.Missing}, nil
}

func (s *Server) hKYCSubmit(req *request) (any, error) {
	a, err := s.handoffLocked(req)
	if err != nil {
		return nil, err
	}
	h := a.Handoff
	switch {
	case h.State == "PartnerDataIngestion":
		return nil, apiErr(CodeHandoffParam, "submit: the check is not complete (missing %s)", strings.Join(h.Missing, ", "))
	case a.KYCStep == StepSignFormA:
		return nil, apiErr(CodeHandoffParam, "submit: Form A is not signed yet (POST /api/v2/kyc/submit-form-a with the user's wallet signature)")
	}
	h.State = "Submitting"
	s.dirty = true
	return map[string]any{"state": "Submitting", "queued": false, "awaitingPenny": false, "registrationId": ""}, nil
}

// handoffLocked is the caller's account with an active handoff session.
func (s *Server) handoffLocked(req *request) (*account, error) {
	var body struct{}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.Handoff == nil || a.Handoff.State == "Ended" {
		return nil, apiErr(CodeHandoffParam, "NO_ACTIVE_SESSION: no handoff session (POST /api/v1/idv/reuse-share-token first)")
	}
	return a, nil
}
