package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"

	"purse/internal/visible"
)

// humanOut is where a command writes its human output. It has no Write method on purpose: every
// value passes through internal/visible on its way out (Printf and Println escape each
// argument as a one-line field, Table each cell, Text a block that may span lines), so text
// from the service, a quote, a key file or a profile never acts on the terminal, and only
// the command's own format strings are written as they are. --json output does not come
// here: print writes the exact values as JSON (visible.JSON escapes the characters).
type humanOut struct{ w io.Writer }

func textOut(w io.Writer) *humanOut { return &humanOut{w: w} }

// field is a value shown on one line: strings (of any string type), string slices and
// errors are escaped with visible.Line; numbers and other values print as fmt prints them.
func field(v any) any {
	if err, ok := v.(error); ok {
		return visible.Line(err.Error())
	}
	rv := reflect.ValueOf(v)
	switch {
	case rv.Kind() == reflect.String:
		return visible.Line(rv.String())
	case rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.String:
		esc := make([]string, rv.Len())
		for i := range esc {
			esc[i] = visible.Line(rv.Index(i).String())
		}
		return esc
	}
	return v
}

func fields(args []any) []any {
	esc := make([]any, len(args))
	for i, v := range args {
		esc[i] = field(v)
	}
	return esc
}

// Printf writes format with each argument escaped as a one-line field.
func (o *humanOut) Printf(format string, args ...any) { fmt.Fprintf(o.w, format, fields(args)...) }

// Println writes the arguments, each escaped as a one-line field, as fmt.Println does.
func (o *humanOut) Println(args ...any) { fmt.Fprintln(o.w, fields(args)...) }

// Text writes text that may span lines (Form A) with its newlines kept and every other
// character visible; it returns how many characters were escaped.
func (o *humanOut) Text(text string) int {
	esc, n := visible.Escape(text)
	_, _ = io.WriteString(o.w, esc)
	return n
}

// Rendered writes what a renderer that escapes its own values produced (app/review.Write).
func (o *humanOut) Rendered(s string) { _, _ = io.WriteString(o.w, s) }

// Table writes a header (when there is one) and rows, aligned; every cell is a one-line field.
func (o *humanOut) Table(header []string, rows [][]string) {
	tw := tabwriter.NewWriter(o.w, 0, 2, 2, ' ', 0)
	for _, r := range append([][]string{header}, rows...) {
		if r == nil {
			continue
		}
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = visible.Line(c)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	_ = tw.Flush()
}

// writeJSON writes v as JSON with every character that acts on a terminal escaped
// (visible.JSON); indent "" writes one line.
func writeJSON(w io.Writer, v any, indent string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(visible.JSON(buf.Bytes()))
	return err
}

// isTerminal reports whether w is a terminal (a file whose descriptor is one).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
