package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"
)

// The apps' instructions (CLA 0xE0).
const (
	cla = 0xE0

	insEthAddress  = 0x02
	insEthSignTx   = 0x04
	insEthConfig   = 0x06
	insEthPersonal = 0x08
	insEthEIP712   = 0x0C

	insSolConfig = 0x04
	insSolPubkey = 0x05
	insSolSignTx = 0x06
)

// personalChunk is the size of each personal_sign APDU's data, as hw-app-eth sends them
// (150 bytes, the first holding the path and the length before the message).
const personalChunk = 150

// EthAddress reads the address of path (display: the device shows it and the user confirms)
// and checks it is the one its public key gives.
func EthAddress(ctx context.Context, t Transport, path Path, display bool) (common.Address, error) {
	p1 := byte(0)
	if display {
		p1 = 1
	}
	data, err := exchange(ctx, t, Command{CLA: cla, INS: insEthAddress, P1: p1, Data: path.bytes()})
	if err != nil {
		return common.Address{}, err
	}
	if len(data) < 1 || len(data) < 1+int(data[0])+1 {
		return common.Address{}, errors.New("the device's address answer is cut short")
	}
	pub := data[1 : 1+int(data[0])]
	rest := data[1+int(data[0]):]
	if len(rest) < 1+int(rest[0]) {
		return common.Address{}, errors.New("the device's address answer is cut short")
	}
	text := string(rest[1 : 1+int(rest[0])])
	key, err := crypto.UnmarshalPubkey(pub)
	if err != nil {
		return common.Address{}, fmt.Errorf("the device's public key: %v", err)
	}
	addr := crypto.PubkeyToAddress(*key)
	if !strings.EqualFold(strings.TrimPrefix(text, "0x"), strings.TrimPrefix(addr.Hex(), "0x")) {
		return common.Address{}, fmt.Errorf("the device says address %q for a public key whose address is %s", text, addr.Hex())
	}
	return addr, nil
}

// EthConfig is the Ethereum app's configuration: its flags and version.
type EthConfig struct {
	BlindSigning bool // "arbitrary data signature enabled by user"
	Version      string
}

// EthAppConfig reads the Ethereum app's configuration.
func EthAppConfig(ctx context.Context, t Transport) (EthConfig, error) {
	data, err := exchange(ctx, t, Command{CLA: cla, INS: insEthConfig})
	if err != nil {
		return EthConfig{}, err
	}
	if len(data) < 4 {
		return EthConfig{}, errors.New("the app's configuration answer is cut short")
	}
	return EthConfig{BlindSigning: data[0]&1 != 0, Version: fmt.Sprintf("%d.%d.%d", data[1], data[2], data[3])}, nil
}

// SignPersonal has the device sign msg as personal_sign (EIP-191); the device shows it.
// The signature is [R || S || V] with V in {0, 1}.
func SignPersonal(ctx context.Context, t Transport, path Path, msg []byte) ([]byte, error) {
	head := binary.BigEndian.AppendUint32(path.bytes(), uint32(len(msg)))
	var data []byte
	var err error
	for off, first := 0, true; first || off < len(msg); first = false {
		chunk := personalChunk
		p1 := byte(0x80)
		var body []byte
		if first {
			chunk -= len(head)
			p1 = 0
			body = append(body, head...)
		}
		end := min(off+chunk, len(msg))
		body = append(body, msg[off:end]...)
		off = end
		if data, err = exchange(ctx, t, Command{CLA: cla, INS: insEthPersonal, P1: p1, Data: body}); err != nil {
			return nil, err
		}
	}
	return vrs(data)
}

// SignEIP712Hashes has the device sign an EIP-712 digest from its domain hash and message
// hash (the app's v0 implementation: the device shows the two hashes).
func SignEIP712Hashes(ctx context.Context, t Transport, path Path, domain, message common.Hash) ([]byte, error) {
	body := append(append(path.bytes(), domain[:]...), message[:]...)
	data, err := exchange(ctx, t, Command{CLA: cla, INS: insEthEIP712, Data: body})
	if err != nil {
		return nil, err
	}
	return vrs(data)
}

// SignEthTx has the device sign an unsigned typed transaction (its type byte and RLP
// payload, without a signature); the device shows the recipient, value and fees.
func SignEthTx(ctx context.Context, t Transport, path Path, unsigned []byte) ([]byte, error) {
	body := append(path.bytes(), unsigned...)
	var data []byte
	var err error
	for off, first := 0, true; off < len(body); first = false {
		end := min(off+maxData, len(body))
		p1 := byte(0x80)
		if first {
			p1 = 0
		}
		if data, err = exchange(ctx, t, Command{CLA: cla, INS: insEthSignTx, P1: p1, Data: body[off:end]}); err != nil {
			return nil, err
		}
		off = end
	}
	return vrs(data)
}

// vrs turns the apps' v || r || s into [R || S || V] with V in {0, 1} (personal_sign and
// EIP-712 answer 27/28, a typed transaction its parity).
func vrs(data []byte) ([]byte, error) {
	if len(data) != 65 {
		return nil, fmt.Errorf("the device's signature is %d bytes, expected 65 (v, r, s)", len(data))
	}
	v := data[0]
	if v >= 27 {
		v -= 27
	}
	if v > 1 {
		return nil, fmt.Errorf("the device's signature has v = %d", data[0])
	}
	return append(append([]byte(nil), data[1:65]...), v), nil
}

// SolanaPubkey reads the public key of path from the Solana app.
func SolanaPubkey(ctx context.Context, t Transport, path Path) (solana.PublicKey, error) {
	data, err := exchange(ctx, t, Command{CLA: cla, INS: insSolPubkey, Data: path.bytes()})
	if err != nil {
		return solana.PublicKey{}, err
	}
	if len(data) != 32 {
		return solana.PublicKey{}, fmt.Errorf("the device's public key is %d bytes, expected 32", len(data))
	}
	return solana.PublicKeyFromBytes(data), nil
}

// Solana's chunk flags (P2).
const (
	solExtend = 0x01
	solMore   = 0x02
)

// SignSolana has the Solana app sign a serialized message for path's key (one signer); the
// device shows the transfer.
func SignSolana(ctx context.Context, t Transport, path Path, message []byte) (solana.Signature, error) {
	body := append([]byte{1}, path.bytes()...)
	body = append(body, message...)
	var data []byte
	var err error
	for off := 0; off < len(body); {
		end := min(off+maxData, len(body))
		var p2 byte
		if off > 0 {
			p2 |= solExtend
		}
		if end < len(body) {
			p2 |= solMore
		}
		if data, err = exchange(ctx, t, Command{CLA: cla, INS: insSolSignTx, P1: 1, P2: p2, Data: body[off:end]}); err != nil {
			return solana.Signature{}, err
		}
		off = end
	}
	if len(data) != 64 {
		return solana.Signature{}, fmt.Errorf("the device's signature is %d bytes, expected 64", len(data))
	}
	return solana.SignatureFromBytes(data), nil
}

// AppAndVersion asks the device which app is open (the dashboard's GET APP AND VERSION, CLA
// 0xB0, which every app answers): its name ("Ethereum", "Solana"; "BOLOS" on the dashboard)
// and version. The apps' instruction numbers overlap, so purse asks before it signs.
func AppAndVersion(ctx context.Context, t Transport) (name, version string, err error) {
	data, err := exchange(ctx, t, Command{CLA: 0xB0, INS: 0x01})
	if err != nil {
		return "", "", err
	}
	if len(data) < 2 || data[0] != 1 || len(data) < 2+int(data[1])+1 {
		return "", "", errors.New("the device's app-and-version answer is not in its format")
	}
	name = string(data[2 : 2+int(data[1])])
	rest := data[2+int(data[1]):]
	if len(rest) < 1+int(rest[0]) {
		return "", "", errors.New("the device's app-and-version answer is cut short")
	}
	return name, string(rest[1 : 1+int(rest[0])]), nil
}

// RequireApp fails, in words, unless app is open on the device.
func RequireApp(ctx context.Context, t Transport, app string) error {
	name, _, err := AppAndVersion(ctx, t)
	if err != nil {
		return err
	}
	if name != app {
		if name == "BOLOS" {
			return fmt.Errorf("no app is open on the device: open the %s app", app)
		}
		return fmt.Errorf("the %s app is open on the device: open the %s app", name, app)
	}
	return nil
}
