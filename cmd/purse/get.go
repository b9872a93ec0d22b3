package main

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"purse/app"
	appaccount "purse/app/account"
	"purse/enduser"
)

// readOut is a reading as --json carries it: the result verbatim as the service sent it
// (after the envelope), and decoded into the route's model.
type readOut struct {
	Route   string          `json:"route"`
	Method  string          `json:"method"`
	Path    string          `json:"path"`
	Auth    string          `json:"auth"`
	Model   string          `json:"model"`
	Result  json.RawMessage `json:"result"`
	Decoded any             `json:"decoded"`
}

// getCmd is `purse get ROUTE` (kubectl get's name): any read route of the table (enduser.Route.Readable),
// decoded into the model its row declares; its list, completion and help come from the
// table, so a route added as a row is read here with nothing else written.
func (a *cli) getCmd() *cobra.Command {
	cmd := a.commandArgs("get [ROUTE]", "Read any read route of the end-user API, decoded into its model; without ROUTE, list the reads",
		cobra.MaximumNArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
			reads := appaccount.New(core)
			if len(args) == 0 {
				return a.printReads(reads.Reads())
			}
			rd, err := reads.Read(cmd.Context(), nil, args[0])
			if err != nil {
				return err
			}
			r := rd.Route
			a.note("%s · %s %s (%s auth) · read as %s", r.Name, r.Method, r.Path, r.Auth, r.Model())
			out := readOut{Route: r.Name, Method: r.Method, Path: r.Path, Auth: r.Auth.String(), Model: r.Model(), Result: rd.Result, Decoded: rd.Value}
			if len(out.Result) == 0 {
				out.Result = json.RawMessage("null")
			}
			fields := rd.Fields()
			if fields == nil {
				return a.print(out, func(w *humanOut) { w.Println("none: the service answered without data (null or an empty success)") })
			}
			return a.printRows(out, fields)
		})
	cmd.ValidArgsFunction = a.completeRoute(func(core *app.App) []cobra.Completion {
		var out []cobra.Completion
		for _, r := range appaccount.New(core).Reads() {
			out = append(out, cobra.CompletionWithDesc(r.Name, r.Method+" "+r.Path+" → "+r.Model()))
		}
		return out
	})
	return cmd
}

// printReads lists the read routes as the profile sends them.
func (a *cli) printReads(routes []enduser.Route) error {
	type row struct {
		Route  string `json:"route"`
		Method string `json:"method"`
		Path   string `json:"path"`
		Auth   string `json:"auth"`
		Model  string `json:"model"`
	}
	rows, lines := make([]row, len(routes)), make([][]string, len(routes))
	for i, r := range routes {
		rows[i] = row{r.Name, r.Method, r.Path, r.Auth.String(), r.Model()}
		lines[i] = []string{r.Name, r.Method, r.Path, r.Auth.String(), r.Model()}
	}
	return a.print(rows, func(w *humanOut) { w.Table([]string{"ROUTE", "METHOD", "PATH", "AUTH", "MODEL"}, lines) })
}
