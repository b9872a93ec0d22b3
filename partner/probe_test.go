package partner_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"purse/altchain/altchaintest"
	"purse/partner"
	"purse/wallet"
)

// A probe's answer comes back whatever its status, unsigned requests included, with the
// answer's signature read but not enforced: the caller judges who signed.
func TestProbeReadsTheAnswerSignature(t *testing.T) {
	w := newWorld(t, wallet.PartnerAuthSpec)
	c := ctx(t)
	pin := altchaintest.ResponseKey.Address()

	got, err := w.client.Probe(c, "/v1/idv-status-by-network", []byte("{}"), "")
	if err != nil || got.Status != http.StatusOK || !strings.Contains(string(got.Response), `"code":10001`) || !got.Signed || got.Signer != pin || got.SignatureErr != nil {
		t.Fatalf("unsigned request: %+v %v", got, err)
	}
	got, err = w.client.Probe(c, "/v1/idv-status-by-network", []byte("{}"), wallet.PartnerAuthSpec)
	if err != nil || !strings.Contains(string(got.Response), `"code":20002`) || got.Auth.Signature == "" {
		t.Fatalf("signed under the spec's form: %+v %v", got, err)
	}
	if got, _ = w.client.Probe(c, "/v1/idv-status-by-network", []byte("{}"), wallet.PartnerAuthUR); !strings.Contains(string(got.Response), `"code":10001`) {
		t.Fatalf("signed under UR's form: %s", got.Response)
	}
	if got, _ = w.client.Probe(c, "/v1/nothing", []byte("{}"), ""); got.Status != http.StatusNotFound {
		t.Fatalf("no route: %d", got.Status)
	}
	for mode, check := range map[string]func(*partner.Probed) bool{
		altchaintest.ResponseUnsigned: func(p *partner.Probed) bool { return !p.Signed && p.SignatureErr == nil },
		altchaintest.ResponseForeign:  func(p *partner.Probed) bool { return p.Signed && p.SignatureErr == nil && p.Signer != pin },
		altchaintest.ResponseTampered: func(p *partner.Probed) bool { return errors.Is(p.SignatureErr, partner.ErrResponseSignature) },
	} {
		if err := w.sb.SetFaults(altchaintest.Faults{ResponseSignature: mode}); err != nil {
			t.Fatal(err)
		}
		if got, err := w.client.Probe(c, "/v1/idv-status-by-network", []byte("{}"), ""); err != nil || !check(got) {
			t.Errorf("%s: %+v %v", mode, got, err)
		}
	}
	if _, err := w.client.Probe(c, "no-slash", nil, ""); err == nil {
		t.Fatal("a path without its slash was sent")
	}
	if _, err := (&partner.Client{BaseURL: w.srv.URL}).Probe(c, "/v1/x", nil, wallet.PartnerAuthSpec); err == nil {
		t.Fatal("signed without a signer")
	}
}
