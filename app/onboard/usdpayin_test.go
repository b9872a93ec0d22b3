package onboard

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	"purse/enduser/endusertest"
	"purse/partner"
	"purse/wallet"
)

// liveByPartner mints the profile's account through the partner route and makes it Live on
// the sandbox's control surface.
func liveByPartner(t *testing.T, e *partnerEnv) uint64 {
	t.Helper()
	m, err := mint(e.app, MintInput{Email: "usd@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := strconv.ParseUint(m.TokenID, 10, 64)
	if err := e.eu.SetStatus(id, endusertest.StatusLive); err != nil {
		t.Fatal(err)
	}
	return id
}

// The USD pay-in application goes through the partner route, signed with the partner key
// through the gate (confirmed: it changes the account), in the process and through the
// agent, under both partner-auth forms: the banking profile then has a USD entry, and a
// second application is the service's refusal. A remark is required before anything is
// signed or sent.
func TestApplyUSDPayin(t *testing.T) {
	eachSigning(t, func(t *testing.T, e *partnerEnv) {
		liveByPartner(t, e)
		ctx := context.Background()
		before := e.hits.Load()
		var fe *app.FieldError
		if _, err := New(e.app).ApplyUSDPayin(ctx, " ", pw); !errors.As(err, &fe) || fe.Field != "remark" || e.hits.Load() != before {
			t.Fatalf("no remark: %v (%d sent)", err, e.hits.Load()-before)
		}
		asked := e.asked.Count()
		r, err := New(e.app).ApplyUSDPayin(ctx, "purse test", pw)
		if err != nil || r.ApplyID <= 0 || r.TokenID != e.app.Profile().TokenID || r.SignedBy == "" {
			t.Fatalf("apply: %+v %v", r, err)
		}
		if e.asked.Count() != asked+1 || !strings.Contains(apptest.ReviewText(e.asked.Last().Review), "apply-usd-payin") {
			t.Fatalf("the review (%d asked):\n%s", e.asked.Count()-asked, apptest.ReviewText(e.asked.Last().Review))
		}
		if p, err := appaccount.New(e.app).PayInFor(ctx, pw, "USD", nil); err != nil || p.Account == "" {
			t.Fatalf("the USD entry: %+v %v", p, err)
		}
		var api *partner.APIError
		if _, err := New(e.app).ApplyUSDPayin(ctx, "again", pw); !errors.As(err, &api) || api.Code != 20003 {
			t.Fatalf("a second application: %v", err)
		}
	})
}

// When the answer is lost after the application reached the service, the banking profile
// says whether the USD entry exists; an answer lost before it did leaves the outcome
// unknown, naming the account — never a plain failure.
func TestApplyUSDPayinLostAnswer(t *testing.T) {
	for _, reached := range []bool{true, false} {
		e := newPartnerEnv(t, wallet.PartnerAuthSpec, nil)
		liveByPartner(t, e)
		next := e.sb.PartnerHandler()
		e.proxyPartner(t, func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/v1/apply-usd-payin") {
				next.ServeHTTP(w, r)
				return
			}
			if reached {
				rec := &discard{header: http.Header{}}
				next.ServeHTTP(rec, r)
			} else {
				_, _ = io.Copy(io.Discard, r.Body)
			}
			http.Error(w, "upstream reset", http.StatusBadGateway)
		})
		r, err := New(e.app).ApplyUSDPayin(context.Background(), "purse test", pw)
		if reached {
			if err != nil || r.ApplyID != 0 || !strings.Contains(r.Note, "the banking profile shows a USD pay-in entry") {
				t.Fatalf("reached, answer lost: %+v %v", r, err)
			}
			continue
		}
		oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
		if oe.IDName != "tokenId" || oe.ID != e.app.Profile().TokenID || !strings.Contains(oe.Next, "purse payin USD") {
			t.Fatalf("not reached, answer lost: %+v", oe)
		}
	}
}

// discard is a ResponseWriter that keeps nothing.
type discard struct{ header http.Header }

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}
