// Package qrtext draws a QR code as terminal text, two modules to a character cell (half
// blocks), so an address a user funds from a phone wallet can be scanned off an 80×24
// terminal. The TUI's QR views and `purse key show --qr` print the same lines.
package qrtext

import (
	"errors"
	"fmt"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// Quiet is the blank margin around the code, in modules: scanners need one; two keep the code
// readable at 80×24 (four, the standard's, would not fit).
const Quiet = 2

// MaxText bounds what is encoded: addresses and URIs, never documents.
const MaxText = 256

// Lines encodes text (error correction L: the shortest code) and draws it. Light modules are
// full blocks and dark modules blanks, so on a dark terminal the code reads as printed;
// callers with colour pin the contrast (white foreground on black) so a light theme reads
// the same.
func Lines(text string) ([]string, error) { return LinesQuiet(text, Quiet) }

// TightQuiet is the smallest margin a view may draw when the code does not fit with Quiet:
// one module, which the decoders tried read on a dark terminal background (jsQR).
const TightQuiet = 1

// LinesQuiet is Lines with a margin of quiet modules.
func LinesQuiet(text string, quiet int) ([]string, error) {
	switch {
	case text == "":
		return nil, errors.New("qr: nothing to encode")
	case len(text) > MaxText:
		return nil, fmt.Errorf("qr: %d bytes, over the %d-byte limit", len(text), MaxText)
	}
	qrc, err := qrcode.NewWith(text, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionLow))
	if err != nil {
		return nil, fmt.Errorf("qr: %w", err)
	}
	g := &grab{}
	if err := qrc.Save(g); err != nil {
		return nil, fmt.Errorf("qr: %w", err)
	}
	n := len(g.dark) + 2*quiet
	dark := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		return y >= 0 && y < len(g.dark) && x >= 0 && x < len(g.dark[y]) && g.dark[y][x]
	}
	var out []string
	for y := 0; y < n; y += 2 {
		var b strings.Builder
		for x := 0; x < n; x++ {
			top, bottom := !dark(x, y), y+1 < n && !dark(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		out = append(out, b.String())
	}
	return out, nil
}

// grab is a qrcode.Writer that keeps the module matrix.
type grab struct{ dark [][]bool }

func (g *grab) Write(m qrcode.Matrix) error {
	g.dark = make([][]bool, m.Height())
	for y := range g.dark {
		g.dark[y] = make([]bool, m.Width())
	}
	m.Iterate(qrcode.IterDirection_ROW, func(x, y int, v qrcode.QRValue) {
		if y < len(g.dark) && x < len(g.dark[y]) {
			g.dark[y][x] = v.IsSet()
		}
	})
	return nil
}

func (g *grab) Close() error { return nil }
