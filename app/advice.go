package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	"purse/enduser"
)

// What to do about an error is said in one place, keyed on the error, for every front end:
// the CLI's `purse: next:` line and the TUI's footer both show NextStep, and both show the
// error's own text through Describe, so advice the error already carries is said once.

// ProxyMessagePrefix starts the message of every answer a purse proxy gives itself (not the
// service's): a client reading such an answer gets the proxy's advice, not the service's.
const ProxyMessagePrefix = "purse proxy (not the service): "

// NextStep is what the user should do about err: the error's own advice (an answer of the
// service explains its code, a form field names itself, a use case says what it knows),
// else advice for what any call can meet (the service unreachable, a gateway outage, no
// answer in time, an answer that could not be read, a purse proxy's refusal); "" when there
// is nothing to add to the error.
func NextStep(err error) string {
	var (
		ae *enduser.APIError
		ge *enduser.GatewayError
		te *enduser.TransportError
		de *enduser.DecodeError
		ve *enduser.ValidationError
		ne net.Error
		ns interface{ NextStep() string }
	)
	switch {
	case err == nil:
		return ""
	// Before the code's explanation: the proxy answers with the service's codes, but what it
	// refuses never reached the service.
	case errors.As(err, &ae) && strings.HasPrefix(ae.Message, ProxyMessagePrefix):
		return "This answer is the purse proxy's, not the service's: nothing reached the service. " +
			"Its message says what it refused; the proxy's own terminal (purse proxy --trace) shows the request."
	case errors.As(err, &ns) && ns.NextStep() != "":
		return ns.NextStep()
	case errors.Is(err, context.Canceled):
		return "The request was cancelled; start it again when ready."
	case errors.As(err, &ge):
		return fmt.Sprintf("The service's gateway answered HTTP %d (an outage; on the sandbox possibly an injected fault): try again in a moment.", ge.Status)
	case errors.As(err, &te) && te.Timeout, errors.Is(err, context.DeadlineExceeded):
		return "The service did not answer in time; check the connection and try again."
	case errors.As(err, &te), errors.As(err, &ne):
		return "Cannot reach the service: start the sandbox (purse sandbox) or check the profile's user_api (Settings screen, `purse profile show`), then try again."
	case errors.As(err, &de):
		return "The service's answer could not be read: the request log (Requests screen, --trace) shows the exact answer to report."
	case errors.As(err, &ve):
		return "Correct " + ve.Field + " and try again; nothing was sent."
	}
	return ""
}

// Describe is err for a person: its text without the advice the text carries (an answer of
// the service ends with its code's explanation), and what to do next (NextStep), so no front
// end says the advice twice. The text is as the error has it: the front end shows it
// escaped (visible.Line), a newline included.
func Describe(err error) (text, next string) {
	if err == nil {
		return "", ""
	}
	text, next = err.Error(), NextStep(err)
	said := []string{next}
	if ae := (*enduser.APIError)(nil); errors.As(err, &ae) {
		said = append(said, ae.Explanation)
	}
	for _, a := range said {
		if a != "" && len(text) > len(a) {
			text = strings.Replace(text, " "+a, "", 1)
		}
	}
	return text, next
}
