// Package ledger speaks to Ledger's Ethereum and Solana apps: the APDUs of their published
// specifications (LedgerHQ/app-ethereum doc/ethapp.adoc, LedgerHQ/app-solana doc/api.md),
// built here byte for byte as Ledger's own host libraries build them (testdata/apdus.json,
// recorded from @ledgerhq/hw-app-eth and hw-app-solana), over a Transport: Speculos's TCP
// APDU framing (the sandbox's device stand-in, an emulator) or USB HID. A device's status
// words come back as errors in words (Error), so a user reads "unlock the device", not 0x5515.
package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Transport carries one APDU to the device and its answer back: the answer's data and its
// status word.
type Transport interface {
	Exchange(ctx context.Context, apdu []byte) (data []byte, sw uint16, err error)
	Close() error
}

// Command is one APDU command (ISO 7816-4, short form: at most 255 bytes of data).
type Command struct {
	CLA, INS, P1, P2 byte
	Data             []byte
}

// maxData is the most data one APDU carries.
const maxData = 255

// Bytes is the command as the device reads it: CLA INS P1 P2 Lc data.
func (c Command) Bytes() ([]byte, error) {
	if len(c.Data) > maxData {
		return nil, fmt.Errorf("APDU data of %d bytes is over %d", len(c.Data), maxData)
	}
	return append([]byte{c.CLA, c.INS, c.P1, c.P2, byte(len(c.Data))}, c.Data...), nil
}

// exchange sends c and returns the answer's data, or the status word as an Error.
func exchange(ctx context.Context, t Transport, c Command) ([]byte, error) {
	b, err := c.Bytes()
	if err != nil {
		return nil, err
	}
	data, sw, err := t.Exchange(ctx, b)
	if err != nil {
		return nil, err
	}
	if sw != SWOK {
		return nil, &Error{SW: sw, INS: c.INS}
	}
	return data, nil
}

// Path is a BIP-32 derivation path: indexes with the hardened bit set where written with '.
type Path []uint32

const hardened = 0x80000000

// ParsePath reads "m/44'/60'/0'/0/0" (the m/ is optional; ' or h marks a hardened index).
func ParsePath(s string) (Path, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "m/")
	if s == "" {
		return nil, errors.New("path: expected a derivation path such as 44'/60'/0'/0/0")
	}
	var p Path
	for _, part := range strings.Split(s, "/") {
		num, h := strings.CutSuffix(part, "'")
		if !h {
			num, h = strings.CutSuffix(part, "h")
		}
		n, err := strconv.ParseUint(num, 10, 31)
		if err != nil {
			return nil, fmt.Errorf("path %q: index %q: expected a number below 2^31, optionally followed by '", s, part)
		}
		if h {
			n |= hardened
		}
		p = append(p, uint32(n))
	}
	if len(p) > 10 {
		return nil, fmt.Errorf("path %q: %d levels; the apps take at most 10", s, len(p))
	}
	return p, nil
}

// String writes the path as ParsePath reads it, with m/.
func (p Path) String() string {
	var b strings.Builder
	b.WriteString("m")
	for _, i := range p {
		b.WriteString("/" + strconv.FormatUint(uint64(i&^hardened), 10))
		if i&hardened != 0 {
			b.WriteString("'")
		}
	}
	return b.String()
}

// bytes is the path as the apps read it: its length, then each index big-endian.
func (p Path) bytes() []byte {
	out := []byte{byte(len(p))}
	for _, i := range p {
		out = binary.BigEndian.AppendUint32(out, i)
	}
	return out
}

// Standard paths: Ledger Live's and the legacy (MEW, MyCrypto) EVM ones, and Solana's as
// Phantom (44'/501'/N'/0') and the Solana CLI (usb://ledger?key=N: 44'/501'/N') derive them.
func LedgerLivePath(account uint32) Path {
	return Path{44 | hardened, 60 | hardened, account | hardened, 0, 0}
}
func LegacyPath(account uint32) Path {
	return Path{44 | hardened, 60 | hardened, 0 | hardened, account}
}
func PhantomPath(account uint32) Path {
	return Path{44 | hardened, 501 | hardened, account | hardened, 0 | hardened}
}
func SolanaCLIPath(account uint32) Path {
	return Path{44 | hardened, 501 | hardened, account | hardened}
}
