//go:build linux || netbsd || openbsd || freebsd || dragonfly

package keystore

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// With no session bus the OS keyring is unavailable: go-keyring is never asked (it would run
// dbus-launch and leave daemons behind). go-keyring's mock stands in for the keyring, so a
// store that asked it anyway would pick it.
func TestNoSessionBusMeansNoKeyring(t *testing.T) {
	keyring.MockInit()
	run := t.TempDir()
	old := runUserDir
	t.Cleanup(func() { runUserDir = old })
	runUserDir = func() string { return filepath.Join(run, "run-user") }
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	_ = os.Unsetenv("DBUS_SESSION_BUS_ADDRESS")
	t.Setenv("XDG_RUNTIME_DIR", run)

	s, notice := openTest(t, t.TempDir(), BackendAuto, nil, nil)
	start := time.Now()
	if s.Backend() != BackendFile || time.Since(start) > time.Second {
		t.Fatalf("auto without a session bus: %s", notice.String())
	}
	if !strings.Contains(notice.String(), "no D-Bus session bus") || !strings.Contains(notice.String(), "encrypted files") {
		t.Errorf("notice %q", notice.String())
	}
	st, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	if _, err := st.New("k", KindEVM); err == nil || !strings.Contains(err.Error(), "no D-Bus session bus") {
		t.Fatalf("os backend without a session bus: %v", err)
	}
	assertEmpty(t, st)

	// "autolaunch:" is no address either.
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "autolaunch:")
	if err := checkSessionBus(); err == nil {
		t.Error("autolaunch: taken for a bus")
	}
	_ = os.Unsetenv("DBUS_SESSION_BUS_ADDRESS")

	// A bus socket at $XDG_RUNTIME_DIR/bus is a session bus, and is named for go-keyring.
	l, err := net.Listen("unix", filepath.Join(run, "bus"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	s, notice = openTest(t, t.TempDir(), BackendAuto, nil, nil)
	if s.Backend() != BackendOS {
		t.Fatalf("auto with a session bus socket: %s", notice.String())
	}
	if got := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); got != "unix:path="+busEscape(filepath.Join(run, "bus")) {
		t.Errorf("bus address %q", got)
	}
}
