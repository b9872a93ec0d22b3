// Command notpurse is a program of the user that is not purse, for the agent's tests: it
// tries to become an agent's trusted display, or poses as the agent on its socket.
//
//	notpurse display PURSE ARGS...  makes a socket pair, runs PURSE ARGS with one end as
//	                                descriptor 3 and keeps the other, as the TUI does; it
//	                                prints "serving" once the agent answers on
//	                                $PURSE_AGENT_SOCK (then stops it), else how it ended
//	notpurse listen SOCK LOG        listens on SOCK as an agent would and appends every
//	                                byte any client sends to LOG, answering a status
//	notpurse hijack PURSE STAYSOCK  makes a socket pair, keeps one end in a child (notpurse
//	                                hold), starts a child (notpurse afterexec) that executes
//	                                `PURSE agent start --display-fd 3` on the other end once
//	                                this process runs PURSE, then executes `PURSE agent start`
//	                                on STAYSOCK itself: when the agent checks, the pair's
//	                                maker is its parent and runs purse, but holds no end
//	notpurse hold                   answers on descriptor 3 as a display would: repeats the
//	                                hello, approves every request, says so on stdout
//	notpurse afterexec PURSE ARGS   waits until its parent runs PURSE, then executes it
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 && (len(os.Args) < 2 || os.Args[1] != "hold") {
		fmt.Fprintln(os.Stderr, "usage: notpurse display PURSE ARGS... | notpurse listen SOCK LOG")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "display":
		display(os.Args[2], os.Args[3:])
	case "listen":
		listen(os.Args[2], os.Args[3])
	case "hijack":
		hijack(os.Args[2], os.Args[3])
	case "hold":
		hold()
	case "afterexec":
		afterExec(os.Args[2], os.Args[3:])
	default:
		os.Exit(2)
	}
}

func display(bin string, args []string) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		fmt.Println("socketpair:", err)
		os.Exit(1)
	}
	kept := os.NewFile(uintptr(fds[0]), "kept")
	defer kept.Close()
	child := os.NewFile(uintptr(fds[1]), "agent's end")
	var out bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.ExtraFiles = []*os.File{child}
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		fmt.Println("start:", err)
		os.Exit(1)
	}
	_ = child.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	sock := os.Getenv("PURSE_AGENT_SOCK")
	deadline := time.After(20 * time.Second)
	for {
		select {
		case err := <-exited:
			fmt.Printf("exited: %v\n%s", err, out.String())
			return
		case <-deadline:
			_ = cmd.Process.Kill()
			fmt.Printf("neither served nor exited within 20 s\n%s", out.String())
			return
		case <-time.After(20 * time.Millisecond):
		}
		if c, err := net.Dial("unix", sock); err == nil {
			_ = c.Close()
			_ = cmd.Process.Signal(os.Interrupt)
			<-exited
			fmt.Printf("serving\n%s", out.String())
			return
		}
	}
}

func listen(sock, log string) {
	ln, err := net.Listen("unix", sock)
	if err != nil {
		fmt.Println("listen:", err)
		os.Exit(1)
	}
	fmt.Println("listening")
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(3 * time.Second))
			var got bytes.Buffer
			buf := make([]byte, 4096)
			for {
				n, err := c.Read(buf)
				got.Write(buf[:n])
				if bytes.IndexByte(got.Bytes(), '\n') >= 0 {
					_, _ = c.Write([]byte(`{"ok":true,"status":{"pid":1,"socket":"x","started":"2026-01-01T00:00:00Z","keys":[],"policy":"p","rules":[],"hardening":[],"peerCheck":"c"},"key":{"label":"me","kind":"evm","address":"0x1111111111111111111111111111111111111111","unlocked":"2026-01-01T00:00:00Z","idleUntil":"2026-01-01T01:00:00Z","until":"2026-01-01T02:00:00Z"}}` + "\n"))
				}
				if err != nil {
					break
				}
			}
			if got.Len() > 0 {
				f, err := os.OpenFile(log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
				if err == nil {
					_, _ = io.Copy(f, &got)
					_ = f.Close()
				}
			}
		}()
	}
}

func hijack(bin, stay string) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		fmt.Println("socketpair:", err)
		os.Exit(1)
	}
	kept := os.NewFile(uintptr(fds[0]), "kept")
	agentEnd := os.NewFile(uintptr(fds[1]), "agent's end")
	self, err := os.Executable()
	if err != nil {
		fmt.Println("executable:", err)
		os.Exit(1)
	}
	for _, c := range []*exec.Cmd{
		exec.Command(self, "hold"),
		exec.Command(self, "afterexec", bin, "agent", "start", "--display-fd", "3"),
	} {
		c.Stdout, c.Stderr = os.Stdout, os.Stderr
		c.ExtraFiles = []*os.File{kept}
		if c.Args[1] == "afterexec" {
			c.ExtraFiles = []*os.File{agentEnd}
		}
		if err := c.Start(); err != nil {
			fmt.Println("start:", err)
			os.Exit(1)
		}
	}
	_ = kept.Close()
	_ = agentEnd.Close()
	env := []string{"PURSE_AGENT_SOCK=" + stay}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PURSE_AGENT_SOCK=") {
			env = append(env, kv)
		}
	}
	err = syscall.Exec(bin, []string{bin, "agent", "start"}, env)
	fmt.Println("exec:", err)
	os.Exit(1)
}

func hold() {
	fmt.Printf("hold: pid %d\n", os.Getpid())
	f := os.NewFile(3, "display")
	time.AfterFunc(60*time.Second, func() { os.Exit(0) })
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue
		}
		var reply []byte
		switch {
		case m["hello"] != nil:
			reply = append(append([]byte(nil), sc.Bytes()...), '\n')
			fmt.Println("hold: answered the hello")
		case m["confirm"] != nil:
			id := m["confirm"].(map[string]any)["id"]
			reply = []byte(fmt.Sprintf(`{"answer":true,"id":%v,"approve":true}`+"\n", id))
			fmt.Printf("hold: approved request %v\n", id)
		}
		if _, err := f.Write(reply); err != nil {
			return
		}
	}
	fmt.Println("hold: the channel closed")
}

func afterExec(bin string, args []string) {
	want, err := os.Stat(bin)
	if err != nil {
		fmt.Println("afterexec:", err)
		os.Exit(1)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if fi, err := os.Stat(fmt.Sprintf("/proc/%d/exe", os.Getppid())); err == nil && os.SameFile(fi, want) {
			err := syscall.Exec(bin, append([]string{bin}, args...), os.Environ())
			fmt.Println("afterexec: exec:", err)
			os.Exit(1)
		}
	}
	fmt.Println("afterexec: the parent never ran", bin)
	os.Exit(1)
}
