package ledger

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/wallet"
)

// recorder answers every APDU well-formed and keeps what it was sent.
type recorder struct {
	sent   []string
	solana bool // the Solana app answers (its INS values overlap the Ethereum app's)
}

func (r *recorder) Exchange(_ context.Context, apdu []byte) ([]byte, uint16, error) {
	r.sent = append(r.sent, hex.EncodeToString(apdu))
	if r.solana {
		if apdu[1] == insSolPubkey {
			return bytes.Repeat([]byte{0x22}, 32), SWOK, nil
		}
		return bytes.Repeat([]byte{0x33}, 64), SWOK, nil
	}
	if apdu[0] == 0xB0 {
		v := "1.19.1"
		return append(append(append([]byte{1, 8}, "Ethereum"...), byte(len(v))), append([]byte(v), 1, 0)...), SWOK, nil
	}
	switch apdu[1] {
	case insEIP712StructDef, insEIP712StructImpl:
		return nil, SWOK, nil
	case insEthAddress:
		k, _ := crypto.HexToECDSA("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
		pub := crypto.FromECDSAPub(&k.PublicKey)
		addr := crypto.PubkeyToAddress(k.PublicKey).Hex()[2:]
		return append(append(append([]byte{65}, pub...), 40), addr...), SWOK, nil
	case insEthConfig:
		return []byte{1, 1, 19, 1}, SWOK, nil
	}
	sig := bytes.Repeat([]byte{0x11}, 65)
	sig[0] = 27
	return sig, SWOK, nil
}

func (r *recorder) Close() error { return nil }

// The APDUs purse sends are those Ledger's own host libraries send for the same requests
// (testdata/apdus.json: @ledgerhq/hw-app-eth and hw-app-solana through a recording
// transport, scripts/ledger-apdus.js), byte for byte: the paths, the chunking of a long
// personal message (150-byte APDUs) and of a Solana message (255 bytes, P2 more/extend),
// the EIP-712 hashes, a deposit transaction.
func TestAPDUsAgreeWithLedgerJS(t *testing.T) {
	b, err := os.ReadFile("testdata/apdus.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct {
		APDUs map[string][]string `json:"apdus"`
	}
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	must := func(s string) Path {
		p, err := ParsePath(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	msg := make([]byte, 300)
	for i := range msg {
		msg[i] = byte(i)
	}
	tx := make([]byte, 400)
	for i := range tx {
		tx[i] = byte(i * 7)
	}
	unsigned, _ := hex.DecodeString("02f8b5827a6907843b9aca0084b2d05e008303d0909400000000000000000000000000000000000000d0865af3107a4000b884ae5e966a00000000000000000000000000000000000000000000000000000000000000c000000000000000000000000000000000000000000000000000000000000000e000000000000000000000000000000000000000000000000000000000017d784000000000000000000000000000000000000000000000000000000000017b8ff8c0")
	eth := must("44'/60'/0'/0/0")
	runs := map[string]func(t Transport) error{
		"eth address":                 func(tr Transport) error { _, err := EthAddress(ctx, tr, eth, false); return err },
		"eth address, shown":          func(tr Transport) error { _, err := EthAddress(ctx, tr, LedgerLivePath(1), true); return err },
		"eth app configuration":       func(tr Transport) error { _, err := EthAppConfig(ctx, tr); return err },
		"eth personal_sign 300 bytes": func(tr Transport) error { _, err := SignPersonal(ctx, tr, eth, msg); return err },
		"eth personal_sign 5 bytes":   func(tr Transport) error { _, err := SignPersonal(ctx, tr, eth, []byte("hello")); return err },
		"eth eip712 hashes": func(tr Transport) error {
			_, err := SignEIP712Hashes(ctx, tr, eth, common.HexToHash("f2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f"),
				common.HexToHash("c52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e"))
			return err
		},
		"eth deposit transaction": func(tr Transport) error { _, err := SignEthTx(ctx, tr, eth, unsigned); return err },
		// As purse's device key does: which app is open, then the message field by field.
		"eth eip712 permit, clear-signed": func(tr Transport) error {
			// The permit of testdata/eip712-permit.json, as purse's permit purpose types it.
			p := wallet.Permit{Domain: wallet.PermitDomain{Name: "EUR24", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")},
				Owner: common.HexToAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda94"), Spender: common.HexToAddress("0x9561C133DD8580860B6b7E504bC5Aa500f0f06a7"),
				Value: big.NewInt(1000), Nonce: big.NewInt(0), Deadline: big.NewInt(1767225600)}
			if _, _, err := AppAndVersion(ctx, tr); err != nil {
				return err
			}
			_, err := SignEIP712Full(ctx, tr, eth, p.TypedData())
			return err
		},
		"eth eip712 nested, clear-signed": func(tr Transport) error { return clearSign(ctx, tr, eth, "testdata/eip712-nested.json") },
		"solana pubkey":                   func(tr Transport) error { _, err := SolanaPubkey(ctx, tr, SolanaCLIPath(0)); return err },
		"solana pubkey, 4 levels":         func(tr Transport) error { _, err := SolanaPubkey(ctx, tr, PhantomPath(0)); return err },
		"solana transaction 400 bytes":    func(tr Transport) error { _, err := SignSolana(ctx, tr, SolanaCLIPath(0), tx); return err },
		"solana transaction 100 bytes":    func(tr Transport) error { _, err := SignSolana(ctx, tr, SolanaCLIPath(0), tx[:100]); return err },
	}
	if len(runs) != len(vec.APDUs) {
		t.Errorf("%d requests here, %d recorded", len(runs), len(vec.APDUs))
	}
	for name, want := range vec.APDUs {
		run, ok := runs[name]
		if !ok {
			t.Errorf("%s: recorded, not run here", name)
			continue
		}
		r := &recorder{solana: strings.HasPrefix(name, "solana")}
		if err := run(r); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(r.sent) != len(want) {
			t.Errorf("%s: %d APDUs, Ledger's library sends %d", name, len(r.sent), len(want))
			continue
		}
		for i := range want {
			if r.sent[i] != want[i] {
				t.Errorf("%s, APDU %d:\n purse  %s\n ledger %s", name, i, r.sent[i], want[i])
			}
		}
	}
}

// clearSign reads the app's name and version, then clear-signs the typed document in file.
func clearSign(ctx context.Context, tr Transport, p Path, file string) error {
	doc, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	td, err := wallet.ParseTypedData(doc)
	if err != nil {
		return err
	}
	if _, _, err := AppAndVersion(ctx, tr); err != nil {
		return err
	}
	_, err = SignEIP712Full(ctx, tr, p, td.Doc)
	return err
}

func TestParsePath(t *testing.T) {
	for in, want := range map[string]string{"m/44'/60'/0'/0/0": "m/44'/60'/0'/0/0", "44h/501h/2h": "m/44'/501'/2'", " 44'/60'/0'/7 ": "m/44'/60'/0'/7"} {
		p, err := ParsePath(in)
		if err != nil || p.String() != want {
			t.Errorf("%q: %v %v", in, p, err)
		}
	}
	for _, bad := range []string{"", "m/", "44'/x", "44'/2147483648", "1/2/3/4/5/6/7/8/9/10/11", "44''"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// The USB HID reports of an APDU are those Ledger's hid-framing makes (testdata: a
// 150-byte APDU over three reports, a 5-byte one in one), and they read back whole.
func TestHIDFramesAgreeWithLedgerJS(t *testing.T) {
	b, err := os.ReadFile("testdata/apdus.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct {
		HID struct {
			APDU150 []string `json:"apdu150"`
			Config  []string `json:"config"`
		} `json:"hidFrames"`
	}
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	apdu := make([]byte, 150)
	for i := range apdu {
		apdu[i] = byte(i)
	}
	cfg, _ := hex.DecodeString("e006000000")
	for _, c := range []struct {
		apdu []byte
		want []string
	}{{apdu, vec.HID.APDU150}, {cfg, vec.HID.Config}} {
		got := hidFrames(c.apdu)
		if len(got) != len(c.want) || len(got) == 0 {
			t.Fatalf("%d reports, Ledger's framing makes %d", len(got), len(c.want))
		}
		var back []byte
		for i := range got {
			if hex.EncodeToString(got[i]) != c.want[i] {
				t.Errorf("report %d:\n purse  %x\n ledger %s", i, got[i], c.want[i])
			}
			body, err := hidUnframe(got[i], uint16(i))
			if err != nil {
				t.Fatal(err)
			}
			back = append(back, body...)
		}
		if n := int(back[0])<<8 | int(back[1]); n != len(c.apdu) || !bytes.Equal(back[2:2+n], c.apdu) {
			t.Fatalf("the reports read back as %x", back)
		}
	}
}
