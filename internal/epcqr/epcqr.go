// Package epcqr writes the payload of an EPC QR code ("GiroCode", the European Payments
// Council's guideline EPC069-12, version 002): a SEPA credit transfer a banking app fills in
// from a scan. Every field is checked against the guideline's limits, and a field holding a
// line break or another control character is refused: the payload is one field per line, so
// such a field (from a service's answer) would write fields of its own.
package epcqr

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// Transfer is what the code asks the banking app to send. Amount is optional (nil: the user
// types it); Remittance is optional unstructured text.
type Transfer struct {
	Name       string // the beneficiary, at most 70 characters
	IBAN       string // spaces are dropped
	BIC        string // optional in version 002 (within the EEA); 8 or 11 characters
	Amount     *decimal.Decimal
	Remittance string // at most 140 characters
}

// MaxPayload is the guideline's limit of the whole payload, in bytes.
const MaxPayload = 331

var (
	minAmount = decimal.RequireFromString("0.01")
	maxAmount = decimal.RequireFromString("999999999.99")
)

// Payload is the code's text: service tag BCD, version 002, character set 1 (UTF-8),
// identification SCT, then BIC, name, IBAN, amount, purpose, structured and unstructured
// remittance, one a line. An error names the field at fault.
func Payload(t Transfer) (string, error) {
	iban := strings.ToUpper(strings.ReplaceAll(t.IBAN, " ", ""))
	bic := strings.ToUpper(strings.TrimSpace(t.BIC))
	if err := oneLineEach(map[string]string{"name": t.Name, "IBAN": iban, "BIC": bic, "remittance": t.Remittance}); err != nil {
		return "", err
	}
	switch n := utf8.RuneCountInString(t.Name); {
	case strings.TrimSpace(t.Name) == "":
		return "", errors.New("epc qr: name: the beneficiary is required")
	case n > 70:
		return "", fmt.Errorf("epc qr: name: %d characters, at most 70", n)
	}
	if !ibanShape(iban) {
		return "", fmt.Errorf("epc qr: IBAN %q: expected two letters, two check digits and up to 30 letters or digits", iban)
	}
	if bic != "" && !bicShape(bic) {
		return "", fmt.Errorf("epc qr: BIC %q: expected 8 or 11 letters or digits", bic)
	}
	amount := ""
	if t.Amount != nil {
		a := *t.Amount
		if a.LessThan(minAmount) || a.GreaterThan(maxAmount) || !a.Equal(a.Truncate(2)) {
			return "", fmt.Errorf("epc qr: amount %s: expected EUR 0.01 to 999999999.99 with at most 2 decimals", a)
		}
		amount = "EUR" + a.StringFixed(2)
	}
	if n := utf8.RuneCountInString(t.Remittance); n > 140 {
		return "", fmt.Errorf("epc qr: remittance: %d characters, at most 140", n)
	}
	lines := []string{"BCD", "002", "1", "SCT", bic, t.Name, iban, amount, "", "", t.Remittance}
	// Trailing empty fields may be left out.
	for len(lines) > 7 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := strings.Join(lines, "\n")
	if len(out) > MaxPayload {
		return "", fmt.Errorf("epc qr: %d bytes, over the guideline's %d", len(out), MaxPayload)
	}
	return out, nil
}

// oneLineEach refuses a field holding a line break or another control character, naming
// it (the first in name order, so the error is the same every time).
func oneLineEach(fields map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		v := fields[name]
		if strings.ContainsFunc(v, unicode.IsControl) || strings.ContainsAny(v, "\u2028\u2029") {
			return fmt.Errorf("epc qr: %s: holds a line break or a control character", name)
		}
	}
	return nil
}

func ibanShape(s string) bool {
	if len(s) < 5 || len(s) > 34 {
		return false
	}
	for i, r := range s {
		switch {
		case i < 2 && (r < 'A' || r > 'Z'):
			return false
		case i >= 2 && i < 4 && (r < '0' || r > '9'):
			return false
		case (r < 'A' || r > 'Z') && (r < '0' || r > '9'):
			return false
		}
	}
	return true
}

func bicShape(s string) bool {
	if len(s) != 8 && len(s) != 11 {
		return false
	}
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
