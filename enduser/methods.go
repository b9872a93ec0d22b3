package enduser

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/mail"
	"strings"
	"time"
	"unicode"

	"github.com/ethereum/go-ethereum/common"

	"purse/internal/lazyre"
	"purse/wallet"
)

// call marshals the body once, sends exactly those bytes and decodes the result into out.
// A call without a body sends the route's NoBody (a read the profile makes a POST sends {}).
func (c *Client) call(ctx context.Context, route string, auth AuthLevel, body any, out any) (*Response, error) {
	rq := request{route: route, auth: auth, body: c.routes[route].NoBody()}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("%s: encoding the request body: %w", route, err)
		}
		rq.body = b
	}
	resp, err := c.do(ctx, rq)
	if err != nil {
		return resp, err
	}
	if out != nil {
		if err := decodeResult(resp, out); err != nil {
			return resp, err
		}
	}
	return resp, nil
}

func (c *Client) level(route string) AuthLevel { return c.routes[route].Auth }

// Timestamp asks the service for its time (route "timestamp", no auth) and syncs the
// clock. The result may be a number (ms, or seconds when small) or an object with a
// timestamp-like field; the envelope's timeNow is the fallback.
func (c *Client) Timestamp(ctx context.Context) (time.Time, error) {
	sent := time.Now()
	resp, err := c.do(ctx, request{route: RouteTimestamp, auth: AuthNone})
	if err != nil {
		return time.Time{}, err
	}
	ms, own, err := TimestampOf(resp)
	if err != nil {
		return time.Time{}, err
	}
	if ms <= 0 {
		return time.Time{}, &DecodeError{Route: resp.Route, Status: resp.Status, Err: errors.New("no server time in the result nor in timeNow"), Body: excerpt(resp.Body)}
	}
	if own {
		// decode has recorded the envelope's timeNow; the route's own answer is the source.
		c.clock.Observe(TimeFromTimestamp, resp.Route, ms, sent, time.Now())
	}
	return time.UnixMilli(ms), nil
}

// TimestampOf reads the time of a timestamp answer; own is false when it is the
// envelope's timeNow, not the result's (ms 0: neither holds one).
func TimestampOf(resp *Response) (ms int64, own bool, err error) {
	res := resp.Result
	if len(res) == 0 {
		return resp.TimeNow, false, nil
	}
	var n Int
	if n.UnmarshalJSON(res) == nil {
		return toMillis(int64(n)), true, nil
	}
	var obj struct {
		Timestamp  Int `json:"timestamp"`
		ServerTime Int `json:"serverTime"`
		Time       Int `json:"time"`
		TimeNow    Int `json:"timeNow"`
	}
	if err := json.Unmarshal(res, &obj); err != nil {
		return 0, false, &DecodeError{Route: resp.Route, Status: resp.Status, Err: fmt.Errorf("result: %w", err), Body: excerpt(res)}
	}
	for _, v := range []Int{obj.Timestamp, obj.ServerTime, obj.Time, obj.TimeNow} {
		if v > 0 {
			return toMillis(int64(v)), true, nil
		}
	}
	return resp.TimeNow, false, nil
}

// toMillis reads a Unix time in seconds or milliseconds (seconds stay below 1e11 until the
// year 5138).
func toMillis(v int64) int64 {
	if v > 0 && v < 100_000_000_000 {
		return v * 1000
	}
	return v
}

// CheckEmail accepts a bare address (name@example.com) and nothing else: no display name,
// comment or angle brackets, no spaces, and no control characters, since a CR/LF in an email
// would be printed raw and could inject lines into whatever carries it (a header, a log).
// The error quotes the input with %q, so it never writes a control character either.
func CheckEmail(email string) error {
	for _, r := range email {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			return fmt.Errorf("expected an address like name@example.com without spaces or control characters, got %q", email)
		}
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" || len(email) > 254 {
		return fmt.Errorf("expected an address like name@example.com, got %q", email)
	}
	return nil
}

// EmailStatus asks whether an email can register (route "email-status", no auth):
// true when available, false when already registered (retCode 10019).
func (c *Client) EmailStatus(ctx context.Context, email string) (available bool, err error) {
	if err := CheckEmail(email); err != nil {
		return false, invalid(RouteEmailStatus, "email", "%v", err)
	}
	_, err = c.call(ctx, RouteEmailStatus, c.level(RouteEmailStatus), map[string]string{"email": email}, nil)
	if errors.Is(err, ErrEmailRegistered) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// AccountStatus reads the account status (route "account-status", basic auth). The result
// is a JSON-encoded string on the wire; both forms are read.
func (c *Client) AccountStatus(ctx context.Context) (AccountStatus, error) {
	return readAs[AccountStatus](ctx, c, RouteAccountStatus, nil)
}

var hexRE = lazyre.New(`^#?[0-9a-fA-F]{3,8}$`)

// Mint mints the account NFT (route "mint", basic auth; status must be Na). The client's
// token ID must be the one generated beforehand: use WithTokenID(NewMintTokenID(...)).
func (c *Client) Mint(ctx context.Context, req MintRequest) (MintResult, error) {
	if !common.IsHexAddress(req.Address) || !strings.HasPrefix(req.Address, "0x") {
		return MintResult{}, invalid(RouteMint, "address", "expected a 0x-prefixed 20-byte hex address, got %q", req.Address)
	}
	for _, f := range []struct{ name, v string }{
		{"lotNumber", req.LotNumber}, {"captchaOutput", req.CaptchaOutput}, {"passToken", req.PassToken}, {"genTime", req.GenTime},
	} {
		if strings.TrimSpace(f.v) == "" {
			return MintResult{}, invalid(RouteMint, f.name, "required captcha field is empty")
		}
	}
	if req.BackGroundColor != "" && !hexRE().MatchString(req.BackGroundColor) {
		return MintResult{}, invalid(RouteMint, "backGroundColor", "expected a hex colour such as #1a2b3c, got %q", req.BackGroundColor)
	}
	var out MintResult
	_, err := c.call(ctx, RouteMint, c.level(RouteMint), req, &out)
	return out, err
}

// NewMintTokenID generates the token ID a mint uses: 10 decimal digits whose first is 1..7
// (never 0, 8 or 9), uniform without modulo bias. r is crypto/rand.Reader when nil; when
// r fails, crypto/rand.Reader is used instead.
func NewMintTokenID(r io.Reader) string {
	if r == nil {
		r = rand.Reader
	}
	id, err := mintTokenID(r)
	if err != nil {
		id, _ = mintTokenID(rand.Reader)
	}
	return id
}

func mintTokenID(r io.Reader) (string, error) {
	out := make([]byte, 0, 10)
	var one [1]byte
	for len(out) < 10 {
		if _, err := io.ReadFull(r, one[:]); err != nil {
			return "", err
		}
		b := one[0]
		if len(out) == 0 {
			if b >= 252 { // 252 = 36*7: keep the first digit uniform over 1..7
				continue
			}
			out = append(out, '1'+b%7)
			continue
		}
		if b >= 250 { // 250 = 25*10
			continue
		}
		out = append(out, '0'+b%10)
	}
	return string(out), nil
}

// CheckMintTokenID reports whether id is a valid mint token ID.
func CheckMintTokenID(id string) error {
	if len(id) != 10 {
		return fmt.Errorf("mint token ID: expected 10 digits, got %d characters", len(id))
	}
	for i, ch := range id {
		if ch < '0' || ch > '9' {
			return fmt.Errorf("mint token ID: expected digits only, got %q", id)
		}
		if i == 0 && (ch == '0' || ch == '8' || ch == '9') {
			return fmt.Errorf("mint token ID: must not start with 0, 8 or 9, got %q", id)
		}
	}
	return nil
}

// IDVAccessToken gets a KYC vendor SDK access token (route "idv-access-token", full auth).
func (c *Client) IDVAccessToken(ctx context.Context, req IDVTokenRequest) (IDVToken, error) {
	if req.TTL < 0 {
		return IDVToken{}, invalid(RouteIDVToken, "ttl", "expected seconds ≥ 0, got %d", req.TTL)
	}
	if req.RetryLevel != 0 && !req.IsRetryVerification {
		return IDVToken{}, invalid(RouteIDVToken, "retryLevel", "only allowed with isRetryVerification")
	}
	if req.RetryLevel < 0 || req.RetryLevel > 8 {
		return IDVToken{}, invalid(RouteIDVToken, "retryLevel", "expected 1..8, got %d", req.RetryLevel)
	}
	var out IDVToken
	_, err := c.call(ctx, RouteIDVToken, c.level(RouteIDVToken), req, &out)
	return out, err
}

// FormAInfo reads the Form A declaration text (route "form-a-info", full auth). The result
// may be an object or a JSON-encoded string; the text is returned byte for byte.
func (c *Client) FormAInfo(ctx context.Context) (FormAInfo, error) {
	return readAs[FormAInfo](ctx, c, RouteFormAInfo, nil)
}

// SubmitFormA submits the signed Form A (route "submit-form-a", full auth; design 2.4).
// Sign the exact text with wallet.SignFormA first.
func (c *Client) SubmitFormA(ctx context.Context, s FormASubmission) error {
	if s.KYCSelfDec == "" {
		return invalid(RouteSubmitFormA, "kycSelfDec", "expected the exact declaration text, got an empty string")
	}
	if _, err := wallet.ParseSignature("kycSelfDecSign", s.KYCSelfDecSign); err != nil {
		return invalid(RouteSubmitFormA, "kycSelfDecSign", "%s", strings.TrimPrefix(err.Error(), "kycSelfDecSign: "))
	}
	_, err := c.call(ctx, RouteSubmitFormA, c.level(RouteSubmitFormA), s, nil)
	return err
}

// CardStatus blocks (CardBlocked) or activates (CardActive) a card (route "card-status",
// full auth). cardTokenId is the card's tokenId from the card read.
func (c *Client) CardStatus(ctx context.Context, req CardStatusRequest) (CardStatusResult, error) {
	if strings.TrimSpace(req.CardTokenID) == "" {
		return CardStatusResult{}, invalid(RouteCardStatus, "cardTokenId", "expected the card's tokenId from the card read, got an empty string")
	}
	if req.Status != CardBlocked && req.Status != CardActive {
		return CardStatusResult{}, invalid(RouteCardStatus, "status", "expected 0 (blocked) or 1 (active), got %d", req.Status)
	}
	var out CardStatusResult
	_, err := c.call(ctx, RouteCardStatus, c.level(RouteCardStatus), req, &out)
	return out, err
}

var isoCurrencyRE = lazyre.New(`^[A-Z]{3}$`)

// CardCurrency sets the card's currency (route "card-currency", full auth; evidence §3): the
// card by its externalId from the card read, the currency an ISO 4217 code.
func (c *Client) CardCurrency(ctx context.Context, req CardCurrencyRequest) error {
	if id := req.CardExternalID; strings.TrimSpace(id) == "" || strings.ContainsFunc(id, spaceOrControl) {
		return invalid(RouteCardCurrency, "cardExternalId", "expected the card's externalId from the card read, got %q", id)
	}
	if !isoCurrencyRE().MatchString(req.Currency) {
		return invalid(RouteCardCurrency, "currency", "expected a three-letter ISO 4217 code such as EUR, got %q", req.Currency)
	}
	_, err := c.call(ctx, RouteCardCurrency, c.level(RouteCardCurrency), req, nil)
	return err
}

// NotSent says whether err proves a request never reached the service: refused before
// sending (*ValidationError), not signed (*SignError), or a connection that was never made.
// Anything else (no answer in time, an answer too large to read) may have followed the
// service acting on it.
func NotSent(err error) bool {
	var ve *ValidationError
	var se *SignError
	var op *net.OpError
	return errors.As(err, &ve) || errors.As(err, &se) || errors.As(err, &op) && op.Op == "dial"
}

var hex32RE = lazyre.New(`^0x[0-9a-fA-F]{64}$`)

// TokenPermit submits a signed EIP-2612 permit (route "token-permit", full auth). retCode
// 10011 ("exists Allowance") is not a failure: the result says AlreadyPermitted.
func (c *Client) TokenPermit(ctx context.Context, req TokenPermitRequest) (TokenPermitResult, error) {
	if err := checkPermit(req); err != nil {
		return TokenPermitResult{}, err
	}
	var out TokenPermitResult
	resp, err := c.call(ctx, RouteTokenPermit, c.level(RouteTokenPermit), req, &out)
	var api *APIError
	if errors.As(err, &api) && api.Code == CodeAllowanceExists {
		return TokenPermitResult{AlreadyPermitted: true, Message: api.Message}, nil
	}
	if errors.Is(err, ErrEmptyAnswer) {
		return out, fmt.Errorf("%w: %w", ErrNoTxHash, err)
	}
	if err != nil {
		return out, err
	}
	// The route must name the relayed transaction: an empty or null answer is no proof that
	// anything was submitted.
	if resp.Empty || out.TxHash == "" {
		return out, &DecodeError{Route: resp.Route, Status: resp.Status, Err: ErrNoTxHash, Body: excerpt(resp.Body)}
	}
	if !hex32RE().MatchString(out.TxHash) {
		return out, &DecodeError{Route: resp.Route, Status: resp.Status, Err: fmt.Errorf("txHash %q: expected 0x + 32 bytes hex", out.TxHash), Body: excerpt(resp.Body)}
	}
	return out, nil
}

// ErrNoTxHash is a token-permit answer without the relayed transaction's hash (empty body,
// null result, or no txHash): whether the permit was relayed is unknown.
var ErrNoTxHash = errors.New("the answer names no relayed transaction (txHash): whether the permit was submitted is unknown")

func checkPermit(r TokenPermitRequest) error {
	if !common.IsHexAddress(r.Address) || !strings.HasPrefix(r.Address, "0x") {
		return invalid(RouteTokenPermit, "address", "expected the token contract as a 0x-prefixed 20-byte hex address, got %q", r.Address)
	}
	if r.Amount.Sign() < 0 {
		return invalid(RouteTokenPermit, "amount", "expected a non-negative decimal, got %s", r.Amount)
	}
	if r.PermitAmount.Sign() < 0 {
		return invalid(RouteTokenPermit, "permitAmount", "expected the signed value as a non-negative decimal in the token's units, got %s", r.PermitAmount)
	}
	if r.PermitDeadline <= 0 {
		return invalid(RouteTokenPermit, "permitDeadline", "expected Unix seconds, got %d", r.PermitDeadline)
	}
	if r.PermitV != 27 && r.PermitV != 28 {
		return invalid(RouteTokenPermit, "permitV", "expected 27 or 28, got %d", r.PermitV)
	}
	if !hex32RE().MatchString(r.PermitR) {
		return invalid(RouteTokenPermit, "permitR", "expected 0x + 32 bytes hex, got %q", r.PermitR)
	}
	if !hex32RE().MatchString(r.PermitS) {
		return invalid(RouteTokenPermit, "permitS", "expected 0x + 32 bytes hex, got %q", r.PermitS)
	}
	return nil
}

// ChainConfigs reads the chain configuration (route "chain-configs", full auth) with
// balances and the card activation flag.
func (c *Client) ChainConfigs(ctx context.Context) (ChainConfigs, error) {
	return readAs[ChainConfigs](ctx, c, RouteChainConfigs, nil)
}

// ChainConfigsLoggedOut reads the chain configuration without any auth header: reduced
// data, no balances, no canActivateCard.
func (c *Client) ChainConfigsLoggedOut(ctx context.Context) (ChainConfigs, error) {
	var out ChainConfigs
	_, err := c.call(ctx, RouteChainConfigs, AuthNone, nil, &out)
	return out, err
}

// OnrampLimit reads the on-ramp limits (route "onramp-limit", full auth; Live accounts).
func (c *Client) OnrampLimit(ctx context.Context) (OnrampLimit, error) {
	return readAs[OnrampLimit](ctx, c, RouteOnrampLimit, nil)
}

// Profile reads the banking profile (route "profile", full auth; design 2.4).
func (c *Client) Profile(ctx context.Context) (Profile, error) {
	return readAs[Profile](ctx, c, RouteProfile, nil)
}

// Card reads the card (route "card", full auth; design 2.4). The answer may be an envelope
// or the card's fields at the top level.
func (c *Client) Card(ctx context.Context) (Card, error) {
	var out struct {
		Card
		Cards *[]Card `json:"cards"`
	}
	_, err := c.call(ctx, RouteCard, c.level(RouteCard), nil, &out)
	var he *HTTPError
	switch {
	case errors.As(err, &he) && he.Status == http.StatusNotFound:
		return Card{}, fmt.Errorf("%w (HTTP 404): %w", ErrNoCard, err)
	case err != nil:
		return Card{}, err
	case out.Cards != nil && len(*out.Cards) == 0:
		return Card{}, fmt.Errorf("%w (an empty card list)", ErrNoCard)
	case out.Cards != nil:
		// The card list form ({cards:[…]}); an account has one card.
		return (*out.Cards)[0], nil
	}
	return out.Card, nil
}

// IssueCard asks for a card (route "issue-card", POST {} with full auth; design 2.4).
func (c *Client) IssueCard(ctx context.Context) error {
	_, err := c.call(ctx, RouteIssueCard, c.level(RouteIssueCard), struct{}{}, nil)
	return err
}
