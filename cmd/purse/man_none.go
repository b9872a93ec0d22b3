//go:build !man

package main

import (
	"github.com/spf13/cobra"
)

// manCmd, in a binary built without the man tag, says how the pages are made.
func (a *cli) manCmd() *cobra.Command {
	return a.manCommand(func(*cobra.Command, string) error {
		return usagef("this purse was built without its man page writer: `make build` writes the pages to bin/man (go build -tags man ./cmd/purse, then purse man DIR)")
	})
}
