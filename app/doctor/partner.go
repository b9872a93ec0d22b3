package doctor

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain"
	"purse/app"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

// The partner API's probes: which paths it has (the vendor's name, the quote's), which
// partner-auth form it accepts, and who signs its answers. Nothing is minted and no token is
// made: the unsigned requests are refused for their missing authentication, and the signed
// one is a status read whose empty body the service refuses before reading anything.

// partnerAbsentPath is a path no partner API has.
const partnerAbsentPath = "/v1/purse-doctor-no-such-route"

// partnerSend posts one probe request (variant "" unsigned) and keeps the answer for the
// response-signer probe.
func (r *doctorRun) partnerSend(ctx context.Context, c *partner.Client, path string, variant wallet.PartnerAuthVariant) *answer {
	form := "unsigned"
	if variant != "" {
		form = "partner auth, " + string(variant) + " form"
	}
	a := &answer{request: fmt.Sprintf("POST %s {} (%s)", path, form), method: http.MethodPost}
	got, err := c.Probe(ctx, path, []byte("{}"), variant)
	if err != nil {
		a.err = err
		return a
	}
	a.status, a.header, a.body = got.Status, got.Header, got.Response
	a.signed, a.signer, a.sigErr = got.Signed, got.Signer, got.SignatureErr
	r.mu.Lock()
	r.partnerAnswers = append(r.partnerAnswers, a)
	r.mu.Unlock()
	return a
}

// partnerUnsigned is the profile's partner client for unsigned requests; false when the
// profile has no partner_api.
func (r *doctorRun) partnerUnsigned() (*partner.Client, bool) {
	if r.p.PartnerAPI == "" {
		return nil, false
	}
	c := r.s.PartnerClient(r.p)
	c.Now = r.s.Now
	return c, true
}

// partnerBasis asks the partner API for a path it has not, once, before any probe: how it
// answers tells a path's absence to every partner probe.
func (r *doctorRun) partnerBasis(ctx context.Context) {
	if c, ok := r.partnerUnsigned(); ok {
		r.b.partnerAbsent = r.partnerSend(ctx, c, partnerAbsentPath, "")
	}
}

const noPartnerAPI = "the profile has no partner_api"

func (r *doctorRun) probePartnerIDVPaths(ctx context.Context, name string) Probe {
	vendor := r.p.StandInNames().Vendor()
	var rs []reading
	for _, n := range idvNames(vendor) {
		rs = append(rs, reading{name: fmt.Sprintf("%s (names.idv=%s%s)", partner.DefaultPath(partner.RouteIDVStatus, protocol.Names{IDV: n}), n, idvBasis(n)),
			setting: "names.idv=" + n, followed: n == vendor})
	}
	c, ok := r.partnerUnsigned()
	if !ok {
		return finish(name, rs, outcome{unreachable: noPartnerAPI})
	}
	var as, ctls []*answer
	var paths []string
	for _, n := range idvNames(vendor) {
		paths = append(paths, partner.DefaultPath(partner.RouteIDVStatus, protocol.Names{IDV: n}))
		as = append(as, r.partnerSend(ctx, c, paths[len(paths)-1], ""))
		ctls = append(ctls, r.b.partnerAbsent)
	}
	o := judgeAlternatives(as, ctls)
	for i, j := range o.fits {
		if j.fit == fitYes {
			r.partnerStatusPath = paths[i]
		}
	}
	if _, set := r.p.PartnerRoutes[partner.RouteIDVStatus]; set {
		o.note = "The profile names the status route's path itself (partner_routes.idv-status), which names.idv does not change."
	}
	return finish(name, rs, o, append([]*answer{r.b.partnerAbsent}, as...)...)
}

func (r *doctorRun) probeQuotePath(ctx context.Context, name string) Probe {
	names := r.p.StandInNames()
	path := names.Path(altchain.QuotePath)
	rs := []reading{
		{name: fmt.Sprintf("the quote route is %s (names.altchain=%s)", path, names.AltchainName()), followed: true},
		{name: "no quote route there", setting: "names.altchain"},
	}
	c, ok := r.partnerUnsigned()
	if !ok {
		return finish(name, rs, outcome{unreachable: noPartnerAPI})
	}
	a := r.partnerSend(ctx, c, path, "")
	return finish(name, rs, judgeExists(a, r.b.partnerAbsent), a)
}

// judgeExists tells a route that is there (any answer but an unknown path's) from one that
// is not.
func judgeExists(a, ctl *answer) outcome {
	if o, done := withoutAnswer(a); done {
		return o
	}
	absent, known, why := absence(a, ctl)
	switch {
	case !known:
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j}}
	case absent:
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	}
	return outcome{fits: []judgement{yes("%s", why), ruled("%s", why)}}
}

func (r *doctorRun) probePartnerAuth(ctx context.Context, name string) Probe {
	form := r.p.PartnerAuthForm()
	rs := []reading{
		{name: "spec 5.1's form: the identity between body and deadline", setting: "partner_auth=spec", followed: form == string(wallet.PartnerAuthSpec)},
		{name: `UR's documented form "{body} {deadline}" (UR-SIG)`, setting: "partner_auth=ur", followed: form == string(wallet.PartnerAuthUR)},
	}
	c, ok := r.partnerUnsigned()
	switch {
	case !ok:
		return finish(name, rs, outcome{unreachable: noPartnerAPI})
	case r.p.PartnerKey == "":
		return finish(name, rs, outcome{unreachable: "the profile has no partner_key"})
	}
	signer, err := r.s.ReadOnlyEVMSigner(r.p.PartnerKey, r.u)
	if err != nil {
		return finish(name, rs, outcome{unreachable: "no signer for partner_key: " + app.OneLine(err)})
	}
	c.Signer = signer
	// A status read with an empty body: the service refuses it for the missing fields once
	// the signature holds, and for the signature when it does not. It goes to the status
	// path the service was seen to have, else to the profile's.
	path := r.partnerStatusPath
	if path == "" {
		path = r.s.PartnerPath(r.p, partner.RouteIDVStatus)
	}
	auth := partnerAuth{
		spec: r.partnerSend(ctx, c, path, wallet.PartnerAuthSpec),
		ur:   r.partnerSend(ctx, c, path, wallet.PartnerAuthUR),
	}
	auth.strangerSpec, auth.strangerUR = r.partnerStranger(ctx, *c, path)
	b := r.b
	b.credentials = fmt.Sprintf("check that partner_key %s (%s) is a partner key the service knows for partner_api %s, and names.svcId (%s), the name the spec's form signs",
		r.p.PartnerKey, signer.Address().Hex(), r.p.PartnerAPI, r.p.StandInNames().AccountID())
	return finish(name, rs, judgePartnerAuth(b, auth), auth.spec, auth.ur, auth.strangerSpec, auth.strangerUR)
}

// partnerAuth are the partner auth probe's answers: the partner key's request under each
// form, and the same requests signed by a stranger's key (the control: only where a
// stranger's signature is refused does getting past it say anything of the form).
type partnerAuth struct {
	spec, ur, strangerSpec, strangerUR *answer
}

// partnerStranger sends path under both forms signed by a key made for it and dropped after.
func (r *doctorRun) partnerStranger(ctx context.Context, c partner.Client, path string) (spec, ur *answer) {
	k, err := crypto.GenerateKey()
	if err != nil {
		a := &answer{request: "a stranger's partner signature", err: err}
		return a, a
	}
	key := wallet.NewEVMKey(k)
	defer key.Zero()
	c.Signer = key
	spec, ur = r.partnerSend(ctx, &c, path, wallet.PartnerAuthSpec), r.partnerSend(ctx, &c, path, wallet.PartnerAuthUR)
	spec.request += " signed by a stranger's key"
	ur.request += " signed by a stranger's key"
	return spec, ur
}

func judgePartnerAuth(b basis, pa partnerAuth) outcome {
	spec, ur := pa.spec, pa.ur
	if o, done := withoutAnswer(spec, ur, pa.strangerSpec, pa.strangerUR); done {
		return o
	}
	if spec.sigRefused() && ur.sigRefused() {
		return outcome{credentials: fmt.Sprintf("the service refused the partner key's signature under both forms (%s; %s); %s", spec.says(), ur.says(), b.credentials)}
	}
	for _, a := range []*answer{spec, ur} {
		if absent, known, why := absence(a, b.partnerAbsent); absent || !known || a.status >= 500 {
			return every(2, unsure("%s: %s", a.request, why))
		}
	}
	past := func(a *answer) string { return fmt.Sprintf("past the signature (%s)", a.says()) }
	// unchecked: a stranger's key got past the signature under the form that passed, so the
	// service checks no partner signature there and the pass proves nothing of the form.
	unchecked := func(form string, stranger *answer) outcome {
		return every(2, unsure("%s form got past, and so did a stranger's key under it (%s): the service checks no partner signature here", form, stranger.says()))
	}
	switch {
	case spec.sigRefused() && !pa.strangerUR.sigRefused():
		return unchecked("UR's", pa.strangerUR)
	case spec.sigRefused():
		return outcome{fits: []judgement{ruled("refused (%s)", spec.says()), yes("UR's form got %s; the spec's was refused (%s), as was a stranger's key under UR's", past(ur), spec.says())}}
	case ur.sigRefused() && !pa.strangerSpec.sigRefused():
		return unchecked("the spec's", pa.strangerSpec)
	case ur.sigRefused():
		return outcome{fits: []judgement{yes("the spec's form got %s; UR's was refused (%s), as was a stranger's key under the spec's", past(spec), ur.says()), ruled("refused (%s)", ur.says())}}
	}
	return every(2, unsure("both forms got past the signature (%s; %s): the service takes either", spec.says(), ur.says()))
}

func (r *doctorRun) probeResponseSigner(ctx context.Context, name string) Probe {
	pin := r.p.PartnerResponseKey
	rs := responseSignerReadings(pin, r.p.UnsignedAnswers() == "warn")
	r.mu.Lock()
	answers := slices.Clone(r.partnerAnswers)
	r.mu.Unlock()
	switch {
	case r.p.PartnerAPI == "":
		return finish(name, rs, outcome{unreachable: noPartnerAPI})
	case len(answers) == 0:
		return finish(name, rs, outcome{unreachable: "the partner API gave no answer (the probes above say why)"})
	}
	var pinned *common.Address
	if pin != "" && common.IsHexAddress(pin) {
		k := common.HexToAddress(pin)
		pinned = &k
	}
	return finish(name, rs, judgeResponseSigner(answers, pinned), answers...)
}

// responseSignerReadings are the response signer probe's readings for the profile's pin and
// partner_unsigned_answers.
func responseSignerReadings(pin string, warn bool) []reading {
	first := "answers signed by partner_response_key " + pin + " (UR-SIG)"
	if pin == "" {
		first = "answers signed (the profile pins no key: partner_response_key is empty)"
	}
	return []reading{
		{name: first, followed: true},
		{name: "answers signed by another key, or signatures that do not hold"},
		// Accepting unsigned answers weakens a check: the setting names the reading but is
		// never proposed (a stand-in that does not sign must not talk the user into it).
		{name: "answers unsigned", setting: "partner_unsigned_answers=warn", weakens: true, followed: warn},
	}
}

// judgeResponseSigner reads who signed the partner API's HTTP 200 answers (the ones purse
// checks before using anything of them).
func judgeResponseSigner(as []*answer, pinned *common.Address) outcome {
	var checked, unsigned, byPin int
	var others []string
	for _, a := range as {
		if a.err != nil || a.status != http.StatusOK {
			continue
		}
		checked++
		switch {
		case a.sigErr != nil:
			others = append(others, app.OneLine(a.sigErr))
		case !a.signed:
			unsigned++
		case pinned == nil || a.signer == *pinned:
			byPin++
		default:
			others = append(others, "signed by "+a.signer.Hex())
		}
	}
	if checked == 0 {
		j := unsure("no answer of HTTP 200 to check")
		return outcome{fits: []judgement{j, j, j}}
	}
	fits := []judgement{ruled("no answer is signed so"), ruled("no answer is signed otherwise"), ruled("every answer is signed")}
	switch {
	case byPin > 0 && pinned == nil:
		// Nothing was compared: the service's key and a stand-in's sign alike.
		j := unsure("%s (%d of %d answer(s) of HTTP 200 signed, by %s)", noPin, byPin, checked, strings.Join(signers(as), ", "))
		fits[0], fits[1] = j, j
	case byPin > 0:
		fits[0] = yes("%d of %d answer(s) of HTTP 200", byPin, checked)
	}
	if len(others) > 0 {
		fits[1] = yes("%s: purse refuses such answers; pin only a key the service's documentation names", strings.Join(others, "; "))
		fits[0].fit = fitRuled
		fits[0].why = "another signature too: " + strings.Join(others, "; ")
	}
	if unsigned > 0 {
		fits[2] = yes("%d of %d answer(s) of HTTP 200 carry no x-api-signature: a service that does not sign some answers (its errors), or a stand-in that is not the service; "+
			"purse refuses them unless the profile says otherwise, and whether this is the service is yours to judge from the evidence below", unsigned, checked)
		if fits[0].fit != fitRuled {
			fits[0] = ruled("%d of %d answer(s) of HTTP 200 are unsigned", unsigned, checked)
		}
	}
	return outcome{fits: fits}
}

// noPin is why signed answers confirm nothing without partner_response_key.
const noPin = "no response key pinned: any signer is accepted; pin partner_response_key"

// signers are the keys that signed as (HTTP 200 answers), each once.
func signers(as []*answer) []string {
	var out []string
	for _, a := range as {
		if a.err == nil && a.status == http.StatusOK && a.signed && a.sigErr == nil && !slices.Contains(out, a.signer.Hex()) {
			out = append(out, a.signer.Hex())
		}
	}
	return out
}
