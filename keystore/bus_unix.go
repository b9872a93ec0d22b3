//go:build linux || netbsd || openbsd || freebsd || dragonfly

package keystore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// runUserDir is where godbus looks for a session bus when the environment names none; a
// variable so tests do not depend on the machine's /run/user.
var runUserDir = func() string { return fmt.Sprintf("/run/user/%d", os.Getuid()) }

// errNoSessionBus says why there is no OS keyring without a session bus.
var errNoSessionBus = errors.New("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus does not exist); purse never starts one")

// checkSessionBus fails when go-keyring would find no session bus. Without one, godbus runs
// dbus-launch, which leaves a dbus-daemon (and, through activation, a gnome-keyring-daemon)
// behind at every probe: no session bus means no OS keyring. A bus socket godbus would not
// look for ($XDG_RUNTIME_DIR/bus outside /run/user/UID) is named in the environment, so
// godbus dials it instead of launching one.
func checkSessionBus() error {
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" && a != "autolaunch:" {
		return nil
	}
	run := runUserDir()
	for _, p := range []string{filepath.Join(run, "bus"), filepath.Join(run, "dbus-session")} {
		if _, err := os.Stat(p); err == nil {
			return nil
		}
	}
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" && filepath.IsAbs(x) {
		sock := filepath.Join(x, "bus")
		if st, err := os.Stat(sock); err == nil && st.Mode()&os.ModeSocket != 0 {
			if err := os.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+busEscape(sock)); err != nil {
				return fmt.Errorf("%w: %v", errNoSessionBus, err)
			}
			return nil
		}
	}
	return errNoSessionBus
}

// busEscape escapes a D-Bus address value: bytes outside [-0-9A-Za-z_/.\*] as %XX.
func busEscape(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', strings.IndexByte("-_/.\\*", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02x", c)
		}
	}
	return b.String()
}
