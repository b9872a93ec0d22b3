package ledger

import "fmt"

// Status words the apps and the device's dashboard answer (the apps' specifications, and
// what Ledger's host libraries name them: @ledgerhq/errors StatusCodes).
const (
	SWOK                 uint16 = 0x9000
	SWUserRejected       uint16 = 0x6985 // conditions of use not satisfied: refused on the device
	SWSecurity           uint16 = 0x6982 // security status not satisfied: refused, or locked
	SWLocked             uint16 = 0x5515 // the device is locked
	SWInvalidData        uint16 = 0x6A80 // the app refused the data (blind signing off, a bad path)
	SWWrongLength        uint16 = 0x6700
	SWWrongP1P2          uint16 = 0x6B00
	SWINSNotSupported    uint16 = 0x6D00 // another app is open
	SWCLANotSupported    uint16 = 0x6E00 // the dashboard is open (no app)
	SWAppNotOpen         uint16 = 0x6511 // the dashboard: open the app
	SWNotEnoughSpace     uint16 = 0x5102
	SWHaltedOrOtherApp   uint16 = 0x6A87
	SWTechnicalProblem   uint16 = 0x6F00
	SWBlindSigningNeeded uint16 = 0x6A88 // hw-app-eth's "contract data disabled" on older apps
)

// Error is a status word other than 9000, in words: what happened and what the user does.
type Error struct {
	SW  uint16
	INS byte
}

func (e *Error) Error() string {
	return fmt.Sprintf("the device answered 0x%04X: %s", e.SW, e.Words())
}

// Words says what the status word means for the user.
func (e *Error) Words() string {
	switch e.SW {
	case SWUserRejected, SWSecurity:
		return "refused on the device (or the device is locked): nothing was signed"
	case SWLocked:
		return "the device is locked: unlock it with its PIN and try again"
	case SWINSNotSupported, SWHaltedOrOtherApp:
		return "another app is open on the device: open the Ethereum app for an EVM key, the Solana app for a Solana key"
	case SWCLANotSupported, SWAppNotOpen:
		return "no app is open on the device: open the Ethereum app (EVM key) or the Solana app (Solana key)"
	case SWInvalidData, SWBlindSigningNeeded:
		return "the app refused the request: enable blind signing in the app's settings (it cannot show this contract call), or the app is too old for it"
	case SWWrongLength, SWWrongP1P2:
		return "the app does not take this request: update the app with Ledger Live"
	}
	if e.SW&0xFF00 == SWTechnicalProblem {
		return "the app reported an internal error"
	}
	return "an answer purse does not know"
}

// Refused says whether the user refused on the device (a choice, not a failure).
func (e *Error) Refused() bool { return e.SW == SWUserRejected }
