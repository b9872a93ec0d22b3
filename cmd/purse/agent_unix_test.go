//go:build unix

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"purse/agent"
)

// `purse agent start` refuses a policy file that is not the user's own — a FIFO, a symbolic
// link, one others can write, one another user owns — with a usage error naming the file and
// why, and no agent answers (issue 21).
func TestAgentStartRefusesAPolicyFileNotTheUsersOwn(t *testing.T) {
	home := keyEnv(t)
	path := filepath.Join(home, agent.PolicyFile)
	good := []byte("[routes]\ntransactions = \"allow\"\n")
	cases := []struct {
		name, why string
		make      func() error
	}{
		{"a FIFO", "is a FIFO, not a regular file", func() error { return syscall.Mkfifo(path, 0o600) }},
		{"a link to /dev/zero", "is a symbolic link, not a regular file", func() error { return os.Symlink("/dev/zero", path) }},
		{"a link to a good file", "is a symbolic link, not a regular file", func() error {
			target := writeTemp(t, "policy", string(good))
			return os.Symlink(target, path)
		}},
		{"world-writable", "mode 0666 lets other users change what the agent signs", func() error {
			if err := os.WriteFile(path, good, 0o600); err != nil {
				return err
			}
			return os.Chmod(path, 0o666)
		}},
		{"group-writable", "mode 0620 lets other users change what the agent signs", func() error {
			if err := os.WriteFile(path, good, 0o600); err != nil {
				return err
			}
			return os.Chmod(path, 0o620)
		}},
		{"another user's", "is owned by uid 65534, not by this user", func() error {
			if os.Getuid() != 0 {
				return errNeedsRoot
			}
			if err := os.WriteFile(path, good, 0o600); err != nil {
				return err
			}
			return os.Chown(path, 65534, 65534)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(path)
			t.Cleanup(func() { os.Remove(path) })
			if err := c.make(); err == errNeedsRoot {
				t.Skip("giving a file to another user needs root")
			} else if err != nil {
				t.Fatal(err)
			}
			type res struct {
				errOut string
				code   int
			}
			done := make(chan res, 1)
			go func() {
				_, errOut, code := runCLI(t, "", "agent", "start")
				done <- res{errOut, code}
			}()
			select {
			case r := <-done:
				if r.code != exitUsage || !strings.Contains(r.errOut, "agent policy "+path+": "+c.why) {
					t.Fatalf("exit %d: %s", r.code, r.errOut)
				}
			case <-time.After(10 * time.Second):
				runCLI(t, "", "agent", "stop")
				t.Fatal("the agent started (or hangs reading the policy)")
			}
			if agent.Answers(agent.SocketPath(home)) {
				t.Fatal("an agent answers")
			}
		})
	}
}

// errNeedsRoot skips a case the test cannot set up without root.
var errNeedsRoot = errors.New("needs root")
