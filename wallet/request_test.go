package wallet

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

var reqNow = time.Unix(1800000000, 0)

func reqDeadline(d time.Duration) string { return strconv.FormatInt(reqNow.Add(d).Unix(), 10) }

// Each purpose takes only its own fields: the attacks of issue 21 (a consent message asked
// as partner-auth, a full-auth request with a literal hash equal to a mint consent, a bare
// consent message) are requests no signer builds a digest for.
func TestRequestCheckRefusesAnotherPurposesFields(t *testing.T) {
	fa, err := SignFullAuth(devSigner(t), []byte(`{"cardTokenId":"1","status":0}`), reqNow.Add(time.Minute).Unix(), reqNow)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		r    Request
		want string
	}{
		"partner-auth given a consent message": {Request{Purpose: PurposePartnerAuth, Message: []byte(fa.Message)}, `field "message" belongs to another purpose`},
		"partner-auth payload is a consent message": {Request{Purpose: PurposePartnerAuth, Partner: &PartnerCall{Variant: PartnerAuthUR,
			Payload: []byte(fa.Message), Deadline: reqNow.Unix() + 60}}, "consent prefix"},
		"full-auth with a literal hash":         {Request{Purpose: PurposeFullAuth, Hash: "0xabc", Deadline: reqDeadline(time.Minute)}, `field "hash" belongs to another purpose`},
		"full-auth as a bare consent message":   {Request{Purpose: PurposeFullAuth, Message: []byte(fa.Message)}, `field "message"`},
		"mint consent in a payload hash's form": {Request{Purpose: PurposeMintConsent, Hash: fa.Hash, Deadline: reqDeadline(time.Minute)}, "full-auth credential"},
		"personal consent message":              {Request{Purpose: PurposePersonal, Message: []byte(fa.Message)}, "full-auth credential"},
		"form A consent message":                {Request{Purpose: PurposeFormA, Text: fa.Message}, "full-auth credential"},
		"permit with a message":                 {Request{Purpose: PurposePermit, Message: []byte("x")}, `field "message"`},
		"solana-tx with a permit":               {Request{Purpose: PurposeSolanaTx, Message: []byte{1}, Permit: &Permit{}}, `field "permit"`},
		"no purpose":                            {Request{Message: []byte("x")}, "purpose"},
		"made-up purpose":                       {Request{Purpose: "anything", Message: []byte("x")}, "not one purse signs"},
		"full-auth method":                      {Request{Purpose: PurposeFullAuth, Method: "DELETE", Deadline: reqDeadline(time.Minute)}, "expected GET or POST"},
		"partner-auth with a mint e-mail":       {Request{Purpose: PurposePartnerAuth, MintEmail: "a@example.com"}, `field "mintEmail" belongs to another purpose`},
		"mint e-mail over the limit":            {Request{Purpose: PurposeMintConsent, Hash: "purse: mint", Deadline: reqDeadline(time.Minute), MintEmail: strings.Repeat("a", MaxNameBytes+1)}, "mintEmail of"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := c.r.Digest(reqNow)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// Deadlines are decimal numbers within the protocol's window of the signer's clock.
func TestRequestDeadlineBounds(t *testing.T) {
	for _, c := range []struct {
		deadline string
		any, ok  bool
		// consentOK is what a mint consent gets where it differs from a full-auth
		// request: its bound is the service's 300 s, not 20 minutes.
		consentOK *bool
	}{
		{deadline: reqDeadline(5 * time.Minute), ok: true},
		{deadline: reqDeadline(5*time.Minute + ClockSlack), ok: true},
		{deadline: reqDeadline(5*time.Minute + ClockSlack + time.Second), ok: true, consentOK: new(bool)},
		{deadline: reqDeadline(20*time.Minute + ClockSlack), ok: true, consentOK: new(bool)},
		{deadline: reqDeadline(20*time.Minute + ClockSlack), any: true, ok: true},
		{deadline: reqDeadline(20*time.Minute + ClockSlack + time.Second), ok: false},
		{deadline: "32503680000", any: false, ok: false}, // year 3000
		{deadline: reqDeadline(-ClockSlack), any: false, ok: false},
		{deadline: "1", any: false, ok: false},
		{deadline: "1", any: true, ok: true}, // a tester's expired credential, asked for by name
		{deadline: "abc", any: false, ok: false},
		{deadline: "abc", any: true, ok: false},
		{deadline: "0" + reqDeadline(time.Minute), any: false, ok: false},
		{deadline: "-5", any: true, ok: false},
		{deadline: "", any: false, ok: false},
		{deadline: "99999999999999999999", any: true, ok: false},
	} {
		for _, p := range []Purpose{PurposeFullAuth, PurposeMintConsent} {
			r := Request{Purpose: p, Deadline: c.deadline, AnyDeadline: c.any}
			if p == PurposeMintConsent {
				r.Hash = "consent"
			}
			want := c.ok
			if p == PurposeMintConsent && c.consentOK != nil {
				want = *c.consentOK
			}
			_, err := r.Digest(reqNow)
			if (err == nil) != want {
				t.Errorf("%s deadline %q any=%v: %v, want ok=%v", p, c.deadline, c.any, err, want)
			}
		}
	}
	partner := func(d int64) Request {
		return Request{Purpose: PurposePartnerAuth, Partner: &PartnerCall{Variant: PartnerAuthSpec, Payload: []byte(`{}`), SvcID: "12", Deadline: d}}
	}
	if _, err := partner(reqNow.Add(5 * time.Minute).Unix()).Digest(reqNow); err != nil {
		t.Fatal(err)
	}
	if _, err := partner(reqNow.Add(5*time.Minute + ClockSlack + time.Second).Unix()).Digest(reqNow); err == nil {
		t.Fatal("a partner deadline past 5 minutes (with slack) was accepted")
	}
}

// An empty payload is a payload: nil, empty and a JSON round trip (which drops it) sign the
// same digest, the keccak256 of no bytes (every GET without a query).
func TestRequestEmptyPayloadSurvivesTheWire(t *testing.T) {
	a := Request{Purpose: PurposeFullAuth, Method: "GET", Route: "card", Deadline: reqDeadline(time.Minute)}
	b := a
	b.Payload = []byte{}
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var c Request
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	var digests []common.Hash
	for _, r := range []Request{a, b, c} {
		d, err := r.Digest(reqNow)
		if err != nil {
			t.Fatal(err)
		}
		digests = append(digests, d)
	}
	if digests[0] != digests[1] || digests[1] != digests[2] {
		t.Fatalf("digests differ: %v", digests)
	}
	if a.FullAuthHash() != PayloadHash(nil) {
		t.Fatal("the hash of no payload is not keccak256 of no bytes")
	}
}

// The limits are the same for every signer; a request at a limit signs, one byte over does not.
func TestRequestLimits(t *testing.T) {
	dl := reqDeadline(time.Minute)
	for _, c := range []struct {
		name string
		at   func(n int) Request
		max  int
	}{
		{"full-auth payload", func(n int) Request {
			return Request{Purpose: PurposeFullAuth, Payload: bytes.Repeat([]byte("a"), n), Deadline: dl}
		}, MaxPayloadBytes},
		{"personal message", func(n int) Request { return Request{Purpose: PurposePersonal, Message: bytes.Repeat([]byte("a"), n)} }, MaxMessageBytes},
		{"form A", func(n int) Request { return Request{Purpose: PurposeFormA, Text: strings.Repeat("a", n)} }, MaxFormABytes},
		{"partner payload", func(n int) Request {
			return Request{Purpose: PurposePartnerAuth, Partner: &PartnerCall{Variant: PartnerAuthUR, Payload: bytes.Repeat([]byte("a"), n), Deadline: reqNow.Unix() + 60}}
		}, MaxPayloadBytes},
		{"mint hash", func(n int) Request {
			return Request{Purpose: PurposeMintConsent, Hash: strings.Repeat("a", n), Deadline: dl}
		}, MaxHashBytes},
	} {
		if _, err := c.at(c.max).Digest(reqNow); err != nil {
			t.Errorf("%s at the limit: %v", c.name, err)
		}
		if _, err := c.at(c.max + 1).Digest(reqNow); err == nil || !strings.Contains(err.Error(), "over the limit") {
			t.Errorf("%s over the limit: %v", c.name, err)
		}
	}
}

// No purpose produces another's digest: the consent prefix is full-auth's and the mint
// consent's alone, and a text in the form of a partner-auth message (a space and a Unix time
// at its end) is partner-auth's alone. Personal and Form A both sign a text shown whole, and
// differ only by their text.
func TestRequestDigestsAreDisjointAcrossPurposes(t *testing.T) {
	text := `{"a":1}`
	dl := reqDeadline(time.Minute)
	d, _ := strconv.ParseInt(dl, 10, 64)
	owner := devSigner(t).Address()
	partner := Request{Purpose: PurposePartnerAuth, Partner: &PartnerCall{Variant: PartnerAuthUR, Payload: []byte(text), Deadline: d}}
	reqs := map[Purpose]Request{
		PurposeFullAuth:    {Purpose: PurposeFullAuth, Payload: []byte(text), Deadline: dl},
		PurposeMintConsent: {Purpose: PurposeMintConsent, Hash: text, Deadline: dl},
		PurposeFormA:       {Purpose: PurposeFormA, Text: "I declare " + text},
		PurposePersonal:    {Purpose: PurposePersonal, Message: []byte(text)},
		PurposePartnerAuth: partner,
		PurposePermit: {Purpose: PurposePermit, Permit: &Permit{Domain: PermitDomain{Name: "T", Version: "1", ChainID: big.NewInt(1), VerifyingContract: common.HexToAddress("0x1")},
			Owner: owner, Spender: common.HexToAddress("0x2"), Value: big.NewInt(1), Nonce: big.NewInt(0), Deadline: big.NewInt(d)}},
	}
	tx := castTxs()["deposit"]
	reqs[PurposeEVMTx] = Request{Purpose: PurposeEVMTx, Transaction: &tx}
	seen := map[common.Hash]Purpose{}
	for p, r := range reqs {
		dg, err := r.Digest(reqNow)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if q, dup := seen[dg]; dup {
			t.Fatalf("%s and %s sign the same digest", p, q)
		}
		seen[dg] = p
	}
	// The partner-auth message asked under the other text purposes is refused.
	msg := partner.Partner.Message()
	for _, r := range []Request{{Purpose: PurposePersonal, Message: []byte(msg)}, {Purpose: PurposeFormA, Text: msg}} {
		if _, err := r.Digest(reqNow); err == nil || !strings.Contains(err.Error(), "partner-auth") {
			t.Errorf("%s of a partner-auth message: %v", r.Purpose, err)
		}
	}
	// A message that merely ends in a small number is fine.
	if _, err := (Request{Purpose: PurposePersonal, Message: []byte("pay 100")}).Digest(reqNow); err != nil {
		t.Fatal(err)
	}
}

// A route is a name of the route table or a path: one with a control, format or separator
// character, or invalid UTF-8, is refused naming the route field; a name or path is not.
func TestRequestRouteIsPrintable(t *testing.T) {
	now := time.Now()
	dl := strconv.FormatInt(now.Add(time.Minute).Unix(), 10)
	for _, route := range []string{"", "card-status", "/api/v2/some-route", "/api/v2/caf\u00e9 page"} {
		r := Request{Purpose: PurposeFullAuth, Method: "POST", Route: route, Payload: []byte(`{}`), Deadline: dl}
		if err := r.Check(now); err != nil {
			t.Errorf("route %q: %v", route, err)
		}
	}
	for _, route := range []string{"card\x1b[2J", "card\x1b]0;x\x07", "card\u009b31m", "card\u202e", "card\u200b", "card\u2028", "card\r\nFORGED", "card\n", "card\xff", "card\x7f"} {
		r := Request{Purpose: PurposeFullAuth, Method: "POST", Route: route, Payload: []byte(`{}`), Deadline: dl}
		err := r.Check(now)
		if err == nil || !strings.HasPrefix(err.Error(), "full-auth request: route ") {
			t.Errorf("route %q: %v", route, err)
		}
	}
}
