package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11 case 14: inputs are read through a limit, never whole; the error names the limit.
func TestReadInputStopsAtTheLimit(t *testing.T) {
	var fe *FieldError
	// A file larger than the limit (sparse: nothing is written) ends at the limit.
	huge := filepath.Join(t.TempDir(), "huge")
	if f, err := os.Create(huge); err != nil || f.Truncate(1<<30) != nil || f.Close() != nil {
		t.Fatalf("sparse file: %v", err)
	}
	if _, err := ReadInput("message-file", huge, nil, MaxMessageBytes); !errors.As(err, &fe) || fe.Field != "message-file" || !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("1 GiB file: %v", err)
	}
	// A device (/dev/zero, endless) is not a file a user means: refused before any read.
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadInput("message-file", "/dev/zero", nil, MaxMessageBytes); !errors.As(err, &fe) || fe.Field != "message-file" || !strings.Contains(err.Error(), "/dev/zero") || !strings.Contains(err.Error(), "character device") {
			t.Fatalf("/dev/zero: %v", err)
		}
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadInput("f", p, nil, 5); err != nil || string(b) != "12345" {
		t.Fatalf("at the limit: %q %v", b, err)
	}
	if _, err := ReadInput("f", p, nil, 4); !errors.As(err, &fe) || !strings.Contains(err.Error(), "4 bytes") {
		t.Fatalf("over the limit: %v", err)
	}
	if b, err := ReadInput("f", "-", strings.NewReader("in"), 5); err != nil || string(b) != "in" {
		t.Fatalf("stdin: %q %v", b, err)
	}
	if _, err := ReadInput("f", "-", strings.NewReader(strings.Repeat("x", 6)), 5); !errors.As(err, &fe) {
		t.Fatalf("stdin over the limit: %v", err)
	}
	if _, err := ReadInput("f", filepath.Join(t.TempDir(), "none"), nil, 5); !errors.As(err, &fe) {
		t.Fatalf("missing file: %v", err)
	}
}
