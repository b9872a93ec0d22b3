package tui

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/shopspring/decimal"

	apphistory "purse/app/history"
	appreview "purse/app/review"
	"purse/tui/card"
	"purse/tui/dialog"
	"purse/tui/home"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/review"
	"purse/tui/txs"
	"purse/wallet"
)

// TestGolden compares full frames as plain text (what a non-terminal gets: tuitest.Plain)
// with testdata/TestGolden/*. Update them with: go test ./tui -run TestGolden -update
func TestGolden(t *testing.T) {
	sizes := [][2]int{{80, 24}, {120, 40}}
	cases := []struct {
		name  string
		setup func(m *Model)
	}{
		{"home", func(*Model) {}},
		{"home_full_help", func(m *Model) { send(m, runes("?")) }},
		{"transactions", func(m *Model) {
			send(m, runes("2"))
			for i := 0; i < 3; i++ {
				send(m, keyOf(tea.KeyDown))
			}
		}},
		{"review_permit", func(m *Model) { pushReview(m, samplePermit()) }},
		{"review_forma", func(m *Model) { pushReview(m, sampleFormA()) }},
		{"review_fullauth", func(m *Model) { pushReview(m, sampleFullAuth()) }},
		{"review_solana_blocked", func(m *Model) { pushReview(m, sampleSolana()) }},
		{"review_agent_personal", func(m *Model) { pushReview(m, sampleAgentReview()) }},
		{"confirm", func(m *Model) {
			send(m, kit.PushDialogMsg{Dialog: dialog.NewConfirm(m.Env(), "block", "Block card 981?", "Payments with this card stop until you unblock it. Unblocking needs another signed request.", "block the card")})
		}},
		{"qr", func(m *Model) {
			send(m, kit.PushDialogMsg{Dialog: dialog.NewQR(m.Env(), "Owner address (EVM key): send tokens here", "0xe84333c5b620623816982A0F356a30335395fCc9")})
		}},
		{"chart", func(m *Model) {
			d := decimal.RequireFromString
			send(m, kit.PushDialogMsg{Dialog: txs.NewChart(m.Env(), []apphistory.MonthFlow{
				{Month: "2026-09", Currency: "EUR", In: d("1200.50"), Out: d("300"), Records: 5},
				{Month: "2026-10", Currency: "EUR", In: d("0"), Out: d("950.25"), Records: 3},
				{Month: "2026-11", Currency: "EUR", In: d("40.10"), Out: d("0.99"), Records: 2},
				{Month: "2026-11", Currency: "CHF", In: d("12"), Records: 1},
			})})
		}},
		{"task_error", func(m *Model) {
			send(m, kit.ErrorMsg{What: "Loading balances", Err: errors.New("dial tcp 127.0.0.1:8787: connection refused"), Next: "Start the sandbox (purse sandbox) or check the profile's user_api, then press r."})
		}},
		{"task_running", func(m *Model) {
			kit.Start(m.Env().Tasks, "balances", "Loading balances", func(context.Context) (int, error) { return 0, nil })
			send(m, nil)
		}},
	}
	for _, c := range cases {
		for _, sz := range sizes {
			t.Run(c.name+"_"+sizeName(sz), func(t *testing.T) {
				m := goldenModel(t, sz[0], sz[1])
				c.setup(m)
				teatest.RequireEqualOutput(t, []byte(frameOf(m)))
			})
		}
	}
	// A screen's full help with keys that are off, and why, laid out in rows so the global
	// keys show at 80 columns too.
	for _, sz := range sizes {
		t.Run("card_full_help_"+sizeName(sz), func(t *testing.T) {
			env := goldenEnv(t)
			m := NewModel(env, card.New(env, nil), newFake("Other"))
			tuitest.Flatten(m.Init())
			send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			send(m, runes("?"))
			teatest.RequireEqualOutput(t, []byte(frameOf(m)))
		})
	}
	t.Run("too_small", func(t *testing.T) {
		m := goldenModel(t, 36, 10)
		teatest.RequireEqualOutput(t, []byte(frameOf(m)))
	})
}

func sizeName(sz [2]int) string { return fmt.Sprintf("%dx%d", sz[0], sz[1]) }

// goldenEnv is a session over a key store, as every real one is (Run): ctrl+l can lock its
// keys.
func goldenEnv(t *testing.T) *kit.Env {
	env := newTestEnv(t)
	env.Lock = func() {}
	return env
}

func goldenModel(t *testing.T, w, h int) *Model {
	t.Helper()
	env := goldenEnv(t)
	m := NewModel(env, home.New(env), newTxScreen(env, 1000), newFake("Card"))
	tuitest.Flatten(m.Init())
	send(m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

func pushReview(m *Model, req review.Request) {
	send(m, kit.PushDialogMsg{Dialog: review.New(m.Env(), req)})
}

// TestProgramRuns drives the real Bubble Tea program with teatest: first frame, a tab
// switch, quit with q.
func TestProgramRuns(t *testing.T) {
	env := newTestEnv(t)
	m := NewModel(env, home.New(env), newTxScreen(env, 100))
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return strings.Contains(string(b), "Welcome to purse")
	}, teatest.WithDuration(5*time.Second))
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return strings.Contains(string(b), "row 1 of 100")
	}, teatest.WithDuration(5*time.Second))
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if final.Active() != 1 {
		t.Fatalf("active %d", final.Active())
	}
}

// sampleAgentReview is the review the agent's gate sends its display for a personal message
// another process asks it to sign: who asks, what is signed, why the user is asked.
func sampleAgentReview() review.Request {
	msg := []byte("hello agent")
	rv := appreview.MessageRequest("approval-1", appreview.KindPersonal, "Signs the message below with your EVM key (personal_sign).", msg, wallet.PersonalHash(msg).Hex())
	rv.Title = "Agent request: " + rv.Title
	rv.Sections = append([]review.Section{{Heading: "Who asks", Fields: []review.Field{
		{Label: "process", Value: "pid 4242, uid 1000, executable /usr/local/bin/purse", Note: "(from the kernel: pid, uid, executable)"},
		{Label: "client", Value: "purse sign personal", Note: "(what the program says it is: unchecked)"},
		{Label: "key", Value: "alice", Note: "0xe84333c5b620623816982A0F356a30335395fCc9"},
		{Label: "profile", Value: "sandbox"},
	}}}, rv.Sections...)
	rv.Sections = append(rv.Sections, review.Section{Heading: "Why you are asked", Fields: []review.Field{
		{Label: "policy", Value: `purposes.personal = "confirm" (default)`, Note: "(this line of the signing policy asks for your confirmation)"},
	}})
	return rv
}

// TestGoldenColour is TestGolden's main views as a colour terminal (xterm-256color) and a
// NO_COLOR one receive them, next to the plain frames above: a style change shows in the
// diff, and NO_COLOR keeps bold, underline and reverse but no colour. Update with:
// go test ./tui -run TestGoldenColour -update
func TestGoldenColour(t *testing.T) {
	cases := []struct {
		name  string
		setup func(m *Model)
	}{
		{"home", func(*Model) {}},
		{"review_permit", func(m *Model) { pushReview(m, samplePermit()) }},
		{"review_agent_personal", func(m *Model) { pushReview(m, sampleAgentReview()) }},
		{"task_error", func(m *Model) {
			send(m, kit.ErrorMsg{What: "Loading balances", Err: errors.New("dial tcp 127.0.0.1:8787: connection refused"), Next: "Start the sandbox (purse sandbox) or check the profile's user_api, then press r."})
		}},
	}
	profiles := []struct {
		name    string
		profile colorprofile.Profile
		// colour: the frame must set a foreground colour (SGR 30-37 or 90-97) or not.
		colour bool
	}{{"", colorprofile.ANSI256, true}, {"nocolor_", colorprofile.ASCII, false}}
	for _, p := range profiles {
		for _, c := range cases {
			for _, sz := range [][2]int{{80, 24}, {120, 40}} {
				t.Run(p.name+c.name+"_"+sizeName(sz), func(t *testing.T) {
					m := goldenModel(t, sz[0], sz[1])
					c.setup(m)
					// What Bubble Tea's renderer writes for the profile: the frame downsampled.
					var out strings.Builder
					w := &colorprofile.Writer{Forward: &out, Profile: p.profile}
					if _, err := w.WriteString(m.View().Content); err != nil {
						t.Fatal(err)
					}
					if got := fgColour.MatchString(out.String()); got != p.colour {
						t.Fatalf("profile %s: foreground colour in the frame %v, want %v", p.profile, got, p.colour)
					}
					if !bold.MatchString(out.String()) {
						t.Fatalf("profile %s: no bold in the frame", p.profile)
					}
					teatest.RequireEqualOutput(t, []byte(out.String()))
				})
			}
		}
	}
}

// fgColour and bold match an SGR sequence that sets one of the 16 foreground colours, or bold.
var (
	fgColour = regexp.MustCompile("\x1b\\[(?:[0-9]+;)*(?:3[0-7]|9[0-7])(?:;[0-9]+)*m")
	bold     = regexp.MustCompile("\x1b\\[(?:[0-9]+;)*1(?:;[0-9]+)*m")
)
