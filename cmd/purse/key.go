package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/keys"
	"purse/internal/atomicfile"
	"purse/internal/format"
	"purse/internal/prompt"
	"purse/internal/qrtext"
	"purse/internal/visible"
	"purse/keystore"
)

func addKeyCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{
		Use:   "key",
		Short: "Keys: create, import, list, rename, remove, export, doctor",
		Long: "Keys live in the OS keyring, or in Web3 Secret Storage v3 files under $PURSE_HOME/keys when the\n" +
			"keyring is unavailable (PURSE_KEYSTORE=os|file|auto chooses). Secrets are read from files\n" +
			"('-' is stdin), never from arguments. File passphrases come from PURSE_PASSPHRASE_FILE or a\n" +
			"hidden prompt; the passphrase of an imported keystore file from PURSE_IMPORT_PASSPHRASE_FILE\n" +
			"or a prompt of its own.",
	}
	cmd.AddCommand(a.keyNewCmd(), a.keyImportCmd(), a.keyLedgerCmd(), a.keyListCmd(), a.keyShowCmd(), a.keyRenameCmd(), a.keyRmCmd(), a.keyExportCmd(), a.keyDoctorCmd())
	root.AddCommand(cmd)
}

// printKeys lists keys; a key's JSON is its index entry (labels and addresses, never secrets).
func (a *cli) printKeys(list []keystore.Entry) error {
	return a.print(list, func(w *humanOut) {
		if len(list) == 0 {
			w.Println("no keys (purse key new --label L --kind evm|solana)")
			return
		}
		var rows [][]string
		for _, e := range list {
			backend := string(e.Backend)
			if e.State != "" {
				backend += " (" + string(e.State) + ", unfinished: purse key doctor)"
			}
			if from := e.SharedWith(); from != "" {
				backend += " (the secret of the home at " + from + ", copied from there)"
			}
			rows = append(rows, []string{e.Label, string(e.Kind), e.Address, backend, format.Time(e.Created)})
		}
		w.Table([]string{"LABEL", "KIND", "ADDRESS", "BACKEND", "CREATED"}, rows)
	})
}

func (a *cli) printKey(e keystore.Entry) error {
	return a.printRows(e, [][2]string{{"label:", e.Label}, {"kind:", string(e.Kind)}, {"address:", e.Address}, {"backend:", string(e.Backend)}, {"created:", format.Time(e.Created)}})
}

// addKey creates or imports a key through the application layer (which asks a new key
// file's passphrase through the terminal prompter and looks the account up) and prints it.
func (a *cli) addKey(ctx context.Context, req keys.Request) error {
	core, err := a.app()
	if err != nil {
		return err
	}
	added, err := keys.New(core).Add(ctx, req, nil)
	if err != nil {
		return err
	}
	if n := added.Discovery.Note; n != "" {
		a.note("note: %s", n)
	}
	return a.printKey(added.Entry)
}

func (a *cli) keyNewCmd() *cobra.Command {
	var label, kind string
	cmd := &cobra.Command{
		Use:   "new --label L --kind evm|solana",
		Short: "Create a new key",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			k, err := keys.CheckLabelKind(label, kind)
			if err != nil {
				return err
			}
			return a.addKey(cmd.Context(), keys.Request{Source: keys.SourceNew, Kind: k, Label: label})
		},
	}
	cmd.Flags().StringVar(&label, "label", "", "label of the new key: "+keystore.LabelRule)
	cmd.Flags().StringVar(&kind, "kind", "", "evm (secp256k1) or solana (ed25519)")
	return cmd
}

func (a *cli) keyImportCmd() *cobra.Command {
	var in keys.Import
	var index uint32
	cmd := &cobra.Command{
		Use:   "import --label L --kind evm|solana (--private-key-file F | --mnemonic-file F [--path P | --index N] [--mnemonic-passphrase-file F] | --keystore-json F | --solana-keypair F)",
		Short: "Import a key from a private key, a BIP-39 mnemonic, a v3 keystore JSON or a solana-keygen file",
		Long: "Import a key. Exactly one source; a file name '-' reads stdin.\n\n" +
			"  --private-key-file  hex (0x optional): evm 32 bytes; solana a 32-byte seed or 64-byte key\n" +
			"  --mnemonic-file     BIP-39 words; evm path m/44'/60'/0'/0/N, solana m/44'/501'/N'/0' (SLIP-0010),\n" +
			"                      or --path none for solana-keygen's no-path variant (first 32 seed bytes)\n" +
			"  --keystore-json     Web3 Secret Storage v3 file; its passphrase is asked apart from purse's own\n" +
			"                      (or read from the file named by PURSE_IMPORT_PASSPHRASE_FILE, never from\n" +
			"                      PURSE_PASSPHRASE_FILE, which is what purse stores the key under)\n" +
			"  --solana-keypair    solana-keygen JSON array of 64 numbers (implies --kind solana)",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("index") {
				in.Index = strconv.FormatUint(uint64(index), 10)
			}
			req, err := in.Request()
			if err != nil {
				return err
			}
			req.Stdin = a.stdin
			if req.Source == keys.SourceKeystoreJSON {
				if req.FilePass, err = prompt.ImportPassphrase(); err != nil {
					return err
				}
				defer clear(req.FilePass)
			}
			return a.addKey(cmd.Context(), req)
		},
	}
	f := cmd.Flags()
	f.StringVar(&in.Label, "label", "", "label of the imported key")
	f.StringVar(&in.Kind, "kind", "", "evm or solana")
	f.StringVar(&in.PrivateKeyFile, "private-key-file", "", "file holding the private key in hex ('-' = stdin)")
	f.StringVar(&in.MnemonicFile, "mnemonic-file", "", "file holding the BIP-39 mnemonic ('-' = stdin)")
	f.StringVar(&in.Path, "path", "", "derivation path (solana: hardened segments only, or none)")
	f.Uint32Var(&index, "index", 0, "account index N of the default path")
	f.StringVar(&in.MnemonicPassFile, "mnemonic-passphrase-file", "", "file holding the BIP-39 passphrase (the '25th word')")
	f.StringVar(&in.KeystoreJSON, "keystore-json", "", "Web3 Secret Storage v3 JSON file ('-' = stdin)")
	f.StringVar(&in.SolanaKeypair, "solana-keypair", "", "solana-keygen keypair file ('-' = stdin)")
	return cmd
}

// keyLedgerCmd is `purse key ledger`: the device's addresses on the standard paths, or, with
// --label and --path, the key at that path added (its address and path only).
func (a *cli) keyLedgerCmd() *cobra.Command {
	var label, kind, path, transport string
	var count int
	cmd := &cobra.Command{
		Use:   "ledger --kind evm|solana [--transport hid|speculos:HOST:PORT] [--label L --path P]",
		Short: "A key on a Ledger device: list its addresses on the standard paths, or add the one at --path",
		Long: "Without --label: lists the device's first --count addresses on the standard paths (EVM: Ledger\n" +
			"Live m/44'/60'/N'/0/0 and legacy m/44'/60'/0'/N; Solana: Phantom m/44'/501'/N'/0' and the Solana\n" +
			"CLI m/44'/501'/N'). With --label and --path: reads the address there (an EVM address is shown on\n" +
			"the device to compare) and stores the key: its address, path and transport, never a secret.\n" +
			"Its signatures then go through the same review and policy as a stored key's, and the device\n" +
			"asks last. Without --transport, a profile on a purse sandbox reaches the sandbox's device\n" +
			"stand-in, any other USB (hid); speculos:HOST:PORT reaches Speculos.",
		Args: cobra.NoArgs,
		RunE: a.run(func(cmd *cobra.Command, core *app.App, _ []string) error {
			k, err := keystore.ParseKind(kind)
			if err != nil {
				return &app.FieldError{Field: "kind", Err: fmt.Errorf("expected evm or solana, got %q", kind)}
			}
			if label == "" {
				if path != "" {
					return app.Usagef("--path goes with --label (the key to add)")
				}
				list, err := keys.New(core).LedgerAddresses(cmd.Context(), transport, k, count)
				if err != nil {
					return err
				}
				return a.print(list, func(w *humanOut) {
					rows := make([][]string, len(list))
					for i, d := range list {
						rows[i] = []string{d.Scheme, d.Path, d.Address}
					}
					w.Table([]string{"SCHEME", "PATH", "ADDRESS"}, rows)
					w.Printf("add one: purse key ledger --kind %s --transport %s --label L --path PATH\n", kind, list[0].Transport)
				})
			}
			if _, err := keys.CheckLabelKind(label, kind); err != nil {
				return err
			}
			return a.addKey(cmd.Context(), keys.Request{Source: keys.SourceLedger, Kind: k, Label: label, Path: path, Transport: transport})
		}),
	}
	f := cmd.Flags()
	f.StringVar(&kind, "kind", "", "evm (the Ethereum app) or solana (the Solana app)")
	f.StringVar(&transport, "transport", os.Getenv("PURSE_LEDGER_TRANSPORT"), "how the device is reached: hid (USB), or speculos:HOST:PORT (Speculos, the sandbox's stand-in); env PURSE_LEDGER_TRANSPORT (default: the sandbox's stand-in on a sandbox profile, else hid)")
	f.StringVar(&label, "label", "", "label of the key to add: "+keystore.LabelRule)
	f.StringVar(&path, "path", "", "the key's derivation path, e.g. m/44'/60'/0'/0/0")
	f.IntVar(&count, "count", 3, "addresses listed per path scheme (1 to 20)")
	required(cmd, "kind")
	return cmd
}

func (a *cli) keyListCmd() *cobra.Command {
	return a.command("list", "List keys (labels and addresses, never secrets)", func(_ *cobra.Command, core *app.App) error {
		list, err := keys.New(core).List()
		if err != nil {
			return err
		}
		return a.printKeys(append([]keystore.Entry{}, list...))
	})
}

func (a *cli) keyShowCmd() *cobra.Command {
	var qr bool
	cmd := a.commandArgs("show LABEL [--qr]", "Show a key's kind, address and backend (--qr: the address as a QR code to scan)", cobra.ExactArgs(1), func(_ *cobra.Command, core *app.App, args []string) error {
		e, err := keys.New(core).Entry(args[0])
		if err != nil {
			return err
		}
		if qr && !a.jsonOut {
			lines, err := qrtext.Lines(e.Address)
			if err != nil {
				return err
			}
			// Light modules are full blocks: read on a dark background (most terminals).
			textOut(a.stdout).Rendered(strings.Join(lines, "\n") + "\n")
		}
		return a.printKey(e)
	})
	cmd.Flags().BoolVar(&qr, "qr", false, "also draw the address as a QR code (half blocks, for a dark terminal background)")
	return cmd
}

func (a *cli) keyRenameCmd() *cobra.Command {
	return a.commandArgs("rename LABEL NEW", "Give a key a new label", cobra.ExactArgs(2), func(_ *cobra.Command, core *app.App, args []string) error {
		if err := keystore.ValidateLabel(args[1]); err != nil {
			return usagef("NEW %v", err)
		}
		// The profile follows when it used the old label (the Keys screen's rule too).
		r, err := keys.New(core).Rename(args[0], args[1])
		if err != nil {
			return err
		}
		if r.ProfileChanged {
			a.note("note: profile %s now names the key %s", r.Profile.Name, r.Entry.Label)
		}
		return a.printKey(r.Entry)
	})
}

func (a *cli) keyRmCmd() *cobra.Command {
	var yes bool
	cmd := a.commandArgs("rm LABEL [--yes]", "Remove a key and its secret (asks to type the label first); in a copy of a home, a key it brought along loses only its entry here", cobra.ExactArgs(1), func(_ *cobra.Command, core *app.App, args []string) error {
		e, err := keys.New(core).Entry(args[0])
		if err != nil {
			return err
		}
		if !yes {
			// The effect names the path the index records for the home it was copied from:
			// text from a file, shown escaped.
			q := visible.Line(fmt.Sprintf("Remove key %q (%s %s)? %s", e.Label, e.Kind, e.Address, keys.RemoveEffect(e)))
			if err := prompt.Typed(q, e.Label); err != nil {
				return fmt.Errorf("%v (pass --yes to remove without asking)", err)
			}
		}
		r, err := keys.New(core).Remove(e.Label)
		if err != nil {
			return err
		}
		return a.print(r, func(w *humanOut) { w.Println(r.Note) })
	})
	cmd.Flags().BoolVar(&yes, "yes", false, "remove without the typed confirmation")
	return cmd
}

func (a *cli) keyExportCmd() *cobra.Command {
	var out string
	var raw bool
	cmd := &cobra.Command{
		Use:   "export LABEL --out FILE [--unsafe-raw]",
		Short: "Export a key as an encrypted v3 keystore JSON (or, after a typed confirmation, raw)",
		Long: "Export a key to a new file (mode 0600; an existing file is never replaced).\n" +
			"By default the file is Web3 Secret Storage v3 JSON under a new export passphrase.\n" +
			"--unsafe-raw writes the unencrypted secret (evm: hex, solana: solana-keygen JSON) and\n" +
			"needs you to type \"export raw LABEL\" on the terminal.",
		Args: cobra.ExactArgs(1),
		RunE: a.run(func(_ *cobra.Command, core *app.App, args []string) error {
			if out == "" || out == "-" {
				return usagef("--out: expected the path of a new file")
			}
			var fe *app.FieldError
			if err := app.CheckNewFile(out); errors.As(err, &fe) {
				return usagef("--out: %v", fe.Err)
			}
			e, err := keys.New(core).Entry(args[0])
			if err != nil {
				return err
			}
			format := "web3-secret-storage-v3"
			if raw {
				q := fmt.Sprintf("This writes the UNENCRYPTED private key of %q (%s) to %s. Anyone who reads that file controls the key.", e.Label, e.Address, out)
				if err := prompt.Typed(q, "export raw "+e.Label); err != nil {
					return err
				}
				if format, err = keys.New(core).ExportRaw(e.Label, out); err != nil {
					return err
				}
				a.warn("%s holds the unencrypted key of %s; move it somewhere safe or delete it", out, e.Label)
			} else {
				if err := keys.New(core).Export(e.Label, out, nil, nil); err != nil {
					return err
				}
				a.warnIf(keys.ExportWarning(e))
			}
			res := map[string]string{"label": e.Label, "kind": string(e.Kind), "address": e.Address, "out": out, "format": format}
			return a.print(res, func(w *humanOut) {
				w.Printf("exported key %s (%s) to %s as %s\n", e.Label, e.Address, out, format)
			})
		}),
	}
	cmd.Flags().StringVar(&out, "out", "", "new file to write (mode 0600)")
	cmd.Flags().BoolVar(&raw, "unsafe-raw", false, "write the unencrypted secret (asks for a typed confirmation)")
	return cmd
}

// doctorResult is one finding of `key doctor --json` and what became of it.
type doctorResult struct {
	keystore.Finding
	Repaired keystore.Action `json:"repaired,omitempty"`
	Error    string          `json:"error,omitempty"`
}

// tempResults are the doctor's results for the temporary files its sweep found: removed
// (repaired: delete-file), kept while a write may be under way (no problem), or kept because
// they could not be removed (a problem left, with the error).
func tempResults(temps []atomicfile.Leftover) (results []doctorResult, left int) {
	results = []doctorResult{}
	for _, l := range temps {
		r := doctorResult{Finding: keystore.Finding{Problem: keystore.ProblemTemp, Path: l.Path,
			Detail: fmt.Sprintf("%s is a temporary file an interrupted write of %s left", l.Path, l.Target), Actions: []keystore.Action{}}}
		switch {
		case l.Removed:
			r.Actions, r.Repaired = []keystore.Action{keystore.ActionDeleteFile}, keystore.ActionDeleteFile
		case l.InUse:
			r.Detail = fmt.Sprintf("%s is the temporary file of a write of %s; kept: %s", l.Path, l.Target, l.Kept)
		default:
			r.Error = l.Kept
			left++
		}
		results = append(results, r)
	}
	return results, left
}

func printTempResults(w *humanOut, results []doctorResult) {
	for _, r := range results {
		w.Printf("%s: %s\n", r.Problem, r.Detail)
		switch {
		case r.Repaired != "":
			w.Println("  removed")
		case r.Error != "":
			w.Printf("  not removed: %s\n", r.Error)
		}
	}
}

func (a *cli) keyDoctorCmd() *cobra.Command {
	var yes bool
	cmd := a.command("doctor [--yes]", "Find what an interrupted key operation left (secrets no entry names, entries whose secret is gone) and repair each after asking; remove stale temporary files", func(_ *cobra.Command, core *app.App) error {
		check, err := keys.New(core).Doctor()
		if err != nil {
			return err
		}
		results, left := tempResults(check.Temps)
		found := check.Findings
		if len(found) == 0 && left == 0 {
			return a.print(results, func(w *humanOut) {
				printTempResults(w, results)
				w.Println("the key store is consistent: nothing to repair")
			})
		}
		// --json never asks: it lists, and with --yes repairs. Text asks on the terminal.
		var tty prompt.Terminal
		var noTTY error
		if !yes && !a.jsonOut {
			if tty, noTTY = prompt.Open(); noTTY == nil {
				defer tty.Close()
			}
		}
		say := func(format string, args ...any) {
			if !a.jsonOut {
				textOut(a.stdout).Printf(format, args...)
			}
		}
		if !a.jsonOut {
			printTempResults(textOut(a.stdout), results)
		}
		first := len(results)
		results = append(results, make([]doctorResult, len(found))...)
		for j, f := range found {
			i := first + j
			results[i].Finding = f
			say("%s: %s\n", f.Problem, f.Detail)
			var act keystore.Action
			switch {
			case len(f.Actions) == 0:
			case yes:
				act = f.Actions[0]
			case tty != nil:
				for _, x := range f.Actions {
					if prompt.YesNo(tty, fmt.Sprintf("%s: %s?", f.Problem, f.Describe(x)), "not done") == nil {
						act = x
						break
					}
				}
			}
			if act == "" {
				left++
				say("  left as is\n")
				continue
			}
			if err := keys.New(core).Repair(f, act); err != nil {
				left++
				results[i].Error = err.Error()
				say("  not repaired: %v\n", err)
				continue
			}
			results[i].Repaired = act
			say("  repaired: %s\n", f.Describe(act))
		}
		if a.jsonOut {
			if err := a.print(results, nil); err != nil {
				return err
			}
		}
		if left == 0 {
			return nil
		}
		if noTTY != nil {
			return fmt.Errorf("key doctor: %d problem(s) left: no terminal to ask on (%v); run it on a terminal, or pass --yes to take the first repair of each", left, noTTY)
		}
		return fmt.Errorf("key doctor: %d problem(s) left unrepaired", left)
	})
	cmd.Long = "Compare the key index with the secrets (key files, OS keyring items) and list what an interrupted\n" +
		"operation or an outside change left, then ask before each repair:\n" +
		"  interrupted-add     keep the key (its secret was stored) or discard it; remove the entry if nothing was stored\n" +
		"  interrupted-remove  finish the removal\n" +
		"  dangling            an entry whose secret is gone: remove the entry\n" +
		"  orphan              a key file no entry names: adopt it under a free label, or delete it\n" +
		"  duplicate           an exact copy of a key's file (an interrupted rename): delete it\n" +
		"  temp                a temporary file an interrupted write left in the home: removed without asking\n" +
		"                      once a minute old and no running purse writes it (it is never read)\n" +
		"  legacy-item         a keyring secret under a name every purse home shares: move it to this home's own\n" +
		"--yes takes the first repair of each without asking (it never deletes a secret the index does not\n" +
		"mark for removal); --json lists the findings (and, with --yes, what was repaired). Exit 1 while\n" +
		"problems are left."
	cmd.Flags().BoolVar(&yes, "yes", false, "take the first repair of each finding without asking")
	return cmd
}
