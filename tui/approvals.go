package tui

import (
	"fmt"
	"strconv"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/tui/kit"
	"purse/tui/review"
)

// The TUI's approvals: every signature the signing gate wants confirmed opens as the signing
// review over whatever the user is doing, one at a time: the TUI's own (its Approver is an
// app.ApprovalQueue) and, when it started the agent and is its trusted display, the requests
// of other processes. y approves, n or esc declines, Enter never; a request withdrawn
// (timeout, the client went away) closes.

// agentArmDelay is how long the review of another process's request ignores y after it
// opens: it appears unasked, and a y typed for the screen underneath must not approve it.
const agentArmDelay = time.Second

type (
	approvalMsg          struct{ p *app.PendingApproval }
	approvalWithdrawnMsg struct{ p *app.PendingApproval }
	// approvalSessionMsg is Y on review id: sign, and approve the client's like requests
	// for kit.SessionMinutes.
	approvalSessionMsg struct {
		id        string
		untilLock bool
	}
)

type approvals struct {
	q *app.ApprovalQueue
	// open is the review shown now (nil: none); queue the requests waiting behind it.
	open    *approvalReview
	openReq *app.PendingApproval
	openID  string
	queue   []*app.PendingApproval
	seq     int
}

// SetApprovals makes the model answer the questions of q: Init starts reading them.
func (m *Model) SetApprovals(q *app.ApprovalQueue) {
	m.approvals = &approvals{q: q}
}

// wait reads the next question.
func (a *approvals) wait() tea.Cmd {
	c := a.q.Requests()
	return func() tea.Msg { return approvalMsg{<-c} }
}

// watch reports when p is withdrawn.
func watch(p *app.PendingApproval) tea.Cmd {
	return func() tea.Msg {
		<-p.Withdrawn
		return approvalWithdrawnMsg{p}
	}
}

// approvalUpdate handles the questions; handled is false for any other message.
func (m *Model) approvalUpdate(msg tea.Msg) (tea.Cmd, bool) {
	a := m.approvals
	if a == nil {
		return nil, false
	}
	switch msg := msg.(type) {
	case approvalMsg:
		a.queue = append(a.queue, msg.p)
		m.approvalNext()
		m.layout()
		return tea.Batch(a.wait(), watch(msg.p)), true
	case approvalWithdrawnMsg:
		switch {
		case a.openReq == msg.p:
			m.removeDialog(a.open)
			a.open, a.openReq = nil, nil
			m.setStatus(m.active, "The signature request was withdrawn (answered, no answer in time, or the client went away).")
			m.approvalNext()
		default:
			for i, p := range a.queue {
				if p == msg.p {
					a.queue = append(a.queue[:i], a.queue[i+1:]...)
					break
				}
			}
		}
		m.layout()
		return nil, true
	case approvalSessionMsg:
		if a.open == nil || msg.id != a.openID || !a.openReq.Session {
			return nil, false
		}
		p := a.openReq
		m.removeDialog(a.open)
		a.open, a.openReq = nil, nil
		if msg.untilLock {
			p.ApproveUntilLock()
			m.setStatus(m.active, "Approved: the agent signs the request, and this client's like requests until the keys are locked (ctrl+l, purse agent lock).")
		} else {
			p.ApproveFor(kit.SessionMinutes * time.Minute)
			m.setStatus(m.active, fmt.Sprintf("Approved: the agent signs the request, and this client's like requests for %d minutes or until ctrl+l.", kit.SessionMinutes))
		}
		m.approvalNext()
		return nil, true
	case review.Decision:
		if a.open == nil || msg.ID != a.openID {
			return nil, false
		}
		p := a.openReq
		m.removeDialog(a.open)
		a.open, a.openReq = nil, nil
		p.Answer(msg.Approved)
		switch {
		case msg.Approved && p.FromAgent:
			m.setStatus(m.active, "Approved: the agent signs the request.")
		case msg.Approved:
			m.setStatus(m.active, "Approved: signing.")
		case p.FromAgent:
			m.setStatus(m.active, "Declined: the other process's request was not signed.")
		}
		// A decline of this TUI's own request is said once, by the task it ends.
		m.approvalNext()
		return nil, true
	}
	return nil, false
}

// approvalNext opens the next waiting question when none is open.
func (m *Model) approvalNext() {
	a := m.approvals
	if a.open != nil || len(a.queue) == 0 {
		return
	}
	p := a.queue[0]
	a.queue = a.queue[1:]
	select {
	case <-p.Withdrawn:
		m.approvalNext()
		return
	default:
	}
	a.seq++
	rv := p.Review
	rv.ID = "approval-" + strconv.Itoa(a.seq)
	if p.FromAgent {
		rv.Title = "Agent request: " + rv.Title
	}
	a.openID = rv.ID
	arm := time.Duration(0)
	if p.FromAgent {
		arm = agentArmDelay
	}
	a.open = &approvalReview{Model: review.New(m.env, rv), yes: m.env.Keys.Yes, opened: m.now(), now: m.now, arm: arm, id: rv.ID}
	a.open.session, a.open.untilLock = m.env.Keys.YesSession, m.env.Keys.YesUntilLock
	offer := p.FromAgent && p.Session && len(rv.Blocked) == 0
	a.open.session.SetEnabled(offer)
	a.open.untilLock.SetEnabled(offer)
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

// approvalText is the footer's note of questions waiting.
func (m *Model) approvalText() string {
	if m.approvals == nil || m.approvals.open == nil {
		return ""
	}
	if n := len(m.approvals.queue); n > 0 {
		return fmt.Sprintf("approve? (%d more waiting)", n)
	}
	return "approve?"
}

// approvalReview is the signing review of a question, deaf to y for arm after it opened.
type approvalReview struct {
	*review.Model
	yes    key.Binding
	opened time.Time
	now    func() time.Time
	arm    time.Duration
	// session (Y) signs and approves the client's like requests for a while: on only when
	// the agent offers it.
	session key.Binding
	// untilLock (U) is session until the keys are locked.
	untilLock key.Binding
	id        string
	done      bool
}

func (r *approvalReview) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && (key.Matches(k, r.yes) || key.Matches(k, r.session) || key.Matches(k, r.untilLock)) && r.now().Sub(r.opened) < r.arm {
		return r, kit.Status("This review has just opened: read it, then press y to sign.")
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && (key.Matches(k, r.session) || key.Matches(k, r.untilLock)) && !r.done {
		r.done = true
		m := approvalSessionMsg{id: r.id, untilLock: key.Matches(k, r.untilLock)}
		return r, func() tea.Msg { return m }
	}
	_, cmd := r.Model.Update(msg)
	return r, cmd
}

// ShortHelp adds Y and U to the review's keys when the agent offers a session.
func (r *approvalReview) ShortHelp() []key.Binding {
	if !r.session.Enabled() {
		return r.Model.ShortHelp()
	}
	h := r.Model.ShortHelp()
	if len(h) == 0 {
		return []key.Binding{r.session, r.untilLock}
	}
	// Beside y, before the movement keys the footer may cut.
	return append([]key.Binding{h[0], r.session, r.untilLock}, h[1:]...)
}
