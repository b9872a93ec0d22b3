package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"purse/keystore"
)

func addAuditCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "The hash-chained log of every signature purse made",
	}
	cmd.AddCommand(a.auditListCmd(), a.auditVerifyCmd())
	root.AddCommand(cmd)
}

// chainErr turns a broken chain into a rejection (exit 3).
func chainErr(path string, err error) error {
	var br *keystore.ChainBreak
	if errors.As(err, &br) {
		return rejectedf("%s: chain broken at line %d: %s", path, br.Line, br.Reason)
	}
	return err
}

func (a *cli) auditListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the audit records (what was signed, when, with which key and profile)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			s, err := a.openStore()
			if err != nil {
				return err
			}
			recs, err := s.ListAudit()
			if err != nil {
				return chainErr(s.AuditPath(), err)
			}
			return a.print(recs, func(w io.Writer) {
				if len(recs) == 0 {
					fmt.Fprintln(w, "no signatures yet")
					return
				}
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintln(tw, "SEQ\tTIME\tLABEL\tADDRESS\tPURPOSE\tPROFILE\tDIGEST")
				for _, r := range recs {
					fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Seq, r.Time, r.Label, r.Address, r.Purpose, r.Profile, r.Digest)
				}
				_ = tw.Flush()
			})
		},
	}
}

func (a *cli) auditVerifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify",
		Short: "Check the hash chain of the audit log (exit 3 and the first broken line when it is broken)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			s, err := a.openStore()
			if err != nil {
				return err
			}
			n, err := s.VerifyAudit()
			if err != nil {
				return chainErr(s.AuditPath(), err)
			}
			res := map[string]any{"ok": true, "records": n, "path": s.AuditPath()}
			return a.print(res, func(w io.Writer) { fmt.Fprintf(w, "audit log %s: %d records, chain intact\n", s.AuditPath(), n) })
		},
	}
}
