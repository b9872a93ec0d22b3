// Package ledgertest is a stand-in for a Ledger device, for tests and the sandbox (no
// emulator is reachable here: Speculos installs only from PyPI). It speaks Speculos's TCP
// APDU framing, holds a test seed, and answers the Ethereum and Solana apps' APDUs in their
// documented formats, signing as the apps do with the keys key import derives from the same
// words; it records what a device would display, and it can refuse, be locked, have another
// app open, need blind signing, hang or be unplugged.
package ledgertest

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"purse/keystore"
	"purse/ledger"
	"purse/wallet"
)

// Seed is the stand-in's seed in the sandbox: BIP-39's all-"abandon" test vector, public on
// purpose (a stand-in's keys are nobody's).
const Seed = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

// Apps a device can have open.
const (
	Dashboard = ""
	Ethereum  = "Ethereum"
	Solana    = "Solana"
)

// What the user does when the device asks.
const (
	Approve = "approve"
	Refuse  = "refuse"
	Hang    = "hang"   // never presses: the device does not answer
	Unplug  = "unplug" // pulled out while asking
)

// State is what the device is doing; tests and the sandbox's control set it.
type State struct {
	App          string `json:"app"`
	Locked       bool   `json:"locked"`
	Press        string `json:"press"`
	BlindSigning bool   `json:"blindSigning"`
	// EthVersion is the Ethereum app's version (GET APP CONFIGURATION).
	EthVersion string `json:"ethVersion"`
	// EIP712HashesOnly plays an app that signs EIP-712 only from its two hashes (a Nano S,
	// an older app): the clear-signing instructions are unknown to it.
	EIP712HashesOnly bool `json:"eip712HashesOnly"`
}

// DecodeState reads a new state as JSON over the current one (fields not given keep their
// value) and checks it: an app of the stand-in's (Ethereum, Solana, "" the dashboard), a
// press of approve, refuse, hang or unplug.
func (d *Device) DecodeState(r io.Reader, st *State) error {
	d.mu.Lock()
	*st = d.state
	d.mu.Unlock()
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(st); err != nil {
		return err
	}
	switch st.App {
	case Dashboard, Ethereum, Solana:
	default:
		return fmt.Errorf("app %q: expected Ethereum, Solana or \"\" (the dashboard)", st.App)
	}
	switch st.Press {
	case Approve, Refuse, Hang, Unplug:
	default:
		return fmt.Errorf("press %q: expected approve, refuse, hang or unplug", st.Press)
	}
	return nil
}

// Screen is what the device displayed for one request, and what the user did.
type Screen struct {
	App   string   `json:"app"`
	Title string   `json:"title"`
	Lines []string `json:"lines"`
	Press string   `json:"press"`
}

// keepShown is how many screens the device remembers: a sandbox runs for hours.
const keepShown = 64

// Device is a running stand-in.
type Device struct {
	mnemonic []byte
	ln       net.Listener

	mu    sync.Mutex
	state State
	shown []Screen
	conns map[net.Conn]bool
	done  chan struct{}
}

// Start listens on listen (host:port; port 0 picks one) with the seed of mnemonic, the
// Ethereum app open, unlocked, approving what it is asked.
func Start(listen, mnemonic string) (*Device, error) {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, err
	}
	d := &Device{mnemonic: []byte(mnemonic), ln: ln, conns: map[net.Conn]bool{}, done: make(chan struct{}),
		state: State{App: Ethereum, Press: Approve, BlindSigning: true, EthVersion: "1.19.1"}}
	go d.serve()
	return d, nil
}

// Addr is the device's host:port.
func (d *Device) Addr() string { return d.ln.Addr().String() }

// Set changes the device's state.
func (d *Device) Set(f func(*State)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f(&d.state)
}

// Shown is what the device displayed, oldest first (its last keepShown screens).
func (d *Device) Shown() []Screen {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]Screen(nil), d.shown...)
}

// Close stops the device and drops its connections.
func (d *Device) Close() error {
	err := d.ln.Close()
	d.mu.Lock()
	for c := range d.conns {
		c.Close()
	}
	d.mu.Unlock()
	<-d.done
	return err
}

func (d *Device) serve() {
	defer close(d.done)
	var wg sync.WaitGroup
	for {
		c, err := d.ln.Accept()
		if err != nil {
			wg.Wait()
			return
		}
		d.mu.Lock()
		d.conns[c] = true
		d.mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.conn(c)
			d.mu.Lock()
			delete(d.conns, c)
			d.mu.Unlock()
			c.Close()
		}()
	}
}

// session is one connection's chunked command in progress.
type session struct {
	ins  byte
	buf  []byte
	path ledger.Path
	want int // personal_sign: the message's length
	// eip712 is a typed message being sent field by field (clear signing).
	eip712 *eip712Session
}

func (d *Device) conn(c net.Conn) {
	var s session
	for {
		var head [4]byte
		if _, err := io.ReadFull(c, head[:]); err != nil {
			return
		}
		n := binary.BigEndian.Uint32(head[:])
		if n < 5 || n > 260 {
			return
		}
		apdu := make([]byte, n)
		if _, err := io.ReadFull(c, apdu); err != nil {
			return
		}
		data, sw, hangUp := d.handle(&s, apdu)
		if hangUp {
			d.mu.Lock()
			press := d.state.Press
			d.mu.Unlock()
			if press == Hang {
				// No press comes: the request stays unanswered until the host gives up.
				_, _ = io.Copy(io.Discard, c)
			}
			return
		}
		out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		out = append(append(out, data...), byte(sw>>8), byte(sw))
		if _, err := c.Write(out); err != nil {
			return
		}
	}
}

// handle answers one APDU: its data, its status word, or hangUp (the device is gone).
func (d *Device) handle(s *session, apdu []byte) (data []byte, sw uint16, hangUp bool) {
	if int(apdu[4]) != len(apdu)-5 {
		return nil, ledger.SWWrongLength, false
	}
	cla, ins, p1, p2, body := apdu[0], apdu[1], apdu[2], apdu[3], apdu[5:]
	d.mu.Lock()
	st := d.state
	d.mu.Unlock()
	switch {
	case st.Locked:
		return nil, ledger.SWLocked, false
	case cla == 0xB0 && ins == 0x01: // GET APP AND VERSION, answered by the dashboard and every app
		name, version := st.App, "1.10.0"
		switch st.App {
		case Dashboard:
			name, version = "BOLOS", "2.2.3"
		case Ethereum:
			version = st.EthVersion
		}
		out := append([]byte{1, byte(len(name))}, name...)
		return append(append(append(out, byte(len(version))), version...), 1, 0), ledger.SWOK, false
	case st.App == Dashboard:
		return nil, ledger.SWCLANotSupported, false
	case cla != 0xE0:
		return nil, ledger.SWCLANotSupported, false
	}
	if st.App == Solana {
		return d.solana(s, st, ins, p1, p2, body)
	}
	return d.ethereum(s, st, ins, p1, p2, body)
}

// pathOf reads a path (its length, then the indexes) from the front of b.
func pathOf(b []byte) (ledger.Path, []byte, error) {
	if len(b) < 1 || b[0] == 0 || b[0] > 10 || len(b) < 1+4*int(b[0]) {
		return nil, nil, errors.New("bad path")
	}
	p := make(ledger.Path, b[0])
	for i := range p {
		p[i] = binary.BigEndian.Uint32(b[1+4*i:])
	}
	return p, b[1+4*len(p):], nil
}

func (d *Device) evmKey(p ledger.Path) (*wallet.EVMKey, error) {
	return keystore.DeriveEVMKey(d.mnemonic, nil, p.String())
}

// ask shows a screen and returns what the user pressed.
func (d *Device) ask(st State, title string, lines ...string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.shown = append(d.shown, Screen{App: st.App, Title: title, Lines: lines, Press: st.Press})
	if n := len(d.shown); n > keepShown {
		d.shown = append(d.shown[:0], d.shown[n-keepShown:]...)
	}
	return st.Press
}

// pressed turns the user's press into the answer: sign (nil), a refusal, or no answer.
func pressed(press string) (sw uint16, hangUp, sign bool) {
	switch press {
	case Approve:
		return ledger.SWOK, false, true
	case Refuse:
		return ledger.SWUserRejected, false, false
	}
	return 0, true, false // Hang and Unplug: no answer comes (the caller times out or sees the close)
}

func (d *Device) ethereum(s *session, st State, ins, p1, p2 byte, body []byte) ([]byte, uint16, bool) {
	switch ins {
	case 0x06: // app configuration
		var flags byte
		if st.BlindSigning {
			flags |= 1
		}
		var maj, min, pat byte
		fmt.Sscanf(st.EthVersion, "%d.%d.%d", &maj, &min, &pat)
		return []byte{flags, maj, min, pat}, ledger.SWOK, false
	case 0x02: // address
		p, _, err := pathOf(body)
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		k, err := d.evmKey(p)
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		addr := k.Address().Hex()
		if p1 == 1 {
			if sw, hang, ok := pressed(d.ask(st, "Verify address", addr)); !ok {
				return nil, sw, hang
			}
		}
		pub := crypto.FromECDSAPub(&k.Private().PublicKey)
		out := append([]byte{byte(len(pub))}, pub...)
		out = append(append(out, 40), addr[2:]...)
		return out, ledger.SWOK, false
	case 0x08: // personal_sign, chunked
		if p1 == 0 {
			p, rest, err := pathOf(body)
			if err != nil || len(rest) < 4 {
				return nil, ledger.SWInvalidData, false
			}
			*s = session{ins: ins, path: p, want: int(binary.BigEndian.Uint32(rest)), buf: append([]byte(nil), rest[4:]...)}
		} else if s.ins == ins {
			s.buf = append(s.buf, body...)
		} else {
			return nil, ledger.SWInvalidData, false
		}
		if len(s.buf) < s.want {
			return nil, ledger.SWOK, false
		}
		msg, p := s.buf, s.path
		*s = session{}
		return d.signEVM(st, p, "Sign message", wallet.PersonalHash(msg), 27, messageLines(msg)...)
	case 0x1A, 0x1C, 0x0C: // EIP-712
		return d.eip712(s, st, ins, p1, p2, body)
	case 0x04: // a typed transaction, chunked
		if p1 == 0 {
			p, rest, err := pathOf(body)
			if err != nil {
				return nil, ledger.SWInvalidData, false
			}
			*s = session{ins: ins, path: p, buf: append([]byte(nil), rest...)}
		} else if s.ins == ins {
			s.buf = append(s.buf, body...)
		} else {
			return nil, ledger.SWInvalidData, false
		}
		tx, complete, err := unsignedTx(s.buf)
		if err != nil {
			*s = session{}
			return nil, ledger.SWInvalidData, false
		}
		if !complete {
			return nil, ledger.SWOK, false
		}
		p := s.path
		payload := s.buf
		*s = session{}
		lines := []string{"To " + tx.To.Hex(), "Amount " + tx.Value.String() + " wei", "Max fees " + new(big.Int).Mul(tx.GasFeeCap, new(big.Int).SetUint64(tx.Gas)).String() + " wei",
			fmt.Sprintf("Network %s", tx.ChainID)}
		if len(tx.Data) > 0 {
			if !st.BlindSigning {
				return nil, ledger.SWInvalidData, false
			}
			lines = append([]string{"Blind signing ahead", fmt.Sprintf("Data %x…", tx.Data[:min(4, len(tx.Data))])}, lines...)
		}
		return d.signEVM(st, p, "Review transaction", crypto.Keccak256Hash(payload), 0, lines...)
	}
	return nil, ledger.SWINSNotSupported, false
}

// signEVM asks, then answers v || r || s over digest (v + base: 27/28 for messages, the
// parity for a transaction).
func (d *Device) signEVM(st State, p ledger.Path, title string, digest common.Hash, base byte, lines ...string) ([]byte, uint16, bool) {
	k, err := d.evmKey(p)
	if err != nil {
		return nil, ledger.SWInvalidData, false
	}
	if sw, hang, ok := pressed(d.ask(st, title, lines...)); !ok {
		return nil, sw, hang
	}
	sig, err := crypto.Sign(digest[:], k.Private())
	if err != nil {
		return nil, ledger.SWTechnicalProblem, false
	}
	return append([]byte{sig[64] + base}, sig[:64]...), ledger.SWOK, false
}

// messageLines is a message as the app shows it: text when it is printable ASCII, else hex.
func messageLines(msg []byte) []string {
	for _, c := range msg {
		if c < 0x20 || c > 0x7e {
			return []string{fmt.Sprintf("Message hash %x", crypto.Keccak256(msg))}
		}
	}
	return []string{"Message " + string(msg)}
}

// typedTx is an EIP-1559 transaction's signing payload.
type typedTx struct {
	ChainID    *big.Int
	Nonce      uint64
	GasTipCap  *big.Int
	GasFeeCap  *big.Int
	Gas        uint64
	To         *common.Address `rlp:"nil"`
	Value      *big.Int
	Data       []byte
	AccessList types.AccessList
}

// unsignedTx reads an EIP-1559 signing payload once all of it arrived (complete false: more
// chunks are due).
func unsignedTx(b []byte) (typedTx, bool, error) {
	var tx typedTx
	if len(b) < 2 {
		return tx, false, nil
	}
	if b[0] != types.DynamicFeeTxType {
		return tx, false, fmt.Errorf("transaction type %d: the stand-in signs EIP-1559 only", b[0])
	}
	_, _, rest, err := rlp.Split(b[1:])
	if errors.Is(err, rlp.ErrValueTooLarge) {
		return tx, false, nil // more chunks are due
	}
	if err != nil {
		return tx, false, err
	}
	if len(rest) != 0 {
		return tx, false, errors.New("bytes after the transaction")
	}
	if err := rlp.DecodeBytes(b[1:], &tx); err != nil {
		return tx, false, err
	}
	if tx.To == nil {
		return tx, false, errors.New("a contract creation")
	}
	return tx, true, nil
}

func (d *Device) solana(s *session, st State, ins, p1, p2 byte, body []byte) ([]byte, uint16, bool) {
	switch ins {
	case 0x04: // app configuration
		return []byte{0, 0, 1, 10, 0}, ledger.SWOK, false
	case 0x05: // public key
		p, _, err := pathOf(body)
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		k, err := keystore.DeriveSolanaKey(d.mnemonic, nil, p.String())
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		return k.PublicKey().Bytes(), ledger.SWOK, false
	case 0x06: // sign a message, chunked by P2
		if p1 != 1 {
			return nil, ledger.SWWrongP1P2, false
		}
		if p2&0x01 == 0 {
			*s = session{ins: ins, buf: append([]byte(nil), body...)}
		} else if s.ins == ins {
			s.buf = append(s.buf, body...)
		} else {
			return nil, ledger.SWInvalidData, false
		}
		if p2&0x02 != 0 {
			return nil, ledger.SWOK, false
		}
		b := s.buf
		*s = session{}
		if len(b) < 2 || b[0] != 1 {
			return nil, ledger.SWInvalidData, false
		}
		p, msg, err := pathOf(b[1:])
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		k, err := keystore.DeriveSolanaKey(d.mnemonic, nil, p.String())
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		if sw, hang, ok := pressed(d.ask(st, "Review transaction", fmt.Sprintf("Message of %d bytes", len(msg)), "Signer "+k.PublicKey().String())); !ok {
			return nil, sw, hang
		}
		sig, err := k.SignMessage(wallet.PurposeSolanaTx, msg)
		if err != nil {
			return nil, ledger.SWTechnicalProblem, false
		}
		return sig[:], ledger.SWOK, false
	}
	return nil, ledger.SWINSNotSupported, false
}

// Dial is a transport to d for tests.
func Dial(ctx context.Context, d *Device) (*ledger.Speculos, error) {
	return ledger.DialSpeculos(ctx, d.Addr(), 0)
}

// eip712 answers the EIP-712 instructions: the clear-signing types and values (0x1A, 0x1C),
// and the signature (0x0C) from them or from the two hashes.
func (d *Device) eip712(s *session, st State, ins, p1, p2 byte, body []byte) ([]byte, uint16, bool) {
	if ins != 0x0C {
		if st.EIP712HashesOnly {
			return nil, ledger.SWINSNotSupported, false
		}
		if s.eip712 == nil {
			s.eip712 = &eip712Session{types: apitypes.Types{}}
		}
		if err := s.eip712.take(ins, p1, p2, body); err != nil {
			s.eip712 = nil
			return nil, ledger.SWInvalidData, false
		}
		return nil, ledger.SWOK, false
	}
	// SIGN ETH EIP 712: v0 (the two hashes), or P2 01 after the fields
	if p2 == 0x01 {
		e := s.eip712
		s.eip712 = nil
		p, rest, err := pathOf(body)
		if e == nil || err != nil || len(rest) != 0 {
			return nil, ledger.SWInvalidData, false
		}
		digest, lines, err := e.digest()
		if err != nil {
			return nil, ledger.SWInvalidData, false
		}
		return d.signEVM(st, p, "Review typed message", digest, 27, lines...)
	}
	p, rest, err := pathOf(body)
	if err != nil || len(rest) != 64 {
		return nil, ledger.SWInvalidData, false
	}
	digest := crypto.Keccak256Hash([]byte{0x19, 0x01}, rest[:32], rest[32:])
	return d.signEVM(st, p, "Sign typed message", digest, 27,
		"Domain hash "+common.BytesToHash(rest[:32]).Hex(), "Message hash "+common.BytesToHash(rest[32:]).Hex())
}
