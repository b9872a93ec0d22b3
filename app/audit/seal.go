package audit

import (
	"fmt"
	"io"

	"purse/app"
	"purse/keystore"
)

// ReadSealKey reads the audit log's verification key from the file path ("-": stdin) the
// user named in field, as the core reads every secret file; errors name the field, never the
// content.
func (a Service) ReadSealKey(field, path string, stdin io.Reader) ([]byte, error) {
	b, err := a.s.ReadSecret(field, path, stdin)
	if err != nil {
		return nil, err
	}
	defer clear(b)
	k, err := keystore.ParseSealKey(b)
	if err != nil {
		return nil, &app.FieldError{Field: field, Err: err}
	}
	return k, nil
}

// SealLine says in one line what a verification proved of the log's seals, and what it
// could not: without a verification key only their order was checked.
func SealLine(in keystore.SealInfo) string {
	switch {
	case !in.Sealed:
		return "not sealed: a program of this user could rewrite it unnoticed; `purse audit seal` seals it from now on"
	case in.To == 0 && in.Checked:
		return fmt.Sprintf("sealed, no record sealed yet; sealing state checked with verification key %s (%s)", in.Fingerprint, in.KeyFrom)
	case in.To == 0:
		return "sealed, no record sealed yet; sealing state not checked: no verification key (purse audit verify --key-file checks it with yours)"
	case in.Checked:
		return fmt.Sprintf("sealed through record %d (epoch %d, from record %d on, covering every record before it); seals checked with verification key %s (%s)", in.To, in.Epoch, in.From, in.Fingerprint, in.KeyFrom)
	}
	return fmt.Sprintf("sealed through record %d (epoch %d); the seals' order was checked, the seals themselves NOT: no verification key (purse audit verify --key-file checks them with yours), and a program that rewrites the whole log can keep their order", in.To, in.Epoch)
}

// SealWarning is the warning a listing of the log carries when its seals went unchecked ("":
// none).
func SealWarning(in keystore.SealInfo) string {
	switch {
	case !in.Sealed:
		return "the audit log is not sealed (purse audit seal)"
	case !in.Checked:
		return "the audit log's seals were not checked: no verification key (--key-file)"
	}
	return ""
}
