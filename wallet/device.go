package wallet

import (
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// A hardware wallet never signs a digest: it is given what it can show and hashes it itself.
// DeviceForm is that form of a request, declared per purpose beside its digest (purposeSpecs'
// device), so a device's signature recovers over exactly the digest Digest builds.

// DeviceKind is how a device signs a request.
type DeviceKind int

const (
	// DevicePersonal: personal_sign of Message (EIP-191; the device shows the text).
	DevicePersonal DeviceKind = iota + 1
	// DeviceTypedHashes: EIP-712, clear-signed from Typed where the device's app takes the
	// message field by field (it shows each field), else from its DomainHash and MessageHash
	// (the device shows the two hashes).
	DeviceTypedHashes
	// DeviceTransaction: a typed transaction's signing payload (the device shows its fields).
	DeviceTransaction
)

// DeviceForm is what a device is given for a request.
type DeviceForm struct {
	Kind                    DeviceKind
	Message                 []byte
	DomainHash, MessageHash common.Hash
	// Typed is the EIP-712 message the two hashes are of, for a device that clear-signs.
	Typed   *apitypes.TypedData
	Payload []byte
}

// DeviceSigner is an EVM key on a device: it signs a request's DeviceForm, never a digest
// (its SignDigest refuses). The signature is [R || S || V] with V in {0, 1}.
type DeviceSigner interface {
	EVMSigner
	SignOnDevice(p Purpose, f DeviceForm) ([]byte, error)
}

// SolanaDeviceSigner is a Solana key on a device: its SignMessage asks the device, so the
// signing gate asks the person first and has the device sign last, after the review (a key in
// the process signs first, for the review's simulation of the signed bytes, and releases the
// signature only on approval).
type SolanaDeviceSigner interface {
	SolanaSigner
	SignsOnDevice()
}

// ErrDigestOnDevice is a device key's answer to SignDigest.
var ErrDigestOnDevice = errors.New("a key on a device signs what it can show (a message, typed data's hashes, a transaction), never a bare digest")

// DeviceForm is the request as a device signs it, after the request's checks at now.
func (r Request) DeviceForm(now time.Time) (DeviceForm, error) {
	if err := r.Check(now); err != nil {
		return DeviceForm{}, err
	}
	spec, _ := specOf(r.Purpose)
	if spec.device == nil {
		return DeviceForm{}, fmt.Errorf("sign: purpose %q is not signed by an EVM device", r.Purpose)
	}
	return spec.device(r)
}

func personalForm(b []byte) DeviceForm { return DeviceForm{Kind: DevicePersonal, Message: b} }

func consentForm(r Request) (DeviceForm, error) { return personalForm([]byte(r.ConsentText())), nil }

func permitForm(r Request) (DeviceForm, error) {
	td := r.Permit.TypedData()
	return typedHashes(td)
}

func typedHashes(td apitypes.TypedData) (DeviceForm, error) {
	sep, mh, _, err := TypedHashes(td)
	if err != nil {
		return DeviceForm{}, err
	}
	return DeviceForm{Kind: DeviceTypedHashes, DomainHash: sep, MessageHash: mh, Typed: &td}, nil
}

func typedDataForm(r Request) (DeviceForm, error) {
	td, err := r.Typed()
	if err != nil {
		return DeviceForm{}, err
	}
	return DeviceForm{Kind: DeviceTypedHashes, DomainHash: td.DomainSeparator, MessageHash: td.MessageHash, Typed: &td.Doc}, nil
}

func evmTxForm(r Request) (DeviceForm, error) {
	p, err := r.Transaction.SigningPayload()
	return DeviceForm{Kind: DeviceTransaction, Payload: p}, err
}

// SigningPayload is what the transaction's signing hash is taken of: 0x02 ‖ rlp([chainId,
// nonce, tip, fee cap, gas, to, value, data, accessList]) (EIP-1559), which a device is given.
func (t EVMTx) SigningPayload() ([]byte, error) {
	tx := t.Tx()
	b, err := rlp.EncodeToBytes([]any{tx.ChainId(), tx.Nonce(), tx.GasTipCap(), tx.GasFeeCap(), tx.Gas(), tx.To(), tx.Value(), tx.Data(), types.AccessList{}})
	if err != nil {
		return nil, err
	}
	return append([]byte{types.DynamicFeeTxType}, b...), nil
}

// Digest is what the device hashes the form to: the request's digest.
func (f DeviceForm) Digest() common.Hash {
	switch f.Kind {
	case DevicePersonal:
		return PersonalHash(f.Message)
	case DeviceTypedHashes:
		return typedDigest(f.DomainHash, f.MessageHash)
	case DeviceTransaction:
		return crypto.Keccak256Hash(f.Payload)
	}
	return common.Hash{}
}
