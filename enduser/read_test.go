package enduser

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// A row is a read when it changes nothing, declares its model and sends no data; its model
// is a struct, or a pointer to one whose null means "none", so every reader can list it.
func TestReadRoutesDeclareListableModels(t *testing.T) {
	reads := map[string]bool{}
	for _, r := range ReadableRoutes() {
		reads[r.Name] = true
		typ := reflect.TypeOf(r.Result)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || len(ResultFields(reflect.New(typ).Elem().Interface())) == 0 {
			t.Errorf("%s: model %s lists no fields", r.Name, r.Model())
		}
	}
	for _, name := range []string{RouteAccountStatus, RouteOnrampLimit, RouteOnrampPendingRetry, RouteKYCCheck} {
		if !reads[name] {
			t.Errorf("%s is not a read", name)
		}
	}
	// A change, a route that needs data, and a route read by its own method only are not.
	for _, name := range []string{RouteCardStatus, RouteIssueCard, RouteTransactions, RouteEmailStatus, RouteCard, RouteTimestamp} {
		if reads[name] {
			t.Errorf("%s is listed as a read", name)
		}
	}
	if r, _ := LookupRoute(RouteOnrampPendingRetry); r.Model() != "PendingRetry or null" {
		t.Errorf("model %q", r.Model())
	}
}

// Read sends the route as its row says and decodes the result into the row's model: the
// typed method and the generic read agree, a JSON-string result is unwrapped, and a
// pointer model's null is a nil pointer. A name that is no read is refused before sending.
func TestReadDecodesIntoTheRowsModel(t *testing.T) {
	var sent atomic.Int32
	answers := map[string]string{
		"/api/v1/onramp-limit":         `{"retCode":0,"result":"{\"maxAmounts\":{\"EUR\":\"100.00\"},\"regionLocked\":true}"}`,
		"/api/v1/onramp/pending-retry": `{"retCode":0,"result":{"original_tx_hash":"0xab"}}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		if r.URL.Path == "/api/v1/timestamp" {
			writeRaw(w, 200, `{"retCode":0,"result":1767225600000}`)
			return
		}
		writeRaw(w, 200, answers[r.URL.Path])
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, nil)
	ctx := context.Background()
	rd, err := c.Read(ctx, RouteOnrampLimit)
	l, ok := rd.Value.(OnrampLimit)
	if err != nil || !ok || !l.RegionLocked || l.MaxAmounts["EUR"].String() != "100" || !strings.HasPrefix(string(rd.Result), `{"maxAmounts"`) {
		t.Fatalf("read: %#v %v (result %s)", rd.Value, err, rd.Result)
	}
	if typed, err := c.OnrampLimit(ctx); err != nil || !reflect.DeepEqual(typed, l) {
		t.Fatalf("the typed read differs: %+v %v", typed, err)
	}
	if fields := rd.Fields(); len(fields) != 6 || fields[5] != [2]string{"regionLocked", "true"} {
		t.Fatalf("fields %v", fields)
	}
	rd, err = c.Read(ctx, RouteOnrampPendingRetry)
	if pr, ok := rd.Value.(*PendingRetry); err != nil || !ok || pr == nil || pr.OriginalTxHash != "0xab" {
		t.Fatalf("pending retry: %#v %v", rd.Value, err)
	}
	answers["/api/v1/onramp/pending-retry"] = `{"retCode":0,"result":null}`
	if rd, err = c.Read(ctx, RouteOnrampPendingRetry); err != nil || rd.Value.(*PendingRetry) != nil || rd.Fields() != nil {
		t.Fatalf("none waiting: %#v %v", rd.Value, err)
	}
	before := sent.Load()
	for _, name := range []string{RouteCardStatus, RouteTransactions, "nope"} {
		var ve *ValidationError
		if _, err := c.Read(ctx, name); !errors.As(err, &ve) || ve.Field != "route" || !strings.Contains(ve.Msg, RouteOnrampPendingRetry) {
			t.Errorf("%s: %v, want an error naming the route and listing the reads", name, err)
		}
	}
	if sent.Load() != before {
		t.Fatal("a name that is no read was sent")
	}
}

// A typed method whose row declares another model fails before it sends: the row's model
// and the method's type cannot drift apart unseen.
func TestTypedReadFollowsTheRowsModel(t *testing.T) {
	c := newClient(t, "http://127.0.0.1:1", nil)
	if _, err := readAs[Profile](context.Background(), c, RouteOnrampLimit, nil); err == nil || !strings.Contains(err.Error(), "result model is OnrampLimit, not enduser.Profile") {
		t.Fatalf("a mismatched model: %v", err)
	}
}

// ResultFields lists a model's JSON fields in order, an embedded struct's among them.
func TestResultFields(t *testing.T) {
	type inner struct {
		A string `json:"a"`
	}
	type outer struct {
		inner
		B   int    `json:"b"`
		C   string `json:"-"`
		d   string
		Raw Text `json:"raw,omitempty"`
	}
	got := ResultFields(&outer{inner: inner{A: "x"}, B: 2, d: "hidden"})
	want := [][2]string{{"a", "x"}, {"b", "2"}, {"raw", ""}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fields %v, want %v", got, want)
	}
	if got := ResultFields("plain"); !reflect.DeepEqual(got, [][2]string{{"result", "plain"}}) {
		t.Fatalf("a scalar: %v", got)
	}
	if ResultFields((*outer)(nil)) != nil || ResultFields(nil) != nil {
		t.Fatal("nil has fields")
	}
}
