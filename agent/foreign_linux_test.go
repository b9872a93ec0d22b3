package agent

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strings"
	"testing"

	"purse/internal/nobodytest"
)

// envForeign makes the test binary a client that asks the agent at that socket for its
// status and prints the outcome: run as another user by TestForeignUserRefusedByTheKernel.
const envForeign = "PURSE_AGENT_FOREIGN_SOCK"

func init() {
	sock := os.Getenv(envForeign)
	if sock == "" {
		return
	}
	// Written by hand: purse's own client would refuse an agent of another user before
	// sending anything (Client.dial), and the agent's side is what is tested here.
	c, err := net.Dial("unix", sock)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(0)
	}
	_, _ = c.Write([]byte(`{"op":"status","client":"foreign"}` + "\n"))
	var a answer
	switch err := json.NewDecoder(c).Decode(&a); {
	case err != nil:
		fmt.Println("error:", err)
	case a.OK:
		fmt.Println("served")
	default:
		fmt.Println("refused:", a.Code, a.Error)
	}
	os.Exit(0)
}

// A process of another user that reaches the socket (here: the file modes opened on
// purpose, so only the kernel's peer credentials stand in its way) is refused. Needs root
// to start a process as another user.
func TestForeignUserRefusedByTheKernel(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("starting a process as another user needs root")
	}
	e := start(t, nil, nil)
	dir := e.path[:strings.LastIndex(e.path, "/")]
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(e.path, 0o777); err != nil {
		t.Fatal(err)
	}
	out := nobodytest.Run(t, envForeign+"="+e.path)
	if !strings.HasPrefix(out, "refused: rejected connection from uid 65534 refused") {
		t.Fatalf("a process of uid 65534: %s", out)
	}
}
