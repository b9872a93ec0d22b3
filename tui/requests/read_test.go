package requests

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/enduser"
	"purse/internal/visible/visibletest"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// fakeReader reads from a table of answers and records what it was asked.
type fakeReader struct {
	answers map[string]enduser.Reading
	asked   []string
}

func (f *fakeReader) Reads() []enduser.Route { return enduser.ReadableRoutes() }

func (f *fakeReader) Read(_ context.Context, _ *app.Unlock, name string) (enduser.Reading, error) {
	f.asked = append(f.asked, name)
	rd, ok := f.answers[name]
	if !ok {
		return enduser.Reading{}, errors.New("refused")
	}
	return rd, nil
}

// readVia presses g, checks the list offers route name, chooses it, and hands the screen
// the read's reply.
func readVia(t *testing.T, s *Screen, name string) tea.Msg {
	t.Helper()
	_, cmd := s.Update(runes("g"))
	push, ok := cmd().(kit.PushDialogMsg)
	if !ok {
		t.Fatal("g opened no list")
	}
	push.Dialog.SetSize(100, 30)
	index := -1
	for i, r := range s.routes {
		if r.Name == name {
			index = i
		}
	}
	if v := tuitest.Plain(push.Dialog.View()); index < 0 || !strings.Contains(v, name+" · ") {
		t.Fatalf("the list lacks %s:\n%s", name, v)
	}
	_, cmd = s.Update(dialog.ListResult{ID: idReadRoute, Index: index})
	msg := cmd()
	s.Update(msg)
	return msg
}

// g reads any read route of the table: the decoded fields (the service's text escaped),
// then the result as sent, which c copies; esc goes back to the list.
func TestReadARouteShowsItsModel(t *testing.T) {
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, t.TempDir())
	pending, _ := enduser.LookupRoute(enduser.RouteOnrampPendingRetry)
	b, _ := json.Marshal(map[string]string{"originalTxHash": "0xab" + visibletest.Text})
	raw := string(b)
	fr := &fakeReader{answers: map[string]enduser.Reading{
		enduser.RouteOnrampPendingRetry: {Route: pending, Result: []byte(raw), Value: &enduser.PendingRetry{OriginalTxHash: enduser.Text("0xab" + visibletest.Text)}},
	}}
	s := New(env, fakeLog{enduser.NewRequestLog(0)}, fr).(*Screen)
	s.SetSize(100, 30)
	t.Cleanup(s.Close)
	readVia(t, s, enduser.RouteOnrampPendingRetry)
	if len(fr.asked) != 1 || fr.asked[0] != enduser.RouteOnrampPendingRetry {
		t.Fatalf("asked %v", fr.asked)
	}
	v := tuitest.Plain(s.View())
	visibletest.Verify(t, "a reading", v)
	for _, want := range []string{"Read onramp-pending-retry · GET /api/v1/onramp/pending-retry", "Decoded as PendingRetry or null", "originalTxHash", "0xab␛[2J", "Result as sent", "esc back · c copy the result"} {
		if !strings.Contains(v, want) {
			t.Errorf("the reading lacks %q:\n%s", want, v)
		}
	}
	_, cmd := s.Update(runes("c"))
	if cp, ok := cmd().(kit.CopyMsg); !ok || cp.Value != raw {
		t.Fatalf("c copied %#v", cmd())
	}
	s.Update(keyOf(tea.KeyEscape))
	if s.detail || s.reading != nil || !strings.Contains(tuitest.Plain(s.View()), "Every API call of this session") {
		t.Fatalf("esc did not go back:\n%s", tuitest.Plain(s.View()))
	}

	// None waiting: said in words. A refused read shows nothing new (the router shows the
	// error on the footer).
	fr.answers[enduser.RouteOnrampPendingRetry] = enduser.Reading{Route: pending, Value: (*enduser.PendingRetry)(nil)}
	readVia(t, s, enduser.RouteOnrampPendingRetry)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "none: the service answered without data") {
		t.Fatalf("an empty reading:\n%s", v)
	}
	s.Update(keyOf(tea.KeyEscape))
	if msg, ok := readVia(t, s, enduser.RouteOnrampLimit).(kit.TaskResult[enduser.Reading]); !ok || msg.Err == nil || s.detail {
		t.Fatalf("a refused read: %#v, detail %v", msg, s.detail)
	}

	// Without a reader g is off, saying why.
	bare := newTestScreen(t, 80, 24)
	_, cmd = bare.Update(runes("g"))
	if why := tuitest.NotNow(cmd); !strings.Contains(why, "no reads") {
		t.Fatalf("g without a reader: %q", why)
	}
}
