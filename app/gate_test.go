package app

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/homechain/homechaintest"
	"purse/internal/testhome"
	"purse/internal/visible/visibletest"
	"purse/keystore"
	"purse/partner"
	"purse/wallet"
)

// asked records what the approver (in the process) or the agent's display was asked, and
// answers as told.
type asked struct {
	mu     sync.Mutex
	seen   []Approval
	answer func(Approval) error
}

func (a *asked) Approve(_ context.Context, ap Approval) error {
	a.mu.Lock()
	a.seen = append(a.seen, ap)
	answer := a.answer
	a.mu.Unlock()
	if answer == nil {
		return errors.New("declined")
	}
	return answer(ap)
}

func (a *asked) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.seen)
}

func (a *asked) last() Approval {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.seen[len(a.seen)-1]
}

func (a *asked) set(answer func(Approval) error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.answer = answer
}

// askedDisplay is an agent display that hands each confirmation to asked: the same review
// document the TUI would show, decoded from the wire.
type askedDisplay struct{ a *asked }

func (d askedDisplay) String() string { return "the test's display" }
func (d askedDisplay) Confirm(ctx context.Context, c agent.Confirmation) error {
	var rv review.Request
	if err := json.Unmarshal(c.Review, &rv); err != nil {
		return err
	}
	return d.a.Approve(ctx, Approval{Review: rv, Line: c.Line, Timeout: c.Timeout})
}

// gateEnv is a home with EVM key "me" (passphrase pw) under profile t, whose signatures are
// made in this process or by a live agent of the home.
type gateEnv struct {
	home    string
	app     *App
	asked   *asked
	inAgent bool
}

func (e *gateEnv) signer(t *testing.T) wallet.EVMSigner {
	t.Helper()
	s, err := e.app.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	_, isAgent := s.(*agent.EVMSigner)
	if isAgent != e.inAgent {
		t.Fatalf("signer %T: the path under test is not the one signing", s)
	}
	return s
}

func (e *gateEnv) audited(t *testing.T) int {
	t.Helper()
	return len(testhome.AuditRecords(t, e.home))
}

// bothWays runs f with signing in this process and again through a live agent whose display
// is asked instead of the process's approver: every gate test holds for both paths. policy
// is the home's signing policy file ("" for the defaults); p completes the profile.
func bothWays(t *testing.T, policy string, p func(*config.Profile), f func(t *testing.T, e *gateEnv)) {
	for _, inAgent := range []bool{false, true} {
		name := "in the process"
		if inAgent {
			name = "through the agent"
		}
		t.Run(name, func(t *testing.T) {
			home, err := os.MkdirTemp("", "pg")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(home) })
			fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
			prof := &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"}
			if p != nil {
				p(prof)
			}
			useProfile(t, home, prof)
			if policy != "" {
				if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			e := &gateEnv{home: home, asked: &asked{}, inAgent: inAgent}
			if inAgent {
				serveAgent(t, home, askedDisplay{e.asked})
				e.app, err = Open(Options{Home: home, Client: "gate test \x1b]0;pwned\x07"})
			} else {
				t.Setenv(EnvNoAgent, "1")
				e.app, err = Open(Options{Home: home, Approver: e.asked})
			}
			if err != nil {
				t.Fatal(err)
			}
			f(t, e)
		})
	}
}

func deadlineIn(d time.Duration) string { return strconv.FormatInt(time.Now().Add(d).Unix(), 10) }

// Each request that is not one purse signs is refused before the policy, the review or the
// approver sees it, and nothing is audited: purpose confusion, a literal hash, deadlines that
// are not the protocol's, a consent message under another purpose (issue 21).
func TestGateRefusesRequestsOfNoPurpose(t *testing.T) {
	allowAll := "[purposes]\nfull-auth = \"allow\"\npersonal = \"allow\"\npartner-auth = \"allow\"\nform-a = \"allow\"\nmint-consent = \"allow\"\n"
	bothWays(t, allowAll, nil, func(t *testing.T, e *gateEnv) {
		rs := e.signer(t).(wallet.RequestSigner)
		consent := []byte(wallet.ConsentPrefix + "0x" + strings.Repeat("ab", 32))
		for name, r := range map[string]wallet.Request{
			"no purpose":                  {Payload: []byte("x"), Deadline: deadlineIn(time.Minute)},
			"a literal full-auth hash":    {Purpose: wallet.PurposeFullAuth, Hash: wallet.PayloadHash([]byte(`{"cardTokenId":"1","status":0}`)), Deadline: deadlineIn(time.Minute)},
			"deadline abc":                {Purpose: wallet.PurposeFullAuth, Payload: []byte(`{"pageSize":5}`), Deadline: "abc"},
			"deadline in year 3000":       {Purpose: wallet.PurposeFullAuth, Payload: []byte(`{"pageSize":5}`), Deadline: "32503680000"},
			"deadline passed":             {Purpose: wallet.PurposeFullAuth, Payload: []byte(`{"pageSize":5}`), Deadline: deadlineIn(-time.Hour)},
			"a bare consent message":      {Purpose: wallet.PurposeFullAuth, Message: consent},
			"consent as partner auth":     {Purpose: wallet.PurposePartnerAuth, Message: consent},
			"consent in a partner call":   {Purpose: wallet.PurposePartnerAuth, Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, Payload: consent, Deadline: time.Now().Add(time.Minute).Unix()}},
			"consent as personal":         {Purpose: wallet.PurposePersonal, Message: consent},
			"mint consent of a payload":   {Purpose: wallet.PurposeMintConsent, Hash: wallet.PayloadHash([]byte(`{"pageSize":5}`)), Deadline: deadlineIn(time.Minute)},
			"partner-shaped personal":     {Purpose: wallet.PurposePersonal, Message: []byte(`{"svcId":1} 1795608300`)},
			"form A with an escape":       {Purpose: wallet.PurposeFormA, Text: "I declare\x1b[2J"},
			"form A that is a consent":    {Purpose: wallet.PurposeFormA, Text: string(consent)},
			"a permit field in full-auth": {Purpose: wallet.PurposeFullAuth, Payload: []byte(`{"pageSize":5}`), Deadline: deadlineIn(time.Minute), Permit: &wallet.Permit{}},
		} {
			if _, err := rs.SignRequest(r); err == nil {
				t.Errorf("%s: signed", name)
			}
		}
		if n := e.asked.count(); n != 0 {
			t.Errorf("the approver was asked %d times about requests that cannot be signed", n)
		}
		if n := e.audited(t); n != 0 {
			t.Errorf("%d refused requests were audited", n)
		}
		// A digest alone is never signed: it cannot be reviewed.
		if _, err := e.signer(t).SignDigest(wallet.PurposeFullAuth, common.Hash{1}); err == nil {
			t.Error("a bare digest was signed")
		}
	})
}

// The route is what the payload is a request of, not what the caller calls it: a card-status
// body named "transactions" is judged by card-status's line and the review shows what the
// payload can be; the approver's no refuses (issue 21).
func TestGateJudgesThePayloadNotTheRouteName(t *testing.T) {
	policy := "[routes]\ntransactions = \"allow\"\ncard-status = \"confirm\"\n"
	bothWays(t, policy, nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(5 * time.Minute).Unix()
		if _, err := wallet.SignFullAuthCall(s, "POST", "transactions", []byte(`{"pageSize":5}`), dl, now); err != nil || e.asked.count() != 0 {
			t.Fatalf("an allowed read: %v (asked %d)", err, e.asked.count())
		}
		// A GET with an empty payload is a read whatever it is called.
		if _, err := wallet.SignFullAuthCall(s, "GET", "card-status", nil, dl, now); err != nil || e.asked.count() != 0 {
			t.Fatalf("an empty payload: %v (asked %d)", err, e.asked.count())
		}
		lie := []byte(`{"cardTokenId":"981","status":0}`)
		_, err := wallet.SignFullAuthCall(s, "POST", "transactions", lie, dl, now)
		if !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 {
			t.Fatalf("a card-status body named transactions: %v (asked %d)", err, e.asked.count())
		}
		ap := e.asked.last()
		if !strings.Contains(ap.Line, `routes.card-status = "confirm"`) || !strings.Contains(ap.Line, `named the call "transactions"`) {
			t.Fatalf("line %q", ap.Line)
		}
		if txt := reviewText(ap.Review); !strings.Contains(txt, "POST /api/v2/card-status") || !strings.Contains(txt, string(lie)) ||
			!strings.Contains(txt, "Sets card 981 to blocked (0)") {
			t.Fatalf("the review does not show what the payload is:\n%s", txt)
		}
		e.asked.set(func(Approval) error { return nil })
		if _, err := wallet.SignFullAuthCall(s, "POST", "transactions", lie, dl, now); err != nil {
			t.Fatalf("approved: %v", err)
		}
		if e.inAgent {
			who := reviewText(e.asked.last().Review)
			if !strings.Contains(who, "from the kernel") || !strings.Contains(who, "pid "+strconv.Itoa(os.Getpid())) || !strings.Contains(who, "executable /") {
				t.Fatalf("who asks is not what the kernel says:\n%s", who)
			}
			// What the client says of itself travels unchanged in the document, labelled
			// unchecked; every renderer escapes it (review.Write, the TUI's review).
			if v, note := fieldOf(e.asked.last().Review, "Who asks", "client"); v != "gate test \x1b]0;pwned\x07" || !strings.Contains(note, "unchecked") {
				t.Fatalf("the client's own name: %q %q", v, note)
			}
		}
	})
}

// The review shows a request as the profile's service names it: a full-auth call's path
// under the profile's names and routes (the vendor's path, not the spec's stand-in), and a
// partner call's identity under the service's name for svcId, as its message signs it.
func TestGateReviewUnderTheServicesNames(t *testing.T) {
	policy := "[purposes]\npartner-auth = \"confirm\"\n[routes]\nidv-access-token = \"confirm\"\n"
	names := func(p *config.Profile) {
		p.Names = map[string]string{"idv": "sumsub", "svcId": "urId"}
		p.Routes = map[string]string{"onramp-limit": "POST"}
	}
	bothWays(t, policy, names, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(5 * time.Minute).Unix()
		if _, err := wallet.SignFullAuthCall(s, "POST", "idv-access-token", []byte(`{"levelName":"basic"}`), dl, now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 {
			t.Fatalf("idv-access-token: %v (asked %d)", err, e.asked.count())
		}
		if txt := reviewText(e.asked.last().Review); !strings.Contains(txt, "POST /api/v1/sumsub/create-access-token") || strings.Contains(txt, "/idv/") {
			t.Fatalf("the review does not show the service's path:\n%s", txt)
		}
		// The on-ramp limit made a POST signs {}, which is also issue-card's body: confirmed
		// as issue-card is, and the review says every call it can be.
		if _, err := wallet.SignFullAuthCall(s, "POST", "onramp-limit", []byte(`{}`), dl, now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 2 {
			t.Fatalf("onramp-limit: %v (asked %d)", err, e.asked.count())
		}
		ap := e.asked.last()
		if v, _ := fieldOf(ap.Review, "Request", "can be"); !strings.Contains(v, "POST /api/v2/card") || !strings.Contains(v, "POST /api/v1/onramp-limit") ||
			!strings.Contains(v, "POST /api/v1/sumsub/kyc-check") || strings.Contains(ap.Line, "not a request of") {
			t.Fatalf("onramp-limit made a POST: %q / %q", v, ap.Line)
		}
		call := wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, IDName: "urId", SvcID: "42", Payload: []byte(`{"urId":42}`), Deadline: dl}
		if _, err := wallet.SignPartnerAuth(s, call, now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 3 {
			t.Fatalf("partner auth: %v (asked %d)", err, e.asked.count())
		}
		rv := e.asked.last().Review
		if v, _ := fieldOf(rv, "Partner call", "urId"); v != "42" || !strings.Contains(reviewText(rv), `{"urId":42}urId:42externalUserId: `) {
			t.Fatalf("the partner call's identity:\n%s", reviewText(rv))
		}
	})
}

// A deny line refuses before anyone is asked and names the line of the policy file; a
// confirm with no one to ask is refused; a caller that does not wait is refused at once.
func TestGatePolicyOutcomes(t *testing.T) {
	bothWays(t, "[purposes]\npersonal = \"deny\"\n", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		_, err := wallet.SignPersonal(s, []byte("hello"))
		if !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), `purposes.personal = "deny" (`+filepath.Join(e.home, agent.PolicyFile)+` line 2)`) {
			t.Fatalf("deny: %v", err)
		}
		if _, err := wallet.SignFormA(s, "I declare."); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 {
			t.Fatalf("declined form A: %v (asked %d)", err, e.asked.count())
		}
		if txt := reviewText(e.asked.last().Review); !strings.Contains(txt, `purposes.form-a = "confirm" (default)`) || !strings.Contains(txt, "I declare.") {
			t.Fatalf("the review does not say what asks and what is signed:\n%s", txt)
		}
		ro, err := e.app.readOnlyEVMSigner(e.app.Profile().EVMKey, &Unlock{Passphrase: []byte("pw")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := wallet.SignFormA(ro, "I declare."); !errors.Is(err, agent.ErrNeedsApproval) || e.asked.count() != 1 {
			t.Fatalf("a caller that does not wait: %v (asked %d)", err, e.asked.count())
		}
		now := time.Now()
		if _, err := wallet.SignFullAuthCall(ro, "GET", "card", nil, now.Add(time.Minute).Unix(), now); err != nil {
			t.Fatalf("a read without waiting: %v", err)
		}
	})
}

// Nothing the policy wants confirmed is signed when there is no one to ask.
func TestGateWithoutApproverRefuses(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"})
	t.Setenv(EnvNoAgent, "1")
	a, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	s, err := a.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	var rf *Refusal
	if _, err := wallet.SignFormA(s, "I declare."); !errors.As(err, &rf) || rf.Code != agent.CodeNoDisplay || !strings.Contains(err.Error(), "no one to ask") {
		t.Fatalf("no approver: %v", err)
	}
}

// A permit is shown with what the chain says (symbol, decimals, the spender's role), a domain
// the chain contradicts is refused before anyone is asked, and the token-permit call that
// delivers an approved permit is not asked about again.
func TestGatePermitReviewAndDelivery(t *testing.T) {
	ctx := context.Background()
	chain, err := homechaintest.Start(ctx, homechaintest.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Close()
	tok, _ := chain.Token("EUR24")
	spender := chain.Contracts().CardSpender
	bothWays(t, "", func(p *config.Profile) {
		p.EVMRPC = chain.RPCURL()
		p.CardSpender = spender.Hex()
	}, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		pm, err := chain.Reader().PreparePermit(ctx, tok.Address, s.Address(), spender, big.NewInt(2500), big.NewInt(time.Now().Add(time.Hour).Unix()))
		if err != nil {
			t.Fatal(err)
		}
		bad := pm
		bad.Domain.Name = "Fiat24 EUR (forged)"
		if _, err := wallet.SignPermit(s, bad); !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), "DOMAIN_SEPARATOR") || e.asked.count() != 0 {
			t.Fatalf("a forged domain: %v (asked %d)", err, e.asked.count())
		}
		e.asked.set(func(Approval) error { return nil })
		sig, err := wallet.SignPermit(s, pm)
		if err != nil {
			t.Fatal(err)
		}
		txt := reviewText(e.asked.last().Review)
		if !strings.Contains(txt, "25.00 EUR24") || !strings.Contains(txt, "card") {
			t.Fatalf("the permit's review lacks the token units or the spender's role:\n%s", txt)
		}
		body := func(v int, r, s string) []byte {
			b, _ := json.Marshal(map[string]any{"address": tok.Address.Hex(), "amount": "2500", "permitAmount": "2500",
				"permitDeadline": pm.Deadline.Int64(), "permitV": v, "permitR": r, "permitS": s})
			return b
		}
		e.asked.set(nil)
		now := time.Now()
		before := e.asked.count()
		if _, err := wallet.SignFullAuthCall(s, "POST", "token-permit", body(int(sig.V), sig.R, sig.S), now.Add(time.Minute).Unix(), now); err != nil || e.asked.count() != before {
			t.Fatalf("the delivery of the approved permit: %v (asked %d more)", err, e.asked.count()-before)
		}
		other := hexutil.Encode(common.LeftPadBytes([]byte{7}, 32))
		if _, err := wallet.SignFullAuthCall(s, "POST", "token-permit", body(27, other, other), now.Add(time.Minute).Unix(), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 {
			t.Fatalf("a permit not approved here: %v (asked %d more)", err, e.asked.count()-before)
		}
	})
}

// A permit whose domain name is empty (EIP-712 allows it) is signed after a review that says
// so, both ways.
func TestGatePermitWithAnEmptyDomainName(t *testing.T) {
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		e.asked.set(func(Approval) error { return nil })
		pm := wallet.Permit{Domain: wallet.PermitDomain{Name: "", Version: "1", ChainID: big.NewInt(5003), VerifyingContract: common.HexToAddress("0x1111111111111111111111111111111111111111")},
			Owner: s.Address(), Spender: common.HexToAddress("0x2222222222222222222222222222222222222222"), Value: big.NewInt(2500), Nonce: new(big.Int),
			Deadline: big.NewInt(time.Now().Add(time.Hour).Unix())}
		if _, err := wallet.SignPermit(s, pm); err != nil || e.asked.count() != 1 {
			t.Fatalf("an empty-name permit: %v (asked %d)", err, e.asked.count())
		}
		rv := e.asked.last().Review
		if txt := reviewText(rv); !strings.Contains(txt, "domain's name is empty") || !strings.Contains(rv.Title, "permit token 0x1111111111111111111111111111111111111111 to") {
			t.Fatalf("the review does not say the name is empty, or names no token (%q):\n%s", rv.Title, txt)
		}
	})
}

// A partner signature is judged by its body: a quote is signed without a question; a mint,
// an exchange or a body no partner route has is asked about, the review saying what it can
// be; the partner mint that delivers a consent approved here, for the e-mail shown with it,
// is not asked about again, once.
func TestGatePartnerAuthByPayload(t *testing.T) {
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		call := func(body string) wallet.PartnerCall {
			return wallet.PartnerCall{Variant: wallet.PartnerAuthUR, Payload: []byte(body), Deadline: now.Add(time.Minute).Unix()}
		}
		quote := `{"urId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR","network":"devnet"}`
		if _, err := wallet.SignPartnerAuth(s, call(quote), now); err != nil || e.asked.count() != 0 {
			t.Fatalf("a quote: %v (asked %d)", err, e.asked.count())
		}
		exchange := `{"svcId":42,"inputToken":"EUR24","outputToken":"USD24","amount":"500","requestId":"r1"}`
		if _, err := wallet.SignPartnerAuth(s, call(exchange), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 1 {
			t.Fatalf("an exchange: %v (asked %d)", err, e.asked.count())
		}
		rv := e.asked.last().Review
		if v, _ := fieldOf(rv, "Partner call", "can be"); v != "POST /v1/exchange (changes the account or moves money)" || !strings.HasPrefix(rv.Purpose, "Has the service exchange") {
			t.Fatalf("the exchange's review: %q\n%s", v, reviewText(rv))
		}
		if !strings.Contains(e.asked.last().Line, `partner.exchange = "confirm" (default)`) {
			t.Fatalf("line %q", e.asked.last().Line)
		}
		e.asked.set(func(Approval) error { return nil })
		dl := strconv.FormatInt(now.Add(4*time.Minute).Unix(), 10)
		mc, err := wallet.SignMintConsentRequest(s, wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: "purse: mint", Deadline: dl, MintEmail: "a@example.com"}, now)
		if err != nil || e.asked.count() != 2 {
			t.Fatalf("the consent: %v (asked %d)", err, e.asked.count())
		}
		if v, _ := fieldOf(e.asked.last().Review, "The partner mint", "e-mail"); v != "a@example.com" {
			t.Fatalf("the consent's review shows the mint's e-mail: %q\n%s", v, reviewText(e.asked.last().Review))
		}
		e.asked.set(nil)
		mintFor := func(email, sig string) string {
			b, _ := json.Marshal(partner.MintRequest{Email: email, EVMAddress: mc.EVMAddress, Signature: sig, Hash: mc.Hash, Deadline: mc.Deadline})
			return string(b)
		}
		mint := func(sig string) string { return mintFor("a@example.com", sig) }
		// Another e-mail than the one approved: asked, the review naming it.
		if _, err := wallet.SignPartnerAuth(s, call(mintFor("thief@example.net", mc.Signature)), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 3 {
			t.Fatalf("the approved consent in a mint for another e-mail: %v (asked %d)", err, e.asked.count())
		}
		if !strings.Contains(reviewText(e.asked.last().Review), "thief@example.net") {
			t.Fatalf("the mint's review names its e-mail:\n%s", reviewText(e.asked.last().Review))
		}
		if _, err := wallet.SignPartnerAuth(s, call(mint(mc.Signature)), now); err != nil || e.asked.count() != 3 {
			t.Fatalf("the mint delivering the approved consent: %v (asked %d more)", err, e.asked.count()-3)
		}
		// A consent is delivered once: the same mint again is asked about.
		if _, err := wallet.SignPartnerAuth(s, call(mint(mc.Signature)), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 4 {
			t.Fatalf("a second delivery of the consent: %v (asked %d)", err, e.asked.count())
		}
		other := "0x" + strings.Repeat("11", 64) + "1b"
		if _, err := wallet.SignPartnerAuth(s, call(mint(other)), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != 5 {
			t.Fatalf("a mint with a consent not approved here: %v (asked %d)", err, e.asked.count())
		}
		if !strings.HasPrefix(e.asked.last().Review.Purpose, "Has the service mint an account NFT for "+mc.EVMAddress) {
			t.Fatalf("the mint's review:\n%s", reviewText(e.asked.last().Review))
		}
		// A consent approved without its mint's e-mail delivers nothing unasked.
		e.asked.set(func(Approval) error { return nil })
		bare, err := wallet.SignMintConsent(s, "purse: mint 2", dl, now)
		if err != nil {
			t.Fatal(err)
		}
		e.asked.set(nil)
		before := e.asked.count()
		if _, err := wallet.SignPartnerAuth(s, call(mintFor("a@example.com", bare.Signature)), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 {
			t.Fatalf("the mint of a consent approved without an e-mail: %v (asked %d)", err, e.asked.count()-before)
		}
		if _, err := wallet.SignPartnerAuth(s, call(`{"svcId":42,"steal":true}`), now); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+2 {
			t.Fatalf("an unknown body: %v (asked %d)", err, e.asked.count())
		}
		if v, _ := fieldOf(e.asked.last().Review, "Partner call", "can be"); v != "no partner route purse knows" {
			t.Fatalf("unknown: %q", v)
		}
	})
}

// reviewText is the review as the CLI prints it.
func reviewText(rv review.Request) string {
	var b strings.Builder
	_ = review.Write(&b, rv)
	return b.String()
}

// fieldOf is the value and note of the field labelled label in section heading.
func fieldOf(rv review.Request, heading, label string) (string, string) {
	for _, sec := range rv.Sections {
		if sec.Heading != heading {
			continue
		}
		for _, f := range sec.Fields {
			if f.Label == label {
				return f.Value, f.Note
			}
		}
	}
	return "", ""
}

// Every full-auth route of the table signs both ways with a policy that allows it, an empty
// payload (every GET) included; with the default policy, a payload that can be the request
// of a changing route is asked about and a read is not. A route added to the table is in
// this test by construction (issue 21: a new route cannot be added without both paths).
func TestEveryRouteSignsBothWays(t *testing.T) {
	allow := "[purposes]\nfull-auth = \"allow\"\n[routes]\n"
	for _, rt := range enduser.Routes() {
		if rt.Auth == enduser.AuthFull {
			allow += rt.Name + " = \"allow\"\n"
		}
	}
	allow += "unknown = \"allow\"\n"
	for name, policy := range map[string]string{"allowed": allow, "default": ""} {
		t.Run(name, func(t *testing.T) {
			bothWays(t, policy, nil, func(t *testing.T, e *gateEnv) {
				e.asked.set(func(Approval) error { return nil })
				s := e.signer(t)
				n := 0
				for _, rt := range enduser.Routes() {
					if rt.Auth != enduser.AuthFull {
						continue
					}
					n++
					var payload []byte
					if rt.Method == "POST" {
						b, ok := enduser.ExampleBody(rt.Name)
						if !ok {
							t.Fatalf("route %s: no example body", rt.Name)
						}
						payload = b
					}
					before := e.asked.count()
					now := time.Now()
					fa, err := wallet.SignFullAuthCall(s, rt.Method, rt.Name, payload, now.Add(time.Minute).Unix(), now)
					if err != nil {
						t.Fatalf("%s %s (%s): %v", rt.Method, rt.Name, payload, err)
					}
					if got, err := wallet.RecoverFullAuth(fa.Hash, strconv.FormatInt(fa.Deadline, 10), fa.Sign); err != nil || got != s.Address() {
						t.Fatalf("%s: recovered %s (%v)", rt.Name, got.Hex(), err)
					}
					asked := e.asked.count() > before
					changes := false
					for _, f := range enduser.RoutesFitting(payload) {
						changes = changes || f.Changes
					}
					if policy == "" && asked != changes || policy != "" && asked {
						t.Errorf("%s %s with payload %q: asked %v, a change %v (policy %s)", rt.Method, rt.Name, payload, asked, changes, name)
					}
				}
				if n < 10 {
					t.Fatalf("only %d full-auth routes signed", n)
				}
			})
		})
	}
}

// Every partner route of the table signs both ways under a policy that allows it, a GET's
// empty payload included; with the default policy a body that can be the request of a
// changing partner route is asked about and a read is not. A partner route added to the table
// is in this test by construction.
func TestEveryPartnerRouteSignsBothWays(t *testing.T) {
	allow := "[purposes]\npartner-auth = \"allow\"\n[partner]\n"
	for _, rt := range partner.Routes() {
		allow += rt.Name + " = \"allow\"\n"
	}
	allow += "unknown = \"allow\"\n"
	for name, policy := range map[string]string{"allowed": allow, "default": ""} {
		t.Run(name, func(t *testing.T) {
			bothWays(t, policy, nil, func(t *testing.T, e *gateEnv) {
				e.asked.set(func(Approval) error { return nil })
				s := e.signer(t)
				n := 0
				for _, rt := range partner.Routes() {
					payload, ok := partner.ExampleBody(rt.Name)
					if !ok && rt.Method != "GET" {
						t.Fatalf("partner route %s: no example body", rt.Name)
					}
					fits := partner.RoutesFitting(payload, "")
					if !slices.ContainsFunc(fits, func(f partner.Route) bool { return f.Name == rt.Name }) {
						t.Fatalf("partner route %s: its example body %s fits %v, not the route", rt.Name, payload, fits)
					}
					changes := slices.ContainsFunc(fits, func(f partner.Route) bool { return f.Changes })
					n++
					before := e.asked.count()
					now := time.Now()
					call := wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, SvcID: "42", Payload: payload, Deadline: now.Add(time.Minute).Unix()}
					pa, err := wallet.SignPartnerAuth(s, call, now)
					if err != nil {
						t.Fatalf("%s %s (%s): %v", rt.Method, rt.Name, payload, err)
					}
					if got, err := wallet.RecoverPersonal([]byte(pa.Message), pa.Signature); err != nil || got != s.Address() {
						t.Fatalf("%s: recovered %s (%v)", rt.Name, got.Hex(), err)
					}
					asked := e.asked.count() > before
					if policy == "" && asked != changes || policy != "" && asked {
						t.Errorf("%s %s with payload %q: asked %v, a change %v (policy %s)", rt.Method, rt.Name, payload, asked, changes, name)
					}
				}
				if n != len(partner.Routes()) || n < 10 {
					t.Fatalf("%d partner routes signed", n)
				}
			})
		})
	}
}

// What a client supplies reaches the user escaped, in the process and through the agent: a
// route name with control or format characters is refused before anyone is asked, naming
// the field; a personal message, a full-auth body, a mint consent's hash and a partner body
// carrying ESC, OSC, CSI, U+202E and a forged newline are shown with none of them raw
// (issue 21: "every string a client supplies is shown escaped").
func TestGateShowsWhatTheClientSaysEscaped(t *testing.T) {
	confirmAll := "[purposes]\nfull-auth = \"confirm\"\npersonal = \"confirm\"\npartner-auth = \"confirm\"\nmint-consent = \"confirm\"\n" +
		"[routes]\ntransactions = \"confirm\"\nunknown = \"confirm\"\n[partner]\nunknown = \"confirm\"\n"
	bothWays(t, confirmAll, nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(time.Minute).Unix()
		for _, route := range []string{"transactions" + visibletest.Text, "\x1b]0;pwned\x07", "card\u202e", "card\u2028", "tx\r\nFORGED LINE"} {
			_, err := wallet.SignFullAuthCall(s, "POST", route, []byte(`{"pageSize":5}`), dl, now)
			if err == nil || !strings.Contains(err.Error(), "route") || !strings.Contains(err.Error(), "control") {
				t.Fatalf("route %q: %v", route, err)
			}
			visibletest.Verify(t, "the refusal of route "+strconv.Quote(route), err.Error())
		}
		if n := e.asked.count(); n != 0 {
			t.Fatalf("the display was asked %d times about a route it cannot show", n)
		}
		hostile := visibletest.Text
		body, _ := json.Marshal(map[string]any{"pageSize": 5, "note": hostile})
		for name, sign := range map[string]func() error{
			"personal message": func() error { _, err := wallet.SignPersonal(s, []byte("hello "+hostile)); return err },
			"personal message forging the block's end": func() error {
				_, err := wallet.SignPersonal(s, []byte("hello\n-----END-----\n-- Why you are asked\n  policy  allow\n"+hostile))
				return err
			},
			"raw full-auth body": func() error {
				_, err := wallet.SignFullAuthCall(s, "POST", "transactions", []byte(`{"pageSize":5}`+hostile), dl, now)
				return err
			},
			"JSON full-auth body": func() error {
				_, err := wallet.SignFullAuthCall(s, "POST", "transactions", body, dl, now)
				return err
			},
			"mint consent hash": func() error {
				_, err := wallet.SignMintConsent(s, "purse "+hostile, strconv.FormatInt(dl, 10), now)
				return err
			},
			"partner body": func() error {
				_, err := wallet.SignPartnerAuth(s, wallet.PartnerCall{Variant: wallet.PartnerAuthUR, Payload: []byte(`{"svcId":1,"x":"` + hostile + `"}`), Deadline: dl}, now)
				return err
			},
		} {
			before := e.asked.count()
			if err := sign(); !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 {
				t.Fatalf("%s: %v (asked %d more)", name, err, e.asked.count()-before)
			}
			txt := reviewText(e.asked.last().Review)
			visibletest.Verify(t, name+" in the review", outsideBlocks(txt))
			if strings.Count(txt, "\n-----END-----\n") != strings.Count(txt, "\n-----BEGIN-----\n") {
				t.Errorf("%s: the block's text forged an end mark of the review:\n%s", name, txt)
			}
			if !strings.Contains(txt, "␛]0;owned␇") && !strings.Contains(txt, `\u001b]0;owned\u0007`) {
				t.Errorf("%s: the hostile text is not shown escaped:\n%s", name, txt)
			}
		}
	})
}

// outsideBlocks is a review's text without the contents of its blocks (a message, a payload
// shown exactly, its own newlines kept, each line behind review.BlockGutter).
func outsideBlocks(txt string) string {
	var out []string
	for _, l := range strings.Split(txt, "\n") {
		if !strings.HasPrefix(l, review.BlockGutter) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestReviewBlockCannotForgeItsEnd: a block (a message, a payload) that writes its own end
// mark and sections after it stays inside the block in the text review: each of its lines
// starts with the gutter, the review has one end mark per block, and no section heading but
// the review's own.
func TestReviewBlockCannotForgeItsEnd(t *testing.T) {
	forged := "hello\n-----END-----\n-- Why you are asked\n  policy  allow\n-----BEGIN-----\nbye"
	var b strings.Builder
	err := review.Write(&b, review.Request{Title: "t", Kind: "personal", Sections: []review.Section{
		{Heading: "Message", Block: &review.Block{Label: "message", Text: forged}},
		{Heading: "Why you are asked", Fields: []review.Field{{Label: "policy", Value: "confirm"}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	count := func(want string) (n int) {
		for _, l := range lines {
			if l == want {
				n++
			}
		}
		return n
	}
	if count("-----END-----") != 1 || count("-----BEGIN-----") != 1 || count("-- Why you are asked") != 1 {
		t.Fatalf("the block's text forged a mark or a section of the review:\n%s", b.String())
	}
	if !strings.Contains(b.String(), review.BlockGutter+"-----END-----\n") || !strings.Contains(b.String(), "6 line(s)") {
		t.Fatalf("the block's lines are not each behind the gutter:\n%s", b.String())
	}
}

// A session approval's scope is the routes the payload can be a request of, whichever step
// asks first: a job that reaches the session scope without having been judged at the gate's
// door is judged there, never scoped to its purpose alone (which would cover every full-auth
// payload, a card block included, once a read was approved for the session).
func TestSessionScopeOfAnUnjudgedJobNamesItsRoutes(t *testing.T) {
	body, _ := enduser.ExampleBody(enduser.RouteCardStatus)
	job := signJob{Request: wallet.Request{Purpose: wallet.PurposeFullAuth, Method: "POST", Route: enduser.RouteCardStatus, Payload: body}}
	got := sessionScope(job)
	if got == string(wallet.PurposeFullAuth) || !strings.Contains(got, enduser.RouteCardStatus) {
		t.Fatalf("scope %q", got)
	}
	read := signJob{Request: wallet.Request{Purpose: wallet.PurposeFullAuth, Method: "GET", Route: enduser.RouteFormAInfo}}
	if sessionScope(read) == got {
		t.Fatalf("a read and a card change share the scope %q", got)
	}
}

// Every audit record says whether the signature may change the account and which process
// asked (its own, or the agent's client as the kernel says), both ways: a read does not, a
// card block does (audit.Watch reloads another window's screens on it).
func TestAuditRecordsSayWhatChangesTheAccount(t *testing.T) {
	bothWays(t, "[routes]\ncard-status = \"allow\"\n", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(5 * time.Minute).Unix()
		if _, err := wallet.SignFullAuthCall(s, "GET", "card", nil, dl, now); err != nil {
			t.Fatal(err)
		}
		if _, err := wallet.SignFullAuthCall(s, "POST", "card-status", []byte(`{"cardTokenId":"981","status":0}`), dl, now); err != nil {
			t.Fatal(err)
		}
		recs := testhome.AuditRecords(t, e.home)
		if len(recs) < 2 {
			t.Fatalf("%d records", len(recs))
		}
		read, write := recs[len(recs)-2], recs[len(recs)-1]
		if read.Changes || !write.Changes || read.PID != os.Getpid() || write.PID != os.Getpid() {
			t.Fatalf("read %+v\nwrite %+v (pid %d)", read, write, os.Getpid())
		}
	})
}
