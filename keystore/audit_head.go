package keystore

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"purse/internal/regular"
)

// The head file is two slots of headSlot bytes, each a JSON object padded with spaces and
// ended by a newline, so the head moves by overwriting one slot in place and syncing it: one
// write and one fsync, where a new file, its fsync, a rename and the directory's fsync took
// about four times as long and held every signature of the next batch waiting. A head write
// goes to the slot the current head is not in, with a generation one higher and a checksum;
// only once it is synced is the other slot blanked, so a crash at any moment leaves a whole
// head (the new one, or the one before it, which the log's checks accept: a head a batch
// behind) and, once blanked, no earlier sealing key in the file. A head file of one JSON
// value (an older purse's, or one written by hand) is read as it is and replaced whole by
// the next write.
const headSlot = 4096

// headSlotJSON is one slot: the head, its generation, and the sha256 of both as JSON (a slot
// torn by a crash does not check).
type headSlotJSON struct {
	Gen uint64 `json:"gen"`
	auditHead
	Sum string `json:"sum"`
}

func headSlotSum(gen uint64, h auditHead) string {
	b, _ := json.Marshal(headSlotJSON{Gen: gen, auditHead: h})
	sum := sha256.Sum256(b)
	wipe(b)
	return hex.EncodeToString(sum[:])
}

// headFile is what a head file holds: its head (nil: none) and, in the slot format, the
// slot it is in and its generation (slot -1: one JSON value).
type headFile struct {
	head *auditHead
	slot int
	gen  uint64
}

// parseHeadFile reads a head file's bytes in either format; bad names what is wrong.
func parseHeadFile(b []byte) (headFile, error) {
	if len(b) != 2*headSlot || b[headSlot-1] != '\n' || b[2*headSlot-1] != '\n' {
		var h auditHead
		if err := json.Unmarshal(b, &h); err != nil {
			return headFile{}, err
		}
		return headFile{head: &h, slot: -1}, nil
	}
	best := headFile{slot: -1}
	torn := 0
	for i := range 2 {
		raw := bytes.TrimSpace(b[i*headSlot : (i+1)*headSlot])
		if len(raw) == 0 {
			continue
		}
		var s headSlotJSON
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil || dec.More() || s.Sum != headSlotSum(s.Gen, s.auditHead) {
			torn++
			continue
		}
		if best.head == nil || s.Gen > best.gen {
			h := s.auditHead
			best = headFile{head: &h, slot: i, gen: s.Gen}
		}
	}
	if best.head == nil {
		return headFile{}, fmt.Errorf("neither of its two slots holds a whole head (%d torn)", torn)
	}
	return best, nil
}

// headFileBytes is a head file with h in slot, of generation gen, and the other slot blank.
func headFileBytes(h auditHead, gen uint64, slot int) []byte {
	body, _ := json.Marshal(headSlotJSON{Gen: gen, auditHead: h, Sum: headSlotSum(gen, h)})
	out := bytes.Repeat([]byte{' '}, 2*headSlot)
	copy(out[slot*headSlot:], body)
	wipe(body)
	out[headSlot-1], out[2*headSlot-1] = '\n', '\n'
	return out
}

// writeHeadFile makes the head file at path hold data (headFileBytes): in place when the
// file is in the slot format, the new slot first, synced, then the other slot blanked;
// otherwise (no file, or one JSON value) whole, through writeAtomic. A variable, so tests can
// hold a head write or make it fail.
var writeHeadFile = func(path string, data []byte, perm os.FileMode) error {
	f, err := regular.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return writeAtomic(path, data, perm)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() != 2*headSlot {
		_ = f.Close()
		return writeAtomic(path, data, perm)
	}
	newSlot := 0
	if len(bytes.TrimSpace(data[:headSlot])) == 0 {
		newSlot = 1
	}
	at := int64(newSlot * headSlot)
	if _, err := f.WriteAt(data[at:at+headSlot], at); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	// The slot before goes only now: a crash before this leaves it whole, and a generation
	// behind. Not synced: the new slot is, and the next write overwrites this one anyway.
	other := int64((1 - newSlot) * headSlot)
	if _, err := f.WriteAt(data[other:other+headSlot], other); err != nil {
		return err
	}
	return nil
}
