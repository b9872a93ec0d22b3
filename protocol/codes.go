package protocol

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// API names the interface a business code came from: the end-user API's retCode or the
// partner API's code (spec 7). The two share one number space; where a code means another
// thing on each (10001), the table has a row for each.
type API string

const (
	EndUserAPI API = "end-user"
	PartnerAPI API = "partner"
)

// code is one row of the table: what the code means (spec 7's meaning, as a clause) and
// what to do next. api is empty when the row holds for both interfaces.
type code struct {
	code    int
	api     API
	meaning string
	advice  string
}

// codes is the one table of the service's business codes (spec 7, both lists, with what
// the evidence adds): the end-user client (package enduser) and the partner client
// (package partner) explain every code from here.
var codes = []code{
	{10000, "", "a system error or an upstream failure (the service's default code)",
		"The request itself may still be at fault: the service gives this code to errors it does not name. Read the server's message and the account status: " +
			"the public integration met it for a region block (\"Convert is unavailable in your region\") and for \"user kyc flow not found\" on a fresh account. " +
			"Retrying the same request only helps when the message names a passing failure; otherwise report the message and the request (--trace / --curl)."},
	{10001, EndUserAPI, "the authentication failed: an unknown tokenId, a signature that does not match, or a deadline that expired or lies more than 20 minutes ahead",
		"Check the profile's token ID and network, and that the key is the one that owns the account; purse takes deadlines from server time, so resync (timestamp) and retry."},
	{10001, PartnerAPI, "the partner request was not authenticated: invalid signature, wrong or unregistered key, or expired deadline",
		"Check the profile's partner_key (the key registered with the service), partner_auth (the signed message's form: spec or ur) and the local clock " +
			"(X-Api-Deadline lies at most 5 minutes ahead); the server's message says which check failed."},
	{10002, "", "the service could not parse the headers or the body",
		"Check the request in the request log (--trace / --curl); this usually means a malformed header or JSON body."},
	{10003, EndUserAPI, "the service does not know this account id: it hands out the id to mint beforehand",
		"Mint with the id it gave you for this wallet; an id purse generated (mint_token_id=generate) is not one it knows. The partner mint (`purse partner mint`) needs no id."},
	// On UR's partner gateway the public integration met 10003 for a missing X-Ur-Id header
	// (its /api/fma/v1/* calls; HT-API only, evidence §10), beside spec 7's meaning.
	{10003, PartnerAPI, "the service does not know this account id (spec 7); UR's partner gateway also answers it when the X-Ur-Id header is missing (seen by the public integration only)",
		"Check the account id the call names; under partner_auth=spec with names.svcId=urId the identity goes in X-Ur-Id, so the exchange (--json) shows whether it was sent."},
	{10004, "", "the token ID does not belong to this address",
		"Use the token ID that was generated for this wallet address, or the address it was generated for."},
	{10005, "", "this address already has an account NFT (a duplicate mint), so it cannot mint another",
		"Look the account up instead (`purse account find` reads tokenOfOwnerByIndex on the account contract) and use its token ID in the profile."},
	{10006, "", "a mint needs account status Na, and this account is past it",
		"Read the account status; no mint is needed."},
	{10007, "", "this account id was already used for a mint",
		"If it was yours, the account exists: find it (`purse account find`); otherwise ask the service for a new id."},
	{10009, "", "the service refused a value or a precondition of the call",
		"Most often the account is not in the status or KYC step the call needs (read the account status), or a value is missing or out of range; the server's message names which."},
	{10010, "", "the captcha verification failed or expired",
		"Solve a new captcha and send the mint again promptly."},
	{10011, "", "an allowance for this token and spender already exists, so nothing was done",
		"The permit is already in place; no new signature is needed."},
	{10016, "", "the service refuses calls this close together (\"too frequent\", seen on token-permit): nothing was done",
		"Wait a minute before sending it again; repeating it at once is refused the same way."},
	{10019, "", "this email is already registered",
		"Use another email, or log in with the account that owns it."},
	{20001, "", "the request body is empty or misses a required field",
		"The server's message names the field; the request log (--trace) shows what was sent."},
	{20002, "", "the body could not be parsed, or tokenId or network is missing",
		"The server's message names the field; the request log (--trace) shows what was sent."},
	{20003, "", "a parameter is invalid or missing",
		"The server's message names the parameter; correct it and send again."},
	{20004, "", "the session or its KYC snapshot is incomplete",
		"Read missingFields, complete them, and hand off again with a new share token."},
	{20007, "", "Form A cannot be rendered: the KYC snapshot is not ready or its data is incomplete",
		"Finish the identity verification first, then read Form A again."},
	{20011, "", "the share token is invalid (share tokens are single-use)",
		"Get a new share token from the vendor and hand off again."},
	{30001, "", "the address already has an account NFT",
		"Look the account up instead (`purse account find` reads tokenOfOwnerByIndex on the account contract) and use its token ID in the profile."},
	{30006, "", "the onboarding session was not found, is sealed, or belongs to another user or partner",
		"Read the current session and use its sessionId."},
	{30007, "", "the session's state does not allow this call (a submit in an ops_offline retry)",
		"Read the session's state; operations finish an ops_offline retry."},
	{30008, "", "the identity is already active in another session",
		"Continue the other session, or let it end before starting another."},
	{30010, "", "the nationality is restricted (NATIONALITY_RESTRICTED), a terminal verdict",
		"The service does not onboard this person; no retry changes it."},
	{30011, "", "the residency is unsupported (RESIDENCY_UNSUPPORTED), a terminal verdict",
		"The service does not onboard this person; no retry changes it."},
	{30012, "", "the person is under 18 (AGE_UNDER_18), a terminal verdict",
		"The service does not onboard this person; no retry changes it."},
	{30031, "", "no KYC session is active (also the steady state after onboarding)",
		"Read the account status: an onboarded account has no session."},
	{30032, "", "the session is on the wrong channel (the partner is not in shared-token mode)",
		"Use the channel the partner is configured for."},
	{30034, "", "no retry directive is pending",
		"Nothing to retry: read the account status."},
	{4001, "", "no record was found: a transaction, or an invalid or expired authorization code",
		"Check the identifiers sent; an authorization code is single-use and lives 5 minutes."},
	{40001, "", "the verification vendor is temporarily unavailable",
		"Back off and try again later."},
	{40003, "", "a dependency is briefly unavailable",
		"Try again after a few seconds."},
	{50001, "", "the server failed to read the request",
		"Try again; report the request (--trace) if it persists."},
	{50002, "", "an internal error or missing configuration on the service",
		"The service lacks a configuration for this call (a network it does not serve, a partner not allowed there) or failed internally; the server's message says which. Report it when it persists."},
	{50003, "", "a chain RPC or third-party failure on the service's side",
		"Nothing was wrong with the request as far as the service could tell; try again later."},
}

// lookup finds the row of code for api: the api's own row first, then the shared one.
func lookup(api API, c int) (code, bool) {
	var shared *code
	for i := range codes {
		r := &codes[i]
		if r.code != c {
			continue
		}
		if r.api == api {
			return *r, true
		}
		if r.api == "" {
			shared = r
		}
	}
	if shared == nil {
		return code{}, false
	}
	return *shared, true
}

// Meaning is what code means on api, as a clause ("the address already has an account
// NFT"); ok is false for a code the table lacks.
func Meaning(api API, c int) (meaning string, ok bool) {
	r, ok := lookup(api, c)
	return r.meaning, ok
}

// Advice is what to do next after code on api ("" for a code the table lacks).
func Advice(api API, c int) string {
	r, _ := lookup(api, c)
	return r.advice
}

// Explain is the meaning of code on api as a sentence, followed by the advice; ok is false
// for a code the table lacks.
func Explain(api API, c int) (explanation string, ok bool) {
	r, ok := lookup(api, c)
	if !ok {
		return "", false
	}
	return Sentence(r.meaning) + " " + r.advice, true
}

// Sentence makes a clause a sentence: the first letter upper case, a full stop at the end.
func Sentence(clause string) string {
	if clause == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(clause)
	s := string(unicode.ToUpper(r)) + clause[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// Codes lists the codes the table explains, ascending, each once.
func Codes() []int {
	var out []int
	seen := map[int]bool{}
	for _, r := range codes {
		if !seen[r.code] {
			seen[r.code] = true
			out = append(out, r.code)
		}
	}
	slices.Sort(out)
	return out
}
