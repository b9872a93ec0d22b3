package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"purse/internal/manpages"
)

// The man pages (what `purse man` writes in a binary built with the man tag) hold a page per
// visible command, from the commands themselves: its name line is the command's short help,
// so the pages cannot drift from --help. The binary built without the tag, as shipped, links
// no page writer and says how the pages are made.
func TestManPages(t *testing.T) {
	keyEnv(t)
	if _, e, c := purse(t, "", "man", t.TempDir()); c != exitUsage || !strings.Contains(e, "make build") {
		t.Fatalf("purse man without the man tag: exit %d: %s", c, e)
	}
	dir := t.TempDir()
	if err := manpages.Write((&cli{}).rootCmd(), dir, "purse test"); err != nil {
		t.Fatal(err)
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
