package account_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"purse/app"
	"purse/app/account"
	"purse/app/apptest"
	"purse/config"
	"purse/enduser"
)

// calls counts the request log's calls of route.
func calls(s *app.App, route string) int {
	n := 0
	for _, e := range s.RequestLog().Snapshot() {
		if e.Route == route {
			n++
		}
	}
	return n
}

// The card's currency is set to one it lists, through the one signing gate (the review names
// the route and the currency), in the process and through the agent. The card's own currency
// is no change and sends nothing; a currency the card does not list is refused naming the
// field, with nothing signed or sent; a declined review sends nothing.
func TestCardCurrencyBothWays(t *testing.T) {
	bothWays(t, func(t *testing.T, s *app.App, u *app.Unlock, a *apptest.Approver) {
		ctx := context.Background()
		card := account.NewCard(s)
		if _, err := card.Run(ctx, u, account.CardIssue, ""); err != nil {
			t.Fatal(err)
		}
		asked := a.Count()
		info, err := card.SetCurrency(ctx, u, "chf")
		if err != nil || info.Card == nil || info.Card.Currency != "CHF" || info.Done != "card currency set to CHF" {
			t.Fatalf("set: %+v %v", info, err)
		}
		rv := apptest.ReviewText(a.Last().Review)
		if a.Count() != asked+1 || !strings.Contains(rv, "card-currency") || !strings.Contains(rv, "CHF") {
			t.Fatalf("the review (%d asked):\n%s", a.Count()-asked, rv)
		}
		sent := calls(s, enduser.RouteCardCurrency)
		if info, err := card.SetCurrency(ctx, u, "CHF"); err != nil || !strings.Contains(info.Done, "already") || calls(s, enduser.RouteCardCurrency) != sent {
			t.Fatalf("the card's own currency: %+v %v", info, err)
		}
		var adv *app.Advice
		if _, err := card.SetCurrency(ctx, u, "JPY"); !errors.As(err, &adv) || !strings.HasPrefix(err.Error(), "currency: ") || !strings.Contains(err.Error(), "EUR, CHF, USD") || !strings.Contains(adv.Next, "not sent") {
			t.Fatalf("a currency the card lacks: %v", err)
		}
		asked = a.Count()
		a.Answer = func(app.Approval) error { return errors.New("declined") }
		if _, err := card.SetCurrency(ctx, u, "USD"); err == nil || a.Count() != asked+1 {
			t.Fatalf("declined: %v (asked %d)", err, a.Count()-asked)
		}
		if calls(s, enduser.RouteCardCurrency) != sent {
			t.Fatal("a refused or declined change was sent")
		}
		a.Answer = func(app.Approval) error { return nil }
		if info, err := card.Run(ctx, u, account.CardRead, ""); err != nil || info.Card.Currency != "CHF" {
			t.Fatalf("after the refusals: %+v %v", info.Card, err)
		}
	})
}

// When the answer to a currency change is lost after it reached the service, the card read
// after it says whether it took effect; when that read fails too, the outcome is unknown and
// the error names the card and the currency, never a plain failure.
func TestCardCurrencyLostAnswer(t *testing.T) {
	s, u, _ := liveSession(t, false)
	ctx := context.Background()
	card := account.NewCard(s)
	if _, err := card.Run(ctx, u, account.CardIssue, ""); err != nil {
		t.Fatal(err)
	}
	var dropCard, dropAfter atomic.Bool
	upstream, err := url.Parse(s.Profile().UserAPI)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(upstream)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/api/v2/card-currency":
			// The service acts on it; its answer never comes back.
			rec := httptest.NewRecorder()
			rp.ServeHTTP(rec, r)
			dropCard.Store(dropAfter.Load())
			http.Error(w, "upstream connect error or disconnect/reset before headers", http.StatusBadGateway)
			return
		case r.URL.Path == "/api/v2/card" && dropCard.Load():
			http.Error(w, "no healthy upstream", http.StatusServiceUnavailable)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)
	if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("user_api", proxy.URL) }); err != nil {
		t.Fatal(err)
	}
	info, err := card.SetCurrency(ctx, u, "USD")
	if err != nil || info.Card.Currency != "USD" || !strings.Contains(info.Done, "the answer was lost; the card read after shows it") {
		t.Fatalf("a lost answer, the card read after: %+v %v", info, err)
	}
	dropAfter.Store(true)
	_, err = card.SetCurrency(ctx, u, "EUR")
	oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
	if oe.IDName != "cardExternalId" || oe.ID == "" || oe.Fields["currency"] != "EUR" || !strings.Contains(oe.Next, "purse card") {
		t.Fatalf("unknown outcome: %+v", oe)
	}
}
