package main

import (
	"github.com/spf13/cobra"
)

// manCommand is `purse man DIR`, hidden, writing the pages with write (man.go, or the note of
// man_none.go in a binary built without them).
func (a *cli) manCommand(write func(cmd *cobra.Command, dir string) error) *cobra.Command {
	return &cobra.Command{
		Use:         "man DIR",
		Short:       "Write purse's man pages (one per command) to DIR",
		Args:        cobra.ExactArgs(1),
		Hidden:      true,
		Annotations: map[string]string{localOnly: "true"},
		RunE:        func(cmd *cobra.Command, args []string) error { return write(cmd, args[0]) },
	}
}
