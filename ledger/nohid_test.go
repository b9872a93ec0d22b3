//go:build !cgo

package ledger

import (
	"errors"
	"strings"
	"testing"
)

// A purse built without cgo has no USB HID: a device on USB is refused with the sentence
// that says what to do, not a build failure or a silent empty list (make test runs this
// package once with CGO_ENABLED=0).
func TestNoHIDWithoutCgo(t *testing.T) {
	_, err := OpenTransport(t.Context(), TransportHID)
	if !errors.Is(err, ErrNoHID) || !strings.Contains(err.Error(), "need purse built with cgo") {
		t.Fatalf("USB HID without cgo: %v", err)
	}
}
