package main

import (
	"strings"
	"testing"
)

// PURSE_PROFILE picks the profile where --profile is not given; --profile still wins, and a
// name that names no profile is a usage error (exit 2) wherever it comes from.
func TestProfileFromTheEnvironment(t *testing.T) {
	keyEnv(t)
	if _, e, c := purse(t, "", "profile", "add", "other", "--user-api", "http://127.0.0.1:9", "--network", "31337"); c != exitOK {
		t.Fatal(e)
	}
	t.Setenv("PURSE_PROFILE", "other")
	if out, e, c := purse(t, "", "profile", "show", "--json"); c != exitOK || !strings.Contains(out, `"other"`) {
		t.Fatalf("PURSE_PROFILE=other: %d %s %s", c, out, e)
	}
	if out, e, c := purse(t, "", "--profile", "sandbox", "profile", "show", "--json"); c != exitOK || strings.Contains(out, `"other"`) {
		t.Fatalf("--profile over PURSE_PROFILE: %d %s %s", c, out, e)
	}
	t.Setenv("PURSE_PROFILE", "nope")
	for _, args := range [][]string{{"profile", "show"}, {"account", "status"}, {"key", "list"}, {"tx", "list"}} {
		if _, e, c := purse(t, "", args...); c != exitUsage || !strings.Contains(e, `profile "nope" does not exist`) {
			t.Errorf("%v with PURSE_PROFILE=nope: exit %d %s", args, c, e)
		}
	}
	t.Setenv("PURSE_PROFILE", "")
	if _, e, c := purse(t, "", "profile", "use", "nope"); c != exitUsage {
		t.Errorf("profile use nope: exit %d %s", c, e)
	}
}
