package enduser

import (
	"encoding/json"
	"testing"
)

func TestTransactionFieldsListsEveryField(t *testing.T) {
	var tx Transaction
	raw := `{"id":7,"svcId":"123","amount":"-12.50","type":"CRD","timestamp":1790000000,"currency":"eur","direction":"OUT",
		"inputAmount":"1250","mcc":5411,"crdMultiToken":[{"token":"EUR24","amount":"12.50"}],"notes":"Grüße"}`
	if err := json.Unmarshal([]byte(raw), &tx); err != nil {
		t.Fatal(err)
	}
	fields := TransactionFields(tx)
	got := map[string]string{}
	for _, kv := range fields {
		got[kv[0]] = kv[1]
	}
	want := map[string]string{"id": "7", "svcId": "123", "amount": "-12.5", "type": "CRD", "timestamp": "1790000000",
		"inputAmount": "1250", "outputAmount": "", "mcc": "5411", "notes": "Grüße", "txHash": ""}
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s = %q (present %v), want %q", k, g, ok, v)
		}
	}
	// spec 2.9: 32 fields of TransactionData + id, fee, transferredAmount, notes.
	if len(fields) != 36 || fields[0][0] != "id" {
		t.Fatalf("%d fields, first %q", len(fields), fields[0][0])
	}
	if got["crdMultiToken"] == "" {
		t.Fatal("crdMultiToken lost")
	}
}

func TestAPIErrorGivesItsExplanationAsNextStep(t *testing.T) {
	var err error = newAPIError(RouteAccountStatus, 10001, "", "bad sign", false, 200)
	ns, ok := err.(interface{ NextStep() string })
	if !ok || ns.NextStep() == "" || ns.NextStep() != err.(*APIError).Explanation {
		t.Fatalf("NextStep of %v", err)
	}
}
