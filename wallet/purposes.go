package wallet

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// purposeSpec is what the signing core knows of one purpose: the request fields it carries
// (by their JSON names), the checks of its own fields, and the digest an EVM key signs for
// it (nil: a Solana message, signed as it is). Each purpose is one row of purposeSpecs; the
// signer's checks and digests are derived from it, and Purposes lists the rows for the
// layers above (policy, review, audit summary), whose tests hold each purpose to a line.
type purposeSpec struct {
	purpose Purpose
	fields  []string
	check   func(r Request, now time.Time) error
	digest  func(r Request) (common.Hash, error)
}

var purposeSpecs = []purposeSpec{
	{PurposeFullAuth, []string{"method", "route", "payload", "deadline", "anyDeadline"}, Request.checkFullAuth, consentDigest},
	{PurposeMintConsent, []string{"hash", "deadline", "anyDeadline", "mintEmail"}, Request.checkMintConsent, consentDigest},
	{PurposePermit, []string{"permit"}, Request.checkPermit, func(r Request) (common.Hash, error) {
		d, _, err := r.Permit.Digest()
		return d, err
	}},
	{PurposeFormA, []string{"text"}, Request.checkFormA, func(r Request) (common.Hash, error) { return PersonalHash([]byte(r.Text)), nil }},
	{PurposePersonal, []string{"message"}, Request.checkPersonal, func(r Request) (common.Hash, error) { return PersonalHash(r.Message), nil }},
	{PurposePartnerAuth, []string{"partner"}, Request.checkPartnerAuth, func(r Request) (common.Hash, error) {
		return PersonalHash([]byte(r.Partner.Message())), nil
	}},
	{PurposeSolanaTx, []string{"message", "quote"}, Request.checkSolanaTx, nil},
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

// IsEVMPurpose says whether p is signed by an EVM key (its digest), not a Solana key.
func IsEVMPurpose(p Purpose) bool {
	s, ok := specOf(p)
	return ok && s.digest != nil
}
