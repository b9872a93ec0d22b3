package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"purse/enduser"
	"purse/internal/strictjson"
	"purse/partner"
	"purse/wallet"
)

// A canonical request of a route: what purse's own client signs for it.
type canonical struct {
	partner bool
	route   string
	payload string
}

// canonicals is every route of both tables with its body as the client sends it (the empty
// payload for a GET), and bodies with values that are not their zero.
func canonicals() []canonical {
	var out []canonical
	for _, rt := range enduser.Routes() {
		if rt.Auth != enduser.AuthFull {
			continue
		}
		b, _ := enduser.ExampleBody(rt.Name) // none for a GET: the empty payload
		out = append(out, canonical{route: rt.Name, payload: string(b)})
	}
	for _, rt := range partner.Routes() {
		b, _ := partner.ExampleBody(rt.Name)
		out = append(out, canonical{partner: true, route: rt.Name, payload: string(b)})
	}
	return append(out,
		canonical{route: enduser.RouteCardStatus, payload: `{"cardTokenId":"981","status":0}`},
		canonical{route: enduser.RouteCardStatus, payload: `{"cardTokenId":"981","status":1}`},
		canonical{route: enduser.RouteTransactions, payload: `{"pageSize":5,"cursorTimestamp":1748583840,"cursorId":47,"transactionTypes":["CTU","P2P"]}`},
		canonical{route: enduser.RouteTokenPermit, payload: `{"address":"0x7b2750D4C8556351bd5F607c79D6AD03A18C8824","amount":"2500","permitAmount":"2500","permitDeadline":1795886846,"permitV":27,"permitR":"0x01","permitS":"0x02"}`},
		canonical{route: enduser.RouteReuseShareToken, payload: `{"shareToken":"abc/def","urId":1234567890}`},
		canonical{route: enduser.RouteSubmitFormA, payload: `{"kycSelfDec":"I declare \"this\" ü\n","kycSelfDecSign":"0x00"}`},
		canonical{route: enduser.RouteIDVToken, payload: `{"levelName":"basic","ttl":1200,"isRetryVerification":true}`},
		canonical{partner: true, route: partner.RouteQuote, payload: `{"urId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR","network":"devnet"}`},
		canonical{partner: true, route: partner.RouteExchange, payload: `{"svcId":42,"inputToken":"EUR24","outputToken":"USD24","amount":"500","requestId":"r1"}`},
		canonical{partner: true, route: partner.RouteTransactionQuery, payload: `{"txPairs":[{"svcId":42,"txHash":"0xab"}]}`},
	)
}

// variationPolicies are the policies the property is checked under: the default, one where
// every read is allowed and every change denied (so a variation judged unknown must get the
// changes' deny), and one where every purpose and read is allowed.
func variationPolicies() map[string]*Policy {
	strict := DefaultPolicy()
	for _, rt := range enduser.Routes() {
		if rt.Auth == enduser.AuthFull && rt.Changes {
			strict.Routes[rt.Name] = Deny
		}
	}
	for _, rt := range partner.Routes() {
		if rt.Changes {
			strict.Partner[rt.Name] = Deny
		}
	}
	reads := DefaultPolicy()
	for k := range reads.Purposes {
		reads.Purposes[k] = Allow
	}
	return map[string]*Policy{"default": DefaultPolicy(), "reads allow, changes deny": strict, "every read and purpose allow": reads}
}

func (c canonical) request(payload []byte) wallet.Request {
	if c.partner {
		return wallet.Request{Purpose: wallet.PurposePartnerAuth, Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthUR, Payload: payload, Deadline: 1}}
	}
	return wallet.Request{Purpose: wallet.PurposeFullAuth, Route: c.route, Payload: payload}
}

// fits names the routes of the canonical's table whose request payload is.
func (c canonical) fits(payload []byte) []string {
	var names []string
	if c.partner {
		for _, rt := range partner.RoutesFitting(payload, "") {
			names = append(names, rt.Name)
		}
		return names
	}
	for _, rt := range enduser.RoutesFitting(payload) {
		names = append(names, rt.Name)
	}
	return names
}

// chooser draws the variation's choices from the fuzzer's bytes (0 once they run out: the
// canonical spelling).
type chooser struct {
	b []byte
	i int
	// respelled: a number was written in another spelling, which a field of an integer type
	// does not take from encoding/json (the route then fits no more: unknown).
	respelled bool
}

func (c *chooser) n(k int) int {
	if k <= 1 || c.i >= len(c.b) {
		return 0
	}
	v := int(c.b[c.i])
	c.i++
	return v % k
}

func (c *chooser) ws(w *bytes.Buffer) {
	for range c.n(4) {
		w.WriteByte(" \t\r\n"[c.n(4)])
	}
}

// vary writes v as JSON that a parser reads as v: whitespace anywhere, keys in any order,
// any character of a key or string as an escape, a number in another spelling.
func vary(v any, c *chooser, w *bytes.Buffer) {
	c.ws(w)
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for i := len(keys) - 1; i > 0; i-- {
			j := c.n(i + 1)
			keys[i], keys[j] = keys[j], keys[i]
		}
		w.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				w.WriteByte(',')
			}
			c.ws(w)
			varyString(k, c, w)
			c.ws(w)
			w.WriteByte(':')
			vary(x[k], c, w)
		}
		c.ws(w)
		w.WriteByte('}')
	case []any:
		w.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				w.WriteByte(',')
			}
			vary(e, c, w)
		}
		c.ws(w)
		w.WriteByte(']')
	case string:
		varyString(x, c, w)
	case json.Number:
		w.WriteString(spell(string(x), c))
	case bool:
		fmt.Fprint(w, x)
	case nil:
		w.WriteString("null")
	}
	c.ws(w)
}

func varyString(s string, c *chooser, w *bytes.Buffer) {
	w.WriteByte('"')
	for _, r := range s {
		switch c.n(3) {
		case 1: // \uXXXX, a surrogate pair beyond the BMP
			if r > 0xFFFF {
				a, b := utf16.EncodeRune(r)
				fmt.Fprintf(w, `\u%04x\u%04X`, a, b)
			} else {
				fmt.Fprintf(w, `\u%04X`, r)
			}
			continue
		case 2:
			if short, ok := map[rune]string{'/': `\/`, '"': `\"`, '\\': `\\`, '\n': `\n`, '\t': `\t`, '\r': `\r`, '\b': `\b`, '\f': `\f`}[r]; ok {
				w.WriteString(short)
				continue
			}
		}
		b, _ := json.Marshal(string(r))
		w.Write(b[1 : len(b)-1])
	}
	w.WriteByte('"')
}

// spell is another spelling of the same number: 5 as 5.0, 5e0, 5E+0, 50e-1, 0.5e1; 0 as -0
// too; a fraction with a trailing zero or an exponent.
func spell(n string, c *chooser) string {
	forms := []string{n, n + ".0", n + "e0", n + "E+0", n + "0e-1", n + ".00e0"}
	switch {
	case strings.ContainsAny(n, ".eE"):
		forms = []string{n, n + "0", n + "e0", n + "E-0"}
	case n == "0":
		forms = append(forms, "-0", "-0.0", "0e9", "-0E-3")
	}
	f := forms[c.n(len(forms))]
	c.respelled = c.respelled || f != n
	return f
}

// prefixOf keeps of the fuzzer's lead what a server skips before a JSON body: JSON whitespace
// and UTF-8 BOMs.
func prefixOf(lead string) string {
	var b strings.Builder
	for _, r := range lead {
		if strings.ContainsRune(" \t\r\n\uFEFF", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// No spelling of a route's request that a JSON parser or the service reads as that request
// (JSON whitespace and BOMs before it, whitespace anywhere, keys in any order, escapes in keys
// and strings, other spellings of its numbers) gets a weaker policy line than the request as
// the client sends it (issue 29: a leading space made a card block a read). The seeds are
// the attack's leading bytes on each route.
func FuzzPayloadVariations(f *testing.F) {
	all := canonicals()
	for i := range all {
		for _, lead := range []string{"", " ", "\n", "\t", "\r\n", "\uFEFF", "\uFEFF ", " \uFEFF"} {
			f.Add(uint16(i), lead, []byte{})
		}
		f.Add(uint16(i), "", []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	}
	policies := variationPolicies()
	f.Fuzz(func(t *testing.T, which uint16, lead string, choices []byte) {
		cn := all[int(which)%len(all)]
		c := &chooser{b: choices}
		var w bytes.Buffer
		w.WriteString(prefixOf(lead))
		if cn.payload != "" {
			v, err := strictjson.Parse([]byte(cn.payload))
			if err != nil {
				t.Fatalf("canonical %s: %v", cn.payload, err)
			}
			vary(v, c, &w)
		}
		got := w.Bytes()
		// Whitespace, BOMs, key order and escapes change nothing of what a body is: it
		// is the request of the same routes.
		if cn.payload != "" && !c.respelled && !slices.Equal(cn.fits(got), cn.fits([]byte(cn.payload))) {
			t.Fatalf("route %s: %q fits %v, %q fits %v", cn.route, got, cn.fits(got), cn.payload, cn.fits([]byte(cn.payload)))
		}
		for name, p := range policies {
			want := p.Decide(cn.request([]byte(cn.payload)))
			d := p.Decide(cn.request(got))
			if rank(d.Outcome) < rank(want.Outcome) {
				t.Fatalf("policy %s, route %s: %q gets %s (%s), weaker than %q's %s (%s)",
					name, cn.route, got, d.Outcome, d.Line, cn.payload, want.Outcome, want.Line)
			}
		}
	})
}
