package altchaintest

import (
	"strings"
	"testing"
	"time"

	"purse/altchain"
)

// TestLayerZeroDeposit: the real-shaped LayerZero deposit passes every rule with each of
// its writable accounts named (the treasury on the chain), lands, pays LayerZero's fee from
// the user and moves the endpoint's nonce; each malicious variant is refused before
// anything is signed: the swapped nonce offline, the user's extra token account and the
// user's nonce account when Verify resolves them on the chain.
func TestLayerZeroDeposit(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := e.sb.SetQuoteProgram(QuoteLayerZeroProgram); err != nil {
		t.Fatal(err)
	}
	opts := LayerZeroOptions()
	q := e.quote(t, "10000000")
	if q.ProgramID != LayerZeroProgramID || q.DstEid != altchain.SandboxEID || q.EndpointProgramID != altchain.SandboxEndpointProgramID {
		t.Fatalf("quote: program %s eid %d endpoint %s", q.ProgramID, q.DstEid, q.EndpointProgramID)
	}
	if len(q.Transaction) > altchain.MaxTransactionSize {
		t.Fatalf("%d bytes", len(q.Transaction))
	}
	r := altchain.Inspect(q, user, opts)
	if r.Rejected() || len(r.UnnamedWritable) != 1 || r.UnnamedWritable[0] != Treasury || r.Has("F32", altchain.Warn) {
		t.Fatalf("offline: unnamed %v, findings %v", r.UnnamedWritable, r.Findings)
	}
	nonce := lzSend(DstEid).Nonce()
	before := e.sb.Account(nonce).Data[9]
	lamports := e.sb.Lamports(user)
	p, err := altchain.Prepare(ctx(t), e.rpc, q, e.user, opts)
	if err != nil {
		t.Fatalf("prepare: %v (%v)", err, p)
	}
	if !hasFinding(p.Report, "B31", altchain.Info, "a wallet") {
		t.Fatalf("the treasury is not resolved: %v", p.Report.Findings)
	}
	if _, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond); err != nil {
		t.Fatalf("send: %v", err)
	}
	nf := e.sb.Config().NativeFeeLamports
	if got := e.sb.USDC(user); got != 40_000_000 {
		t.Fatalf("USDC after the deposit: %d", got)
	}
	if spent := lamports - e.sb.Lamports(user); spent != 5000+400+nf {
		t.Fatalf("the user paid %d lamports, want the fees %d", spent, 5000+400+nf)
	}
	if e.sb.Account(nonce).Data[9] != before+1 || e.sb.Lamports(Treasury) == SystemAccountRent {
		t.Fatal("the send did not move the nonce or pay the treasury")
	}

	for _, c := range []struct {
		kind, rule, want string
		offline          bool // refused by Inspect already
	}{
		{MaliciousSwapNonce, "B31", "LayerZero nonce's place", true},
		{MaliciousUserTokenAccount, "B31", "another token account of yours", false},
		{MaliciousUserOwnedAccount, "B31", "durable-nonce account whose authority is you", false},
	} {
		t.Run(c.kind, func(t *testing.T) {
			if err := e.sb.MaliciousNextQuote(c.kind); err != nil {
				t.Fatal(err)
			}
			bad := e.quote(t, "10000000")
			if ri := altchain.Inspect(bad, user, opts); ri.Rejected() != c.offline || (!c.offline && !ri.Has("B31", altchain.Warn)) {
				t.Fatalf("offline: %v", ri.Findings)
			}
			usdc, sol := e.sb.USDC(user), e.sb.Lamports(user)
			p, err := altchain.Prepare(ctx(t), e.rpc, bad, e.user, opts)
			if err == nil || p == nil || p.Signed != nil || !hasFinding(p.Report, c.rule, altchain.Reject, c.want) {
				t.Fatalf("prepare: %v %+v", err, p)
			}
			if e.sb.USDC(user) != usdc || e.sb.Lamports(user) != sol {
				t.Fatal("a refused deposit moved funds")
			}
		})
	}
}

// TestLayerZeroClassicAttacks: the malicious kinds of any program, played by the LayerZero
// program: the overdraw is invisible offline without a layout and refused at simulation
// (nothing sent); the others are refused before signing.
func TestLayerZeroClassicAttacks(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := e.sb.SetQuoteProgram(QuoteLayerZeroProgram); err != nil {
		t.Fatal(err)
	}
	opts := LayerZeroOptions()
	for _, c := range []struct{ kind, rule string }{
		{MaliciousExtraTransfer, "D17"}, {MaliciousSwapDeposit, "F24"}, {MaliciousDrainFee, "D20"}, {MaliciousOverdraw, "G29"},
	} {
		if err := e.sb.MaliciousNextQuote(c.kind); err != nil {
			t.Fatal(err)
		}
		bad := e.quote(t, "10000000")
		if bad.ProgramID != LayerZeroProgramID {
			t.Fatalf("%s: program %s", c.kind, bad.ProgramID)
		}
		p, err := altchain.Prepare(ctx(t), e.rpc, bad, e.user, opts)
		if err == nil || p == nil || !p.Report.Has(c.rule, altchain.Reject) {
			t.Fatalf("%s: %v %+v", c.kind, err, p)
		}
		if c.rule == "G29" && p.Report.Has("G28", altchain.Reject) {
			t.Fatalf("overdraw: the simulation itself failed instead of showing the overdraw: %v", p.Report.Rejections())
		}
	}
	if e.sb.USDC(user) != 50_000_000 {
		t.Fatal("an attack moved USDC")
	}
}

func hasFinding(r *altchain.Report, rule string, sev altchain.Severity, want string) bool {
	for _, f := range r.Findings {
		if f.Rule == rule && f.Severity == sev && strings.Contains(f.Message, want) {
			return true
		}
	}
	return false
}
