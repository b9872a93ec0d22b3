//go:build linux

package agent

import (
	"fmt"
	"io"
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// The kernel names the process that sends each message on the display channel: with
// SO_PASSCRED on the agent's end, every read carries SCM_CREDENTIALS, which the kernel fills
// in with the sender's own pid and uid (an unprivileged process cannot claim another's), and
// a stream read never joins bytes of two senders. SO_PEERCRED only names who made the pair,
// once; a process that made it and kept a copy of its end in a child would otherwise answer
// through that child.

// passCredentials asks the kernel to attach its sender's credentials to everything the
// other end of c sends from now on.
func passCredentials(c *net.UnixConn) error {
	raw, err := c.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_PASSCRED, 1)
	}); err != nil {
		return err
	}
	if serr != nil {
		return fmt.Errorf("SO_PASSCRED: %v", serr)
	}
	return nil
}

// fromSender reads c, refusing (with a *ForeignSenderError) any bytes the kernel does not
// say were sent by pid of this user, or that arrive after still says pid no longer names the
// process that was checked.
func fromSender(c *net.UnixConn, pid int, still func() error) io.Reader {
	return &senderReader{c: c, pid: pid, uid: os.Getuid(), still: still, oob: make([]byte, unix.CmsgSpace(unix.SizeofUcred))}
}

type senderReader struct {
	c     *net.UnixConn
	pid   int
	uid   int
	still func() error
	oob   []byte
}

func (r *senderReader) Read(p []byte) (int, error) {
	n, oobn, flags, _, err := r.c.ReadMsgUnix(p, r.oob)
	if n == 0 {
		if err == nil {
			err = io.EOF
		}
		return 0, err
	}
	var cred *unix.Ucred
	if msgs, perr := unix.ParseSocketControlMessage(r.oob[:oobn]); perr == nil {
		for i := range msgs {
			if fds, ferr := unix.ParseUnixRights(&msgs[i]); ferr == nil {
				closeFDs(fds)
				return 0, &ForeignSenderError{PID: r.pid, Why: "it sent descriptors, which the display never does"}
			}
			if c, cerr := unix.ParseUnixCredentials(&msgs[i]); cerr == nil {
				cred = c
			}
		}
	}
	switch {
	case flags&unix.MSG_CTRUNC != 0:
		return 0, &ForeignSenderError{PID: r.pid, Why: "a message came with more control data than the display sends"}
	case cred == nil:
		return 0, &ForeignSenderError{PID: r.pid, Why: "a message came without the kernel's word on its sender"}
	case int(cred.Pid) != r.pid:
		exe, _ := processExe(int(cred.Pid))
		return 0, &ForeignSenderError{PID: r.pid, Why: fmt.Sprintf("a message came from pid %d (%s), another process holding the display's end", cred.Pid, orUnknown(exe))}
	case int(cred.Uid) != r.uid:
		return 0, &ForeignSenderError{PID: r.pid, Why: fmt.Sprintf("a message came from uid %d, not this user (uid %d)", cred.Uid, r.uid)}
	}
	if r.still != nil {
		if serr := r.still(); serr != nil {
			return 0, &ForeignSenderError{PID: r.pid, Why: serr.Error()}
		}
	}
	return n, err
}
