package permit

import (
	"errors"
	"strings"
	"testing"

	"purse/app"
	"purse/enduser"
)

// Issue 11 case 8: a permit of 0 is refused before anything is signed.
func TestCheckPermitRefusesZeroAmount(t *testing.T) {
	ch := enduser.Chain{ChainIdentifier: "eip155:31337", Tokens: []enduser.Token{{Symbol: "EUR24", TokenIdentifier: "0x0000000000000000000000000000000000000c01", Decimals: 2}}}
	c := Context{Chain: ch, CardSpender: "0x9561C133DD8580860B6b7E504bC5Aa500f0f06a7"}
	for _, f := range []Form{
		{TokenName: "EUR24", Amount: "0", Role: app.RoleCard},
		{TokenName: "EUR24", Amount: "0.00", Role: app.RoleCard},
		{TokenName: "EUR24", Amount: "1.00", PermitAmount: "0", Role: app.RoleCard},
	} {
		var fe *app.FieldError
		if _, err := Check(c, f); !errors.As(err, &fe) || !strings.Contains(err.Error(), "above 0") {
			t.Errorf("%+v: %v", f, err)
		}
	}
	if pl, err := Check(c, Form{TokenName: "EUR24", Amount: "0.01", Role: app.RoleCard}); err != nil || pl.Value.Int64() != 1 {
		t.Errorf("0.01: %+v %v", pl, err)
	}
}
