package txs

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	apphistory "purse/app/history"
	"purse/enduser"
	"purse/internal/visible"
	uiform "purse/tui/form"
	"purse/tui/kit"
)

// Field keys: the application layer's names of the filter fields (the wire names of spec
// 4.6), so an error of the filter focuses the field it names.
const (
	fPageSize  = apphistory.TxPageSize
	fFrom      = apphistory.TxFrom
	fTo        = apphistory.TxTo
	fType      = apphistory.TxType
	fTypes     = apphistory.TxTypes
	fCurrency  = apphistory.TxCurrency
	fDirection = apphistory.TxDirection
	fMin       = apphistory.TxMin
	fMax       = apphistory.TxMax
	fStatus    = apphistory.TxStatus
	fChain     = apphistory.TxChain
	fSymbol    = apphistory.TxSymbol
	fID        = apphistory.TxID
	fTxHash    = apphistory.TxHash
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
	offset int    // first field drawn when the form is taller than the screen
	err    string // an error of the filter that names no field
	live   uiform.Live
	w, h   int

	nav   uiform.Nav // the keys of every form
	clear key.Binding
}

func newForm(env *kit.Env) *form {
	f := &form{
		env:   env,
		nav:   uiform.NewNav("apply the filter"),
		clear: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "clear all fields")),
	}
	for _, d := range apphistory.Fields {
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
	f.live.Reset()
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

// rows is how many fields fit: the body minus the title, a spacer, the hint, two lines of
// error or help, and the line of a field's error.
func (f *form) rows() int { return max(f.h-6, 1) }

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
		f.fields[i].in.SetWidth(max(w-20, 4))
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

// update handles a key or a paste (text for the focused field); on formApplied the filter
// is valid. The filter is checked as the
// user types; a submit is refused while it is invalid.
func (f *form) update(msg tea.Msg) (formResult, enduser.TxFilter, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		cur := f.fields[f.focus].key
		switch f.nav.Read(k, f.focus == len(f.fields)-1) {
		case uiform.Cancel:
			return formCancelled, enduser.TxFilter{}, nil
		case uiform.Submit:
			f.live.Touch(cur)
			tf, err := f.filter()
			field, refused := f.live.Refuse(err)
			if !refused {
				f.err = ""
				return formApplied, tf, nil
			}
			if field != "" {
				f.setFocus(f.index(field))
			} else {
				f.err = err.Error()
			}
			return formEditing, enduser.TxFilter{}, nil
		case uiform.Next:
			f.live.Touch(cur)
			f.setFocus(f.focus + 1)
			f.check()
			return formEditing, enduser.TxFilter{}, nil
		case uiform.Prev:
			f.live.Touch(cur)
			f.setFocus(f.focus - 1)
			f.check()
			return formEditing, enduser.TxFilter{}, nil
		}
		if key.Matches(k, f.clear) {
			f.load(enduser.TxFilter{})
			return formEditing, enduser.TxFilter{}, nil
		}
	}
	in := &f.fields[f.focus].in
	before := in.Value()
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if in.Value() != before {
		f.err = ""
		f.live.Touch(f.fields[f.focus].key)
		f.check()
	}
	return formEditing, enduser.TxFilter{}, cmd
}

// check runs the filter's check on the fields as typed.
func (f *form) check() {
	_, err := f.filter()
	f.live.Set(err)
}

// filter reads the fields through apphistory.ParseFilter; an error is its *app.FieldError,
// naming the field at fault.
func (f *form) filter() (enduser.TxFilter, error) {
	v := make(map[string]string, len(f.fields))
	for _, fd := range f.fields {
		v[fd.key] = fd.in.Value()
	}
	return apphistory.ParseFilter(v)
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
	errShown := false
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
		if e := f.live.Error(fl.key); e != "" {
			b.WriteString(kit.Pad("", 16) + uiform.ErrorLine(s, fl.label, e, f.w-16) + "\n")
			errShown = true
		}
	}
	for i := end - f.offset; i < f.rows(); i++ {
		b.WriteByte('\n')
	}
	if !errShown {
		b.WriteByte('\n')
	}
	more := ""
	if f.offset > 0 || end < len(f.fields) {
		more = fmt.Sprintf(" (fields %d-%d of %d)", f.offset+1, end, len(f.fields))
	}
	b.WriteString("\n" + s.Muted.Render(kit.Truncate(f.fields[f.focus].hint+more, f.w)) + "\n")
	if f.err != "" {
		lines := kit.WrapWords(s.Marks.Error+" "+visible.Line(f.err), max(f.w, 1))
		if len(lines) > 2 {
			lines = append(lines[:1], kit.Truncate(strings.Join(lines[1:], " "), f.w))
		}
		b.WriteString(s.StatusError.Render(strings.Join(lines, "\n")))
	} else {
		b.WriteString(s.Muted.Render(kit.Truncate(uiform.SubmitKey+" or enter on the last field applies the filter; esc keeps the current one", f.w)))
	}
	return b.String()
}

func (f *form) shortHelp() []key.Binding { return append(f.nav.ShortHelp(), f.clear) }

func (f *form) help() []key.Binding { return append(f.nav.FullHelp(), f.clear) }
