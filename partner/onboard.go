package partner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/ethereum/go-ethereum/common"

	"purse/internal/lazyre"
	"purse/protocol"
	"purse/wallet"
)

// RouteNames are the onboarding routes (spec 4.4: the partner mint, and the
// identity-verification vendor's access token and status by network), whose path
// Client.Paths may replace, in a stable order. Their default paths are the route table's,
// with the service's names for its stand-ins (Client.Names: the vendor "idv" in
// /v1/idv-status-by-network).
func RouteNames() []string { return []string{RouteMint, RouteIDVToken, RouteIDVStatus} }

// DefaultPath is the spec's path of an onboarding route under the service's names for the
// stand-ins ("" for another name).
func DefaultPath(route string, n protocol.Names) string {
	if !slices.Contains(RouteNames(), route) {
		return ""
	}
	r, _ := LookupRoute(route)
	return n.Path(r.Path)
}

func (c *Client) path(route string) (string, error) {
	p, ok := c.Paths[route]
	if !ok {
		if d := DefaultPath(route, c.Names); d != "" {
			return d, nil
		}
		r, found := LookupRoute(route)
		if !found {
			return "", fmt.Errorf("partner API: no route %s", route)
		}
		return c.Names.Path(r.Path), nil
	}
	if err := protocol.CheckPath(p); err != nil {
		return "", fmt.Errorf("partner API: path of %s: %v", route, err)
	}
	return p, nil
}

// MaxAnswerBytes bounds an onboarding answer purse reads.
const MaxAnswerBytes = 1 << 20

// FieldError is a request field refused before anything was signed or sent; Msg says what
// was expected.
type FieldError struct {
	Route, Field, Msg string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("partner API %s: field %s: %s", e.Route, e.Field, e.Msg)
}

// HTTPError is an answer other than HTTP 200 that carries no partner envelope.
type HTTPError struct {
	Route  string
	Status int
	// Body is a bounded excerpt, escaped.
	Body string
}

func (e *HTTPError) Error() string {
	s := fmt.Sprintf("partner API %s: HTTP %d %s", e.Route, e.Status, http.StatusText(e.Status))
	if e.Body != "" {
		s += ": " + e.Body
	}
	return s
}

// DecodeError is an HTTP 200 answer that could not be read as the route's answer: nothing of
// it is used.
type DecodeError struct {
	Route string
	Err   error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("partner API %s: cannot read the answer: %v", e.Route, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// call signs body, posts it to route and reads the envelope's data into read. An error
// with a nil exchange means nothing was sent.
func (c *Client) call(ctx context.Context, route string, body any, read func(data json.RawMessage) error) (*Exchange, error) {
	path, err := c.path(route)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("partner API %s: %w", route, err)
	}
	ex, err := c.Post(ctx, path, "", raw, MaxAnswerBytes)
	if ex == nil {
		return nil, err
	}
	if err != nil {
		return ex, ex.UnsignedRefusal(err, route)
	}
	if len(ex.Response) > MaxAnswerBytes {
		return ex, &DecodeError{route, fmt.Errorf("larger than %d bytes", MaxAnswerBytes)}
	}
	top, merr := Members(ex.Response)
	var data json.RawMessage
	enveloped := false
	if merr == nil {
		data, enveloped, err = Unwrap(top, route)
		var ae *APIError
		if errors.As(err, &ae) {
			return ex, ae
		}
	}
	if ex.Status != http.StatusOK {
		excerpt := ex.Response
		if len(excerpt) > 200 {
			excerpt = excerpt[:200]
		}
		return ex, &HTTPError{Route: route, Status: ex.Status, Body: string(bytes.TrimSpace(excerpt))}
	}
	switch {
	case merr != nil:
		return ex, &DecodeError{route, merr}
	case err != nil:
		return ex, &DecodeError{route, err}
	case !enveloped:
		return ex, &DecodeError{route, errors.New("not a partner envelope: neither code nor error_code")}
	}
	if err := read(data); err != nil {
		return ex, &DecodeError{route, err}
	}
	return ex, nil
}

// MintRequest is the body of POST /v1/mint/nft (spec 4.4; UR's OpenAPI): every field a
// string. Signature is the user's consent (wallet.SignMintConsent) over Hash and Deadline.
type MintRequest struct {
	Email      string `json:"email"`
	EVMAddress string `json:"evmAddress"`
	Signature  string `json:"signature"`
	Hash       string `json:"hash"`
	Deadline   string `json:"deadline"`
}

var sigForm = lazyre.New(`^0x[0-9a-fA-F]{130}$`)

// Validate checks the request at now before it is signed and sent: every field present, the
// address and signature in form, the consent's deadline ahead of now by at most
// protocol.MaxMintConsentWindow, and the signature the address's consent over hash and
// deadline. The error is a *FieldError naming the field.
func (r MintRequest) Validate(now time.Time) error {
	bad := func(field, expected string) error { return &FieldError{RouteMint, field, "expected " + expected} }
	switch {
	case r.Email == "":
		return bad("email", "the user's email address")
	case !common.IsHexAddress(r.EVMAddress) || !strings.HasPrefix(r.EVMAddress, "0x"):
		return bad("evmAddress", "the user's 0x-prefixed 20-byte address")
	case r.Hash == "":
		return bad("hash", "the consent text the user signed")
	case !sigForm().MatchString(r.Signature):
		return bad("signature", "a 0x-prefixed 65-byte hex EIP-191 signature")
	}
	d, err := wallet.DeadlineOf(r.Deadline)
	if err != nil {
		return bad("deadline", "Unix seconds in decimal digits")
	}
	if left := d - now.Unix(); left <= 0 || left > int64(protocol.MaxMintConsentWindow/time.Second) {
		return bad("deadline", fmt.Sprintf("a consent deadline after now and at most %d seconds ahead (the service refuses a longer one); it is %d seconds ahead", int64(protocol.MaxMintConsentWindow/time.Second), left))
	}
	signer, err := wallet.RecoverFullAuth(r.Hash, r.Deadline, r.Signature)
	if err != nil || signer != common.HexToAddress(r.EVMAddress) {
		return bad("signature", "the consent of evmAddress "+r.EVMAddress+" over hash and deadline")
	}
	return nil
}

// Minted is the data of a mint's answer: the account id and the mint transaction.
type Minted struct {
	TokenID string `json:"tokenId"`
	TxHash  string `json:"txHash"`
}

var txHashForm = lazyre.New(`^0x[0-9a-fA-F]{64}$`)

// idString reads an account id sent as a JSON number or a decimal string.
func idString(raw json.RawMessage) (string, error) {
	s := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
	}
	return s, protocol.CheckTokenID(s)
}

// Mint asks the service to mint the user's account NFT (spec 4.4). A non-zero code is an
// *APIError (30001 or, in UR's documentation, 10005 for an address that has an account).
func (c *Client) Mint(ctx context.Context, r MintRequest) (Minted, *Exchange, error) {
	if err := r.Validate(c.now()); err != nil {
		return Minted{}, nil, err
	}
	var out Minted
	ex, err := c.call(ctx, RouteMint, r, func(data json.RawMessage) error {
		if data == nil {
			return errors.New("data: expected {tokenId, txHash}, got nothing")
		}
		f, err := Members(data)
		if err != nil {
			return fmt.Errorf("data: %w", err)
		}
		if out.TokenID, err = idString(f["tokenId"]); err != nil {
			return fmt.Errorf("data.tokenId: %v", err)
		}
		if err := json.Unmarshal(f["txHash"], &out.TxHash); err != nil || !txHashForm().MatchString(out.TxHash) {
			return fmt.Errorf("data.txHash: expected a 0x-prefixed 32-byte hex transaction hash, got %s", string(f["txHash"]))
		}
		return nil
	})
	return out, ex, err
}

// NetworkRequest is the body of the network-scoped vendor calls (spec 4.4): the account id
// and the home chain's id, both strings.
type NetworkRequest struct {
	TokenID string `json:"tokenId"`
	Network string `json:"network"`
}

func (r NetworkRequest) validate(route string) error {
	if err := protocol.CheckTokenID(r.TokenID); err != nil {
		return &FieldError{route, "tokenId", err.Error()}
	}
	if err := protocol.CheckNetwork(r.Network); err != nil {
		return &FieldError{route, "network", err.Error()}
	}
	return nil
}

// IDVToken is the vendor SDK access token the partner route makes (spec 4.4, 8: 20-minute
// TTL).
type IDVToken struct {
	Token string `json:"token"`
}

// IDVToken asks for an identity-verification access token for the account (POST
// /v1/create-access-token-by-network). The service makes one only for an account whose
// wallet provider is the partner (20003 otherwise).
func (c *Client) IDVToken(ctx context.Context, r NetworkRequest) (IDVToken, *Exchange, error) {
	if err := r.validate(RouteIDVToken); err != nil {
		return IDVToken{}, nil, err
	}
	var out IDVToken
	ex, err := c.call(ctx, RouteIDVToken, r, func(data json.RawMessage) error {
		if data == nil {
			return errors.New("data: expected {token}, got nothing")
		}
		f, err := Members(data)
		if err != nil {
			return fmt.Errorf("data: %w", err)
		}
		if err := json.Unmarshal(f["token"], &out.Token); err != nil || out.Token == "" {
			return errors.New("data.token: expected the access token, a non-empty string")
		}
		return nil
	})
	return out, ex, err
}

// IDVStatus is the vendor KYC status record (spec 2.13). Empty says the service has none
// for the account (an empty object).
type IDVStatus struct {
	Empty            bool     `json:"empty"`
	Type             string   `json:"type,omitempty"`
	ReviewStatus     string   `json:"reviewStatus,omitempty"`
	ReviewAnswer     string   `json:"reviewAnswer,omitempty"`
	ReviewRejectType string   `json:"reviewRejectType,omitempty"`
	LevelName        string   `json:"levelName,omitempty"`
	RejectLabels     []string `json:"rejectLabels,omitempty"`
	ApplicantID      string   `json:"applicantId,omitempty"`
	ApplicantType    string   `json:"applicantType,omitempty"`
	CreatedAtMs      int64    `json:"createdAtMs,omitempty"`
}

// IDVStatus reads the account's vendor KYC status record (POST /v1/idv-status-by-network).
// The service shows only records the partner created or records of no partner.
func (c *Client) IDVStatus(ctx context.Context, r NetworkRequest) (IDVStatus, *Exchange, error) {
	if err := r.validate(RouteIDVStatus); err != nil {
		return IDVStatus{}, nil, err
	}
	var out IDVStatus
	ex, err := c.call(ctx, RouteIDVStatus, r, func(data json.RawMessage) error {
		if data == nil {
			out.Empty = true
			return nil
		}
		f, err := Members(data)
		if err != nil {
			return fmt.Errorf("data: %w", err)
		}
		if len(f) == 0 {
			out.Empty = true
			return nil
		}
		// Known members are read by type (a wrong type is refused); others are the vendor's
		// and left alone.
		for name, dst := range map[string]any{
			"type": &out.Type, "reviewStatus": &out.ReviewStatus, "reviewAnswer": &out.ReviewAnswer,
			"reviewRejectType": &out.ReviewRejectType, "levelName": &out.LevelName, "rejectLabels": &out.RejectLabels,
			"applicantId": &out.ApplicantID, "applicantType": &out.ApplicantType, "createdAtMs": &out.CreatedAtMs,
		} {
			if v, ok := f[name]; ok && !isNull(v) {
				if err := json.Unmarshal(v, dst); err != nil {
					return fmt.Errorf("data.%s: %v", name, err)
				}
			}
		}
		return nil
	})
	return out, ex, err
}

// ApplyUSDPayin asks the service to provision the account's USD IBAN (POST
// /v1/apply-usd-payin, spec 4.4): synchronous, for a Live account, one per user. The body
// names the account under the service's name for svcId (Client.Names); remark is required.
// The answer's applyId identifies the application.
func (c *Client) ApplyUSDPayin(ctx context.Context, svcID, remark string) (int64, *Exchange, error) {
	if err := protocol.CheckTokenID(svcID); err != nil {
		return 0, nil, &FieldError{RouteApplyUSDPayin, "svcId", err.Error()}
	}
	if strings.TrimSpace(remark) == "" || len(remark) > 200 || strings.ContainsFunc(remark, unicode.IsControl) {
		return 0, nil, &FieldError{RouteApplyUSDPayin, "remark", fmt.Sprintf("expected a note of 1 to 200 bytes without control characters, got %q", remark)}
	}
	id, _ := strconv.ParseInt(svcID, 10, 64)
	var applyID int64
	ex, err := c.call(ctx, RouteApplyUSDPayin, map[string]any{c.Names.AccountID(): id, "remark": remark}, func(data json.RawMessage) error {
		if data == nil {
			return errors.New("data: expected {applyId}, got nothing")
		}
		f, err := Members(data)
		if err != nil {
			return fmt.Errorf("data: %w", err)
		}
		var n json.Number
		if err := json.Unmarshal(f["applyId"], &n); err != nil {
			return fmt.Errorf("data.applyId: expected an integer, got %s", string(f["applyId"]))
		}
		if applyID, err = n.Int64(); err != nil || applyID <= 0 {
			return fmt.Errorf("data.applyId: expected a positive integer, got %s", n)
		}
		return nil
	})
	return applyID, ex, err
}
