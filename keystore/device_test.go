package keystore

import (
	"errors"
	"strings"
	"testing"
)

// A key on a device is an entry without a secret: it is indexed with its transport and path
// (bad ones refused, the same address twice refused), renamed and removed as an entry alone
// (Remove says no secret was deleted), and it has nothing to export or load.
func TestDeviceEntries(t *testing.T) {
	s, err := Open(Options{Home: t.TempDir(), Backend: BackendFile, Passphrase: (&fixedPass{pass: "p"}).fn})
	if err != nil {
		t.Fatal(err)
	}
	addr := "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
	dev := DeviceRef{Transport: "speculos:127.0.0.1:9999", Path: "m/44'/60'/0'/0/0"}
	for _, bad := range []DeviceRef{{Transport: "usb", Path: dev.Path}, {Transport: "speculos:nohost", Path: dev.Path}, {Transport: "hid", Path: "44'/x"}} {
		if _, err := s.AddDevice("bad", KindEVM, addr, bad); err == nil {
			t.Errorf("%+v: added", bad)
		}
	}
	e, err := s.AddDevice("hw", KindEVM, addr, dev)
	if err != nil || e.Backend != BackendLedger || e.Device == nil || *e.Device != dev {
		t.Fatalf("added %+v %v", e, err)
	}
	if _, err := s.AddDevice("hw2", KindEVM, addr, dev); !errors.Is(err, ErrSameKey) {
		t.Fatalf("the same address twice: %v", err)
	}
	if _, err := s.Export("hw"); err == nil || !strings.Contains(err.Error(), "Ledger device") {
		t.Fatalf("export: %v", err)
	}
	if _, err := s.Rename("hw", "hw-1"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get("hw-1"); err != nil || got.Device == nil || got.Device.Path != dev.Path {
		t.Fatalf("renamed: %+v %v", got, err)
	}
	r, err := s.Remove("hw-1")
	if err != nil || r.SecretDeleted {
		t.Fatalf("removed %+v %v", r, err)
	}
	if _, err := s.Get("hw-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after removal: %v", err)
	}
}
