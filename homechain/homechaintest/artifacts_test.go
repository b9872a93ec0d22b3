package homechaintest_test

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common/hexutil"

	contractassets "purse/assets/contracts"
	"purse/homechain/bindings/accountnft"
	"purse/homechain/bindings/bufferpool"
	"purse/homechain/bindings/cardspender"
	"purse/homechain/bindings/depositcontract"
	"purse/homechain/bindings/fiattoken"
	"purse/homechain/bindings/usdc"
)

// The committed Go bindings were generated from the committed artifacts: same bytecode,
// same methods, events and errors. Run `make contracts` when this fails.
func TestBindingsMatchArtifacts(t *testing.T) {
	meta := map[string]*bind.MetaData{
		contractassets.AccountNFT:      &accountnft.AccountNFTMetaData,
		contractassets.FiatToken:       &fiattoken.FiatTokenMetaData,
		contractassets.USDC:            &usdc.USDCMetaData,
		contractassets.CardSpender:     &cardspender.CardSpenderMetaData,
		contractassets.DepositContract: &depositcontract.DepositContractMetaData,
		contractassets.BufferPool:      &bufferpool.BufferPoolMetaData,
	}
	if len(meta) != len(contractassets.Names) {
		t.Fatalf("%d bindings for %d artifacts", len(meta), len(contractassets.Names))
	}
	for _, name := range contractassets.Names {
		a, err := contractassets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		m := meta[name]
		if !strings.EqualFold(m.Bin, hexutil.Encode(a.Bytecode)) {
			t.Errorf("%s: binding bytecode differs from the artifact", name)
		}
		parsed, err := m.ParseABI()
		if err != nil {
			t.Fatal(err)
		}
		if len(parsed.Methods) != len(a.ABI.Methods) || len(parsed.Events) != len(a.ABI.Events) || len(parsed.Errors) != len(a.ABI.Errors) {
			t.Errorf("%s: binding ABI has %d/%d/%d methods/events/errors, artifact %d/%d/%d", name,
				len(parsed.Methods), len(parsed.Events), len(parsed.Errors), len(a.ABI.Methods), len(a.ABI.Events), len(a.ABI.Errors))
		}
		for id, meth := range a.ABI.Methods {
			if pm, ok := parsed.Methods[id]; !ok || pm.Sig != meth.Sig {
				t.Errorf("%s: method %s missing from the binding", name, meth.Sig)
			}
		}
		if a.Compiler.Version == "" || a.SourceName == "" {
			t.Errorf("%s: artifact lacks compiler/source info: %+v", name, a.Compiler)
		}
	}
	if _, err := contractassets.Load("Nope"); err == nil {
		t.Error("Load of an unknown contract succeeded")
	}
}
