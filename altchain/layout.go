package altchain

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Layout declares where a deposit program's instruction data holds the amounts, so purse can
// check them before it signs (F24). The service's own program is not public: without a
// declared layout the amounts are checked by simulating the signed bytes (G29), never not at
// all. A profile declares layouts (altchain_layouts); the sandbox program's is built in.
type Layout struct {
	// Discriminator is the data's first bytes (Anchor: sha256("global:<name>")[:8]).
	Discriminator []byte
	// DataLen is the data's exact length; 0 accepts any length that holds every field.
	DataLen int
	// Byte offsets of the fields, little-endian: USDCAmount, MinUSDCAmount and NativeFee are
	// u64, DstEid u32, EVMOutputToken 20 bytes. -1: the data does not hold it (USDCAmount
	// is required).
	USDCAmount, MinUSDCAmount, NativeFee, DstEid, EVMOutputToken int
	// Accounts, when set, is the instruction's exact account list by role; purse can then
	// also build the transaction itself (BuildDeposit). Without it only the generic account
	// checks of F24 apply.
	Accounts []AccountRole
}

// SandboxLayout is the layout of the sandbox deposit program (program.go).
var SandboxLayout = Layout{
	Discriminator: DepositDiscriminator[:], DataLen: DepositDataLen,
	USDCAmount: 8, MinUSDCAmount: 16, NativeFee: 24, DstEid: 32, EVMOutputToken: 36,
	Accounts: DepositAccountRoles[:],
}

// end is the first byte after the furthest field.
func (l Layout) end() int {
	n := len(l.Discriminator)
	for _, f := range []struct{ off, size int }{{l.USDCAmount, 8}, {l.MinUSDCAmount, 8}, {l.NativeFee, 8}, {l.DstEid, 4}, {l.EVMOutputToken, 20}} {
		if f.off >= 0 {
			n = max(n, f.off+f.size)
		}
	}
	return n
}

// Validate checks that the fields fit and do not start inside the discriminator.
func (l Layout) Validate() error {
	if len(l.Discriminator) == 0 {
		return fmt.Errorf("layout: a discriminator is needed (the data's first bytes)")
	}
	if l.USDCAmount < 0 {
		return fmt.Errorf("layout: the usdc offset is needed")
	}
	for name, off := range map[string]int{"usdc": l.USDCAmount, "min": l.MinUSDCAmount, "fee": l.NativeFee, "eid": l.DstEid, "token": l.EVMOutputToken} {
		if off >= 0 && off < len(l.Discriminator) {
			return fmt.Errorf("layout: %s offset %d lies inside the %d-byte discriminator", name, off, len(l.Discriminator))
		}
	}
	if l.DataLen != 0 && l.DataLen < l.end() {
		return fmt.Errorf("layout: len %d is shorter than the fields (%d bytes)", l.DataLen, l.end())
	}
	return nil
}

// Decode reads the declared fields of data. Fields the layout does not hold are zero.
func (l Layout) Decode(data []byte) (DepositArgs, error) {
	var a DepositArgs
	switch {
	case l.DataLen != 0 && len(data) != l.DataLen:
		return a, fmt.Errorf("deposit data: expected %d bytes, got %d", l.DataLen, len(data))
	case len(data) < l.end():
		return a, fmt.Errorf("deposit data: expected at least %d bytes, got %d", l.end(), len(data))
	case !bytes.HasPrefix(data, l.Discriminator):
		return a, fmt.Errorf("deposit data: unknown discriminator %x", data[:min(len(data), len(l.Discriminator))])
	}
	u64 := func(off int) uint64 {
		if off < 0 {
			return 0
		}
		return binary.LittleEndian.Uint64(data[off:])
	}
	a.USDCAmount, a.MinUSDCAmount, a.NativeFeeLamports = u64(l.USDCAmount), u64(l.MinUSDCAmount), u64(l.NativeFee)
	if l.DstEid >= 0 {
		a.DstEid = binary.LittleEndian.Uint32(data[l.DstEid:])
	}
	if l.EVMOutputToken >= 0 {
		copy(a.EVMOutputToken[:], data[l.EVMOutputToken:])
	}
	return a, nil
}

// ParseLayout reads a layout as a profile writes it: comma-separated key=value pairs,
// disc=<hex> (required), usdc=<offset> (required), and optionally min, fee, eid, token
// (offsets) and len (exact data length). For example
// "disc=f223c68952e1f2b6,len=56,usdc=8,min=16,fee=24,eid=32,token=36".
func ParseLayout(s string) (Layout, error) {
	l := Layout{USDCAmount: -1, MinUSDCAmount: -1, NativeFee: -1, DstEid: -1, EVMOutputToken: -1}
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || seen[k] {
			return Layout{}, fmt.Errorf("layout %q: expected key=value pairs, each key once (disc, usdc, min, fee, eid, token, len)", s)
		}
		seen[k] = true
		if k == "disc" {
			b, err := hex.DecodeString(strings.TrimPrefix(v, "0x"))
			if err != nil || len(b) == 0 || len(b) > 32 {
				return Layout{}, fmt.Errorf("layout: disc %q: expected 1 to 32 bytes of hex", v)
			}
			l.Discriminator = b
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxTransactionSize {
			return Layout{}, fmt.Errorf("layout: %s %q: expected a byte offset from 0 to %d", k, v, MaxTransactionSize)
		}
		switch k {
		case "usdc":
			l.USDCAmount = n
		case "min":
			l.MinUSDCAmount = n
		case "fee":
			l.NativeFee = n
		case "eid":
			l.DstEid = n
		case "token":
			l.EVMOutputToken = n
		case "len":
			l.DataLen = n
		default:
			return Layout{}, fmt.Errorf("layout: unknown key %q (expected disc, usdc, min, fee, eid, token, len)", k)
		}
	}
	return l, l.Validate()
}

// String writes the layout as ParseLayout reads it.
func (l Layout) String() string {
	parts := []string{"disc=" + hex.EncodeToString(l.Discriminator)}
	if l.DataLen != 0 {
		parts = append(parts, "len="+strconv.Itoa(l.DataLen))
	}
	for _, f := range []struct {
		k   string
		off int
	}{{"usdc", l.USDCAmount}, {"min", l.MinUSDCAmount}, {"fee", l.NativeFee}, {"eid", l.DstEid}, {"token", l.EVMOutputToken}} {
		if f.off >= 0 {
			parts = append(parts, f.k+"="+strconv.Itoa(f.off))
		}
	}
	return strings.Join(parts, ",")
}
