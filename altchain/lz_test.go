package altchain

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/gagliardetto/solana-go"
)

// TestLayerZeroPDAsAgainstWeb3js: every account purse derives for a LayerZero send equals
// what @solana/web3.js derives from the same seeds (testdata/layerzero_pdas.json, written
// by testdata/layerzero_pdas.js in a scratch folder; web3.js is not a dependency).
func TestLayerZeroPDAsAgainstWeb3js(t *testing.T) {
	b, err := os.ReadFile("testdata/layerzero_pdas.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Generator string           `json:"generator"`
		Cases     []map[string]any `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 3 {
		t.Fatalf("%d cases", len(doc.Cases))
	}
	for _, c := range doc.Cases {
		key := func(name string) solana.PublicKey { return solana.MustPublicKeyFromBase58(c[name].(string)) }
		recv, err := ParseLZReceiver(c["receiver"].(string))
		if err != nil {
			t.Fatal(err)
		}
		s := LayerZeroSend{Endpoint: key("endpoint"), OApp: key("oapp"), SendLibrary: key("sendLibrary"), DstEid: uint32(c["dstEid"].(float64)), Receiver: recv, HasReceiver: true}
		for name, got := range map[string]solana.PublicKey{
			"sendLibraryConfig": s.SendLibraryConfig(), "defaultSendLibraryConfig": s.DefaultSendLibraryConfig(),
			"messageLib": s.MessageLib(), "sendLibraryInfo": s.SendLibraryInfo(), "endpointSettings": s.EndpointSettings(),
			"nonce": s.Nonce(), "endpointEventAuthority": s.EndpointEventAuthority(), "sendConfig": s.SendConfig(),
			"defaultSendConfig": s.DefaultSendConfig(), "sendLibraryEventAuthority": s.SendLibraryEventAuthority(),
			"executorConfig": ExecutorConfig(key("executor")), "dvnConfig": DVNConfig(key("dvn")), "priceFeedConfig": PriceFeedConfig(key("priceFeed")),
		} {
			if want := key(name); got != want {
				t.Errorf("%s: %s: purse derives %s, %s derives %s", c["name"], name, got, doc.Generator, want)
			}
		}
	}
	// The first case is the live one: its programs are purse's defaults.
	c := doc.Cases[0]
	if c["endpoint"] != LayerZeroEndpointProgramID.String() || c["sendLibrary"] != LayerZeroULNProgramID.String() {
		t.Fatalf("the live case does not use LayerZero's program ids")
	}
	if h, ok := LZHomeChain("5000"); !ok || FormatLZReceiver(h.Receiver) != "0x9f88e04d129d4a4247f009833ba0bd5d8f6a2146" || h.EID != 30181 {
		t.Fatalf("Mantle: %+v", h)
	}
}

func TestParseLZReceiver(t *testing.T) {
	r, err := ParseLZReceiver("0x9F88e04D129d4a4247F009833ba0Bd5D8F6A2146")
	if err != nil || FormatLZReceiver(r) != "0x9f88e04d129d4a4247f009833ba0bd5d8f6a2146" || r[11] != 0 {
		t.Fatalf("%x %v", r, err)
	}
	full := "0x" + "ab" + "00000000000000000000000000000000000000000000000000000000000000"
	if r, err := ParseLZReceiver(full); err != nil || FormatLZReceiver(r) != full {
		t.Fatalf("32 bytes: %s %v", FormatLZReceiver(r), err)
	}
	for _, bad := range []string{"", "9F88e04D129d4a4247F009833ba0Bd5D8F6A2146", "0x1234", "0xzz88e04D129d4a4247F009833ba0Bd5D8F6A2146"} {
		if _, err := ParseLZReceiver(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestLayerZeroTransactionAgainstWeb3js: the LayerZero-shaped deposit (with an extra
// writable account of the user) decodes in purse as @solana/web3.js decodes it
// (testdata/layerzero_tx.json, written by testdata/layerzero_tx.js): the same keys in the
// same order with the same signer and writable flags, the same instructions; and the
// transaction is the one this package's builder makes today.
func TestLayerZeroTransactionAgainstWeb3js(t *testing.T) {
	b, err := os.ReadFile("testdata/layerzero_tx.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Transaction string `json:"transaction"`
		Version     int    `json:"version"`
		Signatures  int    `json:"signatures"`
		Blockhash   string `json:"recentBlockhash"`
		Keys        []struct {
			Key              string
			Signer, Writable bool
		} `json:"keys"`
		Instructions []struct {
			Program  string `json:"program"`
			Accounts []int  `json:"accounts"`
			Data     string `json:"data"`
		} `json:"instructions"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	q, user := buildLZ(t, insertHead(lzOtherToken))
	if got := base64.StdEncoding.EncodeToString(q.Transaction); got != doc.Transaction {
		t.Fatal("the builder no longer makes the transaction web3.js decoded; regenerate testdata/layerzero_tx.json with testdata/layerzero_tx.js")
	}
	r := Inspect(q, user, lzOpts(true))
	if doc.Version != 0 || doc.Signatures != r.Signatures || doc.Blockhash != r.RecentBlockhash.String() || len(doc.Instructions) != len(r.Instructions) {
		t.Fatalf("web3.js: v%d %d sigs %s %d ixs; purse: %d sigs %s %d ixs", doc.Version, doc.Signatures, doc.Blockhash, len(doc.Instructions), r.Signatures, r.RecentBlockhash, len(r.Instructions))
	}
	for i, ix := range r.Instructions {
		w := doc.Instructions[i]
		if w.Program != ix.Program.String() || w.Data != hex.EncodeToString(ix.Data) || len(w.Accounts) != len(ix.Accounts) {
			t.Fatalf("instruction %d: web3.js %s %s %v; purse %s %x %d accounts", i, w.Program, w.Data, w.Accounts, ix.Program, ix.Data, len(ix.Accounts))
		}
		for j, a := range ix.Accounts {
			k := doc.Keys[w.Accounts[j]]
			if a.Index != w.Accounts[j] || a.Key.String() != k.Key || a.Signer != k.Signer || a.Writable != k.Writable {
				t.Fatalf("instruction %d account %d: web3.js %d %+v; purse %+v", i, j, w.Accounts[j], k, a)
			}
		}
	}
}
