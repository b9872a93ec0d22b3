package txs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
	"purse/tui/kit"
)

// Field keys: the application layer's names of the filter fields (the wire names of spec
// 4.6), so an error of the filter focuses the field it names.
const (
	fPageSize  = app.TxPageSize
	fFrom      = app.TxFrom
	fTo        = app.TxTo
	fType      = app.TxType
	fTypes     = app.TxTypes
	fCurrency  = app.TxCurrency
	fDirection = app.TxDirection
	fMin       = app.TxMin
	fMax       = app.TxMax
	fStatus    = app.TxStatus
	fChain     = app.TxChain
	fSymbol    = app.TxSymbol
	fID        = app.TxID
	fTxHash    = app.TxHash
)

// formField is one line of the filter form.
type formField struct {
	key   string // wire name (see the constants above)
	label string
	hint  string
	in    textinput.Model
}

// form edits every filter of the transactions route (spec 4.6, enduser.TxFilter).
type form struct {
	env    *kit.Env
	fields []formField
	focus  int
	offset int // first field drawn when the form is taller than the screen
	err    string
	w, h   int

	next, prev, apply, cancel, clear key.Binding
}

func newForm(env *kit.Env) *form {
	f := &form{
		env:    env,
		next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		apply:  kit.WithHelp(env.Keys.Select, "apply filter"),
		cancel: kit.WithHelp(env.Keys.Back, "cancel"),
		clear:  key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "clear all fields")),
	}
	for _, d := range app.TxFields {
		in := kit.NewInput(200)
		f.fields = append(f.fields, formField{key: d.Key, label: d.Label, hint: d.Hint, in: in})
	}
	return f
}

// load fills the fields from an applied filter and focuses the first one.
func (f *form) load(tf enduser.TxFilter) {
	set := func(k, v string) { f.fields[f.index(k)].in.SetValue(v) }
	if tf.PageSize != 0 {
		set(fPageSize, strconv.Itoa(tf.PageSize))
	} else {
		set(fPageSize, "")
	}
	set(fFrom, formatTime(tf.FromTimestamp))
	set(fTo, formatTime(tf.ToTimestamp))
	set(fType, tf.Type)
	set(fTypes, strings.Join(tf.TransactionTypes, ", "))
	set(fCurrency, strings.Join(tf.Currencies, ", "))
	set(fDirection, tf.Direction)
	set(fMin, decText(tf.MinAmount))
	set(fMax, decText(tf.MaxAmount))
	set(fStatus, tf.Status)
	set(fChain, tf.ChainID)
	set(fSymbol, tf.TokenSymbol)
	if tf.ID != 0 {
		set(fID, strconv.FormatInt(tf.ID, 10))
	} else {
		set(fID, "")
	}
	set(fTxHash, tf.TxHash)
	f.err = ""
	f.setFocus(0)
}

func (f *form) index(k string) int {
	for i, fl := range f.fields {
		if fl.key == k {
			return i
		}
	}
	return 0
}

func (f *form) setFocus(i int) {
	n := len(f.fields)
	i = (i%n + n) % n
	for j := range f.fields {
		if j == i {
			f.fields[j].in.Focus()
			f.fields[j].in.CursorEnd()
		} else {
			f.fields[j].in.Blur()
		}
	}
	f.focus = i
	f.scroll()
}

// rows is how many fields fit: the body minus the title, a spacer, the hint and two lines
// of error.
func (f *form) rows() int { return max(f.h-5, 1) }

func (f *form) scroll() {
	r := f.rows()
	if f.focus < f.offset {
		f.offset = f.focus
	}
	if f.focus >= f.offset+r {
		f.offset = f.focus - r + 1
	}
	f.offset = max(min(f.offset, len(f.fields)-r), 0)
}

func (f *form) setSize(w, h int) {
	f.w, f.h = w, h
	for i := range f.fields {
		f.fields[i].in.Width = max(w-20, 4)
	}
	f.scroll()
}

// formResult is what a key in the form decided.
type formResult int

const (
	formEditing formResult = iota
	formApplied
	formCancelled
)

// update handles a key; on formApplied the filter is valid.
func (f *form) update(msg tea.Msg) (formResult, enduser.TxFilter, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(k, f.cancel):
			return formCancelled, enduser.TxFilter{}, nil
		case key.Matches(k, f.apply):
			tf, field, err := f.filter()
			if err != nil {
				f.err = err.Error()
				if field != "" {
					f.setFocus(f.index(field))
				}
				return formEditing, enduser.TxFilter{}, nil
			}
			f.err = ""
			return formApplied, tf, nil
		case key.Matches(k, f.next):
			f.setFocus(f.focus + 1)
			return formEditing, enduser.TxFilter{}, nil
		case key.Matches(k, f.prev):
			f.setFocus(f.focus - 1)
			return formEditing, enduser.TxFilter{}, nil
		case key.Matches(k, f.clear):
			f.load(enduser.TxFilter{})
			return formEditing, enduser.TxFilter{}, nil
		}
	}
	var cmd tea.Cmd
	f.fields[f.focus].in, cmd = f.fields[f.focus].in.Update(msg)
	return formEditing, enduser.TxFilter{}, cmd
}

// filter reads the fields through app.ParseTxFilter. On error it returns the key of the
// field at fault.
func (f *form) filter() (enduser.TxFilter, string, error) {
	v := make(map[string]string, len(f.fields))
	for _, fd := range f.fields {
		v[fd.key] = fd.in.Value()
	}
	tf, err := app.ParseTxFilter(v)
	var fe *app.FieldError
	if errors.As(err, &fe) {
		return enduser.TxFilter{}, fe.Field, fmt.Errorf("%s (%s): %v", f.fields[f.index(fe.Field)].label, fe.Field, fe.Err)
	}
	return tf, "", err
}

func formatTime(ts int64) string {
	if ts == 0 {
		return ""
	}
	return time.Unix(ts, 0).UTC().Format("2006-01-02 15:04:05")
}

func decText(d *decimal.Decimal) string {
	if d == nil {
		return ""
	}
	return d.String()
}

// view draws the fields around the focused one, its hint and the last error.
func (f *form) view() string {
	s := f.env.Styles
	var b strings.Builder
	b.WriteString(s.Title.Render(kit.Truncate("Filter the history: every filter of the transactions route", f.w)) + "\n")
	end := min(f.offset+f.rows(), len(f.fields))
	for i := f.offset; i < end; i++ {
		fl := f.fields[i]
		mark := s.Marks.NoCursor
		if i == f.focus {
			mark = s.Marks.Cursor
		}
		label := s.Label.Render(kit.Pad(fl.label, 12))
		if i == f.focus {
			label = s.Bold.Render(kit.Pad(fl.label, 12))
		}
		b.WriteString(mark + label + "  " + fl.in.View() + "\n")
	}
	for i := end - f.offset; i < f.rows(); i++ {
		b.WriteByte('\n')
	}
	more := ""
	if f.offset > 0 || end < len(f.fields) {
		more = fmt.Sprintf(" (fields %d-%d of %d)", f.offset+1, end, len(f.fields))
	}
	b.WriteString("\n" + s.Muted.Render(kit.Truncate(f.fields[f.focus].hint+more, f.w)) + "\n")
	if f.err != "" {
		lines := kit.WrapWords(s.Marks.Error+" "+f.err, max(f.w, 1))
		if len(lines) > 2 {
			lines = append(lines[:1], kit.Truncate(strings.Join(lines[1:], " "), f.w))
		}
		b.WriteString(s.StatusError.Render(strings.Join(lines, "\n")))
	} else {
		b.WriteString(s.Muted.Render(kit.Truncate("enter applies the filter and reloads from the first page; esc keeps the current one", f.w)))
	}
	return b.String()
}

func (f *form) help() []key.Binding {
	return []key.Binding{f.next, f.prev, f.apply, f.cancel, f.clear}
}
