package doctor

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"purse/agent"
	"purse/altchain/altchaintest"
	"purse/app"
	"purse/app/account"
	"purse/app/apptest"
	"purse/app/internal/port"
	"purse/app/money"
	appsandbox "purse/app/sandbox"
	"purse/config"
	"purse/enduser/endusertest"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
	"purse/wallet"
)

// doctorEnv is a sandbox of cfg and a home whose profile "sb" was made from it, with the EVM
// key "me" onboarded to a Live account (the profile then follows the sandbox's dialect, as
// onboarding sets it) and the partner key "pk" registered.
type doctorEnv struct {
	sb   *sandbox.Sandbox
	home string
	app  *app.App
}

func newDoctorEnv(t testing.TB, home string, cfg sandbox.Config) *doctorEnv {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	sb, err := sandbox.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	if home == "" {
		home = t.TempDir()
	}
	testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "pk": keystore.KindEVM})
	p := sb.Info().Profile("sb")
	p.EVMKey, p.PartnerKey = "me", "pk"
	testhome.UseProfile(t, home, p)
	e := &doctorEnv{sb: sb, home: home}
	// The onboarding's signatures are approved as a user would on the terminal.
	if e.app, err = app.Open(app.Options{Home: home, Approver: approveAll{}}); err != nil {
		t.Fatal(err)
	}
	if _, err := appsandbox.New(e.app).Onboard(context.Background(), pw, "me", nil); err != nil {
		t.Fatal(err)
	}
	// One payout, so the history names a payout's transaction (the payout spender probe).
	cts, err := money.New(e.app).Contacts(context.Background(), pw, "CHF")
	if err != nil || len(cts) == 0 {
		t.Fatalf("contacts: %v %v", cts, err)
	}
	if _, _, err := money.New(e.app).Run(context.Background(), money.Run{Form: money.Form{Flow: money.Payout, Token: "CHF24", Amount: "1.00", Contact: string(cts[0].ID), PurposeID: "1"}}, pw); err != nil {
		t.Fatal(err)
	}
	return e
}

// set changes the profile (a fresh App reads it, as the next command would).
func (e *doctorEnv) set(t testing.TB, kv ...string) {
	t.Helper()
	if _, err := e.app.UpdateProfile(func(p *config.Profile) error {
		for i := 0; i < len(kv); i += 2 {
			if err := p.Set(kv[i], kv[i+1]); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// doctor runs the probe as a fresh command would, and indexes the report by probe name.
func (e *doctorEnv) doctor(t *testing.T) (Report, map[string]Probe, error) {
	t.Helper()
	s, err := app.Open(app.Options{Home: e.home})
	if err != nil {
		t.Fatal(err)
	}
	// Progress comes after each probe, counting up to total, and names what each concluded;
	// a notice of what the run waits for names probes and counts nothing.
	done, total := 0, 0
	rep, err := RunProgress(context.Background(), s, pw, func(pr Progress) {
		switch {
		case pr.Probe == nil:
			if len(pr.Waiting) == 0 || pr.Done != done {
				t.Errorf("a notice %+v after %d/%d", pr, done, total)
			}
		case pr.Done != done+1 || (total != 0 && pr.Total != total) || pr.Probe.Name == "":
			t.Errorf("progress %d/%d %q after %d/%d", pr.Done, pr.Total, pr.Probe.Name, done, total)
		default:
			done, total = pr.Done, pr.Total
		}
	})
	if rep.Probes != nil && (done != total || total < 20) {
		t.Errorf("progress ended at %d of %d", done, total)
	}
	by := map[string]Probe{}
	for _, p := range rep.Probes {
		by[p.Name] = p
	}
	return rep, by, err
}

func dump(rep Report) string {
	var b strings.Builder
	for _, p := range rep.Probes {
		b.WriteString(p.Name + ": " + p.Verdict + ": " + p.Detail + "\n")
	}
	return b.String()
}

// The doctor against the sandbox under the spec's reading and under each variant, with the
// profile following the sandbox: every probe confirmed, with the reading the variant plays.
// Then the profile set back to the spec's reading for that variant: the probe that tells
// them apart is contradicted, naming the setting that selects what the sandbox does.
func TestDoctorUnderEachDialect(t *testing.T) {
	for _, c := range []struct {
		name     string
		cfg      sandbox.Config
		card     bool              // issue a card before probing
		readings map[string]string // probe → the reading it must confirm
		spec     []string          // the profile settings of the spec's reading
		contra   map[string]string // with spec: probe → the setting it names
	}{
		{name: "spec", readings: map[string]string{
			"server time": "GET /api/v1/timestamp", "envelope": "retCode 0", "on-ramp limit method": "GET",
			"identity-verification path": "names.idv=idv", "identity-verification path (partner)": "names.idv=idv",
			"account status auth": "basic auth suffices", "account status result": "JSON-encoded string", "full-auth hash": "strict",
			"deadline bound": "at most 20m0s", "card read": "no card: code 10009", "on-ramp limit": "limits as data",
			"cursor paging": "the cursor pages", "history amount unit": "smallest units", "partner auth form": "spec 5.1",
			"partner response signer": "partner_response_key", "fiat token domains": "DOMAIN_SEPARATOR", "card spender": "card_spender",
			"account NFT": "account_nft", "account on chain": "token_id", "home chain": "31337", "signature check": "stranger's refused",
			"banking profile": "/api/v2/br", "chain configuration": "logged out", "quote path": "/v1/altchain/deposit/quote",
		}},
		{name: "spec, a card", card: true, readings: map[string]string{"card read": "unwrapped"}},
		{name: "noTimestamp", cfg: sandbox.Config{Dialect: endusertest.Dialect{NoTimestamp: true}}, readings: map[string]string{"server time": "timeNow"}},
		{name: "noRetCode", cfg: sandbox.Config{Dialect: endusertest.Dialect{NoRetCode: true}}, readings: map[string]string{"envelope": "no retCode"}},
		{name: "accountStatusFull", cfg: sandbox.Config{Dialect: endusertest.Dialect{AccountStatusFull: true}},
			readings: map[string]string{"account status auth": "full auth is needed"},
			spec:     []string{"routes.account-status", "basic"}, contra: map[string]string{"account status auth": "routes.account-status=full"}},
		{name: "onrampLimitPost", cfg: sandbox.Config{Dialect: endusertest.Dialect{OnrampLimitPost: true}},
			readings: map[string]string{"on-ramp limit method": "POST {}"},
			spec:     []string{"routes.onramp-limit", "GET"},
			contra:   map[string]string{"on-ramp limit method": "routes.onramp-limit=POST", "on-ramp limit": "routes.onramp-limit=POST"}},
		{name: "urNames", cfg: sandbox.Config{Dialect: endusertest.Dialect{URNames: true}},
			readings: map[string]string{"identity-verification path": "names.idv=sumsub", "identity-verification path (partner)": "names.idv=sumsub"},
			spec:     []string{"names.idv", "idv"},
			contra:   map[string]string{"identity-verification path": "names.idv=sumsub", "identity-verification path (partner)": "names.idv=sumsub"}},
		{name: "anyHash", cfg: sandbox.Config{Dialect: endusertest.Dialect{AnyHash: true}}, readings: map[string]string{"full-auth hash": "lenient"}},
		{name: "cardList", cfg: sandbox.Config{Dialect: endusertest.Dialect{CardList: true}}, card: true, readings: map[string]string{"card read": "{cards:[…]}"}},
		{name: "noCard404", cfg: sandbox.Config{Dialect: endusertest.Dialect{NoCard404: true}}, readings: map[string]string{"card read": "no card: HTTP 404"}},
		{name: "partner_auth ur", cfg: sandbox.Config{PartnerAuth: wallet.PartnerAuthUR}, readings: map[string]string{"partner auth form": "UR's documented form"},
			spec: []string{"partner_auth", "spec"}, contra: map[string]string{"partner auth form": "partner_auth=ur"}},
		{name: "tx_amount_unit display", cfg: sandbox.Config{TxAmountUnit: "display"}, readings: map[string]string{"history amount unit": "display decimals"},
			spec: []string{"tx_amount_unit", "smallest"}, contra: map[string]string{"history amount unit": "tx_amount_unit=display"}},
		{name: "payoutCardSpender", cfg: sandbox.Config{Dialect: endusertest.Dialect{PayoutCardSpender: true}}, readings: map[string]string{"payout spender": "the card spender spends it"},
			spec: []string{"payout_spender", "token"}, contra: map[string]string{"payout spender": "payout_spender=card"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newDoctorEnv(t, "", c.cfg)
			if c.card {
				if _, err := account.NewCard(e.app).Run(context.Background(), pw, account.CardIssue, ""); err != nil {
					t.Fatal(err)
				}
			}
			rep, by, err := e.doctor(t)
			if err != nil {
				t.Fatalf("%v\n%s", err, dump(rep))
			}
			// The doctor's 27 probes, and one per row that declares a route probe.
			if len(rep.Probes) != 27+len(routeProbeRows()) {
				t.Fatalf("%d probes\n%s", len(rep.Probes), dump(rep))
			}
			for _, p := range rep.Probes {
				skippedPost := p.Name == "on-ramp limit" && c.cfg.Dialect.OnrampLimitPost && p.Verdict == ProbeSkipped
				if p.Verdict != ProbeConfirmed && !skippedPost {
					t.Errorf("%s: %s: %s", p.Name, p.Verdict, p.Detail)
				}
			}
			for name, reading := range c.readings {
				if p := by[name]; !strings.Contains(p.Reading, reading) {
					t.Errorf("%s: reading %q, want %q", name, p.Reading, reading)
				}
			}
			if c.spec == nil {
				return
			}
			e.set(t, c.spec...)
			rep, by, err = e.doctor(t)
			var adv *app.Advice
			if !errors.As(err, &adv) || rep.Summary.Contradicted != len(c.contra) || rep.Summary.Credentials != 0 {
				t.Fatalf("the spec's profile: %v %+v\n%s", err, rep.Summary, dump(rep))
			}
			for name, setting := range c.contra {
				if p := by[name]; p.Verdict != ProbeContradicted || !strings.Contains(p.Setting, setting) {
					t.Errorf("%s: %s, setting %q, want %q: %s", name, p.Verdict, p.Setting, setting, p.Detail)
				}
			}
		})
	}
}

// The readings the sandbox plays beyond the route dialects: the partner answers signed by
// another key or unsigned (the Solana side's faults), and the frozenFlag and
// existingAllowance dialects, which no read-only probe tells apart and so leave every probe
// as under the spec.
func TestDoctorUnderThePlayedReadings(t *testing.T) {
	e := newDoctorEnv(t, "", sandbox.Config{})
	for _, c := range []struct {
		faults  string
		reading string
		why     string
	}{
		{altchaintest.ResponseForeign, "answers signed by another key", "purse refuses such answers; pin only a key the service's documentation names"},
		{altchaintest.ResponseTampered, "answers signed by another key, or signatures that do not hold", "purse refuses such answers"},
		{altchaintest.ResponseUnsigned, "answers unsigned", "or a stand-in that is not the service"},
	} {
		if err := e.sb.Solana.SetFaults(altchaintest.Faults{ResponseSignature: c.faults}); err != nil {
			t.Fatal(err)
		}
		rep, by, err := e.doctor(t)
		var adv *app.Advice
		p := by["partner response signer"]
		if !errors.As(err, &adv) || rep.Summary.Contradicted != 1 || p.Verdict != ProbeContradicted || p.Setting != "" ||
			!strings.HasPrefix(p.Reading, c.reading) || !strings.Contains(p.Detail, c.why) {
			t.Errorf("%s: %v %+v: %s %q %q: %s", c.faults, err, rep.Summary, p.Verdict, p.Setting, p.Reading, p.Detail)
		}
	}
	if err := e.sb.Solana.SetFaults(altchaintest.Faults{}); err != nil {
		t.Fatal(err)
	}
	// A profile naming the quote's path otherwise than the service (which has only the
	// spec's /v1/altchain/…): the quote path is contradicted, naming names.altchain.
	e.set(t, "names.altchain", "crosschain")
	if _, by, err := e.doctor(t); err == nil || by["quote path"].Verdict != ProbeContradicted || by["quote path"].Setting != "names.altchain" ||
		!strings.Contains(by["quote path"].Detail, "/v1/crosschain/deposit/quote") {
		t.Errorf("names.altchain: %v %+v", err, by["quote path"])
	}
	for _, d := range []endusertest.Dialect{{FrozenFlag: true}, {ExistingAllowance: true}} {
		e := newDoctorEnv(t, "", sandbox.Config{Dialect: d})
		rep, _, err := e.doctor(t)
		if err != nil || rep.Summary.Confirmed != len(rep.Probes) {
			t.Errorf("%+v: %v %+v\n%s", d, err, rep.Summary, dump(rep))
		}
	}
}

// proxied points the profile's end-user and partner API at handler h, given the sandbox's
// address (the chain stays the sandbox's).
func (e *doctorEnv) proxied(t testing.TB, h func(sandbox http.Handler) http.Handler) {
	t.Helper()
	target, _ := url.Parse(e.sb.Info().UserAPI)
	hs := httptest.NewServer(h(httputil.NewSingleHostReverseProxy(target)))
	t.Cleanup(hs.Close)
	e.set(t, "user_api", hs.URL, "partner_api", hs.URL+"/partner")
}

// signedProbe says whether a probe's evidence holds a request signed with purse's keys.
func signedProbe(p Probe) bool {
	for _, ev := range p.Evidence {
		if strings.Contains(ev.Request, "(full auth") || strings.Contains(ev.Request, "partner auth,") {
			return true
		}
	}
	return false
}

// A stand-in that refuses every signature and answers unsigned calls as the service: no
// signed probe is confirmed, each says the credentials are the problem, the summary names
// them first, and the run is an error.
func TestDoctorAgainstRefusedSignatures(t *testing.T) {
	e := newDoctorEnv(t, "", sandbox.Config{})
	e.proxied(t, endusertest.RefuseSignatures)
	rep, by, err := e.doctor(t)
	var adv *app.Advice
	if !errors.As(err, &adv) || !strings.Contains(err.Error(), "refused purse's own signature") || !strings.Contains(adv.NextStep(), "Fix the credentials first") {
		t.Fatalf("error %v\n%s", err, dump(rep))
	}
	if !strings.HasPrefix(rep.Summary.FixFirst, "signature check: ") || !strings.Contains(rep.Summary.FixFirst, "the key holds account "+e.app.Profile().TokenID) {
		t.Fatalf("fix first: %q", rep.Summary.FixFirst)
	}
	signed := 0
	for _, p := range rep.Probes {
		if !signedProbe(p) {
			continue
		}
		signed++
		if p.Verdict == ProbeConfirmed {
			t.Errorf("%s confirmed from refused signatures: %s", p.Name, p.Detail)
		}
	}
	for _, name := range []string{"signature check", "account status auth", "full-auth hash", "deadline bound", "banking profile",
		"card read", "on-ramp limit", "cursor paging", "history amount unit", "partner auth form"} {
		if p := by[name]; p.Verdict != ProbeCredentials {
			t.Errorf("%s: %s: %s", name, p.Verdict, p.Detail)
		}
	}
	if signed < 10 || by["envelope"].Verdict != ProbeConfirmed || by["on-ramp limit method"].Verdict != ProbeConfirmed {
		t.Fatalf("the unsigned probes: %d signed\n%s", signed, dump(rep))
	}
	// The stand-in's refusals are unsigned: said, with what that can mean, and the setting
	// that would let unsigned answers through is proposed nowhere.
	if p := by["partner response signer"]; p.Verdict != ProbeContradicted || p.Setting != "" ||
		!strings.Contains(p.Detail, "carry no x-api-signature: a service that does not sign some answers (its errors), or a stand-in that is not the service") {
		t.Errorf("partner response signer: %s %q: %s", p.Verdict, p.Setting, p.Detail)
	}
	if strings.Contains(strings.Join(rep.Summary.Settings, " "), "partner_unsigned_answers") || strings.Contains(adv.NextStep(), "partner_unsigned_answers") {
		t.Errorf("a weaker setting proposed: %q; %s", rep.Summary.Settings, adv.NextStep())
	}
}

// A stand-in that answers every request with the same success: the probes that tell the
// service's readings apart are inconclusive or contradicted, never confirmed; only the home
// chain, which is the sandbox's, is.
func TestDoctorAgainstAYesMan(t *testing.T) {
	e := newDoctorEnv(t, "", sandbox.Config{})
	e.proxied(t, func(http.Handler) http.Handler { return endusertest.YesMan() })
	rep, by, err := e.doctor(t)
	// What it could not fake is contradicted (a cursor that repeats its record, unsigned
	// answers): the run is an error (the CLI exits 1), and no setting is proposed, the
	// one that would accept unsigned answers least of all.
	var adv *app.Advice
	if !errors.As(err, &adv) || !strings.Contains(err.Error(), "2 probe(s) contradicted") || len(rep.Summary.Settings) != 0 ||
		rep.Summary.Credentials != 0 || strings.Contains(adv.NextStep(), "partner_unsigned_answers") ||
		by["cursor paging"].Verdict != ProbeContradicted || by["partner response signer"].Verdict != ProbeContradicted {
		t.Fatalf("%v %+v\n%s", err, rep.Summary, dump(rep))
	}
	chain := map[string]bool{"home chain": true, "account NFT": true, "account on chain": true, "card spender": true, "fiat token domains": true}
	confirmed := 0
	for _, p := range rep.Probes {
		if p.Verdict == ProbeConfirmed {
			confirmed++
			if !chain[p.Name] {
				t.Errorf("%s confirmed by a yes-man: %s", p.Name, p.Detail)
			}
		}
	}
	if confirmed == len(rep.Probes) || rep.Summary.Inconclusive < 15 {
		t.Fatalf("%+v\n%s", rep.Summary, dump(rep))
	}
}

// The mistake of the contracts repository's mantle-sepolia/5003-default.json, which repeats
// the mainnet addresses: a profile (and a chain configuration) naming them over a chain
// where they hold no code is contradicted, naming the setting.
func TestDoctorCatchesAnotherNetworksAddresses(t *testing.T) {
	const (
		mainnetAccount = "0x4a05148119683E0A41b52fb973EEF0EE81536c47"
		mainnetSpender = "0xb9d38DDE25f67D57af5b91C254F869F90d483d05"
		mainnetEUR24   = "0x0578be9C858e6562dd8cd11a738b89Ca48194dA5"
	)
	e := newDoctorEnv(t, "", sandbox.Config{})
	eur, _ := e.sb.Chain.Token("EUR24")
	// The chain configuration names the mainnet EUR24 where the sandbox's is.
	e.proxied(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/chain-configs") {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			body := bytes.ReplaceAll(rec.Body.Bytes(), []byte(eur.Address.Hex()), []byte(mainnetEUR24))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(rec.Code)
			_, _ = io.Copy(w, bytes.NewReader(body))
		})
	})
	e.set(t, "account_nft", mainnetAccount, "card_spender", mainnetSpender)
	rep, by, err := e.doctor(t)
	if err == nil {
		t.Fatalf("no error\n%s", dump(rep))
	}
	for name, setting := range map[string]string{"account NFT": "account_nft", "card spender": "card_spender", "fiat token domains": "evm_rpc or network"} {
		if p := by[name]; p.Verdict != ProbeContradicted || !strings.Contains(p.Setting, setting) || !strings.Contains(p.Detail, "no code") {
			t.Errorf("%s: %s %q: %s", name, p.Verdict, p.Setting, p.Detail)
		}
	}
	if p := by["fiat token domains"]; !strings.Contains(p.Detail, "EUR24: no code at "+mainnetEUR24) {
		t.Errorf("the token at fault is not named: %s", p.Detail)
	}
	if p := by["account on chain"]; p.Verdict == ProbeConfirmed {
		t.Errorf("account on chain: %s", p.Detail)
	}
	if by["home chain"].Verdict != ProbeConfirmed {
		t.Errorf("home chain: %+v", by["home chain"])
	}
}

// A contract of another kind at account_nft or card_spender (the sandbox's own contracts,
// swapped): each probe is contradicted naming the setting and what the contract answers as;
// code alone confirms neither.
func TestDoctorCatchesWrongContracts(t *testing.T) {
	e := newDoctorEnv(t, "", sandbox.Config{})
	ct := e.sb.Chain.Contracts()
	eur, _ := e.sb.Chain.Token("EUR24")
	for _, c := range []struct {
		name                 string
		accountNFT, spender  string
		nftSays, spenderSays string
	}{
		{"a fiat token at both", eur.Address.Hex(), eur.Address.Hex(), "no ERC-165; answers decimals() and DOMAIN_SEPARATOR() as a permit token", "as a permit token: not a spender"},
		{"swapped", ct.CardSpender.Hex(), ct.AccountNFT.Hex(), "answering as no ERC-165: not the account NFT", "ERC-165: an ERC-721 Enumerable: not a spender"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.set(t, "account_nft", c.accountNFT, "card_spender", c.spender)
			rep, by, err := e.doctor(t)
			var adv *app.Advice
			if !errors.As(err, &adv) || !strings.Contains(adv.NextStep(), "account_nft") || !strings.Contains(adv.NextStep(), "card_spender") {
				t.Fatalf("%v\n%s", err, dump(rep))
			}
			if p := by["account NFT"]; p.Verdict != ProbeContradicted || p.Setting != "account_nft" ||
				!strings.Contains(p.Reading, "another kind of contract") || !strings.Contains(p.Detail, c.nftSays) {
				t.Errorf("account NFT: %s %q %q: %s", p.Verdict, p.Setting, p.Reading, p.Detail)
			}
			if p := by["card spender"]; p.Verdict != ProbeContradicted || p.Setting != "card_spender" ||
				!strings.Contains(p.Reading, "another kind of contract") || !strings.Contains(p.Detail, c.spenderSays) {
				t.Errorf("card spender: %s %q %q: %s", p.Verdict, p.Setting, p.Reading, p.Detail)
			}
			if p := by["account on chain"]; p.Verdict == ProbeConfirmed {
				t.Errorf("account on chain: %s", p.Detail)
			}
		})
	}
	// Another spender of the sandbox at card_spender: it holds code and answers as neither
	// the account NFT nor a token, but none of the card contract's getters: code alone is
	// not a card contract.
	e.set(t, "account_nft", ct.AccountNFT.Hex(), "card_spender", ct.Deposit.Hex())
	_, by, _ := e.doctor(t)
	if p := by["card spender"]; p.Verdict != ProbeInconclusive || !strings.Contains(p.Detail, "answers none of the card contract's getters") {
		t.Errorf("code alone: %s: %s", p.Verdict, p.Detail)
	}
	// The sandbox's own contracts: the account NFT answers as one, and the card spender's
	// getters name the account NFT and the chain configuration's fiat tokens.
	e.set(t, "account_nft", ct.AccountNFT.Hex(), "card_spender", ct.CardSpender.Hex())
	rep, by, err := e.doctor(t)
	if err != nil {
		t.Fatalf("%v\n%s", err, dump(rep))
	}
	if p := by["account NFT"]; p.Verdict != ProbeConfirmed || !strings.Contains(p.Detail, "answering ERC-165 as an ERC-721 Enumerable") {
		t.Errorf("account NFT: %s: %s", p.Verdict, p.Detail)
	}
	if p := by["card spender"]; p.Verdict != ProbeConfirmed || !strings.Contains(p.Detail, "fiat24AccountAddress() is account_nft "+ct.AccountNFT.Hex()) ||
		!strings.Contains(p.Detail, "CHF24, CNH24, EUR24, USD24") {
		t.Errorf("card spender: %s: %s", p.Verdict, p.Detail)
	}
}

// approveAll approves every review, as a user on the terminal would during onboarding.
type approveAll struct{}

func (approveAll) Approve(context.Context, app.Approval) error { return nil }

// pw opens the test keys (testhome.FileStore's passphrase).
var pw = &app.Unlock{Passphrase: []byte("pw")}

// blockingDisplay is an agent display that never answers: a confirmation waits until its
// context ends.
type blockingDisplay struct{ asked atomic.Int64 }

func (d *blockingDisplay) String() string { return "a display nobody watches" }
func (d *blockingDisplay) Confirm(ctx context.Context, _ agent.Confirmation) error {
	d.asked.Add(1)
	<-ctx.Done()
	return ctx.Err()
}

// Through the agent with the default policy the doctor never waits for a person: the probe
// whose signature the policy would confirm (the on-ramp limit's POST {}, issue-card's body
// too) is skipped at once, the display is never asked, and every other signature is made
// in the agent.
func TestDoctorThroughTheAgentNeverWaits(t *testing.T) {
	home, err := os.MkdirTemp("", "pd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	newDoctorEnv(t, home, sandbox.Config{Dialect: endusertest.Dialect{OnrampLimitPost: true}})
	d := &blockingDisplay{}
	apptest.ServeAgentWith(t, home, d)
	s, err := app.Open(app.Options{Home: home, Client: "purse doctor"})
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := port.Of(s)
	if sg, err := sess.ReadOnlyEVMSigner(s.Profile().EVMKey, pw); err != nil {
		t.Fatal(err)
	} else if _, ok := sg.(*agent.EVMSigner); !ok {
		t.Fatalf("signer %T is not the agent's", sg)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rep, err := Run(ctx, s, pw)
	if err != nil || ctx.Err() != nil {
		t.Fatalf("%v (%v)\n%s", err, ctx.Err(), dump(rep))
	}
	by := map[string]Probe{}
	for _, p := range rep.Probes {
		by[p.Name] = p
	}
	if p := by["on-ramp limit"]; p.Verdict != ProbeSkipped || !strings.Contains(p.Detail, "never waits") || d.asked.Load() != 0 {
		t.Fatalf("on-ramp limit: %+v (display asked %d times)", p, d.asked.Load())
	}
	for _, name := range []string{"signature check", "full-auth hash", "deadline bound", "partner auth form", "history amount unit"} {
		if by[name].Verdict != ProbeConfirmed {
			t.Errorf("%s through the agent: %s %s", name, by[name].Verdict, by[name].Detail)
		}
	}
	if recs := testhome.AuditRecords(t, home); len(recs) < 10 {
		t.Fatalf("the agent's audit: %d records", len(recs))
	}
}

// slow puts a service that answers each request d late in front of the sandbox's APIs, and
// returns the most requests it was seen to hold at once.
func (e *doctorEnv) slow(t testing.TB, d time.Duration) *atomic.Int32 {
	var inFlight, most atomic.Int32
	e.proxied(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(d)
			next.ServeHTTP(w, r)
		})
	})
	return &most
}

// On a slow service the probes run side by side, never more than parallel at once, and the
// report is the one a quick service gets: the same probes, in the same order, with the same
// verdicts. While answers are slow, the run says which probes it waits for. (How much
// sooner it ends is BenchmarkDoctorSlowService's to say, not a timed test's.)
func TestProbesRunSideBySide(t *testing.T) {
	_, quick, _ := newDoctorEnv(t, "", sandbox.Config{}).doctor(t)
	defer func(d time.Duration) { waitNotice = d }(waitNotice)
	waitNotice = 50 * time.Millisecond

	e := newDoctorEnv(t, "", sandbox.Config{})
	most := e.slow(t, 150*time.Millisecond)
	s, err := app.Open(app.Options{Home: e.home})
	if err != nil {
		t.Fatal(err)
	}
	var waited []string
	rep, _ := RunProgress(context.Background(), s, pw, func(pr Progress) {
		for _, a := range pr.Waiting {
			waited = append(waited, a.Name)
		}
	})
	if m := int(most.Load()); m < 2 || m > parallel {
		t.Errorf("at most %d requests were in flight at once, want 2 to %d", m, parallel)
	}
	if len(rep.Probes) != len(quick) {
		t.Fatalf("%d probes on the slow service, %d on the quick one", len(rep.Probes), len(quick))
	}
	for _, p := range rep.Probes {
		if q := quick[p.Name]; p.Verdict != q.Verdict {
			t.Errorf("%s: %s on the slow service, %s on the quick one (%s)", p.Name, p.Verdict, q.Verdict, p.Detail)
		}
	}
	if len(waited) == 0 || !strings.Contains(strings.Join(waited, "|"), "the basis") {
		t.Errorf("waited for %q", waited)
	}
}

// The step table: every name is a probe's and unique, and a step waits only for a step
// before it (the run would otherwise report a table error).
func TestStepTable(t *testing.T) {
	e := newDoctorEnv(t, "", sandbox.Config{})
	rep, _, _ := e.doctor(t)
	r := &doctorRun{}
	steps := r.steps()
	seen := map[string]int{}
	for i, st := range steps {
		if _, dup := seen[st.name]; dup {
			t.Errorf("two steps are named %q", st.name)
		}
		seen[st.name] = i
		for _, a := range st.after {
			if j, ok := seen[a]; !ok || j >= i {
				t.Errorf("%s waits for %q, no step before it", st.name, a)
			}
		}
		if i < len(rep.Probes) && rep.Probes[i].Name != st.name {
			t.Errorf("step %d is %q, its probe says %q", i, st.name, rep.Probes[i].Name)
		}
	}
	if len(steps) != len(rep.Probes) {
		t.Errorf("%d steps, %d probes", len(steps), len(rep.Probes))
	}
}
