package altchaintest

import (
	"encoding/json"
	"net/http"

	"purse/altchain"
)

// FiatTokens are the home chain's fiat tokens of ChainConfigs, for a sandbox whose quotes
// name them as evmOutputToken (Config.OutputToken, F33) when no end-user sandbox is composed.
var FiatTokens = map[string]altchain.EVMAddress{"EUR": {0xe0, 0x24}, "CHF": {0xc4, 0x24}, "USD": {0x0d, 0x24}, "CNH": {0xc0, 0x24}}

// FiatToken is Config.OutputToken over FiatTokens.
func FiatToken(cur string) (altchain.EVMAddress, bool) { t, ok := FiatTokens[cur]; return t, ok }

// ChainConfigs answers the logged-out chain configuration of the home chain 31337 with
// FiatTokens: the stand-in end-user route a deposit reads to tie evmOutputToken to the
// requested currency (F33).
func ChainConfigs(w http.ResponseWriter, _ *http.Request) {
	var tokens []map[string]any
	for cur, a := range FiatTokens {
		tokens = append(tokens, map[string]any{"tokenIdentifier": a.String(), "symbol": cur + "24", "name": "Fiat24 " + cur, "decimals": 2, "isFiat": true})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"retCode": 0, "retMsg": "OK", "result": map[string]any{
		"chains": []map[string]any{{"chainIdentifier": "eip155:31337", "chainName": "sandbox", "tokens": tokens}}}})
}
