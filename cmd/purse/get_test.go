package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"purse/enduser"
	"purse/sandbox"
)

// purse get lists the reads, reads one decoded into its model (the fields as a table; --json
// the result verbatim beside the decoded model), completes the read routes' names, and
// refuses a name that is no read, naming the reads, with nothing sent.
func TestGetReadsARouteIntoItsModel(t *testing.T) {
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
	out, e, c := purse(t, "", "get")
	if c != exitOK || !regexp.MustCompile(`onramp-pending-retry +GET +/api/v1/onramp/pending-retry +full +PendingRetry or null`).MatchString(out) {
		t.Fatalf("the reads: %d\n%s\n%s", c, out, e)
	}
	for _, r := range enduser.ReadableRoutes() {
		if !strings.Contains(out, r.Name) {
			t.Errorf("the reads lack %s", r.Name)
		}
	}
	out, e, c = purse(t, "", "get", "onramp-limit")
	if c != exitOK || !strings.Contains(out, "maxAmounts") || !strings.Contains(out, "regionLocked") || !strings.Contains(e, "onramp-limit · GET /api/v1/onramp-limit (full auth) · read as OnrampLimit") {
		t.Fatalf("a read: %d\n%s\n%s", c, out, e)
	}
	out, e, c = purse(t, "", "get", "onramp-limit", "--json")
	var got struct {
		Route   string          `json:"route"`
		Model   string          `json:"model"`
		Result  json.RawMessage `json:"result"`
		Decoded map[string]any  `json:"decoded"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || c != exitOK || got.Model != "OnrampLimit" || !strings.Contains(string(got.Result), `"maxAmounts"`) || got.Decoded["maxAmounts"] == nil {
		t.Fatalf("--json: %v %d\n%s\n%s", err, c, out, e)
	}
	out, e, c = purse(t, "", "get", "onramp-pending-retry")
	if c != exitOK || !strings.Contains(out, "none: the service answered without data") {
		t.Fatalf("none waiting: %d\n%s\n%s", c, out, e)
	}
	out, _, c = purse(t, "", "__complete", "get", "")
	if c != exitOK || !strings.Contains(out, "onramp-pending-retry\tGET /api/v1/onramp/pending-retry → PendingRetry or null") || strings.Contains(out, "card-status") {
		t.Fatalf("completion: %d\n%s", c, out)
	}
	for _, name := range []string{"card-status", "transactions", "nope"} {
		if _, e, c := purse(t, "", "get", name); c == exitOK || !strings.Contains(e, "route: expected a read route (one of: account-status,") || !strings.Contains(e, "nothing was sent") {
			t.Errorf("%s: %d %s", name, c, e)
		}
	}
}
