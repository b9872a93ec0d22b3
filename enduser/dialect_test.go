package enduser_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/enduser"
	"purse/enduser/endusertest"
)

// TestRouteSettingsAgainstEachDialect: each route setting a profile may change (method,
// auth level, the vendor's name in paths) meets a sandbox that requires one reading or the
// other. The matching setting works; the other fails in a way that names what went wrong.
func TestRouteSettingsAgainstEachDialect(t *testing.T) {
	ctx := context.Background()
	live := func(w *world) *world {
		w.t.Helper()
		w.mint(ctx)
		if err := w.srv.KYCApprove(w.id); err != nil {
			t.Fatal(err)
		}
		return w
	}

	// account-status: basic (spec) or full (the public integration).
	full := endusertest.Dialect{AccountStatusFull: true}
	w := live(newWorldWith(t, endusertest.Config{Seed: 7, Dialect: full}))
	_, err := w.client.AccountStatus(ctx)
	wantCode(t, err, enduser.ErrParse, 10002)
	if !strings.Contains(err.Error(), "hash") {
		t.Fatalf("basic auth on a full-auth account status: %v", err)
	}
	w.opts = speaking(full)
	if st, err := w.newClient(w.key, w.client.TokenID()).AccountStatus(ctx); err != nil || st.StatusStr != "Tourist" {
		t.Fatalf("full auth on a full-auth account status: %+v %v", st, err)
	}
	// Full headers on the spec's basic route do no harm: the presets' choice is safe there.
	spec := live(newWorldOpts(t, endusertest.Config{Seed: 7}, speaking(full)))
	if _, err := spec.client.AccountStatus(ctx); err != nil {
		t.Fatalf("full auth on the spec's basic account status: %v", err)
	}

	// onramp-limit: GET (spec) or POST {} (the public integration).
	post := endusertest.Dialect{OnrampLimitPost: true}
	for _, tc := range []struct {
		server, client endusertest.Dialect
		ok             bool
	}{{post, post, true}, {post, endusertest.Dialect{}, false}, {endusertest.Dialect{}, post, false}, {endusertest.Dialect{}, endusertest.Dialect{}, true}} {
		w := newWorldOpts(t, endusertest.Config{Seed: 7, Dialect: tc.server}, speaking(tc.client))
		w.mint(ctx)
		_, err := w.client.OnrampLimit(ctx)
		var he *enduser.HTTPError
		switch {
		case tc.ok && !errors.Is(err, enduser.ErrInvalidParam): // a Tourist is refused the limits: the route answered
			t.Errorf("server post=%v client post=%v: %v", tc.server.OnrampLimitPost, tc.client.OnrampLimitPost, err)
		case !tc.ok && (!errors.As(err, &he) || he.Status != http.StatusMethodNotAllowed):
			t.Errorf("server post=%v client post=%v: want HTTP 405, got %v", tc.server.OnrampLimitPost, tc.client.OnrampLimitPost, err)
		}
		if tc.client.OnrampLimitPost {
			if e := w.client.Log().Snapshot(); e[len(e)-1].Method != http.MethodPost || e[len(e)-1].RequestBody != "{}" {
				t.Errorf("the POST sent %s %q", e[len(e)-1].Method, e[len(e)-1].RequestBody)
			}
		}
	}

	// The vendor's name in paths and the account id's in bodies: idv/svcId (spec) or
	// sumsub/urId (the public integration).
	ur := endusertest.Dialect{URNames: true}
	w = live(newWorldWith(t, endusertest.Config{Seed: 7, Dialect: ur}))
	w.srv.KYCReject(w.id, "retry", false)
	_, err = w.client.IDVAccessToken(ctx, enduser.IDVTokenRequest{})
	var he *enduser.HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusNotFound || !strings.Contains(err.Error(), "/api/v1/idv/") {
		t.Fatalf("the spec's idv path on a sumsub service: %v", err)
	}
	w.opts = speaking(ur)
	named := w.newClient(w.key, w.client.TokenID())
	if r, ok := named.Route(enduser.RouteIDVToken); !ok || r.Path != "/api/v1/sumsub/create-access-token" {
		t.Fatalf("idv token route %+v", r)
	}
	if tok, err := named.IDVAccessToken(ctx, enduser.IDVTokenRequest{}); err != nil || tok.Token == "" {
		t.Fatalf("the sumsub path: %+v %v", tok, err)
	}
	other := newWorldWith(t, endusertest.Config{Seed: 7, Dialect: ur})
	other.mint(ctx)
	share, _ := other.srv.IssueShareToken(other.id, "passed", nil, 0)
	other.opts = func(o *enduser.Options) { o.Names = enduser.Options{}.Names; o.Names.IDV = "sumsub" } // the path right, svcId kept
	if _, err := other.newClient(other.key, other.client.TokenID()).ReuseShareToken(ctx, share); err == nil || !strings.Contains(err.Error(), `unknown field "svcId"`) {
		t.Fatalf("svcId in the body of a urId service: %v", err)
	}
	other.opts = speaking(ur)
	if v, err := other.newClient(other.key, other.client.TokenID()).ReuseShareToken(ctx, share); err != nil || v.Status != enduser.VerdictPassed {
		t.Fatalf("urId in the body: %+v %v", v, err)
	}
}

// TestTxAmountUnitPairs: the history filter's amounts in each unit against a sandbox reading
// each: matching units filter as asked; display decimals sent to a smallest-unit service are
// refused there (a decimal point), never read as another amount silently.
func TestTxAmountUnitPairs(t *testing.T) {
	ctx := context.Background()
	// Seeded amounts are uniform over 0.01..5000.00: about a fifth of the records lie here.
	min, max := decimal.RequireFromString("10.50"), decimal.RequireFromString("1000")
	for _, server := range []string{enduser.TxAmountSmallest, enduser.TxAmountDisplay} {
		for _, client := range []string{enduser.TxAmountSmallest, enduser.TxAmountDisplay} {
			w := newWorldOpts(t, endusertest.Config{Seed: 7, TxAmountUnit: server}, func(o *enduser.Options) { o.TxAmountUnit = client })
			w.mint(ctx)
			page, err := w.client.Transactions(ctx, enduser.TxFilter{PageSize: 100, MinAmount: &min, MaxAmount: &max})
			switch {
			case server == client && err != nil:
				t.Fatalf("server %s client %s: %v", server, client, err)
			case server == client:
				for _, r := range page.Transactions {
					if a := r.Amount.Decimal.Abs(); a.LessThan(min) || a.GreaterThan(max) {
						t.Fatalf("server %s client %s: %s outside 10.50..1000", server, client, r.Amount.Decimal)
					}
				}
				if len(page.Transactions) == 0 {
					t.Fatalf("server %s client %s: nothing matched", server, client)
				}
			case server == enduser.TxAmountSmallest:
				wantCode(t, err, enduser.ErrInvalidParam, 10009)
			}
		}
	}
}
