package protocol

import (
	"strings"
	"testing"
)

// spec7 are the codes of spec 7's two lists (partner API and end-user retCode), plus
// 10011, which design 2.4 adds from public practice, and 10016, which the evidence adds
// (a token-permit answered "too frequent").
var spec7 = []int{10000, 10001, 10002, 10003, 10004, 10005, 10006, 10007, 10009, 10010, 10011, 10016, 10019,
	20001, 20002, 20003, 20004, 20007, 20011, 30001, 30006, 30007, 30008, 30010, 30011, 30012, 30031, 30032, 30034,
	4001, 40001, 40003, 50001, 50002, 50003}

func TestEveryCodeOfSpec7IsExplainedForBothAPIs(t *testing.T) {
	if got := len(Codes()); got != len(spec7) {
		t.Errorf("the table explains %d codes, spec 7 lists %d: %v", got, len(spec7), Codes())
	}
	for _, c := range spec7 {
		for _, api := range []API{EndUserAPI, PartnerAPI} {
			x, ok := Explain(api, c)
			m, mok := Meaning(api, c)
			if !ok || !mok || x == "" || m == "" || Advice(api, c) == "" || !strings.HasSuffix(x, Advice(api, c)) {
				t.Errorf("%s %d: %q / %q", api, c, x, m)
			}
		}
	}
	if _, ok := Explain(PartnerAPI, 12345); ok {
		t.Error("an unknown code is explained")
	}
	if m, ok := Meaning(EndUserAPI, 12345); ok || m != "" {
		t.Errorf("unknown code: %q", m)
	}
}

// 10000 is spec 7's "system error or upstream failure", never a promise that a retry works.
func TestSystemErrorIsNotRetryInALittleWhile(t *testing.T) {
	for _, api := range []API{EndUserAPI, PartnerAPI} {
		x, _ := Explain(api, 10000)
		if !strings.Contains(x, "system error or an upstream failure") || strings.Contains(x, "little while") {
			t.Errorf("%s 10000: %q", api, x)
		}
	}
}

// 10001 means the partner key's signature on one API and the account's on the other: each
// row says what to check there.
func TestAuthFailureDiffersByAPI(t *testing.T) {
	eu, _ := Explain(EndUserAPI, 10001)
	pa, _ := Explain(PartnerAPI, 10001)
	if !strings.Contains(eu, "token ID") || strings.Contains(eu, "partner_key") {
		t.Errorf("end-user 10001: %q", eu)
	}
	if !strings.Contains(pa, "partner_key") || !strings.Contains(pa, "partner_auth") || !strings.HasPrefix(pa, "The partner request was not authenticated") {
		t.Errorf("partner 10001: %q", pa)
	}
	// A duplicate mint is the same answer whichever code the service uses for it.
	m30001, _ := Meaning(PartnerAPI, 30001)
	m10005, _ := Meaning(PartnerAPI, 10005)
	if !strings.Contains(m30001, "already has an account NFT") || !strings.Contains(m10005, "already has an account NFT") {
		t.Errorf("duplicate mint: %q / %q", m30001, m10005)
	}
}

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{"": "", "a b": "A b.", "done.": "Done.", "énorme": "Énorme."} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
