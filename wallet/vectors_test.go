package wallet

import (
	"encoding/json"
	"math/big"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// devKey is the well-known development key of the vectors; never a real key.
const devKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

type vectorFile struct {
	Address        string `json:"address"`
	KeccakOfFiat24 string `json:"keccakOfFiat24"`
	FullAuth       []struct {
		Payload      string `json:"payload"`
		Deadline     int64  `json:"deadline"`
		Hash         string `json:"hash"`
		Intermediate string `json:"intermediate"`
		Message      string `json:"message"`
		Sign         string `json:"sign"`
	} `json:"fullAuth"`
	MintConsent []struct {
		Hash         string `json:"hash"`
		Deadline     string `json:"deadline"`
		Intermediate string `json:"intermediate"`
		Message      string `json:"message"`
		Signature    string `json:"signature"`
	} `json:"mintConsent"`
	Permit []struct {
		TypedData struct {
			Domain struct {
				Name              string `json:"name"`
				Version           string `json:"version"`
				ChainID           int64  `json:"chainId"`
				VerifyingContract string `json:"verifyingContract"`
			} `json:"domain"`
			Message struct {
				Owner    string `json:"owner"`
				Spender  string `json:"spender"`
				Value    string `json:"value"`
				Nonce    string `json:"nonce"`
				Deadline string `json:"deadline"`
			} `json:"message"`
		} `json:"typedData"`
		Signature string `json:"signature"`
		R         string `json:"r"`
		S         string `json:"s"`
		V         uint8  `json:"v"`
	} `json:"permit"`
	FormA []struct {
		Text      string `json:"text"`
		TextHash  string `json:"textHash"`
		Signature string `json:"signature"`
	} `json:"formA"`
}

func loadVectors(t testing.TB) vectorFile {
	t.Helper()
	b, err := os.ReadFile("testdata/vectors/evm-signing.json")
	if err != nil {
		t.Fatalf("signing vectors (testdata/vectors): %v", err)
	}
	var v vectorFile
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.FullAuth) == 0 || len(v.MintConsent) == 0 || len(v.Permit) == 0 || len(v.FormA) == 0 {
		t.Fatal("vector file lost a section")
	}
	return v
}

func devSigner(t testing.TB) *EVMKey {
	t.Helper()
	k, err := ParseEVMKey(devKey)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func bigOf(t *testing.T, s string) *big.Int {
	t.Helper()
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("bad integer %q", s)
	}
	return n
}

func TestVectorAddressAndKeccak(t *testing.T) {
	v := loadVectors(t)
	if got := devSigner(t).Address().Hex(); got != v.Address {
		t.Fatalf("address %s, want %s", got, v.Address)
	}
	if got := crypto.Keccak256Hash([]byte("Fiat24")).Hex(); got != v.KeccakOfFiat24 {
		t.Fatalf("keccak(Fiat24) = %s, want %s (legacy Keccak, not SHA3)", got, v.KeccakOfFiat24)
	}
}

func TestVectorFullAuth(t *testing.T) {
	v := loadVectors(t)
	s := devSigner(t)
	for i, c := range v.FullAuth {
		got, err := SignFullAuth(s, []byte(c.Payload), c.Deadline, before(c.Deadline))
		if err != nil {
			t.Fatal(err)
		}
		want := FullAuth{Hash: c.Hash, Deadline: c.Deadline, Intermediate: c.Intermediate, Message: c.Message, Sign: c.Sign}
		if got != want {
			t.Errorf("vector %d:\n got %+v\nwant %+v", i, got, want)
		}
		addr, err := RecoverFullAuth(c.Hash, strconv.FormatInt(c.Deadline, 10), c.Sign)
		if err != nil || addr != s.Address() {
			t.Errorf("vector %d: recovered %s, %v", i, addr.Hex(), err)
		}
		// Any change to what was signed must recover another address.
		if addr, _ := RecoverFullAuth(c.Hash, strconv.FormatInt(c.Deadline+1, 10), c.Sign); addr == s.Address() {
			t.Errorf("vector %d: a changed deadline still recovers the signer", i)
		}
	}
}

func TestVectorMintConsent(t *testing.T) {
	v := loadVectors(t)
	s := devSigner(t)
	for i, c := range v.MintConsent {
		got, err := SignMintConsent(s, c.Hash, c.Deadline, beforeString(t, c.Deadline))
		if err != nil {
			t.Fatal(err)
		}
		if got.Intermediate != c.Intermediate || got.Message != c.Message || got.Signature != c.Signature || got.EVMAddress != v.Address {
			t.Errorf("vector %d: got %+v", i, got)
		}
	}
}

func vectorPermit(t *testing.T, v vectorFile, i int) Permit {
	c := v.Permit[i].TypedData
	return Permit{
		Domain: PermitDomain{
			Name: c.Domain.Name, Version: c.Domain.Version, ChainID: big.NewInt(c.Domain.ChainID),
			VerifyingContract: common.HexToAddress(c.Domain.VerifyingContract),
		},
		Owner:    common.HexToAddress(c.Message.Owner),
		Spender:  common.HexToAddress(c.Message.Spender),
		Value:    bigOf(t, c.Message.Value),
		Nonce:    bigOf(t, c.Message.Nonce),
		Deadline: bigOf(t, c.Message.Deadline),
	}
}

func TestVectorPermit(t *testing.T) {
	v := loadVectors(t)
	s := devSigner(t)
	for i, c := range v.Permit {
		p := vectorPermit(t, v, i)
		got, err := SignPermit(s, p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Signature != c.Signature || got.R != c.R || got.S != c.S || got.V != c.V {
			t.Errorf("vector %d: got %+v", i, got)
		}
		addr, err := RecoverPermit(p, c.Signature)
		if err != nil || addr != s.Address() {
			t.Errorf("vector %d: recovered %s, %v", i, addr.Hex(), err)
		}
		joined, err := SplitSignature(c.V, c.R, c.S)
		if err != nil || joined != c.Signature {
			t.Errorf("vector %d: v,r,s rebuild %s, %v", i, joined, err)
		}
		sep, err := p.Domain.Separator()
		if err != nil || sep.Hex() != got.DomainSeparator {
			t.Errorf("vector %d: separator %s vs %s", i, sep.Hex(), got.DomainSeparator)
		}
		if err := CheckDomainSeparator(p.Domain, sep); err != nil {
			t.Errorf("vector %d: own separator rejected: %v", i, err)
		}
		wrong := p.Domain
		wrong.ChainID = big.NewInt(p.Domain.ChainID.Int64() + 1)
		if err := CheckDomainSeparator(wrong, sep); err == nil {
			t.Errorf("vector %d: a wrong chain id passed the separator check", i)
		}
	}
}

func TestPermitRejectsForeignOwnerAndBadValues(t *testing.T) {
	v := loadVectors(t)
	s := devSigner(t)
	p := vectorPermit(t, v, 0)
	p.Owner = common.HexToAddress("0x2222222222222222222222222222222222222222")
	if _, err := SignPermit(s, p); err == nil {
		t.Fatal("signed a permit for another owner")
	}
	p = vectorPermit(t, v, 0)
	p.Value = new(big.Int).Lsh(big.NewInt(1), 256)
	if _, err := SignPermit(s, p); err == nil {
		t.Fatal("signed a value above uint256")
	}
	p = vectorPermit(t, v, 0)
	p.Domain.ChainID = new(big.Int)
	if _, err := SignPermit(s, p); err == nil {
		t.Fatal("signed with chain id 0")
	}
	// An empty domain name is EIP-712's to allow (TestPermitWithAnEmptyNameAgreesWithCast).
}

func TestVectorFormA(t *testing.T) {
	v := loadVectors(t)
	s := devSigner(t)
	for i, c := range v.FormA {
		got, err := SignFormA(s, c.Text)
		if err != nil {
			t.Fatal(err)
		}
		if got.TextHash != c.TextHash || got.Signature != c.Signature {
			t.Errorf("vector %d: got %+v", i, got)
		}
		if addr, err := RecoverPersonal([]byte(c.Text), c.Signature); err != nil || addr != s.Address() {
			t.Errorf("vector %d: recovered %s, %v", i, addr.Hex(), err)
		}
	}
	if _, err := SignFormA(s, "bad \xff bytes"); err == nil {
		t.Fatal("signed text that is not UTF-8")
	}
}

func TestParseEVMKeyErrorsNeverEchoTheKey(t *testing.T) {
	for _, in := range []string{"", "0x12", devKey + "00", "0xzz" + devKey[4:]} {
		_, err := ParseEVMKey(in)
		if err == nil {
			t.Fatalf("accepted %d characters", len(in))
		}
		if len(in) > 8 && contains(err.Error(), in[2:10]) {
			t.Fatalf("error repeats the input: %v", err)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestParseSignature(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		{"0x12", "expected 65 bytes"},
		{"nothex", "expected 0x-prefixed"},
		{"0x" + string(make([]byte, 0)) + repeat("00", 64) + "1d", "must be 27 or 28"},
	} {
		_, err := ParseSignature("sign", c.in)
		if err == nil || !contains(err.Error(), c.err) || !contains(err.Error(), "sign") {
			t.Errorf("%q: %v", c.in, err)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestPartnerAuthMessage(t *testing.T) {
	body := []byte(`{"svcId":12}`)
	if got := PartnerAuthMessage(PartnerAuthSpec, body, "", "12", "", 1700000000); got != `{"svcId":12}svcId:12externalUserId: 1700000000` {
		t.Fatalf("spec message %q", got)
	}
	// The service's name for svcId in the identity part (the public integration: urId).
	if got := PartnerAuthMessage(PartnerAuthSpec, []byte(`{"urId":12}`), "urId", "12", "", 1700000000); got != `{"urId":12}urId:12externalUserId: 1700000000` {
		t.Fatalf("spec message with urId %q", got)
	}
	// UR's documented form: the raw body, one space, the deadline (UR-SIG).
	if got := PartnerAuthMessage(PartnerAuthUR, body, "", "12", "u", 1700000000); got != `{"svcId":12} 1700000000` {
		t.Fatalf("ur message %q", got)
	}
	if _, err := SignPartnerAuth(devSigner(t), PartnerCall{Variant: PartnerAuthSpec, IDName: "ur:Id", Payload: body, Deadline: 1700000000}, before(1700000000)); err == nil {
		t.Fatal("signed with an identity name that could hide another part of the message")
	}
	if _, err := SignPartnerAuth(devSigner(t), PartnerCall{Variant: "legacy", Payload: body, Deadline: 1700000000}, before(1700000000)); err == nil {
		t.Fatal("signed an unknown variant")
	}
	s := devSigner(t)
	pa, err := SignPartnerAuth(s, PartnerCall{Variant: PartnerAuthSpec, Payload: body, SvcID: "12", Deadline: 1700000000}, before(1700000000))
	if err != nil {
		t.Fatal(err)
	}
	if addr, err := RecoverPersonal([]byte(pa.Message), pa.Signature); err != nil || addr != s.Address() {
		t.Fatalf("recovered %s, %v", addr.Hex(), err)
	}
}

func TestSolanaSignVerify(t *testing.T) {
	k, err := NewSolanaKeyFromSeed(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("message")
	sig, _ := k.SignMessage(PurposeSolanaTx, msg)
	if !VerifySolana(k.PublicKey(), msg, sig) {
		t.Fatal("own signature does not verify")
	}
	if VerifySolana(k.PublicKey(), []byte("other"), sig) {
		t.Fatal("signature verifies another message")
	}
	if _, err := NewSolanaKeyFromSeed(make([]byte, 31)); err == nil {
		t.Fatal("accepted a 31-byte seed")
	}
}

// before is a signer's clock a minute before deadline: inside the protocol's bounds, so a
// vector's fixed deadline signs.
func before(deadline int64) time.Time { return time.Unix(deadline-60, 0) }

func beforeString(t *testing.T, deadline string) time.Time {
	t.Helper()
	d, err := strconv.ParseInt(deadline, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return before(d)
}
