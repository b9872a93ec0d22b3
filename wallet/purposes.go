package wallet

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Purpose says why a signature is made. It is recorded in the audit log, so a reviewer
// can tell a full-auth header from a permit without decoding the digest.
type Purpose string

const (
	PurposeFullAuth    Purpose = "full-auth"
	PurposeMintConsent Purpose = "mint-consent"
	PurposePermit      Purpose = "permit"
	PurposeFormA       Purpose = "form-a"
	PurposePersonal    Purpose = "personal"
	PurposePartnerAuth Purpose = "partner-auth"
	PurposeSolanaTx    Purpose = "solana-tx"
	PurposeTypedData   Purpose = "typed-data"
	PurposeEVMTx       Purpose = "evm-tx"
)

// purposeSpec is what the signing core knows of one purpose: the request fields it carries
// (by their JSON names), the checks of its own fields, the digest an EVM key signs for it
// (nil: a Solana message, signed as it is), and whether the agent's default policy asks the
// user before it signs one (false: it signs unasked). Each purpose is one row of
// purposeSpecs; the signer's checks and digests and the default policy are derived from it,
// and Purposes lists the rows for the layers above (review, audit summary, limits), whose
// tests hold each purpose to a line.
type purposeSpec struct {
	purpose Purpose
	fields  []string
	check   func(r Request, now time.Time) error
	digest  func(r Request) (common.Hash, error)
	asks    bool
	// device is what a hardware wallet is given for the request (nil: no EVM device signs
	// it); its signature recovers over digest (TestDeviceFormsSignTheDigest).
	device func(r Request) (DeviceForm, error)
}

var purposeSpecs = []purposeSpec{
	// Reads are most of it; a call that changes the account is asked about by its route's line.
	{PurposeFullAuth, []string{"method", "route", "payload", "deadline", "anyDeadline"}, Request.checkFullAuth, consentDigest, false, consentForm},
	{PurposeMintConsent, []string{"hash", "deadline", "anyDeadline", "mintEmail"}, Request.checkMintConsent, consentDigest, true, consentForm},
	{PurposePermit, []string{"permit", "route", "payload"}, Request.checkPermit, func(r Request) (common.Hash, error) {
		d, _, err := r.Permit.Digest()
		return d, err
	}, true, permitForm},
	{PurposeFormA, []string{"text"}, Request.checkFormA, func(r Request) (common.Hash, error) { return PersonalHash([]byte(r.Text)), nil }, true,
		func(r Request) (DeviceForm, error) { return personalForm([]byte(r.Text)), nil }},
	{PurposePersonal, []string{"message"}, Request.checkPersonal, func(r Request) (common.Hash, error) { return PersonalHash(r.Message), nil }, true,
		func(r Request) (DeviceForm, error) { return personalForm(r.Message), nil }},
	// As full-auth: a partner call that changes something is asked about by its route's line.
	{PurposePartnerAuth, []string{"partner"}, Request.checkPartnerAuth, func(r Request) (common.Hash, error) {
		return PersonalHash([]byte(r.Partner.Message())), nil
	}, false, func(r Request) (DeviceForm, error) { return personalForm([]byte(r.Partner.Message())), nil }},
	{PurposeSolanaTx, []string{"message", "quote"}, Request.checkSolanaTx, nil, true, nil},
	{PurposeTypedData, []string{"typedData"}, Request.checkTypedData, typedDataDigest, true, typedDataForm},
	// A transaction moves the sender's own tokens at once: always asked by default.
	{PurposeEVMTx, []string{"transaction", "next"}, Request.checkEVMTx, evmTxDigest, true, evmTxForm},
}

// consentDigest is the EIP-191 digest of the full-auth and mint-consent text (ConsentText).
func consentDigest(r Request) (common.Hash, error) { return PersonalHash([]byte(r.ConsentText())), nil }

func specOf(p Purpose) (purposeSpec, bool) {
	for _, s := range purposeSpecs {
		if s.purpose == p {
			return s, true
		}
	}
	return purposeSpec{}, false
}

// Purposes are the purposes purse signs, in the order they are declared.
func Purposes() []Purpose {
	out := make([]Purpose, len(purposeSpecs))
	for i, s := range purposeSpecs {
		out[i] = s.purpose
	}
	return out
}

// AsksByDefault says whether the agent's default policy asks the user before signing a
// request of purpose p ("confirm"; false: "allow").
func AsksByDefault(p Purpose) bool {
	s, _ := specOf(p)
	return s.asks
}

// IsEVMPurpose says whether p is signed by an EVM key (its digest), not a Solana key.
func IsEVMPurpose(p Purpose) bool {
	s, ok := specOf(p)
	return ok && s.digest != nil
}
