package main

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/spf13/cobra"

	"purse/app"
)

// printRoutes prints the route table as the profile sends it.
func (a *cli) printRoutes(routes []app.APIRoute) error {
	return a.print(routes, func(w *humanOut) {
		rows := make([][]string, len(routes))
		for i, r := range routes {
			changes := ""
			if r.Changes {
				changes = "changes the account"
			}
			path := r.Path
			if path == "" {
				path = "(none known: set routes." + r.Name + ")"
			}
			rows[i] = []string{r.Name, r.Method, path, r.Auth, changes}
		}
		w.Table([]string{"ROUTE", "METHOD", "PATH", "AUTH", ""}, rows)
	})
}

// bodyOf is the request body --body or --body-file gives (nil: neither).
func (a *cli) bodyOf(cmd *cobra.Command, body, bodyFile string) ([]byte, error) {
	switch hasB, hasF := cmd.Flags().Changed("body"), cmd.Flags().Changed("body-file"); {
	case hasB && hasF:
		return nil, usagef("give --body or --body-file, not both")
	case hasB:
		return []byte(body), nil
	case hasF:
		return a.readInput("body-file", bodyFile, app.MaxBodyBytes)
	}
	return nil, nil
}

// apiCmd is `purse api ROUTE`: any route of the end-user route table by its name, signed as
// the route needs (gh api is the model); its routes, completion and help come from the table.
func (a *cli) apiCmd() *cobra.Command {
	var body, bodyFile string
	var list bool
	cmd := a.commandArgs("api ROUTE [--body JSON | --body-file F]", "Call any route of the end-user API by its name, signed as it needs; --list shows the route table",
		cobra.MaximumNArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
			if list {
				return a.printRoutes(core.API().Routes())
			}
			if len(args) != 1 {
				return usagef("give a route name (`purse api --list` shows them)")
			}
			b, err := a.bodyOf(cmd, body, bodyFile)
			if err != nil {
				return err
			}
			ans, err := core.API().Call(cmd.Context(), args[0], b, nil)
			if ans.Status == 0 {
				return err
			}
			r := ans.Route
			a.note("HTTP %s · %s %s (%s auth)", strconv.Itoa(ans.Status), r.Method, r.Path, r.Auth)
			if perr := a.print(ans, func(w *humanOut) {
				// The lines of indented JSON are its own (a string cannot hold a raw line
				// break); an answer that is not JSON is shown on one line.
				var out bytes.Buffer
				if json.Indent(&out, ans.Body, "", "  ") != nil {
					w.Println(ans.Text)
					return
				}
				w.Text(out.String() + "\n")
			}); perr != nil {
				return perr
			}
			return err
		})
	cmd.Flags().StringVar(&body, "body", "", "the request body, as JSON text")
	cmd.Flags().StringVar(&bodyFile, "body-file", "", "file holding the exact request body ('-' for stdin)")
	cmd.Flags().BoolVar(&list, "list", false, "list the route table as the profile sends it (name, method, path, auth)")
	cmd.ValidArgsFunction = a.completeRoute(func(core *app.App) []cobra.Completion {
		var out []cobra.Completion
		for _, r := range core.API().Routes() {
			out = append(out, cobra.CompletionWithDesc(r.Name, r.Method+" "+r.Path))
		}
		return out
	})
	return cmd
}

// completeRoute completes a command's one argument, a route name, with what names gives for
// the profile's session (nothing when there is none).
func (a *cli) completeRoute(names func(core *app.App) []cobra.Completion) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		core, err := a.app()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return names(core), cobra.ShellCompDirectiveNoFileComp
	}
}
