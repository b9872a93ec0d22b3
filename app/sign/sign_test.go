package sign

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/app"
	"purse/wallet"
)

const testKeyHex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

func testKey(t *testing.T) *wallet.EVMKey {
	t.Helper()
	k, err := wallet.ParseEVMKey(testKeyHex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Issue 11 cases 5 and 9 at the application layer.
func TestVerifyPersonalNamesConsentAndRejectsNonCanonical(t *testing.T) {
	k := testKey(t)
	fa, err := wallet.SignFullAuth(k, []byte("a=1"), 1700000000, time.Unix(1700000000-60, 0))
	if err != nil {
		t.Fatal(err)
	}
	v, err := VerifyPersonal(k.Address().Hex(), []byte(fa.Message), fa.Sign)
	if err != nil || !v.Valid || v.Note != fullAuthNote {
		t.Fatalf("consent message: %+v %v", v, err)
	}
	b := hexutil.MustDecode(fa.Sign)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	copy(b[32:64], s.FillBytes(make([]byte, 32)))
	b[64] = 27 + 28 - b[64]
	v, err = VerifyPersonal(k.Address().Hex(), []byte(fa.Message), hexutil.Encode(b))
	if !errors.Is(err, app.ErrRejected) || v.Valid || v.Recovered != k.Address().Hex() || !strings.Contains(err.Error(), "malleable") {
		t.Fatalf("high s: %+v %v", v, err)
	}
}

// Issue 11 case 8: a query given with its '?' is refused, naming the query.
func TestFullAuthQueryWithQuestionMark(t *testing.T) {
	q := "?a=1"
	_, err := VerifyFullAuth("0x0000000000000000000000000000000000000001", "0x00", "1700000000", "0x00", Payload{Query: &q})
	var fe *app.FieldError
	if !errors.As(err, &fe) || fe.Field != "query" || !strings.Contains(err.Error(), "'?'") {
		t.Fatalf("verify: %v", err)
	}
	_, err = New(&app.App{}).FullAuth(FullAuthInput{Key: "k", TokenID: "1", Network: "5003", Method: "GET", Payload: Payload{Query: &q}, Deadline: Deadline{Default: true}}, nil, time.Now())
	if !errors.As(err, &fe) || fe.Field != "query" {
		t.Fatalf("sign: %v", err)
	}
	for _, in := range []FullAuthInput{{TokenID: "9223372036854775808", Network: "5003"}, {TokenID: "1", Network: "0"}} {
		in.Method, in.Key = "GET", "k"
		if _, err := New(&app.App{}).FullAuth(in, nil, time.Now()); !errors.As(err, &fe) || (fe.Field != "token-id" && fe.Field != "network") {
			t.Errorf("%+v: %v", in, err)
		}
	}
}

// Issue 11 case 14: the signing functions check the limits app.ReadInput reads inputs
// through, for front ends that read no file; the error names the limit.
func TestSigningChecksTheInputLimits(t *testing.T) {
	var fe *app.FieldError
	big := make([]byte, app.MaxMessageBytes+1)
	if _, err := VerifyPersonal("0x0000000000000000000000000000000000000001", big, "0x00"); !errors.As(err, &fe) || fe.Field != "message" {
		t.Fatalf("a large message: %v", err)
	}
	if _, err := New(&app.App{}).FormA("k", make([]byte, app.MaxFormABytes+1), nil); !errors.As(err, &fe) || !strings.Contains(err.Error(), "64 KiB") {
		t.Fatalf("a large Form A: %v", err)
	}
	if _, err := VerifyFullAuth("0x0000000000000000000000000000000000000001", "0x00", "1", "0x00", Payload{Body: make([]byte, app.MaxBodyBytes+1)}); !errors.As(err, &fe) || fe.Field != "body-file" {
		t.Fatalf("a large body: %v", err)
	}
}
