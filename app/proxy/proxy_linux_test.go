package proxy

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"purse/internal/nobodytest"
)

// envProxyForeign makes the test binary a client that reads the request log of the proxy at
// that socket and prints the answer: run as another user by
// TestProxySocketRefusesAnotherUser.
const envProxyForeign = "PURSE_PROXY_FOREIGN_SOCK"

func init() {
	sock := os.Getenv(envProxyForeign)
	if sock == "" {
		return
	}
	resp, err := unixClient(sock).Get("http://localhost" + RequestsPath)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(0)
	}
	b, _ := io.ReadAll(resp.Body)
	fmt.Printf("HTTP %d %s", resp.StatusCode, b)
	os.Exit(0)
}

// A process of another user that reaches the proxy's socket (here: the file modes opened on
// purpose, so only the kernel's peer credentials stand in its way) is refused, and sees no
// request log. Needs root to start a process as another user.
func TestProxySocketRefusesAnotherUser(t *testing.T) {
	e := newProxyEnv(t, nil)
	e.do("POST", "/api/v2/transactions", `{"pageSize":5}`, nil) // something to show
	sock := e.serveUnix(t)
	for _, p := range []string{filepath.Dir(sock), sock} {
		if err := os.Chmod(p, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	out := nobodytest.Run(t, envProxyForeign+"="+sock)
	if !strings.HasPrefix(out, "HTTP 403 ") || !strings.Contains(out, "connection from uid 65534 refused: this proxy serves uid 0 only") ||
		strings.Contains(out, "transactions") {
		t.Fatalf("a process of uid 65534: %s", out)
	}
	if c := e.lastCall(); c.Status != 403 || !strings.Contains(c.Error, "uid 65534") {
		t.Fatalf("call %+v", c)
	}
}

// A proxy with the key in its process is not dumpable: no core dump, no ptrace by the user's
// other processes.
func TestProxyWithAKeyIsNotDumpable(t *testing.T) {
	e := newProxyEnv(t, nil)
	if h := e.px.Info().Hardening; len(h) == 0 || !strings.HasPrefix(h[0], "not dumpable: yes") {
		t.Fatalf("hardening %q", h)
	}
	d, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	if err != nil || d != 0 {
		t.Fatalf("PR_GET_DUMPABLE = %d (%v)", d, err)
	}
}
