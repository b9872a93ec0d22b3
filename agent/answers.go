package agent

import (
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// A client shows and uses only answers that can be true: the kernel says a purse process
// answers (Client.dial), and what it says must still make sense, so a broken or mistaken
// agent's answer (an all-zero address, a year-1 time, a negative limit, a short signature)
// is refused instead of printed or used.

// earliest is before any time an agent of this purse can report: its clock reading a year-1
// or 1970 time is a zero value or a broken clock, not a time to show.
var earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

func checkTime(field string, t time.Time) error {
	if t.Before(earliest) {
		return fmt.Errorf("%s is %s, before 2000", field, t.UTC().Format(time.RFC3339))
	}
	return nil
}

// checkAddress refuses what is not a key's address of kind: an EVM address other than the
// zero one, a Solana public key other than the all-zero one.
func checkAddress(kind, addr string) error {
	switch kind {
	case KindEVM:
		if !common.IsHexAddress(addr) || common.HexToAddress(addr) == (common.Address{}) {
			return fmt.Errorf("address %q is not an EVM key's address", addr)
		}
	case KindSolana:
		pk, err := solana.PublicKeyFromBase58(addr)
		if err != nil || pk.IsZero() {
			return fmt.Errorf("address %q is not a Solana key's address", addr)
		}
	default:
		return fmt.Errorf("kind %q: expected evm or solana", kind)
	}
	return nil
}

// check refuses a key status that cannot be true.
func (k KeyStatus) check() error {
	if k.Label == "" {
		return fmt.Errorf("a key without a label")
	}
	if err := checkAddress(k.Kind, k.Address); err != nil {
		return fmt.Errorf("key %q: %v", k.Label, err)
	}
	if err := checkTime("unlocked", k.Unlocked); err != nil {
		return fmt.Errorf("key %q: %v", k.Label, err)
	}
	if k.IdleUntil.Before(k.Unlocked) || k.Until.Before(k.Unlocked) {
		return fmt.Errorf("key %q: a negative limit (idle until %s, until %s, unlocked %s)", k.Label,
			k.IdleUntil.UTC().Format(time.RFC3339), k.Until.UTC().Format(time.RFC3339), k.Unlocked.UTC().Format(time.RFC3339))
	}
	if k.Signed < 0 {
		return fmt.Errorf("key %q: %d signatures", k.Label, k.Signed)
	}
	return nil
}

// check refuses a status that cannot be true.
func (s *Status) check() error {
	if s.PID <= 0 {
		return fmt.Errorf("pid %d", s.PID)
	}
	if s.Socket == "" {
		return fmt.Errorf("no socket")
	}
	if err := checkTime("started", s.Started); err != nil {
		return err
	}
	for _, k := range s.Keys {
		if err := k.check(); err != nil {
			return err
		}
	}
	return nil
}

// checkSignature refuses a signature that is not one of r's signer: 65 bytes with V in
// {0, 1} for an EVM key, 64 for a Solana key.
func checkSignature(r wallet.Request, sig []byte) error {
	if r.Purpose == wallet.PurposeSolanaTx {
		if len(sig) != 64 {
			return fmt.Errorf("a signature of %d bytes, expected 64 for a Solana key", len(sig))
		}
		return nil
	}
	if len(sig) != 65 || sig[64] > 1 {
		return fmt.Errorf("a signature of %d bytes, expected 65 with V 0 or 1 for an EVM key", len(sig))
	}
	return nil
}

// nonsense is the error of an answer that cannot be true.
func (c *Client) nonsense(op string, err error) error {
	return fmt.Errorf("agent %s: %s: the answer makes no sense (%v); it is not used", c.Path, op, err)
}
