package doctor

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/enduser"
	"purse/homechain"
)

// Each probe's discriminating logic, with the answers each reading gives (and a stand-in's
// answers that must not confirm anything).

func TestJudgeServerTime(t *testing.T) {
	fromTimeNow := enduser.TimeSource{Kind: enduser.TimeFromEnvelope, Route: "chain-configs"}
	fromRoute := enduser.TimeSource{Kind: enduser.TimeFromTimestamp, Route: "timestamp"}
	local := enduser.TimeSource{Kind: enduser.TimeFromLocal, Note: "no time anywhere"}
	seen(t, "spec: the route answers", judged(judgeServerTime(specBasis, ok("1767225600000"), fromRoute), 2, 0, 1), ProbeConfirmed, "0")
	seen(t, "spec: an object", judged(judgeServerTime(specBasis, ok(`{"timestamp":1767225600}`), fromRoute), 2, 0, 1), ProbeConfirmed, "0")
	seen(t, "UR: 404, timeNow", judged(judgeServerTime(specBasis, ans(404, "404 page not found"), fromTimeNow), 2, 0, 1), ProbeConfirmed, "1")
	seen(t, "no time at all", judged(judgeServerTime(specBasis, ans(404, "404 page not found"), local), 2, 0, 1), ProbeInconclusive, "")
	seen(t, "a yes-man's time", judged(judgeServerTime(yesBasis, ans(200, `{"retCode":0,"result":1767225600000}`), fromRoute), 2, 0, 1), ProbeInconclusive, "")
	seen(t, "only the envelope's timeNow", judged(judgeServerTime(specBasis, ans(200, `{"retCode":0,"result":null,"timeNow":5}`), fromTimeNow), 2, 0, 1), ProbeConfirmed, "1")
	// A service that answers 200 {retCode:0} to every path never showed the route absent.
	seen(t, "a yes-man's timeNow", judged(judgeServerTime(yesBasis, ans(200, `{"retCode":0,"timeNow":5}`), fromTimeNow), 2, 0, 1), ProbeInconclusive, "")
	seen(t, "absent, as an unknown path", judged(judgeServerTime(basis{absentGet: ans(404, "404 page not found")}, ans(404, "404 page not found"), fromTimeNow), 2, 0, 1), ProbeConfirmed, "1")
}

func TestJudgeEnvelope(t *testing.T) {
	for _, c := range []struct {
		name    string
		a       *answer
		verdict string
		reading string
	}{
		{"retCode 0", ok("null"), ProbeConfirmed, "0"},
		{"retCode 0, spaced", ans(200, "{ \"retCode\" :\n 0 , \"result\" : null }"), ProbeConfirmed, "0"},
		{"retCode as a string", ans(200, `{"retCode":"0","result":null}`), ProbeConfirmed, "0"},
		{"no retCode, a result", ans(200, `{"retMsg":"success","result":null,"timeNow":1}`), ProbeConfirmed, "1"},
		{"neither", ans(200, `{"ok":true}`), ProbeContradicted, ""},
		{"no JSON", ans(200, `<html>hi</html>`), ProbeContradicted, ""},
		{"a refusal", refused(10019, "email registered"), ProbeInconclusive, ""},
		{"not there", ans(404, "404 page not found"), ProbeInconclusive, ""},
	} {
		seen(t, c.name, judged(judgeEnvelope(specBasis, post(c.a)), 2, 0, 1), c.verdict, c.reading)
	}
	seen(t, "a yes-man", judged(judgeEnvelope(yesBasis, post(ok("1"))), 2, 0, 1), ProbeInconclusive, "")
}

func TestJudgeChainConfig(t *testing.T) {
	o, cc := judgeChainConfig(specBasis, ok(`{"chains":[{"chainIdentifier":"eip155:5003","tokens":[]}]}`))
	seen(t, "logged out", judged(o, 2), ProbeConfirmed, "0")
	if cc == nil || cc.Chains[0].ChainIdentifier != "eip155:5003" {
		t.Fatalf("configuration %+v", cc)
	}
	o, _ = judgeChainConfig(specBasis, refused(10002, "missing header tokenId"))
	seen(t, "needs auth", judged(o, 2), ProbeContradicted, "1")
	o, _ = judgeChainConfig(specBasis, ans(404, "404 page not found"))
	seen(t, "not the service", judged(o, 2), ProbeContradicted, "")
	o, _ = judgeChainConfig(specBasis, ok(`{"chains":[]}`))
	seen(t, "no chains", judged(o, 2), ProbeContradicted, "")
	o, _ = judgeChainConfig(yesBasis, ok(`{"chains":[{"chainIdentifier":"eip155:1"}]}`))
	seen(t, "a yes-man", judged(o, 2), ProbeInconclusive, "")
}

// The on-ramp limit's method and the vendor's name: one route is there, the others not.
func TestJudgeAlternatives(t *testing.T) {
	authRefusal := refused(10002, "missing header tokenId")
	notAllowed := ans(405, `{"retCode":10002,"retMsg":"method POST not allowed"}`)
	ctls := []*answer{unknownPath, unknownPath}
	seen(t, "GET there, POST not allowed", judged(judgeAlternatives([]*answer{authRefusal, notAllowed}, ctls), 2), ProbeConfirmed, "0")
	seen(t, "POST there, the profile on GET", judged(judgeAlternatives([]*answer{notAllowed, authRefusal}, ctls), 2), ProbeContradicted, "1")
	seen(t, "both refused the same", judged(judgeAlternatives([]*answer{authRefusal, refused(10002, "missing")}, ctls), 2), ProbeInconclusive, "")
	seen(t, "neither", judged(judgeAlternatives([]*answer{unknownPath, ans(404, "")}, ctls), 2), ProbeContradicted, "")
	seen(t, "answered as an unknown path", judged(judgeAlternatives([]*answer{authRefusal, refused(10000, "no such route")}, []*answer{unknownPath, refused(10000, "no such route")}), 2), ProbeConfirmed, "0")
	seen(t, "a yes-man", judged(judgeAlternatives([]*answer{yesMan, yesMan}, []*answer{yesMan, yesMan}), 2), ProbeInconclusive, "")
	seen(t, "a server error", judged(judgeAlternatives([]*answer{authRefusal, ans(502, "")}, ctls), 2), ProbeInconclusive, "")
	seen(t, "three names, sumsub there", judged(judgeAlternatives([]*answer{unknownPath, authRefusal, unknownPath}, []*answer{unknownPath, unknownPath, unknownPath}), 3, 2), ProbeContradicted, "1")
}

func TestJudgeSignature(t *testing.T) {
	data := ok(`{"chains":[]}`)
	seen(t, "the stranger refused", judged(judgeSignature(specBasis, data, refused(10001, "signature mismatch")), 2), ProbeConfirmed, "0")
	seen(t, "the stranger accepted", judged(judgeSignature(specBasis, data, data), 2), ProbeContradicted, "1")
	p := judged(judgeSignature(specBasis, refused(10001, "signature mismatch"), refused(10001, "x")), 2)
	seen(t, "purse's own refused", p, ProbeCredentials, "")
	if !strings.Contains(p.Detail, "check the key") {
		t.Fatalf("credentials without what to check: %s", p.Detail)
	}
	seen(t, "a yes-man", judged(judgeSignature(yesBasis, yesMan, yesMan), 2), ProbeInconclusive, "")
}

func TestJudgeStatusAuth(t *testing.T) {
	status := ok(`"{\"status\":2,\"statusStr\":\"Tourist\"}"`)
	missingHash := refused(10002, "missing header hash")
	// The readings: basic suffices (followed), full needed (followed when the profile is on full).
	seen(t, "spec: basic answers", judged(judgeStatusAuth(specBasis, status, status), 2, 0), ProbeConfirmed, "0")
	seen(t, "spec, the profile on full", judged(judgeStatusAuth(specBasis, status, status), 2, 0, 1), ProbeConfirmed, "0")
	seen(t, "full needed, the profile on basic", judged(judgeStatusAuth(specBasis, missingHash, status), 2, 0), ProbeContradicted, "1")
	seen(t, "full needed, the profile on full", judged(judgeStatusAuth(specBasis, missingHash, status), 2, 0, 1), ProbeConfirmed, "1")
	seen(t, "full refused", judged(judgeStatusAuth(specBasis, missingHash, refused(10001, "mismatch")), 2, 0), ProbeCredentials, "")
	seen(t, "no key", judged(judgeStatusAuth(specBasis, missingHash, nil), 2, 0), ProbeInconclusive, "")
	seen(t, "both refused otherwise", judged(judgeStatusAuth(specBasis, refused(10009, "x"), refused(10009, "x")), 2, 0), ProbeInconclusive, "")
	seen(t, "a yes-man", judged(judgeStatusAuth(yesBasis, yesMan, yesMan), 2, 0), ProbeInconclusive, "")
	seen(t, "a stranger is accepted too", judged(judgeStatusAuth(yesBasis, missingHash, status), 2, 0, 1), ProbeInconclusive, "")
}

// The result form is read from the JSON, whatever whitespace the service puts around it.
func TestJudgeStatusForm(t *testing.T) {
	for _, c := range []struct {
		body, reading string
		verdict       string
	}{
		{`{"retCode":0,"result":"{\"statusStr\":\"Live\"}"}`, "0", ProbeConfirmed},
		{"{\"retCode\":0,\"result\" :\n\t\"{\\\"statusStr\\\":\\\"Live\\\"}\"}", "0", ProbeConfirmed},
		{`{"retCode":0,"result" : "  {\"statusStr\" : \"Live\"}  "}`, "0", ProbeConfirmed},
		{`{"retCode":0,"result":{"statusStr":"Live"}}`, "1", ProbeConfirmed},
		{"{\"retCode\":0,\n \"result\":\n  {\"statusStr\":\"Live\"}}", "1", ProbeConfirmed},
		{`{"retCode":0,"result":"Live"}`, "", ProbeContradicted},
	} {
		seen(t, c.body, judged(judgeStatusForm(ans(200, c.body)), 2, 0, 1), c.verdict, c.reading)
	}
	seen(t, "nothing answered", judged(judgeStatusForm(nil), 2, 0, 1), ProbeInconclusive, "")
}

func TestJudgeHash(t *testing.T) {
	data := ok(`{"chains":[]}`)
	seen(t, "strict", judged(judgeHash(specBasis, data, refused(10001, "hash mismatch")), 2, 0, 1), ProbeConfirmed, "0")
	seen(t, "lenient", judged(judgeHash(specBasis, data, data), 2, 0, 1), ProbeConfirmed, "1")
	seen(t, "purse's own refused", judged(judgeHash(specBasis, refused(10001, "x"), refused(10001, "x")), 2, 0, 1), ProbeCredentials, "")
	seen(t, "a service taking any signature", judged(judgeHash(yesBasis, data, data), 2, 0, 1), ProbeInconclusive, "")
	unknownSig := specBasis
	unknownSig.sigChecked = fitOpen
	seen(t, "signature check unknown", judged(judgeHash(unknownSig, data, refused(10001, "x")), 2, 0, 1), ProbeInconclusive, "")
}

func TestJudgeDeadline(t *testing.T) {
	data, tooFar := ok(`{"chains":[]}`), refused(10001, "deadline too far")
	seen(t, "the 20-minute bound", judged(judgeDeadline(specBasis, data, data, tooFar), 3, 0, 1, 2), ProbeConfirmed, "0")
	seen(t, "no bound", judged(judgeDeadline(specBasis, data, data, data), 3, 0, 1, 2), ProbeConfirmed, "1")
	seen(t, "a shorter bound", judged(judgeDeadline(specBasis, data, tooFar, tooFar), 3, 0, 1, 2), ProbeConfirmed, "2")
	seen(t, "purse's own refused", judged(judgeDeadline(specBasis, tooFar, tooFar, tooFar), 3, 0, 1, 2), ProbeCredentials, "")
	seen(t, "a yes-man", judged(judgeDeadline(yesBasis, yesMan, yesMan, yesMan), 3, 0, 1, 2), ProbeInconclusive, "")
	signerRefused := &answer{request: "past", err: &enduser.SignError{Route: "chain-configs", Err: errors.New("deadline is more than 20m0s ahead")}}
	seen(t, "the signer refuses the deadline", judged(judgeDeadline(specBasis, data, data, signerRefused), 3, 0, 1, 2), ProbeSkipped, "")
}

func TestJudgeProfile(t *testing.T) {
	seen(t, "the profile", judged(judgeProfile(specBasis, ok(`{"tokenId":"123","br":"A B","iban":"CH00"}`), "123"), 2), ProbeConfirmed, "0")
	seen(t, "another account's", judged(judgeProfile(specBasis, ok(`{"tokenId":"999","br":"A B"}`), "123"), 2), ProbeContradicted, "")
	seen(t, "not the profile", judged(judgeProfile(specBasis, ok(`{"foo":1}`), "123"), 2), ProbeContradicted, "")
	seen(t, "no such route", judged(judgeProfile(specBasis, ans(404, ""), "123"), 2), ProbeContradicted, "1")
	seen(t, "refused for the account", judged(judgeProfile(specBasis, refused(10009, "not Live"), "123"), 2), ProbeInconclusive, "")
	seen(t, "purse's own refused", judged(judgeProfile(specBasis, refused(10001, "x"), "123"), 2), ProbeCredentials, "")
	seen(t, "a yes-man", judged(judgeProfile(yesBasis, ok(`{"tokenId":"123","br":"Yes"}`), "123"), 2), ProbeInconclusive, "")
}

func TestJudgeCard(t *testing.T) {
	all := []int{cardUnwrapped, cardList, cardResult, cardNo10009, cardNo404, cardNoneListed}
	card := `"tokenId":123,"status":"Active","cardToken":"ct_1","masked":{"cardNumber":"**** 1234"}`
	for _, c := range []struct {
		name    string
		a       *answer
		verdict string
		reading int
	}{
		{"unwrapped", ans(200, `{`+card+`,"retCode":0,"retMsg":"success"}`), ProbeConfirmed, cardUnwrapped},
		{"a list in result", ok(`{"cards":[{` + card + `}]}`), ProbeConfirmed, cardList},
		{"a list beside retCode", ans(200, `{"retCode":0,"cards":[{`+card+`}]}`), ProbeConfirmed, cardList},
		{"in result", ok(`{` + card + `}`), ProbeConfirmed, cardResult},
		{"no card: 10009", refused(10009, "no card issued"), ProbeConfirmed, cardNo10009},
		{"no card: 404", ans(404, `{"retCode":10009,"retMsg":"no card issued"}`), ProbeConfirmed, cardNo404},
		{"no card: 404 as an unknown path", ans(404, `{"retCode":10000,"retMsg":"no such route"}`), ProbeInconclusive, -1},
		{"no card: an empty list", ok(`{"cards":[]}`), ProbeConfirmed, cardNoneListed},
		{"no route: 405", ans(405, ""), ProbeContradicted, cardNoRoute},
		{"a success without a card", ok(`{"foo":1}`), ProbeContradicted, -1},
		{"purse's own refused", refused(10001, "x"), ProbeCredentials, -1},
		{"refused otherwise", refused(10016, "too frequent"), ProbeInconclusive, -1},
	} {
		want := ""
		if c.reading >= 0 {
			want = fmt.Sprint(c.reading)
		}
		seen(t, c.name, judged(judgeCard(specBasis, c.a), cardForms, all...), c.verdict, want)
	}
	seen(t, "a yes-man", judged(judgeCard(yesBasis, ans(200, `{`+card+`,"retCode":0}`)), cardForms, all...), ProbeInconclusive, "")
}

func TestJudgeOnrampLimit(t *testing.T) {
	seen(t, "data", judged(judgeOnrampLimit(specBasis, ok(`{"maxAmounts":{"EUR":"100.00"},"minAmounts":{}}`)), 3, 0, 1), ProbeConfirmed, "0")
	seen(t, "HTTP 204", judged(judgeOnrampLimit(specBasis, ans(204, "")), 3, 0, 1), ProbeConfirmed, "1")
	seen(t, "a null result", judged(judgeOnrampLimit(specBasis, ok("null")), 3, 0, 1), ProbeConfirmed, "1")
	seen(t, "not Live", judged(judgeOnrampLimit(specBasis, refused(10009, "needs a Live account")), 3, 0, 1), ProbeInconclusive, "")
	seen(t, "no route for the method", judged(judgeOnrampLimit(specBasis, ans(405, `{"retCode":10002}`)), 3, 0, 1), ProbeContradicted, "2")
	seen(t, "not the limits", judged(judgeOnrampLimit(specBasis, ok(`[1,2]`)), 3, 0, 1), ProbeContradicted, "")
	seen(t, "purse's own refused", judged(judgeOnrampLimit(specBasis, refused(10001, "x")), 3, 0, 1), ProbeCredentials, "")
	seen(t, "a yes-man", judged(judgeOnrampLimit(yesBasis, yesMan), 3, 0, 1), ProbeInconclusive, "")
}

func TestJudgePaging(t *testing.T) {
	rec := func(id int64) enduser.Transaction { return enduser.Transaction{ID: enduser.Int(id)} }
	page := func(next bool, ids ...int64) *enduser.TxPage {
		p := &enduser.TxPage{HasNextPage: next}
		for _, id := range ids {
			p.Transactions = append(p.Transactions, rec(id))
		}
		return p
	}
	a := ok("{}")
	for _, c := range []struct {
		name    string
		pg      paging
		verdict string
		reading string
	}{
		{"the cursor pages", paging{first: page(true, 9), next: page(true, 8), pair: page(true, 9, 8), firstAns: a, nextAns: a, pairAns: a}, ProbeConfirmed, "0"},
		{"the same record again", paging{first: page(true, 9), next: page(true, 9), pair: page(true, 9, 8), firstAns: a, nextAns: a, pairAns: a}, ProbeContradicted, "1"},
		{"another record than the next", paging{first: page(true, 9), next: page(true, 5), pair: page(true, 9, 8), firstAns: a, nextAns: a, pairAns: a}, ProbeContradicted, "1"},
		{"an empty next page", paging{first: page(true, 9), next: page(false), pair: page(true, 9, 8), firstAns: a, nextAns: a, pairAns: a}, ProbeContradicted, "1"},
		{"one record", paging{first: page(false, 9), firstAns: a}, ProbeInconclusive, ""},
		{"no record", paging{first: page(false), firstAns: a}, ProbeInconclusive, ""},
		{"a page of two for size 1", paging{first: page(true, 9, 8), firstAns: a}, ProbeContradicted, ""},
		{"the check page unread", paging{first: page(true, 9), next: page(true, 8), firstAns: a, nextAns: a, pairAns: refused(10009, "x")}, ProbeInconclusive, ""},
		{"purse's own refused", paging{firstAns: refused(10001, "x")}, ProbeCredentials, ""},
		{"the first page unread", paging{firstAns: ok("1")}, ProbeInconclusive, ""},
	} {
		seen(t, c.name, judged(judgePaging(specBasis, c.pg), 2), c.verdict, c.reading)
	}
}

func TestJudgeAmountUnit(t *testing.T) {
	rec := enduser.Transaction{ID: 7, Amount: enduser.NewAmount(decimal.RequireFromString("12.34"))}
	a := ok("{}")
	for _, c := range []struct {
		name     string
		au       amountUnit
		followed int
		verdict  string
		reading  string
	}{
		{"smallest: a decimal point refused, an integer answered", amountUnit{decimal: refused(10009, "expected an integer"), integer: a}, 0, ProbeConfirmed, "0"},
		{"smallest, the profile on display", amountUnit{decimal: refused(10009, "expected an integer"), integer: a}, 1, ProbeContradicted, "0"},
		// A Tourist account's history is refused whatever the filter: without an answered
		// control the refusal says nothing of the unit.
		{"both refused (an account not Live)", amountUnit{decimal: refused(10009, "account not live"), integer: refused(10009, "account not live")}, 0, ProbeInconclusive, ""},
		{"no control sent", amountUnit{decimal: refused(10009, "expected an integer")}, 0, ProbeInconclusive, ""},
		{"display: the record by its decimals", amountUnit{decimal: a, small: a, display: a, record: &rec, displayLists: true}, 1, ProbeConfirmed, "1"},
		{"display, the profile on smallest", amountUnit{decimal: a, small: a, display: a, record: &rec, displayLists: true}, 0, ProbeContradicted, "1"},
		{"a lenient smallest parser", amountUnit{decimal: a, small: a, display: a, record: &rec, smallLists: true}, 0, ProbeConfirmed, "0"},
		{"no record to tell", amountUnit{decimal: a}, 1, ProbeInconclusive, ""},
		{"both filters find it", amountUnit{decimal: a, small: a, display: a, record: &rec, smallLists: true, displayLists: true}, 0, ProbeInconclusive, ""},
		{"purse's own refused", amountUnit{decimal: refused(10001, "x")}, 0, ProbeCredentials, ""},
	} {
		seen(t, c.name, judged(judgeAmountUnit(specBasis, c.au), 2, c.followed), c.verdict, c.reading)
	}
}

func TestJudgeChain(t *testing.T) {
	seen(t, "the network's chain", judged(judgeChainID(big.NewInt(5003), "5003"), 2), ProbeConfirmed, "0")
	seen(t, "another chain", judged(judgeChainID(big.NewInt(5000), "5003"), 2), ProbeContradicted, "1")
	mainnetNFT := common.HexToAddress("0x4a05148119683E0A41b52fb973EEF0EE81536c47")
	nft := func(sh homechain.Shape, err error) contractAt {
		return contractAt{addr: mainnetNFT, sh: sh, readErr: err}
	}
	seen(t, "the account NFT", judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100, ERC165: true, ERC721: true, Enumerable: true}, nil), "5003"), 3), ProbeConfirmed, "0")
	p := judged(judgeAccountNFT(nft(homechain.Shape{}, nil), "5003"), 3)
	seen(t, "no code", p, ProbeContradicted, "1")
	if p.Setting != "s=1" || !strings.Contains(p.Detail, "another network") {
		t.Fatalf("no code: %+v", p)
	}
	p = judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100, Token: true}, nil), "5003"), 3)
	seen(t, "a fiat token", p, ProbeContradicted, "2")
	if !strings.Contains(p.Detail, "no ERC-165; answers decimals() and DOMAIN_SEPARATOR() as a permit token") {
		t.Fatalf("a fiat token: %s", p.Detail)
	}
	seen(t, "an ERC-721, not Enumerable", judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100, ERC165: true, ERC721: true}, nil), "5003"), 3), ProbeContradicted, "2")
	seen(t, "ERC-165, not an ERC-721", judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100, ERC165: true}, nil), "5003"), 3), ProbeContradicted, "2")
	seen(t, "no ERC-165", judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100}, nil), "5003"), 3), ProbeContradicted, "2")
	seen(t, "interfaces unread", judged(judgeAccountNFT(nft(homechain.Shape{CodeSize: 100}, errors.New("timeout")), "5003"), 3), ProbeInconclusive, "")
	seen(t, "the key's account", judged(judgeAccountOnChain("123", 123, true, nil), 2), ProbeConfirmed, "0")
	seen(t, "another account", judged(judgeAccountOnChain("123", 456, true, nil), 2), ProbeContradicted, "1")
	seen(t, "no account", judged(judgeAccountOnChain("123", 0, false, nil), 2), ProbeContradicted, "1")
	seen(t, "unread", judged(judgeAccountOnChain("123", 0, false, errors.New("no data")), 2), ProbeInconclusive, "")
}

func TestJudgeCardSpender(t *testing.T) {
	spender, other := common.HexToAddress("0x25d66C564532258eD9cdBB6215E260AFf41d8bae"), common.HexToAddress("0xb9d38DDE25f67D57af5b91C254F869F90d483d05")
	at := func(size int, sh homechain.Shape, err error) contractAt {
		sh.CodeSize = size
		return contractAt{addr: spender, sh: sh, readErr: err}
	}
	plain := homechain.Shape{}
	nft, eur := common.HexToAddress("0xfE6fB4aE524c8f032E14691C3B2465cc5bcB9677"), common.HexToAddress("0x5E52c8993283023B83e87eF577f7f51Fa1c5B007")
	// good is a card contract of this deployment: its getters name account_nft and the
	// chain configuration's EUR24.
	good := cardCheck{links: homechain.CardLinks{Account: nft, HasAccount: true, Tokens: map[string]common.Address{"EUR24": eur}},
		nft: nft, hasNFT: true, tokens: map[string]common.Address{"EUR24": eur, "USD24": other}}
	p := judged(judgeCardSpender(at(900, plain, nil), good, nil, true, "5003"), 5)
	seen(t, "code, none named", p, ProbeConfirmed, "0")
	if !strings.Contains(p.Detail, "fiat24AccountAddress() is account_nft") || !strings.Contains(p.Detail, "name the chain configuration's EUR24") {
		t.Fatalf("code, none named: %s", p.Detail)
	}
	seen(t, "code, the one named", judged(judgeCardSpender(at(900, plain, nil), good, []common.Address{spender}, true, "5003"), 5), ProbeConfirmed, "0")
	seen(t, "another named", judged(judgeCardSpender(at(900, plain, nil), good, []common.Address{other}, true, "5003"), 5), ProbeContradicted, "2")
	seen(t, "no code", judged(judgeCardSpender(at(0, plain, nil), cardCheck{}, nil, true, "5003"), 5), ProbeContradicted, "1")
	seen(t, "no code, another named", judged(judgeCardSpender(at(0, plain, nil), cardCheck{}, []common.Address{other}, true, "5003"), 5), ProbeContradicted, "1; 2")
	seen(t, "no configuration", judged(judgeCardSpender(at(900, plain, nil), good, nil, false, "5003"), 5), ProbeInconclusive, "")
	seen(t, "a token", judged(judgeCardSpender(at(900, homechain.Shape{Token: true}, nil), cardCheck{}, nil, true, "5003"), 5), ProbeContradicted, "3")
	seen(t, "the account NFT", judged(judgeCardSpender(at(900, homechain.Shape{ERC165: true, ERC721: true, Enumerable: true}, nil), cardCheck{}, []common.Address{spender}, true, "5003"), 5), ProbeContradicted, "3")
	seen(t, "unread", judged(judgeCardSpender(at(900, plain, errors.New("timeout")), good, nil, true, "5003"), 5), ProbeInconclusive, "")
	// Holding code is not being the card contract: a contract that answers none of its
	// getters is not confirmed (the lazier check confirmed any code at the address).
	seen(t, "code alone", judged(judgeCardSpender(at(900, plain, nil), cardCheck{nft: nft, hasNFT: true}, nil, true, "5003"), 5), ProbeInconclusive, "")
	foreignNFT := good
	foreignNFT.links = homechain.CardLinks{Account: other, HasAccount: true}
	seen(t, "another deployment's account NFT", judged(judgeCardSpender(at(900, plain, nil), foreignNFT, nil, true, "5003"), 5), ProbeContradicted, "4")
	foreignToken := good
	foreignToken.links = homechain.CardLinks{Account: nft, HasAccount: true, Tokens: map[string]common.Address{"EUR24": other}}
	seen(t, "another deployment's token", judged(judgeCardSpender(at(900, plain, nil), foreignToken, nil, true, "5003"), 5), ProbeContradicted, "4")
	noNFT := good
	noNFT.links = homechain.CardLinks{Tokens: map[string]common.Address{"EUR24": eur}}
	seen(t, "tokens alone", judged(judgeCardSpender(at(900, plain, nil), noNFT, nil, true, "5003"), 5), ProbeInconclusive, "")
	gettersUnread := good
	gettersUnread.err = errors.New("timeout")
	seen(t, "getters unread", judged(judgeCardSpender(at(900, plain, nil), gettersUnread, nil, true, "5003"), 5), ProbeInconclusive, "")

	raw := []byte(`{"retCode":0,"result":{"chains":[{"chainIdentifier":"EIP155:5003","cardSpenderContract":"` + spender.Hex() +
		`","tokens":[{"symbol":"EUR24","cardAuthContract":"` + other.Hex() + `"}]},{"chainIdentifier":"eip155:1","cardSpenderContract":"0x0000000000000000000000000000000000000001"}]}}`)
	named, known := namedCardSpenders(raw, "5003")
	if !known || len(named) != 2 || named[0] != spender || named[1] != other {
		t.Fatalf("named %v %v", named, known)
	}
	if named, known := namedCardSpenders([]byte(`{"retCode":0,"result":{"chains":[{"chainIdentifier":"eip155:1"}]}}`), "5003"); known || named != nil {
		t.Fatalf("another chain's configuration: %v %v", named, known)
	}
}

func TestJudgeTokenDomains(t *testing.T) {
	eur := common.HexToAddress("0x5E52c8993283023B83e87eF577f7f51Fa1c5B007")
	seen(t, "every domain rebuilds", judged(judgeTokenDomains([]tokenCheck{{symbol: "EUR24", addr: eur, size: 100}}, "5003"), 2), ProbeConfirmed, "0")
	seen(t, "no code", judged(judgeTokenDomains([]tokenCheck{{symbol: "EUR24", addr: eur, size: 100}, {symbol: "USD24", addr: eur}}, "5003"), 2), ProbeContradicted, "1")
	seen(t, "a domain that does not rebuild", judged(judgeTokenDomains([]tokenCheck{{symbol: "EUR24", addr: eur, size: 100, mismatch: errors.New("chainId is 5003 here but 5000 on chain")}}, "5003"), 2), ProbeContradicted, "1")
	seen(t, "unread", judged(judgeTokenDomains([]tokenCheck{{symbol: "EUR24", addr: eur, readErr: errors.New("timeout")}}, "5003"), 2), ProbeInconclusive, "")
	seen(t, "no token", judged(judgeTokenDomains(nil, "5003"), 2), ProbeInconclusive, "")
}

func TestJudgePartner(t *testing.T) {
	partnerUnknown := ans(404, `{"code":20002,"message":"no route"}`)
	b := specBasis
	b.partnerAbsent = partnerUnknown
	past := ans(200, `{"code":20002,"message":"missing tokenId","data":null}`)
	sigRefused := ans(200, `{"code":10001,"message":"partner auth: the signature is over the ur message variant","data":null}`)
	// auth is the four answers: the partner key's under the spec's and UR's forms, then a
	// stranger key's (the control), refused as a service that checks signatures refuses them.
	auth := func(spec, ur *answer) partnerAuth { return partnerAuth{spec, ur, sigRefused, sigRefused} }
	seen(t, "the spec's form", judged(judgePartnerAuth(b, auth(past, sigRefused)), 2), ProbeConfirmed, "0")
	seen(t, "UR's form, the profile on spec", judged(judgePartnerAuth(b, auth(sigRefused, past)), 2), ProbeContradicted, "1")
	seen(t, "UR's form, the profile on ur", judged(judgePartnerAuth(b, auth(sigRefused, past)), 2, 1), ProbeConfirmed, "1")
	seen(t, "both forms refused", judged(judgePartnerAuth(b, auth(sigRefused, sigRefused)), 2), ProbeCredentials, "")
	seen(t, "both taken", judged(judgePartnerAuth(b, auth(past, past)), 2), ProbeInconclusive, "")
	seen(t, "not there", judged(judgePartnerAuth(b, auth(partnerUnknown, partnerUnknown)), 2), ProbeInconclusive, "")
	// A service that checks no partner signature, and refuses the other form for its shape:
	// the form that got past proves nothing, since a stranger's key gets past as well.
	seen(t, "no signature checked (UR's passes)", judged(judgePartnerAuth(b, partnerAuth{sigRefused, past, sigRefused, past}), 2, 1), ProbeInconclusive, "")
	seen(t, "no signature checked (the spec's passes)", judged(judgePartnerAuth(b, partnerAuth{past, sigRefused, past, sigRefused}), 2), ProbeInconclusive, "")
	seen(t, "the stranger not sent", judged(judgePartnerAuth(b, partnerAuth{past, sigRefused, &answer{request: "x", err: errors.New("no key")}, sigRefused}), 2), ProbeUnreachable, "")

	seen(t, "the quote route", judged(judgeExists(sigRefused, partnerUnknown), 2), ProbeConfirmed, "0")
	seen(t, "no quote route", judged(judgeExists(partnerUnknown, partnerUnknown), 2), ProbeContradicted, "1")

	pin := common.HexToAddress("0x4D2AA3f43De8f8BE746E315D291B804a4aBD3939")
	signed := func(by common.Address) *answer { a := ans(200, `{"code":0}`); a.signed, a.signer = true, by; return a }
	unsigned := ans(200, `{"code":0}`)
	seen(t, "signed by the pinned key", judged(judgeResponseSigner([]*answer{signed(pin), signed(pin), partnerUnknown}, &pin), 3), ProbeConfirmed, "0")
	p := judged(judgeResponseSigner([]*answer{signed(pin), signed(common.HexToAddress("0x01"))}, &pin), 3)
	seen(t, "another key", p, ProbeContradicted, "1")
	if !strings.Contains(p.Detail, "documentation names") {
		t.Fatalf("another key: %s", p.Detail)
	}
	bad := ans(200, `{"code":0}`)
	bad.signed, bad.sigErr = true, errors.New("signed over other bytes")
	seen(t, "a signature that does not hold", judged(judgeResponseSigner([]*answer{bad}, &pin), 3), ProbeContradicted, "1")
	seen(t, "unsigned, refused", judged(judgeResponseSigner([]*answer{unsigned, unsigned}, &pin), 3), ProbeContradicted, "2")
	seen(t, "unsigned, warn", judged(judgeResponseSigner([]*answer{unsigned}, &pin), 3, 0, 2), ProbeConfirmed, "2")
	seen(t, "partly unsigned", judged(judgeResponseSigner([]*answer{signed(pin), unsigned}, &pin), 3), ProbeContradicted, "2")
	// Without a pin nothing was compared: any key, a stand-in's too, signs alike.
	p = judged(judgeResponseSigner([]*answer{signed(pin)}, nil), 3)
	seen(t, "nothing pinned", p, ProbeInconclusive, "")
	if !strings.Contains(p.Detail, "no response key pinned: any signer is accepted; pin partner_response_key") || !strings.Contains(p.Detail, pin.Hex()) {
		t.Fatalf("nothing pinned: %s", p.Detail)
	}
	seen(t, "nothing pinned, partly unsigned", judged(judgeResponseSigner([]*answer{signed(pin), unsigned}, nil), 3), ProbeInconclusive, "")
	seen(t, "nothing pinned, unsigned", judged(judgeResponseSigner([]*answer{unsigned}, nil), 3), ProbeContradicted, "2")
	// Unsigned answers are named with what they can mean; the setting that would accept
	// them is never proposed.
	for _, warn := range []bool{false, true} {
		p := Probe{}
		verdict(&p, responseSignerReadings(pin.Hex(), warn), judgeResponseSigner([]*answer{unsigned}, &pin))
		want := map[bool]string{false: ProbeContradicted, true: ProbeConfirmed}[warn]
		if p.Verdict != want || !strings.Contains(p.Detail, "a stand-in that is not the service") || strings.Contains(p.Detail, "selects it") {
			t.Errorf("unsigned, warn %v: %s %s", warn, p.Verdict, p.Detail)
		}
		if s := summarize([]Probe{p}); len(s.Settings) != 0 || p.Setting != "" {
			t.Errorf("unsigned, warn %v: the summary proposes %q (%q)", warn, s.Settings, p.Setting)
		}
	}
	seen(t, "no HTTP 200", judged(judgeResponseSigner([]*answer{partnerUnknown, {err: errors.New("x")}}, &pin), 3), ProbeInconclusive, "")
}

// The deposit contract is confirmed only by a contract with code whose usdc() is the
// configuration's USDC, beside a control (the account NFT) that does not answer usdc(): a
// node that answers every call, no code, getters that do not answer, another USDC and a
// configuration naming another contract than the pin are each told apart.
func TestJudgeDeposit(t *testing.T) {
	usdc, dep := common.HexToAddress("0xc0"), common.HexToAddress("0xd0")
	good := depositCheck{named: dep, code: 900, terms: homechain.DepositTerms{USDC: usdc, Min: big.NewInt(1), Max: big.NewInt(9)}, usdc: usdc,
		control: errors.New("no data"), hasCtl: true, fee: big.NewInt(7)}
	with := func(f func(*depositCheck)) depositCheck { c := good; f(&c); return c }
	run := func(c depositCheck) Probe {
		var p Probe
		verdict(&p, depositReadings, judgeDeposit(c))
		return p
	}
	for _, c := range []struct {
		name    string
		dc      depositCheck
		verdict string
		setting string
	}{
		{"a deposit contract", good, ProbeConfirmed, ""},
		{"pinned, the one named", with(func(c *depositCheck) { c.pin = dep.Hex() }), ProbeConfirmed, ""},
		{"a yes-man node (the control answered)", with(func(c *depositCheck) { c.control = nil }), ProbeInconclusive, ""},
		{"no control to read", with(func(c *depositCheck) { c.hasCtl = false }), ProbeInconclusive, ""},
		{"no code", with(func(c *depositCheck) { c.code = 0 }), ProbeContradicted, ""},
		{"no getters", with(func(c *depositCheck) { c.termsErr = errors.New("execution reverted") }), ProbeContradicted, ""},
		{"another USDC", with(func(c *depositCheck) { c.terms.USDC = common.HexToAddress("0xbad") }), ProbeContradicted, ""},
		{"another contract than the pin", with(func(c *depositCheck) { c.pin = "0x00000000000000000000000000000000000000e0" }), ProbeContradicted, "deposit_contract"},
		{"none named", with(func(c *depositCheck) { c.namedErr = errors.New("the chain configuration's depositContract is not set") }), ProbeInconclusive, ""},
		{"no fee quote", with(func(c *depositCheck) { c.feeErr = errors.New("reverted") }), ProbeInconclusive, ""},
	} {
		if p := run(c.dc); p.Verdict != c.verdict || !strings.Contains(p.Setting, c.setting) {
			t.Errorf("%s: %s (setting %q): %s", c.name, p.Verdict, p.Setting, p.Detail)
		}
	}
}
