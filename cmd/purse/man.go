//go:build man

package main

import (
	"github.com/spf13/cobra"

	"purse/internal/manpages"
)

// manCmd writes a man page per command from the commands themselves (internal/manpages), so
// the pages say what --help says: `make build` builds purse with the man tag to run it and
// write bin/man (the pages are built, not committed; the shipped binary does not link it).
func (a *cli) manCmd() *cobra.Command {
	return a.manCommand(func(cmd *cobra.Command, dir string) error {
		return manpages.Write(cmd.Root(), dir, "purse "+currentVersion())
	})
}
