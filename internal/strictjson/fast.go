package strictjson

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// valid is Parse's verdict without its tree or its error: json.Valid's syntax check, then
// one pass over the valid bytes for the keys of each object and the depth. A message is read
// on every signature and nearly all are fine; the walker (value) runs only for one that is
// not, to say why, and FuzzValidAgreesWithTheWalker holds the two to the same verdicts.
func valid(data []byte) bool {
	if !json.Valid(data) {
		return false
	}
	// The keys of every open object, one after the other (an object's keys start at its
	// open[] entry's start), as encoding/json decodes them.
	var keyBuf [32][]byte
	var openBuf [16]open
	keys, opens := keyBuf[:0], openBuf[:0]
	expectKey := false
	for i := 0; i < len(data); {
		switch data[i] {
		case '{', '[':
			if len(opens) >= MaxDepth {
				return false
			}
			opens = append(opens, open{obj: data[i] == '{', start: len(keys)})
			expectKey = data[i] == '{'
			i++
		case '}', ']':
			keys = keys[:opens[len(opens)-1].start]
			opens = opens[:len(opens)-1]
			i++
		case ',':
			expectKey = opens[len(opens)-1].obj
			i++
		case ':':
			expectKey = false
			i++
		case '"':
			end := stringEnd(data, i)
			if expectKey {
				k, ok := decodeKey(data[i:end])
				if !ok {
					return false
				}
				o := &opens[len(opens)-1]
				if !o.add(keys[o.start:], k) {
					return false
				}
				keys = append(keys, k)
				expectKey = false
			}
			i = end
		default:
			i++
		}
	}
	return true
}

// open is an object or array not closed yet.
type open struct {
	obj   bool
	start int // its first key in valid's keys
	// folded holds the Fold forms of an object's keys once it has more than manyKeys, so a
	// hostile object of many keys costs no more than its length.
	folded map[string]struct{}
}

const manyKeys = 16

// add says whether k may join the object's keys so far (prior): not when one of them is
// equal to k under bytes.EqualFold, the relation encoding/json matches field names with.
func (o *open) add(prior [][]byte, k []byte) bool {
	if o.folded == nil && len(prior) < manyKeys {
		for _, p := range prior {
			if bytes.EqualFold(p, k) {
				return false
			}
		}
		return true
	}
	if o.folded == nil {
		o.folded = make(map[string]struct{}, 2*len(prior))
		for _, p := range prior {
			o.folded[Fold(string(p))] = struct{}{}
		}
	}
	f := Fold(string(k))
	if _, dup := o.folded[f]; dup {
		return false
	}
	o.folded[f] = struct{}{}
	return true
}

// stringEnd is the index just after the string that starts at data[i] (a quote), in JSON
// already found valid.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(data)
}

// decodeKey is the key quoted as encoding/json reads it: its bytes when they hold no escape
// and are valid UTF-8 (the common case, no copy), else what json.Unmarshal makes of it
// (escapes resolved, invalid bytes as U+FFFD).
func decodeKey(quoted []byte) ([]byte, bool) {
	raw := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw, true
	}
	var s string
	if err := json.Unmarshal(quoted, &s); err != nil {
		return nil, false
	}
	return []byte(s), true
}
