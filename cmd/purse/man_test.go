package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// purse man writes a page per visible command, from the commands themselves: its name line
// is the command's short help, so the pages cannot drift from --help.
func TestManPages(t *testing.T) {
	keyEnv(t)
	dir := t.TempDir()
	if _, e, c := purse(t, "", "man", dir); c != exitOK {
		t.Fatal(e)
	}
	a := &cli{}
	root := a.rootCmd()
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if c.Hidden || !c.IsAvailableCommand() && c != root {
			return
		}
		n++
		page := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Errorf("%s: %v", c.CommandPath(), err)
			return
		}
		if !strings.Contains(string(b), strings.ReplaceAll(c.Short, "-", "\\-")) && !strings.Contains(string(b), c.Short) {
			t.Errorf("%s: its page lacks its short help %q", page, c.Short)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 80 {
		t.Fatalf("only %d commands walked", n)
	}
}
