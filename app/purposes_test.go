package app

import (
	"os"
	"strings"
	"testing"
	"time"

	"purse/app/review"
	"purse/wallet"
)

// bothWaysSamples is one request of each purpose the signing core declares, signed below in
// this process and through the agent. A purpose added to wallet without a sample here fails
// TestEveryPurposeSignsBothWays; the Solana deposit is signed both ways by its flow's test.
func bothWaysSamples(t *testing.T) map[wallet.Purpose]*wallet.Request {
	doc, err := os.ReadFile("../wallet/testdata/typeddata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	dl := deadlineIn(time.Minute)
	return map[wallet.Purpose]*wallet.Request{
		wallet.PurposeFullAuth:    {Method: "POST", Route: "transactions", Payload: []byte(`{"pageSize":5}`), Deadline: dl},
		wallet.PurposeMintConsent: {Hash: "consent", Deadline: dl},
		wallet.PurposePermit:      nil, // read against the chain: its flows' tests (permit_test.go) run both ways
		wallet.PurposeFormA:       {Text: "Form A"},
		wallet.PurposePersonal:    {Message: []byte("hello")},
		wallet.PurposePartnerAuth: {Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, Payload: []byte(`{}`), Deadline: time.Now().Add(time.Minute).Unix()}},
		wallet.PurposeSolanaTx:    nil, // app/deposit: TestDepositReviewShowsCurrencyAndBalancesBothWays
		wallet.PurposeTypedData:   {TypedData: doc},
		wallet.PurposeEVMTx:       nil, // read against the chain: app/money TestEVMDeposit runs both ways
	}
}

// Every purpose signs through the one gate in the process and through the agent: the
// signature recovers to the key over the digest the signing core builds, the approver saw
// the purpose's review, and the audit record carries its summary.
func TestEveryPurposeSignsBothWays(t *testing.T) {
	samples := bothWaysSamples(t)
	for _, p := range wallet.Purposes() {
		if _, ok := samples[p]; !ok {
			t.Errorf("purpose %s: no sample request here, so nothing signs it both ways", p)
		}
	}
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t).(wallet.RequestSigner)
		e.asked.set(func(Approval) error { return nil })
		for _, p := range wallet.Purposes() {
			r := samples[p]
			if r == nil {
				continue
			}
			r.Purpose = p
			before := e.asked.count()
			sig, err := s.SignRequest(*r)
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			digest, err := r.Digest(time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if got, err := wallet.RecoverDigest(digest, sig); err != nil || got != s.Address() {
				t.Errorf("%s: the signature recovers to %s (%v), not %s", p, got, err, s.Address())
			}
			if wallet.AsksByDefault(p) != (e.asked.count() > before) {
				t.Errorf("%s: asked %d times under the default policy, which asks: %v", p, e.asked.count()-before, wallet.AsksByDefault(p))
			}
			if rec := e.lastAudit(t); strings.Contains(rec.Summary, "no summary") || rec.Summary == "" {
				t.Errorf("%s: audit summary %q", p, rec.Summary)
			}
		}
	})
}

// A typed-data signature is reviewed as it is hashed: the domain, each value of the message
// in words, the hashes a device would show; the audit record names the struct, the domain
// and the digest. A document that does not read as one thing is refused before anyone is
// asked.
func TestTypedDataReviewShowsWhatIsHashed(t *testing.T) {
	doc, err := os.ReadFile("../wallet/testdata/typeddata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	td, err := wallet.ParseTypedData(doc)
	if err != nil {
		t.Fatal(err)
	}
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t).(wallet.RequestSigner)
		var shown Approval
		e.asked.set(func(a Approval) error { shown = a; return nil })
		if _, err := s.SignRequest(wallet.Request{Purpose: wallet.PurposeTypedData, TypedData: doc}); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := review.Write(&b, shown.Review); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, want := range []string{"Order for Purse Test Exchange", "items[0].id", "18446744073709551615", "big", "9007199254740993",
			"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "items[0].delta", "-32768", td.DomainSeparator.Hex(), td.MessageHash.Hex(), td.Digest.Hex(),
			"the domain's chain 7001 is not profile t's network 31337"} {
			if !strings.Contains(text, want) {
				t.Errorf("the review lacks %q:\n%s", want, text)
			}
		}
		if rec := e.lastAudit(t); !strings.Contains(rec.Summary, `typed data: Order for "Purse Test Exchange" (chain 7001, contract 0x5FbDB2315678afecb367f032d93F642f64180aa3), digest `+td.Digest.Hex()) {
			t.Errorf("audit summary %q", rec.Summary)
		}
		n, audited := e.asked.count(), e.audited(t)
		dup := strings.Replace(string(doc), `"open": true`, `"open": true, "open": false`, 1)
		if _, err := s.SignRequest(wallet.Request{Purpose: wallet.PurposeTypedData, TypedData: []byte(dup)}); err == nil || !strings.Contains(err.Error(), "open") {
			t.Fatalf("a document with a key twice: %v", err)
		}
		if e.asked.count() != n || e.audited(t) != audited {
			t.Fatal("a refused document was shown or audited")
		}
	})
}
