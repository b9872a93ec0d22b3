package wallet

import (
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"
)

// Request is one signature asked for in the protocol's terms (the call, the typed data, the
// text), not as a digest. A signer that lives in another process (the agent) receives the
// Request, rebuilds the digest itself with Digest and so knows what it signs; its policy and
// its log see the route, the permit, the text.
type Request struct {
	Purpose Purpose `json:"purpose"`
	// Method and Route name the end-user call a full-auth signature authorises, as the
	// client states it: the signature itself covers only the payload and the deadline.
	Method string `json:"method,omitempty"`
	Route  string `json:"route,omitempty"`
	// Payload is what a full-auth hash is taken of: the exact body (POST) or raw query (GET).
	Payload []byte `json:"payload,omitempty"`
	// Hash is the hash string of a mint consent, or a full-auth hash given literally (the
	// doctor's probe); with a Payload it must be the payload's hash.
	Hash string `json:"hash,omitempty"`
	// Deadline is the decimal deadline of full-auth and mint consent.
	Deadline string `json:"deadline,omitempty"`
	// Permit is the EIP-2612 permit (purpose permit).
	Permit *Permit `json:"permit,omitempty"`
	// Text is the Form A declaration (purpose form-a).
	Text string `json:"text,omitempty"`
	// Message is the personal_sign message (personal, partner-auth) or the serialized
	// Solana message (solana-tx).
	Message []byte `json:"message,omitempty"`
	// Quote is the alt-chain quote a Solana transaction came with, so a signer in another
	// process can apply the checklist to it before signing.
	Quote []byte `json:"quote,omitempty"`
}

// RequestSigner is an EVMSigner that wants the request rather than its digest (the agent's
// client). It returns the 65-byte [R || S || V] signature with V in {0, 1}, as SignDigest.
type RequestSigner interface {
	EVMSigner
	SignRequest(r Request) ([]byte, error)
}

// SolanaRequestSigner is a SolanaSigner that wants the request (purpose solana-tx, Message
// the serialized message) rather than the bare message.
type SolanaRequestSigner interface {
	SolanaSigner
	SignSolanaRequest(r Request) (solana.Signature, error)
}

// FullAuthHash is the hash string a full-auth request is signed over: the payload's
// keccak256, or the literal Hash when no payload is given. Both given must agree.
func (r Request) FullAuthHash() (string, error) {
	if r.Payload == nil {
		if r.Hash == "" {
			return "", errors.New("full-auth request: expected the payload (or a literal hash), got neither")
		}
		return r.Hash, nil
	}
	h := PayloadHash(r.Payload)
	if r.Hash != "" && subtle.ConstantTimeCompare([]byte(h), []byte(r.Hash)) != 1 {
		return "", fmt.Errorf("full-auth request: hash %s is not the payload's keccak256 %s", r.Hash, h)
	}
	return h, nil
}

// ConsentText is the personal_sign message of a full-auth or mint-consent request.
func (r Request) ConsentText() (string, error) {
	hash := r.Hash
	if r.Purpose == PurposeFullAuth {
		var err error
		if hash, err = r.FullAuthHash(); err != nil {
			return "", err
		}
	}
	if hash == "" {
		return "", fmt.Errorf("%s request: expected the hash, got nothing", r.Purpose)
	}
	if r.Deadline == "" {
		return "", fmt.Errorf("%s request: expected the deadline, got nothing", r.Purpose)
	}
	_, msg := ConsentMessage(hash, r.Deadline)
	return msg, nil
}

// Digest is the 32-byte digest an EVM key signs for r, built from its content with the same
// code as local signing, and with the same refusals (a consent message as a plain personal
// message, Form A text that cannot be shown, an invalid permit).
func (r Request) Digest() (common.Hash, error) {
	switch r.Purpose {
	case PurposeFullAuth, PurposeMintConsent:
		if r.Message != nil {
			// A consent message signed as it is (`purse sign personal --allow-full-auth-prefix`).
			if !IsConsentMessage(r.Message) || r.Payload != nil || r.Hash != "" {
				return common.Hash{}, fmt.Errorf("%s request: a message must be a consent message (%q…) and come without payload or hash", r.Purpose, ConsentPrefix)
			}
			return PersonalHash(r.Message), nil
		}
		msg, err := r.ConsentText()
		if err != nil {
			return common.Hash{}, err
		}
		return PersonalHash([]byte(msg)), nil
	case PurposePermit:
		if r.Permit == nil {
			return common.Hash{}, errors.New("permit request: expected the permit, got nothing")
		}
		d, _, err := r.Permit.Digest()
		return d, err
	case PurposeFormA:
		if err := CheckFormAText(r.Text); err != nil {
			return common.Hash{}, err
		}
		return PersonalHash([]byte(r.Text)), nil
	case PurposePersonal, PurposePartnerAuth:
		if r.Purpose == PurposePersonal && IsConsentMessage(r.Message) {
			return common.Hash{}, ErrConsentMessage
		}
		return PersonalHash(r.Message), nil
	case "":
		return common.Hash{}, errors.New("sign: purpose: expected why the signature is made, got nothing; nothing was signed")
	}
	return common.Hash{}, fmt.Errorf("sign: purpose %q is not an EVM signature", r.Purpose)
}

// signEVM signs r with s: a RequestSigner gets the request, any other signer its digest.
// The signature comes back with V = 27/28. A signature from another process is checked to
// recover to the signer's address before anyone uses it.
func signEVM(s EVMSigner, r Request) ([]byte, error) {
	digest, err := r.Digest()
	if err != nil {
		return nil, err
	}
	return signEVMDigest(s, r, digest)
}

// signEVMDigest is signEVM for a caller that built r's digest already (r.Digest()).
func signEVMDigest(s EVMSigner, r Request, digest common.Hash) ([]byte, error) {
	var sig []byte
	var err error
	rs, remote := s.(RequestSigner)
	if remote {
		sig, err = rs.SignRequest(r)
	} else {
		sig, err = s.SignDigest(r.Purpose, digest)
	}
	if err != nil {
		return nil, err
	}
	if len(sig) != crypto.SignatureLength {
		return nil, fmt.Errorf("signer returned %d bytes, expected %d", len(sig), crypto.SignatureLength)
	}
	if remote {
		if got, err := RecoverDigest(digest, sig); err != nil || got != s.Address() {
			return nil, fmt.Errorf("signer returned a signature that does not recover to %s; it is not used", s.Address().Hex())
		}
	}
	out := make([]byte, len(sig))
	copy(out, sig)
	out[64] += 27
	return out, nil
}

// SignSolana signs the serialized Solana message msg for r (purpose solana-tx, Quote the
// quote it came from, if any): a SolanaRequestSigner gets the request, any other signer the
// message. A signature that does not verify is never returned.
func SignSolana(s SolanaSigner, r Request) (solana.Signature, error) {
	var sig solana.Signature
	var err error
	if rs, ok := s.(SolanaRequestSigner); ok {
		sig, err = rs.SignSolanaRequest(r)
	} else {
		sig, err = s.SignMessage(r.Purpose, r.Message)
	}
	if err != nil {
		return solana.Signature{}, err
	}
	if !VerifySolana(s.PublicKey(), r.Message, sig) {
		return solana.Signature{}, errors.New("the signer returned an invalid signature; it is not used")
	}
	return sig, nil
}
