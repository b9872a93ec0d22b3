// Package keyflow is the add/import flow of one key (form, passphrase dialogs, the
// application layer's keys.Service.Add, the account look-up) and the session facts of a profile:
// a component the Keys screen and the first-run wizard both embed, so neither screen
// imports the other.
package keyflow

import (
	"context"
	"errors"
	"fmt"
	"os"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/keys"
	"purse/config"
	"purse/keystore"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/unlock"
)

// Flow is the add/import flow of one key: the form, the passphrase dialogs (a keystore
// JSON's own passphrase; a new passphrase, typed twice, when keys go to encrypted files),
// the store call and the account look-up. The Keys screen and the first-run wizard embed
// it; owner keeps their dialog ids and task slots apart.
type Flow struct {
	app   Service
	env   *kit.Env
	owner string
	form  *form.Form
	// fixedKind, when set, hides the kind choice (the first-run wizard asks for one kind).
	fixedKind     keystore.Kind
	useForProfile bool
	importing     bool

	req     keys.Request
	taskID  kit.TaskID
	running bool
}

// Service is what the flow needs of the application layer (keys.Service is one).
type Service interface {
	Add(ctx context.Context, req keys.Request, u *app.Unlock) (keys.Added, error)
}

// NewFlow returns an idle flow; owner prefixes its dialog ids and task slots.
func NewFlow(env *kit.Env, a Service, owner string) *Flow {
	return &Flow{app: a, env: env, owner: owner}
}

// sourceNames are the import formats as the form shows them, in keys.Source order (New
// excluded).
var sourceNames = []string{"private key (hex)", "mnemonic", "keystore JSON", "solana-keygen", "ledger device"}

// Options of one run of the flow.
type Options struct {
	Import bool
	// Kind fixes the kind of key ("" lets the user choose).
	Kind keystore.Kind
	// UseForProfile makes the new key the profile's key of its kind.
	UseForProfile bool
}

// Start opens the form.
func (f *Flow) Start(o Options) {
	f.reset()
	f.fixedKind, f.useForProfile, f.importing = o.Kind, o.UseForProfile, o.Import
	kindSel := 0
	if o.Kind == keystore.KindSolana {
		kindSel = 1
	}
	kind := form.ChoiceField("kind", "kind", []string{string(keystore.KindEVM), string(keystore.KindSolana)}, kindSel)
	kind.Show = func(*form.Form) bool { return f.fixedKind == "" }
	label := form.TextField("label", "label", "", "")
	label.Hint = keystore.LabelRule
	if !o.Import {
		title := "New key"
		if o.Kind != "" {
			title = "New " + kindTitle(o.Kind) + " key"
		}
		f.form = form.New(f.env, title, "create the key", kind, label)
		f.form.Check = f.check
		if o.Kind != "" {
			f.form.Focus("label")
		}
		return
	}
	names := sourceNames
	format := form.ChoiceField("format", "format", names, 0)
	format.Hint = "the secret is read from a file; it is never typed here"
	isMnemonic := func(fm *form.Form) bool { return fm.Choice("format") == 1 }
	isLedger := func(fm *form.Form) bool { return keys.Source(fm.Choice("format")+1) == keys.SourceLedger }
	kind.Show = func(fm *form.Form) bool { return f.fixedKind == "" && fm.Choice("format") != 3 }
	file := form.TextField("file", "file", "", "(e.g. ~/keys/dev.hex)")
	file.Hint = "hex: 0x optional; mnemonic: the words; keystore JSON: v3 file; solana-keygen: 64 numbers"
	file.Show = func(fm *form.Form) bool { return !isLedger(fm) }
	path := form.TextField("path", "path", "", "(default path)")
	path.Show = func(fm *form.Form) bool { return isMnemonic(fm) || isLedger(fm) }
	path.Hint = "empty: m/44'/60'/0'/0/N (evm) or m/44'/501'/N'/0' (solana) for index N; solana \"none\": solana-keygen's no-path seed; a ledger key: its path on the device (purse key ledger lists them)"
	transport := form.TextField("transport", "transport", os.Getenv("PURSE_LEDGER_TRANSPORT"), "(sandbox's device, else hid)")
	transport.Show = isLedger
	transport.Hint = "empty: the purse sandbox's stand-in on a sandbox profile, else hid (USB); or speculos:HOST:PORT (Speculos)"
	index := form.TextField("index", "index", "", "(0)")
	index.Show = isMnemonic
	index.Hint = "account number N of the default path (leave empty when a path is given)"
	mpass := form.TextField("mnemonic_pass_file", "passphrase file", "", "(none)")
	mpass.Hint = "optional: a file holding the BIP-39 passphrase (the \"25th word\")"
	mpass.Show = isMnemonic
	title := "Import a key"
	if o.Kind != "" {
		title = "Import an " + kindTitle(o.Kind) + " key"
		if o.Kind == keystore.KindSolana {
			title = "Import a Solana key"
		}
		if o.Kind == keystore.KindEVM {
			format = form.ChoiceField("format", "format", names[:3], 0)
			format.Hint = "the secret is read from a file; it is never typed here"
		}
	}
	f.form = form.New(f.env, title, "import the key", format, kind, label, file, transport, path, index, mpass)
	f.form.Check = f.check
}

// check is the application layer's check of the label and kind, as the user types.
func (f *Flow) check(fm *form.Form) error {
	_, err := keys.CheckLabelKind(fm.Value("label"), string(f.kind(fm)))
	return err
}

// kind is the kind of the key the form adds.
func (f *Flow) kind(fm *form.Form) keystore.Kind {
	switch {
	case f.fixedKind != "":
		return f.fixedKind
	case f.importing && keys.Source(fm.Choice("format")+1) == keys.SourceSolanaKeypair:
		return keystore.KindSolana
	}
	return keystore.Kind(fm.Value("kind"))
}

func kindTitle(k keystore.Kind) string {
	if k == keystore.KindSolana {
		return "Solana"
	}
	return "EVM"
}

// Active reports whether the flow shows its form or waits for a dialog or its task.
func (f *Flow) Active() bool { return f.form != nil }

// Busy reports whether the flow's store call runs.
func (f *Flow) Busy() bool { return f.running }

// InputFocused reports whether the form takes the keys.
func (f *Flow) InputFocused() bool { return f.form != nil && !f.running }

// Form returns the open form (nil when idle).
func (f *Flow) Form() *form.Form { return f.form }

func (f *Flow) reset() {
	clear(f.req.FilePass)
	f.req, f.form, f.running = keys.Request{}, nil, false
}

// Cancel closes the form and forgets every passphrase.
func (f *Flow) Cancel() { f.reset() }

func (f *Flow) id(s string) string { return f.owner + "/key-" + s }

// Update handles keys (when the form is open), the flow's dialog results and its task
// result. done is non-nil once a key was added; handled reports whether msg was the flow's.
func (f *Flow) Update(msg tea.Msg) (done *keys.Added, handled bool, cmd tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg:
		if f.form == nil {
			return nil, false, nil
		}
		if f.running {
			return nil, true, nil
		}
		res, cmd := f.form.Update(msg)
		switch res {
		case form.Cancelled:
			f.reset()
			return nil, true, kit.Status("Nothing was added.")
		case form.Submitted:
			return nil, true, f.submit()
		}
		return nil, true, cmd
	case dialog.PassphraseResult:
		return f.passphrase(msg)
	case kit.TaskResult[keys.Added]:
		if !f.running || msg.ID != f.taskID {
			return nil, false, nil
		}
		f.running = false
		if errors.Is(msg.Err, kit.ErrCancelled) {
			if f.form != nil {
				f.form.Err = "cancelled at the passphrase: nothing was added"
			}
			return nil, true, nil
		}
		if msg.Err != nil {
			if f.form != nil {
				f.form.Failed(msg.Err)
			}
			return nil, true, nil
		}
		out := msg.Value
		f.reset()
		return &out, true, nil
	}
	return nil, false, nil
}

func (f *Flow) submit() tea.Cmd {
	fm := f.form
	// The form refuses a submit while check fails: label and kind are valid here.
	req := keys.Request{Source: keys.SourceNew, Kind: f.kind(fm), Label: fm.Value("label"), UseForProfile: f.useForProfile}
	if f.importing {
		req.Source = keys.Source(fm.Choice("format") + 1)
		if req.Source == keys.SourceLedger {
			// The device gives the address at the path: no file, no passphrase.
			req.Transport, req.Path = fm.Value("transport"), fm.Value("path")
			f.req = req
			return f.run()
		}
		req.File = fm.Value("file")
		if req.File == "" {
			fm.Err = "file: expected the path of the file that holds the secret"
			fm.Focus("file")
			return nil
		}
		if req.Source == keys.SourceMnemonic {
			req.Path, req.Index, req.MnemonicPassFile = fm.Value("path"), fm.Value("index"), fm.Value("mnemonic_pass_file")
			if req.Path != "" && req.Index != "" {
				fm.Err = "give a derivation path or an account index, not both"
				fm.Focus("index")
				return nil
			}
		}
	}
	f.req = req
	if req.Source == keys.SourceKeystoreJSON {
		return kit.Push(dialog.NewPassphrase(f.env, f.id("file"), "Keystore JSON passphrase",
			"The passphrase the keystore JSON file "+req.File+" was encrypted with."))
	}
	return f.run()
}

func (f *Flow) passphrase(r dialog.PassphraseResult) (*keys.Added, bool, tea.Cmd) {
	if r.ID != f.id("file") {
		return nil, false, nil
	}
	if r.Cancelled || f.form == nil {
		clear(r.Passphrase)
		if f.form != nil {
			f.form.Err = "cancelled: nothing was added"
		}
		return nil, true, kit.Status("Cancelled: nothing was added.")
	}
	clear(f.req.FilePass)
	f.req.FilePass = r.Passphrase
	return nil, true, f.run()
}

func (f *Flow) run() tea.Cmd {
	sv := f.app
	if sv == nil {
		f.form.Err = "no services: purse was started without a profile"
		return nil
	}
	req := f.req
	req.FilePass = append([]byte(nil), f.req.FilePass...)
	label := "Adding key " + req.Label
	if req.Source != keys.SourceNew {
		label = "Importing key " + req.Label
	}
	f.running = true
	var cmd tea.Cmd
	// A new key file's passphrase (file backend) is asked, twice, by unlock.Start.
	f.taskID, cmd = unlock.Start(f.env, f.owner+"/key-add", label, func(ctx context.Context, u *app.Unlock) (keys.Added, error) {
		v, err := sv.Add(ctx, req, u)
		if !errors.Is(err, app.ErrNeedsUnlock) {
			clear(req.FilePass) // asked again only while a retry may follow
		}
		return v, err
	})
	return cmd
}

// View renders the form (and what the flow waits for).
func (f *Flow) View(w int) string {
	if f.form == nil {
		return ""
	}
	v := f.form.View(w)
	if f.running {
		v += "\n" + f.env.Styles.StatusBusy.Render(f.env.Styles.Marks.Busy+" working…")
	}
	return v
}

// Help lists the form's keys for the footer: the same as every form's.
func (f *Flow) Help() []key.Binding {
	if f.form == nil {
		return nil
	}
	return f.form.ShortHelp()
}

// Describe is the status sentence for a finished add.
func Describe(a keys.Added) string {
	what := fmt.Sprintf("Added %s key %s (%s).", a.Entry.Kind, a.Entry.Label, a.Entry.Address)
	if a.Discovery.Note != "" {
		what += " " + a.Discovery.Note
	}
	return what
}

// SessionOf returns ses with the facts of profile p.
func SessionOf(ses kit.Session, p config.Profile) kit.Session {
	ses.Profile, ses.EVMKey, ses.SolanaKey, ses.AccountID, ses.Network = p.Name, p.EVMKey, p.SolanaKey, p.TokenID, p.Network
	return ses
}
