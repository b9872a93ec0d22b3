package app

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/enduser"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/ledger"
	"purse/ledger/ledgertest"
	"purse/wallet"
)

// The device stand-in's test seed (BIP-39's "abandon … about").
const standInSeed = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

// A key on a Ledger device (the stand-in) signs every EVM purpose through the one gate, in
// the process and through the agent: the same review and approval as a stored key's, then
// the device (which shows what it signs), and a signature identical to that of a stored key
// derived from the same seed. The device's refusal is a refusal: nothing is returned.
func TestLedgerKeySignsEveryPurposeBothWays(t *testing.T) {
	dev, err := ledgertest.Start("127.0.0.1:0", standInSeed)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	path := ledger.LedgerLivePath(0)
	stored, err := keystore.DeriveEVMKey([]byte(standInSeed), nil, path.String())
	if err != nil {
		t.Fatal(err)
	}
	samples := bothWaysSamples(t)
	samples[wallet.PurposePermit] = &wallet.Request{Permit: &wallet.Permit{
		Domain: wallet.PermitDomain{Name: "EUR24", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0xe0")},
		Owner:  stored.Address(), Spender: common.HexToAddress("0xc4"), Value: big.NewInt(100), Nonce: big.NewInt(0), Deadline: big.NewInt(time.Now().Add(time.Hour).Unix())}}
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		ks := testhome.FileStore(t, e.home, nil)
		if _, err := ks.AddDevice("hw", keystore.KindEVM, stored.Address().Hex(), keystore.DeviceRef{Transport: "speculos:" + dev.Addr(), Path: path.String()}); err != nil {
			t.Fatal(err)
		}
		e.app.KeepUnlocked(time.Minute)
		s, err := e.app.evmSignerOf("hw", &Unlock{Passphrase: []byte("pw")})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range e.app.Unlocked() {
			if k.Label == "hw" {
				t.Errorf("a key on a device is listed as unlocked: %+v", k)
			}
		}
		if _, isAgent := s.(*agent.EVMSigner); isAgent != e.inAgent {
			t.Fatalf("signer %T: the path under test is not the one signing", s)
		}
		rs := s.(wallet.RequestSigner)
		e.asked.set(func(Approval) error { return nil })
		shown := len(dev.Shown())
		signed := 0
		// Every EVM purpose, then a read whose payload is empty (a GET's): the device signs
		// the empty-payload digest as the stored key does.
		var reqs []wallet.Request
		for _, p := range wallet.Purposes() {
			if r := samples[p]; r != nil && wallet.IsEVMPurpose(p) {
				r.Purpose = p
				reqs = append(reqs, *r)
			}
		}
		reqs = append(reqs, wallet.Request{Purpose: wallet.PurposeFullAuth, Method: "GET", Route: enduser.RouteFormAInfo, Deadline: deadlineIn(time.Minute)})
		for _, r := range reqs {
			p := r.Purpose
			got, err := rs.SignRequest(r)
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			digest, err := r.Digest(time.Now())
			if err != nil {
				t.Fatal(err)
			}
			want, _ := stored.SignDigest(p, digest)
			if string(got[:64]) != string(want[:64]) || got[64]%27 != want[64] {
				t.Errorf("%s %s: the device's signature differs from the stored key's", p, r.Route)
			}
			signed++
		}
		if v, _ := fieldOf(e.asked.last().Review, "Then on the device", "confirm"); !strings.Contains(v, "on the Ledger") {
			t.Errorf("the review does not say the device confirms next")
		}
		if n := len(dev.Shown()) - shown; n != signed {
			t.Errorf("the device showed %d requests for %d signatures", n, signed)
		}
		audited := len(testhome.AuditRecords(t, e.home))
		if audited < signed {
			t.Errorf("%d audit records for %d signatures", audited, signed)
		}
		// Refused on the device: nothing comes back, the error says so.
		dev.Set(func(s *ledgertest.State) { s.Press = ledgertest.Refuse })
		defer dev.Set(func(s *ledgertest.State) { s.Press = ledgertest.Approve })
		r := *samples[wallet.PurposePersonal]
		if sig, err := rs.SignRequest(r); err == nil || sig != nil || !strings.Contains(err.Error(), "0x6985") {
			t.Fatalf("refused on the device: %x %v", sig, err)
		}
		if n := len(testhome.AuditRecords(t, e.home)); n != audited {
			t.Fatalf("a signature the device refused was audited (%d records, %d before)", n, audited)
		}
	})
}
