// Package form is the small form of purse's terminal UI and the one key convention of
// every form (Nav): text and choice fields, tab/↓ and shift+tab/↑ between them, enter to the
// next field and on the last one submits, ctrl+s submits from any field, esc cancels; the
// application layer's check runs as the user types and its error shows under the field (Live).
// The Keys, Settings, First run and Account screens use Form; the mint, filter, permit and
// deposit forms use Nav and Live.
package form

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/internal/visible"
	"purse/tui/kit"
)

// Field is one line of a Form: a text input or a choice among fixed values.
type Field struct {
	Key   string
	Label string
	// Hint is shown muted after the field when it has focus.
	Hint string
	// Show hides the field while it returns false (nil: always shown).
	Show func(f *Form) bool
	// OnChange runs after the user changes a choice.
	OnChange func(f *Form)

	input   textinput.Model
	choices []string
	choice  int
}

// TextField returns a text field with an initial value.
func TextField(key, label, value, placeholder string) *Field {
	in := kit.NewInput(512)
	in.Placeholder = placeholder
	in.SetValue(value)
	return &Field{Key: key, Label: label, input: in}
}

// ChoiceField returns a field that cycles through choices (←/→ or space); sel is the
// initial choice.
func ChoiceField(key, label string, choices []string, sel int) *Field {
	return &Field{Key: key, Label: label, choices: choices, choice: max(min(sel, len(choices)-1), 0)}
}

func (f *Field) isChoice() bool { return f.choices != nil }

// Form is a small vertical form (purse has no huh), driven by Nav; ←/→ or space change a
// choice. While a form is open the screen reports InputFocused, so every letter reaches the
// fields.
type Form struct {
	env    *kit.Env
	Title  string
	fields []*Field
	focus  int
	// Err is shown under the fields (a validation or task error) until the next change.
	Err string
	// SubmitLabel says what submitting does ("add the key").
	SubmitLabel string
	// Check is the application layer's check of the values (nil: none): it runs on every
	// change, its *app.FieldError shows under the field it names, and a submit is refused
	// while it fails.
	Check func(f *Form) error

	nav         Nav
	live        Live
	left, right key.Binding
}

// Result says what an Update did with the form.
type Result int

// What a key press did to a form.
const (
	Editing Result = iota
	Submitted
	Cancelled
)

// New returns a form with its first field focused.
func New(env *kit.Env, title, submitLabel string, fields ...*Field) *Form {
	f := &Form{
		env: env, Title: title, fields: fields, SubmitLabel: submitLabel,
		nav:   NewNav(submitLabel),
		left:  key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous choice")),
		right: key.NewBinding(key.WithKeys("right", "space"), key.WithHelp("→/space", "next choice")),
	}
	f.focusOn(0)
	return f
}

// Field returns the field with key k (nil when there is none).
func (f *Form) Field(k string) *Field {
	for _, fl := range f.fields {
		if fl.Key == k {
			return fl
		}
	}
	return nil
}

// Value returns the text of a text field (spaces trimmed) or the current choice.
func (f *Form) Value(k string) string {
	fl := f.Field(k)
	switch {
	case fl == nil:
		return ""
	case fl.isChoice():
		return fl.choices[fl.choice]
	}
	return strings.TrimSpace(fl.input.Value())
}

// Choice returns the index of the current choice of a choice field.
func (f *Form) Choice(k string) int {
	if fl := f.Field(k); fl != nil {
		return fl.choice
	}
	return -1
}

// SetValue sets a text field, or selects the choice equal to v.
func (f *Form) SetValue(k, v string) {
	fl := f.Field(k)
	if fl == nil {
		return
	}
	if fl.isChoice() {
		for i, c := range fl.choices {
			if c == v {
				fl.choice = i
			}
		}
		return
	}
	fl.input.SetValue(v)
	fl.input.CursorEnd()
}

// Focused returns the key of the focused field.
func (f *Form) Focused() string {
	if f.focus < len(f.fields) {
		return f.fields[f.focus].Key
	}
	return ""
}

// Focus moves the focus to the field with key k.
func (f *Form) Focus(k string) {
	for i, fl := range f.fields {
		if fl.Key == k {
			f.focusOn(i)
		}
	}
}

func (f *Form) visible() []int {
	var out []int
	for i, fl := range f.fields {
		if fl.Show == nil || fl.Show(f) {
			out = append(out, i)
		}
	}
	return out
}

func (f *Form) focusOn(i int) {
	for j, fl := range f.fields {
		if fl.isChoice() {
			continue
		}
		if j == i {
			fl.input.Focus()
		} else {
			fl.input.Blur()
		}
	}
	f.focus = i
}

// position returns the visible fields and where the focus is among them.
func (f *Form) position() ([]int, int) {
	vis := f.visible()
	pos := 0
	for i, v := range vis {
		if v == f.focus {
			pos = i
		}
	}
	return vis, pos
}

func (f *Form) move(d int) {
	vis, pos := f.position()
	if len(vis) == 0 {
		return
	}
	pos = (pos + d + len(vis)) % len(vis)
	f.focusOn(vis[pos])
}

// check runs Check on the values as they are now.
func (f *Form) check() error {
	if f.Check == nil {
		return nil
	}
	return f.Check(f)
}

// Failed shows the error of the submitted form's task (the store or the service refused it)
// and how to go on: the form stays open.
func (f *Form) Failed(err error) {
	f.Err = app.OneLine(err) + " — fix the form and press " + SubmitKey + " again, or esc to leave."
}

// FieldError returns the error shown under field k ("" when it is valid or not reached yet).
func (f *Form) FieldError(k string) string { return f.live.Error(k) }

// Update handles a key press or a paste and reports whether the form was submitted or
// cancelled. A submit is refused while Check fails: the error shows and the first invalid
// field gets the focus. A paste only ever goes into the focused text field: it is text,
// never a key that submits, cancels or moves.
func (f *Form) Update(msg tea.Msg) (Result, tea.Cmd) {
	if len(f.fields) == 0 {
		return Editing, nil
	}
	cur := f.fields[f.focus]
	if p, ok := msg.(tea.PasteMsg); ok {
		if cur.isChoice() {
			return Editing, nil
		}
		return f.edit(cur, p)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return Editing, nil
	}
	vis, pos := f.position()
	switch f.nav.Read(k, pos == len(vis)-1) {
	case Submit:
		f.live.Touch(cur.Key)
		field, refused := f.live.Refuse(f.check())
		if !refused {
			return Submitted, nil
		}
		if field != "" && f.Field(field) != nil {
			f.Focus(field)
		} else if o := f.live.Other(); o != nil {
			f.Err = o.Error()
		}
		return Editing, nil
	case Cancel:
		return Cancelled, nil
	case Next:
		f.live.Touch(cur.Key)
		f.move(1)
		f.live.Set(f.check())
		return Editing, nil
	case Prev:
		f.live.Touch(cur.Key)
		f.move(-1)
		f.live.Set(f.check())
		return Editing, nil
	}
	switch {
	case cur.isChoice() && key.Matches(k, f.left):
		cur.choice = (cur.choice - 1 + len(cur.choices)) % len(cur.choices)
		f.changed(cur)
		return Editing, nil
	case cur.isChoice() && key.Matches(k, f.right):
		cur.choice = (cur.choice + 1) % len(cur.choices)
		f.changed(cur)
		return Editing, nil
	case cur.isChoice():
		return Editing, nil
	}
	return f.edit(cur, msg)
}

// edit gives a key or a paste to the focused text field and checks the form again when its
// value changed.
func (f *Form) edit(cur *Field, msg tea.Msg) (Result, tea.Cmd) {
	f.Err = ""
	var cmd tea.Cmd
	before := cur.input.Value()
	cur.input, cmd = cur.input.Update(msg)
	if cur.input.Value() != before {
		f.live.Touch(cur.Key)
		f.live.Set(f.check())
	}
	return Editing, cmd
}

func (f *Form) changed(fl *Field) {
	f.Err = ""
	if fl.OnChange != nil {
		fl.OnChange(f)
	}
	f.live.Touch(fl.Key)
	f.live.Set(f.check())
}

// View renders the form in width w.
func (f *Form) View(w int) string {
	s := f.env.Styles
	w = max(w, 20)
	labelW := 0
	for _, fl := range f.fields {
		labelW = max(labelW, kit.Width(fl.Label))
	}
	labelW = min(labelW, w/3)
	var b strings.Builder
	b.WriteString(s.Title.Render(kit.Truncate(f.Title, w)) + "\n")
	for _, i := range f.visible() {
		fl := f.fields[i]
		mark := s.Marks.NoCursor
		if i == f.focus {
			mark = s.Marks.Cursor
		}
		prefix := mark + s.Label.Render(kit.Fit(fl.Label, labelW)) + " "
		room := max(w-kit.Width(s.Marks.Cursor)-labelW-1, 4)
		var val string
		if fl.isChoice() {
			val = Choices(s, fl.choices, fl.choice, room)
		} else {
			fl.input.SetWidth(max(room-1, 1))
			val = fl.input.View()
		}
		b.WriteString(prefix + val + "\n")
		pad := strings.Repeat(" ", kit.Width(s.Marks.Cursor)+labelW+1)
		if i == f.focus && fl.Hint != "" {
			for _, l := range kit.WrapWords(fl.Hint, room) {
				b.WriteString(pad + s.Muted.Render(l) + "\n")
			}
		}
		for _, l := range ErrorLines(s, fl.Label, f.live.Error(fl.Key), room) {
			b.WriteString(pad + l + "\n")
		}
	}
	if f.Err != "" {
		for _, l := range kit.WrapWords(s.Marks.Error+": "+visible.Line(f.Err), w) {
			b.WriteString(s.StatusError.Render(l) + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Choices draws a choice among choices, the one way every form draws one: the choices in a
// row with the chosen one marked <so> (readable without colour). When they do not all fit in
// room, the row is the window around the chosen one that fits, "…" marking the side with
// more, so a long list reads like a short one scrolled (← → move along it).
func Choices(s *kit.Styles, choices []string, chosen, room int) string {
	if len(choices) == 0 {
		return ""
	}
	chosen = min(max(chosen, 0), len(choices)-1)
	w := func(j int) int { // a choice's width, with the space before it
		n := kit.Width(choices[j]) + 1
		if j == chosen {
			n += 2
		}
		return n
	}
	total := 0
	for j := range choices {
		total += w(j)
	}
	lo, hi := 0, len(choices) // the window [lo, hi)
	if total-1 > room {
		lo, hi = chosen, chosen+1
		used := w(chosen) - 1
		const marks = 4 // "… " and " …"
		for grew := true; grew; {
			grew = false
			if hi < len(choices) && used+w(hi)+marks <= room {
				used += w(hi)
				hi++
				grew = true
			}
			if lo > 0 && used+w(lo-1)+marks <= room {
				used += w(lo - 1)
				lo--
				grew = true
			}
		}
	}
	var parts []string
	if lo > 0 {
		parts = append(parts, s.Muted.Render("…"))
	}
	for j := lo; j < hi; j++ {
		if j == chosen {
			parts = append(parts, s.Bold.Render(kit.Truncate("<"+choices[j]+">", max(room-4, 5))))
		} else {
			parts = append(parts, s.Muted.Render(choices[j]))
		}
	}
	if hi < len(choices) {
		parts = append(parts, s.Muted.Render("…"))
	}
	return strings.Join(parts, " ")
}

// ShortHelp is the footer of the form: the same keys as every form's.
func (f *Form) ShortHelp() []key.Binding { return f.nav.ShortHelp() }

// Help lists the form's keys.
func (f *Form) Help() []key.Binding {
	return append(f.nav.FullHelp(), f.right)
}
