package protocol

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	spec := Names{}
	if spec.Path("/api/v1/idv/create-access-token") != "/api/v1/idv/create-access-token" || spec.AccountIDHeader() != "X-Svc-Id" ||
		spec.AltchainField("altchainAddress") != "altchainAddress" || spec.Path("/v1/altchain/deposit/quote") != "/v1/altchain/deposit/quote" {
		t.Fatal("the zero Names must keep the spec's words")
	}
	ur := Names{IDV: "sumsub", SvcID: "urId", Altchain: "solana"}
	for got, want := range map[string]string{
		ur.Path("/api/v1/idv/create-access-token"):       "/api/v1/sumsub/create-access-token",
		ur.Path("/v1/altchain/deposit/quote"):            "/v1/solana/deposit/quote",
		ur.Path("/v1/idv-status-by-network"):             "/v1/sumsub-status-by-network", // a hyphenated word too (evidence §6)
		ur.Path("/v1/idvx/idv_token"):                    "/v1/idvx/idv_token",           // not a word of its own
		ur.AccountIDHeader():                             "X-Ur-Id",
		ur.AccountID():                                   "urId",
		ur.AltchainField("altchainAddress"):              "solanaAddress",
		ur.AltchainField("usdcAmount"):                   "usdcAmount",
		Names{SvcID: "accountTokenId"}.AccountIDHeader(): "X-Account-Token-Id",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	for _, bad := range [][2]string{{"idv", ""}, {"idv", "sum-sub"}, {"idv", "1x"}, {"svcId", "ur Id"}, {"vendor", "x"}, {"idv", strings.Repeat("a", 33)}} {
		if CheckName(bad[0], bad[1]) == nil {
			t.Errorf("CheckName(%q, %q) passed", bad[0], bad[1])
		}
	}
	if err := CheckName("svcId", "urId"); err != nil {
		t.Error(err)
	}
}

func TestParseRouteSetting(t *testing.T) {
	for v, want := range map[string]RouteSetting{
		"/api/v9/card":                   {Path: "/api/v9/card"},
		"POST":                           {Method: "POST"},
		"full":                           {Auth: "full"},
		"full POST /api/v1/onramp-limit": {Method: "POST", Path: "/api/v1/onramp-limit", Auth: "full"},
		"  GET   none ":                  {Method: "GET", Auth: "none"},
	} {
		got, err := ParseRouteSetting(v)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", v, got, err, want)
		}
		if again, _ := ParseRouteSetting(got.String()); again != got {
			t.Errorf("%q does not read back: %q", v, got.String())
		}
	}
	for _, bad := range []string{"", "PUT", "post", "api/v2", "/a?b=1", "POST GET", "/a /b", "full basic", "signed"} {
		if _, err := ParseRouteSetting(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
