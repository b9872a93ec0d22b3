package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"purse/wallet"
)

// EIP-712 clear signing: the Ethereum app's full implementation (app-ethereum's doc/ethapp.adoc,
// "EIP712 SEND STRUCT DEFINITION", "EIP712 SEND STRUCT IMPLEMENTATION", "SIGN ETH EIP 712"
// with P2 = 01). Every type and every value is sent, the device shows each field with its
// name and hashes the message itself; no filtering (that needs descriptors Ledger signs),
// so the device shows all the fields.

const (
	insEIP712StructDef  = 0x1A
	insEIP712StructImpl = 0x1C

	p2StructName  = 0x00 // a struct's name (definition), or a root struct (implementation)
	p2StructArray = 0x0F // an array's length (implementation)
	p2StructField = 0xFF // a field's type and name (definition), or its value (implementation)
	p2EIP712Full  = 0x01 // SIGN ETH EIP 712: the message was sent field by field
)

// ErrNotClearSignable is why a typed message is not sent field by field: a type the app's
// encoding cannot describe. The caller signs it from its two hashes instead.
var ErrNotClearSignable = errors.New("the typed message has a type the device's clear signing cannot describe")

// The app's type keys (the low nibble of a field's type descriptor).
const (
	eip712Custom     = 0
	eip712Int        = 1
	eip712Uint       = 2
	eip712Address    = 3
	eip712Bool       = 4
	eip712String     = 5
	eip712FixedBytes = 6
	eip712Bytes      = 7
)

var eip712TypeRe = regexp.MustCompile(`^([A-Za-z_$][A-Za-z0-9_$]*?)((?:\[[0-9]*\])*)$`)

// eip712Type is a field's type as the app describes it: the base type, its size (bytes of
// an int or a fixed byte string) and its array levels (0: dynamic, n: fixed length n).
type eip712Type struct {
	key    byte
	name   string // the struct's name (custom types)
	size   int    // 0: none
	arrays []int
}

func parseEIP712Type(typ string, types apitypes.Types) (eip712Type, error) {
	m := eip712TypeRe.FindStringSubmatch(typ)
	if m == nil {
		return eip712Type{}, fmt.Errorf("%w: %q", ErrNotClearSignable, typ)
	}
	var t eip712Type
	for _, a := range regexp.MustCompile(`\[([0-9]*)\]`).FindAllStringSubmatch(m[2], -1) {
		n := 0
		if a[1] != "" {
			v, err := strconv.Atoi(a[1])
			if err != nil || v < 1 || v > 255 {
				return eip712Type{}, fmt.Errorf("%w: array length in %q", ErrNotClearSignable, typ)
			}
			n = v
		}
		t.arrays = append(t.arrays, n)
	}
	base := m[1]
	sized := func(prefix string, unit int, lo, hi int) (int, bool) {
		rest, ok := strings.CutPrefix(base, prefix)
		if !ok || rest == "" {
			return 0, false
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < lo || n > hi || n%unit != 0 || strconv.Itoa(n) != rest {
			return 0, false
		}
		return n / unit, true
	}
	switch {
	case base == "address":
		t.key = eip712Address
	case base == "bool":
		t.key = eip712Bool
	case base == "string":
		t.key = eip712String
	case base == "bytes":
		t.key = eip712Bytes
	default:
		if n, ok := sized("uint", 8, 8, 256); ok {
			t.key, t.size = eip712Uint, n
		} else if n, ok := sized("int", 8, 8, 256); ok {
			t.key, t.size = eip712Int, n
		} else if n, ok := sized("bytes", 1, 1, 32); ok {
			t.key, t.size = eip712FixedBytes, n
		} else if _, ok := types[base]; ok && len(base) < 256 {
			t.key, t.name = eip712Custom, base
		} else {
			// "uint" without a size among them: hw-app-eth sends NaN for its size.
			return eip712Type{}, fmt.Errorf("%w: %q", ErrNotClearSignable, typ)
		}
	}
	return t, nil
}

// definition is a field's STRUCT DEFINITION data: the type descriptor, the struct's name, the
// size, the array levels, then the field's name.
func (t eip712Type) definition(field string) ([]byte, error) {
	if len(field) > 255 {
		return nil, fmt.Errorf("%w: a field name of %d bytes", ErrNotClearSignable, len(field))
	}
	desc := t.key
	if len(t.arrays) > 0 {
		desc |= 0x80
	}
	if t.size > 0 {
		desc |= 0x40
	}
	out := []byte{desc}
	if t.key == eip712Custom {
		out = append(append(out, byte(len(t.name))), t.name...)
	}
	if t.size > 0 {
		out = append(out, byte(t.size))
	}
	if len(t.arrays) > 0 {
		out = append(out, byte(len(t.arrays)))
		for _, n := range t.arrays {
			if n == 0 {
				out = append(out, 0)
			} else {
				out = append(out, 1, byte(n))
			}
		}
	}
	return append(append(out, byte(len(field))), field...), nil
}

// SignEIP712Full has the device clear-sign td: the definitions of every type (sorted by
// name, as hw-app-eth sends them), the domain's values, the message's values, then the
// signature, which the device computes over the digest it hashed from them. A type the app
// cannot describe is ErrNotClearSignable before anything is sent.
func SignEIP712Full(ctx context.Context, t Transport, path Path, td apitypes.TypedData) ([]byte, error) {
	var defs []Command
	names := make([]string, 0, len(td.Types))
	for name := range td.Types {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if len(name) > 255 {
			return nil, fmt.Errorf("%w: a type name of %d bytes", ErrNotClearSignable, len(name))
		}
		defs = append(defs, Command{CLA: cla, INS: insEIP712StructDef, P2: p2StructName, Data: []byte(name)})
		for _, f := range td.Types[name] {
			ft, err := parseEIP712Type(f.Type, td.Types)
			if err != nil {
				return nil, err
			}
			d, err := ft.definition(f.Name)
			if err != nil {
				return nil, err
			}
			defs = append(defs, Command{CLA: cla, INS: insEIP712StructDef, P2: p2StructField, Data: d})
		}
	}
	var impl []Command
	for _, root := range []struct {
		name   string
		values map[string]any
	}{{"EIP712Domain", wallet.DomainValues(td)}, {td.PrimaryType, td.Message}} {
		if _, ok := td.Types[root.name]; !ok {
			return nil, fmt.Errorf("typed data: no type %q", root.name)
		}
		impl = append(impl, Command{CLA: cla, INS: insEIP712StructImpl, P2: p2StructName, Data: []byte(root.name)})
		cmds, err := structValues(td, root.name, root.values)
		if err != nil {
			return nil, err
		}
		impl = append(impl, cmds...)
	}
	for _, c := range append(defs, impl...) {
		if _, err := exchange(ctx, t, c); err != nil {
			return nil, err
		}
	}
	data, err := exchange(ctx, t, Command{CLA: cla, INS: insEthEIP712, P2: p2EIP712Full, Data: path.bytes()})
	if err != nil {
		return nil, err
	}
	return vrs(data)
}

// structValues are the STRUCT IMPLEMENTATION commands of one struct's values, its fields in
// their declared order.
func structValues(td apitypes.TypedData, name string, values map[string]any) ([]Command, error) {
	var out []Command
	for _, f := range td.Types[name] {
		ft, err := parseEIP712Type(f.Type, td.Types)
		if err != nil {
			return nil, err
		}
		v, ok := values[f.Name]
		if !ok {
			return nil, fmt.Errorf("typed data: %s.%s has no value", name, f.Name)
		}
		cmds, err := fieldValues(td, ft, ft.arrays, v, name+"."+f.Name)
		if err != nil {
			return nil, err
		}
		out = append(out, cmds...)
	}
	return out, nil
}

// fieldValues are the commands of one value of type t with the array levels left: an array's
// length, then each entry; a struct's fields; a primitive's encoding.
func fieldValues(td apitypes.TypedData, t eip712Type, arrays []int, v any, where string) ([]Command, error) {
	if len(arrays) > 0 {
		list, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("typed data: %s: expected an array, got %T", where, v)
		}
		if len(list) > 255 {
			return nil, fmt.Errorf("%w: %s has %d entries (the app takes at most 255)", ErrNotClearSignable, where, len(list))
		}
		out := []Command{{CLA: cla, INS: insEIP712StructImpl, P2: p2StructArray, Data: []byte{byte(len(list))}}}
		for i, e := range list {
			cmds, err := fieldValues(td, t, arrays[1:], e, fmt.Sprintf("%s[%d]", where, i))
			if err != nil {
				return nil, err
			}
			out = append(out, cmds...)
		}
		return out, nil
	}
	if t.key == eip712Custom {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("typed data: %s: expected a %s struct, got %T", where, t.name, v)
		}
		return structValues(td, t.name, m)
	}
	enc, err := primitiveValue(td, t, v)
	if err != nil {
		return nil, fmt.Errorf("typed data: %s: %v", where, err)
	}
	if len(enc) > 0xFFFF {
		return nil, fmt.Errorf("%w: a value of %d bytes", ErrNotClearSignable, len(enc))
	}
	data := binary.BigEndian.AppendUint16(nil, uint16(len(enc)))
	data = append(data, enc...)
	var out []Command
	for off := 0; off < len(data); off += maxData {
		end := min(off+maxData, len(data))
		p1 := byte(0x01) // more to come
		if end == len(data) {
			p1 = 0x00
		}
		out = append(out, Command{CLA: cla, INS: insEIP712StructImpl, P1: p1, P2: p2StructField, Data: data[off:end]})
	}
	return out, nil
}

// primitiveValue is a value as the app takes it: an integer in the fewest big-endian bytes
// (a negative one in two's complement over its size), an address in 20 bytes, a bool in one,
// a fixed byte string in its size, a string or byte string as it is.
func primitiveValue(td apitypes.TypedData, t eip712Type, v any) ([]byte, error) {
	switch t.key {
	case eip712String:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("expected a string, got %T", v)
		}
		return []byte(s), nil
	case eip712Bytes:
		switch b := v.(type) {
		case []byte:
			return b, nil
		case hexutil.Bytes:
			return b, nil
		case string:
			return hexutil.Decode(b)
		}
		return nil, fmt.Errorf("expected bytes, got %T", v)
	}
	typ := map[byte]string{eip712Address: "address", eip712Bool: "bool"}[t.key]
	switch t.key {
	case eip712Int:
		typ = "int" + strconv.Itoa(t.size*8)
	case eip712Uint:
		typ = "uint" + strconv.Itoa(t.size*8)
	case eip712FixedBytes:
		typ = "bytes" + strconv.Itoa(t.size)
	}
	word, err := td.EncodePrimitiveValue(typ, v, 1)
	if err != nil {
		return nil, err
	}
	switch t.key {
	case eip712Address:
		return word[12:], nil
	case eip712Bool:
		return word[31:], nil
	case eip712FixedBytes:
		return word[:t.size], nil
	case eip712Int:
		if word[0]&0x80 != 0 {
			return word[32-t.size:], nil
		}
	}
	i := 0
	for i < 31 && word[i] == 0 {
		i++
	}
	return word[i:], nil
}
