package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 29: a leading byte does not turn a write into a read. `purse sign full-auth` with no
// terminal and no --yes signs a read under full-auth = allow; the card-status body behind a
// space, LF, TAB, CRLF or a UTF-8 BOM, and the payloads ` {}` and `null`, were judged reads
// and signed too. Now each is refused, naming the policy line that asks.
func TestSignFullAuthLeadingBytesAreNoRead(t *testing.T) {
	devKeyEnv(t)
	sign := func(body string) (string, string, int) {
		return purse(t, "", "sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "POST",
			"--body-file", writeTemp(t, "body", body))
	}
	audited := func() int {
		out, _, _ := purse(t, "", "audit", "list", "--json")
		var recs []json.RawMessage
		if err := json.Unmarshal([]byte(out), &recs); err != nil {
			t.Fatalf("audit list: %v %s", err, out)
		}
		return len(recs)
	}
	// A read is signed unasked: the refusals below are the policy's, not the lack of a terminal.
	if _, e, c := sign(`{"pageSize":5}`); c != exitOK {
		t.Fatalf("a read: exit %d %s", c, e)
	}
	signed := audited()
	card := `{"cardTokenId":"981","status":0}`
	for _, c := range []struct{ payload, line string }{
		{card, `routes.card-status = "confirm"`},
		{" " + card, `routes.card-status = "confirm"`},
		{"\n" + card, `routes.card-status = "confirm"`},
		{"\t" + card, `routes.card-status = "confirm"`},
		{"\r\n" + card, `routes.card-status = "confirm"`},
		{"\uFEFF" + card, `routes.card-status = "confirm"`},
		{" {}", `routes.issue-card = "confirm"`},
		{"null", `routes.unknown = "confirm"`},
		{" null", `routes.unknown = "confirm"`},
	} {
		_, e, code := sign(c.payload)
		// Asked, and with no terminal to ask on, refused (exit 2, as every approval without
		// a terminal or --yes).
		if code != exitUsage || !strings.Contains(e, "the signing policy says "+c.line) || !strings.Contains(e, "nothing was signed") {
			t.Errorf("%q: exit %d, want %d naming %s:\n%s", c.payload, code, exitUsage, c.line, e)
		}
	}
	if n := audited(); n != signed {
		t.Fatalf("%d signatures audited after the refusals, want %d", n, signed)
	}
}
