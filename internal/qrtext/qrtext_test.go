package qrtext

import (
	"image"
	"image/color"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"
)

// decode reads the drawn lines back with an independent decoder (ZXing's port): each cell
// is two modules, a full block light, a blank dark, each module 4×4 pixels.
func decode(t *testing.T, lines []string) string {
	t.Helper()
	const px = 4
	w := utf8.RuneCountInString(lines[0])
	img := image.NewGray(image.Rect(0, 0, w*px, len(lines)*2*px))
	for row, l := range lines {
		col := 0
		for _, r := range l {
			top, bottom := r == '█' || r == '▀', r == '█' || r == '▄'
			for dy := 0; dy < 2*px; dy++ {
				light := top
				if dy >= px {
					light = bottom
				}
				c := color.Gray{Y: 0}
				if light {
					c = color.Gray{Y: 255}
				}
				for dx := 0; dx < px; dx++ {
					img.SetGray(col*px+dx, row*2*px+dy, c)
				}
			}
			col++
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("an independent decoder cannot read the code: %v\n%s", err, strings.Join(lines, "\n"))
	}
	return res.GetText()
}

// TestLinesDecode: the EVM and Solana addresses a user funds scan back to themselves, and
// fit 80×24 (at most 40 columns and 20 lines).
func TestLinesDecode(t *testing.T) {
	for _, addr := range []string{
		"0xe84333c5b620623816982A0F356a30335395fCc9",
		"44WcKpddapwpYW2jkohyZVeL2fUek3Hd3eJBw2q4uT9J",
	} {
		lines, err := Lines(addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := decode(t, lines); got != addr {
			t.Fatalf("decoded %q, want %q", got, addr)
		}
		if w := utf8.RuneCountInString(lines[0]); w > 40 || len(lines) > 20 {
			t.Fatalf("%d×%d does not fit 80×24", w, len(lines))
		}
	}
}

func TestLinesRefuses(t *testing.T) {
	if _, err := Lines(""); err == nil {
		t.Fatal("empty text encoded")
	}
	if _, err := Lines(strings.Repeat("a", MaxText+1)); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("long text: %v", err)
	}
}
