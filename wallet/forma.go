package wallet

import (
	"errors"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// FormA is a signed Form A declaration.
type FormA struct {
	TextHash  string `json:"textHash"`
	Signature string `json:"signature"`
}

// FormATextHash is keccak256 of the UTF-8 bytes of the text, shown for review before signing.
func FormATextHash(text string) common.Hash {
	return crypto.Keccak256Hash([]byte(text))
}

// SignFormA personal_signs the exact text: no trim, no newline normalisation.
func SignFormA(s EVMSigner, text string) (FormA, error) {
	if !utf8.ValidString(text) {
		return FormA{}, errors.New("form A text: expected UTF-8, found invalid bytes")
	}
	if text == "" {
		return FormA{}, errors.New("form A text: expected the declaration text, got an empty string")
	}
	sig, err := SignPersonal(s, PurposeFormA, []byte(text))
	if err != nil {
		return FormA{}, err
	}
	return FormA{TextHash: FormATextHash(text).Hex(), Signature: hexutil.Encode(sig)}, nil
}
