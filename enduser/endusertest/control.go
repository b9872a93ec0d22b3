package endusertest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"purse/internal/sandboxwire"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Faults describe injected failures for /api/ routes: the control surface's wire type,
// defined once below the client and the server (sandboxwire).
type Faults = sandboxwire.Faults

func faultKinds(f Faults) int {
	n := 0
	for _, b := range []bool{f.HTTPStatus != 0, f.ErrorCode != 0 || f.ErrorMsg != "", f.RetCode != 0 || f.RetMsg != "", f.ResultAsString, f.TruncateJSON, f.NoContent, f.PhantomTxHash, f.Duplicate, f.Relay != ""} {
		if b {
			n++
		}
	}
	return n
}

func validateFaults(f Faults) error {
	switch {
	case faultKinds(f) > 1:
		return apiErr(CodeParam, "faults: set at most one of httpStatus, errorCode/errorMsg, retCode/retMsg, resultAsString, truncateJson, noContent, phantomTxHash, duplicate, relay")
	case f.AfterExecute && f.HTTPStatus == 0 && f.RetCode == 0:
		return apiErr(CodeParam, "faults: afterExecute: only with httpStatus or retCode")
	case f.RetMsg != "" && f.RetCode == 0:
		return apiErr(CodeParam, "faults: retMsg: only with a non-zero retCode")
	case f.Relay != "" && f.Relay != RelayAgain && f.Relay != RelayUnchecked:
		return apiErr(CodeParam, "faults: relay %q: expected %q or %q", f.Relay, RelayAgain, RelayUnchecked)
	case f.HTTPStatus != 0 && (f.HTTPStatus < 500 || f.HTTPStatus > 599):
		return apiErr(CodeParam, "faults: httpStatus %d: expected 500-599", f.HTTPStatus)
	case f.Count < 0:
		return apiErr(CodeParam, "faults: count %d: expected ≥ 0", f.Count)
	case f.RatePercent < 0 || f.RatePercent > 100:
		return apiErr(CodeParam, "faults: ratePercent %d: expected 0-100", f.RatePercent)
	case f.LatencyMs < 0 || f.LatencyMs > 60_000:
		return apiErr(CodeParam, "faults: latencyMs %d: expected 0-60000", f.LatencyMs)
	case f.Route != "" && !strings.HasPrefix(f.Route, "/api/"):
		return apiErr(CodeParam, "faults: route %q: expected a path under /api/", f.Route)
	}
	return nil
}

// SetFaults replaces the injected faults; the zero Faults clears them.
func (s *Server) SetFaults(f Faults) error {
	if err := validateFaults(f); err != nil {
		return err
	}
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	s.faultPCG.Seed(s.cfg.Seed, 0xfa17)
	if f == (Faults{}) {
		s.faults = nil
		return nil
	}
	s.faults, s.faultLeft = &f, f.Count
	return nil
}

// ActiveFaults returns the faults in force and how many affected requests remain (0 with
// Count 0 = unlimited).
func (s *Server) ActiveFaults() (Faults, int, bool) {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	if s.faults == nil {
		return Faults{}, 0, false
	}
	return *s.faults, s.faultLeft, true
}

// pickFault decides whether this request is affected and consumes one count.
func (s *Server) pickFault(path string) *Faults {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	f := s.faults
	if f == nil || f.Route != "" && f.Route != path {
		return nil
	}
	if f.RatePercent > 0 && s.faultRand.IntN(100) >= f.RatePercent {
		return nil
	}
	if f.Count > 0 {
		s.faultLeft--
		if s.faultLeft <= 0 {
			s.faults = nil
		}
	}
	cp := *f
	return &cp
}

// The careless relayers of Faults.Relay.
const (
	RelayAgain     = "again"
	RelayUnchecked = "unchecked"
)

// relayKey marks a request the Relay fault picked with its kind (hTokenPermit reads it).
type relayKey struct{}

func relayFault(ctx context.Context) string { v, _ := ctx.Value(relayKey{}).(string); return v }

type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferWriter) Header() http.Header { return b.header }
func (b *bufferWriter) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}
func (b *bufferWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

// withFaults serves r through next, or plays the fault that picks it.
func (s *Server) withFaults(path string, r *http.Request, serve func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter) {
	next := func(w http.ResponseWriter) { serve(w, r) }
	return func(w http.ResponseWriter) {
		f := s.pickFault(path)
		if f == nil {
			next(w)
			return
		}
		if f.LatencyMs > 0 {
			time.Sleep(time.Duration(f.LatencyMs) * time.Millisecond)
		}
		if s.answerInstead(w, r, f, serve) {
			return
		}
		if !f.ResultAsString && !f.TruncateJSON && !f.NoContent {
			next(w)
			return
		}
		rewriteAnswer(w, f, next)
	}
}

// answerInstead plays a fault that answers in the request's place (after running it, for
// AfterExecute and Duplicate), and says whether f was one.
func (s *Server) answerInstead(w http.ResponseWriter, r *http.Request, f *Faults, serve func(http.ResponseWriter, *http.Request)) bool {
	next := func(w http.ResponseWriter) { serve(w, r) }
	switch {
	case f.HTTPStatus != 0:
		if f.AfterExecute {
			next(&bufferWriter{header: http.Header{}})
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(f.HTTPStatus)
		_, _ = fmt.Fprintf(w, "%d %s (sandbox fault)\n", f.HTTPStatus, http.StatusText(f.HTTPStatus))
	case f.ErrorCode != 0 || f.ErrorMsg != "":
		s.writeJSON(w, http.StatusOK, map[string]any{"error_code": f.ErrorCode, "error_msg": f.ErrorMsg})
	case f.RetCode != 0:
		if f.AfterExecute {
			next(&bufferWriter{header: http.Header{}})
		}
		msg := f.RetMsg
		if msg == "" {
			msg = "sandbox fault"
		}
		s.writeJSON(w, http.StatusOK, envelope{RetCode: f.RetCode, RetMsg: msg, TimeNow: s.Now().UnixMilli()})
	case f.Relay != "":
		serve(w, r.WithContext(context.WithValue(r.Context(), relayKey{}, f.Relay)))
	case f.Duplicate:
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			s.writeResult(w, nil, apiErr(CodeParse, "body: cannot read: %v", err))
			return true
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next(&bufferWriter{header: http.Header{}}) // the first copy: its answer goes nowhere
		r.Body = io.NopCloser(bytes.NewReader(body))
		next(w)
	case f.PhantomTxHash:
		s.writeResult(w, map[string]string{"status": "success", "txHash": "0x" + randomHex(32)}, nil)
	default:
		return false
	}
	return true
}

// rewriteAnswer runs the request and changes its answer as f says: no content, the body cut
// in half, or the result re-encoded as a JSON string.
func rewriteAnswer(w http.ResponseWriter, f *Faults, next func(http.ResponseWriter)) {
	buf := &bufferWriter{header: http.Header{}}
	next(buf)
	body := buf.body.Bytes()
	switch {
	case f.NoContent:
		w.WriteHeader(http.StatusNoContent)
		return
	case f.TruncateJSON:
		body = body[:len(body)/2]
	case f.ResultAsString:
		body = resultAsString(body)
	}
	for k, v := range buf.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(buf.status)
	_, _ = w.Write(body)
}

// resultAsString is body with its result re-encoded as a JSON string (unchanged when it has
// no result or is one already).
func resultAsString(body []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	r, ok := m["result"]
	if !ok || len(r) == 0 || r[0] == '"' {
		return body
	}
	enc, _ := json.Marshal(string(r))
	m["result"] = enc
	if b, err := json.Marshal(m); err == nil {
		return b
	}
	return body
}

// --- control HTTP surface ---

// flexID reads a tokenId given as a JSON number or string.
type flexID uint64

func (f *flexID) UnmarshalJSON(b []byte) error {
	v := string(b)
	if uq, err := strconv.Unquote(v); err == nil {
		v = uq
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("tokenId: expected a decimal id, got %s", b)
	}
	*f = flexID(n)
	return nil
}

// flexStatus reads a status given by name or number.
type flexStatus uint8

func (f *flexStatus) UnmarshalJSON(b []byte) error {
	v := string(b)
	if uq, err := strconv.Unquote(v); err == nil {
		v = uq
	}
	st, err := ParseStatus(v)
	if err != nil {
		return err
	}
	*f = flexStatus(st)
	return nil
}

func (s *Server) controlHandler() http.Handler {
	mux := http.NewServeMux()
	type idBody struct {
		TokenID flexID `json:"tokenId"`
	}
	post := func(path string, h func(body []byte) (any, error)) {
		mux.HandleFunc("POST /sandbox/"+path, func(w http.ResponseWriter, r *http.Request) {
			var buf bytes.Buffer
			if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBody)); err != nil {
				s.writeControl(w, nil, apiErr(CodeParse, "body: %v", err))
				return
			}
			res, err := h(buf.Bytes())
			s.writeControl(w, res, err)
		})
	}
	withID := func(f func(uint64) error) func([]byte) (any, error) {
		return func(b []byte) (any, error) {
			var body idBody
			if err := decodeStrict(b, &body); err != nil {
				return nil, err
			}
			if body.TokenID == 0 {
				return nil, apiErr(CodeParam, "tokenId: required")
			}
			if err := f(uint64(body.TokenID)); err != nil {
				return nil, err
			}
			return s.State(uint64(body.TokenID))
		}
	}
	post("mint-token-id", func(b []byte) (any, error) {
		if len(bytes.TrimSpace(b)) > 0 {
			var none struct{}
			if err := decodeStrict(b, &none); err != nil {
				return nil, err
			}
		}
		id, err := s.IssueTokenID()
		if err != nil {
			return nil, err
		}
		return map[string]string{"tokenId": strconv.FormatUint(id, 10)}, nil
	})
	post("share-token", func(b []byte) (any, error) {
		var body struct {
			TokenID flexID   `json:"tokenId"`
			Outcome string   `json:"outcome"`
			Missing []string `json:"missingFields"`
			Code    int      `json:"code"`
		}
		if err := decodeStrict(b, &body); err != nil {
			return nil, err
		}
		tok, err := s.IssueShareToken(uint64(body.TokenID), body.Outcome, body.Missing, body.Code)
		if err != nil {
			return nil, err
		}
		return map[string]string{"shareToken": tok}, nil
	})
	post("kyc-approve", withID(s.KYCApprove))
	post("advance", withID(s.Advance))
	post("crs-required", withID(s.CRSRequired))
	post("kyc-reject", func(b []byte) (any, error) {
		var body struct {
			TokenID flexID `json:"tokenId"`
			Reason  string `json:"reason"`
			Final   bool   `json:"final"`
		}
		if err := decodeStrict(b, &body); err != nil {
			return nil, err
		}
		if err := s.KYCReject(uint64(body.TokenID), body.Reason, body.Final); err != nil {
			return nil, err
		}
		return s.State(uint64(body.TokenID))
	})
	post("set-status", func(b []byte) (any, error) {
		var body struct {
			TokenID flexID      `json:"tokenId"`
			Status  *flexStatus `json:"status"`
		}
		if err := decodeStrict(b, &body); err != nil {
			return nil, err
		}
		if body.TokenID == 0 || body.Status == nil {
			return nil, apiErr(CodeParam, "set-status: tokenId and status are required")
		}
		if err := s.SetStatus(uint64(body.TokenID), uint8(*body.Status)); err != nil {
			return nil, err
		}
		return s.State(uint64(body.TokenID))
	})
	post("faults", func(b []byte) (any, error) {
		var f Faults
		if err := decodeStrict(b, &f); err != nil {
			return nil, err
		}
		if err := s.SetFaults(f); err != nil {
			return nil, err
		}
		return f, nil
	})
	post("clock-skew", func(b []byte) (any, error) {
		var body struct {
			Seconds *int64 `json:"seconds"`
		}
		if err := decodeStrict(b, &body); err != nil {
			return nil, err
		}
		if body.Seconds == nil {
			return nil, apiErr(CodeParam, "clock-skew: seconds is required")
		}
		s.SetClockSkew(*body.Seconds)
		return map[string]int64{"seconds": *body.Seconds, "serverTimeMs": s.Now().UnixMilli()}, nil
	})
	mux.HandleFunc("GET /sandbox/state", func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.Query().Get("tokenId"); q != "" {
			id, err := strconv.ParseUint(q, 10, 64)
			if err != nil {
				s.writeControl(w, nil, apiErr(CodeParam, "tokenId %q: expected a decimal id", q))
				return
			}
			v, verr := s.State(id)
			s.writeControl(w, v, verr)
			return
		}
		s.writeControl(w, s.Overview(), nil)
	})
	mux.HandleFunc("/sandbox/", func(w http.ResponseWriter, r *http.Request) {
		s.writeJSON(w, http.StatusNotFound, envelope{RetCode: CodeSystem, RetMsg: fmt.Sprintf("no such control route: %s %s", r.Method, r.URL.Path), TimeNow: s.Now().UnixMilli()})
	})
	return mux
}

// Overview is the state view without a tokenId.
type Overview struct {
	Network      string        `json:"network"`
	ServerTimeMs int64         `json:"serverTimeMs"`
	SkewSeconds  int64         `json:"skewSeconds"`
	Faults       *Faults       `json:"faults,omitempty"`
	FaultsLeft   int           `json:"faultsLeft,omitempty"`
	Accounts     []AccountView `json:"accounts"`
}

// Overview lists every account and the control settings.
func (s *Server) Overview() Overview {
	f, left, ok := s.ActiveFaults()
	s.mu.Lock()
	defer s.mu.Unlock()
	o := Overview{Network: s.network, ServerTimeMs: s.nowLocked().UnixMilli(), SkewSeconds: s.st.SkewSeconds, Accounts: []AccountView{}}
	if ok {
		o.Faults, o.FaultsLeft = &f, left
	}
	for _, a := range s.st.Accounts {
		o.Accounts = append(o.Accounts, s.viewLocked(a))
	}
	sortViews(o.Accounts)
	return o
}

func sortViews(v []AccountView) {
	slices.SortFunc(v, func(a, b AccountView) int { return cmp.Compare(a.TokenID, b.TokenID) })
}
