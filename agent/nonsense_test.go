package agent

import (
	"bufio"
	"encoding/base64"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"purse/wallet"
)

// answerWith listens on a socket in this process (so the client's kernel check passes: the
// same executable) and answers every message with line.
func answerWith(t *testing.T, line string) *Client {
	t.Helper()
	sock := filepath.Join(shortDir(t), SocketFile)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				if _, err := bufio.NewReader(c).ReadString('\n'); err == nil {
					_, _ = c.Write([]byte(line + "\n"))
				}
			}()
		}
	}()
	return &Client{Path: sock, Name: "agent test"}
}

const (
	goodKey    = `{"label":"me","kind":"evm","address":"0x2c7536E3605D9C16a7a3D7b1898e529396a65c23","unlocked":"2026-11-25T12:00:00Z","idleUntil":"2026-11-25T12:15:00Z","until":"2026-11-25T20:00:00Z","signed":1,"memoryLocked":true}`
	goodStatus = `{"pid":42,"socket":"/run/purse/agent.sock","started":"2026-11-25T12:00:00Z","keys":[` + goodKey + `],"policy":"p","rules":[],"hardening":[],"peerCheck":"c"}`
)

// An answer that cannot be true is refused, not shown or used: a status with a year-1 start
// or pid 0, a key with the all-zero address, a year-1 unlock or a limit before its unlock
// (a negative TTL), a wait of negative length, signatures of the wrong length or V. The
// same answers, made true, are taken (issue 29: "answers that make no sense are refused, not
// printed").
func TestNonsenseAnswersAreRefused(t *testing.T) {
	if st, err := answerWith(t, `{"ok":true,"status":`+goodStatus+`}`).Status(bg()); err != nil || st.PID != 42 || len(st.Keys) != 1 {
		t.Fatalf("a true status: %+v %v", st, err)
	}
	if k, err := answerWith(t, `{"ok":true,"key":`+goodKey+`}`).Key(bg(), KindEVM, "me"); err != nil || k.Signed != 1 {
		t.Fatalf("a true key: %+v %v", k, err)
	}
	statuses := map[string]string{
		"year-1 start":      strings.Replace(goodStatus, `"started":"2026-11-25T12:00:00Z"`, `"started":"0001-01-01T00:00:00Z"`, 1),
		"no start":          strings.Replace(goodStatus, `"started":"2026-11-25T12:00:00Z",`, ``, 1),
		"pid 0":             strings.Replace(goodStatus, `"pid":42`, `"pid":0`, 1),
		"an all-zero key":   strings.Replace(goodStatus, `0x2c7536E3605D9C16a7a3D7b1898e529396a65c23`, `0x0000000000000000000000000000000000000000`, 1),
		"a year-1 unlock":   strings.Replace(goodStatus, `"unlocked":"2026-11-25T12:00:00Z"`, `"unlocked":"0001-01-01T00:00:00Z"`, 1),
		"a negative TTL":    strings.Replace(goodStatus, `"until":"2026-11-25T20:00:00Z"`, `"until":"2026-11-25T11:00:00Z"`, 1),
		"a negative idle":   strings.Replace(goodStatus, `"idleUntil":"2026-11-25T12:15:00Z"`, `"idleUntil":"2026-11-25T11:59:00Z"`, 1),
		"a key of no kind":  strings.Replace(goodStatus, `"kind":"evm"`, `"kind":""`, 1),
		"a zero Solana key": strings.Replace(strings.Replace(goodStatus, `"kind":"evm"`, `"kind":"solana"`, 1), `0x2c7536E3605D9C16a7a3D7b1898e529396a65c23`, `11111111111111111111111111111111`, 1),
	}
	for name, st := range statuses {
		got, err := answerWith(t, `{"ok":true,"status":`+st+`}`).Status(bg())
		if err == nil || !strings.Contains(err.Error(), "the answer makes no sense") {
			t.Errorf("status with %s: %+v %v", name, got, err)
		}
		key := st[strings.Index(st, `"keys":[`)+len(`"keys":[`) : strings.LastIndex(st, `],"policy"`)]
		if key == goodKey {
			continue
		}
		if k, err := answerWith(t, `{"ok":true,"key":`+key+`}`).Unlock(bg(), KindEVM, "me", 0, 0, nil); err == nil || !strings.Contains(err.Error(), "the answer makes no sense") {
			t.Errorf("unlock answered with %s: %+v %v", name, k, err)
		}
	}
	if _, err := answerWith(t, `{"ok":true,"waiting":{"display":"d","timeout":-1}}`).Sign(bg(), "me", "p", readReq); err == nil || !strings.Contains(err.Error(), "the answer makes no sense") {
		t.Errorf("a negative wait: %v", err)
	}
	if _, err := answerWith(t, `{"ok":true,"locked":-3}`).Lock(bg(), ""); err == nil || !strings.Contains(err.Error(), "the answer makes no sense") {
		t.Errorf("-3 keys locked: %v", err)
	}
	sig := func(n int, last byte) string {
		b := make([]byte, n)
		if n > 0 {
			b[0], b[n-1] = 1, last
		}
		return `{"ok":true,"signature":"` + base64.StdEncoding.EncodeToString(b) + `"}`
	}
	sol := readReq
	sol.Purpose = wallet.PurposeSolanaTx
	for name, c := range map[string]struct {
		answer string
		r      wallet.Request
	}{
		"no EVM signature":          {`{"ok":true}`, readReq},
		"an EVM signature of 64":    {sig(64, 0), readReq},
		"an EVM signature of 66":    {sig(66, 0), readReq},
		"an EVM signature, V 27":    {sig(65, 27), readReq},
		"a Solana signature of 65":  {sig(65, 0), sol},
		"an EVM key's zero address": {strings.TrimSuffix(sig(65, 1), "}") + `,"key":{"label":"me","kind":"evm","address":"0x0000000000000000000000000000000000000000"}}`, readReq},
	} {
		if _, err := answerWith(t, c.answer).Sign(bg(), "me", "p", c.r); err == nil || !strings.Contains(err.Error(), "the answer makes no sense") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if b, err := answerWith(t, sig(65, 1)).Sign(bg(), "me", "p", readReq); err != nil || len(b) != 65 {
		t.Errorf("a 65-byte EVM signature: %d %v", len(b), err)
	}
	if b, err := answerWith(t, sig(64, 9)).Sign(bg(), "me", "p", sol); err != nil || len(b) != 64 {
		t.Errorf("a 64-byte Solana signature: %d %v", len(b), err)
	}
}
