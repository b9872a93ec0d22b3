package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/enduser"
	"purse/homechain"
)

// The home chain's probes: the profile's evm_rpc serves its network, and the addresses the
// profile and the chain configuration name are the contracts purse signs for there. The
// contracts repository's mantle-sepolia/5003-default.json repeats the mainnet addresses: a
// testnet profile filled from it points at addresses that hold no code on Mantle Sepolia, and
// these probes say so, naming the setting.

// homeChain is the profile's home-chain reader, dialled once per run.
func (r *doctorRun) homeChain(ctx context.Context) (*homechain.Client, error) {
	if r.chain == nil && r.chainErr == nil {
		pc, _ := r.s.chain()
		r.chain, r.chainErr = pc.Dial(ctx)
	}
	return r.chain, r.chainErr
}

// chainEvidence is one read of the chain as a report carries it.
func chainEvidence(request, result string, err error) Evidence {
	if err != nil {
		return Evidence{Request: request, Error: OneLine(err)}
	}
	return Evidence{Request: request, Excerpt: result}
}

func finishChain(name string, rs []reading, o outcome, ev ...Evidence) Probe {
	p := finish(name, rs, o)
	p.Evidence = ev
	return p
}

func (r *doctorRun) probeChainID(ctx context.Context) Probe {
	rs := []reading{
		{name: fmt.Sprintf("evm_rpc serves chain %s, the profile's network", r.p.Network), followed: true},
		{name: "evm_rpc serves another chain", setting: "evm_rpc or network"},
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain("home chain", rs, outcome{unreachable: OneLine(err)})
	}
	id, err := c.ChainID(ctx)
	if err != nil {
		return finishChain("home chain", rs, outcome{unreachable: OneLine(err)}, chainEvidence("eth_chainId at "+r.p.EVMRPC, "", err))
	}
	return finishChain("home chain", rs, judgeChainID(id, r.p.Network), chainEvidence("eth_chainId at "+r.p.EVMRPC, id.String(), nil))
}

func judgeChainID(id *big.Int, network string) outcome {
	if id.String() == network {
		return outcome{fits: []judgement{yes("eth_chainId is %s", id), ruled("eth_chainId is the network")}}
	}
	why := fmt.Sprintf("eth_chainId is %s, the profile's network is %s", id, network)
	return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
}

// codeAt reads the size of the code at the profile's address setting (an address, or an
// outcome that ends the probe).
func (r *doctorRun) codeAt(ctx context.Context, setting, value string) (common.Address, int, *Evidence, *outcome) {
	if value == "" {
		return common.Address{}, 0, nil, &outcome{unreachable: "the profile has no " + setting}
	}
	if !common.IsHexAddress(value) {
		return common.Address{}, 0, nil, &outcome{unreachable: fmt.Sprintf("%s %q is not an address", setting, value)}
	}
	addr := common.HexToAddress(value)
	c, err := r.homeChain(ctx)
	if err != nil {
		return addr, 0, nil, &outcome{unreachable: OneLine(err)}
	}
	size, err := c.CodeSize(ctx, addr)
	ev := chainEvidence("eth_getCode "+addr.Hex()+" ("+setting+")", fmt.Sprintf("%d bytes", size), err)
	if err != nil {
		return addr, 0, &ev, &outcome{unreachable: OneLine(err)}
	}
	return addr, size, &ev, nil
}

// judgeCode: the contract a setting names holds code on the profile's chain.
func judgeCode(setting string, addr common.Address, size int, network string) outcome {
	if size > 0 {
		return outcome{fits: []judgement{yes("%d bytes of code at %s", size, addr.Hex()), ruled("there is code")}}
	}
	why := fmt.Sprintf("no code at %s on chain %s: an address of another network? (%s)", addr.Hex(), network, setting)
	return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
}

func (r *doctorRun) probeAccountNFT(ctx context.Context) Probe {
	rs := []reading{
		{name: "a contract at account_nft", followed: true},
		{name: "no contract at account_nft on this chain", setting: "account_nft"},
	}
	addr, size, ev, stop := r.codeAt(ctx, "account_nft", r.p.AccountNFT)
	if stop != nil {
		return finishChain("account NFT", rs, *stop, evs(ev)...)
	}
	return finishChain("account NFT", rs, judgeCode("account_nft", addr, size, r.p.Network), *ev)
}

func evs(ev *Evidence) []Evidence {
	if ev == nil {
		return nil
	}
	return []Evidence{*ev}
}

func (r *doctorRun) probeAccountOnChain(ctx context.Context) Probe {
	rs := []reading{
		{name: fmt.Sprintf("the key holds account token_id %s on account_nft", orText(r.p.TokenID, "(none)")), followed: true},
		{name: "the key holds another account, or none", setting: "token_id (or evm_key)"},
	}
	switch {
	case r.p.TokenID == "":
		return finishChain("account on chain", rs, outcome{unreachable: "the profile has no account (token_id)"})
	case r.signer == nil:
		return finishChain("account on chain", rs, outcome{unreachable: "no EVM key: " + OneLine(r.signerErr)})
	}
	nft, err := (homechain.ProfileChain{AccountNFT: r.p.AccountNFT}).NFT()
	if err != nil {
		return finishChain("account on chain", rs, outcome{unreachable: OneLine(err)})
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain("account on chain", rs, outcome{unreachable: OneLine(err)})
	}
	owner := r.signer.Address()
	id, found, err := c.AccountOf(ctx, nft, owner)
	req := fmt.Sprintf("tokenOfOwnerByIndex(%s, 0) on %s", owner.Hex(), nft.Hex())
	if err != nil {
		return finishChain("account on chain", rs, judgeAccountOnChain(r.p.TokenID, 0, false, err), chainEvidence(req, "", err))
	}
	return finishChain("account on chain", rs, judgeAccountOnChain(r.p.TokenID, id, found, nil), chainEvidence(req, fmt.Sprintf("found %v, account %d", found, id), nil))
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

func (r *doctorRun) probeCardSpender(ctx context.Context) Probe {
	rs := []reading{
		{name: "a contract at card_spender, and the one the chain configuration names (where it names one)", followed: true},
		{name: "no contract at card_spender on this chain", setting: "card_spender"},
		{name: "the chain configuration names another card spender", setting: "card_spender"},
	}
	addr, size, ev, stop := r.codeAt(ctx, "card_spender", r.p.CardSpender)
	if stop != nil {
		return finishChain("card spender", rs, *stop, evs(ev)...)
	}
	named, known := namedCardSpenders(r.chainCfgRaw, r.p.Network)
	if known {
		var s []string
		for _, n := range named {
			s = append(s, n.Hex())
		}
		ev2 := chainEvidence("the chain configuration's card spender (cardSpenderContract, cardAuthContract)", orText(strings.Join(s, ", "), "none named"), nil)
		return finishChain("card spender", rs, judgeCardSpender(addr, size, named, true, r.p.Network), *ev, ev2)
	}
	return finishChain("card spender", rs, judgeCardSpender(addr, size, nil, false, r.p.Network), *ev)
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

func judgeCardSpender(addr common.Address, size int, named []common.Address, known bool, network string) outcome {
	var code, other judgement
	if size > 0 {
		code = ruled("%d bytes of code at %s", size, addr.Hex())
	} else {
		code = yes("no code at %s on chain %s: an address of another network?", addr.Hex(), network)
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
	var own judgement
	switch {
	case size == 0:
		own = ruled("no code at %s", addr.Hex())
	case other.fit == fitYes:
		own = ruled("the chain configuration names another")
	case other.fit == fitOpen:
		own = unsure("%d bytes of code at %s; %s", size, addr.Hex(), other.why)
	case len(named) > 0:
		own = yes("%d bytes of code at %s, the one the chain configuration names", size, addr.Hex())
	default:
		own = yes("%d bytes of code at %s (the chain configuration names no card spender to compare with)", size, addr.Hex())
	}
	return outcome{fits: []judgement{own, code, other}}
}

// tokenCheck is one fiat token's domain as the chain has it.
type tokenCheck struct {
	symbol string
	addr   common.Address
	size   int
	// readErr is a read that failed (the RPC); mismatch the domain that does not rebuild.
	readErr, mismatch error
}

func (r *doctorRun) probeTokenDomains(ctx context.Context) Probe {
	rs := []reading{
		{name: `every fiat token's DOMAIN_SEPARATOR() rebuilds from its name, version ("1" when it has no version()), chainId network and its address (evidence §4)`, followed: true},
		{name: "a fiat token's domain does not rebuild on this chain", setting: "evm_rpc or network (the chain configuration names the tokens)"},
	}
	if r.chainCfg == nil {
		return finishChain("fiat token domains", rs, outcome{unreachable: "no chain configuration was read (chain configuration)"})
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain("fiat token domains", rs, outcome{unreachable: OneLine(err)})
	}
	n, ok := new(big.Int).SetString(r.p.Network, 10)
	if !ok {
		return finishChain("fiat token domains", rs, outcome{unreachable: "network " + r.p.Network + " is not a chain id"})
	}
	home, err := r.chainCfg.Home(n)
	if err != nil {
		return finishChain("fiat token domains", rs, outcome{unreachable: OneLine(err)})
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
			result = "read failed: " + OneLine(tc.readErr)
		case tc.mismatch != nil:
			result = OneLine(tc.mismatch)
		}
		ev = append(ev, chainEvidence(fmt.Sprintf("%s %s: eth_getCode, name(), version(), DOMAIN_SEPARATOR()", t.Symbol, addr.Hex()), fmt.Sprintf("%d bytes; %s", tc.size, result), nil))
	}
	return finishChain("fiat token domains", rs, judgeTokenDomains(checks, r.p.Network), ev...)
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
