package enduser

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// Issue 11 case 6: Form A text is kept byte for byte; encoding/json would replace invalid
// UTF-8 and lone surrogates with U+FFFD and purse would sign the replacement.
func TestFormAInfoKeepsTheBytesAsReceived(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"kycSelfDec":"I declare.\n\tOK \"q\" \/ \u00e9 \ud83d\ude00"}`, "I declare.\n\tOK \"q\" / é 😀"},
		{`"bare string"`, "bare string"},
		{"{\"kycSelfDec\":\"bad \xff byte\"}", "bad \xff byte"},
		{`{"kycSelfDec":"lone \ud800 surrogate"}`, "lone \xed\xa0\x80 surrogate"},
		{`{"kycSelfDec":"\u001b[2Jcleared"}`, "\x1b[2Jcleared"},
		{`{"kycSelfDec":null}`, ""},
	} {
		var f FormAInfo
		if err := json.Unmarshal([]byte(c.in), &f); err != nil || f.KYCSelfDec != c.want {
			t.Errorf("%s: %q %v, want %q", c.in, f.KYCSelfDec, err, c.want)
		}
	}
	var f FormAInfo
	if err := json.Unmarshal([]byte(`{"kycSelfDec":"\x"}`), &f); err == nil {
		t.Error("a bad escape was accepted")
	}
}

// A result sent as a JSON-encoded string holding JSON is unwrapped byte for byte too.
func TestUnwrapResultKeepsInvalidBytes(t *testing.T) {
	inner, err := unwrapResult(json.RawMessage("\"{\\\"kycSelfDec\\\":\\\"bad \xff\\\"}\""))
	if err != nil {
		t.Fatal(err)
	}
	var f FormAInfo
	if err := json.Unmarshal(inner, &f); err != nil || f.KYCSelfDec != "bad \xff" {
		t.Fatalf("%q %v", f.KYCSelfDec, err)
	}
}

// Issue 11 case 19 (e-mail): one validator; CR/LF and other control characters are refused,
// and the error quotes them escaped.
func TestCheckEmail(t *testing.T) {
	if err := CheckEmail("name@example.com"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"a@b.c\r\nBcc: x@y.z", "a@b.c\r\n", "a@b.c\n", "a\x1b[2J@b.c", "a@b.c\x00", "Name <a@b.c>", "a@b.c (c)", "a b@c.d", "nobody", ""} {
		err := CheckEmail(bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if strings.ContainsAny(err.Error(), "\r\n\x1b\x00") {
			t.Errorf("%q: the error carries a control character: %q", bad, err.Error())
		}
	}
}

// Issue 11 case 18: a timeout the user sees names no internal option (Options.Timeout).
func TestTimeoutErrorNamesNoInternalOption(t *testing.T) {
	e := &TransportError{Route: RouteCard, Timeout: true, After: 30 * time.Second, Err: context.DeadlineExceeded}
	if strings.Contains(e.Error(), "Options") || !strings.Contains(e.Error(), "no answer within 30s") {
		t.Fatal(e.Error())
	}
}
