package kit

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TaskID identifies one request. Ids grow across the whole application.
type TaskID uint64

// TaskInfo describes a running task, for the footer.
type TaskInfo struct {
	ID    TaskID
	Slot  string
	Label string
}

// TaskRef is what every task reply carries: which request it answers and how it ended.
type TaskRef struct {
	ID    TaskID
	Slot  string
	Label string
	Err   error
}

// TaskReply is implemented by TaskResult; the router uses it to drop stale replies
// before any screen sees them.
type TaskReply interface {
	Ref() TaskRef
}

// TaskResult is the message a task started with Start returns.
type TaskResult[T any] struct {
	ID    TaskID
	Slot  string
	Label string
	Value T
	Err   error
}

// Ref implements TaskReply.
func (r TaskResult[T]) Ref() TaskRef {
	return TaskRef{ID: r.ID, Slot: r.Slot, Label: r.Label, Err: r.Err}
}

// OpDone takes r, the reply to a screen's one operation at a time (the task id, running while
// *busy): a reply to another task is stale and changes nothing; else the operation ends and
// its error goes to failed, its value to ok.
func OpDone[T any](r TaskResult[T], id TaskID, busy *bool, failed func(error) tea.Cmd, ok func(T) tea.Cmd) tea.Cmd {
	if r.ID != id {
		return nil
	}
	*busy = false
	if r.Err != nil {
		return failed(r.Err)
	}
	return ok(r.Value)
}

// Tasks tracks the requests in flight. A slot names one thing a screen loads (for example
// "balances" or "transactions/page"); only the latest request of a slot is current.
// Starting a new request in a slot cancels the previous one, and the router drops any reply
// that is not the latest of its slot, so a slow old answer never overwrites a newer one.
// Start, Finish and Cancel are called from Update; the mutex only guards against misuse.
type Tasks struct {
	mu      sync.Mutex
	ctx     context.Context
	next    TaskID
	latest  map[string]TaskID
	running map[TaskID]*runningTask
	// inFlight counts the task functions running, so the TUI can wait for them to end
	// before it returns (a task may be writing into the home: a key store opened, a sweep).
	inFlight atomic.Int64
	// closed is set by Wait: a task whose command starts after it never runs.
	closed atomic.Bool
}

type runningTask struct {
	info   TaskInfo
	cancel context.CancelFunc
}

// NewTasks returns a tracker whose tasks run under ctx (cancelled when the program ends).
func NewTasks(ctx context.Context) *Tasks {
	if ctx == nil {
		ctx = context.Background()
	}
	return &Tasks{ctx: ctx, latest: map[string]TaskID{}, running: map[TaskID]*runningTask{}}
}

// Start registers a request in slot, cancels the previous request of that slot, and
// returns the new id and the tea.Cmd that runs fn off the UI goroutine. The command's
// message is a TaskResult[T] with the same id; a panic in fn becomes its error.
func Start[T any](t *Tasks, slot, label string, fn func(ctx context.Context) (T, error)) (TaskID, tea.Cmd) {
	t.mu.Lock()
	t.next++
	id := t.next
	if prev, ok := t.latest[slot]; ok {
		if rt, ok := t.running[prev]; ok {
			rt.cancel()
			delete(t.running, prev)
		}
	}
	ctx, cancel := context.WithCancel(t.ctx)
	t.latest[slot] = id
	t.running[id] = &runningTask{info: TaskInfo{ID: id, Slot: slot, Label: label}, cancel: cancel}
	t.mu.Unlock()

	return id, runTask(t, id, slot, label, ctx, fn)
}

func runTask[T any](t *Tasks, id TaskID, slot, label string, ctx context.Context, fn func(ctx context.Context) (T, error)) tea.Cmd {
	return func() (msg tea.Msg) {
		res := TaskResult[T]{ID: id, Slot: slot, Label: label}
		t.inFlight.Add(1)
		defer t.inFlight.Add(-1)
		if t.closed.Load() {
			res.Err = context.Canceled // the TUI has ended: nothing of the task runs
			return res
		}
		defer func() {
			if p := recover(); p != nil {
				res.Err = fmt.Errorf("internal error in %q: %v", label, p)
				msg = res
			}
		}()
		res.Value, res.Err = fn(ctx)
		return res
	}
}

// Finish records the reply ref and reports whether it is current: the latest request of
// its slot and not cancelled. The router calls it for every TaskReply and drops the
// message when it returns false.
func (t *Tasks) Finish(ref TaskRef) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	rt, ok := t.running[ref.ID]
	if ok {
		rt.cancel()
		delete(t.running, ref.ID)
	}
	return ok && t.latest[ref.Slot] == ref.ID
}

// IsLatest reports whether id is the latest request started in slot.
func (t *Tasks) IsLatest(slot string, id TaskID) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.latest[slot] == id
}

// Cancel cancels the running request of slot, if any; its reply will be dropped.
func (t *Tasks) Cancel(slot string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.latest[slot]; ok {
		if rt, ok := t.running[id]; ok {
			rt.cancel()
			delete(t.running, id)
		}
	}
}

// CancelAll cancels every running request.
func (t *Tasks) CancelAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cancelAllLocked()
}

func (t *Tasks) cancelAllLocked() {
	for id, rt := range t.running {
		rt.cancel()
		delete(t.running, id)
	}
}

// Reset cancels every running request and forgets which request is the latest of each
// slot, so no reply of a request started before is current and no parked task can be
// resumed (a passphrase typed into a prompt of the other profile's task runs nothing).
func (t *Tasks) Reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cancelAllLocked()
	clear(t.latest)
}

// LastID is the id of the latest task started (0 before the first): the router compares it
// before and after a screen's Update to learn which tasks that screen started.
func (t *Tasks) LastID() TaskID {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.next
}

// Running lists the running tasks, oldest first.
func (t *Tasks) Running() []TaskInfo {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]TaskInfo, 0, len(t.running))
	for _, rt := range t.running {
		out = append(out, rt.info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Busy reports whether any task is running.
func (t *Tasks) Busy() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.running) > 0
}

// Park stops counting ref's task as running (no spinner, no footer label) while it waits
// for the user, and reports whether it is still the latest of its slot. Only a parked
// task that stays the latest can be resumed.
func (t *Tasks) Park(ref TaskRef) bool { return t.Finish(ref) }

// Resume runs fn again under the parked id (same slot, same label), so the screen that
// started the task receives the result it waits for. It returns nil when a newer request
// of the slot started meanwhile: the user moved on.
func Resume[T any](t *Tasks, id TaskID, slot, label string, fn func(ctx context.Context) (T, error)) tea.Cmd {
	t.mu.Lock()
	if t.latest[slot] != id {
		t.mu.Unlock()
		return nil
	}
	ctx, cancel := context.WithCancel(t.ctx)
	t.running[id] = &runningTask{info: TaskInfo{ID: id, Slot: slot, Label: label}, cancel: cancel}
	t.mu.Unlock()
	return runTask(t, id, slot, label, ctx, fn)
}

// Abandon ends a parked task with err (the user cancelled a prompt): a TaskResult the
// screen receives like any other, with no work done.
func Abandon[T any](t *Tasks, id TaskID, slot, label string, err error) tea.Cmd {
	return Resume(t, id, slot, label, func(context.Context) (T, error) {
		var zero T
		return zero, err
	})
}

// Wait ends the tasks for good: none starts any more, every running one is cancelled, and it
// waits until their functions return, at most d; it says whether they all did.
func (t *Tasks) Wait(d time.Duration) bool {
	t.closed.Store(true)
	t.CancelAll()
	deadline := time.Now().Add(d)
	for t.inFlight.Load() > 0 {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
	return true
}
