package endusertest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestStandIns(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"retCode":0,"result":"passed"}`)
	})
	refuse := httptest.NewServer(RefuseSignatures(next))
	t.Cleanup(refuse.Close)
	yes := httptest.NewServer(YesMan())
	t.Cleanup(yes.Close)
	get := func(base, path string, h map[string]string) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader("{}"))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if got := get(refuse.URL, "/api/v2/transactions", map[string]string{"tokenId": "1", "sign": "0x1"}); !strings.Contains(got, `"retCode":10001`) {
		t.Fatalf("signed: %s", got)
	}
	if got := get(refuse.URL, "/v1/mint/nft", map[string]string{"X-Api-Signature": "0x1"}); !strings.Contains(got, `"code":10001`) {
		t.Fatalf("partner signed: %s", got)
	}
	if got := get(refuse.URL, "/api/v2/account-status", map[string]string{"tokenId": "1"}); !strings.Contains(got, "passed") {
		t.Fatalf("unsigned: %s", got)
	}
	a, b := get(yes.URL, "/anything", nil), get(yes.URL, "/api/v2/card", map[string]string{"sign": "0x1"})
	if a != YesManAnswer || b != a {
		t.Fatalf("the yes-man said %s and %s", a, b)
	}
}
