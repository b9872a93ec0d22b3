package endusertest

import (
	"encoding/json"
	"net/http"
	"time"
)

// Stand-ins that are not the service, for tests of what a client concludes from answers
// (purse doctor): a service that refuses every signature, and one that says yes to anything.

// RefuseSignatures answers every signed request with the authentication failure of its API
// (end-user: retCode 10001; partner: code 10001, as spec 7 numbers it on both) and passes
// the unsigned ones to next: a service whose every signed call fails, as one does for a key
// that is not the account's, a wrong token ID or network, or a clock far off.
func RefuseSignatures(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		switch {
		case r.Header.Get("sign") != "":
			body = map[string]any{"retCode": CodeAuth, "retMsg": "signature refused", "result": nil, "timeNow": time.Now().UnixMilli()}
		case r.Header.Get("X-Api-Signature") != "":
			body = map[string]any{"code": CodeAuth, "message": "partner auth: signature refused", "data": nil}
		default:
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(body)
	})
}

// YesManAnswer is what YesMan answers: a success of the end-user envelope whose result holds
// a little of every route's answer (an account status, a chain, a page of history, a card, a
// profile), as a stand-in trying to pass for the service would.
const YesManAnswer = `{"retCode":0,"retMsg":"success","timeNow":1767225600000,"result":{` +
	`"statusStr":"Live","status":5,"kycFlow":{"currentStep":0,"currentStepStr":"UNKNOWN"},` +
	`"chains":[{"chainIdentifier":"eip155:31337","tokens":[]}],` +
	`"transactions":[{"id":1,"amount":"12.34","currency":"eur"}],"hasNextPage":true,"nextCursor":{"timestamp":1,"id":1},` +
	`"tokenId":"1234567890","br":"Yes Man","iban":"CH0000000000000000000","status":"Active","cardToken":"ct_yes",` +
	`"maxAmounts":{"EUR":"100.00"},"minAmounts":{"EUR":"1.00"},"timestamp":1767225600000}}`

// YesMan answers every request, whatever its method, path and headers, with the same
// success (YesManAnswer): nothing it says depends on what was asked.
func YesMan() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(YesManAnswer))
	})
}
