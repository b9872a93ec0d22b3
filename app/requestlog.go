package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"purse/enduser"
	"purse/partner"
)

// The session's request log (Log) holds every call a use case makes, not only the end-user
// API's: the partner API's (a deposit quote, the partner mint) and the Solana RPC's go
// through loggedClient, so --trace, --curl and the Requests screen show them too.

// loggedClient is an HTTP client whose calls are recorded in the session's log, each under
// the name route gives it; the headers named in shorten are kept only shortened.
func (s *App) loggedClient(timeout time.Duration, route func(*http.Request, []byte) string, shorten ...string) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &enduser.LoggingTransport{Log: s.Log, Route: route, Shorten: shorten}}
}

// partnerHTTP records the partner API's calls; the partner signature, a credential until its
// deadline, is kept only shortened.
func (s *App) partnerHTTP() *http.Client {
	return s.loggedClient(30*time.Second, func(r *http.Request, _ []byte) string { return "partner " + r.URL.Path }, partner.HeaderAPISignature)
}

// evmHTTP records the home chain's JSON-RPC calls under their method ("evm eth_call"; a batch
// under its first method and its size), the node's URL bounding each call itself.
func (s *App) evmHTTP() *http.Client {
	return s.loggedClient(0, func(_ *http.Request, body []byte) string { return rpcRoute("evm", body) })
}

// rpcRoute names a JSON-RPC call by its method, a batch by its first and its size.
func rpcRoute(api string, body []byte) string {
	var call struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &call) == nil && call.Method != "" {
		return api + " " + call.Method
	}
	var batch []struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(body, &batch) == nil && len(batch) > 0 && batch[0].Method != "" {
		return fmt.Sprintf("%s %s (batch of %d)", api, batch[0].Method, len(batch))
	}
	return api + " rpc"
}

// solanaHTTP records the Solana RPC's calls under their JSON-RPC method (the RPC bounds
// each call itself).
func (s *App) solanaHTTP() *http.Client {
	return s.loggedClient(0, func(_ *http.Request, body []byte) string { return rpcRoute("solana", body) })
}
