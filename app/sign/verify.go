package sign

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/wallet"
)

// Verification (`purse verify`): who signed what a user holds, recovered from the signature
// alone, with no key and no session.

// Verification is a recovered signer against the expected one. Note says what the signed
// bytes are when that matters more than who signed them (a personal message that is a
// full-auth credential).
type Verification struct {
	Recovered string `json:"recovered"`
	Expected  string `json:"expected"`
	Valid     bool   `json:"valid"`
	Note      string `json:"note,omitempty"`
}

// fullAuthNote is what a personal_sign of a consent message really is.
const fullAuthNote = "the message is a full-auth credential: \"" + wallet.ConsentPrefix + "\" + keccak256(hash+deadline) authorises end-user API calls (and a mint consent) as the signer"

// canonical refuses, after recovery, a signature on-chain verifiers reject (high s, v not
// 27/28); what refuses it is said by who (the token, for a permit).
func canonical(v Verification, sig, who string) (Verification, error) {
	if err := wallet.CheckCanonical(sig); err != nil {
		v.Valid = false
		return v, &app.RejectedError{Msg: fmt.Sprintf("%v: %s (it recovers %s)", err, who, v.Recovered)}
	}
	return v, nil
}

// verify compares; a mismatch comes back with a *app.RejectedError (app.ErrRejected).
func verify(recovered common.Address, expected string) (Verification, error) {
	want, err := app.ParseAddress("address", expected)
	if err != nil {
		return Verification{}, err
	}
	v := Verification{Recovered: recovered.Hex(), Expected: want.Hex(), Valid: recovered == want}
	if !v.Valid {
		return v, &app.RejectedError{Msg: fmt.Sprintf("signature was made by %s, not %s", v.Recovered, v.Expected)}
	}
	return v, nil
}

// VerifyPersonal recovers the signer of an EIP-191 personal_sign of msg.
func VerifyPersonal(expected string, msg []byte, sig string) (Verification, error) {
	if len(msg) > app.MaxMessageBytes {
		return Verification{}, app.TooLarge("message", "the message", app.MaxMessageBytes)
	}
	addr, err := wallet.RecoverPersonal(msg, sig)
	if err != nil {
		return Verification{}, &app.FieldError{Field: "signature", Err: err}
	}
	v, err := verify(addr, expected)
	if wallet.IsConsentMessage(msg) {
		v.Note = fullAuthNote
	}
	if err != nil {
		return v, err
	}
	return canonical(v, sig, "contracts verifying it with OpenZeppelin ECDSA refuse it")
}

// VerifyFullAuth recovers the signer of full-auth headers; with a payload it also checks
// that hash is its keccak256.
func VerifyFullAuth(expected, hash, deadline, sign string, p Payload) (Verification, error) {
	if !isDigits(deadline) {
		return Verification{}, &app.FieldError{Field: "deadline", Err: fmt.Errorf("expected Unix seconds in digits, got %q", deadline)}
	}
	if err := p.check(); err != nil {
		return Verification{}, err
	}
	if p.Body != nil || p.Query != nil {
		if got := wallet.PayloadHash(p.bytes()); got != hash {
			return Verification{}, &app.RejectedError{Msg: fmt.Sprintf("hash %s is not keccak256 of the payload (%s)", hash, got)}
		}
	}
	addr, err := wallet.RecoverFullAuth(hash, deadline, sign)
	if err != nil {
		return Verification{}, &app.FieldError{Field: "sign", Err: err}
	}
	return verify(addr, expected)
}

// VerifyPermit recovers the signer of a permit the owner should have signed.
func VerifyPermit(owner string, in PermitInput, sig string) (Verification, error) {
	o, err := app.ParseAddress("owner", owner)
	if err != nil {
		return Verification{}, err
	}
	p, err := in.permit(o)
	if err != nil {
		return Verification{}, err
	}
	addr, err := wallet.RecoverPermit(p, sig)
	if err != nil {
		return Verification{}, &app.FieldError{Field: "signature", Err: err}
	}
	v, err := verify(addr, owner)
	if err != nil {
		return v, err
	}
	return canonical(v, sig, "the token's permit() will not accept it")
}
