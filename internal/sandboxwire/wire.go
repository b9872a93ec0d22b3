// Package sandboxwire holds the wire types of the sandbox's control surface, which both its
// client (sandboxctl) and its server (enduser/endusertest) speak: a leaf below both, so the
// server depends on no client.
package sandboxwire

// CaptchaPass is the captchaOutput the sandbox accepts in place of a solved captcha.
const CaptchaPass = "sandbox-pass"

// Faults describe injected failures for /api/ routes. At most one of HTTPStatus,
// ErrorCode/ErrorMsg, RetCode/RetMsg, ResultAsString, TruncateJSON, NoContent, PhantomTxHash,
// Duplicate and Relay is set; LatencyMs combines with any of them. The zero value (faults {})
// clears them.
type Faults struct {
	// Route limits the faults to one path, e.g. "/api/v2/br"; empty = every /api/ route.
	Route string `json:"route,omitempty"`
	// Count affects only the next Count matching requests; 0 = until cleared.
	Count int `json:"count,omitempty"`
	// RatePercent affects that share of matching requests, drawn from a generator seeded
	// with the sandbox's seed (reseeded by every SetFaults); 0 = every matching request.
	RatePercent int `json:"ratePercent,omitempty"`
	// LatencyMs delays the response.
	LatencyMs int `json:"latencyMs,omitempty"`
	// HTTPStatus answers with this 5xx status and a plain-text gateway body; the request is
	// not executed.
	HTTPStatus int `json:"httpStatus,omitempty"`
	// ErrorCode/ErrorMsg answer {error_code, error_msg} (HTTP 200, gateway style); the request
	// is not executed.
	ErrorCode int    `json:"errorCode,omitempty"`
	ErrorMsg  string `json:"errorMsg,omitempty"`
	// ResultAsString executes the request and re-encodes its `result` as a JSON string.
	ResultAsString bool `json:"resultAsString,omitempty"`
	// TruncateJSON executes the request and cuts its body in half.
	TruncateJSON bool `json:"truncateJson,omitempty"`
	// NoContent executes the request and answers HTTP 204 with an empty body.
	NoContent bool `json:"noContent,omitempty"`
	// RetCode/RetMsg answer the envelope {retCode, retMsg} with HTTP 200; the request is not
	// executed unless AfterExecute.
	RetCode int    `json:"retCode,omitempty"`
	RetMsg  string `json:"retMsg,omitempty"`
	// AfterExecute, with HTTPStatus or RetCode, executes the request first and then answers
	// the status or the code (a gateway that forwarded the request and lost the answer, a
	// service that acted and then reported an error).
	AfterExecute bool `json:"afterExecute,omitempty"`
	// Duplicate executes the request twice, as a proxy that sent the POST again would, and
	// answers what the second copy got.
	Duplicate bool `json:"duplicate,omitempty"`
	// Relay (token-permit) plays a careless relayer, whose transaction the answer names:
	// "again" relays the permit, then sends it once more without checking it, and that second
	// transaction reverts (the nonce is used); "unchecked" sends it without checking it first,
	// so a permit the token rejects (say, past its deadline by the chain's clock) is mined and
	// reverts.
	Relay string `json:"relay,omitempty"`
	// PhantomTxHash answers success with the txHash of a transaction that was never sent;
	// the request is not executed (a relay that claims what did not happen).
	PhantomTxHash bool `json:"phantomTxHash,omitempty"`
}
