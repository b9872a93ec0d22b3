package tui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/agent"
	"purse/app"
	"purse/tui/kit"
	"purse/tui/review"
)

// The TUI as the agent's trusted display: each request the agent's policy wants confirmed
// opens as a signing review over whatever the user is doing, one at a time; y approves,
// n or esc declines, and a request the agent gives up on (timeout, client gone) closes.

// agentArmDelay is how long an agent's review ignores y after it opens: it appears
// unasked, and a y typed for the screen underneath must not approve it.
const agentArmDelay = time.Second

type (
	agentRequestMsg struct{ p agent.Pending }
	agentCancelMsg  struct{ id uint64 }
	// agentGoneMsg: the agent closed the display's connection (it stopped).
	agentGoneMsg struct{}
	// agentAttachMsg: an agent answers and this TUI is now its display.
	agentAttachMsg struct{ d *agent.Display }
)

type agentDisplay struct {
	d *agent.Display
	// open is the review shown now (nil: none); queue the requests waiting behind it.
	open    *agentReview
	openReq agent.Pending
	queue   []agent.Pending
	// early holds cancellations that arrived before their request was read (the two
	// channels are read in one select, so their order is not kept).
	early map[uint64]bool
}

// AttachAgent makes the model the display of the agent d is attached to: Init starts
// reading its requests. The caller closes d when the program ends.
func (m *Model) AttachAgent(d *agent.Display) {
	m.agent = &agentDisplay{d: d, early: map[uint64]bool{}}
}

// wait reads the display's next event.
func (a *agentDisplay) wait() tea.Cmd {
	reqs, cancels := a.d.Requests, a.d.Cancelled
	return func() tea.Msg {
		// A request waiting is read before any cancellation, which always follows its request.
		select {
		case p, ok := <-reqs:
			if !ok {
				return agentGoneMsg{}
			}
			return agentRequestMsg{p}
		default:
		}
		select {
		case p, ok := <-reqs:
			if !ok {
				return agentGoneMsg{}
			}
			return agentRequestMsg{p}
		case id, ok := <-cancels:
			if !ok {
				return agentGoneMsg{}
			}
			return agentCancelMsg{id}
		}
	}
}

// agentUpdate handles the display's messages; handled is false for any other message.
func (m *Model) agentUpdate(msg tea.Msg) (tea.Cmd, bool) {
	if at, ok := msg.(agentAttachMsg); ok {
		m.AttachAgent(at.d)
		m.setStatus(m.active, "Agent: this TUI is the agent's display; requests its policy wants confirmed open here.")
		m.layout()
		return m.agent.wait(), true
	}
	a := m.agent
	if a == nil {
		return nil, false
	}
	switch msg := msg.(type) {
	case agentRequestMsg:
		if a.early[msg.p.ID] {
			delete(a.early, msg.p.ID)
		} else {
			a.queue = append(a.queue, msg.p)
			m.agentNext()
		}
		m.layout()
		return a.wait(), true
	case agentCancelMsg:
		switch {
		case a.open != nil && a.openReq.ID == msg.id:
			m.removeDialog(a.open)
			m.setStatus(m.active, fmt.Sprintf("Agent: the request of %s was withdrawn (no answer in time, or the client went away); nothing was signed.", clientName(a.openReq)))
			a.open = nil
			m.agentNext()
		default:
			found := false
			for i, p := range a.queue {
				if p.ID == msg.id {
					a.queue = append(a.queue[:i], a.queue[i+1:]...)
					found = true
					break
				}
			}
			if !found {
				a.early[msg.id] = true
			}
		}
		m.layout()
		return a.wait(), true
	case agentGoneMsg:
		if a.open != nil {
			m.removeDialog(a.open)
		}
		m.agent = nil
		m.setStatus(m.active, "Agent: this TUI is no longer the agent's display (the agent stopped).")
		return nil, true
	case review.Decision:
		if a.open == nil || msg.ID != app.AgentReviewID(a.openReq.ID) {
			return nil, false
		}
		p := a.openReq
		a.open = nil
		if err := a.d.Answer(p.ID, msg.Approved); err != nil {
			m.setError(m.active, "Answering the agent", err, "The agent refuses the request when it gets no answer; nothing was signed.", "")
		} else if msg.Approved {
			m.setStatus(m.active, fmt.Sprintf("Agent: approved; the agent signs the request of %s.", clientName(p)))
		} else {
			m.setStatus(m.active, fmt.Sprintf("Agent: declined the request of %s; nothing was signed.", clientName(p)))
		}
		m.agentNext()
		return nil, true
	}
	return nil, false
}

// agentNext opens the next waiting request when no agent review is open.
func (m *Model) agentNext() {
	a := m.agent
	if a.open != nil || len(a.queue) == 0 {
		return
	}
	p := a.queue[0]
	a.queue = a.queue[1:]
	a.open = &agentReview{Model: review.New(m.env, app.ReviewOfPending(p)), yes: m.env.Keys.Yes, opened: m.now(), now: m.now}
	a.openReq = p
	m.push(a.open)
}

// removeDialog takes d off the dialog stack wherever it is (a dialog a screen opened
// later may be above it).
func (m *Model) removeDialog(d kit.Dialog) {
	for i, x := range m.dialogs {
		if x == d {
			m.dialogs = append(m.dialogs[:i], m.dialogs[i+1:]...)
			break
		}
	}
	m.layout()
}

// agentText is the footer's note that the TUI is the agent's display.
func (m *Model) agentText() string {
	if m.agent == nil {
		return ""
	}
	if n := len(m.agent.queue); n > 0 {
		return fmt.Sprintf("agent: display (%d waiting)", n)
	}
	return "agent: display"
}

func clientName(p agent.Pending) string {
	if p.Client == "" {
		return "an unnamed client"
	}
	return p.Client
}

// agentReview is the signing review of an agent's request, deaf to y for agentArmDelay.
type agentReview struct {
	*review.Model
	yes    key.Binding
	opened time.Time
	now    func() time.Time
}

func (r *agentReview) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, r.yes) && r.now().Sub(r.opened) < agentArmDelay {
		return r, kit.Status("The agent's review has just opened: read it, then press y to sign.")
	}
	_, cmd := r.Model.Update(msg)
	return r, cmd
}
