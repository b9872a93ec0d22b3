package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/term"

	"purse/internal/visible/visibletest"
	"purse/sandbox"
)

// rawTerminal is a pseudo-terminal (openPTY) in raw mode (no newline translation): the end
// purse writes to, and what the terminal shows, read from the other end once it is closed.
func rawTerminal(t *testing.T) (tty *os.File, shown func() string) {
	t.Helper()
	ptm, tty := openPTY(t)
	t.Cleanup(func() { _ = ptm.Close() })
	if _, err := term.MakeRaw(int(tty.Fd())); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = io.Copy(&buf, ptm) // ends with EIO once the terminal end is closed
	}()
	return tty, func() string {
		_ = tty.Close()
		<-done
		return buf.String()
	}
}

// TestTxListCSVIsEscapedOnATerminalOnly: `purse tx list --format csv` against a service whose
// titles carry terminal control codes and a forged line: on a terminal every field is shown
// escaped (still CSV); to a file or a pipe the CSV carries each value exactly.
func TestTxListCSVIsEscapedOnATerminalOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs against the sandbox")
	}
	keyEnv(t)
	if _, e, c := purse(t, "", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", writeTemp(t, "k", testDevKey+"\n")); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	base := sb.Info().UserAPI
	for _, args := range [][]string{{"profile", "add", "sb", "--sandbox", base}, {"profile", "use", "sb"},
		{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"}, {"profile", "set", "user_api=" + visibletest.Service(t, base, "text")}} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	args := []string{"tx", "list", "--format", "csv"}

	tty, shown := rawTerminal(t)
	var errb bytes.Buffer
	code := run(args, strings.NewReader(""), tty, &errb)
	onTTY := shown()
	if code != exitOK {
		t.Fatalf("on a terminal: exit %d: %s", code, errb.String())
	}
	visibletest.Verify(t, "tx list --format csv on a terminal", onTTY)
	if !strings.Contains(onTTY, "␛[2J") || !strings.Contains(onTTY, "⟨U+202E⟩") || !strings.Contains(onTTY, "␊FORGED LINE") {
		t.Errorf("the titles are not shown escaped on the terminal:\n%s", onTTY)
	}
	if recs, err := csv.NewReader(strings.NewReader(onTTY)).ReadAll(); err != nil || len(recs) < 2 {
		t.Errorf("on a terminal the output is still CSV: %d records, %v", len(recs), err)
	}

	file, err := os.Create(filepath.Join(t.TempDir(), "tx.csv"))
	if err != nil {
		t.Fatal(err)
	}
	code = run(args, strings.NewReader(""), file, &errb)
	_ = file.Close()
	toFile, err := os.ReadFile(file.Name())
	if err != nil || code != exitOK {
		t.Fatalf("to a file: exit %d, %v: %s", code, err, errb.String())
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var piped bytes.Buffer
	read := make(chan struct{})
	go func() { _, _ = io.Copy(&piped, pr); close(read) }()
	code = run(args, strings.NewReader(""), pw, &errb)
	_ = pw.Close()
	<-read
	_ = pr.Close()
	if code != exitOK || !bytes.Equal(piped.Bytes(), toFile) {
		t.Fatalf("to a pipe: exit %d; the same CSV as to a file: %v", code, bytes.Equal(piped.Bytes(), toFile))
	}
	// csv.Reader would drop the \r of a field's \r\n: the bytes themselves carry the value.
	if !bytes.Contains(toFile, []byte(`"Welcome deposit`+visibletest.Text+`"`)) {
		t.Fatalf("to a file, a title carries the service's text exactly:\n%q", toFile)
	}
}
