package tui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/config"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
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

// TestScreenNumbersStable: every default screen is reachable, Setup has no number, and the
// other screens keep the same number with or without it (Requests 9, Settings 0).
func TestScreenNumbersStable(t *testing.T) {
	want := map[string]kit.ScreenID{
		"1": kit.ScreenHome, "2": kit.ScreenAccount, "3": kit.ScreenBalances, "4": kit.ScreenTransactions,
		"5": kit.ScreenCard, "6": kit.ScreenPermit, "7": kit.ScreenDeposit, "8": kit.ScreenKeys,
		"9": kit.ScreenRequests, "0": kit.ScreenSettings,
	}
	for _, firstSession := range []bool{true, false} {
		home := t.TempDir()
		tuitest.FileKeys(t)
		p := &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337"}
		if !firstSession {
			p.EVMKey = "me"
		}
		tuitest.WriteProfile(t, home, p)
		a := tuitest.Services(t, home)
		env := newTestEnv(t)
		m := NewModel(env, DefaultScreens(env, a)...)
		m.Init() // the screens' loads are not run
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
		if got := m.ActiveScreen().ID() == kit.ScreenSetup; got != firstSession {
			t.Fatalf("first session %v: starts on %s", firstSession, m.ActiveScreen().ID())
		}
		tabs, _, _ := strings.Cut(frameOf(m), "\n")
		if firstSession && !strings.Contains(tabs, "[Setup]") {
			t.Fatalf("Setup's tab has no number: %q", tabs)
		}
		for d, id := range want {
			m.Update(runes(d))
			if got := m.ActiveScreen().ID(); got != id {
				t.Errorf("first session %v: key %s shows %s, want %s", firstSession, d, got, id)
			}
			tabs, _, _ := strings.Cut(frameOf(m), "\n")
			if !strings.Contains(tabs, "["+d+" "+m.ActiveScreen().Title()+"]") {
				t.Errorf("first session %v: tab line %q lacks [%s %s]", firstSession, tabs, d, m.ActiveScreen().Title())
			}
		}
		// Audit, past the ten numbers, is reached with tab from Settings; from Audit, the last,
		// tab wraps to the first (Setup in a first session).
		m.Update(runes("0"))
		m.Update(keyOf(tea.KeyTab))
		if got := m.ActiveScreen().ID(); got != kit.ScreenAudit {
			t.Errorf("tab from Settings shows %s, want Audit", got)
		}
		m.Update(keyOf(tea.KeyTab))
		if got, first := m.ActiveScreen().ID(), map[bool]kit.ScreenID{true: kit.ScreenSetup, false: kit.ScreenHome}[firstSession]; got != first {
			t.Errorf("tab from Audit shows %s, want %s", got, first)
		}
	}
}

// At 80 columns every tab stays on the tab line, with no scroll marks: the active one by its
// name, the others by their number key at least, and Audit (no number) by its name; at 200
// columns every name is there. The line never passes the window's width.
func TestTabLineKeepsEveryTab(t *testing.T) {
	home := t.TempDir()
	tuitest.FileKeys(t)
	tuitest.WriteProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"})
	a := tuitest.Services(t, home)
	env := newTestEnv(t)
	m := NewModel(env, DefaultScreens(env, a)...)
	m.Init()
	for _, w := range []int{80, 200} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		for _, d := range strings.Split("1234567890", "") {
			m.Update(runes(d))
			line, _, _ := strings.Cut(frameOf(m), "\n")
			line = strings.TrimRight(line, " ")
			if kit.Width(line) > w || strings.ContainsAny(line, "<>") {
				t.Errorf("%d columns, on %s: %q", w, d, line)
			}
			if !strings.Contains(line, "["+d+" "+m.ActiveScreen().Title()+"]") || !strings.HasSuffix(line, " Audit") {
				t.Errorf("%d columns: %q lacks the active tab or Audit", w, line)
			}
			for _, o := range strings.Split("1234567890", "") {
				if !strings.Contains(line, " "+o+" ") && !strings.Contains(line, "["+o+" ") {
					t.Errorf("%d columns, on %s: tab %s is not on %q", w, d, o, line)
				}
			}
			if w == 200 && !strings.Contains(line, " 4 Transactions ") && d != "4" {
				t.Errorf("200 columns: %q", line)
			}
		}
	}
}
