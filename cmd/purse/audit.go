package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"purse/app"
)

func addAuditCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "audit", Short: "The hash-chained log of every signature purse made"}
	cmd.AddCommand(a.auditCmd("list", "List the audit records (what was signed, when, with which key and profile)", false),
		a.auditCmd("verify", "Check the hash chain of the audit log (exit 3 and the first broken line when it is broken)", true))
	root.AddCommand(cmd)
}

func (a *cli) auditCmd(use, short string, verify bool) *cobra.Command {
	return a.command(use, short, func(_ *cobra.Command, core *app.App) error {
		au, err := core.Audit(verify)
		if err != nil {
			return err
		}
		if br := au.Break; br != nil {
			return rejectedf("%s: chain broken at line %d: %s", au.Path, br.Line, br.Reason)
		}
		if verify {
			res := map[string]any{"ok": true, "records": au.Count, "path": au.Path}
			return a.print(res, func(w io.Writer) { fmt.Fprintf(w, "audit log %s: %d records, chain intact\n", au.Path, au.Count) })
		}
		// app.Audit lists the newest first (the screen's order); the command prints the
		// file's order.
		recs := au.Records
		for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
			recs[i], recs[j] = recs[j], recs[i]
		}
		return a.print(recs, func(w io.Writer) {
			if len(recs) == 0 {
				fmt.Fprintln(w, "no signatures yet")
				return
			}
			var rows [][]string
			for _, r := range recs {
				rows = append(rows, []string{strconv.FormatUint(r.Seq, 10), r.Time, r.Label, r.Address, string(r.Purpose), r.Profile, r.Digest})
			}
			table(w, []string{"SEQ", "TIME", "LABEL", "ADDRESS", "PURPOSE", "PROFILE", "DIGEST"}, rows)
		})
	})
}
