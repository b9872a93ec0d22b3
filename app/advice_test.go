package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"purse/enduser"
	"purse/sandboxctl"
)

// TestAdviceIsSaidOnceFromOnePlace: each kind of error gets its next step from NextStep, and
// Describe takes out of the error's text the advice it already carries, so the CLI's
// `purse: next:` line and the TUI's footer say it once.
func TestAdviceIsSaidOnceFromOnePlace(t *testing.T) {
	api := &enduser.APIError{Route: "account-status", Code: enduser.CodeAuth, CodeText: "10001", Message: "bad sign", Explanation: enduser.Explain(enduser.CodeAuth)}
	proxied := &enduser.APIError{Route: "x", Code: enduser.CodeInvalidParam, CodeText: "10009", Message: ProxyMessagePrefix + "/purse/ is reserved for the proxy",
		Explanation: enduser.Explain(enduser.CodeInvalidParam), HTTPStatus: 404}
	cases := []struct {
		err  error
		want string
	}{
		{api, "resync"},
		{&enduser.HTTPError{Route: "x", Status: 400, API: api}, "resync"},
		{fmt.Errorf("reading: %w", proxied), "the purse proxy's, not the service's"},
		{&enduser.GatewayError{Route: "x", Status: 503}, "HTTP 503"},
		{&enduser.TransportError{Route: "x", Err: errors.New("connection refused")}, "start the sandbox"},
		{&enduser.TransportError{Route: "x", Timeout: true, Err: errors.New("deadline")}, "did not answer in time"},
		{&enduser.DecodeError{Route: "x", Err: errors.New("eof")}, "Requests screen"},
		{&enduser.ValidationError{Route: "mint", Field: "address", Msg: "bad"}, "Correct address"},
		{&sandboxctl.ControlError{Route: "advance", RetCode: 10009, Message: "nothing is waiting"}, "refresh the account"},
		{fieldErr("amount", "expected a decimal"), "Correct the amount"},
		{context.Canceled, "cancelled"},
		{errors.New("odd"), ""},
	}
	for _, c := range cases {
		got := NextStep(c.err)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%T: next step %q, want %q", c.err, got, c.want)
		}
		text, next := Describe(c.err)
		if next != got {
			t.Errorf("%T: Describe's next step %q differs from NextStep's", c.err, next)
		}
		if next != "" && strings.Contains(text, next) {
			t.Errorf("%T: the advice is said twice: %q then %q", c.err, text, next)
		}
	}
	// The code's explanation leaves the text even when other advice replaces it.
	text, _ := Describe(proxied)
	if strings.Contains(text, proxied.Explanation) || !strings.Contains(text, "reserved for the proxy") {
		t.Errorf("proxy answer text %q", text)
	}
	// The text keeps what the error says, newlines included (the front end escapes them).
	if text, next := Describe(errors.New("a\nb")); text != "a\nb" || next != "" {
		t.Errorf("plain error: %q %q", text, next)
	}
}
