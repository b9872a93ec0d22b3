package sandboxctl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"purse/enduser"
	"purse/internal/sandboxwire"
)

// Control is a client of a running sandbox's control surface (/sandbox/...): the KYC
// decisions, state changes, fault injection and clock skew a tester drives by hand. It
// talks to any sandbox, started by the TUI or in another terminal, through its base URL (the
// profile's user_api).
type Control struct {
	base string
	http *http.Client
	log  *enduser.RequestLog
}

// WithLog records every call in log (nil: none), as the end-user client records its own, so
// --trace and --curl show the control calls too.
func (c *Control) WithLog(log *enduser.RequestLog) *Control {
	c.log = log
	return c
}

// NewControl returns a control client of the sandbox at baseURL (e.g. http://127.0.0.1:8787).
func NewControl(baseURL string) *Control {
	return &Control{base: strings.TrimRight(baseURL, "/"), http: &http.Client{Timeout: 30 * time.Second}}
}

// BaseURL is the sandbox's base URL.
func (c *Control) BaseURL() string { return c.base }

// ControlError is a refusal of the control surface: a non-zero retCode, or a non-200
// answer.
type ControlError struct {
	Route      string
	RetCode    int
	Message    string
	HTTPStatus int
}

func (e *ControlError) Error() string {
	if e.RetCode != 0 {
		return fmt.Sprintf("sandbox control %s: %s (retCode %d)", e.Route, e.Message, e.RetCode)
	}
	return fmt.Sprintf("sandbox control %s: HTTP %d: %s", e.Route, e.HTTPStatus, e.Message)
}

// NextStep says what to do about the refusal.
func (e *ControlError) NextStep() string {
	if e.HTTPStatus == http.StatusNotFound {
		return "This address does not serve the purse sandbox's control surface: check that the profile's user_api is a purse sandbox."
	}
	return "The sandbox refused this step in the account's current state: refresh the account (r) and pick a step that fits it."
}

// Info reads GET /sandbox/info: every URL of the sandbox and its network. A server that
// answers it is a purse sandbox.
func (c *Control) Info(ctx context.Context) (Info, error) {
	raw, err := c.do(ctx, http.MethodGet, "info", nil)
	var ce *ControlError
	switch {
	case errors.As(err, &ce):
		return Info{}, fmt.Errorf("%s/sandbox/info answered HTTP %d: not a purse sandbox", c.base, ce.HTTPStatus)
	case err != nil:
		return Info{}, fmt.Errorf("the sandbox at %s does not answer: %v (start one with `purse sandbox`)", c.base, err)
	}
	var info Info
	if err := json.Unmarshal(raw, &info); err != nil || info.UserAPI == "" || info.Network == "" {
		return Info{}, &ControlError{Route: "info", HTTPStatus: http.StatusOK, Message: "the answer is not sandbox info (userAPI and network expected)"}
	}
	if err := info.Check(); err != nil {
		return Info{}, &ControlError{Route: "info", HTTPStatus: http.StatusOK, Message: "the sandbox info does not make a profile: " + err.Error()}
	}
	return info, nil
}

// IssueTokenID asks the sandbox for an account id to mint (the id "generated beforehand").
func (c *Control) IssueTokenID(ctx context.Context) (string, error) {
	raw, err := c.do(ctx, http.MethodPost, "mint-token-id", map[string]any{})
	if err != nil {
		return "", err
	}
	var v struct {
		TokenID string `json:"tokenId"`
	}
	if err := json.Unmarshal(raw, &v); err != nil || v.TokenID == "" {
		return "", &ControlError{Route: "mint-token-id", HTTPStatus: http.StatusOK, Message: "the answer names no tokenId"}
	}
	return v.TokenID, nil
}

// KYCApprove approves the vendor review of an account (IDScan → SignFormA) and returns the
// sandbox's view of the account.
func (c *Control) KYCApprove(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return c.withID(ctx, "kyc-approve", tokenID, nil)
}

// KYCReject rejects the vendor review with reason; final makes it FINAL (no retry) instead
// of RETRY.
func (c *Control) KYCReject(ctx context.Context, tokenID, reason string, final bool) (json.RawMessage, error) {
	return c.withID(ctx, "kyc-reject", tokenID, map[string]any{"reason": reason, "final": final})
}

// Advance skips the current delay: a pending review is approved, Review becomes Live.
func (c *Control) Advance(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return c.withID(ctx, "advance", tokenID, nil)
}

// Faults describe injected failures for /api/ routes (sandboxwire.Faults).
type Faults = sandboxwire.Faults

// SetFaults replaces the injected faults of the end-user API (the zero Faults clears them).
func (c *Control) SetFaults(ctx context.Context, f Faults) (json.RawMessage, error) {
	return c.do(ctx, http.MethodPost, "faults", f)
}

// SetStatus sets the account status by name (Na, SoftBlocked, Tourist, Blocked, Closed,
// Live) or number (0-5).
func (c *Control) SetStatus(ctx context.Context, tokenID, status string) (json.RawMessage, error) {
	return c.withID(ctx, "set-status", tokenID, map[string]any{"status": status})
}

// CRSRequired asks the account for the CRS self-certification (crsInfo.needCrs).
func (c *Control) CRSRequired(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return c.withID(ctx, "crs-required", tokenID, nil)
}

// RegisterPartner accepts alt-chain quotes signed by the partner key at address.
func (c *Control) RegisterPartner(ctx context.Context, address string) (json.RawMessage, error) {
	return c.do(ctx, http.MethodPost, "partner-register", map[string]string{"address": address})
}

// Ledger sets the sandbox's Ledger stand-in (ledgertest.State fields as JSON: app, press,
// locked, blindSigning); fields not given keep their value.
func (c *Control) Ledger(ctx context.Context, state map[string]any) (json.RawMessage, error) {
	return c.do(ctx, http.MethodPost, "ledger", state)
}

// FundEVM gives an address on the sandbox's EVM gas money and USDC (an EVM deposit's).
func (c *Control) FundEVM(ctx context.Context, address string) (json.RawMessage, error) {
	return c.do(ctx, http.MethodPost, "evm-fund", map[string]string{"address": address})
}

// FundSolana gives a Solana address lamports and USDC (smallest units), creating its USDC
// account.
func (c *Control) FundSolana(ctx context.Context, address string, lamports, usdc uint64) (json.RawMessage, error) {
	return c.doPath(ctx, http.MethodPost, "/solana/sandbox/solana-fund", "solana-fund", map[string]any{"address": address, "lamports": lamports, "usdc": usdc})
}

// Reset starts the sandbox afresh: every account, the EVM chain and the Solana ledger are
// dropped, in its state folder too. Profiles that name an account of it must forget it.
func (c *Control) Reset(ctx context.Context) error {
	_, err := c.do(ctx, http.MethodPost, "reset", map[string]any{})
	return err
}

// ClearFaults removes every injected fault.
func (c *Control) ClearFaults(ctx context.Context) (json.RawMessage, error) {
	return c.SetFaults(ctx, Faults{})
}

// ClockSkew runs the sandbox clock seconds ahead of real time (behind when negative).
func (c *Control) ClockSkew(ctx context.Context, seconds int64) (json.RawMessage, error) {
	return c.do(ctx, http.MethodPost, "clock-skew", map[string]any{"seconds": seconds})
}

// State is the sandbox's view of an account; with tokenID "" the overview of every account,
// the faults and the clock.
func (c *Control) State(ctx context.Context, tokenID string) (json.RawMessage, error) {
	route := "state"
	if tokenID != "" {
		if _, err := parseTokenID(tokenID); err != nil {
			return nil, err
		}
		route += "?tokenId=" + url.QueryEscape(tokenID)
	}
	return c.do(ctx, http.MethodGet, route, nil)
}

func parseTokenID(tokenID string) (uint64, error) {
	n, err := strconv.ParseUint(tokenID, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("sandbox control: token id: expected a positive decimal account id, got %q", tokenID)
	}
	return n, nil
}

func (c *Control) withID(ctx context.Context, route, tokenID string, extra map[string]any) (json.RawMessage, error) {
	id, err := parseTokenID(tokenID)
	if err != nil {
		return nil, err
	}
	body := map[string]any{"tokenId": id}
	for k, v := range extra {
		body[k] = v
	}
	return c.do(ctx, http.MethodPost, route, body)
}

// do calls {base}/sandbox/<route>.
func (c *Control) do(ctx context.Context, method, route string, body any) (json.RawMessage, error) {
	name := route
	if i := strings.IndexByte(name, '?'); i >= 0 {
		name = name[:i]
	}
	return c.doPath(ctx, method, "/sandbox/"+route, name, body)
}

// doPath calls {base}<path> (name is the route in errors) and unwraps the {retCode, retMsg,
// result} envelope; an answer without an envelope (/sandbox/info) is returned as it came.
func (c *Control) doPath(ctx context.Context, method, path, name string, body any) (json.RawMessage, error) {
	var rd io.Reader
	var sent []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("sandbox control %s: %v", name, err)
		}
		rd, sent = bytes.NewReader(b), b
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("sandbox control %s: %v", name, err)
	}
	entry := enduser.Entry{Time: time.Now(), Route: "sandbox " + name, Method: method, BaseURL: c.base, Path: path}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		entry.Headers = []enduser.Header{{Name: "Content-Type", Value: "application/json"}}
	}
	var raw []byte
	defer func() {
		if c.log != nil {
			entry.Latency = time.Since(entry.Time)
			c.log.Record(entry, sent, raw)
		}
	}()
	resp, err := c.http.Do(req)
	if err != nil {
		entry.Err = err.Error()
		return nil, fmt.Errorf("sandbox control %s: %w", name, err)
	}
	defer resp.Body.Close()
	entry.Status = resp.StatusCode
	raw, err = io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		entry.Err = err.Error()
		return nil, fmt.Errorf("sandbox control %s: reading the answer: %w", name, err)
	}
	var env struct {
		RetCode *int            `json:"retCode"`
		RetMsg  string          `json:"retMsg"`
		Result  json.RawMessage `json:"result"`
	}
	enveloped := json.Unmarshal(raw, &env) == nil && env.RetCode != nil
	if enveloped {
		entry.RetCode = env.RetCode
		if *env.RetCode != 0 {
			entry.Err = env.RetMsg
		}
	}
	if enveloped && (*env.RetCode != 0 || resp.StatusCode != http.StatusOK) {
		return nil, &ControlError{Route: name, RetCode: *env.RetCode, Message: env.RetMsg, HTTPStatus: resp.StatusCode}
	}
	if resp.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(raw))
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		return nil, &ControlError{Route: name, Message: msg, HTTPStatus: resp.StatusCode}
	}
	if enveloped {
		if len(env.Result) == 0 {
			return json.RawMessage("null"), nil
		}
		return env.Result, nil
	}
	return raw, nil
}
