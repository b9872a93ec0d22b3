package altchaintest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/mr-tron/base58"

	"purse/altchain"
)

// JSON-RPC error codes the sandbox answers with (those of a Solana node).
const (
	rpcParseError      = -32700
	rpcInvalidRequest  = -32600
	rpcMethodNotFound  = -32601
	rpcInvalidParams   = -32602
	rpcPreflightFailed = -32002
	rpcSigVerifyFailed = -32003
)

type rpcErr struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func invalidParams(format string, a ...any) *rpcErr {
	return &rpcErr{Code: rpcInvalidParams, Message: "Invalid params: " + fmt.Sprintf(format, a...)}
}

// RPCHandler serves the Solana JSON-RPC subset (POST, any path) and the control surface
// under /sandbox/ (see the control routes).
func (s *Sandbox) RPCHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sandbox/") {
			s.serveControl(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "Solana JSON-RPC: POST only", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "read error", http.StatusBadRequest)
			return
		}
		var req struct {
			JSONRPC string            `json:"jsonrpc"`
			ID      json.RawMessage   `json:"id"`
			Method  string            `json:"method"`
			Params  []json.RawMessage `json:"params"`
		}
		resp := map[string]any{"jsonrpc": "2.0", "id": nil}
		if t := bytes.TrimSpace(body); len(t) > 0 && t[0] == '[' {
			resp["error"] = rpcErr{Code: rpcInvalidRequest, Message: "batch requests are not supported by the sandbox"}
		} else if err := json.Unmarshal(body, &req); err != nil {
			resp["error"] = rpcErr{Code: rpcParseError, Message: "Parse error"}
		} else if req.JSONRPC != "2.0" || req.Method == "" {
			resp["id"] = req.ID
			resp["error"] = rpcErr{Code: rpcInvalidRequest, Message: "Invalid request"}
		} else {
			resp["id"] = req.ID
			if bad := s.badAnswer(req.Method, false); bad != "" && req.Method == "getSignatureStatuses" {
				answerBadly(w, r, bad, resp)
				return
			}
			result, e, after := s.dispatch(req.Method, req.Params)
			if e != nil {
				resp["error"] = e
			} else {
				resp["result"] = result
			}
			if after != nil {
				after() // outside the lock, before the caller sees the signature
			}
			if req.Method == "sendTransaction" && e == nil {
				// Executed (forwarded); only the answer goes wrong.
				if bad := s.badAnswer(req.Method, true); bad == AnswerOtherSignature {
					resp["result"] = solana.Signature{7, 7, 7}.String()
				} else if bad != "" {
					answerBadly(w, r, bad, resp)
					return
				}
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(resp)
	})
}

// badAnswer takes one pending bad answer of method (sendTransaction, after it executed
// without error, or getSignatureStatuses), "" when none is pending.
func (s *Sandbox) badAnswer(method string, executed bool) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &s.faults
	switch {
	case method == "sendTransaction" && executed && f.SendAnswer != "":
		kind := f.SendAnswer
		if f.SendAnswers--; f.SendAnswers <= 0 {
			f.SendAnswer, f.SendAnswers = "", 0
		}
		return kind
	case method == "getSignatureStatuses" && f.StatusAnswer != "":
		kind := f.StatusAnswer
		if f.StatusAnswers > 0 {
			if f.StatusAnswers--; f.StatusAnswers == 0 {
				f.StatusAnswer = ""
			}
		}
		return kind
	}
	return ""
}

// answerBadly writes the bad answer kind (Answer*) instead of resp.
func answerBadly(w http.ResponseWriter, r *http.Request, kind string, resp map[string]any) {
	switch kind {
	case AnswerHTTP502:
		http.Error(w, "<html><body>502 Bad Gateway</body></html>", http.StatusBadGateway)
	case AnswerDrop:
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				_ = c.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // closes the connection where hijacking is not offered
	case AnswerHang:
		t := time.NewTimer(HangLimit)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
	case AnswerRPCError:
		delete(resp, "result")
		resp["error"] = rpcErr{Code: -32603, Message: "Internal error"}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(resp)
	}
}

// config decodes the optional configuration object at params[i].
func config(params []json.RawMessage, i int) (map[string]json.RawMessage, *rpcErr) {
	if len(params) <= i || string(params[i]) == "null" {
		return map[string]json.RawMessage{}, nil
	}
	var c map[string]json.RawMessage
	if err := json.Unmarshal(params[i], &c); err != nil {
		return nil, invalidParams("configuration must be an object")
	}
	if raw, ok := c["commitment"]; ok {
		var v string
		_ = json.Unmarshal(raw, &v)
		switch v {
		case "processed", "confirmed", "finalized":
		default:
			return nil, invalidParams("commitment %s: expected processed, confirmed or finalized", raw)
		}
	}
	return c, nil
}

func stringParam(params []json.RawMessage, i int, what string) (string, *rpcErr) {
	var v string
	if len(params) <= i || json.Unmarshal(params[i], &v) != nil {
		return "", invalidParams("expected %s as parameter %d", what, i)
	}
	return v, nil
}

func keyParam(params []json.RawMessage, i int) (solana.PublicKey, *rpcErr) {
	v, e := stringParam(params, i, "a base58 public key")
	if e != nil {
		return solana.PublicKey{}, e
	}
	k, err := solana.PublicKeyFromBase58(v)
	if err != nil {
		return solana.PublicKey{}, invalidParams("%q: %v", v, err)
	}
	return k, nil
}

func boolOpt(c map[string]json.RawMessage, name string, def bool) (bool, *rpcErr) {
	raw, ok := c[name]
	if !ok {
		return def, nil
	}
	var v bool
	if json.Unmarshal(raw, &v) != nil {
		return false, invalidParams("%s: expected a boolean", name)
	}
	return v, nil
}

func requireBase64(c map[string]json.RawMessage, def string) *rpcErr {
	enc := def
	if raw, ok := c["encoding"]; ok {
		_ = json.Unmarshal(raw, &enc)
	}
	if enc != "base64" {
		return invalidParams("encoding %q: the sandbox serves base64 only", enc)
	}
	return nil
}

func (s *Sandbox) withContext(v any) map[string]any { return s.withContextAt(s.heightLocked(), v) }

// withContextAt answers v as a node at slot does.
func (s *Sandbox) withContextAt(slot uint64, v any) map[string]any {
	return map[string]any{"context": map[string]any{"slot": slot, "apiVersion": "2.1.0"}, "value": v}
}

func accountJSON(a *altchain.Account) any {
	if a == nil {
		return nil
	}
	return map[string]any{
		"lamports": a.Lamports, "owner": a.Owner.String(), "executable": a.Executable,
		"data": []string{base64.StdEncoding.EncodeToString(a.Data), "base64"}, "rentEpoch": uint64(18446744073709551615),
		"space": len(a.Data),
	}
}

// dispatch runs one method; after, when set, runs once the answer is written (hooks).
// sendTransaction takes the sandbox's lock itself; every other method runs holding it.
func (s *Sandbox) dispatch(method string, p []json.RawMessage) (any, *rpcErr, func()) {
	if method == "sendTransaction" {
		return s.sendTransaction(p)
	}
	i := slices.IndexFunc(rpcMethods, func(m rpcMethod) bool { return m.name == method })
	if i < 0 {
		return nil, &rpcErr{Code: rpcMethodNotFound, Message: "Method not found: the sandbox serves " + strings.Join(Methods, ", ")}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return rpcMethods[i].run(s, p)
}

// rpcMethod is one JSON-RPC method the sandbox serves, run holding its lock.
type rpcMethod struct {
	name string
	run  func(s *Sandbox, p []json.RawMessage) (any, *rpcErr, func())
}

// Methods are the JSON-RPC methods the sandbox serves: the table's, and sendTransaction.
var Methods = func() []string {
	out := []string{}
	for _, m := range rpcMethods {
		out = append(out, m.name)
		if m.name == "simulateTransaction" {
			out = append(out, "sendTransaction")
		}
	}
	return out
}()

var rpcMethods = []rpcMethod{
	{"getHealth", func(*Sandbox, []json.RawMessage) (any, *rpcErr, func()) { return "ok", nil, nil }},
	{"getVersion", func(*Sandbox, []json.RawMessage) (any, *rpcErr, func()) {
		return map[string]any{"solana-core": "2.1.0-purse-sandbox", "feature-set": 0}, nil, nil
	}},
	{"getGenesisHash", func(*Sandbox, []json.RawMessage) (any, *rpcErr, func()) { return altchain.SandboxGenesisHash, nil, nil }},
	{"getBlockHeight", (*Sandbox).rpcHeight},
	{"getSlot", (*Sandbox).rpcHeight},
	{"getLatestBlockhash", (*Sandbox).rpcLatestBlockhash},
	{"isBlockhashValid", (*Sandbox).rpcBlockhashValid},
	{"getAccountInfo", (*Sandbox).rpcAccountInfo},
	{"getMultipleAccounts", (*Sandbox).rpcMultipleAccounts},
	{"getBalance", (*Sandbox).rpcBalance},
	{"getTokenAccountBalance", (*Sandbox).rpcTokenAccountBalance},
	{"getMinimumBalanceForRentExemption", func(_ *Sandbox, p []json.RawMessage) (any, *rpcErr, func()) {
		var n uint64
		if len(p) < 1 || json.Unmarshal(p[0], &n) != nil {
			return nil, invalidParams("expected the data length"), nil
		}
		return (n + 128) * 6960, nil, nil
	}},
	{"simulateTransaction", func(s *Sandbox, p []json.RawMessage) (any, *rpcErr, func()) {
		v, e := s.simulateLocked(p)
		return v, e, nil
	}},
	{"getSignatureStatuses", (*Sandbox).statusesLocked},
	{"getEpochInfo", (*Sandbox).rpcEpochInfo},
	{"getTransaction", (*Sandbox).transactionLocked},
}

func (s *Sandbox) rpcHeight(p []json.RawMessage) (any, *rpcErr, func()) {
	if _, e := config(p, 0); e != nil {
		return nil, e, nil
	}
	return s.laggedLocked(s.faults.HeightLag), nil, nil
}

func (s *Sandbox) rpcEpochInfo(p []json.RawMessage) (any, *rpcErr, func()) {
	if _, e := config(p, 0); e != nil {
		return nil, e, nil
	}
	// One slot per block: the sandbox skips no slot.
	h := s.laggedLocked(s.faults.HeightLag)
	return map[string]any{"absoluteSlot": h, "blockHeight": h, "epoch": h / slotsPerEpoch, "slotIndex": h % slotsPerEpoch,
		"slotsInEpoch": slotsPerEpoch, "transactionCount": len(s.sigs)}, nil, nil
}

func (s *Sandbox) rpcLatestBlockhash(p []json.RawMessage) (any, *rpcErr, func()) {
	if _, e := config(p, 0); e != nil {
		return nil, e, nil
	}
	bh := s.blockhashLocked(s.heightLocked())
	return s.withContext(map[string]any{"blockhash": bh.Hash.String(), "lastValidBlockHeight": bh.LastValidBlockHeight}), nil, nil
}

func (s *Sandbox) rpcBlockhashValid(p []json.RawMessage) (any, *rpcErr, func()) {
	v, e := stringParam(p, 0, "a base58 blockhash")
	if e != nil {
		return nil, e, nil
	}
	h, err := solana.HashFromBase58(v)
	if err != nil {
		return nil, invalidParams("%q: %v", v, err), nil
	}
	if _, e := config(p, 1); e != nil {
		return nil, e, nil
	}
	return s.withContext(s.blockhashValidLocked(h)), nil, nil
}

func (s *Sandbox) rpcAccountInfo(p []json.RawMessage) (any, *rpcErr, func()) {
	k, e := keyParam(p, 0)
	if e != nil {
		return nil, e, nil
	}
	c, e := config(p, 1)
	if e == nil {
		e = requireBase64(c, "base58")
	}
	if e != nil {
		return nil, e, nil
	}
	return s.withContext(accountJSON(s.accounts[k])), nil, nil
}

func (s *Sandbox) rpcMultipleAccounts(p []json.RawMessage) (any, *rpcErr, func()) {
	var strs []string
	if len(p) < 1 || json.Unmarshal(p[0], &strs) != nil {
		return nil, invalidParams("expected an array of base58 public keys"), nil
	}
	if len(strs) > 100 {
		return nil, invalidParams("too many accounts provided; max 100"), nil
	}
	c, e := config(p, 1)
	if e == nil {
		e = requireBase64(c, "base64")
	}
	if e != nil {
		return nil, e, nil
	}
	out := make([]any, len(strs))
	for i, v := range strs {
		k, err := solana.PublicKeyFromBase58(v)
		if err != nil {
			return nil, invalidParams("%q: %v", v, err), nil
		}
		out[i] = accountJSON(s.accounts[k])
	}
	return s.withContext(out), nil, nil
}

func (s *Sandbox) rpcBalance(p []json.RawMessage) (any, *rpcErr, func()) {
	k, e := keyParam(p, 0)
	if e != nil {
		return nil, e, nil
	}
	var l uint64
	if a := s.accounts[k]; a != nil {
		l = a.Lamports
	}
	return s.withContext(l), nil, nil
}

func (s *Sandbox) rpcTokenAccountBalance(p []json.RawMessage) (any, *rpcErr, func()) {
	k, e := keyParam(p, 0)
	if e != nil {
		return nil, e, nil
	}
	t, ok := parseToken(s.accounts[k])
	if !ok {
		return nil, invalidParams("Invalid param: could not find account"), nil
	}
	return s.withContext(map[string]any{
		"amount": strconv.FormatUint(t.amount, 10), "decimals": 6,
		"uiAmountString": uiAmount(t.amount), "uiAmount": json.Number(uiAmount(t.amount)),
	}), nil, nil
}

// slotsPerEpoch is the epoch length getEpochInfo reports (mainnet's).
const slotsPerEpoch = 432_000

// laggedLocked is the block height seen by a node lag blocks behind.
func (s *Sandbox) laggedLocked(lag uint64) uint64 {
	return s.heightLocked() - min(lag, s.heightLocked())
}

func uiAmount(v uint64) string {
	s := fmt.Sprintf("%07d", v)
	i, f := s[:len(s)-6], strings.TrimRight(s[len(s)-6:], "0")
	i = strings.TrimLeft(i, "0")
	if i == "" {
		i = "0"
	}
	if f == "" {
		return i
	}
	return i + "." + f
}

// txParam decodes params[0] (base64 or base58 per the config's encoding).
func txParam(p []json.RawMessage, c map[string]json.RawMessage) (*decoded, *rpcErr) {
	v, e := stringParam(p, 0, "the encoded transaction")
	if e != nil {
		return nil, e
	}
	enc := "base58"
	if raw, ok := c["encoding"]; ok {
		_ = json.Unmarshal(raw, &enc)
	}
	var raw []byte
	var err error
	switch enc {
	case "base64":
		raw, err = base64.StdEncoding.DecodeString(v)
	case "base58":
		raw, err = base58.Decode(v)
	default:
		return nil, invalidParams("unsupported encoding %q", enc)
	}
	if err != nil {
		return nil, invalidParams("invalid %s transaction: %v", enc, err)
	}
	d, err := decodeTx(raw)
	if err != nil {
		return nil, invalidParams("invalid transaction: %v", err)
	}
	return d, nil
}

var errSigVerify = &rpcErr{Code: rpcSigVerifyFailed, Message: "Transaction signature verification failure"}

func (s *Sandbox) simulateLocked(p []json.RawMessage) (any, *rpcErr) {
	c, e := config(p, 1)
	if e != nil {
		return nil, e
	}
	d, e := txParam(p, c)
	if e != nil {
		return nil, e
	}
	sigVerify, e := boolOpt(c, "sigVerify", false)
	if e != nil {
		return nil, e
	}
	replace, e := boolOpt(c, "replaceRecentBlockhash", false)
	if e != nil {
		return nil, e
	}
	if sigVerify && replace {
		return nil, invalidParams("sigVerify may not be used with replaceRecentBlockhash")
	}
	if sigVerify && !d.verifySignatures() {
		return nil, errSigVerify
	}
	if replace {
		d.tx.Message.RecentBlockhash = s.blockhashLocked(s.heightLocked()).Hash
	}
	var addrs []solana.PublicKey
	if raw, ok := c["accounts"]; ok && string(raw) != "null" {
		var ac struct {
			Encoding  string   `json:"encoding"`
			Addresses []string `json:"addresses"`
		}
		if json.Unmarshal(raw, &ac) != nil {
			return nil, invalidParams("accounts: expected {encoding, addresses}")
		}
		if ac.Encoding != "base64" {
			return nil, invalidParams("accounts.encoding %q: the sandbox serves base64 only", ac.Encoding)
		}
		for _, v := range ac.Addresses {
			k, err := solana.PublicKeyFromBase58(v)
			if err != nil {
				return nil, invalidParams("accounts: %q: %v", v, err)
			}
			addrs = append(addrs, k)
		}
	}
	o := s.execute(d)
	var accounts any
	if addrs != nil {
		list := make([]any, len(addrs))
		for i, k := range addrs {
			a, ok := o.state.over[k]
			if !ok {
				a = s.accounts[k]
			}
			list[i] = accountJSON(a)
		}
		accounts = list
	}
	return s.withContext(map[string]any{
		"err": o.err, "logs": o.logs, "accounts": accounts, "unitsConsumed": o.units, "returnData": nil,
	}), nil
}

// sendTransaction verifies the signatures, runs the preflight simulation, then (unless
// a drop fault eats it) executes and records the transaction. A signature already
// recorded is answered again without executing twice.
func (s *Sandbox) sendTransaction(p []json.RawMessage) (any, *rpcErr, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, e := config(p, 1)
	if e != nil {
		return nil, e, nil
	}
	d, e := txParam(p, c)
	if e != nil {
		return nil, e, nil
	}
	skip, e := boolOpt(c, "skipPreflight", false)
	if e != nil {
		return nil, e, nil
	}
	if !d.verifySignatures() {
		return nil, errSigVerify, nil
	}
	sig := d.tx.Signatures[0]
	if _, done := s.sigs[sig]; done {
		return sig.String(), nil, nil
	}
	o := s.execute(d)
	if o.err != nil && !skip {
		msg := "Transaction simulation failed: " + errText(o.err)
		return nil, &rpcErr{Code: rpcPreflightFailed, Message: msg, Data: map[string]any{
			"err": o.err, "logs": o.logs, "accounts": nil, "unitsConsumed": o.units,
		}}, nil
	}
	if s.faults.DropSends > 0 {
		s.faults.DropSends--
		s.dropped++
		return sig.String(), nil, nil
	}
	if !o.landed {
		return sig.String(), nil, nil // skipPreflight: it never lands
	}
	o.state.commit()
	h := s.heightLocked()
	s.sigs[sig] = &txRecord{height: h, err: o.err, raw: d.raw, logs: o.logs, units: o.units, fee: o.fee}
	if o.err != nil || o.deposit == nil {
		return sig.String(), nil, nil
	}
	dep := *o.deposit
	dep.Signature, dep.Height = sig.String(), h
	if m, ok := s.quoted[dep.User]; ok {
		dep.SvcID, dep.Currency, dep.Output = m.svcID, m.currency, m.output
	}
	s.deposits = append(s.deposits, dep)
	var after func()
	if hook := s.cfg.OnDeposit; hook != nil {
		after = func() { hook(dep) }
	}
	return sig.String(), nil, after
}

func errText(e any) string {
	if s, ok := e.(string); ok {
		switch s {
		case "BlockhashNotFound":
			return "Blockhash not found"
		case "InsufficientFundsForFee":
			return "Insufficient funds for fee"
		}
		return s
	}
	b, _ := json.Marshal(e)
	return "Error processing Instruction: " + string(b)
}

func (s *Sandbox) statusesLocked(p []json.RawMessage) (any, *rpcErr, func()) {
	var strs []string
	if len(p) < 1 || json.Unmarshal(p[0], &strs) != nil {
		return nil, invalidParams("expected an array of signatures"), nil
	}
	if len(strs) > 256 {
		return nil, invalidParams("too many signatures; max 256"), nil
	}
	c, e := config(p, 1)
	if e != nil {
		return nil, e, nil
	}
	history, e := boolOpt(c, "searchTransactionHistory", false)
	if e != nil {
		return nil, e, nil
	}
	cur := s.laggedLocked(s.faults.StatusLag)
	out := make([]any, len(strs))
	for i, v := range strs {
		sig, err := solana.SignatureFromBase58(v)
		if err != nil {
			return nil, invalidParams("%q: %v", v, err), nil
		}
		rec := s.sigs[sig]
		if rec == nil || rec.height > cur || (!history && s.faults.RecentStatusNull) {
			continue
		}
		depth := cur - rec.height
		st := map[string]any{"slot": rec.height, "err": rec.err}
		if rec.err == nil {
			st["status"] = map[string]any{"Ok": nil}
		} else {
			st["status"] = map[string]any{"Err": rec.err}
		}
		switch {
		case depth >= FinalizedDepth:
			st["confirmations"], st["confirmationStatus"] = nil, "finalized"
		case depth >= 1:
			st["confirmations"], st["confirmationStatus"] = depth, "confirmed"
		default:
			st["confirmations"], st["confirmationStatus"] = 0, "processed"
		}
		out[i] = st
	}
	return s.withContextAt(cur, out), nil, nil
}

// transactionLocked serves getTransaction at commitment "confirmed" or "finalized" (a node
// serves nothing lower), base64, for clients that accept v0 transactions.
func (s *Sandbox) transactionLocked(p []json.RawMessage) (any, *rpcErr, func()) {
	v, e := stringParam(p, 0, "a base58 transaction signature")
	if e != nil {
		return nil, e, nil
	}
	sig, err := solana.SignatureFromBase58(v)
	if err != nil {
		return nil, invalidParams("%q: %v", v, err), nil
	}
	c, e := config(p, 1)
	if e != nil {
		return nil, e, nil
	}
	commitment := "finalized"
	if raw, ok := c["commitment"]; ok {
		_ = json.Unmarshal(raw, &commitment)
	}
	if commitment == "processed" {
		return nil, invalidParams("Method does not support commitment below `confirmed`"), nil
	}
	if e := requireBase64(c, "json"); e != nil {
		return nil, e, nil
	}
	var version *int
	if raw, ok := c["maxSupportedTransactionVersion"]; ok && json.Unmarshal(raw, &version) != nil {
		return nil, invalidParams("maxSupportedTransactionVersion: expected an integer"), nil
	}
	cur := s.laggedLocked(s.faults.TransactionLag)
	rec := s.sigs[sig]
	depth := FinalizedDepth
	if commitment == "confirmed" {
		depth = 1
	}
	if rec == nil || rec.height+uint64(depth) > cur {
		return nil, nil, nil
	}
	if version == nil || *version < 0 {
		// A node answers so for a v0 transaction asked without the version.
		return nil, &rpcErr{Code: -32015, Message: "Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: \"maxSupportedTransactionVersion\": 0"}, nil
	}
	status := map[string]any{"Ok": nil}
	if rec.err != nil {
		status = map[string]any{"Err": rec.err}
	}
	return map[string]any{
		// The sandbox keeps no block times (AdvanceBlocks makes heights jump); a node may
		// answer null too.
		"slot": rec.height, "blockTime": nil,
		"meta":        map[string]any{"err": rec.err, "status": status, "fee": rec.fee, "logMessages": rec.logs, "computeUnitsConsumed": rec.units},
		"transaction": []string{base64.StdEncoding.EncodeToString(rec.raw), "base64"}, "version": 0,
	}, nil, nil
}
