package account

import (
	"strings"
	"testing"

	"purse/enduser"
)

// The service's text goes into the EPC payload one field a line: a payee holding a line
// break would write the next field (another IBAN) of its own, so the entry gets no code and
// says why; other currencies get none (no EPC QR outside EUR).
func TestPayInMakesNoCodeOfForgedFields(t *testing.T) {
	b := enduser.DepositBank{Account: "CH3408837003059114047", BIC: "SBXXCHZZ", Payee: "Tester\nDE02120300000000202051", Bank: "Bank"}
	p := payIn("EUR", b, nil)
	if p.EPC != "" || !strings.Contains(p.EPCErr, "name: holds a line break") {
		t.Fatalf("a forged payee: %+v", p)
	}
	b.Payee = "Tester"
	if p := payIn("CHF", b, nil); p.EPC != "" || p.EPCErr != "" || p.Account != b.Account {
		t.Fatalf("CHF: %+v", p)
	}
}
