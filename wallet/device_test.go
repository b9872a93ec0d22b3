package wallet

import (
	"math/big"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// What a device is given for each EVM purpose hashes, on the device's side, to exactly the
// digest the signing core builds: personal_sign's EIP-191 hash of the message, EIP-712's
// keccak(0x1901 ‖ domain ‖ message), a transaction's keccak of its payload. A device's
// signature of the form is then the signature of the request. Every EVM purpose has a form.
func TestDeviceFormsSignTheDigest(t *testing.T) {
	dl := reqDeadline(time.Minute)
	d, _ := strconv.ParseInt(dl, 10, 64)
	doc, err := os.ReadFile("testdata/typeddata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	tx, apr := castTxs()["deposit"], castTxs()["approve"]
	reqs := []Request{
		{Purpose: PurposeFullAuth, Payload: []byte(`{"a":1}`), Deadline: dl},
		{Purpose: PurposeMintConsent, Hash: "consent", Deadline: dl},
		{Purpose: PurposeFormA, Text: "I declare"},
		{Purpose: PurposePersonal, Message: []byte("hello")},
		{Purpose: PurposePartnerAuth, Partner: &PartnerCall{Variant: PartnerAuthUR, Payload: []byte(`{}`), Deadline: d}},
		{Purpose: PurposePermit, Permit: &Permit{Domain: PermitDomain{Name: "T", Version: "1", ChainID: big.NewInt(1), VerifyingContract: common.HexToAddress("0x1")},
			Owner: common.HexToAddress("0x3"), Spender: common.HexToAddress("0x2"), Value: big.NewInt(1), Nonce: big.NewInt(0), Deadline: big.NewInt(d)}},
		{Purpose: PurposeTypedData, TypedData: doc},
		{Purpose: PurposeEVMTx, Transaction: &tx},
		{Purpose: PurposeEVMTx, Transaction: &apr, Next: &tx},
	}
	covered := map[Purpose]bool{}
	for _, r := range reqs {
		digest, err := r.Digest(reqNow)
		if err != nil {
			t.Fatalf("%s: %v", r.Purpose, err)
		}
		f, err := r.DeviceForm(reqNow)
		if err != nil {
			t.Fatalf("%s: %v", r.Purpose, err)
		}
		var got common.Hash
		switch f.Kind {
		case DevicePersonal:
			got = PersonalHash(f.Message)
		case DeviceTypedHashes:
			got = crypto.Keccak256Hash([]byte{0x19, 0x01}, f.DomainHash[:], f.MessageHash[:])
		case DeviceTransaction:
			got = crypto.Keccak256Hash(f.Payload)
		}
		if got != digest {
			t.Errorf("%s: the device form hashes to %s, the digest is %s", r.Purpose, got, digest)
		}
		covered[r.Purpose] = true
	}
	for _, p := range Purposes() {
		if IsEVMPurpose(p) && !covered[p] {
			t.Errorf("purpose %s: no device form checked here", p)
		}
	}
	if _, err := (Request{Purpose: PurposeSolanaTx, Message: []byte{1}}).DeviceForm(reqNow); err == nil {
		t.Error("a Solana transaction got an EVM device form")
	}
}
