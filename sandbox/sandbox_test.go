package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"purse/config"

	"purse/sandboxctl"
)

func TestStartServesEveryService(t *testing.T) {
	ctx := context.Background()
	sb, err := Start(ctx, Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	info := sb.Info()
	if info.Network != "31337" || !strings.HasPrefix(info.UserAPI, "http://127.0.0.1:") || info.AccountNFT == "" {
		t.Fatalf("info %+v", info)
	}
	// The embedded profile carries the contract addresses the sandbox deploys.
	if embedded := config.SandboxProfile(config.DefaultSandboxAddr); embedded.AccountNFT != info.AccountNFT || embedded.CardSpender != info.CardSpender || embedded.BufferPool != info.BufferPool ||
		embedded.DepositContract != info.Deposit {
		t.Fatalf("embedded profile contracts %s/%s/%s/%s, sandbox deploys %s/%s/%s/%s", embedded.AccountNFT, embedded.CardSpender, embedded.BufferPool, embedded.DepositContract,
			info.AccountNFT, info.CardSpender, info.BufferPool, info.Deposit)
	}

	resp, err := http.Get(info.UserAPI + "/sandbox/info")
	if err != nil {
		t.Fatal(err)
	}
	var got sandboxctl.Info
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || !reflect.DeepEqual(got, info) {
		t.Fatalf("/sandbox/info %+v %v", got, err)
	}
	resp.Body.Close()

	// The EVM answers JSON-RPC through the /evm path of the same address.
	resp, err = http.Post(info.EVMRPC, "application/json", bytes.NewBufferString(`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"0x7a69"`) {
		t.Fatalf("eth_chainId through /evm: %s", b)
	}

	resp, err = http.Get(info.UserAPI + "/api/v1/timestamp")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"retCode":0`) {
		t.Fatalf("timestamp: %s", b)
	}
}

func TestStartRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "10.0.0.1:0", "nonsense", ""} {
		if sb, err := Start(context.Background(), Config{Listen: addr}); err == nil {
			sb.Close()
			t.Errorf("%q accepted", addr)
		}
	}
}

// A sandbox killed while saving its snapshot or its ledger leaves a temporary file in its
// state folder: the next start removes it (stale, nobody writing it) and leaves other names.
func TestStartSweepsItsStateFolder(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	crashed := []string{filepath.Join(dir, ".enduser-sandbox.json.tmp-1"), filepath.Join(dir, "."+LedgerFile+".tmp-2")}
	other := filepath.Join(dir, ".notes.json.tmp-3")
	for _, p := range append(crashed, other) {
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, old, old)
	}
	sb, err := Start(context.Background(), Config{Listen: "127.0.0.1:0", StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	for _, p := range crashed {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there after the start: %v", p, err)
		}
	}
	if _, err := os.Lstat(other); err != nil {
		t.Errorf("another name was swept: %v", err)
	}
}

// syncBuffer is a log sink the server's goroutines write while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The log says where the sandbox listens, then one line per request with its method, path,
// status, retCode (when the answer has one) and latency; a path carrying a newline and a
// terminal control code stays on its line, escaped.
func TestLogSaysListeningAndOneLinePerRequest(t *testing.T) {
	var log syncBuffer
	sb, err := Start(context.Background(), Config{Listen: "127.0.0.1:0", Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	base := sb.Info().UserAPI
	if !strings.Contains(log.String(), "msg=\"listening on "+base+"\"") {
		t.Fatalf("no listening line: %q", log.String())
	}
	get := func(path string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	get("/api/v1/timestamp")
	get("/sandbox/info")
	get("/api/v1/nothing%0Atime=x%20level=ERROR%20msg=forged%1b[31m")
	lines := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d log lines, want the listening line and 3 requests:\n%s", len(lines), log.String())
	}
	for i, want := range []string{
		"msg=request method=GET path=/api/v1/timestamp status=200 retCode=0 latency=",
		"msg=request method=GET path=/sandbox/info status=200 latency=",
		"msg=request method=GET path=\"/api/v1/nothing␊time=x level=ERROR msg=forged␛[31m\" status=404 ",
	} {
		if !strings.Contains(lines[i+1], want) {
			t.Errorf("request %d logged %q, want it to hold %q", i+1, lines[i+1], want)
		}
	}
	if strings.ContainsRune(log.String(), 0x1b) {
		t.Error("the log carries a raw ESC from the client's path")
	}
}

// retCode reads the envelope's retCode wherever it stands in the object, and nothing from
// a body that is not an envelope or is cut before it.
func TestRetCodeOfABody(t *testing.T) {
	for _, c := range []struct {
		body string
		want string
	}{
		{`{"retCode":10001,"retMsg":"x"}`, "10001"},
		{`{"retMsg":"x","result":{"retCode":5},"retCode":0}`, "0"},
		{`{"jsonrpc":"2.0","id":1,"result":"0x1"}`, ""},
		{`{"retMsg":"cut before the code`, ""},
		{`[{"retCode":1}]`, ""},
		{``, ""},
	} {
		got, ok := retCode([]byte(c.body))
		if string(got) != c.want || ok != (c.want != "") {
			t.Errorf("retCode(%s) = %q %v, want %q", c.body, got, ok, c.want)
		}
	}
}

// A ledger key entry names the stand-in's address, so a restart (even a fresh one) finds the
// device where it was; when another program took that port the sandbox starts the device on
// a new one, keeps that, and its log says which keys it strands.
func TestDeviceKeepsItsAddress(t *testing.T) {
	dir := t.TempDir()
	start := func(log io.Writer) *Sandbox {
		t.Helper()
		sb, err := Start(context.Background(), Config{Listen: "127.0.0.1:0", StateDir: dir, Logger: slog.New(slog.NewTextHandler(log, nil))})
		if err != nil {
			t.Fatal(err)
		}
		return sb
	}
	sb := start(io.Discard)
	first := sb.Info().Ledger
	sb.Close()
	if err := RemoveState(dir); err != nil {
		t.Fatal(err)
	}
	sb = start(io.Discard)
	if got := sb.Info().Ledger; got != first {
		t.Fatalf("after a fresh restart the device is at %s, was %s", got, first)
	}
	sb.Close()

	taken, err := net.Listen("tcp", strings.TrimPrefix(first, "speculos:"))
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	var log syncBuffer
	sb = start(&log)
	moved := sb.Info().Ledger
	sb.Close()
	if moved == first || !strings.HasPrefix(moved, "speculos:127.0.0.1:") {
		t.Fatalf("with its port taken the device is at %s (was %s)", moved, first)
	}
	if !strings.Contains(log.String(), "ledger keys added from "+first+" will not reach it") {
		t.Errorf("the log does not say which keys the move strands:\n%s", log.String())
	}
	taken.Close()
	sb = start(io.Discard)
	defer sb.Close()
	if got := sb.Info().Ledger; got != moved {
		t.Errorf("the next start put the device at %s, not where it moved to (%s)", got, moved)
	}
}
