// Package strictjson reads JSON as a signer must read what another process or the network
// hands it: exactly one value and all of the input, and no object that names a key twice.
// encoding/json keeps the last of two equal keys (and matches a struct's field names without
// regard to case), so {"op":"sign","op":"status"} or {"cardTokenId":"1","CardTokenId":"2"}
// means one thing to a reader that keeps the first and another to one that keeps the last;
// such input is refused here instead of being read either way.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// MaxDepth bounds the nesting of arrays and objects: no message or body purse reads is
// nested deeper, and the bound keeps a hostile input from growing the stack.
const MaxDepth = 256

// Parse reads data as exactly one JSON value (surrounding JSON whitespace allowed, nothing
// else): an object is a map[string]any, an array []any, a number json.Number, a string,
// a bool or nil. An object with two keys that are equal under the case folding
// encoding/json matches field names with (strings.EqualFold) is refused, at any depth, with
// an error naming the key and where it is.
func Parse(data []byte) (any, error) { return walkAll(data, true) }

// Unmarshal is json.Unmarshal into v after Parse's checks; with disallowUnknown a key v
// has no field for is refused too (json.Decoder.DisallowUnknownFields).
func Unmarshal(data []byte, v any, disallowUnknown bool) error {
	if !valid(data) {
		if _, err := walkAll(data, false); err != nil {
			return err
		}
		// The two readings disagree (FuzzValidAgreesWithTheWalker looks for such input):
		// the stricter one holds.
		return errors.New("refused by the strict JSON reader")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if disallowUnknown {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}

// walkAll is Parse; without build it only checks, and returns nil.
func walkAll(data []byte, build bool) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := value(dec, nil, 0, build)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			return nil, errors.New("data after the JSON value: expected one value")
		}
		return nil, fmt.Errorf("after the JSON value: %v", err)
	}
	return v, nil
}

// path is where a value is ("$", `$["a"][2]`), spelt out only for an error: a message is
// read on every signature, and most are fine.
type path struct {
	parent *path
	key    string
	index  int
	inArr  bool // index, not key, says where
}

func (p *path) String() string {
	if p == nil {
		return "$"
	}
	if p.inArr {
		return fmt.Sprintf("%s[%d]", p.parent, p.index)
	}
	return fmt.Sprintf("%s[%q]", p.parent, p.key)
}

func value(dec *json.Decoder, at *path, depth int, build bool) (any, error) {
	tok, err := dec.Token()
	if err == io.EOF {
		return nil, errors.New("no JSON value")
	}
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth >= MaxDepth {
		return nil, fmt.Errorf("%s: nested deeper than %d levels", at, MaxDepth)
	}
	switch d {
	case '[':
		var arr []any
		if build {
			arr = []any{}
		}
		for i := 0; dec.More(); i++ {
			v, err := value(dec, &path{parent: at, index: i, inArr: true}, depth+1, build)
			if err != nil {
				return nil, err
			}
			if build {
				arr = append(arr, v)
			}
		}
		if _, err := dec.Token(); err != nil { // ']'
			return nil, err
		}
		if !build {
			return nil, nil
		}
		return arr, nil
	case '{':
		var obj map[string]any
		if build {
			obj = map[string]any{}
		}
		folded := map[string]string{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, ok := tok.(string)
			if !ok {
				return nil, fmt.Errorf("%s: expected an object key, got %v", at, tok)
			}
			f := Fold(k)
			if prev, dup := folded[f]; dup {
				if prev == k {
					return nil, fmt.Errorf("%s: key %q twice: expected each key once", at, k)
				}
				return nil, fmt.Errorf("%s: keys %q and %q, which a JSON decoder that ignores case reads as one: expected each key once", at, prev, k)
			}
			folded[f] = k
			v, err := value(dec, &path{parent: at, key: k}, depth+1, build)
			if err != nil {
				return nil, err
			}
			if build {
				obj[k] = v
			}
		}
		if _, err := dec.Token(); err != nil { // '}'
			return nil, err
		}
		if !build {
			return nil, nil
		}
		return obj, nil
	}
	return nil, fmt.Errorf("%s: unexpected %v", at, d)
}

// Fold is a form of s shared by exactly the strings strings.EqualFold calls equal to s:
// each rune is replaced by the least rune of its simple case-folding orbit.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}
