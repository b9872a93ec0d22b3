package enduser

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// envelope holds every key of the envelopes seen in practice (design 2.3). A nil field
// was absent; json "null" arrives as the bytes null.
type envelope struct {
	RetCode   json.RawMessage `json:"retCode"`
	RetMsg    json.RawMessage `json:"retMsg"`
	Result    json.RawMessage `json:"result"`
	TimeNow   json.RawMessage `json:"timeNow"`
	ErrorCode json.RawMessage `json:"error_code"`
	ErrorMsg  json.RawMessage `json:"error_msg"`
}

const bodyExcerpt = 512

func excerpt(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) <= bodyExcerpt {
		return string(b)
	}
	cut := bodyExcerpt
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]) + fmt.Sprintf("… (%d bytes)", len(b))
}

func isGatewayStatus(s int) bool {
	return s == http.StatusBadGateway || s == http.StatusServiceUnavailable || s == http.StatusGatewayTimeout
}

// decode turns one HTTP answer into a Response or a typed error.
func (c *Client) decode(r Route, status int, raw []byte, sent, received time.Time) (*Response, error) {
	out := &Response{Route: r.Name, Status: status, Body: raw, MayBeEmpty: r.MayBeEmpty}
	if len(raw) > MaxResponseBytes {
		return nil, &DecodeError{Route: r.Name, Status: status, Err: fmt.Errorf("response larger than %d bytes", MaxResponseBytes)}
	}
	if isGatewayStatus(status) {
		return nil, &GatewayError{Route: r.Name, Status: status}
	}
	trimmed := bytes.TrimSpace(raw)
	ok2xx := status >= 200 && status < 300
	if ok2xx && (status == http.StatusNoContent || len(trimmed) == 0) {
		if !r.MayBeEmpty {
			return nil, &DecodeError{Route: r.Name, Status: status, Err: ErrEmptyAnswer}
		}
		out.Empty = true
		return out, nil
	}
	if !ok2xx {
		herr := &HTTPError{Route: r.Name, Status: status, Body: excerpt(raw)}
		var env envelope
		if json.Unmarshal(trimmed, &env) == nil {
			c.observe(r.Name, env.TimeNow, sent, received)
			if apiErr := envelopeError(r.Name, &env, status); apiErr != nil {
				herr.API = apiErr
			}
		}
		return nil, herr
	}
	var env envelope
	if err := json.Unmarshal(trimmed, &env); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			err = fmt.Errorf("expected a JSON object envelope: %w", err)
		}
		return nil, &DecodeError{Route: r.Name, Status: status, Err: err, Body: excerpt(raw)}
	}
	out.TimeNow = c.observe(r.Name, env.TimeNow, sent, received)
	if apiErr := envelopeError(r.Name, &env, status); apiErr != nil {
		out.RetCode = apiErr.Code
		out.RetMsg = apiErr.Message
		return out, apiErr
	}
	// A success may come without retCode (the service's practice: "retCode 0 or missing"),
	// but then with a result; a body with neither is not an envelope.
	if env.RetCode == nil && env.ErrorCode == nil && env.Result == nil && !r.Unwrapped {
		return nil, &DecodeError{Route: r.Name, Status: status, Err: errors.New("neither retCode, error_code nor result: not an end-user envelope"), Body: excerpt(raw)}
	}
	out.RetMsg = textOf(env.RetMsg)
	res, err := unwrapResult(env.Result)
	if err != nil {
		return nil, &DecodeError{Route: r.Name, Status: status, Err: err, Body: excerpt(raw)}
	}
	if env.Result == nil && r.Unwrapped {
		res = trimmed
	}
	out.Result = res
	return out, nil
}

// observe feeds the clock from the timeNow of route's answer and returns it (0 when absent
// or invalid).
func (c *Client) observe(route string, raw json.RawMessage, sent, received time.Time) int64 {
	if raw == nil {
		return 0
	}
	var ms Int
	if ms.UnmarshalJSON(raw) != nil || ms <= 0 {
		return 0
	}
	c.clock.Observe(TimeFromEnvelope, route, int64(ms), sent, received)
	return int64(ms)
}

func textOf(raw json.RawMessage) string {
	if raw == nil {
		return ""
	}
	var t Text
	if t.UnmarshalJSON(raw) != nil {
		return string(raw)
	}
	return string(t)
}

// envelopeError reads a business error: non-zero retCode, or a non-zero error_code.
func envelopeError(route string, env *envelope, status int) *APIError {
	if env.ErrorCode != nil {
		txt := textOf(env.ErrorCode)
		if txt != "" && txt != "0" {
			code, _ := strconv.Atoi(txt)
			msg := textOf(env.ErrorMsg)
			if msg == "" {
				msg = textOf(env.RetMsg)
			}
			return newAPIError(route, code, txt, msg, true, status)
		}
	}
	if env.RetCode != nil {
		var code Int
		if err := code.UnmarshalJSON(env.RetCode); err != nil {
			txt := textOf(env.RetCode)
			return newAPIError(route, 0, txt, textOf(env.RetMsg), false, status)
		}
		if code != 0 {
			return newAPIError(route, int(code), "", textOf(env.RetMsg), false, status)
		}
	}
	return nil
}

// unwrapResult returns the result as JSON. A JSON-encoded string holding JSON (account
// status always, Form A sometimes) is decoded to that JSON; a string holding anything else
// stays a JSON string.
func unwrapResult(raw json.RawMessage) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] != '"' {
		return raw, nil
	}
	// Byte for byte (rawJSONString): what the string holds may be signed (Form A).
	s, err := rawJSONString(raw)
	if err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	inner := bytes.TrimSpace([]byte(s))
	if len(inner) == 0 || string(inner) == "null" {
		return nil, nil
	}
	if inner[0] == '{' || inner[0] == '[' {
		if !json.Valid(inner) {
			return nil, fmt.Errorf("result: a string that should hold JSON is not valid JSON: %s", excerpt(inner))
		}
		return inner, nil
	}
	return raw, nil
}

// decodeResult reads a response's result into v. An empty result (HTTP 204, or a null or
// absent result) leaves v as it is on a route that may answer empty, and is ErrEmptyAnswer
// elsewhere: a zero value read as data would print "status (0)" or an empty list.
func decodeResult(resp *Response, v any) error {
	if len(resp.Result) == 0 {
		if resp.MayBeEmpty {
			return nil
		}
		return &DecodeError{Route: resp.Route, Status: resp.Status, Err: ErrEmptyAnswer, Body: excerpt(resp.Body)}
	}
	if err := json.Unmarshal(resp.Result, v); err != nil {
		return &DecodeError{Route: resp.Route, Status: resp.Status, Err: fmt.Errorf("result: %w", err), Body: excerpt(resp.Result)}
	}
	return nil
}
