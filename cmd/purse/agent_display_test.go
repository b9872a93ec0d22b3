package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"purse/agent"
	"purse/app/review"
	"purse/internal/visible/visibletest"
)

// pipeTTY is a terminal whose user types into w; what purse writes goes to out.
type pipeTTY struct {
	r  *io.PipeReader
	mu sync.Mutex
	b  bytes.Buffer
}

func (p *pipeTTY) Read(b []byte) (int, error) { return p.r.Read(b) }
func (p *pipeTTY) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.Write(b)
}
func (p *pipeTTY) Close() error { return p.r.Close() }
func (p *pipeTTY) Fd() uintptr  { return ^uintptr(0) }
func (p *pipeTTY) out() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.String()
}

// The foreground agent's display shows the review escaped — a client's name and message
// carrying ESC, OSC, CSI, U+202E and a forged newline act on nothing — and approves only on
// y (or yes): n, an empty line, anything else, an answer typed before the question, the
// timeout and a withdrawn request all decline.
func TestTerminalDisplayEscapesAndApprovesOnlyOnY(t *testing.T) {
	r, w := io.Pipe()
	tty := &pipeTTY{r: r}
	defer w.Close()
	d := newTerminalDisplay(tty)
	rv, err := json.Marshal(review.MessageRequest("sign-personal", review.KindPersonal, "Signs the message below.",
		[]byte("hello "+visibletest.Text), "0x00"))
	if err != nil {
		t.Fatal(err)
	}
	var who review.Request
	_ = json.Unmarshal(rv, &who)
	who.Sections = append([]review.Section{{Heading: "Who asks", Fields: []review.Field{{Label: "client", Value: "purse " + visibletest.Text}}}}, who.Sections...)
	if rv, err = json.Marshal(who); err != nil {
		t.Fatal(err)
	}
	confirm := func(ctx context.Context, timeout time.Duration) <-chan error {
		asked := strings.Count(tty.out(), "Sign this? [y/N]")
		res := make(chan error, 1)
		go func() {
			res <- d.Confirm(ctx, agent.Confirmation{Review: rv, Line: "purposes.personal", Timeout: timeout})
		}()
		// The question is on the terminal before anyone answers it.
		for i := 0; strings.Count(tty.out(), "Sign this? [y/N]") == asked; i++ {
			if i > 1000 {
				t.Fatal("the display does not ask")
			}
			time.Sleep(5 * time.Millisecond)
		}
		return res
	}
	answer := func(typed string, timeout time.Duration) error {
		t.Helper()
		before := len(tty.out())
		res := confirm(context.Background(), timeout)
		if typed != "" {
			if _, err := io.WriteString(w, typed+"\n"); err != nil {
				t.Fatal(err)
			}
		}
		select {
		case err := <-res:
			shown := tty.out()[before:]
			visibletest.Verify(t, "the display", strings.ReplaceAll(shown, visibletest.Forged, "forged"))
			if !strings.Contains(shown, "␛]0;owned␇") || strings.Contains(shown, "\x1b") {
				t.Errorf("the review is not shown escaped:\n%q", shown)
			}
			for _, l := range strings.Split(shown, "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), visibletest.Forged) && !strings.HasPrefix(l, visibletest.Forged) {
					t.Errorf("the client's forged line stands on its own: %q", l)
				}
			}
			return err
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer after %q", typed)
			return nil
		}
	}
	for _, typed := range []string{"y", "yes", " Y "} {
		if err := answer(typed, time.Minute); err != nil {
			t.Errorf("%q: %v", typed, err)
		}
	}
	for _, typed := range []string{"n", " ", "yy", "y please", "sign", "ok"} {
		if err := answer(typed, time.Minute); !errors.Is(err, agent.ErrDeclined) {
			t.Errorf("%q approved or failed otherwise: %v", typed, err)
		}
	}
	if err := answer("", 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no answer on the display within 50ms") {
		t.Errorf("the timeout: %v", err)
	}
	// A y typed while nothing was asked does not answer the next question.
	if _, err := io.WriteString(w, "y\n"); err != nil {
		t.Fatal(err)
	}
	for i := 0; len(d.lines) == 0; i++ {
		if i > 1000 {
			t.Fatal("the line typed ahead was not read")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := answer("n", time.Minute); !errors.Is(err, agent.ErrDeclined) {
		t.Errorf("an answer typed before the question counted: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	res := confirm(ctx, time.Minute)
	cancel()
	if err := <-res; err == nil || !strings.Contains(err.Error(), "withdrawn") {
		t.Errorf("a withdrawn request: %v", err)
	}
}
