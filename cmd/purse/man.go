package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// manCmd writes a man page per command from the commands themselves (cobra/doc), so the pages
// say what --help says: `make build` writes them to bin/man (they are built, not committed).
func (a *cli) manCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:         "man DIR",
		Short:       "Write purse's man pages (one per command) to DIR",
		Args:        cobra.ExactArgs(1),
		Hidden:      true,
		Annotations: map[string]string{localOnly: "true"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return &usageErr{fmt.Errorf("DIR %s: %v", args[0], err)}
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true
			return doc.GenManTree(root, &doc.GenManHeader{Title: "PURSE", Section: "1", Source: "purse " + currentVersion(), Manual: "purse manual"}, args[0])
		},
	}
	return cmd
}
