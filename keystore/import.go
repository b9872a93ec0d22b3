package keystore

import "errors"

// ErrInvalidSecret is matched (errors.Is) by the errors of a secret given to import that is
// not a usable key: malformed (hex, length, a keypair file, a mnemonic or its path) or one
// anyone can derive (all zero). It is the user's input to fix, not a failure of purse.
var ErrInvalidSecret = errors.New("invalid secret")

// invalidSecret marks err as ErrInvalidSecret; its message stays err's.
type invalidSecret struct{ err error }

func (e invalidSecret) Error() string        { return e.err.Error() }
func (e invalidSecret) Unwrap() error        { return e.err }
func (e invalidSecret) Is(target error) bool { return target == ErrInvalidSecret }

// New creates a key of the given kind under label.
func (s *Store) New(label string, kind Kind) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	sec, err := generate(kind)
	if err != nil {
		return Entry{}, err
	}
	return s.add(label, sec)
}

// ImportHex imports a private key in hex (0x optional): evm 32 bytes; solana a 32-byte seed
// or a 64-byte key whose public half must match its seed.
func (s *Store) ImportHex(label string, kind Kind, hexKey []byte) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	sec, err := parseHexKey(kind, hexKey)
	if err != nil {
		return Entry{}, invalidSecret{err}
	}
	return s.add(label, sec)
}

// ImportMnemonic derives a key from a BIP-39 mnemonic and optional passphrase. path "" is
// MnemonicPath(kind, 0); for solana, PathNone is the solana-keygen variant without a path.
// EVM paths use BIP-32, solana paths SLIP-0010 (hardened segments only).
func (s *Store) ImportMnemonic(label string, kind Kind, mnemonic, passphrase []byte, path string) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	sec, err := deriveMnemonic(kind, mnemonic, passphrase, path)
	if err != nil {
		return Entry{}, invalidSecret{err}
	}
	return s.add(label, sec)
}

// ImportKeystoreJSON imports a Web3 Secret Storage v3 file (evm), or a purse solana v3 file,
// decrypted with passphrase. The kind in the file must be kind.
func (s *Store) ImportKeystoreJSON(label string, kind Kind, data, passphrase []byte) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	if _, err := ParseKind(string(kind)); err != nil {
		return Entry{}, err
	}
	sec, err := decryptV3(data, passphrase, kind, "keystore json")
	if err != nil {
		return Entry{}, err
	}
	return s.add(label, sec)
}

// ImportSolanaKeypair imports a solana-keygen keypair file (JSON array of 64 numbers).
func (s *Store) ImportSolanaKeypair(label string, data []byte) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	sec, err := parseSolanaKeypair(data)
	if err != nil {
		return Entry{}, invalidSecret{err}
	}
	return s.add(label, sec)
}
