package app

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

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
	if err != nil || !v.Valid || v.Note != FullAuthNote {
		t.Fatalf("consent message: %+v %v", v, err)
	}
	b := hexutil.MustDecode(fa.Sign)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	copy(b[32:64], s.FillBytes(make([]byte, 32)))
	b[64] = 27 + 28 - b[64]
	v, err = VerifyPersonal(k.Address().Hex(), []byte(fa.Message), hexutil.Encode(b))
	if !errors.Is(err, ErrRejected) || v.Valid || v.Recovered != k.Address().Hex() || !strings.Contains(err.Error(), "malleable") {
		t.Fatalf("high s: %+v %v", v, err)
	}
}

// Issue 11 case 8: a query given with its '?' is refused, naming the query.
func TestFullAuthQueryWithQuestionMark(t *testing.T) {
	q := "?a=1"
	_, err := VerifyFullAuth("0x0000000000000000000000000000000000000001", "0x00", "1700000000", "0x00", Payload{Query: &q})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "query" || !strings.Contains(err.Error(), "'?'") {
		t.Fatalf("verify: %v", err)
	}
	_, err = (&App{}).Sign().FullAuth(FullAuthInput{Key: "k", TokenID: "1", Network: "5003", Method: "GET", Payload: Payload{Query: &q}, Deadline: Deadline{Default: true}}, nil, time.Now())
	if !errors.As(err, &fe) || fe.Field != "query" {
		t.Fatalf("sign: %v", err)
	}
	for _, in := range []FullAuthInput{{TokenID: "9223372036854775808", Network: "5003"}, {TokenID: "1", Network: "0"}} {
		in.Method, in.Key = "GET", "k"
		if _, err := (&App{}).Sign().FullAuth(in, nil, time.Now()); !errors.As(err, &fe) || (fe.Field != "token-id" && fe.Field != "network") {
			t.Errorf("%+v: %v", in, err)
		}
	}
}

// Issue 11 case 18: a bad --currency is named by its field and position, not by the route's
// internal name (currencys[1]).
func TestTxFilterErrorNamesTheUsersField(t *testing.T) {
	_, err := ParseTxFilter(map[string]string{TxCurrency: "eur, x"})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != TxCurrency || strings.Contains(fe.Err.Error(), "currencys") || !strings.Contains(fe.Err.Error(), "value 2 of the list") {
		t.Fatalf("%v", err)
	}
}

// The status filter takes the spec's values in any case: a record status in lower case, a
// transaction state (spec 3.6) in upper case; anything else is named.
func TestTxFilterStatusValues(t *testing.T) {
	for typed, want := range map[string]string{"Pending": "pending", "completed": "completed", "confirmed": "CONFIRMED", "pending_drop": "PENDING_DROP"} {
		if f, err := ParseTxFilter(map[string]string{TxStatus: typed}); err != nil || f.Status != want {
			t.Errorf("%q: %q %v, want %q", typed, f.Status, err, want)
		}
	}
	var fe *FieldError
	if _, err := ParseTxFilter(map[string]string{TxStatus: "done"}); !errors.As(err, &fe) || fe.Field != TxStatus {
		t.Fatalf("done: %v", err)
	}
}
