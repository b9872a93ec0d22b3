package main

import (
	"runtime/debug"
	"testing"
)

// The version is the Makefile's stamp, else the module's version, else the commit a plain
// go build recorded (dirty when the tree had changes), and "dev" only when nothing says more.
func TestBuildVersion(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	devel := debug.Module{Version: "(devel)"}
	for _, c := range []struct {
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"v0.4.0-3-gabc", &debug.BuildInfo{Main: devel}, "v0.4.0-3-gabc"},
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"dev", &debug.BuildInfo{Main: devel, Settings: vcs("vcs.revision", "1711f0b2c3d4e5f6a7b8", "vcs.time", "2026-11-29T17:00:00Z", "vcs.modified", "true")}, "dev-1711f0b2c3d4-dirty (2026-11-29T17:00:00 UTC)"},
		{"dev", &debug.BuildInfo{Main: devel, Settings: vcs("vcs.revision", "1711f0b2c3d4e5f6a7b8", "vcs.modified", "false")}, "dev-1711f0b2c3d4"},
		{"dev", &debug.BuildInfo{Main: devel}, "dev"},
		{"dev", nil, "dev"},
	} {
		if got := buildVersion(c.stamped, c.info, c.info != nil); got != c.want {
			t.Errorf("%q %+v: %q, want %q", c.stamped, c.info, got, c.want)
		}
	}
}
