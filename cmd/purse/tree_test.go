package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func treeFor(args ...string) *cobra.Command {
	return (&cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}).rootCmd(args...)
}

func names(cmds []*cobra.Command) []string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.Name())
	}
	slices.Sort(out)
	return out
}

// A group's names are what rootCmd prunes by: a name it adds but does not declare would leave
// that command out of the tree of its own first word.
func TestCommandGroupsNameTheirCommands(t *testing.T) {
	a := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	seen := map[string]bool{}
	for _, g := range commandGroups {
		r := &cobra.Command{Use: "purse"}
		g.add(a, r)
		want := slices.Sorted(slices.Values(g.names))
		if got := names(r.Commands()); !slices.Equal(got, want) {
			t.Errorf("a group declares %v but adds %v", want, got)
		}
		for _, n := range g.names {
			if n == "version" || n == "man" || seen[n] {
				t.Errorf("%q is named by two groups (or is version or man, which the root adds): the pruned tree would miss part of it", n)
			}
			seen[n] = true
		}
	}
	if all := names(treeFor().Commands()); len(all) != len(seen)+2 {
		t.Errorf("the whole tree has %v, the groups name %d commands, and the root adds version and man", all, len(seen))
	}
}

// Every command of the whole tree is found in the tree built for its own arguments, with the
// same help, flags and subcommands, whether or not the root's flags come first; anything that
// is not a command word builds the whole tree.
func TestPrunedTreeIsTheWholeTreeForEveryCommand(t *testing.T) {
	whole := treeFor()
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(slices.Clone(path), sub.Name())
			paths = append(paths, p)
			walk(sub, p)
		}
	}
	walk(whole, nil)
	if len(paths) < 50 {
		t.Fatalf("walked %d commands: the tree is not the whole one", len(paths))
	}
	for _, p := range paths {
		want, _, err := whole.Find(p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		for _, prefix := range [][]string{nil, {"--json"}, {"--profile", "other", "--yes"}, {"--profile=other", "--trace=true"}} {
			args := append(slices.Clone(prefix), p...)
			root := treeFor(args...)
			got, _, err := root.Find(p)
			if err != nil {
				t.Fatalf("purse %v: %v", args, err)
			}
			if got.CommandPath() != want.CommandPath() || got.UsageString() != want.UsageString() {
				t.Fatalf("purse %v finds %q with usage\n%s\nwant %q with\n%s", args, got.CommandPath(), got.UsageString(), want.CommandPath(), want.UsageString())
			}
			// version needs no group; man writes a page of every command: the whole tree.
			if len(root.Commands()) >= len(whole.Commands()) && p[0] != "version" && p[0] != "man" {
				t.Errorf("purse %v built the whole tree (%d commands at the top)", args, len(root.Commands()))
			}
		}
	}
	for _, args := range [][]string{nil, {"verzion"}, {"--help"}, {"help", "sign"}, {"completion", "bash"}, {"--", "version"}, {"-h", "version"}, {"--profile"}, {"--nope", "version"}} {
		if got := names(treeFor(args...).Commands()); !slices.Equal(got, names(whole.Commands())) {
			t.Errorf("purse %q: top-level commands %v, want the whole tree's %v", args, got, names(whole.Commands()))
		}
	}
}

// The pruned tree is what `purse` runs: version and a typo's suggestion through run().
func TestPrunedTreeRuns(t *testing.T) {
	var out, errOut strings.Builder
	if c := run([]string{"--profile", "x", "version"}, strings.NewReader(""), &out, &errOut); c != exitOK || !strings.HasPrefix(out.String(), "purse ") {
		t.Fatalf("purse --profile x version: exit %d, %q %q", c, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if c := run([]string{"signn", "full-auth"}, strings.NewReader(""), &out, &errOut); c != exitUsage || !strings.Contains(errOut.String(), `did you mean "sign"?`) {
		t.Fatalf("purse signn: exit %d, %q", c, errOut.String())
	}
}

// Only the commands that send nothing keep SIGINT's default disposition (the process ends at
// once): version, man (it writes files, sends nothing) and the offline signatures of purse sign. Every other command is
// interruptible, so a request it sent is reported (issue 22: SIGINT ends any wait, and a
// fund-moving request already sent is settled as unknown).
func TestOnlyOfflineCommandsSkipTheInterruptHandler(t *testing.T) {
	whole := treeFor()
	var local []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sendsNothing(sub) {
				local = append(local, sub.CommandPath())
			}
			walk(sub)
		}
	}
	walk(whole)
	for _, p := range local {
		if p != "purse version" && p != "purse man" && p != "purse sign" && !strings.HasPrefix(p, "purse sign ") {
			t.Errorf("%s is marked as sending nothing: it would end on SIGINT without saying what it sent", p)
		}
	}
	for _, p := range [][]string{{"version"}, {"sign", "full-auth"}, {"sign", "permit"}} {
		if c, _, err := whole.Find(p); err != nil || !sendsNothing(c) {
			t.Errorf("purse %v: not marked as sending nothing (%v)", p, err)
		}
	}
	for _, p := range [][]string{{"tx", "list"}, {"altchain", "deposit"}, {"permit"}, {"partner", "mint"}, {"card", "block"}} {
		if c, _, err := whole.Find(p); err != nil || sendsNothing(c) {
			t.Errorf("purse %v: marked as sending nothing (%v)", p, err)
		}
	}
}
