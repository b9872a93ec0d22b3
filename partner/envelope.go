package partner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"purse/protocol"
)

// Routes of the partner API this client names (spec 4.4); the alt-chain quote is package
// altchain's, named here so its codes are explained with the others.
const (
	RouteQuote     = "altchain-quote"
	RouteMint      = "mint"
	RouteIDVToken  = "idv-token"
	RouteIDVStatus = "idv-status"
)

// routeMeanings say what a code means on one route where the route tells more than spec 7's
// general meaning (spec 4.4's per-route error lists).
var routeMeanings = map[string]map[int64]string{
	RouteQuote: {
		20003: "a request parameter was refused: bad svcId, malformed Solana address, unsupported output currency, user not under this partner, amount below 5 USDC, or invalid minUsdcAmount",
		50002: "the service has an internal error or lacks the chain configuration for this network",
		50003: "the service could not reach the Solana RPC or build the quote; retry later",
	},
	RouteMint: {
		20003: "a field of the mint was refused: the email, the address, or the user's consent (its signature, hash or deadline, at most 300 seconds ahead)",
	},
	RouteIDVToken: {
		10001: "the partner request was not authenticated, or the partner is not allowed network-scoped vendor calls",
		20003: "the account's wallet provider is not this partner (a token is made only for accounts the partner minted), or a parameter is invalid",
	},
	RouteIDVStatus: {
		10001: "the partner request was not authenticated, or the partner is not allowed network-scoped vendor calls",
	},
}

// APIError is a non-zero partner-envelope code or an {error_code, error_msg} gateway error.
type APIError struct {
	// Route names the call (Route*); "" when the answer was read from a file of unknown
	// origin.
	Route string
	Code  int64
	// Message is the server's own message, verbatim (Error shows it escaped).
	Message string
	// Gateway is true when the error came as {error_code, error_msg}.
	Gateway bool
}

func (e *APIError) Error() string {
	s := "partner API"
	if e.Route != "" {
		s += " " + e.Route
	}
	s += fmt.Sprintf(": service error %d", e.Code)
	if x := e.Explanation(); x != "" {
		s += " (" + x + ")"
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Explanation says in plain words what the code means for the call: the route's own
// meaning where spec 4.4 gives one, else spec 7's ("" for a code purse does not know).
func (e *APIError) Explanation() string {
	if m, ok := routeMeanings[e.Route][e.Code]; ok {
		return m
	}
	m, _ := protocol.Meaning(protocol.PartnerAPI, int(e.Code))
	return m
}

// NextStep says what to do next (the front ends show it under the error).
func (e *APIError) NextStep() string {
	if a := protocol.Advice(protocol.PartnerAPI, int(e.Code)); a != "" {
		return a
	}
	return fmt.Sprintf("The service returned code %d, which purse does not know. Read the server's message; "+
		"the exchange (--json) shows the exact request to report.", e.Code)
}

// DuplicateKeyError is a JSON object that names a key twice: two parsers could read two
// different answers from it, so it is not read at all.
type DuplicateKeyError struct{ Key string }

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("%s: the key appears twice", strconv.Quote(e.Key))
}

// Members splits a JSON object into its members, refusing duplicate keys
// (*DuplicateKeyError) and data after the object.
func Members(b []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("body is not JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("body: expected a JSON object")
	}
	out := make(map[string]json.RawMessage)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("body is not JSON: %w", err)
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%s: not valid JSON: %w", key, err)
		}
		if _, dup := out[key]; dup {
			return nil, &DuplicateKeyError{Key: key}
		}
		out[key] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("body is not JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("body: unexpected data after the JSON object")
	}
	return out, nil
}

// EnvelopeError is an envelope member of the wrong type.
type EnvelopeError struct {
	Field, Expected string
}

func (e *EnvelopeError) Error() string {
	return "partner API answer: field " + e.Field + ": expected " + e.Expected
}

// isNull reports whether a member is JSON null.
func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// Unwrap reads the partner envelope from an answer's members (spec 2.1: {code, message,
// data}; evidence: the gateway's {error_code, error_msg}). A non-zero code is an *APIError
// of route; code 0 gives data (nil when absent or null). enveloped is false for an object
// with neither code nor error_code: not an envelope, the caller decides what it is.
func Unwrap(top map[string]json.RawMessage, route string) (data json.RawMessage, enveloped bool, err error) {
	if raw, ok := top["error_code"]; ok {
		code, err := jsonInt(raw)
		if err != nil {
			return nil, true, &EnvelopeError{"error_code", "an integer"}
		}
		msg, err := optString(top, "error_msg")
		if err != nil {
			return nil, true, err
		}
		if code == 0 {
			return nil, true, &APIError{Route: route, Code: 0, Message: "gateway error envelope without a code: " + msg, Gateway: true}
		}
		return nil, true, &APIError{Route: route, Code: code, Message: msg, Gateway: true}
	}
	raw, ok := top["code"]
	if !ok {
		return nil, false, nil
	}
	code, err := jsonInt(raw)
	if err != nil {
		return nil, true, &EnvelopeError{"code", "an integer"}
	}
	msg, err := optString(top, "message")
	if err != nil {
		return nil, true, err
	}
	if code != 0 {
		return nil, true, &APIError{Route: route, Code: code, Message: msg}
	}
	if d, ok := top["data"]; ok && !isNull(d) {
		data = d
	}
	return data, true, nil
}

func optString(top map[string]json.RawMessage, name string) (string, error) {
	var s string
	if m, ok := top[name]; ok && !isNull(m) {
		if err := json.Unmarshal(m, &s); err != nil {
			return "", &EnvelopeError{name, "a string"}
		}
	}
	return s, nil
}

func jsonInt(raw json.RawMessage) (int64, error) {
	s := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
	}
	return strconv.ParseInt(s, 10, 64)
}
