package main

import (
	"runtime/debug"
	"strings"
)

// buildVersion is the version purse reports: the Makefile's (-ldflags, git describe), else
// what the Go toolchain recorded in the binary: a module version (go install purse@v1.2.3),
// or the commit a plain `go build` in a checkout was built from, marked when the tree had
// changes. "dev" only when neither says anything.
func buildVersion(stamped string, info *debug.BuildInfo, ok bool) string {
	if stamped != "" && stamped != "dev" {
		return stamped
	}
	if !ok || info == nil {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	out := "dev-" + rev[:min(12, len(rev))]
	if dirty {
		out += "-dirty"
	}
	if at != "" {
		out += " (" + strings.TrimSuffix(at, "Z") + " UTC)"
	}
	return out
}

func currentVersion() string {
	info, ok := debug.ReadBuildInfo()
	return buildVersion(version, info, ok)
}
