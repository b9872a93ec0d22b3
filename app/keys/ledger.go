package keys

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"purse/app"
	"purse/keystore"
	"purse/ledger"
)

// Keys on a Ledger device: the device gives the address at a path, and only the address,
// the path and the transport are stored (keystore.AddDevice). Every signature then goes
// through the same gate as a stored key's; only its last step is the device's.

// DeviceAddress is one address a device gives, with its path and the transport it was
// read through.
type DeviceAddress struct {
	Path      string `json:"path"`
	Scheme    string `json:"scheme"`
	Address   string `json:"address"`
	Transport string `json:"transport"`
}

// deviceTransport is the transport a request names, or else the profile's device: the
// stand-in of the purse sandbox the profile points at (so that a demo on the sandbox needs
// no setting), else USB.
func (k Service) deviceTransport(ctx context.Context, named string) (string, error) {
	if named == "" {
		if err := k.s.Reachable(); err != nil {
			// The embedded sandbox profile means its stand-in: a device on USB is not
			// what the user meant, so it is not tried in its place.
			return "", &app.FieldError{Field: "transport", Err: fmt.Errorf("empty means the sandbox's device stand-in, and %v; or name the device: hid (USB) or speculos:HOST:PORT", err)}
		}
		named = ledger.TransportHID
		if info, ok := k.s.DetectSandbox(ctx); ok && info.Ledger != "" {
			named = info.Ledger
		}
	}
	if err := ledger.CheckTransport(named); err != nil {
		return "", &app.FieldError{Field: "transport", Err: err}
	}
	return named, nil
}

// LedgerAddresses reads the first n addresses of kind on the standard paths from the device
// transport reaches ("": the profile's device, deviceTransport): Ledger Live's and the
// legacy (MEW) paths for EVM, Phantom's and the Solana CLI's for Solana.
func (k Service) LedgerAddresses(ctx context.Context, transport string, kind keystore.Kind, n int) ([]DeviceAddress, error) {
	if n < 1 || n > 20 {
		return nil, &app.FieldError{Field: "count", Err: fmt.Errorf("expected 1 to 20 addresses, got %d", n)}
	}
	transport, err := k.deviceTransport(ctx, transport)
	if err != nil {
		return nil, err
	}
	t, err := ledger.OpenTransport(ctx, transport)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	type scheme struct {
		name string
		path func(uint32) ledger.Path
	}
	schemes := []scheme{{"Ledger Live", ledger.LedgerLivePath}, {"legacy (MEW)", ledger.LegacyPath}}
	app_ := "Ethereum"
	if kind == keystore.KindSolana {
		schemes, app_ = []scheme{{"Phantom", ledger.PhantomPath}, {"Solana CLI", ledger.SolanaCLIPath}}, "Solana"
	}
	if err := ledger.RequireApp(ctx, t, app_); err != nil {
		return nil, err
	}
	var out []DeviceAddress
	for _, sc := range schemes {
		for i := range uint32(n) {
			p := sc.path(i)
			a, err := deviceAddress(ctx, t, kind, p, false)
			if err != nil {
				return nil, err
			}
			out = append(out, DeviceAddress{Path: p.String(), Scheme: sc.name, Address: a, Transport: transport})
		}
	}
	return out, nil
}

// deviceAddress is the address of kind at p on the device (display: shown there to confirm).
func deviceAddress(ctx context.Context, t ledger.Transport, kind keystore.Kind, p ledger.Path, display bool) (string, error) {
	if kind == keystore.KindSolana {
		pk, err := ledger.SolanaPubkey(ctx, t, p)
		return pk.String(), err
	}
	a, err := ledger.EthAddress(ctx, t, p, display)
	return a.Hex(), err
}

// addLedger reads the address at req.Path from the device (shown on it for the user to
// compare, where the app can) and indexes it with the transport it was read through.
func (k Service) addLedger(ctx context.Context, ks *keystore.Store, req Request) (keystore.Entry, error) {
	transport, err := k.deviceTransport(ctx, req.Transport)
	if err != nil {
		return keystore.Entry{}, err
	}
	path := strings.TrimSpace(req.Path)
	if path == "" {
		return keystore.Entry{}, &app.FieldError{Field: "path", Err: errors.New("expected the key's derivation path on the device, e.g. m/44'/60'/0'/0/0 (purse key ledger lists them)")}
	}
	p, err := ledger.ParsePath(path)
	if err != nil {
		return keystore.Entry{}, &app.FieldError{Field: "path", Err: err}
	}
	t, err := ledger.OpenTransport(ctx, transport)
	if err != nil {
		return keystore.Entry{}, err
	}
	defer t.Close()
	app_ := "Ethereum"
	if req.Kind == keystore.KindSolana {
		app_ = "Solana"
	}
	if err := ledger.RequireApp(ctx, t, app_); err != nil {
		return keystore.Entry{}, err
	}
	addr, err := deviceAddress(ctx, t, req.Kind, p, req.Kind == keystore.KindEVM)
	if err != nil {
		return keystore.Entry{}, err
	}
	return ks.AddDevice(req.Label, req.Kind, addr, keystore.DeviceRef{Transport: transport, Path: p.String()})
}
