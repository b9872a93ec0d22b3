package dialog

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"purse/tui/form"
	"purse/tui/kit"
)

// PassphraseResult is what a Passphrase dialog returns when it closes. The screen that
// asked retries its operation with the passphrase (app.Unlock) and then forgets it.
type PassphraseResult struct {
	ID         string
	Passphrase []byte
	Cancelled  bool
}

// Passphrase asks for a key file's passphrase without echoing it. Enter submits (this
// unlocks a key for an operation the user already approved in its review), esc cancels.
type Passphrase struct {
	env    *kit.Env
	id     string
	title  string
	prompt string
	input  textinput.Model
	submit key.Binding
	cancel key.Binding
	w, h   int
	closed bool
	then   func(PassphraseResult) tea.Cmd
	// min, when set (NewOnes), is the shortest passphrase accepted: a new one.
	min int
	// note is the feedback of a refused entry (empty, too short).
	note string
}

// NewOnes makes the dialog ask for a new passphrase: the field says so, and an entry shorter
// than min characters is refused with feedback, before anything is encrypted with it.
func (p *Passphrase) NewOnes(min int) *Passphrase {
	p.min = min
	p.input.Prompt = "new passphrase: "
	p.submit = key.NewBinding(key.WithKeys("enter", form.SubmitKey), key.WithHelp("enter", "set"))
	return p
}

// Then makes the dialog hand its result to fn (whose command it returns) instead of
// sending a PassphraseResult message to every screen.
func (p *Passphrase) Then(fn func(PassphraseResult) tea.Cmd) *Passphrase {
	p.then = fn
	return p
}

func (p *Passphrase) done(r PassphraseResult) tea.Cmd {
	if p.then != nil {
		return p.then(r)
	}
	return result(r)
}

// NewPassphrase returns the dialog; id comes back in PassphraseResult.
func NewPassphrase(env *kit.Env, id, title, prompt string) *Passphrase {
	in := kit.NewInput(0)
	in.EchoMode = textinput.EchoPassword
	in.EchoCharacter = '•'
	in.Prompt = "passphrase: "
	in.Focus()
	return &Passphrase{
		env: env, id: id, title: title, prompt: prompt, input: in,
		// enter, the one field being the last; ctrl+s as in every form
		submit: key.NewBinding(key.WithKeys("enter", form.SubmitKey), key.WithHelp("enter", "unlock")),
		cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// Update implements kit.Dialog.
func (p *Passphrase) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	if p.closed {
		return p, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, p.submit):
			if p.input.Value() == "" {
				p.note = "Type a passphrase first (esc cancels)."
				return p, nil
			}
			if n := len([]rune(p.input.Value())); n < p.min {
				p.note = fmt.Sprintf("A new passphrase needs at least %d characters (this one has %d).", p.min, n)
				return p, nil
			}
			pw := []byte(p.input.Value())
			p.input.SetValue("")
			p.closed = true
			return p, p.done(PassphraseResult{ID: p.id, Passphrase: pw})
		case key.Matches(k, p.cancel):
			p.input.SetValue("")
			p.closed = true
			return p, p.done(PassphraseResult{ID: p.id, Cancelled: true})
		}
	}
	var cmd tea.Cmd
	before := p.input.Value()
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.note = "" // the feedback was about what was typed before
	}
	return p, cmd
}

// Note shows feedback above the field (a wrong passphrase: try again), until the user types.
func (p *Passphrase) Note(text string) *Passphrase {
	p.note = text
	return p
}

// View implements kit.Dialog.
func (p *Passphrase) View() string {
	s := p.env.Styles
	body := p.prompt + "\n\n" + p.input.View()
	if p.note != "" {
		body += "\n" + s.Warning.Render(p.note)
	}
	foot := s.Bold.Render("enter") + " " + p.submit.Help().Desc + " • " + s.Bold.Render("esc") + " cancel"
	return Frame(s, p.w, p.h, p.title, body, foot, false)
}

// SetSize implements kit.Dialog.
func (p *Passphrase) SetSize(w, h int) { p.w, p.h = w, h }

// Title implements kit.Dialog.
func (p *Passphrase) Title() string { return p.title }

// ShortHelp implements kit.Dialog.
func (p *Passphrase) ShortHelp() []key.Binding { return []key.Binding{p.submit, p.cancel} }

// FullHelp implements kit.Dialog.
func (p *Passphrase) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Closed implements kit.Dialog.
func (p *Passphrase) Closed() bool { return p.closed }

// InputFocused says every key is typed into the field (the router then keeps '?' out of
// its help toggle).
func (p *Passphrase) InputFocused() bool { return !p.closed }
