package deposit

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"purse/altchain"
	"purse/altchain/altchaintest"
	appdeposit "purse/app/deposit"
	"purse/tui/kit"

	"purse/tui/internal/tuitest"
)

// TestGolden compares the screen's views (no colour) at 80×24 and 120×40 with
// testdata/TestGolden/*. Update them with: go test ./tui/deposit -run TestGolden -update
func TestGolden(t *testing.T) {
	valid := func(t *testing.T, s *Screen) {
		user := testUser(t).PublicKey()
		q := sandboxQuote(t, user)
		toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
	}
	sending := func(t *testing.T, s *Screen) {
		toSending(t, s)
		event(s, appdeposit.Event{Step: appdeposit.StepConfirm, Send: appdeposit.SendStats{Sends: 2, Status: "processed", Height: 1012, LastValid: 1150, StatusPolls: 2}})
	}
	cases := []struct {
		name string
		view func(t *testing.T, s *Screen) string
	}{
		{"form", func(t *testing.T, s *Screen) string { return tuitest.Plain(s.View()) }},
		{"form_error", func(t *testing.T, s *Screen) string {
			fillForm(s, "12.1234567")
			s.Update(keyOf('s', tea.ModCtrl))
			return tuitest.Plain(s.View())
		}},
		{"validating", func(t *testing.T, s *Screen) string {
			user := testUser(t).PublicKey()
			startQuote(t, s, "12.5")
			event(s, appdeposit.Event{Step: appdeposit.StepDecode, Detail: "strict decode", Quote: offlineQuote(sandboxQuote(t, user), user)})
			event(s, appdeposit.Event{Step: appdeposit.StepValidate, Detail: "every rule of the checklist, against the cluster"})
			return tuitest.Plain(s.View())
		}},
		{"findings_ok", func(t *testing.T, s *Screen) string { valid(t, s); return tuitest.Plain(s.View()) }},
		{"findings_rejected", func(t *testing.T, s *Screen) string {
			user := testUser(t).PublicKey()
			q := maliciousQuote(t, user)
			toValidated(t, s, offlineQuote(q, user), altchain.Inspect(q, user, altchaintest.Options()))
			return tuitest.Plain(s.View())
		}},
		{"sending", func(t *testing.T, s *Screen) string { sending(t, s); return tuitest.Plain(s.View()) }},
		{"done", func(t *testing.T, s *Screen) string {
			sending(t, s)
			s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Value: appdeposit.Receipt{ConfirmationStatus: "confirmed"}})
			return tuitest.Plain(s.View())
		}},
		{"failed_send", func(t *testing.T, s *Screen) string {
			sending(t, s)
			s.Update(kit.TaskResult[appdeposit.Receipt]{ID: s.tasks[slotRun], Slot: slotRun, Err: failAt(appdeposit.StepSend, context.DeadlineExceeded)})
			return tuitest.Plain(s.View())
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				s := newTestScreen(t)
				s.SetSize(sz[0], sz[1])
				v := c.view(t, s)
				lines := strings.Split(v, "\n")
				if len(lines) > sz[1] {
					t.Errorf("%d lines on a %d-line screen", len(lines), sz[1])
				}
				for _, l := range lines {
					if kit.Width(l) > sz[0] {
						t.Errorf("line wider than %d: %q", sz[0], l)
					}
				}
				teatest.RequireEqualOutput(t, []byte(v))
			})
		}
	}
}
