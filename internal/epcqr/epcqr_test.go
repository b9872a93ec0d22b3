package epcqr

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// The guideline's example layout: BCD, 002, 1, SCT, BIC, name, IBAN, EUR amount, then the
// remittance; trailing empty fields dropped.
func TestPayload(t *testing.T) {
	amt := decimal.RequireFromString("12.3")
	got, err := Payload(Transfer{Name: "Franz Mustermänn", IBAN: "DE71 1100 2203 4567 8901 23", BIC: "bfswde33ber", Amount: &amt, Remittance: "Invoice 42"})
	want := "BCD\n002\n1\nSCT\nBFSWDE33BER\nFranz Mustermänn\nDE71110022034567890123\nEUR12.30\n\n\nInvoice 42"
	if err != nil || got != want {
		t.Fatalf("%q %v\nwant %q", got, err, want)
	}
	got, err = Payload(Transfer{Name: "Sandbox Tester", IBAN: "CH9300762011623852957"})
	if err != nil || got != "BCD\n002\n1\nSCT\n\nSandbox Tester\nCH9300762011623852957" {
		t.Fatalf("without BIC and amount: %q %v", got, err)
	}
}

// A service's text that would write fields of its own (a line break in the name or the
// IBAN), or break a limit, is refused naming the field: a lazier join would hand the
// banking app another beneficiary's IBAN on the next line.
func TestPayloadRefusesWhatWouldForgeAField(t *testing.T) {
	amt := func(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }
	for _, c := range []struct {
		t    Transfer
		want string
	}{
		{Transfer{Name: "Tester\nDE02120300000000202051", IBAN: "CH9300762011623852957"}, "name: holds a line break"},
		{Transfer{Name: "Tester", IBAN: "CH93\r\n00762011623852957"}, "IBAN: holds a line break"},
		{Transfer{Name: "Tester\u2028x", IBAN: "CH9300762011623852957"}, "name: holds a line break"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", Remittance: "a\x1b[2Jb"}, "remittance: holds"},
		{Transfer{Name: " ", IBAN: "CH9300762011623852957"}, "name: the beneficiary is required"},
		{Transfer{Name: strings.Repeat("n", 71), IBAN: "CH9300762011623852957"}, "name: 71 characters"},
		{Transfer{Name: "Tester", IBAN: "9300762011623852957"}, "IBAN"},
		{Transfer{Name: "Tester", IBAN: "CH93-0076"}, "IBAN"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", BIC: "ABC"}, "BIC"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", Amount: amt("0")}, "amount 0"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", Amount: amt("1.005")}, "amount 1.005"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", Amount: amt("1000000000")}, "amount"},
		{Transfer{Name: "Tester", IBAN: "CH9300762011623852957", Remittance: strings.Repeat("r", 141)}, "remittance: 141"},
	} {
		if _, err := Payload(c.t); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.t, err, c.want)
		}
	}
}
