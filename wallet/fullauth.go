package wallet

import (
	"fmt"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// ConsentPrefix starts every full-auth and mint-consent message.
const ConsentPrefix = "I agree to access my profile. "

// FullAuth is one signed set of end-user full-auth values (design 2.1). Hash, Deadline and
// Sign go into headers; Intermediate and Message are kept so a tester can see what was signed.
type FullAuth struct {
	Hash         string `json:"hash"`
	Deadline     int64  `json:"deadline"`
	Intermediate string `json:"intermediate"`
	Message      string `json:"message"`
	Sign         string `json:"sign"`
}

// PayloadHash is "0x" + lowercase hex keccak256 of the exact payload bytes.
func PayloadHash(payload []byte) string {
	return hexutil.Encode(crypto.Keccak256(payload))
}

// ConsentMessage builds the message of design 2.1 from a hash string and a decimal deadline:
// intermediate = keccak256 of the UTF-8 bytes of hash+deadline (never hex-decoded), and
// message = ConsentPrefix + intermediate.
func ConsentMessage(hash, deadline string) (intermediate, message string) {
	buf := make([]byte, 0, len(hash)+len(deadline))
	buf = append(buf, hash...)
	buf = append(buf, deadline...)
	intermediate = hexutil.Encode(crypto.Keccak256(buf))
	return intermediate, ConsentPrefix + intermediate
}

// SignFullAuth signs the full-auth headers for one request payload: the exact body bytes
// (POST), the raw query string without '?' (GET), or nothing. now is the clock the deadline
// is checked against (the server's, as the client knows it).
func SignFullAuth(s EVMSigner, payload []byte, deadline int64, now time.Time) (FullAuth, error) {
	return SignFullAuthCall(s, "", "", payload, deadline, now)
}

// SignFullAuthCall is SignFullAuth for the named end-user call (method, route name), which a
// signer in another process shows.
func SignFullAuthCall(s EVMSigner, method, route string, payload []byte, deadline int64, now time.Time) (FullAuth, error) {
	return SignFullAuthRequest(s, Request{Purpose: PurposeFullAuth, Method: method, Route: route, Payload: payload, Deadline: strconv.FormatInt(deadline, 10)}, now)
}

// SignFullAuthRequest signs the full-auth request r (purpose full-auth) and returns its
// headers and what they sign.
func SignFullAuthRequest(s EVMSigner, r Request, now time.Time) (FullAuth, error) {
	if r.Purpose != PurposeFullAuth {
		return FullAuth{}, fmt.Errorf("full-auth headers: expected a full-auth request, got %q", r.Purpose)
	}
	sig, err := signEVM(s, r, now)
	if err != nil {
		return FullAuth{}, err
	}
	deadline, err := DeadlineOf(r.Deadline)
	if err != nil {
		return FullAuth{}, err
	}
	hash := r.FullAuthHash()
	intermediate, message := ConsentMessage(hash, r.Deadline)
	return FullAuth{Hash: hash, Deadline: deadline, Intermediate: intermediate, Message: message, Sign: hexutil.Encode(sig)}, nil
}

// RecoverFullAuth returns the address that signed the full-auth values hash, deadline and sign.
func RecoverFullAuth(hash, deadline, sign string) (common.Address, error) {
	_, message := ConsentMessage(hash, deadline)
	return RecoverPersonal([]byte(message), sign)
}

// MintConsent is the body of the partner mint call (spec 4.4 Mint) minus the email.
type MintConsent struct {
	EVMAddress   string `json:"evmAddress"`
	Signature    string `json:"signature"`
	Hash         string `json:"hash"`
	Deadline     string `json:"deadline"`
	Intermediate string `json:"intermediate"`
	Message      string `json:"message"`
}

// SignMintConsent signs the mint consent: the full-auth construction over a free-text hash,
// checked against now. The deadline is a decimal string, as the mint body carries it.
func SignMintConsent(s EVMSigner, hash, deadline string, now time.Time) (MintConsent, error) {
	return SignMintConsentRequest(s, Request{Purpose: PurposeMintConsent, Hash: hash, Deadline: deadline}, now)
}

// SignMintConsentRequest signs the mint-consent request r.
func SignMintConsentRequest(s EVMSigner, r Request, now time.Time) (MintConsent, error) {
	if r.Purpose != PurposeMintConsent {
		return MintConsent{}, fmt.Errorf("mint consent: expected a mint-consent request, got %q", r.Purpose)
	}
	hash, deadline := r.Hash, r.Deadline
	intermediate, message := ConsentMessage(hash, deadline)
	sig, err := signEVM(s, r, now)
	if err != nil {
		return MintConsent{}, err
	}
	return MintConsent{
		EVMAddress: s.Address().Hex(), Signature: hexutil.Encode(sig), Hash: hash, Deadline: deadline,
		Intermediate: intermediate, Message: message,
	}, nil
}
