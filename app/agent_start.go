package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"purse/agent"
)

// AgentStarted is an agent StartAgent started.
type AgentStarted struct {
	PID    int    `json:"pid"`
	Socket string `json:"socket"`
	Log    string `json:"log"`
	// Display is the agent's trusted display as the agent names it (its pid and executable,
	// from the kernel); "" for none.
	Display string `json:"display,omitempty"`
}

// DisplayFDFlag is the hidden flag of `purse agent start` naming the inherited descriptor of
// its trusted display.
const DisplayFDFlag = "display-fd"

// Start starts this home's agent as its own process (exe: purse's executable, run as
// `purse agent start`), in its own session with its log in PURSE_HOME/agent.log, and returns
// once its socket answers. With display, this process is the agent's trusted display for its
// whole life: the agent inherits one end of a socket pair (descriptor 3) and this process
// keeps the other, which no other process can open; the agent stops when it closes.
func (a Agent) Start(ctx context.Context, exe string, display bool) (AgentStarted, *agent.DisplayConn, error) {
	return a.s.startAgent(ctx, exe, display)
}

func (s *App) startAgent(ctx context.Context, exe string, display bool) (AgentStarted, *agent.DisplayConn, error) {
	sock := agent.SocketPath(s.home)
	if agent.Answers(sock) {
		return AgentStarted{}, nil, fmt.Errorf("an agent already answers on %s (`purse agent status`); its display was fixed when it started", sock)
	}
	logPath := filepath.Join(s.home, "agent.log")
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return AgentStarted{}, nil, fmt.Errorf("agent log %s: %v", logPath, err)
	}
	defer logf.Close()
	args := []string{"agent", "start", "--profile", s.Profile().Name}
	c := exec.Command(exe, args...)
	c.Env = append(os.Environ(), "PURSE_HOME="+s.home)
	c.Stdout, c.Stderr = logf, logf
	c.SysProcAttr = detachAttr()
	var dc *agent.DisplayConn
	if display {
		conn, child, err := agent.DisplayPair()
		if err != nil {
			return AgentStarted{}, nil, err
		}
		defer child.Close()
		c.ExtraFiles = []*os.File{child}
		c.Args = append(c.Args, "--"+DisplayFDFlag, "3")
		dc = agent.NewDisplayConn(conn)
	}
	if err := c.Start(); err != nil {
		if dc != nil {
			_ = dc.Close()
		}
		return AgentStarted{}, nil, fmt.Errorf("starting the agent: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()
	fail := func(err error) (AgentStarted, *agent.DisplayConn, error) {
		if dc != nil {
			_ = dc.Close()
		}
		return AgentStarted{}, nil, err
	}
	deadline := time.After(10 * time.Second)
	for !agent.Answers(sock) {
		select {
		case err := <-exited:
			return fail(fmt.Errorf("the agent exited at start (%v); see %s", err, logPath))
		case <-deadline:
			return fail(fmt.Errorf("the agent (pid %d) does not answer on %s after 10 s; see %s", c.Process.Pid, sock, logPath))
		case <-ctx.Done():
			return fail(ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
	// What answers is asked who it is (the client checks with the kernel that it is purse):
	// another agent that took the socket first is not the one started.
	st, err := s.agentFor().Status(ctx)
	if err != nil {
		_ = c.Process.Kill()
		return fail(err)
	}
	if st.PID != c.Process.Pid {
		_ = c.Process.Kill()
		return fail(fmt.Errorf("the agent on %s is pid %d, not the one just started (pid %d): stop it (`purse agent stop`) and start again", sock, st.PID, c.Process.Pid))
	}
	return AgentStarted{PID: c.Process.Pid, Socket: sock, Log: logPath, Display: st.Display}, dc, nil
}

// InheritedDisplay is the trusted display an agent started by StartAgent inherited as
// descriptor fd: the process that started it, which is its parent. The kernel must say so:
// the pair was made by a purse process of this user running this agent's executable, that
// process is this agent's parent, it answers the agent's hello, and (where the kernel names
// each message's sender) every message on the channel is its own (agent.NewConnDisplay).
// Anything else is refused before the agent serves anything.
func InheritedDisplay(fd int) (*agent.ConnDisplay, error) {
	if fd < 3 {
		return nil, Usagef("--%s %d: expected an inherited descriptor (3 or above)", DisplayFDFlag, fd)
	}
	f := os.NewFile(uintptr(fd), "display")
	if f == nil {
		return nil, Usagef("--%s %d: no such descriptor", DisplayFDFlag, fd)
	}
	return agent.NewConnDisplay(f, "the TUI that started this agent", agent.MadeByParent)
}

// StartDisplayed starts this home's agent with this session as its trusted display: the
// session's Approver must be an ApprovalQueue (the TUI's), on which the agent's requests then
// arrive beside the session's own. The agent stops when this process ends.
func (a Agent) StartDisplayed(ctx context.Context) (AgentStarted, error) {
	s := a.s
	q, ok := s.gate.approver.(*ApprovalQueue)
	if !ok {
		return AgentStarted{}, errors.New("this front end has no dialog to be the agent's display: start the agent with `purse agent start` in a terminal, which is then its display")
	}
	if s.exe == "" {
		return AgentStarted{}, errors.New("purse's executable is not known to this session: start the agent with `purse agent start`")
	}
	st, dc, err := s.startAgent(ctx, s.exe, true)
	if err != nil {
		return st, err
	}
	go q.ServeDisplay(context.Background(), dc)
	s.agentHeld.forget()
	return st, nil
}
