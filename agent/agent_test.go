package agent

import (
	"context"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/keystore"
	"purse/wallet"
)

// fakeKey is a key-store signer stand-in: an in-memory key that records its wiping.
type fakeKey struct {
	mu     *sync.Mutex
	evm    *wallet.EVMKey
	zeroed *bool
}

func (k *fakeKey) ForProfile(string) any { return &fakeEVM{k} }
func (k *fakeKey) Zero() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.evm.Zero()
	*k.zeroed = true
}

type fakeEVM struct{ k *fakeKey }

func (f *fakeEVM) Address() common.Address { return f.k.evm.Address() }
func (f *fakeEVM) SignDigest(p wallet.Purpose, d common.Hash) ([]byte, error) {
	f.k.mu.Lock()
	defer f.k.mu.Unlock()
	return f.k.evm.SignDigest(p, d)
}

type fakeBackend struct {
	mu         sync.Mutex
	passphrase string // "" = no passphrase needed
	keys       map[string]*fakeKey
	opened     int
	// refuse, when set, is what Sign answers instead of signing; jobs records what it saw.
	refuse error
	jobs   []Job
	// hold, when set, runs before signing with the request's context; its error refuses.
	hold func(context.Context) error
	now  func() time.Time
}

func (b *fakeBackend) Open(label, kind string, pass func(string) ([]byte, error)) (keystore.ProfileSigner, string, error) {
	if kind != KindEVM {
		return nil, "", errors.New("only evm in this fake")
	}
	if label != "me" {
		return nil, "", errors.New("no such key")
	}
	if b.passphrase != "" {
		if pass == nil {
			return nil, "", &NeedsPassphrase{Prompt: `Passphrase for key "me"`}
		}
		got, err := pass(`Passphrase for key "me"`)
		if err != nil {
			return nil, "", err
		}
		if string(got) != b.passphrase {
			return nil, "", errors.New("wrong passphrase")
		}
	}
	k, _ := crypto.ToECDSA(common.FromHex("0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"))
	zeroed := false
	fk := &fakeKey{mu: new(sync.Mutex), evm: wallet.NewEVMKey(k), zeroed: &zeroed}
	b.mu.Lock()
	b.opened++
	if b.keys == nil {
		b.keys = map[string]*fakeKey{}
	}
	b.keys[label] = fk
	b.mu.Unlock()
	return fk, fk.evm.Address().Hex(), nil
}

// Sign is a gate that only checks and signs: the agent's own tests are about the transport,
// the keys and their limits; the gate (policy, review, display) is app's, tested there.
func (b *fakeBackend) Sign(ctx context.Context, job Job) ([]byte, error) {
	b.mu.Lock()
	b.jobs = append(b.jobs, job)
	refuse, now, hold := b.refuse, b.now, b.hold
	b.mu.Unlock()
	if refuse != nil {
		return nil, refuse
	}
	if hold != nil {
		if err := hold(ctx); err != nil {
			return nil, err
		}
	}
	d, err := job.Request.Digest(now())
	if err != nil {
		return nil, &codeErr{CodeInvalid, err.Error()}
	}
	return job.Key.(wallet.EVMSigner).SignDigest(job.Request.Purpose, d)
}

// codeErr is a refusal with an agent code, as app's gate returns.
type codeErr struct{ code, msg string }

func (e *codeErr) Error() string     { return e.msg }
func (e *codeErr) AgentCode() string { return e.code }

func (b *fakeBackend) key(label string) *fakeKey {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.keys[label]
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	srv    *Server
	be     *fakeBackend
	clk    *clock
	client *Client
	path   string
}

// shortDir is a 0700 directory with a path short enough for a Unix socket.
func shortDir(t *testing.T) string {
	d, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	if err := os.Chmod(d, 0o700); err != nil {
		t.Fatal(err)
	}
	return d
}

func start(t *testing.T, pol *Policy, be *fakeBackend, opts ...func(*Server)) *env {
	t.Helper()
	if pol == nil {
		pol = DefaultPolicy()
	}
	if be == nil {
		be = &fakeBackend{}
	}
	path := filepath.Join(shortDir(t), SocketFile)
	ln, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	srv := NewServer(be, pol, nil)
	srv.Now = clk.now
	be.now = clk.now
	for _, o := range opts {
		o(srv)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &env{srv: srv, be: be, clk: clk, client: &Client{Path: path, Name: "agent test"}, path: path}
}

func bg() context.Context { return context.Background() }

// testDeadline is five minutes after the test clock's start (2026-11-25 12:00 UTC).
const testDeadline = 1795608300

var readReq = wallet.Request{Purpose: wallet.PurposeFullAuth, Method: "POST", Route: "transactions", Payload: []byte(`{"pageSize":5}`), Deadline: "1795608300"}

// Bodies of the routes that change the account, as the client sends them.
const (
	permitBody     = `{"address":"0xbE00f3db78688d9704BCb4e0a827aea3a9Cc0D62","amount":"2500","permitAmount":"2500","permitDeadline":1795610000,"permitV":27,"permitR":"0x01","permitS":"0x02"}`
	cardStatusBody = `{"cardTokenId":"981","status":0}`
)

// read is readReq with a deadline five minutes after the test clock's now.
func (e *env) read() wallet.Request {
	r := readReq
	r.Deadline = strconv.FormatInt(e.clk.now().Add(5*time.Minute).Unix(), 10)
	return r
}

func signerOf(e *env) *EVMSigner {
	k := e.be.key("me")
	return &EVMSigner{C: e.client, Label: "me", Profile: "sandbox", Addr: k.evm.Address()}
}

func TestUnlockSignAndLockZeroes(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Sign(bg(), "me", "sandbox", e.read()); !errors.Is(err, ErrLocked) {
		t.Fatalf("sign before unlock: %v, want ErrLocked", err)
	}
	ks, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ks.IdleUntil.Sub(ks.Unlocked) != DefaultIdle || ks.Until.Sub(ks.Unlocked) != DefaultMax {
		t.Fatalf("limits %v / %v, want the policy's", ks.IdleUntil.Sub(ks.Unlocked), ks.Until.Sub(ks.Unlocked))
	}
	fa, err := wallet.SignFullAuthCall(signerOf(e), "POST", "transactions", readReq.Payload, testDeadline, e.clk.now())
	if err != nil {
		t.Fatal(err)
	}
	got, err := wallet.RecoverFullAuth(fa.Hash, readReq.Deadline, fa.Sign)
	if err != nil || got != signerOf(e).Addr {
		t.Fatalf("recovered %s, %v; want %s", got.Hex(), err, signerOf(e).Addr.Hex())
	}
	k := e.be.key("me")
	n, err := e.client.Lock(bg(), "me")
	if err != nil || n != 1 {
		t.Fatalf("lock: %d, %v", n, err)
	}
	if !*k.zeroed {
		t.Fatal("lock did not zero the key")
	}
	if _, err := k.evm.SignDigest(wallet.PurposeFullAuth, common.Hash{1}); !errors.Is(err, wallet.ErrZeroed) {
		t.Fatalf("the locked key still signs: %v", err)
	}
	if _, err := e.client.Sign(bg(), "me", "sandbox", e.read()); !errors.Is(err, ErrLocked) {
		t.Fatalf("sign after lock: %v, want ErrLocked", err)
	}
}

func TestIdleAndAbsoluteLimitsZeroTheKey(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", time.Hour, 10*time.Minute, nil); err != nil {
		t.Fatal(err)
	}
	k := e.be.key("me")
	// Used every 9 minutes, the key outlives the idle limit but not the absolute one.
	for i := 0; i < 6; i++ {
		e.clk.add(9 * time.Minute)
		if _, err := e.client.Sign(bg(), "me", "p", e.read()); err != nil {
			t.Fatalf("use %d at +%d min: %v", i, 9*(i+1), err)
		}
	}
	e.clk.add(7 * time.Minute) // 61 min after the unlock
	e.srv.sweep()
	if !*k.zeroed {
		t.Fatal("the key outlived its absolute limit")
	}
	if _, err := e.client.Sign(bg(), "me", "p", e.read()); !errors.Is(err, ErrLocked) {
		t.Fatalf("sign after the limit: %v", err)
	}

	if _, err := e.client.Unlock(bg(), KindEVM, "me", time.Hour, 10*time.Minute, nil); err != nil {
		t.Fatal(err)
	}
	k = e.be.key("me")
	e.clk.add(10 * time.Minute)
	st, err := e.client.Status(bg()) // status sweeps too
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Keys) != 0 || !*k.zeroed {
		t.Fatalf("idle key still held: %+v zeroed=%v", st.Keys, *k.zeroed)
	}
}

func TestForeignUserRefused(t *testing.T) {
	if !peerCredentials {
		t.Skip("this OS gives no peer credentials")
	}
	// The agent serves another user: this process is foreign to it.
	e := start(t, nil, nil, func(s *Server) { s.UID = os.Getuid() + 1 })
	_, err := e.client.Status(bg())
	var ae *Error
	if !errors.As(err, &ae) || ae.Code != CodeRejected || !strings.Contains(ae.Msg, "refused") {
		t.Fatalf("foreign connection: %v", err)
	}
}

func TestSocketModeAndDirectory(t *testing.T) {
	d := shortDir(t)
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(filepath.Join(d, SocketFile)); err == nil || !strings.Contains(err.Error(), "expected 0700") {
		t.Fatalf("listen in a 0755 directory: %v", err)
	}
	e := start(t, nil, nil)
	st, err := os.Stat(e.path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 || st.Mode()&os.ModeSocket == 0 {
		t.Fatalf("socket mode %v, want a 0600 socket", st.Mode())
	}
	if _, err := Listen(e.path); err == nil || !strings.Contains(err.Error(), "already answers") {
		t.Fatalf("second agent on a live socket: %v", err)
	}
	// A path that names a file (PURSE_AGENT_SOCK, the proxy's --listen unix:) is never removed.
	file := filepath.Join(shortDir(t), "notes.txt")
	if err := os.WriteFile(file, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(file); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("listen on a regular file: %v", err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "keep me" {
		t.Fatalf("the file was touched: %q %v", b, err)
	}
}

func TestPassphraseComesThroughADescriptor(t *testing.T) {
	e := start(t, nil, &fakeBackend{passphrase: "s3cret-pass"})
	_, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil)
	var ae *Error
	if !errors.As(err, &ae) || ae.Code != CodeNeedsPassphrase || ae.Prompt != `Passphrase for key "me"` {
		t.Fatalf("unlock without a passphrase: %v", err)
	}
	if _, err := e.client.UnlockWith(bg(), KindEVM, "me", 0, 0, []byte("wrong")); err == nil || strings.Contains(err.Error(), "wrong\n") {
		t.Fatalf("wrong passphrase: %v", err)
	}
	if _, err := e.client.UnlockWith(bg(), KindEVM, "me", 0, 0, []byte("s3cret-pass")); err != nil {
		t.Fatal(err)
	}
	// A file works as the source too (PURSE_PASSPHRASE_FILE).
	f := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(f, []byte("s3cret-pass\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, fh); err != nil {
		t.Fatalf("unlock from a file descriptor: %v", err)
	}
}

func TestPolicyFileErrorsNameTheLine(t *testing.T) {
	for src, want := range map[string]string{
		"[routes]\ntransactionz = \"allow\"\n":                    "routes.transactionz (line 2): not a full-auth route",
		"[purposes]\npermit = \"yes\"\n":                          `line 2: purposes.permit = "yes": expected "allow", "confirm" or "deny"`,
		"[unlock]\nidle = \"soon\"\n":                             `unlock.idle = "soon" (line 2): expected a positive duration`,
		"[purposes]\nfull-auth = \"allow\"\n[other]\nx = \"1\"\n": "unknown setting \"other",
		"[partner]\nmint = \"allow\"\nquotes = \"allow\"\n":       "partner.quotes (line 3): not a partner route",
	} {
		_, err := ParsePolicy([]byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
	p := DefaultPolicy()
	fa := func(route, payload string) wallet.Request {
		return wallet.Request{Purpose: wallet.PurposeFullAuth, Route: route, Payload: []byte(payload)}
	}
	for _, c := range []struct {
		r    wallet.Request
		want Outcome
	}{
		{fa("transactions", `{"pageSize":5}`), Allow},
		{fa("token-permit", permitBody), Confirm},
		{fa("card-status", cardStatusBody), Confirm},
		{fa("/api/v9/whatever", `{"whatever":1}`), Confirm},
		{fa("card", ""), Allow},             // an empty payload is a read
		{fa("card-status", ""), Allow},      // whatever the client calls it
		{fa("transactions", "{}"), Confirm}, // {} is also the body of issue-card and kyc-submit
		{fa("", "pageSize=5&x=1"), Confirm}, // a query no GET takes (none takes parameters)
		{fa("transactions", "{not json"), Confirm},
		{wallet.Request{Purpose: wallet.PurposePermit}, Confirm},
		{wallet.Request{Purpose: wallet.PurposeSolanaTx}, Confirm},
		{wallet.Request{Purpose: "made-up"}, Deny},
	} {
		if got := p.Decide(c.r).Outcome; got != c.want {
			t.Errorf("default policy on %s %s %q: %s, want %s (%s)", c.r.Purpose, c.r.Route, c.r.Payload, got, c.want, p.Decide(c.r).Line)
		}
	}
}

// A partner signature covers the body and the deadline, never the path: it is judged by the
// partner routes its body can be a request of, the strictest deciding. A quote or a status
// read is signed; a mint, an exchange, a deposit or a body no route has is confirmed; the
// [partner] lines of the file change that.
func TestPartnerAuthJudgedByItsPayload(t *testing.T) {
	pa := func(body, idName string) wallet.Request {
		return wallet.Request{Purpose: wallet.PurposePartnerAuth, Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthUR, Payload: []byte(body), IDName: idName, Deadline: 1}}
	}
	quote := `{"urId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR","network":"devnet"}`
	mint := `{"email":"a@b.c","evmAddress":"0x1","signature":"0x2","hash":"h","deadline":"1"}`
	exchange := `{"svcId":42,"inputToken":"EUR24","outputToken":"USD24","amount":"500","requestId":"r1"}`
	cases := []struct {
		r    wallet.Request
		want Outcome
		line string
	}{
		{pa(quote, ""), Allow, `partner.altchain-quote = "allow" (default)`},
		{pa(`{"tokenId":"1234567890","network":"5003"}`, ""), Allow, `the strictest of the routes this payload can be a request of (allow: idv-token, idv-status; the signature would serve any of them, so each of those lines decides)`},
		{pa(mint, ""), Confirm, `partner.mint = "confirm" (default)`},
		{pa(exchange, ""), Confirm, `partner.exchange = "confirm" (default)`},
		{pa(`{"svcId":42,"steal":true}`, ""), Confirm, "as the payload is the request of no route purse knows"},
		{pa(`{"acct":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR"}`, "acct"), Allow, "altchain-quote"},
	}
	p := DefaultPolicy()
	for _, c := range cases {
		d := p.Decide(c.r)
		if d.Outcome != c.want || !strings.Contains(d.Line, c.line) {
			t.Errorf("%s: %s (%s), want %s with %q", c.r.Partner.Payload, d.Outcome, d.Line, c.want, c.line)
		}
	}
	p, err := ParsePolicy([]byte("[partner]\naltchain-quote = \"confirm\"\nexchange = \"deny\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d := p.Decide(pa(quote, "")); d.Outcome != Confirm {
		t.Errorf("a quote under partner.altchain-quote = confirm: %+v", d)
	}
	if d := p.Decide(pa(exchange, "")); d.Outcome != Deny {
		t.Errorf("an exchange under partner.exchange = deny: %+v", d)
	}
	// The purpose's line is a floor: partner-auth = confirm asks for a quote too.
	p, _ = ParsePolicy([]byte("[purposes]\npartner-auth = \"confirm\"\n"))
	if d := p.Decide(pa(quote, "")); d.Outcome != Confirm {
		t.Errorf("a quote under purposes.partner-auth = confirm: %+v", d)
	}
}

// Every request within the signer's limits crosses the socket: the agent takes what the
// process would sign, no less.
func TestRequestsAtTheLimitsCrossTheSocket(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("\x01", wallet.MaxPayloadBytes) // JSON escapes none of a []byte; base64 it is
	for name, r := range map[string]wallet.Request{
		"payload": {Purpose: wallet.PurposeFullAuth, Payload: []byte(huge), Deadline: readReq.Deadline},
		"message": {Purpose: wallet.PurposePersonal, Message: []byte(huge[:wallet.MaxMessageBytes])},
		"form A":  {Purpose: wallet.PurposeFormA, Text: strings.Repeat("<", wallet.MaxFormABytes)}, // JSON writes < as \u003c
	} {
		if _, err := e.client.Sign(bg(), "me", "p", r); err != nil {
			t.Errorf("%s at the limit: %v", name, err)
		}
	}
	over := wallet.Request{Purpose: wallet.PurposeFullAuth, Payload: []byte(huge + "x"), Deadline: readReq.Deadline}
	if _, err := e.client.Sign(bg(), "me", "p", over); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Fatalf("over the limit: %v", err)
	}
}

// The agent's signatures are those of the key, byte for byte: a remote signer changes where
// the key lives, not what is signed.
func TestAgentSignaturesEqualLocalOnes(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	local := e.be.key("me").evm
	remote := signerOf(e)
	permit := wallet.Permit{Domain: wallet.PermitDomain{Name: "USD24", Version: "1", ChainID: big.NewInt(42161), VerifyingContract: common.HexToAddress("0xbE00f3db78688d9704BCb4e0a827aea3a9Cc0D62")},
		Owner: local.Address(), Spender: common.HexToAddress("0x1111111111111111111111111111111111111111"), Value: big.NewInt(1500), Nonce: big.NewInt(0), Deadline: big.NewInt(testDeadline)}
	a, err := wallet.SignPermit(local, permit)
	if err != nil {
		t.Fatal(err)
	}
	b, err := wallet.SignPermit(remote, permit)
	if err != nil || a.Signature != b.Signature {
		t.Fatalf("permit: local %s, agent %s (%v)", a.Signature, b.Signature, err)
	}
	fa, _ := wallet.SignFormA(local, "I declare.")
	fb, err := wallet.SignFormA(remote, "I declare.")
	if err != nil || fa != fb {
		t.Fatalf("form A: %v %v (%v)", fa, fb, err)
	}
	ma, _ := wallet.SignMintConsent(local, "consent", readReq.Deadline, e.clk.now())
	mb, err := wallet.SignMintConsent(remote, "consent", readReq.Deadline, e.clk.now())
	if err != nil || ma != mb {
		t.Fatalf("mint consent differs (%v)", err)
	}
	// A consent lives at most the service's 300 s (+ clock slack), here and in the agent;
	// a full-auth credential's 20 minutes is too long for it.
	late := strconv.FormatInt(e.clk.now().Add(15*time.Minute).Unix(), 10)
	for name, s := range map[string]wallet.EVMSigner{"in the process": local, "in the agent": remote} {
		if _, err := wallet.SignMintConsent(s, "consent", late, e.clk.now()); err == nil || !strings.Contains(err.Error(), "more than 5m0s ahead") {
			t.Errorf("%s: a consent 15 minutes ahead: %v", name, err)
		}
	}
}

func TestManyConcurrentClients(t *testing.T) {
	e := start(t, nil, nil)
	if _, err := e.client.Unlock(bg(), KindEVM, "me", 0, 0, nil); err != nil {
		t.Fatal(err)
	}
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := wallet.SignFullAuthCall(signerOf(e), "POST", "transactions", readReq.Payload, testDeadline, e.clk.now())
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, _ := e.client.Status(bg())
	if st.Keys[0].Signed != n {
		t.Fatalf("signed %d, want %d", st.Keys[0].Signed, n)
	}
}

// An empty-body POST can be the request of many routes (the IDV token read, a card issue,
// a KYC submission): the line that decides is the strictest, and the review names every
// route's line by its outcome, so the user edits the ones that ask, not only the one the
// client meant (issue 33).
func TestEmptyBodyNamesEveryLineThatDecides(t *testing.T) {
	d := DefaultPolicy().Decide(wallet.Request{Purpose: wallet.PurposeFullAuth, Payload: []byte("{}"), Route: "idv-access-token"})
	for _, want := range []string{`routes.issue-card = "confirm"`, "confirm: issue-card, kyc-submit;", "allow: idv-access-token,", "each of those lines decides"} {
		if d.Outcome != Confirm || !strings.Contains(d.Line, want) {
			t.Errorf("%s %s: lacks %q", d.Outcome, d.Line, want)
		}
	}
}
