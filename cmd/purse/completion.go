package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"purse/app/keys"
	"purse/config"
	"purse/keystore"
)

// Shell completion of values, as gh and kubectl complete names: --profile and a profile
// command's NAME complete to the home's profiles, --key and a key command's LABEL to its key
// labels (of the kind the flag takes where it says), --preset to the presets. Nothing is
// unlocked or sent: the profiles file and the key index are read.

// completeValues registers the value completions on root's commands.
func (a *cli) completeValues(root *cobra.Command) {
	_ = root.RegisterFlagCompletionFunc("profile", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return profileNames(), cobra.ShellCompDirectiveNoFileComp
	})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if f := c.Flags().Lookup("key"); f != nil && f.Value.Type() == "string" {
			_ = c.RegisterFlagCompletionFunc("key", a.keyLabels(""))
		}
		if f := c.Flags().Lookup("preset"); f != nil {
			_ = c.RegisterFlagCompletionFunc("preset", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return config.PresetNames(), cobra.ShellCompDirectiveNoFileComp
			})
		}
		if c.Parent() != nil && c.ValidArgsFunction == nil {
			switch c.Parent().Name() + " " + c.Name() {
			case "key show", "key rm", "key rename", "key export":
				c.ValidArgsFunction = firstArg(a.keyLabels(""))
			case "profile use", "profile rm", "profile show":
				c.ValidArgsFunction = firstArg(func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
					return profileNames(), cobra.ShellCompDirectiveNoFileComp
				})
			case "agent unlock":
				c.ValidArgsFunction = firstArg(a.keyLabels(""))
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// firstArg completes the first positional argument with f, and nothing after it.
func firstArg(f cobra.CompletionFunc) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f(c, args, typed)
	}
}

// profileNames are the home's profiles (none when the home cannot be read).
func profileNames() []cobra.Completion {
	home, err := config.Home()
	if err != nil {
		return nil
	}
	st, err := config.Load(home)
	if err != nil {
		return nil
	}
	return st.Names()
}

// keyLabels completes to the key index's labels, of kind when it is not "".
func (a *cli) keyLabels(kind keystore.Kind) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		core, err := a.app()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		entries, err := keys.New(core).List()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, e := range entries {
			if kind == "" || e.Kind == kind {
				out = append(out, e.Label+"\t"+string(e.Kind)+" "+e.Address)
			}
		}
		slices.SortFunc(out, strings.Compare)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
