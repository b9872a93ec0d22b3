package main

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/audit"
	"purse/internal/atomicfile"
	"purse/internal/format"
	"purse/internal/prompt"
	"purse/internal/qrtext"
)

func addAuditCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "audit", Short: "The hash-chained log of every signature purse made"}
	cmd.AddCommand(a.auditCmd("list", "List the audit records (what was signed, when, with which key and profile)", false),
		a.auditCmd("verify [--key-file F]", "Check the hash chain of the audit log, its head and its seals (exit 3 and the first broken or missing line when it is broken)", true),
		a.auditSealCmd(),
		a.auditRepairCmd())
	root.AddCommand(cmd)
}

func (a *cli) auditCmd(use, short string, verify bool) *cobra.Command {
	var keyFile string
	cmd := a.command(use, short, func(_ *cobra.Command, core *app.App) error {
		var key []byte
		if keyFile != "" {
			k, err := audit.New(core).ReadSealKey("key-file", keyFile, a.stdin)
			if err != nil {
				return err
			}
			key = k
		}
		au, err := audit.New(core).CheckWith(verify, key)
		if err != nil {
			return err
		}
		if br := au.Break; br != nil {
			return rejectedf("%s: chain broken at line %d: %s", au.Path, br.Line, br.Reason)
		}
		if verify {
			res := map[string]any{"ok": true, "records": au.Count, "path": au.Path, "seal": au.Seal}
			return a.print(res, func(w *humanOut) {
				w.Printf("audit log %s: %d records, chain intact\n", au.Path, au.Count)
				w.Println(audit.SealLine(au.Seal))
			})
		}
		// audit.Log lists the newest first (the screen's order); the command prints the
		// file's order.
		recs := au.Records
		for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
			recs[i], recs[j] = recs[j], recs[i]
		}
		a.warnIf(audit.SealWarning(au.Seal))
		return a.print(recs, func(w *humanOut) {
			if len(recs) == 0 {
				w.Println("no signatures yet")
				return
			}
			var rows [][]string
			for _, r := range recs {
				// The record keeps nanoseconds (--json carries them); a person reads seconds.
				at := r.Time
				if t, err := time.Parse(time.RFC3339Nano, r.Time); err == nil {
					at = format.Time(t)
				}
				rows = append(rows, []string{strconv.FormatUint(r.Seq, 10), at, r.Label, r.Address, string(r.Purpose), r.Profile, r.Digest, r.Summary})
			}
			w.Table([]string{"SEQ", "TIME", "LABEL", "ADDRESS", "PURPOSE", "PROFILE", "DIGEST", "SIGNED"}, rows)
		})
	})
	if verify {
		cmd.Flags().StringVar(&keyFile, "key-file", "", "file holding the verification key purse audit seal showed ('-' = stdin); without it, the OS keyring's copy when there is one")
	} else {
		cmd.Flags().StringVar(&keyFile, "key-file", "", "check the seals with the verification key in this file ('-' = stdin)")
	}
	return cmd
}

func (a *cli) auditSealCmd() *cobra.Command {
	var replace bool
	var keyOut string
	cmd := a.command("seal [--key-out FILE] [--replace]", "Seal the audit log from now on (forward-secure): shows a verification key to keep off this machine, with which purse audit verify proves no sealed record was changed, cut or deleted", func(_ *cobra.Command, core *app.App) error {
		if keyOut != "" {
			if err := app.CheckNewFile(keyOut); err != nil {
				return usagef("--key-out: %v", err)
			}
		}
		st, err := audit.New(core).Seal(replace)
		if st.Key == nil {
			return err
		}
		// From here the log is sealed: the key is shown (or written) even when a later step
		// failed, since it is the only way to check the seals.
		keyHex := hex.EncodeToString(st.Key)
		if keyOut != "" {
			if werr := atomicfile.WriteNew(app.ExpandHome(keyOut), []byte(keyHex+"\n"), 0o600); werr != nil {
				a.warn("the verification key could not be written to %s (%v); here it is instead: keep it", keyOut, werr)
				keyOut = ""
			}
		}
		res := map[string]any{"sealed": true, "fingerprint": st.Fingerprint, "inKeyring": st.InKeyring, "record": st.Record.Seq}
		if keyOut == "" {
			res["verificationKey"] = keyHex
		} else {
			res["keyFile"] = keyOut
		}
		perr := a.print(res, func(w *humanOut) {
			w.Printf("audit log sealed from record %d on; verification key %s:\n", st.Record.Seq, st.Fingerprint)
			if keyOut != "" {
				w.Printf("  written to %s (mode 0600)\n", keyOut)
			} else {
				w.Printf("  %s\n", keyHex)
				if lines, qerr := qrtext.Lines(keyHex); qerr == nil {
					for _, l := range lines {
						w.Println(l)
					}
				}
			}
			w.Println("Keep it off this machine (a password manager, paper, a phone): with it, purse audit verify --key-file proves that no sealed record was changed, cut or deleted, even by a program that read this machine's files.")
			if st.InKeyring {
				w.Println("A copy is in the OS keyring beside your keys, so purse audit verify checks the seals without it; a program that can read the keyring can forge with that copy, not with yours.")
			} else {
				w.Println("Your keys are in files, so no copy is kept here: without the key, purse audit verify checks only the seals' order.")
			}
		})
		if err != nil {
			return err
		}
		return perr
	})
	cmd.Flags().BoolVar(&replace, "replace", false, "seal anew where the OS keyring holds the key of an earlier sealed log (one you set aside)")
	cmd.Flags().StringVar(&keyOut, "key-out", "", "write the verification key to this new file (mode 0600) instead of showing it")
	return cmd
}

// maxShownTail bounds how much of an incomplete line is shown before asking.
const maxShownTail = 400

func (a *cli) auditRepairCmd() *cobra.Command {
	var yes bool
	cmd := a.command("repair [--yes]", "Cut what follows the last good record of the audit log (a write cut off, junk appended), or accept a log cut off or deleted, or set a broken log aside, keeping a copy", func(_ *cobra.Command, core *app.App) error {
		tail, err := audit.New(core).Tail()
		if err != nil {
			return err
		}
		if tail == nil {
			return a.acceptAuditLog(core, yes)
		}
		shown := tail.Line
		more := ""
		if len(shown) > maxShownTail {
			shown, more = shown[:maxShownTail], fmt.Sprintf(" (and %d bytes more)", len(tail.Line)-maxShownTail)
		}
		textOut(a.stderr).Printf("purse: %s: %d bytes that are no record follow its last good record (a write cut off, or junk written there):\n  %s%s\n",
			tail.Path, len(tail.Line), strconv.Quote(string(shown)), more)
		if err := confirmRepair(yes, "Cut them? A copy of the whole log is kept beside it."); err != nil {
			return err
		}
		backup, au, err := audit.New(core).Repair(tail)
		if err != nil {
			return err
		}
		res := map[string]any{"repaired": true, "removedBytes": len(tail.Line), "backup": backup, "records": au.Count, "path": au.Path}
		if err := a.print(res, func(w *humanOut) {
			w.Printf("cut %d bytes after the last good record of %s; the old log is kept at %s\n", len(tail.Line), au.Path, backup)
		}); err != nil {
			return err
		}
		if br := au.Break; br != nil {
			return rejectedf("%s: what followed the last good record is cut, but the chain is broken at line %d: %s", au.Path, br.Line, br.Reason)
		}
		if !a.jsonOut {
			textOut(a.stdout).Printf("audit log %s: %d records, chain intact\n", au.Path, au.Count)
		}
		return nil
	})
	cmd.Flags().BoolVar(&yes, "yes", false, "remove the line without asking")
	return cmd
}

// confirmRepair asks question on the terminal unless yes.
func confirmRepair(yes bool, question string) error {
	if yes {
		return nil
	}
	tty, err := prompt.Open()
	if err != nil {
		return usagef("confirmation: no terminal to ask on (%v); pass --yes to repair without asking; nothing was changed", err)
	}
	defer tty.Close()
	return prompt.YesNo(tty, question, "nothing was changed")
}

// acceptAuditLog is the repair of a log that disagrees with its head: after the break is
// shown and confirmed, the log is accepted as it is and the old head kept beside it. A log
// whose own chain is broken is not repaired: which record is wrong is for a person to judge.
func (a *cli) acceptAuditLog(core *app.App, yes bool) error {
	au, err := audit.New(core).Check(true)
	if err != nil {
		return err
	}
	br := au.Break
	if br == nil {
		res := map[string]any{"repaired": false, "records": au.Count, "path": au.Path}
		return a.print(res, func(w *humanOut) {
			w.Printf("audit log %s: %d records, chain intact; nothing to repair\n", au.Path, au.Count)
		})
	}
	if !br.Head {
		// A record changed inside the chain is never repaired: which one is wrong is for a
		// person to judge. The log can only be set aside, whole, so signing can go on.
		textOut(a.stderr).Printf("purse: %s: chain broken at line %d: %s\n", au.Path, br.Line, br.Reason)
		if err := confirmRepair(yes, "Set this log and its head aside, unchanged, and start a new audit log? Signing stays refused until you do."); err != nil {
			return err
		}
		kept, after, err := audit.New(core).SetAside()
		if err != nil {
			return err
		}
		res := map[string]any{"repaired": true, "setAside": kept, "records": after.Count, "path": after.Path, "wasSealed": au.Seal.Sealed}
		return a.print(res, func(w *humanOut) {
			w.Printf("set %s aside as %s (its head too); a new audit log starts with the next signature\n", after.Path, kept)
			if au.Seal.Sealed {
				// The old log's key (and the keyring's copy) proves nothing of the new one.
				w.Println("The old log was sealed; the new one is not: purse audit seal --replace seals it (where the OS keyring holds the old key, signing waits for it).")
			}
		})
	}
	textOut(a.stderr).Printf("purse: %s disagrees with its head at line %d: %s\n", au.Path, br.Line, br.Reason)
	if err := confirmRepair(yes, "Accept the log as it is from now on? The missing records stay missing; the old head is kept beside it."); err != nil {
		return err
	}
	kept, after, err := audit.New(core).Accept()
	if err != nil {
		return err
	}
	res := map[string]any{"repaired": true, "acceptedAsIs": true, "keptHead": kept, "records": after.Count, "path": after.Path}
	return a.print(res, func(w *humanOut) {
		w.Printf("accepted %s as it is (%d records); the old head is kept at %s\n", after.Path, after.Count, kept)
	})
}
