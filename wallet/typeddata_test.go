package wallet

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Typed data signs what Foundry's cast signs for the same documents (its signatures are
// kept in testdata), and the EIP-712 example's digest is the one the EIP gives.
func TestTypedDataAgreesWithCast(t *testing.T) {
	b, err := os.ReadFile("testdata/typeddata/cast.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	k, err := crypto.HexToECDSA(strings.TrimPrefix(devKey, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	key := NewEVMKey(k)
	for name, sig := range want {
		if name == "_" || strings.HasPrefix(name, "permit-") {
			// A permit is `purse sign permit`'s, which the reader refuses: its own test.
			continue
		}
		doc, err := os.ReadFile(filepath.Join("testdata/typeddata", name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := SignTypedData(key, doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if hexutil.Encode(got) != sig {
			t.Errorf("%s: signature %s, cast signs %s", name, hexutil.Encode(got), sig)
		}
	}
	doc, _ := os.ReadFile("testdata/typeddata/mail.json")
	td, err := ParseTypedData(doc)
	if err != nil {
		t.Fatal(err)
	}
	// EIP-712's own example (its test vector in the EIP's assets).
	if td.Digest.Hex() != "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2" ||
		td.DomainSeparator.Hex() != "0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f" ||
		td.MessageHash.Hex() != "0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e" {
		t.Fatalf("the EIP's example: digest %s, domain %s, message %s", td.Digest, td.DomainSeparator, td.MessageHash)
	}
	if len(td.Message) != 5 || td.Message[1] != (TypedValue{"message.from.wallet", "address", "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"}) {
		t.Fatalf("values: %+v", td.Message)
	}
}

// A JSON integer is hashed as written, however large: apitypes alone reads it as a float
// and hashes 9007199254740993 as ...992 while a review would show ...993.
func TestTypedDataIntegersAreExact(t *testing.T) {
	doc, _ := os.ReadFile("testdata/typeddata/order.json")
	asString := strings.Replace(string(doc), `"big": 9007199254740993`, `"big": "9007199254740993"`, 1)
	rounded := strings.Replace(string(doc), `"big": 9007199254740993`, `"big": "9007199254740992"`, 1)
	a, err1 := ParseTypedData(doc)
	b, err2 := ParseTypedData([]byte(asString))
	c, err3 := ParseTypedData([]byte(rounded))
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if a.Digest != b.Digest || a.Digest == c.Digest {
		t.Fatalf("the integer was not hashed as written: %s %s %s", a.Digest, b.Digest, c.Digest)
	}
}

// Each document below means two things to two readers, or is not what it claims: it is
// refused, with the field named, and nothing is hashed.
func TestTypedDataRefusesWhatIsNotOneThing(t *testing.T) {
	base, _ := os.ReadFile("testdata/typeddata/mail.json")
	edit := func(old, new string) string {
		if !strings.Contains(string(base), old) {
			t.Fatalf("no %q in the document", old)
		}
		return strings.Replace(string(base), old, new, 1)
	}
	for _, c := range []struct{ doc, want string }{
		{edit(`"contents": "Hello, Bob!"`, `"contents": "Hello, Bob!", "contents": "Send all"`), `"contents"`},
		{edit(`"name": "Cow",`, `"name": "Cow", "Name": "Eve",`), `"Name"`},
		{edit(`"chainId": 1,`, `"chainId": 1.0,`), "fraction"},
		{edit(`"chainId": 1,`, `"chainId": 1e0,`), "fraction or exponent"},
		{edit(`"chainId": 1,`, `"chainId": "01",`), "decimal digits"},
		{edit(`"chainId": 1,`, `"chainId": -1,`), "range"},
		{edit(`"contents": "Hello, Bob!"`, `"contents": "Hello, Bob!", "extra": 1`), `declares no field "extra"`},
		{edit(`, "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"`, ``), "message.from.wallet: missing"},
		{edit(`"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"`, `"0xcD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"`), "checksum"},
		{edit(`"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"`, `"CD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"`), "expected an address"},
		{edit(`"primaryType": "Mail"`, `"primaryType": "EIP712Domain"`), "primaryType"},
		{edit(`"primaryType": "Mail"`, `"primaryType": "Letter"`), `"Letter" is not declared`},
		{edit(`"version": "1",`, ``), "domain.version: missing"},
		{edit(`{"name": "version", "type": "string"},`, `{"name": "version", "type": "string"}, {"name": "owner", "type": "address"},`), "not a domain field"},
		{edit(`"EIP712Domain"`, `"Domain"`), "EIP712Domain is not declared"},
		{edit(`{"name": "contents", "type": "string"}`, `{"name": "contents", "type": "strin"}`), "atomic type"},
		{edit(`{"name": "contents", "type": "string"}`, `{"name": "contents", "type": "uint7"}`), "atomic type"},
		{edit(`{"name": "contents", "type": "string"}`, `{"name": "contents", "type": "string"}, {"name": "contents", "type": "string"}`), "declared twice"},
		{edit(`"primaryType": "Mail",`, `"primaryType": "Mail", "extra": 1,`), "extra"},
		{edit(`"Person": [`, `"address": [], "Person": [`), "atomic type's name"},
		{string(base) + "{}", "after"},
	} {
		if _, err := ParseTypedData([]byte(c.doc)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error with %q, got %v", c.want, err)
		}
	}
	// Range ends, fixed lengths and bytes sizes of the other document.
	order, _ := os.ReadFile("testdata/typeddata/order.json")
	for _, c := range []struct{ old, new, want string }{
		{`"delta": -32768`, `"delta": -32769`, "range"},
		{`"delta": 32767`, `"delta": 32768`, "range"},
		{`"id": "18446744073709551615"`, `"id": "18446744073709551616"`, "range"},
		{`"grid": [[1, 2], [255, 0]]`, `"grid": [[1, 2], [256, 0]]`, "range"},
		{`"grid": [[1, 2], [255, 0]]`, `"grid": [[1, 2, 3]]`, "expected 2 items"},
		{`"0xdeadbeef"`, `"0xdeadbe"`, "expected 4 bytes"},
		{`"memo": "0x0102030405"`, `"memo": "0x102"`, "even number"},
		{`"open": true`, `"open": 1`, "true or false"},
	} {
		doc := strings.Replace(string(order), c.old, c.new, 1)
		if doc == string(order) {
			t.Fatalf("no %q in the document", c.old)
		}
		if _, err := ParseTypedData([]byte(doc)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want an error with %q, got %v", c.new, c.want, err)
		}
	}
	// An EIP-2612 permit is the permit purpose's, which identifies token and spender.
	permit := `{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Permit":[{"name":"owner","type":"address"},{"name":"spender","type":"address"},{"name":"value","type":"uint256"},{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]},` +
		`"primaryType":"Permit","domain":{"name":"EUR24"},"message":{"owner":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","spender":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","value":"1","nonce":"0","deadline":"1"}}`
	if _, err := ParseTypedData([]byte(permit)); err == nil || !strings.Contains(err.Error(), "purse sign permit") {
		t.Fatalf("an EIP-2612 permit as typed data: %v", err)
	}
	if err := (Request{Purpose: PurposeTypedData}).Check(time.Now()); err == nil {
		t.Fatal("a typed-data request without a document passed its check")
	}
	if err := (Request{Purpose: PurposeTypedData, TypedData: base, Message: []byte("x")}).Check(time.Now()); err == nil {
		t.Fatal("a typed-data request with another purpose's field passed its check")
	}
}

// Any input is refused or read without a panic, and what is read is one thing: reading it
// again gives the same digest, and the digest is the one apitypes computes for the document
// as read.
func FuzzParseTypedData(f *testing.F) {
	for _, name := range []string{"mail.json", "order.json", "mail-empty-name.json"} {
		b, err := os.ReadFile(filepath.Join("testdata/typeddata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		td, err := ParseTypedData(doc)
		if err != nil {
			return
		}
		again, err := ParseTypedData(doc)
		if err != nil || again.Digest != td.Digest {
			t.Fatalf("read twice: %s then %s (%v)", td.Digest, again.Digest, err)
		}
		// apitypes hashes a domain with an empty name or version only as its Map leaves it
		// out (an error where the type declares it); cast's agreement covers that case
		// (TestTypedDataAgreesWithCast, mail-empty-name.json).
		if len(DomainValues(td.Doc)) != len(td.Doc.Domain.Map()) {
			return
		}
		h, _, err := apitypes.TypedDataAndHash(td.Doc)
		if err != nil || common.BytesToHash(h) != td.Digest {
			t.Fatalf("apitypes hashes the document as read to %x (%v), the reader said %s", h, err, td.Digest)
		}
	})
}

// A permit whose domain name is empty, as EIP-712 allows (apitypes' Domain.Map drops it):
// signed as a permit and read as a document, it gets the signature cast signs
// (testdata/typeddata/permit-empty-name.json), on this key and on a device's path.
func TestPermitWithAnEmptyNameAgreesWithCast(t *testing.T) {
	b, _ := os.ReadFile("testdata/typeddata/cast.json")
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	p := Permit{
		Domain: PermitDomain{Name: "", Version: "1", ChainID: big.NewInt(5003), VerifyingContract: common.HexToAddress("0x1111111111111111111111111111111111111111")},
		Owner:  common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"), Spender: common.HexToAddress("0x2222222222222222222222222222222222222222"),
		Value: big.NewInt(1_500_000), Nonce: new(big.Int), Deadline: big.NewInt(1_900_000_000),
	}
	ps, err := SignPermit(devSigner(t), p)
	if err != nil || ps.Signature != want["permit-empty-name.json"] {
		t.Fatalf("permit: %s (%v), cast signs %s", ps.Signature, err, want["permit-empty-name.json"])
	}
	// A device is handed the same two hashes the key signs.
	form, err := typedHashes(p.TypedData())
	if digest, _, _ := p.Digest(); err != nil || form.Digest() != digest {
		t.Fatalf("the device's form hashes to %s (%v), the permit to %s", form.Digest(), err, digest)
	}
}
