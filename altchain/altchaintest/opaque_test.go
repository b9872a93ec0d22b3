package altchaintest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
)

// TestOpaqueProgramDepositsBySimulation: quotes of a program purse has no layout for are
// signed on the strength of their accounts and the simulation of the signed bytes: a good
// one lands with exactly the requested USDC; one whose data takes more is refused at
// simulation (G29, nothing sent); one sending elsewhere is refused before signing (F24); a
// declared layout moves the overdraw refusal before signing.
func TestOpaqueProgramDepositsBySimulation(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := e.sb.SetQuoteProgram(QuoteOpaqueProgram); err != nil {
		t.Fatal(err)
	}

	q := e.quote(t, "10000000")
	if q.ProgramID != OpaqueProgramID {
		t.Fatalf("quote program %s", q.ProgramID)
	}
	// The profile pins the program it deposits through; the sandbox program's pin refuses it.
	if r := altchain.Inspect(q, user, Options()); !r.Has("D21", altchain.Reject) {
		t.Fatalf("another program than the pinned one: %v", r.Findings)
	}
	opts := OpaqueOptions()
	r := altchain.Inspect(q, user, opts)
	if r.Rejected() || !r.Has("F24", altchain.Warn) || !r.AmountBySimulation {
		t.Fatalf("offline: %v", r.Findings)
	}
	p, err := altchain.Prepare(ctx(t), e.rpc, q, e.user, opts)
	if err != nil {
		t.Fatalf("prepare: %v %v", err, p)
	}
	if _, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond); err != nil {
		t.Fatalf("send: %v", err)
	}
	if got := e.sb.USDC(user); got != 40_000_000 {
		t.Fatalf("USDC after the deposit: %d, want 40000000", got)
	}

	// More USDC in the data than requested: nothing statically wrong, refused at simulation.
	if err := e.sb.MaliciousNextQuote(MaliciousOverdraw); err != nil {
		t.Fatal(err)
	}
	over := e.quote(t, "10000000")
	if r := altchain.Inspect(over, user, opts); r.Rejected() {
		t.Fatalf("the overdraw is invisible offline without a layout: %v", r.Findings)
	}
	signer := &countingSigner{SolanaSigner: e.user}
	p, err = altchain.Prepare(ctx(t), e.rpc, over, signer, opts)
	var re *altchain.RejectedError
	if !errors.As(err, &re) || !p.Report.Has("G29", altchain.Reject) || len(p.Signed) != 0 {
		t.Fatalf("overdraw: %v %v", err, p.Report.Findings)
	}
	if !strings.Contains(findings(p.Report, "G29"), "11000000 USDC units leave") {
		t.Fatalf("G29 says: %s", findings(p.Report, "G29"))
	}
	// A declared layout reads the amount before anything is signed.
	if err := e.sb.MaliciousNextQuote(MaliciousOverdraw); err != nil {
		t.Fatal(err)
	}
	declared := OpaqueOptions()
	declared.Layouts = map[solana.PublicKey]altchain.Layout{OpaqueProgramID: OpaqueLayout}
	if r := altchain.Inspect(e.quote(t, "10000000"), user, declared); !r.Has("F24", altchain.Reject) {
		t.Fatalf("declared layout: %v", r.Findings)
	}

	// Another destination: refused offline and before signing.
	if err := e.sb.MaliciousNextQuote(MaliciousSwapDeposit); err != nil {
		t.Fatal(err)
	}
	swap := e.quote(t, "10000000")
	if r := altchain.Inspect(swap, user, opts); !r.Has("F24", altchain.Reject) {
		t.Fatalf("swap offline: %v", r.Findings)
	}
	signer = &countingSigner{SolanaSigner: e.user}
	if _, err := altchain.Prepare(ctx(t), e.rpc, swap, signer, opts); !errors.As(err, &re) || signer.count() != 0 {
		t.Fatalf("swap: %v, %d signatures", err, signer.count())
	}
	if e.sb.USDC(user) != 40_000_000 || e.sb.USDC(Attacker) != 0 {
		t.Fatal("funds moved")
	}
}

// TestMinUSDCIsComparedAfterFees: both programs compare minUsdcAmount with the amount after
// the contract fee, so a minimum equal to the amount fails (why purse omits it by default).
func TestMinUSDCIsComparedAfterFees(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	for program, opts := range map[string]*altchain.Options{QuoteSandboxProgram: Options(), QuoteOpaqueProgram: OpaqueOptions()} {
		if err := e.sb.SetQuoteProgram(program); err != nil {
			t.Fatal(err)
		}
		for min, ok := range map[string]bool{"10000000": false, "9950000": true, "0": true} {
			req := e.request("10000000")
			req.MinUSDCAmount = min
			res, err := e.partner.Quote(ctx(t), req)
			if err != nil {
				t.Fatalf("%s min %s: quote: %v", program, min, err)
			}
			p, err := altchain.Prepare(ctx(t), e.rpc, res.Quote, e.user, opts)
			if (err == nil) != ok {
				t.Errorf("program %q min %s: prepare %v (report %v)", program, min, err, p)
			}
			if !ok && err != nil && !strings.Contains(findings(p.Report, "G28"), "post-fee") {
				t.Errorf("program %q min %s: the refusal does not say why: %s", program, min, findings(p.Report, "G28"))
			}
		}
	}
}

func findings(r *altchain.Report, rule string) string {
	var b strings.Builder
	for _, f := range r.Findings {
		if f.Rule == rule {
			b.WriteString(f.Message + "; ")
		}
	}
	return b.String()
}
