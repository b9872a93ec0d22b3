package proxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"purse/agent"
	"purse/app/apptest"
	"purse/app/review"
	"purse/enduser"
)

// display is an agent's trusted display for a test: it records each confirmation and
// declines it until approve.
type display struct {
	mu       sync.Mutex
	seen     []agent.Confirmation
	approved bool
}

func (d *display) String() string { return "the test's display" }

func (d *display) Confirm(_ context.Context, c agent.Confirmation) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seen = append(d.seen, c)
	if !d.approved {
		return errors.New("declined")
	}
	return nil
}

func (d *display) approve() { d.mu.Lock(); d.approved = true; d.mu.Unlock() }

func (d *display) count() int { d.mu.Lock(); defer d.mu.Unlock(); return len(d.seen) }

func (d *display) last() agent.Confirmation {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.seen) == 0 {
		return agent.Confirmation{}
	}
	return d.seen[len(d.seen)-1]
}

// lastReview is the review document the display was last shown.
func (d *display) lastReview() review.Request {
	var rv review.Request
	_ = json.Unmarshal(d.last().Review, &rv)
	return rv
}

// Issue 29 through `purse proxy`: `curl --data-binary ' {…}'` to /api/v2/card-status is a card
// block, confirmed and not signed silently: with no one to ask (the proxy in its process) it
// is refused naming routes.card-status, nothing signed or forwarded; through an agent its
// display is asked, and only its yes lets the call through. A GET with a query no route
// takes is asked about too.
func TestProxyLeadingBytesAreConfirmed(t *testing.T) {
	e := newProxyEnv(t, nil)
	hdr := http.Header{"Content-Type": {"application/json"}}
	card := `{"cardTokenId":"981","status":0}`
	for _, c := range []struct{ method, path, body, line string }{
		{http.MethodPost, "/api/v2/card-status", " " + card, "routes.card-status"},
		{http.MethodPost, "/api/v2/card-status", "\r\n" + card, "routes.card-status"},
		{http.MethodPost, "/api/v2/card-status", "\uFEFF" + card, "routes.card-status"},
		{http.MethodPost, "/api/v2/card-status", " {}", "routes.issue-card"},
		{http.MethodPost, "/api/v2/card-status", "null", "routes.unknown"},
		{http.MethodGet, "/api/v2/br?x=1", "", "routes.unknown"},
	} {
		logged, signed := e.app.Log.Len(), e.audits()
		h := hdr
		if c.body == "" {
			h = nil
		}
		resp, body := e.do(c.method, c.path, c.body, h)
		proxyError(t, resp, body, http.StatusForbidden, enduser.CodeAuth, "the signing policy says "+c.line+" = ")
		e.unchanged(t, fmt.Sprintf("%s %s %q", c.method, c.path, c.body), logged, signed)
	}

	a := &display{}
	apptest.ServeAgentWith(t, e.home, a)
	e.start(Options{})
	logged, signed := e.app.Log.Len(), e.audits()
	resp, body := e.do(http.MethodPost, "/api/v2/card-status", " "+card, hdr)
	if resp.StatusCode != http.StatusForbidden || a.count() != 1 || !strings.HasPrefix(a.last().Line, "routes.card-status = ") ||
		!strings.HasPrefix(a.lastReview().Purpose, "Sets card 981 to blocked") {
		t.Fatalf("declined on the agent's display: HTTP %d %s (asked %d)", resp.StatusCode, body, a.count())
	}
	e.unchanged(t, "declined", logged, signed)
	a.approve()
	e.do(http.MethodPost, "/api/v2/card-status", " "+card, hdr)
	if a.count() != 2 || e.app.Log.Len() != logged+1 || e.audits() != signed+1 {
		t.Fatalf("approved: asked %d, %d forwarded, %d signed", a.count(), e.app.Log.Len()-logged, e.audits()-signed)
	}
}
