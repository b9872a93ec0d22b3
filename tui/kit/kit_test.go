package kit

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func TestWrapKeepsEveryCharacter(t *testing.T) {
	cases := []string{
		"",
		"short",
		strings.Repeat("0123456789", 23),
		"日本語のテキストはそれぞれ二桁の幅を持っています。日本語のテキスト",
		"mixed ascii and 日本 and emoji 🙂🙂🙂 and combining é (e\u0301) done",
	}
	for _, s := range cases {
		for _, w := range []int{1, 2, 3, 7, 20, 80} {
			lossless(t, "Wrap", s, w, Wrap(s, w))
		}
	}
}

// lossless fails the test unless parts, what wrap made of s at width w, join back to s and
// each is at most w wide (a single wider character excepted).
func lossless(t *testing.T, wrap, s string, w int, parts []string) {
	t.Helper()
	if got := strings.Join(parts, ""); got != s {
		t.Fatalf("%s(%q, %d) joined = %q", wrap, s, w, got)
	}
	for _, p := range parts {
		if Width(p) > w && utf8.RuneCountInString(p) > 1 {
			t.Fatalf("%s(%q, %d): piece %q is %d wide", wrap, s, w, p, Width(p))
		}
	}
}

// WrapAtSpaces keeps every character as Wrap does, and cuts a word only when it is longer
// than the width.
func TestWrapAtSpacesKeepsEveryCharacterAndWholeWords(t *testing.T) {
	for _, s := range []string{"", "on the Ledger, after you approve here (the key is on the device: nothing is signed)",
		"two  spaces   and a verylongwordthatdoesnotfitanywhere at all", "日本語 のテキスト は それぞれ 二桁", strings.Repeat("0123456789", 9)} {
		for _, w := range []int{1, 5, 12, 30, 80} {
			parts := WrapAtSpaces(s, w)
			lossless(t, "WrapAtSpaces", s, w, parts)
			for i, p := range parts {
				// A piece ends inside a word only when that word alone is wider than w.
				if i+1 < len(parts) && !strings.HasSuffix(p, " ") && !strings.HasPrefix(parts[i+1], " ") && strings.Contains(strings.TrimSpace(p), " ") {
					t.Errorf("WrapAtSpaces(%q, %d): %q ends mid-word before %q", s, w, p, parts[i+1])
				}
			}
		}
	}
	if got := WrapAtSpaces("nothing is signed until", 12); strings.Join(got, "|") != "nothing is |signed until" {
		t.Errorf("got %q", got)
	}
}

func TestTruncateAndFit(t *testing.T) {
	cases := []struct {
		in   string
		w    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello world", 5, "hell…"},
		{"日本語テキスト", 5, "日本…"},
		{"x", 0, ""},
	}
	for _, c := range cases {
		if got := Truncate(c.in, c.w); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
	if got := Fit("ab", 4); got != "ab  " {
		t.Errorf("Fit = %q", got)
	}
}

func TestWrapWords(t *testing.T) {
	got := WrapWords("the quick brown fox jumps", 10)
	want := []string{"the quick", "brown fox", "jumps"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("WrapWords = %q", got)
	}
	long := WrapWords("a 0123456789abcdef b", 8)
	if strings.Join(long, "") != "a01234567"+"89abcdef"+"b" {
		t.Fatalf("long word: %q", long)
	}
}

func TestTasksDropStaleReplies(t *testing.T) {
	tasks := NewTasks(context.Background())
	release := make(chan struct{})
	var firstCtx context.Context
	id1, cmd1 := Start(tasks, "balances", "Loading balances", func(ctx context.Context) (string, error) {
		firstCtx = ctx
		<-release
		return "old", nil
	})
	id2, cmd2 := Start(tasks, "balances", "Loading balances", func(context.Context) (string, error) {
		return "new", nil
	})
	if id1 == id2 {
		t.Fatal("ids must differ")
	}
	if got := tasks.Running(); len(got) != 1 || got[0].ID != id2 {
		t.Fatalf("running = %+v, want only the second request", got)
	}
	r2 := cmd2().(TaskResult[string])
	close(release)
	r1 := cmd1().(TaskResult[string])
	if firstCtx.Err() == nil {
		t.Error("the superseded request's context must be cancelled")
	}
	if tasks.Finish(r1.Ref()) {
		t.Error("the superseded reply must be stale")
	}
	if !tasks.Finish(r2.Ref()) || r2.Value != "new" || r2.ID != id2 {
		t.Errorf("latest reply must be current: %+v", r2)
	}
	if tasks.Finish(r2.Ref()) {
		t.Error("a reply is current only once")
	}
	if tasks.Busy() {
		t.Error("nothing should run any more")
	}
}

func TestTasksSlotsAreIndependentAndCancel(t *testing.T) {
	tasks := NewTasks(context.Background())
	_, a := Start(tasks, "a", "A", func(context.Context) (int, error) { return 1, nil })
	_, b := Start(tasks, "b", "B", func(context.Context) (int, error) { return 2, nil })
	tasks.Cancel("b")
	if !tasks.Finish(a().(TaskReply).Ref()) {
		t.Error("slot a is current")
	}
	if tasks.Finish(b().(TaskReply).Ref()) {
		t.Error("a cancelled request's reply must be dropped")
	}
}

func TestTaskPanicBecomesError(t *testing.T) {
	tasks := NewTasks(context.Background())
	_, cmd := Start(tasks, "x", "Exploding", func(context.Context) (int, error) { panic("boom") })
	var msg tea.Msg = cmd()
	r := msg.(TaskResult[int])
	if r.Err == nil || !strings.Contains(r.Err.Error(), "Exploding") {
		t.Fatalf("err = %v", r.Err)
	}
}

type advised struct{}

func (advised) Error() string    { return "kyc pending" }
func (advised) NextStep() string { return "Wait for the KYC review, then press r." }

// TestExplain: without the application layer's mapping (Env.Describe) an error's own advice
// is used, and without any the next step points to the log; with it, its text and advice.
func TestExplain(t *testing.T) {
	env := NewEnv(context.Background(), Session{}, "/h", nil)
	cases := []struct {
		err  error
		want string
	}{
		{advised{}, "Wait for the KYC review"},
		{errors.New("odd"), "/h/purse.log"},
	}
	for _, c := range cases {
		if got := env.NextStep(c.err); !strings.Contains(got, c.want) {
			t.Errorf("NextStep(%v) = %q, want it to contain %q", c.err, got, c.want)
		}
	}
	if text, next := env.Explain(nil); text != "" || next != "" {
		t.Errorf("Explain(nil) = %q, %q", text, next)
	}
	env.Describe = func(error) (string, string) { return "said once", "do this" }
	if text, next := env.Explain(advised{}); text != "said once" || next != "do this" {
		t.Errorf("Explain with Describe = %q, %q", text, next)
	}
	if got := env.ErrorLine(errors.New("x")); got != "said once — do this" {
		t.Errorf("ErrorLine = %q", got)
	}
}

func TestHangWords(t *testing.T) {
	got := HangWords("note  ", "one two three four", 16)
	want := []string{"note  one two", "      three four"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("%q", got)
	}
}

// hostileAdvice is an error quoting an answer's text (a retMsg, a body) in its message and
// its advice, as the API client's errors do.
type hostileAdvice struct{}

func (hostileAdvice) Error() string    { return "refused: \x1b[2J\u202eevil\nFORGED" }
func (hostileAdvice) NextStep() string { return "ask \x1b]52;c;ZXZpbA==\x07 support" }

// TestExplainEscapesWhatTheServiceSaid: the text and the advice of every screen's error
// (Explain, ErrorLine, ErrorText: the Keys, Settings and Setup notes, the Account status)
// come out escaped on one line, with and without the application layer's mapping.
func TestExplainEscapesWhatTheServiceSaid(t *testing.T) {
	env := NewEnv(context.Background(), Session{}, "/h", nil)
	for _, describe := range []func(error) (string, string){nil, func(err error) (string, string) {
		return err.Error(), err.(NextStepper).NextStep()
	}} {
		env.Describe = describe
		text, next := env.Explain(hostileAdvice{})
		if text != "refused: ␛[2J⟨U+202E⟩evil␊FORGED" && text != "refused: ␛[2J⟨U+202E⟩evil FORGED" {
			t.Errorf("Explain's text = %q", text)
		}
		if next != "ask ␛]52;c;ZXZpbA==␇ support" {
			t.Errorf("Explain's next = %q", next)
		}
		if got := env.ErrorLine(hostileAdvice{}); got != text+" — "+next {
			t.Errorf("ErrorLine = %q", got)
		}
		if got := env.ErrorText(hostileAdvice{}); got != text {
			t.Errorf("ErrorText = %q", got)
		}
	}
}

// Wait cancels what runs and waits for it to return; a task whose command runs after Wait
// never runs its function (the TUI has ended: nothing may write into the home any more).
func TestTasksWaitEndsEverything(t *testing.T) {
	tasks := NewTasks(context.Background())
	returned := make(chan struct{})
	_, running := Start(tasks, "a", "A", func(ctx context.Context) (int, error) {
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond)
		close(returned)
		return 0, ctx.Err()
	})
	ranLate := false
	_, late := Start(tasks, "b", "B", func(context.Context) (int, error) { ranLate = true; return 1, nil })
	started := make(chan struct{})
	go func() { close(started); running() }()
	<-started
	for tasks.inFlight.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if !tasks.Wait(5 * time.Second) {
		t.Fatal("Wait gave up on a cancelled task")
	}
	select {
	case <-returned:
	default:
		t.Fatal("Wait returned before the running task did")
	}
	if r := late().(TaskResult[int]); ranLate || !errors.Is(r.Err, context.Canceled) {
		t.Fatalf("a task started after Wait ran: %v %+v", ranLate, r)
	}
}

// TestFullOnlyActionsStayOutOfTheShortHelp: an action marked FullOnly runs and is in the full
// help, but the short help lists only the others that can run now.
func TestFullOnlyActionsStayOutOfTheShortHelp(t *testing.T) {
	ran := false
	as := Actions{
		{Key: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add"))},
		{Key: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")), Do: func() tea.Cmd { ran = true; return nil }, FullOnly: true},
	}
	if short := as.Short(); len(short) != 1 || short[0].Help().Key != "a" {
		t.Fatalf("short help: %v", short)
	}
	if full := as.Full(); len(full) != 2 || full[1].Help().Desc != "reload" {
		t.Fatalf("full help: %v", full)
	}
	if _, ok := as.Handle(tea.KeyPressMsg{Code: 'r', Text: "r"}); !ok || !ran {
		t.Fatal("a FullOnly action must run")
	}
}

// TestOpDone: a reply to another task changes nothing; the operation's own reply ends it and
// goes to failed or to ok.
func TestOpDone(t *testing.T) {
	var failed error
	var got int
	fail := func(err error) tea.Cmd { failed = err; return nil }
	ok := func(v int) tea.Cmd { got = v; return nil }
	busy := true
	OpDone(TaskResult[int]{ID: 2, Value: 9}, 3, &busy, fail, ok)
	if !busy || got != 0 || failed != nil {
		t.Fatalf("a stale reply was taken: busy %v got %d failed %v", busy, got, failed)
	}
	OpDone(TaskResult[int]{ID: 3, Err: errors.New("refused")}, 3, &busy, fail, ok)
	if busy || failed == nil || got != 0 {
		t.Fatalf("a failure: busy %v got %d failed %v", busy, got, failed)
	}
	busy = true
	OpDone(TaskResult[int]{ID: 3, Value: 7}, 3, &busy, fail, ok)
	if busy || got != 7 {
		t.Fatalf("a success: busy %v got %d", busy, got)
	}
}
