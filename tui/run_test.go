package tui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"purse/app"
)

func TestRunQuitsAndLogsToHome(t *testing.T) {
	home := t.TempDir()
	a, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = Run(context.Background(), Options{
		Session: testSession,
		Home:    home,
		App:     a,
		Input:   strings.NewReader("q"),
		Output:  &out,
	})
	if err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(filepath.Join(home, LogFile))
	if err != nil || !strings.Contains(string(log), "tui start") || !strings.Contains(string(log), "tui stop") {
		t.Fatalf("log %q, %v", log, err)
	}
	if strings.Contains(out.String(), "tui start") {
		t.Fatal("log lines must never reach the screen")
	}
	if strings.Contains(out.String(), "\x1b[?1000h") || strings.Contains(out.String(), "\x1b[?1002h") {
		t.Fatal("the mouse must stay off")
	}
	if !strings.Contains(out.String(), "\x1b[?1049h") {
		t.Fatal("the alternate screen must be used")
	}
}

func TestRunNeedsHome(t *testing.T) {
	if err := Run(context.Background(), Options{}); err == nil {
		t.Fatal("Run without PURSE_HOME must fail")
	}
}
