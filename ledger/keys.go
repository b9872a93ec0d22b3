package ledger

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// Transports: "hid" (a device on USB) or "speculos:HOST:PORT" (Speculos's APDU port, or the
// sandbox's device stand-in).
const (
	TransportHID      = "hid"
	transportSpeculos = "speculos:"
)

// CheckTransport refuses a transport purse cannot open, naming the forms it takes.
func CheckTransport(spec string) error {
	switch {
	case spec == TransportHID:
		return nil
	case strings.HasPrefix(spec, transportSpeculos):
		if _, _, err := net.SplitHostPort(strings.TrimPrefix(spec, transportSpeculos)); err != nil {
			return fmt.Errorf("transport %q: expected speculos:HOST:PORT (%v)", spec, err)
		}
		return nil
	}
	return fmt.Errorf("transport %q: expected hid or speculos:HOST:PORT", spec)
}

// SignTimeout bounds one signature on a device, the user's press included.
var SignTimeout = 2 * time.Minute

// OpenTransport opens the device spec names.
func OpenTransport(ctx context.Context, spec string) (Transport, error) {
	if err := CheckTransport(spec); err != nil {
		return nil, err
	}
	if spec == TransportHID {
		return OpenHID()
	}
	return DialSpeculos(ctx, strings.TrimPrefix(spec, transportSpeculos), SignTimeout)
}

// EVMKey is an EVM key on a device: the Ethereum app at path, expected to be address. Each
// signature opens the device, checks the app and that path still gives address (another
// seed on the device would sign as another address), has the device sign, and checks the
// signature recovers to address over the form's digest.
type EVMKey struct {
	transport string
	path      Path
	addr      common.Address
}

// NewEVMKey is the key at path of the device transport reaches.
func NewEVMKey(transport string, path Path, addr common.Address) *EVMKey {
	return &EVMKey{transport: transport, path: path, addr: addr}
}

func (k *EVMKey) Address() common.Address { return k.addr }

func (k *EVMKey) SignDigest(wallet.Purpose, common.Hash) ([]byte, error) {
	return nil, wallet.ErrDigestOnDevice
}

// SignOnDevice has the device sign f.
func (k *EVMKey) SignOnDevice(_ wallet.Purpose, f wallet.DeviceForm) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), SignTimeout)
	defer cancel()
	t, err := OpenTransport(ctx, k.transport)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	if err := RequireApp(ctx, t, "Ethereum"); err != nil {
		return nil, err
	}
	addr, err := EthAddress(ctx, t, k.path, false)
	if err != nil {
		return nil, err
	}
	if addr != k.addr {
		return nil, fmt.Errorf("the device gives %s at %s, not this key's %s: another seed is on the device; nothing was signed", addr.Hex(), k.path, k.addr.Hex())
	}
	var sig []byte
	switch f.Kind {
	case wallet.DevicePersonal:
		sig, err = SignPersonal(ctx, t, k.path, f.Message)
	case wallet.DeviceTypedHashes:
		sig, err = signTyped(ctx, t, k.path, f)
	case wallet.DeviceTransaction:
		sig, err = SignEthTx(ctx, t, k.path, f.Payload)
	default:
		return nil, errors.New("sign: a request a device cannot sign")
	}
	if err != nil {
		return nil, err
	}
	if got, err := wallet.RecoverDigest(f.Digest(), sig); err != nil || got != k.addr {
		return nil, fmt.Errorf("the device's signature does not recover to %s over the request's digest; it is not used", k.addr.Hex())
	}
	return sig, nil
}

// SolanaKey is a Solana key on a device: the Solana app at path, expected to be pub.
type SolanaKey struct {
	transport string
	path      Path
	pub       solana.PublicKey
}

// NewSolanaKey is the Solana key at path of the device transport reaches.
func NewSolanaKey(transport string, path Path, pub solana.PublicKey) *SolanaKey {
	return &SolanaKey{transport: transport, path: path, pub: pub}
}

func (k *SolanaKey) PublicKey() solana.PublicKey { return k.pub }

// SignMessage has the Solana app sign msg after the app and the key are checked; the
// signature must verify.
func (k *SolanaKey) SignMessage(_ wallet.Purpose, msg []byte) (solana.Signature, error) {
	ctx, cancel := context.WithTimeout(context.Background(), SignTimeout)
	defer cancel()
	t, err := OpenTransport(ctx, k.transport)
	if err != nil {
		return solana.Signature{}, err
	}
	defer t.Close()
	if err := RequireApp(ctx, t, "Solana"); err != nil {
		return solana.Signature{}, err
	}
	pub, err := SolanaPubkey(ctx, t, k.path)
	if err != nil {
		return solana.Signature{}, err
	}
	if pub != k.pub {
		return solana.Signature{}, fmt.Errorf("the device gives %s at %s, not this key's %s: another seed is on the device; nothing was signed", pub, k.path, k.pub)
	}
	sig, err := SignSolana(ctx, t, k.path, msg)
	if err != nil {
		return solana.Signature{}, err
	}
	if !wallet.VerifySolana(k.pub, msg, sig) {
		return solana.Signature{}, errors.New("the device's signature does not verify; it is not used")
	}
	return sig, nil
}

// signTyped clear-signs typed data where the app takes it field by field; an app that does
// not know the instruction (an older app, or a Nano S's), or a type its encoding cannot
// describe, signs it from the two hashes, which purse's review printed to compare.
func signTyped(ctx context.Context, t Transport, p Path, f wallet.DeviceForm) ([]byte, error) {
	if f.Typed != nil {
		sig, err := SignEIP712Full(ctx, t, p, *f.Typed)
		var de *Error
		if err == nil || !(errors.Is(err, ErrNotClearSignable) || errors.As(err, &de) && de.SW == SWINSNotSupported && de.INS == insEIP712StructDef) {
			return sig, err
		}
	}
	return SignEIP712Hashes(ctx, t, p, f.DomainHash, f.MessageHash)
}
