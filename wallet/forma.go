package wallet

import (
	"errors"
	"fmt"
	"time"
	"unicode"
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

// CheckFormAText refuses a declaration that is not plain text. Invalid UTF-8 cannot be shown
// as it is (a decoder would show other characters than those signed), and a control
// character other than newline, carriage return and tab can clear the screen or conceal a
// sentence on a terminal, so what is signed would differ from what was read.
func CheckFormAText(text string) error {
	if text == "" {
		return errors.New("form A text: expected the declaration text, got an empty string")
	}
	if IsConsentMessage([]byte(text)) {
		return errors.New("form A text starts with \"" + ConsentPrefix + "\": its signature would be a full-auth credential, so it is not signed")
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Errorf("form A text: invalid UTF-8 byte 0x%02X at byte %d; refusing to sign text that cannot be shown as it is", text[i], i)
		case r == '\n' || r == '\r' || r == '\t':
		case unicode.IsControl(r):
			return fmt.Errorf("form A text: control character U+%04X at byte %d (only newline, carriage return and tab are allowed); it can hide or rewrite text on a terminal, so it is not signed", r, i)
		}
		i += size
	}
	return nil
}

// SignFormA personal_signs the exact text: no trim, no newline normalisation.
func SignFormA(s EVMSigner, text string) (FormA, error) {
	sig, err := signEVM(s, Request{Purpose: PurposeFormA, Text: text}, time.Time{})
	if err != nil {
		return FormA{}, err
	}
	return FormA{TextHash: FormATextHash(text).Hex(), Signature: hexutil.Encode(sig)}, nil
}
