package onboard

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain/altchaintest"
	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	"purse/app/review"
	"purse/config"
	"purse/enduser/endusertest"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/partner"
	"purse/sandbox"
	"purse/wallet"
)

// approveAll approves every question of the signing gate, as a user would, and keeps what
// it was asked (its Display for the agent's).
func approveAll() *apptest.Approver {
	return &apptest.Approver{Answer: func(app.Approval) error { return nil }}
}

// pw opens the test keys (testhome.FileStore's passphrase).
var pw = &app.Unlock{Passphrase: []byte("pw")}

// fileStore opens home's key store on the file backend with a light scrypt (the core's too)
// and the passphrase "pw", and creates the keys named (label → kind).
func fileStore(t testing.TB, home string, keys map[string]keystore.Kind) *keystore.Store {
	t.Helper()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	return testhome.FileStore(t, home, keys)
}

// partnerEnv is the end-user sandbox and the partner sandbox over its accounts (signing
// under variant) on one httptest server, and a profile "t" with the user's key "me" and the
// partner key "pk" (registered) that talks to them.
type partnerEnv struct {
	asked *apptest.Approver
	eu    *endusertest.Server
	sb    *altchaintest.Sandbox
	app   *app.App
	hits  atomic.Int64
	// partner, when set, serves the partner API's requests in place of the sandbox's
	// (proxyPartner).
	partner atomic.Pointer[http.HandlerFunc]
}

// proxyPartner has h serve the partner API's requests (their paths under /partner/); h may
// hand them on to the sandbox's partner handler (e.sb.PartnerHandler()).
func (e *partnerEnv) proxyPartner(t *testing.T, h http.HandlerFunc) {
	t.Helper()
	e.partner.Store(&h)
}

func newPartnerEnv(t *testing.T, variant wallet.PartnerAuthVariant, tweak func(p *config.Profile)) *partnerEnv {
	t.Helper()
	return newPartnerEnvSigning(t, variant, tweak, false)
}

// newPartnerEnvSigning is newPartnerEnv whose keys sign in a live agent of the home when
// inAgent (its display approving as the user would), else in this process.
func newPartnerEnvSigning(t *testing.T, variant wallet.PartnerAuthVariant, tweak func(p *config.Profile), inAgent bool) *partnerEnv {
	t.Helper()
	eu, err := endusertest.New(endusertest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e := &partnerEnv{eu: eu}
	e.sb = altchaintest.New(altchaintest.Config{PartnerAuth: variant, Accounts: eu})
	mux := http.NewServeMux()
	mux.Handle("/partner/", http.StripPrefix("/partner", e.sb.PartnerHandler()))
	mux.Handle("/", eu.Handler())
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/partner/") {
			e.hits.Add(1)
			if h := e.partner.Load(); h != nil {
				http.StripPrefix("/partner", *h).ServeHTTP(w, r)
				return
			}
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	// Short: the agent's socket goes in it.
	home, err := os.MkdirTemp("", "po")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	ks := fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "pk": keystore.KindEVM})
	pk, _ := ks.Get("pk")
	e.sb.RegisterPartner(common.HexToAddress(pk.Address))
	p := &config.Profile{Name: "t", UserAPI: hs.URL, PartnerAPI: hs.URL + "/partner", Network: eu.Network(), EVMKey: "me",
		PartnerKey: "pk", PartnerAuth: string(variant), PartnerResponseKey: altchaintest.ResponseKey.Address().Hex()}
	if tweak != nil {
		tweak(p)
	}
	testhome.UseProfile(t, home, p)
	// The consent is approved as a user would on the terminal (the gate's own tests cover
	// the question); what was asked is kept.
	e.asked = approveAll()
	e.app = apptest.Open(t, home, e.asked, inAgent, "onboarding test")
	return e
}

// eachSigning runs f on a partner environment under each partner-auth form, signing in the
// process and through an agent.
func eachSigning(t *testing.T, f func(t *testing.T, e *partnerEnv)) {
	for _, tc := range []struct {
		v       wallet.PartnerAuthVariant
		inAgent bool
	}{{wallet.PartnerAuthSpec, false}, {wallet.PartnerAuthUR, false}, {wallet.PartnerAuthSpec, true}, {wallet.PartnerAuthUR, true}} {
		name := string(tc.v) + " in the process"
		if tc.inAgent {
			name = string(tc.v) + " through the agent"
		}
		t.Run(name, func(t *testing.T) { f(t, newPartnerEnvSigning(t, tc.v, nil, tc.inAgent)) })
	}
}

// TestPartnerOnboarding: with a partner key, purse alone takes a fresh key to an account
// that is at the identity-verification step, under either partner-auth form the profile
// names: the partner mint stores the account, the partner route gives the vendor token, and
// the status route reads the record the token started.
func TestPartnerOnboarding(t *testing.T) {
	eachSigning(t, func(t *testing.T, e *partnerEnv) {
		ctx := context.Background()
		plan, err := New(e.app).PrepareMint(ctx, MintInput{Email: "onboard@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		// The review shows exactly what is signed, and where the mint goes.
		rv := plan.Review
		if rv.Kind != review.KindMintConsent || len(rv.Sections) != 3 || rv.Sections[1].Block.Text != plan.Message ||
			rv.Sections[2].Fields[0].Value != "onboard@example.com" || !strings.HasSuffix(rv.Sections[2].Fields[2].Value, "/partner/v1/mint/nft") {
			t.Fatalf("review %+v", rv)
		}
		if e.hits.Load() != 0 {
			t.Fatal("preparing sent something")
		}
		m, err := New(e.app).Mint(ctx, plan, pw)
		if err != nil {
			t.Fatal(err)
		}
		// One question: the consent. The partner signature over the mint body delivers
		// that consent, so the gate does not ask again.
		if n := e.asked.Count(); n != 1 || e.asked.Last().Review.Kind != review.KindMintConsent {
			t.Fatalf("asked %d times for one mint", n)
		}
		if m.Request.Hash != plan.Hash || m.Request.Deadline != strconv.FormatInt(plan.Deadline, 10) {
			t.Fatalf("signed %+v, reviewed %+v", m.Request, plan)
		}
		if got, _ := wallet.RecoverFullAuth(m.Request.Hash, m.Request.Deadline, m.Request.Signature); got.Hex() != plan.Address {
			t.Fatalf("the consent recovers to %s", got.Hex())
		}
		if e.app.Profile().TokenID != m.TokenID || m.TxHash == "" || m.SignedBy != altchaintest.ResponseKey.Address().Hex() || m.FromChain {
			t.Fatalf("minted %+v, profile token %q", m, e.app.Profile().TokenID)
		}
		if m.Request.Hash != defaultConsentText(m.Address) || m.Request.EVMAddress != m.Address {
			t.Fatalf("request %+v", m.Request)
		}
		// The account is the user's, on the end-user API too.
		st, err := appaccount.New(e.app).Status(ctx)
		if err != nil || st.StatusStr != "Tourist" || st.KYCFlow.CurrentStepStr != "IDScan" {
			t.Fatalf("status %+v %v", st, err)
		}
		rec, err := New(e.app).IDVStatus(ctx, "", pw)
		if err != nil || !rec.Record.Empty || rec.TokenID != m.TokenID || rec.Network != e.eu.Network() {
			t.Fatalf("status before the token: %+v %v", rec, err)
		}
		tok, err := New(e.app).IDVToken(ctx, "", pw)
		if err != nil || tok.Token == "" || tok.TokenID != m.TokenID {
			t.Fatalf("token %+v %v", tok, err)
		}
		rec, err = New(e.app).IDVStatus(ctx, "", pw)
		if err != nil || rec.Record.Empty || rec.Record.ReviewStatus != "pending" {
			t.Fatalf("status after the token: %+v %v", rec, err)
		}
		fields := map[string]string{}
		for _, f := range rec.Fields() {
			fields[f[0]] = f[1]
		}
		if fields["reviewStatus"] != "pending" || fields["applicantType"] != "individual" || fields["createdAt"] == "" {
			t.Fatalf("fields %v", fields)
		}
		// A second mint is refused before anything is sent: the profile has its account.
		before := e.hits.Load()
		var adv *app.Advice
		if _, err := New(e.app).PrepareMint(ctx, MintInput{Email: "again@example.com"}); !errors.As(err, &adv) || e.hits.Load() != before {
			t.Fatalf("second mint: %v", err)
		}
	})
}

// TestPartnerMintRefusedBeforeSending: every input and setting is checked before a key is
// opened or anything sent, and the error names what to fix.
func TestPartnerMintRefusedBeforeSending(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		in    MintInput
		tweak func(p *config.Profile)
		field string
		usage string
	}{
		{"no email", MintInput{}, nil, "email", ""},
		{"a bad email", MintInput{Email: "not an email"}, nil, "email", ""},
		{"a consent over 300 seconds", MintInput{Email: "a@example.com", TTL: 301 * time.Second}, nil, "consent-ttl", ""},
		{"a negative consent", MintInput{Email: "a@example.com", TTL: -time.Second}, nil, "consent-ttl", ""},
		{"a consent text with a terminal control", MintInput{Email: "a@example.com", Hash: "ok\x1b[2J"}, nil, "hash", ""},
		{"a consent text in a payload hash's form", MintInput{Email: "a@example.com", Hash: "0x" + strings.Repeat("ab", 32)}, nil, "hash", ""},
		{"no partner key", MintInput{Email: "a@example.com"}, func(p *config.Profile) { p.PartnerKey = "" }, "", "partner_key"},
		{"no partner API", MintInput{Email: "a@example.com"}, func(p *config.Profile) { p.PartnerAPI = "" }, "", "partner_api"},
		{"an unknown partner route", MintInput{Email: "a@example.com"}, func(p *config.Profile) { p.PartnerRoutes = map[string]string{"mnt": "/v1/m"} }, "", "partner_routes.mnt"},
		{"an account already", MintInput{Email: "a@example.com"}, func(p *config.Profile) { p.TokenID = "1234567890" }, "", "already has account"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newPartnerEnv(t, wallet.PartnerAuthSpec, c.tweak)
			_, err := mint(e.app, c.in)
			var fe *app.FieldError
			switch {
			case c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field):
				t.Fatalf("want a field error naming %s, got %v", c.field, err)
			case c.usage != "" && (err == nil || !strings.Contains(err.Error(), c.usage)):
				t.Fatalf("want an error naming %s, got %v", c.usage, err)
			}
			if e.hits.Load() != 0 {
				t.Fatalf("%d requests reached the partner API", e.hits.Load())
			}
		})
	}
	// A consent whose review waited until under 30 seconds were left is not signed.
	e := newPartnerEnv(t, wallet.PartnerAuthSpec, nil)
	plan, err := New(e.app).PrepareMint(ctx, MintInput{Email: "slow@example.com", TTL: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var fe *app.FieldError
	if _, err := New(e.app).Mint(ctx, plan, pw); !errors.As(err, &fe) || fe.Field != "consent-ttl" || e.hits.Load() != 0 {
		t.Fatalf("a consent about to pass: %v", err)
	}
}

// mint prepares and sends a partner mint, as a front end does after the review.
func mint(s *app.App, in MintInput) (Minted, error) {
	plan, err := New(s).PrepareMint(context.Background(), in)
	if err != nil {
		return Minted{}, err
	}
	return New(s).Mint(context.Background(), plan, pw)
}

// TestPartnerMintServiceRefusals: a service refusal is reported with its code and what to do,
// and is no unknown outcome (the service said nothing was minted).
func TestPartnerMintServiceRefusals(t *testing.T) {
	e := newPartnerEnv(t, wallet.PartnerAuthSpec, nil)
	_, err := mint(e.app, MintInput{Email: "taken@example.com"})
	var ae *partner.APIError
	var oe *app.OutcomeError
	if !errors.As(err, &ae) || ae.Code != 20003 || errors.As(err, &oe) || e.app.Profile().TokenID != "" {
		t.Fatalf("a registered email: %v", err)
	}
	// The other partner-auth form than the service's: 10001, with the setting to check.
	if _, err := e.app.UpdateProfile(func(p *config.Profile) error { return p.Set("partner_auth", "ur") }); err != nil {
		t.Fatal(err)
	}
	_, err = mint(e.app, MintInput{Email: "fresh@example.com"})
	if !errors.As(err, &ae) || ae.Code != 10001 || !strings.Contains(ae.NextStep(), "partner_auth") {
		t.Fatalf("other variant: %v", err)
	}
	// The by-network routes need an account.
	if _, err := New(e.app).IDVToken(context.Background(), "", pw); err == nil || !strings.Contains(err.Error(), "no account id") {
		t.Fatalf("no account: %v", err)
	}
	var fe *app.FieldError
	if _, err := New(e.app).IDVStatus(context.Background(), "12ab", pw); !errors.As(err, &fe) || fe.Field != "token-id" {
		t.Fatalf("a malformed id: %v", err)
	}
}

// TestPartnerMintOutcomeUnknown: an answer that is lost after the request left is never a
// plain failure: with no chain to settle it, the outcome is unknown and names the address.
func TestPartnerMintOutcomeUnknown(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	e := newPartnerEnv(t, wallet.PartnerAuthSpec, func(p *config.Profile) { p.PartnerAPI = srv.URL })
	m, err := mint(e.app, MintInput{Email: "lost@example.com"})
	var oe *app.OutcomeError
	if !errors.As(err, &oe) || oe.Outcome != app.OutcomeUnknown || oe.IDName != "evmAddress" || oe.ID != m.Address || m.Address == "" ||
		!strings.Contains(err.Error(), "502") || !strings.Contains(oe.Next, "purse account find") {
		t.Fatalf("%+v %v", m, err)
	}
	if e.app.Profile().TokenID != "" {
		t.Fatal("an unknown outcome stored an account")
	}
}

// TestPartnerMintSettledOnChain: on the whole sandbox (a real chain), an answer whose
// signature does not hold after the mint happened is settled from the chain: the key's
// account is found there and stored, nothing of the answer used.
func TestPartnerMintSettledOnChain(t *testing.T) {
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	// Short: the agent's socket goes in it.
	home, err := os.MkdirTemp("", "po")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	ks := fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "pk": keystore.KindEVM})
	pk, _ := ks.Get("pk")
	sb.Solana.RegisterPartner(common.HexToAddress(pk.Address))
	p := sb.Info().Profile("t")
	p.EVMKey, p.PartnerKey = "me", "pk"
	testhome.UseProfile(t, home, p)
	s, err := app.Open(app.Options{Home: home, Approver: approveAll()})
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Solana.SetFaults(altchaintest.Faults{ResponseSignature: altchaintest.ResponseTampered}); err != nil {
		t.Fatal(err)
	}
	m, err := mint(s, MintInput{Email: "settled@example.com"})
	if err != nil || !m.FromChain || m.TokenID == "" || m.TxHash != "" || !strings.Contains(m.Note, "signature does not hold") {
		t.Fatalf("%+v %v", m, err)
	}
	if s.Profile().TokenID != m.TokenID {
		t.Fatalf("profile token %q, minted %s", s.Profile().TokenID, m.TokenID)
	}
	me, _ := ks.Get("me")
	if id, found, err := New(s).s.FindAccount(context.Background(), common.HexToAddress(me.Address)); err != nil || !found || m.TokenID != strconv.FormatUint(id, 10) {
		t.Fatalf("chain: %d %v %v", id, found, err)
	}
}
