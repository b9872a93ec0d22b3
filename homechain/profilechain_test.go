package homechain

import (
	"context"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func TestProfileChainNamesTheMissingSetting(t *testing.T) {
	ctx := context.Background()
	owner := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	for _, c := range []struct {
		pc   ProfileChain
		want string
	}{
		{ProfileChain{RPC: "http://127.0.0.1:1", Network: "31337"}, "account_nft is not set"},
		{ProfileChain{RPC: "http://127.0.0.1:1", AccountNFT: "0x12"}, `account_nft "0x12" is not an address`},
		{ProfileChain{AccountNFT: "0x00000000000000000000000000000000000000b2"}, "evm_rpc is not set"},
	} {
		if _, _, err := c.pc.FindAccount(ctx, owner); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v", c.pc, err)
		}
	}
	if _, err := (ProfileChain{}).Dial(ctx); err == nil || !strings.Contains(err.Error(), "evm_rpc") {
		t.Errorf("dial without evm_rpc: %v", err)
	}
}
