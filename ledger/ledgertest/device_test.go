package ledgertest

import (
	"context"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rlp"

	"purse/keystore"
	"purse/ledger"
	"purse/wallet"
)

// The test seed (BIP-39's "abandon … about"); never a real key.
const seed = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

func start(t *testing.T) *Device {
	t.Helper()
	d, err := Start("127.0.0.1:0", seed)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func dial(t *testing.T, d *Device, timeout time.Duration) *ledger.Speculos {
	t.Helper()
	tr, err := ledger.DialSpeculos(context.Background(), d.Addr(), timeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}

// The stand-in signs every request kind as a stored key imported from the same words: the
// same address, the same personal_sign and EIP-712 signatures, the same transaction and
// Solana signatures; what it displayed is recorded.
func TestStandInSignsAsTheStoredKey(t *testing.T) {
	ctx := context.Background()
	d := start(t)
	tr := dial(t, d, 0)
	path := ledger.LedgerLivePath(0)
	stored, err := keystore.DeriveEVMKey([]byte(seed), nil, path.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := ledger.RequireApp(ctx, tr, "Ethereum"); err != nil {
		t.Fatal(err)
	}
	addr, err := ledger.EthAddress(ctx, tr, path, true)
	if err != nil || addr != stored.Address() {
		t.Fatalf("address %s %v, stored %s", addr.Hex(), err, stored.Address().Hex())
	}
	msg := []byte(strings.Repeat("purse full-auth consent ", 20))
	got, err := ledger.SignPersonal(ctx, tr, path, msg)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := stored.SignDigest(wallet.PurposePersonal, wallet.PersonalHash(msg)); string(got) != string(want) {
		t.Fatalf("personal_sign differs from the stored key's")
	}
	domain, message := crypto.Keccak256Hash([]byte("d")), crypto.Keccak256Hash([]byte("m"))
	got, err = ledger.SignEIP712Hashes(ctx, tr, path, domain, message)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := stored.SignDigest(wallet.PurposePermit, crypto.Keccak256Hash([]byte{0x19, 0x01}, domain[:], message[:])); string(got) != string(want) {
		t.Fatal("EIP-712 differs from the stored key's")
	}
	to := common.HexToAddress("0xd0")
	tx := typedTx{ChainID: big.NewInt(31337), Nonce: 7, GasTipCap: big.NewInt(1), GasFeeCap: big.NewInt(2), Gas: 90_000, To: &to, Value: big.NewInt(3), Data: []byte{1, 2, 3, 4}}
	payload, _ := rlp.EncodeToBytes(tx)
	payload = append([]byte{types.DynamicFeeTxType}, payload...)
	got, err = ledger.SignEthTx(ctx, tr, path, payload)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := stored.SignDigest(wallet.PurposeEVMTx, crypto.Keccak256Hash(payload)); string(got) != string(want) {
		t.Fatal("the transaction's signature differs from the stored key's")
	}
	d.Set(func(s *State) { s.App = Solana })
	sp := ledger.PhantomPath(0)
	sk, err := keystore.DeriveSolanaKey([]byte(seed), nil, sp.String())
	if err != nil {
		t.Fatal(err)
	}
	if pk, err := ledger.SolanaPubkey(ctx, tr, sp); err != nil || pk != sk.PublicKey() {
		t.Fatalf("pubkey %s %v, stored %s", pk, err, sk.PublicKey())
	}
	long := make([]byte, 700)
	sig, err := ledger.SignSolana(ctx, tr, sp, long)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := sk.SignMessage(wallet.PurposeSolanaTx, long); sig != want {
		t.Fatal("the Solana signature differs from the stored key's")
	}
	shown := d.Shown()
	if len(shown) != 5 || shown[0].Title != "Verify address" || !strings.Contains(strings.Join(shown[3].Lines, " "), "Blind signing") {
		t.Fatalf("shown %+v", shown)
	}
}

// Each device error comes back in words and nothing is returned as signed: refused on the
// device, locked, the dashboard or another app open, blind signing off for contract data,
// no press before the timeout, unplugged mid-request.
func TestStandInDeviceErrors(t *testing.T) {
	ctx := context.Background()
	d := start(t)
	path := ledger.LedgerLivePath(0)
	sign := func(tr ledger.Transport) error {
		_, err := ledger.SignPersonal(ctx, tr, path, []byte("hi"))
		return err
	}
	for _, c := range []struct {
		name  string
		state func(*State)
		tx    bool
		want  string
		check func(error) bool
	}{
		{"refused", func(s *State) { s.Press = Refuse }, false, "refused on the device", func(err error) bool {
			var e *ledger.Error
			return errors.As(err, &e) && e.Refused()
		}},
		{"locked", func(s *State) { s.Locked = true }, false, "unlock it with its PIN", nil},
		{"dashboard", func(s *State) { s.App = Dashboard }, false, "no app is open", nil},
		{"another app", func(s *State) { s.App = Solana }, false, "the Solana app is open on the device: open the Ethereum app", nil},
		{"blind signing off", func(s *State) { s.BlindSigning = false }, true, "enable blind signing", nil},
		{"no press", func(s *State) { s.Press = Hang }, false, "did not answer in time", func(err error) bool { return errors.Is(err, ledger.ErrTimeout) }},
		{"unplugged", func(s *State) { s.Press = Unplug }, false, "disconnected", func(err error) bool { return errors.Is(err, ledger.ErrUnplugged) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			d.Set(func(s *State) {
				*s = State{App: Ethereum, Press: Approve, BlindSigning: true, EthVersion: "1.19.1"}
				c.state(s)
			})
			tr := dial(t, d, 300*time.Millisecond)
			err := ledger.RequireApp(ctx, tr, "Ethereum")
			if err == nil {
				if c.tx {
					to := common.HexToAddress("0xd0")
					payload, _ := rlp.EncodeToBytes(typedTx{ChainID: big.NewInt(1), GasTipCap: big.NewInt(1), GasFeeCap: big.NewInt(1), Gas: 21000, To: &to, Value: big.NewInt(0), Data: []byte{1}})
					_, err = ledger.SignEthTx(ctx, tr, path, append([]byte{2}, payload...))
				} else {
					err = sign(tr)
				}
			}
			if err == nil || !strings.Contains(err.Error()+errWords(err), c.want) || (c.check != nil && !c.check(err)) {
				t.Fatalf("%v (%s)", err, errWords(err))
			}
		})
	}
}

func errWords(err error) string {
	var e *ledger.Error
	if errors.As(err, &e) {
		return e.Words()
	}
	return ""
}

// EIP-712 clear signing: the stand-in rebuilds the message from the fields it is sent, shows
// each one, and signs over the digest it hashed itself, which is the stored key's for the
// same document (a permit; a document with nested structs, arrays of them, a negative
// integer, a 300-byte string sent in two APDUs, an empty array). An app that signs only from
// the two hashes makes the device key fall back to them. A host that sends other values than
// those of the hashes it claims gets a signature over the values sent, which the device key's
// recovery check refuses.
func TestStandInClearSignsTypedData(t *testing.T) {
	d := start(t)
	path := ledger.LedgerLivePath(0)
	stored, err := keystore.DeriveEVMKey([]byte(seed), nil, path.String())
	if err != nil {
		t.Fatal(err)
	}
	key := ledger.NewEVMKey("speculos:"+d.Addr(), path, stored.Address())
	doc, err := os.ReadFile("../testdata/eip712-nested.json")
	if err != nil {
		t.Fatal(err)
	}
	permit := wallet.Request{Purpose: wallet.PurposePermit, Permit: &wallet.Permit{
		Domain: wallet.PermitDomain{Name: "EUR24", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0xe0")},
		Owner:  stored.Address(), Spender: common.HexToAddress("0xc4"), Value: big.NewInt(2500), Nonce: big.NewInt(3), Deadline: big.NewInt(time.Now().Add(time.Hour).Unix())}}
	typed := wallet.Request{Purpose: wallet.PurposeTypedData, TypedData: doc}
	// A token whose name() is "" (EIP-712 allows it): the empty name is sent and hashed.
	unnamed := *permit.Permit
	unnamed.Domain.Name = ""
	emptyName := wallet.Request{Purpose: wallet.PurposePermit, Permit: &unnamed}
	sign := func(r wallet.Request) ([]byte, wallet.DeviceForm, error) {
		t.Helper()
		f, err := r.DeviceForm(time.Now())
		if err != nil {
			t.Fatal(err)
		}
		sig, err := key.SignOnDevice(r.Purpose, f)
		return sig, f, err
	}
	for _, r := range []wallet.Request{permit, typed, emptyName} {
		for _, hashesOnly := range []bool{false, true} {
			d.Set(func(s *State) { s.EIP712HashesOnly = hashesOnly })
			before := len(d.Shown())
			sig, f, err := sign(r)
			if err != nil {
				t.Fatalf("%s (hashes only %v): %v", r.Purpose, hashesOnly, err)
			}
			if want, _ := stored.SignDigest(r.Purpose, f.Digest()); string(sig) != string(want) {
				t.Fatalf("%s (hashes only %v): the device's signature differs from the stored key's", r.Purpose, hashesOnly)
			}
			shown := d.Shown()[before:]
			lines := strings.Join(shown[len(shown)-1].Lines, "\n")
			switch {
			case hashesOnly && (shown[len(shown)-1].Title != "Sign typed message" || !strings.Contains(lines, f.DomainHash.Hex())):
				t.Errorf("%s, hashes only: the device showed %+v", r.Purpose, shown)
			case !hashesOnly && r.Purpose == wallet.PurposePermit && !strings.Contains(lines, "value 2500\nnonce 3"):
				t.Errorf("permit, clear-signed: the device showed %q", lines)
			case !hashesOnly && r.Purpose == wallet.PurposeTypedData && (!strings.Contains(lines, "to.[1].name Alice") || !strings.Contains(lines, "delta -1234567") || !strings.Contains(lines, "grid.[2].[0] 65535")):
				t.Errorf("typed data, clear-signed: the device showed %q", lines)
			}
		}
	}
	d.Set(func(s *State) { s.EIP712HashesOnly = false })

	// The attack: the hashes of one permit, the fields of another.
	f, err := permit.DeviceForm(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	other := *permit.Permit
	other.Value = big.NewInt(1_000_000)
	td := other.TypedData()
	f.Typed = &td
	if sig, err := key.SignOnDevice(wallet.PurposePermit, f); err == nil || sig != nil || !strings.Contains(err.Error(), "does not recover") {
		t.Fatalf("fields of another permit than the hashes': %x %v", sig, err)
	}
}
