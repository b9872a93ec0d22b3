package evmaddr

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func TestParseAddressChecksum(t *testing.T) {
	const good = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // EIP-55's own example
	want := common.HexToAddress(good)
	for _, s := range []string{good, strings.ToLower(good), "0x" + strings.ToUpper(good[2:])} {
		if a, err := Parse(s); err != nil || a != want {
			t.Errorf("%s: %v", s, err)
		}
	}
	bad := "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" // last letter's case flipped
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "EIP-55") {
		t.Errorf("wrong checksum: %v", err)
	}
	for _, s := range []string{"5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x12", "0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("%s accepted", s)
		}
	}
}
