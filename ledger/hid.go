package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/ethereum/hid"
)

// The USB HID transport: Ledger's framing (its apps' transport protocol) of each APDU into
// 64-byte reports on channel 0x0101 with tag 0x05 and a sequence index, the first carrying
// the APDU's length; the answer comes back the same way. github.com/ethereum/hid (the HID
// library go-ethereum's usbwallet uses) carries the reports; a build without cgo has no
// USB HID, and says so.

const (
	ledgerVendor = 0x2c97
	hidChannel   = 0x0101
	hidTag       = 0x05
	hidReport    = 64
)

// HID is a Ledger device on USB.
type HID struct {
	mu  sync.Mutex
	dev hid.Device
}

// ErrNoHID: this build cannot reach USB devices.
var ErrNoHID = errors.New("hardware wallets on USB need purse built with cgo (USB HID); this build has none: reach the device through Speculos (speculos:HOST:PORT) or rebuild with CGO_ENABLED=1")

// OpenHID opens the first Ledger device on USB.
func OpenHID() (*HID, error) {
	if !hid.Supported() {
		return nil, ErrNoHID
	}
	infos, err := hid.Enumerate(ledgerVendor, 0)
	if err != nil {
		return nil, fmt.Errorf("USB: %v", err)
	}
	for _, info := range infos {
		// The apps' interface: usage page 0xffa0, or interface 0 where the OS gives no page.
		if info.UsagePage != 0xffa0 && info.Interface != 0 {
			continue
		}
		dev, err := info.Open()
		if err != nil {
			return nil, fmt.Errorf("the Ledger device on USB cannot be opened (another program, such as Ledger Live, may hold it): %v", err)
		}
		return &HID{dev: dev}, nil
	}
	return nil, errors.New("no Ledger device on USB: plug it in and unlock it")
}

func (h *HID) Exchange(ctx context.Context, apdu []byte) ([]byte, uint16, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range hidFrames(apdu) {
		if _, err := h.dev.Write(r); err != nil {
			return nil, 0, ErrUnplugged
		}
	}
	var answer []byte
	want := -1
	for seq := uint16(0); want < 0 || len(answer) < want; seq++ {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		r := make([]byte, hidReport)
		if _, err := h.dev.Read(r); err != nil {
			return nil, 0, ErrUnplugged
		}
		body, err := hidUnframe(r, seq)
		if err != nil {
			return nil, 0, err
		}
		if seq == 0 {
			if len(body) < 2 {
				return nil, 0, errors.New("the device's first report is cut short")
			}
			want, body = int(binary.BigEndian.Uint16(body)), body[2:]
		}
		answer = append(answer, body...)
	}
	answer = answer[:want]
	if len(answer) < 2 {
		return nil, 0, errors.New("the device's answer has no status word")
	}
	n := len(answer) - 2
	return answer[:n], binary.BigEndian.Uint16(answer[n:]), nil
}

func (h *HID) Close() error { return h.dev.Close() }

// hidFrames cuts an APDU into the reports the device reads: each starts with the channel,
// the tag and the sequence index; the first continues with the APDU's length.
func hidFrames(apdu []byte) [][]byte {
	data := binary.BigEndian.AppendUint16(nil, uint16(len(apdu)))
	data = append(data, apdu...)
	var out [][]byte
	for seq := uint16(0); len(data) > 0 || seq == 0; seq++ {
		r := make([]byte, hidReport)
		binary.BigEndian.PutUint16(r, hidChannel)
		r[2] = hidTag
		binary.BigEndian.PutUint16(r[3:], seq)
		n := copy(r[5:], data)
		data = data[n:]
		out = append(out, r)
	}
	return out
}

// hidUnframe checks a report's header and returns its payload.
func hidUnframe(r []byte, seq uint16) ([]byte, error) {
	if len(r) < 5 || binary.BigEndian.Uint16(r) != hidChannel || r[2] != hidTag || binary.BigEndian.Uint16(r[3:]) != seq {
		return nil, fmt.Errorf("the device's report %d is not in Ledger's framing", seq)
	}
	return r[5:], nil
}
