package enduser_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/wallet"
)

func forwardWorld(t *testing.T) (*world, *endusertest.Recorder) {
	t.Helper()
	srv, err := endusertest.New(endusertest.Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	tp := &endusertest.Recorder{H: srv.Handler()}
	hs := httptest.NewServer(tp)
	t.Cleanup(hs.Close)
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, srv: srv, url: hs.URL, key: wallet.NewEVMKey(k)}
	w.client = w.newClient(w.key, "")
	w.mint(context.Background())
	return w, tp
}

func lastEntry(t *testing.T, c *enduser.Client) enduser.Entry {
	t.Helper()
	s := c.Log().Snapshot()
	if len(s) == 0 {
		t.Fatal("nothing logged")
	}
	return s[len(s)-1]
}

func headerNames(e enduser.Entry) string {
	var names []string
	for _, h := range e.Headers {
		names = append(names, h.Name)
	}
	return strings.Join(names, ",")
}

func TestForwardSignsByTheRouteTableAndReturnsTheAnswerUnchanged(t *testing.T) {
	w, tp := forwardWorld(t)
	ctx := context.Background()
	none := enduser.AuthNone
	for _, tc := range []struct {
		name, method, path, query, body string
		unknown                         *enduser.AuthLevel
		route, headers                  string
		wantOK                          bool
	}{
		{"none", http.MethodGet, "/api/v1/timestamp", "", "", nil, enduser.RouteTimestamp, "X-Tester", true},
		{"basic", http.MethodGet, "/api/v2/account-status", "", "", nil, enduser.RouteAccountStatus, "tokenId,network,X-Tester", true},
		{"full", http.MethodPost, "/api/v2/transactions", "", `{"pageSize":5}`, nil, enduser.RouteTransactions, "tokenId,network,hash,deadline,sign,Content-Type,X-Tester", true},
		{"full GET signs the raw query", http.MethodGet, "/api/v2/br", "a=1&b=%20", "", nil, enduser.RouteProfile, "tokenId,network,hash,deadline,sign,X-Tester", false},
		{"unknown: full", http.MethodGet, "/api/v9/nothing", "x=1", "", nil, enduser.RouteUnknown, "tokenId,network,hash,deadline,sign,X-Tester", false},
		{"unknown: as overridden", http.MethodGet, "/api/v9/nothing", "", "", &none, enduser.RouteUnknown, "X-Tester", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The client's own identity headers are dropped, whatever their case.
			hdr := http.Header{"Tokenid": {"999"}, "Sign": {"0xforged"}, "Hash": {"0x00"}, "Deadline": {"1"}, "Network": {"1"},
				"Content-Type": {"application/x-www-form-urlencoded"}, "X-Tester": {"yes"}, "Authorization": {"Bearer other-service"}}
			fw, err := w.client.Forward(ctx, enduser.ForwardRequest{Method: tc.method, Path: tc.path, RawQuery: tc.query, Body: []byte(tc.body), Header: hdr, UnknownAuth: tc.unknown})
			if err != nil {
				t.Fatal(err)
			}
			if fw.Route.Name != tc.route {
				t.Fatalf("route %q, want %q", fw.Route.Name, tc.route)
			}
			sent, recv := tp.Last()
			if !bytes.Equal(fw.Body, sent) {
				t.Fatalf("answer changed:\n got %s\nsent %s", fw.Body, sent)
			}
			e := lastEntry(t, w.client)
			if got := headerNames(e); got != tc.headers {
				t.Fatalf("logged headers %s, want %s", got, tc.headers)
			}
			if recv.Get("Authorization") != "" || recv.Get("X-Tester") != "yes" {
				t.Fatalf("sandbox received %v", recv)
			}
			for _, h := range e.Headers {
				if got := recv.Values(h.Name); len(got) != 1 {
					t.Fatalf("header %s reached the sandbox as %q (mixed with the client's?)", h.Name, got)
				}
			}
			if tid := recv.Values("tokenId"); len(tid) == 1 && tid[0] == "999" {
				t.Fatal("the client's tokenId was forwarded")
			}
			if tc.wantOK && (fw.Status != 200 || fw.Problem != nil) {
				t.Fatalf("HTTP %d, problem %v: %s", fw.Status, fw.Problem, fw.Body)
			}
			if bytes.Contains(fw.Body, []byte("10001")) {
				t.Fatalf("the sandbox refused the authentication: %s", fw.Body)
			}
			if !strings.Contains(e.Curl(""), "X-Tester: yes") {
				t.Fatalf("curl replay lacks the client's header: %s", e.Curl(""))
			}
		})
	}
	// The sandbox checks the signature: the full route's answer is the real page.
	fw, err := w.client.Forward(ctx, enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v2/transactions", Body: []byte(`{"pageSize":5}`)})
	if err != nil || !bytes.Contains(fw.Body, []byte(`"retCode":0`)) {
		t.Fatalf("transactions: %v %s", err, fw.Body)
	}
}

// A full-auth request is signed over the raw query of a GET and the body of any other
// method: a part the signature would not cover is refused, nothing sent. A route without a
// signature forwards what it gets.
func TestForwardRefusesWhatTheSignatureWouldNotCover(t *testing.T) {
	w, _ := forwardWorld(t)
	ctx := context.Background()
	before := w.client.Log().Len()
	for _, tc := range []struct {
		name  string
		fr    enduser.ForwardRequest
		field string
	}{
		{"a body on a GET", enduser.ForwardRequest{Method: http.MethodGet, Path: "/api/v2/br", Body: []byte(`{"a":1}`)}, "body"},
		{"a query on a POST", enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v2/transactions", RawQuery: "pageSize=9", Body: []byte(`{}`)}, "query"},
		{"a query on a body-less POST", enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v2/transactions", RawQuery: "pageSize=9"}, "query"},
		{"a query on an unknown DELETE", enduser.ForwardRequest{Method: http.MethodDelete, Path: "/api/v9/thing", RawQuery: "id=1"}, "query"},
		{"a body on an unknown GET", enduser.ForwardRequest{Method: http.MethodGet, Path: "/api/v9/thing", Body: []byte(`{}`)}, "body"},
	} {
		_, err := w.client.Forward(ctx, tc.fr)
		var ve *enduser.ValidationError
		if !errors.As(err, &ve) || ve.Field != tc.field || !strings.Contains(err.Error(), "would reach the service unsigned") {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if n := w.client.Log().Len(); n != before {
		t.Fatalf("%d refused requests were sent", n-before)
	}
	none := enduser.AuthNone
	if _, err := w.client.Forward(ctx, enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v9/thing", RawQuery: "x=1", Body: []byte(`{}`), UnknownAuth: &none}); err != nil {
		t.Fatalf("an unsigned route: %v", err)
	}
}

func TestForwardPassesABrokenAnswerOnAndLogsTheProblem(t *testing.T) {
	w, tp := forwardWorld(t)
	if err := w.srv.SetFaults(endusertest.Faults{TruncateJSON: true, Route: "/api/v2/transactions"}); err != nil {
		t.Fatal(err)
	}
	fw, err := w.client.Forward(context.Background(), enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v2/transactions", Body: []byte(`{"pageSize":5}`)})
	if err != nil {
		t.Fatal(err)
	}
	if sent, _ := tp.Last(); !bytes.Equal(fw.Body, sent) || len(fw.Body) == 0 {
		t.Fatalf("answer changed:\n got %s\nsent %s", fw.Body, sent)
	}
	var de *enduser.DecodeError
	if !errors.As(fw.Problem, &de) {
		t.Fatalf("problem %v, want a decode error", fw.Problem)
	}
	if e := lastEntry(t, w.client); !strings.Contains(e.Err, "cannot decode") || e.ResponseBody != string(fw.Body) {
		t.Fatalf("log entry %+v", e)
	}
}

func TestForwardWithoutAnAnswer(t *testing.T) {
	hs := httptest.NewServer(http.NotFoundHandler())
	url := hs.URL
	hs.Close()
	k, _ := crypto.GenerateKey()
	c, err := enduser.New(enduser.Options{BaseURL: url, Network: enduser.NetworkTestnet, TokenID: "1234567890", Signer: wallet.NewEVMKey(k), NoAutoSync: true, Log: enduser.NewRequestLog(0)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Forward(context.Background(), enduser.ForwardRequest{Method: http.MethodGet, Path: "/api/v1/timestamp"})
	var te *enduser.TransportError
	if !errors.As(err, &te) {
		t.Fatalf("unreachable: %v", err)
	}
	if e := lastEntry(t, c); e.Status != 0 || e.Err == "" {
		t.Fatalf("log entry %+v", e)
	}
	for _, bad := range []enduser.ForwardRequest{{Method: "GET", Path: "nope"}, {Method: "GET", Path: "/a b"}, {Method: "GET", Path: "/a", RawQuery: "x y"}, {Method: "", Path: "/a"}} {
		var ve *enduser.ValidationError
		if _, err := c.Forward(context.Background(), bad); !errors.As(err, &ve) {
			t.Fatalf("%+v: %v", bad, err)
		}
	}
	// A signer that refuses: nothing is sent.
	refusing, _ := enduser.New(enduser.Options{BaseURL: url, Network: enduser.NetworkTestnet, TokenID: "1234567890", Signer: refuser{wallet.NewEVMKey(k)}, NoAutoSync: true})
	var se *enduser.SignError
	if _, err := refusing.Forward(context.Background(), enduser.ForwardRequest{Method: http.MethodPost, Path: "/api/v2/transactions", Body: []byte(`{}`)}); !errors.As(err, &se) {
		t.Fatalf("refused signature: %v", err)
	}
}

type refuser struct{ *wallet.EVMKey }

func (refuser) SignDigest(wallet.Purpose, common.Hash) ([]byte, error) {
	return nil, errors.New("refused by policy")
}

// Every route of the client's table is one the sandbox serves, at the route's method and
// path: a route added to the table without its handler in the sandbox (whose own path table
// is the independent oracle) fails here, not in a user's hands.
func TestTheSandboxServesEveryRouteOfTheTable(t *testing.T) {
	w, _ := forwardWorld(t)
	unserved := func(fw *enduser.Forwarded) bool {
		return fw.Status == http.StatusNotFound && bytes.Contains(fw.Body, []byte("no such route")) || fw.Status == http.StatusMethodNotAllowed
	}
	// The check tells a path the sandbox lacks, and a method it does not take there.
	for _, ctl := range []enduser.ForwardRequest{{Method: "GET", Path: "/api/v2/no-such-route"}, {Method: "POST", Path: "/api/v1/timestamp", Body: []byte("{}")}} {
		if fw, err := w.client.Forward(context.Background(), ctl); err != nil || !unserved(fw) {
			t.Fatalf("control %s %s: %v %+v", ctl.Method, ctl.Path, err, fw)
		}
	}
	for _, r := range enduser.Routes() {
		if !r.PathKnown() {
			continue // a setting with no default: served where the sandbox's profile says (endusertest's TestSandboxServesEveryRoute)
		}
		body, _ := enduser.ExampleBody(r.Name)
		if body == nil && r.Method == http.MethodPost {
			body = []byte("{}")
		}
		fw, err := w.client.Forward(context.Background(), enduser.ForwardRequest{Method: r.Method, Path: r.Path, Body: body})
		if err != nil {
			t.Errorf("%s %s %s: %v", r.Name, r.Method, r.Path, err)
			continue
		}
		if unserved(fw) {
			t.Errorf("%s: the sandbox does not serve %s %s (HTTP %d %s)", r.Name, r.Method, r.Path, fw.Status, fw.Body)
		}
	}
}
