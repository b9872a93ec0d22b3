package app

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ethereum/go-ethereum/common"

	"purse/internal/evmaddr"
	"purse/internal/regular"
	"purse/wallet"
)

// Size limits of what purse reads to sign or verify: far above anything the service takes,
// far below what would exhaust memory. Each is checked where the input is signed, so every
// front end has it, and ReadInput never reads past it.
// They are the signer's own limits (wallet), the same in the process and in the agent.
const (
	MaxMessageBytes = wallet.MaxMessageBytes // a personal_sign message
	MaxFormABytes   = wallet.MaxFormABytes   // a Form A declaration
	MaxBodyBytes    = wallet.MaxPayloadBytes // a request body a full-auth hash covers
	// MaxTypedDataBytes is an EIP-712 document.
	MaxTypedDataBytes = wallet.MaxTypedDataBytes
)

// ReadInput reads the file a field names ("-": stdin), at most limit bytes. It reads through
// io.LimitReader(limit+1), never the whole file, so /dev/zero or a huge file ends with an
// error naming the limit instead of filling memory. Errors are FieldErrors naming field.
func ReadInput(field, path string, stdin io.Reader, limit int64) ([]byte, error) {
	name, r := "standard input", stdin
	if path != "-" {
		path = ExpandHome(path)
		if path == "" {
			return nil, fieldErr(field, "expected the path of a file ('-' for standard input)")
		}
		f, err := regular.Open(path)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fieldErr(field, "cannot open %s: %v", path, err)
		}
		defer f.Close()
		name, r = path, f
	} else if stdin == nil {
		return nil, fieldErr(field, "expected the path of a file (no standard input here)")
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fieldErr(field, "cannot read %s: %v", name, err)
	}
	if int64(len(b)) > limit {
		clear(b) // it may be a secret (a key file)
		return nil, TooLarge(field, name, limit)
	}
	return b, nil
}

// TooLarge is the FieldError of an input over its limit, naming the limit as people read it.
// The signing use cases (app/sign) check the same limits on what they are handed, for front
// ends that read no file, and say so in the same words.
func TooLarge(field, what string, limit int64) error {
	return fieldErr(field, "%s is larger than the limit of %s", what, byteSize(limit))
}

// byteSize writes a limit as people read it (1 MiB, 64 KiB).
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB (%d bytes)", n>>20, n)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB (%d bytes)", n>>10, n)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ParseAddress reads an address the user typed (evmaddr.Parse: a mixed-case address
// must pass its EIP-55 checksum); the error names the field.
func ParseAddress(field, s string) (common.Address, error) {
	a, err := evmaddr.Parse(s)
	if err != nil {
		return common.Address{}, &FieldError{Field: field, Err: err}
	}
	return a, nil
}
