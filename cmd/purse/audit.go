package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/internal/prompt"
)

func addAuditCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "audit", Short: "The hash-chained log of every signature purse made"}
	cmd.AddCommand(a.auditCmd("list", "List the audit records (what was signed, when, with which key and profile)", false),
		a.auditCmd("verify", "Check the hash chain of the audit log and its head (exit 3 and the first broken or missing line when it is broken)", true),
		a.auditRepairCmd())
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

// maxShownTail bounds how much of an incomplete line is shown before asking.
const maxShownTail = 400

func (a *cli) auditRepairCmd() *cobra.Command {
	var yes bool
	cmd := a.command("repair [--yes]", "Remove an incomplete last line of the audit log (a write cut off), keeping a copy of the log", func(_ *cobra.Command, core *app.App) error {
		tail, err := core.AuditTail()
		if err != nil {
			return err
		}
		if tail == nil {
			res := map[string]any{"repaired": false}
			return a.print(res, func(w io.Writer) { fmt.Fprintln(w, "the audit log ends with a complete line; nothing to repair") })
		}
		shown := tail.Line
		more := ""
		if len(shown) > maxShownTail {
			shown, more = shown[:maxShownTail], fmt.Sprintf(" (and %d bytes more)", len(tail.Line)-maxShownTail)
		}
		fmt.Fprintf(a.stderr, "purse: %s ends with an incomplete line of %d bytes (a write was cut off):\n  %s%s\n",
			tail.Path, len(tail.Line), strconv.Quote(string(shown)), more)
		if !yes {
			tty, err := prompt.Open()
			if err != nil {
				return usagef("confirmation: no terminal to ask on (%v); pass --yes to remove the line without asking; nothing was changed", err)
			}
			err = prompt.YesNo(tty, "Remove this line? A copy of the whole log is kept beside it.", "nothing was changed")
			_ = tty.Close()
			if err != nil {
				return err
			}
		}
		backup, au, err := core.RepairAudit(tail)
		if err != nil {
			return err
		}
		res := map[string]any{"repaired": true, "removedBytes": len(tail.Line), "backup": backup, "records": au.Count, "path": au.Path}
		if err := a.print(res, func(w io.Writer) {
			fmt.Fprintf(w, "removed the incomplete last line of %s; the old log is kept at %s\n", au.Path, backup)
		}); err != nil {
			return err
		}
		if br := au.Break; br != nil {
			return rejectedf("%s: the incomplete line is gone, but the chain is broken at line %d: %s", au.Path, br.Line, br.Reason)
		}
		if !a.jsonOut {
			fmt.Fprintf(a.stdout, "audit log %s: %d records, chain intact\n", au.Path, au.Count)
		}
		return nil
	})
	cmd.Flags().BoolVar(&yes, "yes", false, "remove the line without asking")
	return cmd
}
