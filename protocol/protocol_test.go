package protocol

import (
	"strings"
	"testing"
)

// Issue 11 case 8: --network 0 and a --token-id above int64 are refused.
func TestCheckTokenIDAndNetwork(t *testing.T) {
	for _, ok := range []string{"1", "5003", "9223372036854775807"} {
		if err := CheckTokenID(ok); err != nil {
			t.Errorf("token id %s: %v", ok, err)
		}
		if err := CheckNetwork(ok); err != nil {
			t.Errorf("network %s: %v", ok, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"0", "from 1 to"}, {"9223372036854775808", "from 1 to"}, {"99999999999999999999999", "from 1 to"},
		{"05003", "leading zeros"}, {"", "got nothing"}, {"-1", "decimal digits"}, {"+5", "decimal digits"}, {"5e3", "decimal digits"},
	} {
		if err := CheckTokenID(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("token id %q: %v", c.in, err)
		}
		if err := CheckNetwork(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("network %q: %v", c.in, err)
		}
	}
}
