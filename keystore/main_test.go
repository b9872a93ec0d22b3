package keystore

import (
	"os"
	"testing"
)

// TestMain names a session bus for the tests that use go-keyring's mock through the store's
// go-keyring wrapper, which refuses to run without one; the mock never dials it. A real bus
// (scripts/test-keyring.sh) is left as it is.
func TestMain(m *testing.M) {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		_ = os.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/purse-test-bus")
	}
	os.Exit(m.Run())
}
