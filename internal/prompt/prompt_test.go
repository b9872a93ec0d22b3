package prompt

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tty is a terminal whose user types in.
type tty struct {
	*strings.Reader
	out strings.Builder
}

func (t *tty) Write(b []byte) (int, error) { return t.out.Write(b) }
func (t *tty) Close() error                { return nil }
func (t *tty) Fd() uintptr                 { return ^uintptr(0) }

func withTerminal(t *testing.T, answer *string) *tty {
	old := Open
	t.Cleanup(func() { Open = old })
	if answer == nil {
		Open = func() (Terminal, error) { return nil, errors.New("no terminal in tests") }
		return nil
	}
	tt := &tty{Reader: strings.NewReader(*answer)}
	Open = func() (Terminal, error) { return tt, nil }
	return tt
}

func TestPassphraseSource(t *testing.T) {
	t.Setenv(EnvPassphraseFile, "")
	withTerminal(t, nil)
	if _, err := Passphrase("Passphrase", false); err == nil || !strings.Contains(err.Error(), EnvPassphraseFile) {
		t.Fatalf("no source: %v", err)
	}
	f := filepath.Join(t.TempDir(), "p")
	if err := os.WriteFile(f, []byte("two lines\n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvPassphraseFile, f)
	if p, err := Passphrase("Passphrase", true); err != nil || string(p) != "two lines\n" {
		t.Fatalf("file: %q %v", p, err)
	}
	t.Setenv(EnvPassphraseFile, "/nonexistent/pass")
	if _, err := Passphrase("Passphrase", false); err == nil || !strings.Contains(err.Error(), "PURSE_PASSPHRASE_FILE: cannot read /nonexistent/pass") {
		t.Fatalf("missing file: %v", err)
	}
}

func TestQuestionsNeedTheirAnswer(t *testing.T) {
	withTerminal(t, nil)
	if _, err := Review(false); !errors.Is(err, ErrNoTerminal) || !strings.Contains(err.Error(), "--yes") {
		t.Fatalf("review without a terminal: %v", err)
	}
	if tt, err := Review(true); tt != nil || err != nil {
		t.Fatal("--yes opened a terminal")
	}
	if err := Typed("Remove?", "main"); err == nil || !strings.Contains(err.Error(), "nothing was done") {
		t.Fatalf("typed without a terminal: %v", err)
	}
	for answer, ok := range map[string]bool{"y\n": true, "yes\n": true, "Y\n": true, "\n": false, "no\n": false, "": false} {
		tt := withTerminal(t, &answer)
		err := YesNo(tt, "Sign?", "nothing was signed")
		if (err == nil) != ok || !strings.Contains(tt.out.String(), "Sign? [y/N]") {
			t.Errorf("answer %q: %v", answer, err)
		}
	}
	for answer, ok := range map[string]bool{"main\n": true, "main": true, "Main\n": false, "\n": false} {
		withTerminal(t, &answer)
		if err := Typed("Remove?", "main"); (err == nil) != ok {
			t.Errorf("typed %q: %v", answer, err)
		}
	}
}

func TestSourceIsTheFileOrTheTerminal(t *testing.T) {
	f := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(f, []byte("pw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvPassphraseFile, f)
	src, err := Source()
	if err != nil || src == nil || src.Name() != f {
		t.Fatalf("source: %v %v", src, err)
	}
	src.Close()
	t.Setenv(EnvPassphraseFile, f+".missing")
	if _, err := Source(); err == nil || !strings.Contains(err.Error(), EnvPassphraseFile) {
		t.Fatalf("missing file: %v", err)
	}
	t.Setenv(EnvPassphraseFile, "")
	old := Open
	defer func() { Open = old }()
	Open = func() (Terminal, error) { return nil, errors.New("no terminal") }
	if src, err := Source(); src != nil || err != nil {
		t.Fatalf("no terminal: %v %v", src, err)
	}
}
