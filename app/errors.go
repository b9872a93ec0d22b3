package app

import (
	"errors"
	"fmt"

	"purse/keystore"
)

// The errors of the application layer. Front ends tell them apart with errors.As: a
// FieldError goes back to its form field (the CLI: its flag), a UsageError is the user's to
// fix (exit 2), an error with NextStep says what to do next (footer, `purse: next:`).

// FieldError is an input that cannot be used. Field names it in kebab case ("token-id",
// "amount"): the CLI's flag of the same name, the TUI's form field.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// NextStep says that nothing happened yet.
func (e *FieldError) NextStep() string {
	return "Correct the " + e.Field + " and try again; nothing was sent or signed."
}

func fieldErr(field, format string, a ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, a...)}
}

// UsageError is a problem the user fixes in the input or in the profile, not by retrying
// (the CLI exits 2 for it).
type UsageError struct{ msg string }

func (e *UsageError) Error() string { return e.msg }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error { return &UsageError{fmt.Sprintf(format, args...)} }

// usage marks err as the user's to fix (a field, a name in use), not a failure to retry.
func usage(err error) error { return &UsageError{msg: err.Error()} }

// ErrRejected marks a signature or a transaction that was checked and refused (the CLI exits
// 3 for it): a signer other than the expected one, a hash that does not match its payload, a
// permit domain that differs from the chain's.
var ErrRejected = errors.New("rejected")

// RejectedError is a check that refused: a verification that recovered another signer, a
// hash that does not cover its payload, rules that refused a transaction. Msg says what
// refused; it is exported because the use-case packages under app (app/sign's verification)
// make the error too.
type RejectedError struct{ Msg string }

func (e *RejectedError) Error() string        { return e.Msg }
func (e *RejectedError) Is(target error) bool { return target == ErrRejected }

// StepError is a failure of one step of a flow.
type StepError struct {
	Step string
	Err  error
}

func (e *StepError) Error() string { return e.Step + ": " + e.Err.Error() }
func (e *StepError) Unwrap() error { return e.Err }

// Advice is an error with what to do next (the TUI's footer and the CLI show it).
type Advice struct {
	Err  error
	Next string
}

func (e *Advice) Error() string    { return e.Err.Error() }
func (e *Advice) Unwrap() error    { return e.Err }
func (e *Advice) NextStep() string { return e.Next }

// What is known of a fund-moving request's outcome once it may have reached the network
// (OutcomeError.Outcome).
const (
	// OutcomeUnknown: it may have taken effect; find out before trying again.
	OutcomeUnknown = "unknown"
	// OutcomeNotLanded: it did not take effect and no longer can: safe to try again.
	OutcomeNotLanded = "not landed"
	// OutcomeFailed: it took effect as a failure (its fee was paid, nothing else moved).
	OutcomeFailed = "failed"
	// OutcomeNotSent: it was signed and never sent.
	OutcomeNotSent = "not sent"
	// OutcomeLanded: it took effect (a deposit's status, a settled permit); no OutcomeError
	// says it.
	OutcomeLanded = "landed"
)

// OutcomeError is the failure of a fund-moving request after it was signed: it names what
// identifies the request on the network (a Solana signature, a relayed transaction's hash)
// and what is known of its outcome, so no front end reports a request that may have landed
// as a plain failure.
type OutcomeError struct {
	Outcome string
	// IDName names ID as scripts read it: "signature", "txHash" or "permitSignature".
	IDName, ID string
	// Fields are the other facts that identify the request or say what is known of it (a
	// deposit's lastValidBlockHeight; a permit's token, owner, spender, nonce, value and
	// deadline), by the names --json gives them.
	Fields map[string]any
	Err    error
	Next   string
}

func (e *OutcomeError) Error() string    { return e.Err.Error() }
func (e *OutcomeError) Unwrap() error    { return e.Err }
func (e *OutcomeError) NextStep() string { return e.Next }

// ErrWrongPassphrase is the key store refusing a passphrase, in the process or in the agent
// (whose answer carries its code).
var ErrWrongPassphrase = keystore.ErrWrongPassphrase

// IsWrongPassphrase reports whether err is the key store refusing a passphrase.
func IsWrongPassphrase(err error) bool { return errors.Is(err, ErrWrongPassphrase) }
