package account

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
	"purse/internal/epcqr"
)

// PayIn is where the account receives a bank transfer in one currency: the banking
// profile's deposit bank entry for it (spec 2.5), and for EUR the payload of the EPC QR code
// a banking app scans to fill in the transfer (EPC069-12; without an amount, the user types
// it in the app).
type PayIn struct {
	Currency string `json:"currency"`
	enduser.DepositBank
	// EPC is the EPC QR payload (EUR only; "" for other currencies, or when EPCErr says why
	// the entry cannot make one).
	EPC    string `json:"epcQr,omitempty"`
	EPCErr string `json:"epcQrError,omitempty"`
}

// PayIns reads the account's pay-in details: every deposit bank entry of its banking
// profile, by currency (the USD entry exists only once the USD IBAN is provisioned, spec
// 2.5). amount, when given, goes into the EUR entry's EPC payload.
func (sv Service) PayIns(ctx context.Context, u *app.Unlock, amount *decimal.Decimal) ([]PayIn, error) {
	p, err := sv.BankingProfile(ctx, u)
	if err != nil {
		return nil, err
	}
	var out []PayIn
	for _, cur := range slices.Sorted(maps.Keys(p.DepositBank)) {
		out = append(out, payIn(cur, p.DepositBank[cur], amount))
	}
	return out, nil
}

// PayInFor is the pay-in entry of currency; an error names the currencies the account has
// one for.
func (sv Service) PayInFor(ctx context.Context, u *app.Unlock, currency string, amount *decimal.Decimal) (PayIn, error) {
	all, err := sv.PayIns(ctx, u, amount)
	if err != nil {
		return PayIn{}, err
	}
	cur := strings.ToUpper(strings.TrimSpace(currency))
	var have []string
	for _, p := range all {
		if p.Currency == cur {
			return p, nil
		}
		have = append(have, p.Currency)
	}
	if len(have) == 0 {
		return PayIn{}, &app.Advice{Err: fmt.Errorf("the banking profile has no deposit bank entry"), Next: "Pay-in details come with a Live account: read the account status."}
	}
	// Not a FieldError: the banking profile was read (signed) to know the currencies.
	return PayIn{}, &app.Advice{Err: fmt.Errorf("currency: the account has no pay-in details for %q (it has %s)", currency, strings.Join(have, ", ")),
		Next: "Pick one of " + strings.Join(have, ", ") + "; a USD entry exists only once the USD IBAN is provisioned (spec 2.5)."}
}

func payIn(cur string, b enduser.DepositBank, amount *decimal.Decimal) PayIn {
	p := PayIn{Currency: cur, DepositBank: b}
	if cur != "EUR" {
		return p
	}
	epc, err := epcqr.Payload(epcqr.Transfer{Name: b.Payee, IBAN: b.Account, BIC: b.BIC, Amount: amount})
	if err != nil {
		p.EPCErr = err.Error()
		return p
	}
	p.EPC = epc
	return p
}
