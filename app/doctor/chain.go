package doctor

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
)

// The home chain's probes: the profile's evm_rpc serves its network, and the addresses the
// profile and the chain configuration name are the contracts purse signs for there. The
// contracts repository's mantle-sepolia/5003-default.json repeats the mainnet addresses: a
// testnet profile filled from it points at addresses that hold no code on Mantle Sepolia, and
// these probes say so, naming the setting.

// homeChain is the profile's home-chain reader, dialled once per run by the first probe
// that needs it.
func (r *doctorRun) homeChain(ctx context.Context) (*homechain.Client, error) {
	r.chainMu.Lock()
	defer r.chainMu.Unlock()
	if r.chain == nil && r.chainErr == nil {
		r.chain, r.chainErr = r.s.HomeChain(r.p).Dial(ctx)
	}
	return r.chain, r.chainErr
}

// chainEvidence is one read of the chain as a report carries it.
func chainEvidence(request, result string, err error) Evidence {
	if err != nil {
		return Evidence{Request: request, Error: app.OneLine(err)}
	}
	return Evidence{Request: request, Excerpt: result}
}

func finishChain(name string, rs []reading, o outcome, ev ...Evidence) Probe {
	p := finish(name, rs, o)
	p.Evidence = ev
	return p
}

func (r *doctorRun) probeChainID(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: fmt.Sprintf("evm_rpc serves chain %s, the profile's network", r.p.Network), followed: true},
		{name: "evm_rpc serves another chain", setting: "evm_rpc or network"},
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	id, err := c.ChainID(ctx)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(err)}, chainEvidence("eth_chainId at "+r.p.EVMRPC, "", err))
	}
	return finishChain(name, rs, judgeChainID(id, r.p.Network), chainEvidence("eth_chainId at "+r.p.EVMRPC, id.String(), nil))
}

func judgeChainID(id *big.Int, network string) outcome {
	if id.String() == network {
		return outcome{fits: []judgement{yes("eth_chainId is %s", id), ruled("eth_chainId is the network")}}
	}
	why := fmt.Sprintf("eth_chainId is %s, the profile's network is %s", id, network)
	return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
}

// contractAt is what the contract at the profile's address setting answers as.
type contractAt struct {
	addr common.Address
	sh   homechain.Shape
	// readErr: the code was read, what it answers as could not be (the RPC failed).
	readErr error
	ev      []Evidence
}

// shapeAt reads what the contract at the profile's address setting answers as, or an
// outcome that ends the probe.
func (r *doctorRun) shapeAt(ctx context.Context, setting, value string) (contractAt, *outcome) {
	if value == "" {
		return contractAt{}, &outcome{unreachable: "the profile has no " + setting}
	}
	if !common.IsHexAddress(value) {
		return contractAt{}, &outcome{unreachable: fmt.Sprintf("%s %q is not an address", setting, value)}
	}
	ca := contractAt{addr: common.HexToAddress(value)}
	c, err := r.homeChain(ctx)
	if err != nil {
		return ca, &outcome{unreachable: app.OneLine(err)}
	}
	ca.sh, err = c.ShapeOf(ctx, ca.addr)
	getCode := "eth_getCode " + ca.addr.Hex() + " (" + setting + ")"
	if err != nil && ca.sh.CodeSize == 0 {
		// The code itself could not be read.
		ca.ev = []Evidence{chainEvidence(getCode, "", err)}
		return ca, &outcome{unreachable: app.OneLine(err)}
	}
	ca.ev = []Evidence{chainEvidence(getCode, fmt.Sprintf("%d bytes", ca.sh.CodeSize), nil)}
	if ca.sh.CodeSize > 0 {
		ca.readErr = err
		ca.ev = append(ca.ev, chainEvidence(fmt.Sprintf("supportsInterface(0x01ffc9a7, 0xffffffff, 0x80ac58cd, 0x780e9d63), decimals(), DOMAIN_SEPARATOR() on %s", ca.addr.Hex()),
			describeShape(ca.sh), err))
	}
	return ca, nil
}

// describeShape says what a contract answered as.
func describeShape(sh homechain.Shape) string {
	var parts []string
	switch {
	case !sh.ERC165:
		parts = append(parts, "no ERC-165")
	case sh.ERC721 && sh.Enumerable:
		parts = append(parts, "ERC-165: an ERC-721 Enumerable")
	case sh.ERC721:
		parts = append(parts, "ERC-165: an ERC-721, not Enumerable")
	default:
		parts = append(parts, "ERC-165: not an ERC-721")
	}
	if sh.Token {
		parts = append(parts, "answers decimals() and DOMAIN_SEPARATOR() as a permit token")
	}
	return strings.Join(parts, "; ")
}

// noCode is the judgement of an address without code: an address of another network?
func noCode(setting string, addr common.Address, network string) judgement {
	return yes("no code at %s on chain %s: an address of another network? (%s)", addr.Hex(), network, setting)
}

func (r *doctorRun) probeAccountNFT(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "the account NFT at account_nft: an ERC-721 Enumerable by ERC-165 (purse reads balanceOf, tokenOfOwnerByIndex and status on it)", followed: true},
		{name: "no contract at account_nft on this chain", setting: "account_nft"},
		{name: "another kind of contract at account_nft", setting: "account_nft"},
	}
	ca, stop := r.shapeAt(ctx, "account_nft", r.p.AccountNFT)
	if stop != nil {
		return finishChain(name, rs, *stop, ca.ev...)
	}
	return finishChain(name, rs, judgeAccountNFT(ca, r.p.Network), ca.ev...)
}

// judgeAccountNFT: the contract at account_nft answers as the account NFT does. EIP-721
// requires ERC-165, and the account NFT (OpenZeppelin's ERC721Enumerable, evidence §8)
// answers it for ERC-721 and ERC-721 Enumerable, whose tokenOfOwnerByIndex purse reads.
func judgeAccountNFT(ca contractAt, network string) outcome {
	addr, sh, readErr := ca.addr, ca.sh, ca.readErr
	switch {
	case sh.CodeSize == 0:
		why := noCode("account_nft", addr, network)
		return outcome{fits: []judgement{ruled("%s", why.why), why, ruled("no code at all")}}
	case readErr != nil:
		j := unsure("%d bytes of code at %s, whose interfaces could not be read: %v", sh.CodeSize, addr.Hex(), readErr)
		return outcome{fits: []judgement{j, ruled("there is code"), j}}
	case !sh.ERC165 || !sh.ERC721 || !sh.Enumerable:
		what := fmt.Sprintf("%d bytes of code at %s answering as %s: not the account NFT (an ERC-721 Enumerable answers ERC-165 so; EIP-721 requires it)", sh.CodeSize, addr.Hex(), describeShape(sh))
		return outcome{fits: []judgement{ruled("%s", what), ruled("there is code"), yes("%s", what)}}
	}
	why := fmt.Sprintf("%d bytes of code at %s answering ERC-165 as an ERC-721 Enumerable", sh.CodeSize, addr.Hex())
	return outcome{fits: []judgement{yes("%s", why), ruled("there is code"), ruled("%s", why)}}
}

func (r *doctorRun) probeAccountOnChain(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: fmt.Sprintf("the key holds account token_id %s on account_nft", cmp.Or(r.p.TokenID, "(none)")), followed: true},
		{name: "the key holds another account, or none", setting: "token_id (or evm_key)"},
	}
	switch {
	case r.p.TokenID == "":
		return finishChain(name, rs, outcome{unreachable: "the profile has no account (token_id)"})
	case r.signer == nil:
		return finishChain(name, rs, outcome{unreachable: "no EVM key: " + app.OneLine(r.signerErr)})
	}
	a := r.accountOnChain(ctx)
	if a.unreachable != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(a.unreachable)})
	}
	req := fmt.Sprintf("tokenOfOwnerByIndex(%s, 0) on %s", r.signer.Address().Hex(), a.nft.Hex())
	if a.err != nil {
		return finishChain(name, rs, judgeAccountOnChain(r.p.TokenID, 0, false, a.err), chainEvidence(req, "", a.err))
	}
	return finishChain(name, rs, judgeAccountOnChain(r.p.TokenID, a.id, a.found, nil), chainEvidence(req, fmt.Sprintf("found %v, account %d", a.found, a.id), nil))
}

// accountRead is the key's account as the chain has it: unreachable when the chain or the
// account contract cannot be asked, else the read's answer (found, id) or error.
type accountRead struct {
	nft         common.Address
	id          uint64
	found       bool
	err         error
	unreachable error
}

// accountOnChain reads the signer's account on account_nft once for the whole run (the
// account-on-chain probe and the hint of a refused signature both use it).
func (r *doctorRun) accountOnChain(ctx context.Context) accountRead {
	r.onChainMu.Lock()
	defer r.onChainMu.Unlock()
	if r.onChain != nil {
		return *r.onChain
	}
	var a accountRead
	a.nft, a.unreachable = (homechain.ProfileChain{AccountNFT: r.p.AccountNFT}).NFT()
	if a.unreachable == nil {
		var c *homechain.Client
		if c, a.unreachable = r.homeChain(ctx); a.unreachable == nil {
			a.id, a.found, a.err = c.AccountOf(ctx, a.nft, r.signer.Address())
		}
	}
	r.onChain = &a
	return a
}

func judgeAccountOnChain(tokenID string, id uint64, found bool, err error) outcome {
	switch {
	case err != nil:
		j := unsure("the account contract could not be read: %v", err)
		return outcome{fits: []judgement{j, j}}
	case !found:
		return outcome{fits: []judgement{ruled("the key holds no account"), yes("the key holds no account on account_nft")}}
	case fmt.Sprint(id) != tokenID:
		return outcome{fits: []judgement{ruled("the key holds account %d", id), yes("the key holds account %d, not %s (token_id=%d selects it)", id, tokenID, id)}}
	}
	return outcome{fits: []judgement{yes("account %d", id), ruled("the key holds token_id's account")}}
}

func (r *doctorRun) probeCardSpender(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "a card contract at card_spender: its fiat24AccountAddress() is account_nft, its token getters name the chain configuration's fiat tokens " +
			"(evidence §10), and it is the one the chain configuration names (where it names one)", followed: true},
		{name: "no contract at card_spender on this chain", setting: "card_spender"},
		{name: "the chain configuration names another card spender", setting: "card_spender"},
		{name: "another kind of contract at card_spender: the account NFT or a token", setting: "card_spender"},
		{name: "a card contract of another deployment: its getters name another account NFT or other tokens", setting: "card_spender"},
	}
	ca, stop := r.shapeAt(ctx, "card_spender", r.p.CardSpender)
	if stop != nil {
		return finishChain(name, rs, *stop, ca.ev...)
	}
	ev := ca.ev
	named, known := namedCardSpenders(r.chainCfgRaw, r.p.Network)
	if known {
		var s []string
		for _, n := range named {
			s = append(s, n.Hex())
		}
		ev = append(ev, chainEvidence("the chain configuration's card spender (cardSpenderContract, cardAuthContract)", cmp.Or(strings.Join(s, ", "), "none named"), nil))
	}
	cc := r.cardCheck(ctx, ca)
	if ca.sh.CodeSize > 0 {
		ev = append(ev, chainEvidence("fiat24AccountAddress(), usd24Address(), eur24Address(), chf24Address(), cnh24Address() on "+ca.addr.Hex(), describeLinks(cc.links), cc.err))
	}
	return finishChain(name, rs, judgeCardSpender(ca, cc, named, known, r.p.Network), ev...)
}

// cardCheck is what the card spender's getters say and what they are compared with.
type cardCheck struct {
	links homechain.CardLinks
	err   error // the getters could not be read (the RPC)
	// nft is account_nft (hasNFT false: the profile has none); tokens the chain
	// configuration's fiat tokens of the home chain by symbol (nil: none read).
	nft    common.Address
	hasNFT bool
	tokens map[string]common.Address
}

func (r *doctorRun) cardCheck(ctx context.Context, ca contractAt) cardCheck {
	var cc cardCheck
	if common.IsHexAddress(r.p.AccountNFT) {
		cc.nft, cc.hasNFT = common.HexToAddress(r.p.AccountNFT), true
	}
	if n, ok := new(big.Int).SetString(r.p.Network, 10); ok && r.chainCfg != nil {
		if home, err := r.chainCfg.Home(n); err == nil {
			cc.tokens = map[string]common.Address{}
			for _, t := range home.Tokens {
				if a, ok := enduser.TokenAddress(t.TokenIdentifier); ok && t.IsFiat {
					cc.tokens[t.Symbol] = a
				}
			}
		}
	}
	if ca.sh.CodeSize == 0 {
		return cc
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		cc.err = err
		return cc
	}
	cc.links, cc.err = c.CardLinksOf(ctx, ca.addr)
	return cc
}

// describeLinks is the card contract's getters' answers in the report.
func describeLinks(l homechain.CardLinks) string {
	var parts []string
	if l.HasAccount {
		parts = append(parts, "account "+l.Account.Hex())
	}
	for _, sym := range slices.Sorted(maps.Keys(l.Tokens)) {
		parts = append(parts, sym+" "+l.Tokens[sym].Hex())
	}
	return cmp.Or(strings.Join(parts, ", "), "no getter answered")
}

// spenderKind judges whether the code at a spender's address answers as another kind of
// contract: the account NFT or a token.
func spenderKind(addr common.Address, sh homechain.Shape, readErr error) judgement {
	switch {
	case sh.CodeSize == 0:
		return ruled("no code at all")
	case readErr != nil:
		return unsure("what the code at %s answers as could not be read: %v", addr.Hex(), readErr)
	case sh.ERC165 && sh.ERC721 || sh.Token:
		return yes("the code at %s answers as %s: not a spender", addr.Hex(), describeShape(sh))
	}
	return ruled("it answers as neither an ERC-721 nor a permit token (%s)", describeShape(sh))
}

// judgeCardLinks says what the card contract's getters show: own is the followed reading's
// judgement of them (it fits only when fiat24AccountAddress() is account_nft and every token
// getter compared names the chain configuration's token), foreign the other deployment's.
func judgeCardLinks(cc cardCheck) (own, foreign judgement) {
	l := cc.links
	switch {
	case cc.err != nil:
		j := unsure("the card contract's getters could not be read: %v", cc.err)
		return j, j
	case !l.HasAccount && len(l.Tokens) == 0:
		j := unsure("it answers none of the card contract's getters (fiat24AccountAddress(), usd24Address(), …): that it holds code is all that is seen")
		return j, j
	case l.HasAccount && cc.hasNFT && l.Account != cc.nft:
		why := fmt.Sprintf("fiat24AccountAddress() is %s, not account_nft %s", l.Account.Hex(), cc.nft.Hex())
		return ruled("%s", why), yes("%s", why)
	}
	var compared []string
	for _, sym := range slices.Sorted(maps.Keys(l.Tokens)) {
		want, ok := cc.tokens[sym]
		if !ok {
			continue
		}
		if got := l.Tokens[sym]; got != want {
			why := fmt.Sprintf("its %s getter names %s, the chain configuration's %s is %s", sym, got.Hex(), sym, want.Hex())
			return ruled("%s", why), yes("%s", why)
		}
		compared = append(compared, sym)
	}
	if !l.HasAccount || !cc.hasNFT {
		j := unsure("the account NFT it works with is not compared (fiat24AccountAddress() answered: %v; account_nft set: %v)", l.HasAccount, cc.hasNFT)
		return j, j
	}
	tokens := "no token getter could be compared with the chain configuration"
	if len(compared) > 0 {
		tokens = "its token getters name the chain configuration's " + strings.Join(compared, ", ")
	}
	return yes("fiat24AccountAddress() is account_nft %s; %s", cc.nft.Hex(), tokens), ruled("its getters name this deployment's account NFT")
}

// cardSpenderKeys are where a chain configuration may name the card spender: keys the public
// integration looks for (evidence §6: guesses, not confirmed), on the chain or on a token.
var cardSpenderKeys = []string{"cardSpenderContract", "cardAuthContract"}

// namedCardSpenders are the card spenders the chain configuration's home chain names; known
// is false without a configuration holding that chain.
func namedCardSpenders(raw []byte, network string) (named []common.Address, known bool) {
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(raw, &env) != nil || len(env.Result) == 0 {
		return nil, false
	}
	res := env.Result
	var s string
	if json.Unmarshal(res, &s) == nil {
		res = json.RawMessage(s)
	}
	var cc struct {
		Chains []map[string]json.RawMessage `json:"chains"`
	}
	if json.Unmarshal(res, &cc) != nil {
		return nil, false
	}
	add := func(m map[string]json.RawMessage) {
		for _, k := range cardSpenderKeys {
			var v string
			if json.Unmarshal(m[k], &v) == nil && common.IsHexAddress(v) {
				a := common.HexToAddress(v)
				for _, n := range named {
					if n == a {
						return
					}
				}
				named = append(named, a)
			}
		}
	}
	for _, ch := range cc.Chains {
		var id string
		_ = json.Unmarshal(ch["chainIdentifier"], &id)
		if !strings.EqualFold(id, "eip155:"+network) {
			continue
		}
		known = true
		add(ch)
		var tokens []map[string]json.RawMessage
		_ = json.Unmarshal(ch["tokens"], &tokens)
		for _, t := range tokens {
			add(t)
		}
	}
	return named, known
}

// judgeCardSpender: the card spender holds code, answers as neither the account NFT nor a
// token, and is a card contract of this deployment by its getters (judgeCardLinks): holding
// code alone confirms nothing.
func judgeCardSpender(ca contractAt, cc cardCheck, named []common.Address, known bool, network string) outcome {
	addr, sh := ca.addr, ca.sh
	var code, other judgement
	if sh.CodeSize > 0 {
		code = ruled("%d bytes of code at %s", sh.CodeSize, addr.Hex())
	} else {
		code = noCode("card_spender", addr, network)
	}
	var others []string
	for _, n := range named {
		if n != addr {
			others = append(others, n.Hex())
		}
	}
	switch {
	case !known:
		other = unsure("no chain configuration of chain %s was read", network)
	case len(others) > 0:
		other = yes("the chain configuration names %s", strings.Join(others, ", "))
	case len(named) > 0:
		other = ruled("the chain configuration names %s, the profile's", addr.Hex())
	default:
		other = ruled("the chain configuration names no card spender")
	}
	kind := spenderKind(addr, sh, ca.readErr)
	links, foreign := judgeCardLinks(cc)
	var own judgement
	switch {
	case sh.CodeSize == 0:
		own, foreign = ruled("no code at %s", addr.Hex()), ruled("no code at %s", addr.Hex())
	case kind.fit == fitYes:
		own, foreign = ruled("%s", kind.why), ruled("%s", kind.why)
	case other.fit == fitYes:
		own = ruled("the chain configuration names another")
	case kind.fit == fitOpen:
		own = kind
	case other.fit == fitOpen:
		own = unsure("%d bytes of code at %s; %s", sh.CodeSize, addr.Hex(), other.why)
	case links.fit != fitYes:
		own = links
	case len(named) > 0:
		own = yes("%s; the one the chain configuration names", links.why)
	default:
		own = yes("%s (the chain configuration names no card spender to compare with)", links.why)
	}
	return outcome{fits: []judgement{own, code, other, kind, foreign}}
}

// tokenCheck is one fiat token's domain as the chain has it.
type tokenCheck struct {
	symbol string
	addr   common.Address
	size   int
	// readErr is a read that failed (the RPC); mismatch the domain that does not rebuild.
	readErr, mismatch error
}

func (r *doctorRun) probeTokenDomains(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: `every fiat token's DOMAIN_SEPARATOR() rebuilds from its name, version ("1" when it has no version()), chainId network and its address (evidence §4)`, followed: true},
		{name: "a fiat token's domain does not rebuild on this chain", setting: "evm_rpc or network (the chain configuration names the tokens)"},
	}
	if r.chainCfg == nil {
		return finishChain(name, rs, outcome{unreachable: "no chain configuration was read (chain configuration)"})
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	n, ok := new(big.Int).SetString(r.p.Network, 10)
	if !ok {
		return finishChain(name, rs, outcome{unreachable: "network " + r.p.Network + " is not a chain id"})
	}
	home, err := r.chainCfg.Home(n)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	var checks []tokenCheck
	var ev []Evidence
	for _, t := range home.Tokens {
		if !t.IsFiat || t.IsNative {
			continue
		}
		tc := tokenCheck{symbol: t.Symbol}
		addr, ok := enduser.TokenAddress(t.TokenIdentifier)
		if !ok {
			tc.mismatch = fmt.Errorf("tokenIdentifier %q is not an address", t.TokenIdentifier)
			checks = append(checks, tc)
			continue
		}
		tc.addr = addr
		r.checkToken(ctx, c, &tc)
		checks = append(checks, tc)
		result := "rebuilds"
		switch {
		case tc.readErr != nil:
			result = "read failed: " + app.OneLine(tc.readErr)
		case tc.mismatch != nil:
			result = app.OneLine(tc.mismatch)
		}
		ev = append(ev, chainEvidence(fmt.Sprintf("%s %s: eth_getCode, name(), version(), DOMAIN_SEPARATOR()", t.Symbol, addr.Hex()), fmt.Sprintf("%d bytes; %s", tc.size, result), nil))
	}
	return finishChain(name, rs, judgeTokenDomains(checks, r.p.Network), ev...)
}

// checkToken reads one token's code and rebuilds its permit domain with go-ethereum's EIP-712
// encoder (homechain.CheckPermitDomain, as a permit is checked before it is signed).
func (r *doctorRun) checkToken(ctx context.Context, c *homechain.Client, tc *tokenCheck) {
	if tc.size, tc.readErr = c.CodeSize(ctx, tc.addr); tc.readErr != nil || tc.size == 0 {
		return
	}
	d, err := c.PermitDomain(ctx, tc.addr)
	if err != nil {
		tc.mismatch = err
		return
	}
	if err := c.CheckPermitDomain(ctx, d); err != nil {
		var dm *homechain.DomainMismatchError
		if errors.As(err, &dm) {
			tc.mismatch = err
			return
		}
		tc.readErr = err
	}
}

func judgeTokenDomains(checks []tokenCheck, network string) outcome {
	if len(checks) == 0 {
		j := unsure("the chain configuration lists no fiat token on chain %s", network)
		return outcome{fits: []judgement{j, j}}
	}
	var bad, unread, good []string
	for _, tc := range checks {
		switch {
		case tc.readErr != nil:
			unread = append(unread, fmt.Sprintf("%s: %v", tc.symbol, tc.readErr))
		case tc.mismatch != nil:
			bad = append(bad, fmt.Sprintf("%s %s: %v", tc.symbol, tc.addr.Hex(), tc.mismatch))
		case tc.size == 0:
			bad = append(bad, fmt.Sprintf("%s: no code at %s on chain %s", tc.symbol, tc.addr.Hex(), network))
		default:
			good = append(good, tc.symbol)
		}
	}
	switch {
	case len(bad) > 0:
		why := strings.Join(bad, "; ")
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	case len(unread) > 0:
		j := unsure("%s", strings.Join(unread, "; "))
		return outcome{fits: []judgement{j, j}}
	}
	return outcome{fits: []judgement{yes("%s", strings.Join(good, ", ")), ruled("every domain rebuilds")}}
}
