package enduser

import (
	"strings"
	"testing"
)

// Code 10000 is the service's default: the advice follows what the message says happened
// (Form A already submitted, no KYC flow yet, a region block), and only a message that names
// nothing gets the code's general text.
func TestAdviceFollowsTheMessage(t *testing.T) {
	for msg, want := range map[string]string{
		"Form A already submitted":              "already submitted: nothing needs sending again",
		"user kyc flow not found":               "no KYC flow for this account yet",
		"Convert is unavailable in your region": "for the account's region",
		"internal error":                        "the service gives this code to errors it does not name",
	} {
		e := newAPIError(RouteKYCSubmit, CodeSystem, "", msg, false, 200)
		if !strings.Contains(e.Explanation, want) {
			t.Errorf("%q: %q, want it to say %q", msg, e.Explanation, want)
		}
	}
}
