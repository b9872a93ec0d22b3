package partner_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain/altchaintest"
	"purse/enduser/endusertest"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

func key(t testing.TB, seed string) *wallet.EVMKey {
	t.Helper()
	h := sha256.Sum256([]byte(seed))
	k, err := wallet.ParseEVMKey(hex.EncodeToString(h[:]))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

// world is the partner sandbox over the end-user sandbox's accounts, as the sandbox composes
// them, with a registered partner key and a client of it.
type world struct {
	eu     *endusertest.Server
	sb     *altchaintest.Sandbox
	srv    *httptest.Server
	client *partner.Client
	key    *wallet.EVMKey
	// hits counts the requests that reached the partner API.
	hits atomic.Int64
}

func newWorld(t *testing.T, variant wallet.PartnerAuthVariant) *world {
	t.Helper()
	eu, err := endusertest.New(endusertest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{eu: eu, key: key(t, "partner")}
	w.sb = altchaintest.New(altchaintest.Config{PartnerAuth: variant, PartnerKeys: []common.Address{w.key.Address()}, Accounts: eu})
	mux := http.NewServeMux()
	mux.Handle("/partner/", http.StripPrefix("/partner", w.sb.PartnerHandler()))
	mux.Handle("/", eu.Handler())
	w.srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/partner/") {
			w.hits.Add(1)
		}
		mux.ServeHTTP(rw, r)
	}))
	t.Cleanup(w.srv.Close)
	pin := altchaintest.ResponseKey.Address()
	w.client = &partner.Client{BaseURL: w.srv.URL + "/partner", Signer: w.key, Variant: variant, HTTP: w.srv.Client(), ResponseKey: &pin}
	return w
}

// consent is a mint request signed by user's key, its deadline ttl ahead.
func consent(t *testing.T, user *wallet.EVMKey, email string, ttl time.Duration) partner.MintRequest {
	t.Helper()
	now := time.Now()
	mc, err := wallet.SignMintConsent(user, "purse partner mint test", strconv.FormatInt(now.Add(ttl).Unix(), 10), now)
	if err != nil {
		t.Fatal(err)
	}
	return partner.MintRequest{Email: email, EVMAddress: mc.EVMAddress, Signature: mc.Signature, Hash: mc.Hash, Deadline: mc.Deadline}
}

func apiCode(t *testing.T, err error) int64 {
	t.Helper()
	var ae *partner.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("want a service error, got %T %v", err, err)
	}
	return ae.Code
}

// TestOnboardingRoundTrip: the partner mints an account for the user, gets the vendor token
// for it and reads the vendor record as the review moves, under both partner-auth variants;
// every answer is signed by the pinned service key.
func TestOnboardingRoundTrip(t *testing.T) {
	for _, v := range []wallet.PartnerAuthVariant{wallet.PartnerAuthSpec, wallet.PartnerAuthUR} {
		t.Run(string(v), func(t *testing.T) {
			w := newWorld(t, v)
			user := key(t, "user "+string(v))
			m, ex, err := w.client.Mint(ctx(t), consent(t, user, "new-"+string(v)+"@example.com", 4*time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			if ex.SignedBy != altchaintest.ResponseKey.Address().Hex() || !strings.Contains(string(ex.Body), `"evmAddress":"`+user.Address().Hex()+`"`) {
				t.Fatalf("exchange: signed by %q, body %s", ex.SignedBy, ex.Body)
			}
			id, _ := strconv.ParseUint(m.TokenID, 10, 64)
			st, err := w.eu.State(id)
			if err != nil || !st.Minted || !strings.EqualFold(st.Owner, user.Address().Hex()) || st.StatusStr != "Tourist" || st.Email != "new-"+string(v)+"@example.com" {
				t.Fatalf("account %s: %+v %v", m.TokenID, st, err)
			}
			if owner, found, _ := w.eu.Chain().AccountOf(ctx(t), user.Address()); !found || owner != id {
				t.Fatalf("chain: account of the user %d %v", owner, found)
			}
			req := partner.NetworkRequest{TokenID: m.TokenID, Network: w.eu.Network()}
			rec, _, err := w.client.IDVStatus(ctx(t), req)
			if err != nil || !rec.Empty {
				t.Fatalf("status before the token: %+v %v", rec, err)
			}
			tok, _, err := w.client.IDVToken(ctx(t), req)
			if err != nil || !strings.HasPrefix(tok.Token, "_act-sbx-") {
				t.Fatalf("token: %+v %v", tok, err)
			}
			rec, _, err = w.client.IDVStatus(ctx(t), req)
			if err != nil || rec.Empty || rec.ReviewStatus != "pending" || rec.ApplicantType != "individual" || rec.ApplicantID == "" {
				t.Fatalf("status after the token: %+v %v", rec, err)
			}
			if err := w.eu.KYCReject(id, "blurry", false); err != nil {
				t.Fatal(err)
			}
			rec, _, err = w.client.IDVStatus(ctx(t), req)
			if err != nil || rec.ReviewStatus != "completed" || rec.ReviewAnswer != "RED" || rec.ReviewRejectType != "RETRY" || len(rec.RejectLabels) != 1 {
				t.Fatalf("status after a rejection: %+v %v", rec, err)
			}
			// A RETRY rejection reopens the verification with a new token.
			if _, _, err := w.client.IDVToken(ctx(t), req); err != nil {
				t.Fatal(err)
			}
			if err := w.eu.KYCApprove(id); err != nil {
				t.Fatal(err)
			}
			rec, _, err = w.client.IDVStatus(ctx(t), req)
			if err != nil || rec.Type != "applicantReviewed" || rec.ReviewAnswer != "GREEN" || rec.ReviewRejectType != "" {
				t.Fatalf("status after approval: %+v %v", rec, err)
			}
		})
	}
}

// TestMintErrors: every refusal the spec lists for the mint, each code explained.
func TestMintErrors(t *testing.T) {
	w := newWorld(t, wallet.PartnerAuthSpec)
	user := key(t, "duplicate user")
	if _, _, err := w.client.Mint(ctx(t), consent(t, user, "first@example.com", time.Minute)); err != nil {
		t.Fatal(err)
	}
	// A second mint for the address: 30001 (spec 7), or 10005 as the service documents it.
	_, ex, err := w.client.Mint(ctx(t), consent(t, user, "second@example.com", time.Minute))
	if apiCode(t, err) != 30001 || ex == nil || !strings.Contains(err.Error(), "already has an account NFT") {
		t.Fatalf("duplicate: %v", err)
	}
	if err := w.sb.SetFaults(altchaintest.Faults{MintDuplicateCode: 20003}); err == nil || !strings.Contains(err.Error(), "mintDuplicateCode") {
		t.Fatalf("a duplicate code neither variant uses: %v", err)
	}
	if err := w.sb.SetFaults(altchaintest.Faults{MintDuplicateCode: altchaintest.CodeDuplicateMint}); err != nil {
		t.Fatal(err)
	}
	_, _, err = w.client.Mint(ctx(t), consent(t, user, "third@example.com", time.Minute))
	var ae *partner.APIError
	if apiCode(t, err) != 10005 || !errors.As(err, &ae) || !strings.Contains(ae.NextStep(), "purse account find") {
		t.Fatalf("duplicate as 10005: %v", err)
	}
	// A registered email, and one that is no address.
	for _, email := range []string{"first@example.com", "taken@example.com", "not an email"} {
		_, _, err := w.client.Mint(ctx(t), consent(t, key(t, "fresh "+email), email, time.Minute))
		if apiCode(t, err) != 20003 || !strings.Contains(err.Error(), "email") {
			t.Errorf("email %q: %v", email, err)
		}
	}
	// Bodies the client never sends, posted raw under a valid partner signature.
	good := consent(t, key(t, "raw user"), "raw@example.com", time.Minute)
	for _, c := range []struct {
		name string
		body string
		code int64
		word string
	}{
		{"not JSON", `email=x`, 20002, "body"},
		{"a field not a string", `{"email":"raw@example.com","evmAddress":"` + good.EVMAddress + `","signature":"` + good.Signature + `","hash":"` + good.Hash + `","deadline":` + good.Deadline + `}`, 20002, "deadline"},
		{"a field missing", `{"email":"raw@example.com","evmAddress":"` + good.EVMAddress + `","signature":"` + good.Signature + `","deadline":"` + good.Deadline + `"}`, 20001, "hash"},
		{"consent by another key", `{"email":"raw@example.com","evmAddress":"` + key(t, "other").Address().Hex() + `","signature":"` + good.Signature + `","hash":"` + good.Hash + `","deadline":"` + good.Deadline + `"}`, 20003, "signature"},
		{"consent over another hash", `{"email":"raw@example.com","evmAddress":"` + good.EVMAddress + `","signature":"` + good.Signature + `","hash":"other","deadline":"` + good.Deadline + `"}`, 20003, "signature"},
		{"consent deadline past", `{"email":"raw@example.com","evmAddress":"` + good.EVMAddress + `","signature":"` + good.Signature + `","hash":"` + good.Hash + `","deadline":"1700000000"}`, 20003, "expired"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, msg := rawPost(t, w, partner.DefaultPath(partner.RouteMint, protocol.Names{}), []byte(c.body))
			if code != c.code || !strings.Contains(msg, c.word) {
				t.Fatalf("code %d %q, want %d with %q", code, msg, c.code, c.word)
			}
		})
	}
	// A consent good for more than 300 seconds: the sandbox refuses it, and the client never
	// sends one (the field is named, nothing reaches the service).
	long := consent(t, key(t, "long user"), "long@example.com", 6*time.Minute)
	raw := []byte(`{"email":"long@example.com","evmAddress":"` + long.EVMAddress + `","signature":"` + long.Signature + `","hash":"` + long.Hash + `","deadline":"` + long.Deadline + `"}`)
	if code, msg := rawPost(t, w, partner.DefaultPath(partner.RouteMint, protocol.Names{}), raw); code != 20003 || !strings.Contains(msg, "300 s") {
		t.Fatalf("sandbox, 6-minute consent: %d %q", code, msg)
	}
	before := w.hits.Load()
	_, ex, err = w.client.Mint(ctx(t), long)
	var fe *partner.FieldError
	if !errors.As(err, &fe) || fe.Field != "deadline" || !strings.Contains(err.Error(), "at most 300 seconds") || ex != nil || w.hits.Load() != before {
		t.Fatalf("client, 6-minute consent: %v (exchange %v, %d requests)", err, ex, w.hits.Load()-before)
	}
	// A consent the address did not sign is refused before sending too.
	forged := consent(t, key(t, "forger"), "forged@example.com", time.Minute)
	forged.EVMAddress = key(t, "victim").Address().Hex()
	if _, ex, err := w.client.Mint(ctx(t), forged); !errors.As(err, &fe) || fe.Field != "signature" || ex != nil || w.hits.Load() != before {
		t.Fatalf("forged consent: %v", err)
	}
}

// rawPost posts body to path under a valid partner signature and returns the envelope's
// code and message.
func rawPost(t *testing.T, w *world, path string, body []byte) (int64, string) {
	t.Helper()
	ex, err := w.client.Post(ctx(t), path, "", body, partner.MaxAnswerBytes)
	if err != nil {
		t.Fatal(err)
	}
	top, err := partner.Members(ex.Response)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = partner.Unwrap(top, "")
	var ae *partner.APIError
	if !errors.As(err, &ae) {
		return 0, string(ex.Response)
	}
	return ae.Code, ae.Message
}

// TestPartnerAuthRefusals: the onboarding routes check partner auth as the quote does: a key
// the service does not know, the other message variant and a signature over another body are
// 10001.
func TestPartnerAuthRefusals(t *testing.T) {
	w := newWorld(t, wallet.PartnerAuthSpec)
	req := consent(t, key(t, "auth user"), "auth@example.com", time.Minute)
	stranger := *w.client
	stranger.Signer = key(t, "stranger")
	if _, _, err := stranger.Mint(ctx(t), req); apiCode(t, err) != 10001 || !strings.Contains(err.Error(), "not a registered partner key") {
		t.Errorf("unregistered key: %v", err)
	}
	ur := *w.client
	ur.Variant = wallet.PartnerAuthUR
	if _, _, err := ur.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "1234567890", Network: w.eu.Network()}); apiCode(t, err) != 10001 || !strings.Contains(err.Error(), "variant") {
		t.Errorf("other variant: %v", err)
	}
	// A signature over one body sent with another.
	signed := []byte(`{"tokenId":"1234567890","network":"` + w.eu.Network() + `"}`)
	sent := []byte(`{"tokenId":"1234567891","network":"` + w.eu.Network() + `"}`)
	now := time.Now()
	auth, err := wallet.SignPartnerAuth(w.key, wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, Payload: signed, Deadline: now.Add(time.Minute).Unix()}, now)
	if err != nil {
		t.Fatal(err)
	}
	hr, _ := http.NewRequest(http.MethodPost, w.srv.URL+"/partner"+partner.DefaultPath(partner.RouteIDVToken, protocol.Names{}), bytes.NewReader(sent))
	hr.Header.Set(partner.HeaderAPISignature, auth.Signature)
	hr.Header.Set(partner.HeaderAPIDeadline, strconv.FormatInt(auth.Deadline, 10))
	hr.Header.Set(partner.HeaderAPIPublicKey, auth.PublicKey)
	resp, err := w.srv.Client().Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	top, _ := partner.Members(buf.Bytes())
	_, _, err = partner.Unwrap(top, partner.RouteIDVToken)
	if apiCode(t, err) != 10001 || !strings.Contains(err.Error(), "not from a registered partner key") {
		t.Errorf("signature over another body: %v", err)
	}
}

// TestByNetworkErrors: every refusal spec 4.4 lists for the network-scoped vendor calls.
func TestByNetworkErrors(t *testing.T) {
	w := newWorld(t, wallet.PartnerAuthSpec)
	mine, _, err := w.client.Mint(ctx(t), consent(t, key(t, "mine"), "mine@example.com", time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	// An account another partner minted, and one its user minted.
	other := key(t, "other partner")
	w.sb.RegisterPartner(other.Address())
	oc := *w.client
	oc.Signer = other
	theirs, _, err := oc.Mint(ctx(t), consent(t, key(t, "theirs"), "theirs@example.com", time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	issued, err := w.eu.IssueTokenID()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.eu.MintForPartner(ctx(t), common.Address{}, key(t, "self").Address(), "self@example.com", 30001); err != nil {
		t.Fatal(err)
	}
	nw := w.eu.Network()
	for _, c := range []struct {
		name string
		body string
		code int64
		word string
	}{
		{"tokenId missing", `{"network":"` + nw + `"}`, 20002, "tokenId"},
		{"network missing", `{"tokenId":"` + mine.TokenID + `"}`, 20002, "network"},
		{"not JSON", `tokenId=1`, 20002, "body"},
		{"tokenId not an id", `{"tokenId":"12x","network":"` + nw + `"}`, 20003, "tokenId"},
		{"tokenId of no account", `{"tokenId":"` + strconv.FormatUint(issued, 10) + `","network":"` + nw + `"}`, 20003, "no minted account"},
		{"a network the service does not serve", `{"tokenId":"` + mine.TokenID + `","network":"5000"}`, 50002, "no configuration"},
	} {
		for _, route := range []string{partner.RouteIDVToken, partner.RouteIDVStatus} {
			code, msg := rawPost(t, w, partner.DefaultPath(route, protocol.Names{}), []byte(c.body))
			if code != c.code || !strings.Contains(msg, c.word) {
				t.Errorf("%s %s: code %d %q, want %d with %q", route, c.name, code, msg, c.code, c.word)
			}
		}
	}
	// Token creation needs the partner to be the account's wallet provider (20003).
	_, _, err = w.client.IDVToken(ctx(t), partner.NetworkRequest{TokenID: theirs.TokenID, Network: nw})
	if apiCode(t, err) != 20003 || !strings.Contains(err.Error(), "wallet provider is not this partner") {
		t.Errorf("another partner's account: %v", err)
	}
	// The other partner's record is not shown; its own account's empty record is.
	if _, _, err := oc.IDVToken(ctx(t), partner.NetworkRequest{TokenID: theirs.TokenID, Network: nw}); err != nil {
		t.Fatal(err)
	}
	if rec, _, err := w.client.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: theirs.TokenID, Network: nw}); err != nil || !rec.Empty {
		t.Errorf("another partner's record: %+v %v", rec, err)
	}
	if rec, _, err := oc.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: theirs.TokenID, Network: nw}); err != nil || rec.Empty {
		t.Errorf("the partner's own record: %+v %v", rec, err)
	}
	// The client refuses a malformed id or network before sending.
	before := w.hits.Load()
	for _, r := range []partner.NetworkRequest{{TokenID: "", Network: nw}, {TokenID: "01", Network: nw}, {TokenID: mine.TokenID, Network: "eip155:5003"}} {
		_, ex, err := w.client.IDVToken(ctx(t), r)
		var fe *partner.FieldError
		if !errors.As(err, &fe) || ex != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
	if w.hits.Load() != before {
		t.Error("a refused request reached the service")
	}
	// 10001 also when the key is unknown.
	stranger := *w.client
	stranger.Signer = key(t, "stranger")
	if _, _, err := stranger.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: mine.TokenID, Network: nw}); apiCode(t, err) != 10001 {
		t.Errorf("unregistered key: %v", err)
	}
}

// fake answers every call with one body, status and headers.
func fake(t *testing.T, status int, body string, h map[string]string) *partner.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range h {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	// The fake signs nothing: its answers are let through as partner_unsigned_answers=warn
	// does, so what is tested is their shape.
	return &partner.Client{BaseURL: srv.URL, Signer: key(t, "partner"), HTTP: srv.Client(), WarnUnsigned: true}
}

// TestAnswersOfEveryShape: what the client makes of answers the sandbox never gives.
func TestAnswersOfEveryShape(t *testing.T) {
	req := consent(t, key(t, "shape user"), "shape@example.com", time.Minute)
	tx := "0x" + strings.Repeat("ab", 32)
	for _, c := range []struct {
		name   string
		status int
		body   string
		check  func(m partner.Minted, err error) bool
	}{
		{"tokenId as a string", 200, `{"code":0,"message":"","data":{"tokenId":"4123456789","txHash":"` + tx + `"}}`,
			func(m partner.Minted, err error) bool {
				return err == nil && m.TokenID == "4123456789" && m.TxHash == tx
			}},
		{"tokenId as a number", 200, `{"code":0,"data":{"tokenId":4123456789,"txHash":"` + tx + `"}}`,
			func(m partner.Minted, err error) bool { return err == nil && m.TokenID == "4123456789" }},
		{"gateway error", 200, `{"error_code":10005,"error_msg":"Duplicate Mint"}`,
			func(_ partner.Minted, err error) bool {
				var ae *partner.APIError
				return errors.As(err, &ae) && ae.Gateway && ae.Code == 10005
			}},
		{"a business error behind HTTP 400", 400, `{"code":20003,"message":"email"}`,
			func(_ partner.Minted, err error) bool {
				var ae *partner.APIError
				return errors.As(err, &ae) && ae.Code == 20003
			}},
		{"HTTP 502 page", 502, `<html>bad gateway</html>`,
			func(_ partner.Minted, err error) bool {
				var he *partner.HTTPError
				return errors.As(err, &he) && he.Status == 502 && strings.Contains(err.Error(), "bad gateway")
			}},
		{"no envelope", 200, `{"tokenId":"4123456789","txHash":"` + tx + `"}`,
			func(_ partner.Minted, err error) bool { var de *partner.DecodeError; return errors.As(err, &de) }},
		{"no data", 200, `{"code":0,"message":"ok"}`,
			func(_ partner.Minted, err error) bool { var de *partner.DecodeError; return errors.As(err, &de) }},
		{"bad txHash", 200, `{"code":0,"data":{"tokenId":"4123456789","txHash":"0x12"}}`,
			func(_ partner.Minted, err error) bool {
				return err != nil && strings.Contains(err.Error(), "data.txHash")
			}},
		{"bad tokenId", 200, `{"code":0,"data":{"tokenId":"0","txHash":"` + tx + `"}}`,
			func(_ partner.Minted, err error) bool {
				return err != nil && strings.Contains(err.Error(), "data.tokenId")
			}},
		{"duplicate key", 200, `{"code":0,"code":20003,"data":null}`,
			func(_ partner.Minted, err error) bool { var de *partner.DecodeError; return errors.As(err, &de) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, ex, err := fake(t, c.status, c.body, nil).Mint(ctx(t), req)
			if !c.check(m, err) || ex == nil {
				t.Fatalf("%+v %v", m, err)
			}
		})
	}
	// The server's message is kept exactly; every front end's output escapes it (the CLI's
	// error printer and the TUI: cmd/purse TestHostileTextNeverActsOnTheTerminal).
	_, _, err := fake(t, 200, "{\"code\":20003,\"message\":\"bad\\u001b[2J\\nnext line\"}", nil).Mint(ctx(t), req)
	if err == nil || !strings.Contains(err.Error(), "bad\x1b[2J\nnext line") {
		t.Fatalf("message: %q", err)
	}
	var ae *partner.APIError
	if !errors.As(err, &ae) || ae.Message != "bad\x1b[2J\nnext line" {
		t.Fatalf("verbatim message: %+v", ae)
	}
	// A pinned service key refuses an unsigned answer; nothing of it is used.
	c := fake(t, 200, `{"code":0,"data":{"tokenId":"4123456789","txHash":"`+tx+`"}}`, nil)
	pin := altchaintest.ResponseKey.Address()
	c.ResponseKey, c.WarnUnsigned = &pin, false
	if m, ex, err := c.Mint(ctx(t), req); !errors.Is(err, partner.ErrResponseSignature) || m.TokenID != "" || ex == nil {
		t.Fatalf("unsigned answer with a pinned key: %+v %v", m, err)
	}
	// An empty status record.
	for _, body := range []string{`{"code":0,"data":{}}`, `{"code":0,"data":null}`} {
		if rec, _, err := fake(t, 200, body, nil).IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err != nil || !rec.Empty {
			t.Errorf("%s: %+v %v", body, rec, err)
		}
	}
	if _, _, err := fake(t, 200, `{"code":0,"data":{"reviewStatus":3}}`, nil).IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err == nil || !strings.Contains(err.Error(), "data.reviewStatus") {
		t.Errorf("a record member of the wrong type: %v", err)
	}
}

// TestPathOverride: a profile names the live path of a route (the spec writes the vendor as
// "idv"); a bad override is refused before anything is sent.
func TestPathOverride(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.Path
		_, _ = w.Write([]byte(`{"code":0,"data":{}}`))
	}))
	defer srv.Close()
	// The server signs nothing: WarnUnsigned lets its answers through.
	c := &partner.Client{BaseURL: srv.URL, Signer: key(t, "partner"), WarnUnsigned: true, Paths: map[string]string{partner.RouteIDVStatus: "/v1/sumsub-status-by-network"}}
	if _, _, err := c.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err != nil || got != "/v1/sumsub-status-by-network" {
		t.Fatalf("%s %v", got, err)
	}
	// The service's name for the vendor renames the stand-in in the spec's path; a path the
	// profile names is taken as written.
	named := &partner.Client{BaseURL: srv.URL, Signer: key(t, "partner"), WarnUnsigned: true, Names: protocol.Names{IDV: "sumsub"}}
	if _, _, err := named.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err != nil || got != "/v1/sumsub-status-by-network" {
		t.Fatalf("names.idv: %s %v", got, err)
	}
	named.Paths = map[string]string{partner.RouteIDVStatus: "/v1/idv-status-by-network"}
	if _, _, err := named.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err != nil || got != "/v1/idv-status-by-network" {
		t.Fatalf("names.idv with a route's own path: %s %v", got, err)
	}
	got = ""
	c.Paths[partner.RouteIDVStatus] = "v1/x?y"
	if _, ex, err := c.IDVStatus(ctx(t), partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}); err == nil || ex != nil || got != "" {
		t.Fatalf("bad override: %v", err)
	}
}

// TestCodesExplainedPerRoute: the route's own meaning where spec 4.4 gives one, spec 7's
// otherwise; 10000 is never "retry in a little while".
func TestCodesExplainedPerRoute(t *testing.T) {
	for _, c := range []struct {
		e    partner.APIError
		want string
	}{
		{partner.APIError{Route: partner.RouteIDVToken, Code: 20003}, "wallet provider is not this partner"},
		{partner.APIError{Route: partner.RouteMint, Code: 30001}, "already has an account NFT"},
		{partner.APIError{Route: partner.RouteQuote, Code: 20003}, "below 5 USDC"},
		{partner.APIError{Code: 10000}, "system error or an upstream failure"},
		{partner.APIError{Code: 20002}, "tokenId or network is missing"},
	} {
		if !strings.Contains(c.e.Error(), c.want) {
			t.Errorf("%+v: %q", c.e, c.e.Error())
		}
	}
	x := (&partner.APIError{Code: 10000}).NextStep()
	if strings.Contains(x, "little while") || x != protocol.Advice(protocol.PartnerAPI, 10000) {
		t.Errorf("10000 next step: %q", x)
	}
	if x := (&partner.APIError{Code: 99999}).NextStep(); !strings.Contains(x, "does not know") {
		t.Errorf("unknown code: %q", x)
	}
}

// TestUnsignedAnswers: an answer without x-api-signature is refused unless WarnUnsigned lets
// it through (partner_unsigned_answers=warn, SignedBy then empty); an unsigned refusal of the
// service is shown for its code, marked unsigned, and nothing of either is used.
func TestUnsignedAnswers(t *testing.T) {
	answer := `{"code":0,"data":{"token":"_act-x"}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(answer))
	}))
	defer srv.Close()
	req := partner.NetworkRequest{TokenID: "4123456789", Network: "5003"}
	c := &partner.Client{BaseURL: srv.URL, Signer: key(t, "partner")}
	if tok, ex, err := c.IDVToken(ctx(t), req); !errors.Is(err, partner.ErrUnsigned) || tok.Token != "" || ex == nil ||
		!strings.Contains(err.Error(), "partner_unsigned_answers=refuse") {
		t.Fatalf("unsigned, refused: %+v %v", tok, err)
	}
	c.WarnUnsigned = true
	if tok, ex, err := c.IDVToken(ctx(t), req); err != nil || tok.Token != "_act-x" || ex.SignedBy != "" {
		t.Fatalf("unsigned, warned: %+v %v", tok, err)
	}
	c.WarnUnsigned = false
	answer = `{"code":20003,"message":"wallet provider mismatch","data":null}`
	var ae *partner.APIError
	if _, _, err := c.IDVToken(ctx(t), req); !errors.As(err, &ae) || ae.Code != 20003 || errors.Is(err, partner.ErrResponseSignature) ||
		!strings.Contains(err.Error(), "(an unsigned answer)") {
		t.Fatalf("an unsigned refusal: %v", err)
	}
}
