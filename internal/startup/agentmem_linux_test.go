package startup

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"purse/keystore"
)

// After `purse agent lock`, the agent's memory holds neither the key nor the passphrase it
// was unlocked with: read as root reads it (/proc/PID/mem; what a core dump would hold), a
// scan of every readable mapping of the agent process finds no copy of the raw key (its
// 32 bytes, or big.Int's little-endian words of it) and none of the passphrase. The control:
// the same scan finds the key while it is unlocked, so a scan that reads nothing fails.
func TestAgentLockLeavesNoSecretInItsMemory(t *testing.T) {
	if !keystore.ErasesTemporaries {
		// The purse this test builds is built as the test binary was: without the
		// experiment, go-ethereum's KDF leaves the passphrase and the decrypted key as
		// garbage, which this test finds (make sets it).
		t.Skip("built without GOEXPERIMENT=runtimesecret, as make builds purse")
	}
	bin, env := agentHome(t)
	run := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("purse %v: %v\n%s", args, err, stderr.Bytes())
		}
		return out
	}
	var st struct {
		PID int `json:"pid"`
	}
	if err := json.Unmarshal(run("agent", "status", "--json"), &st); err != nil || st.PID <= 0 {
		t.Fatalf("agent status: %v %+v", err, st)
	}
	run(signArgs()...)
	raw, _ := hex.DecodeString(strings.TrimPrefix(benchKey, "0x"))
	words := make([]byte, len(raw)) // big.Int's nat: least significant word first, each little-endian
	for i := range raw {
		words[i] = raw[len(raw)-1-i]
	}
	pass := []byte("bench-passphrase")
	secrets := map[string][]byte{"the key": raw, "the key as big.Int words": words, "the passphrase": pass}

	before, err := scan(st.PID, secrets)
	if err != nil {
		t.Skipf("the agent's memory cannot be read here (%v): reading another process's memory needs root with CAP_SYS_PTRACE, the agent being not dumpable", err)
	}
	if before["the key"]+before["the key as big.Int words"] == 0 {
		t.Fatalf("control: the scan finds no copy of the key in an agent that holds it unlocked (%v); it would find none after the lock either", before)
	}
	t.Logf("unlocked: %v", before)
	run("agent", "lock")
	after, err := scan(st.PID, secrets)
	if err != nil {
		t.Fatal(err)
	}
	for what, n := range after {
		if n > 0 {
			t.Errorf("after agent lock, %d copies of %s remain in the agent's memory (unlocked: %d)", n, what, before[what])
		}
	}
}

// scan counts the copies of each secret in the readable mappings of process pid.
func scan(pid int, secrets map[string][]byte) (map[string]int, error) {
	maps, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/maps")
	if err != nil {
		return nil, err
	}
	mem, err := os.Open("/proc/" + strconv.Itoa(pid) + "/mem")
	if err != nil {
		return nil, err
	}
	defer mem.Close()
	found := map[string]int{}
	for what := range secrets {
		found[what] = 0
	}
	read := 0
	sc := bufio.NewScanner(bytes.NewReader(maps))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || f[1][0] != 'r' || (len(f) >= 6 && (f[5] == "[vvar]" || f[5] == "[vsyscall]" || f[5] == "[vvar_vclock]")) {
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		if !ok {
			continue
		}
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if err1 != nil || err2 != nil || end <= start || end-start > 1<<30 {
			continue
		}
		buf := make([]byte, end-start)
		n, err := mem.ReadAt(buf, int64(start))
		if n == 0 && err != nil {
			continue // a guard page, a mapping gone since
		}
		read += n
		for what, s := range secrets {
			found[what] += bytes.Count(buf[:n], s)
		}
	}
	if read == 0 {
		return nil, fmt.Errorf("no mapping of pid %d could be read", pid)
	}
	return found, nil
}
