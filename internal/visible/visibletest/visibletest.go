// Package visibletest is the hostile text of the tests that check internal/visible's promise
// (text from the service, a quote, a key file or a profile never acts on the terminal): the
// value, the check of an output, and a service that puts the value in its answers. Only
// tests import it.
package visibletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Text is what a compromised service, quote, key file or profile puts in a text field: a
// screen clear, an OSC 0 title change, an OSC 52 clipboard write, concealed text, a bidi
// override, a C1 CSI, a zero-width space, a line separator and a newline followed by a line
// of its own (Forged).
const Text = "\x1b[2J\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x1b[8m\u202e\u009b31m\u200b\u2028\r\n" + Forged

// Forged is the line a hostile value tries to print on its own after its newline.
const Forged = "FORGED LINE"

// Check returns what in out would act on a terminal or pass for a line of its own: a control
// character other than newline (C0, DEL, C1), a format character (bidi overrides,
// zero-width), a line or paragraph separator, invalid UTF-8, or a line that starts with
// Forged (not right after a line that ends with the escaped newline ␊, which it continues).
// "" when out is clean.
func Check(out string) string {
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Sprintf("invalid UTF-8 byte 0x%02X at byte %d", out[i], i)
		case r < 0x20 && r != '\n', r == 0x7f, r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("control character U+%04X at byte %d", r, i)
		case unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
			return fmt.Sprintf("format or separator character U+%04X at byte %d", r, i)
		}
		i += size
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		// A line wrapped right after the escaped newline (␊) continues the value: the reader
		// sees the ␊ that ends the line above.
		wrapped := i > 0 && strings.HasSuffix(strings.TrimRight(lines[i-1], " "), "␊")
		if l = strings.TrimLeft(l, " │|"); !wrapped && (strings.HasPrefix(l, Forged) || strings.HasPrefix(l, `"`+Forged)) {
			return "a value's newline started a line of its own: " + l
		}
	}
	return ""
}

// Verify fails t when out is not clean (Check), naming what.
func Verify(t testing.TB, what, out string) {
	t.Helper()
	if bad := Check(out); bad != "" {
		t.Errorf("%s: %s reaches the output:\n%q", what, bad, out)
	}
}

var numeric = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$|^0x[0-9a-fA-F]*$`)

// FreeText are the answer fields that are text for people (titles, names, messages).
var FreeText = map[string]bool{
	"retMsg": true, "error_msg": true, "title": true, "subtitle": true, "listingTitle": true, "officialName": true,
	"notes": true, "reference": true, "ctuExternalSender": true, "bankAccount": true, "cardHolder": true, "cardDesign": true,
	"br": true, "city": true, "street": true, "bank": true, "payee": true, "name": true, "chainName": true,
	"cardActivationMessage": true, "failReason": true, "reviewRejectType": true, "kycSelfDec": true, "externalId": true,
	"applicantId": true, "message": true, "detail": true, "country": true, "mobile": true, "email": true,
}

// Poison appends Text to the strings of v (decoded JSON) that mode names: "text" the
// FreeText fields, "all" every string that is not a number or hex. A string that holds a
// JSON object (an account status sent as a string) is poisoned inside.
func Poison(v any, key, mode string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = Poison(e, k, mode)
		}
	case []any:
		for i, e := range x {
			x[i] = Poison(e, key, mode)
		}
	case string:
		var inner any
		if strings.HasPrefix(x, "{") && json.Unmarshal([]byte(x), &inner) == nil {
			b, _ := json.Marshal(Poison(inner, key, mode))
			return string(b)
		}
		if (mode == "all" && !numeric.MatchString(x)) || (mode == "text" && FreeText[key]) {
			return x + Text
		}
	}
	return v
}

// Service answers as the service at upstream does, with Text in its JSON answers (Poison's
// modes "text" and "all"); mode "body" answers every /api/ call with HTTP 500 and Text as the
// body. It returns its URL; it stops when the test ends.
func Service(t testing.TB, upstream, mode string) string {
	t.Helper()
	target := strings.TrimRight(upstream, "/")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mode == "body" && strings.HasPrefix(r.URL.Path, "/api/") {
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, Text)
			return
		}
		body, _ := io.ReadAll(r.Body)
		req, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var v any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			if nb, err := json.Marshal(Poison(v, "", mode)); err == nil {
				b = nb
			}
		}
		for k, vs := range resp.Header {
			if k != "Content-Length" {
				w.Header()[k] = vs
			}
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
