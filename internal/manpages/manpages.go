// Package manpages writes a man page per command of a cobra command tree (cobra/doc), so the
// pages say what --help says. It is linked into purse only when built with the man tag (as
// `make build` does to write bin/man): cobra/doc's markdown renderer costs every start-up of
// the shipped binary its package initialisation otherwise.
package manpages

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// Write writes the pages of root and every command under it into dir; source names the
// program and its version in each page's footer.
func Write(root *cobra.Command, dir, source string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("DIR %s: %v", dir, err)
	}
	root.DisableAutoGenTag = true
	return doc.GenManTree(root, &doc.GenManHeader{Title: "PURSE", Section: "1", Source: source, Manual: "purse manual"}, dir)
}
