package ledgertest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// eip712Session is a typed message the host sends field by field, as the Ethereum app takes
// it: the struct definitions, then the roots and values in order. The stand-in rebuilds the
// message from what it was sent and hashes it itself, as the app does, so a host that sends
// anything but the message it hashed gets a signature over another digest.
type eip712Session struct {
	types   apitypes.Types
	current string // the struct being defined
	events  []eip712Event
	partial []byte // a field value's chunks so far
}

// eip712Event is one STRUCT IMPLEMENTATION: a root struct, an array's length or a value.
type eip712Event struct {
	root  string
	array int
	value []byte
	kind  byte // p2 of the command
}

func (e *eip712Session) take(ins, p1, p2 byte, body []byte) error {
	if ins == 0x1A {
		switch p2 {
		case 0x00:
			e.current = string(body)
			e.types[e.current] = []apitypes.Type{}
			return nil
		case 0xFF:
			if e.current == "" {
				return errors.New("a field before its struct")
			}
			f, err := fieldDefinition(body)
			if err != nil {
				return err
			}
			e.types[e.current] = append(e.types[e.current], f)
			return nil
		}
		return errors.New("bad P2")
	}
	switch p2 {
	case 0x00:
		e.events = append(e.events, eip712Event{kind: p2, root: string(body)})
	case 0x0F:
		if len(body) != 1 {
			return errors.New("bad array length")
		}
		e.events = append(e.events, eip712Event{kind: p2, array: int(body[0])})
	case 0xFF:
		e.partial = append(e.partial, body...)
		if p1 == 0x01 {
			return nil
		}
		v := e.partial
		e.partial = nil
		if len(v) < 2 || int(binary.BigEndian.Uint16(v)) != len(v)-2 {
			return errors.New("a value whose length prefix is not its length")
		}
		e.events = append(e.events, eip712Event{kind: p2, value: v[2:]})
	default:
		return errors.New("bad P2")
	}
	return nil
}

// fieldDefinition reads a STRUCT DEFINITION field: its type descriptor, struct name, size
// and array levels, then its name, back into an EIP-712 type string.
func fieldDefinition(b []byte) (apitypes.Type, error) {
	short := errors.New("a field definition cut short")
	if len(b) < 1 {
		return apitypes.Type{}, short
	}
	desc := b[0]
	b = b[1:]
	var typ string
	switch desc & 0x0F {
	case 0:
		if len(b) < 1 || len(b) < 1+int(b[0]) {
			return apitypes.Type{}, short
		}
		typ, b = string(b[1:1+int(b[0])]), b[1+int(b[0]):]
	case 1, 2, 6:
		if desc&0x40 == 0 || len(b) < 1 {
			return apitypes.Type{}, errors.New("a sized type without its size")
		}
		size := int(b[0])
		b = b[1:]
		typ = map[byte]string{1: "int", 2: "uint", 6: "bytes"}[desc&0x0F]
		if desc&0x0F == 6 {
			typ += strconv.Itoa(size)
		} else {
			typ += strconv.Itoa(size * 8)
		}
	case 3, 4, 5, 7:
		typ = map[byte]string{3: "address", 4: "bool", 5: "string", 7: "bytes"}[desc&0x0F]
	default:
		return apitypes.Type{}, errors.New("an unknown type")
	}
	if desc&0x80 != 0 {
		if len(b) < 1 {
			return apitypes.Type{}, short
		}
		n := int(b[0])
		b = b[1:]
		for range n {
			if len(b) < 1 {
				return apitypes.Type{}, short
			}
			if b[0] == 0 {
				typ += "[]"
				b = b[1:]
				continue
			}
			if len(b) < 2 {
				return apitypes.Type{}, short
			}
			typ += "[" + strconv.Itoa(int(b[1])) + "]"
			b = b[2:]
		}
	}
	if len(b) < 1 || len(b) != 1+int(b[0]) {
		return apitypes.Type{}, errors.New("a field name whose length is not its length")
	}
	return apitypes.Type{Name: string(b[1:]), Type: typ}, nil
}

// digest rebuilds the domain and the message from the values sent, hashes them as EIP-712
// does, and lists what the device shows: each value with its path.
func (e *eip712Session) digest() (common.Hash, []string, error) {
	if len(e.partial) != 0 {
		return common.Hash{}, nil, errors.New("a value cut short")
	}
	ev := e.events
	var lines []string
	var roots []string
	var values []map[string]any
	for len(ev) > 0 {
		if ev[0].kind != 0x00 {
			return common.Hash{}, nil, errors.New("a value outside a root struct")
		}
		root := ev[0].root
		ev = ev[1:]
		if _, ok := e.types[root]; !ok {
			return common.Hash{}, nil, fmt.Errorf("root %q is not defined", root)
		}
		m, err := e.structOf(root, &ev, "", &lines)
		if err != nil {
			return common.Hash{}, nil, err
		}
		roots, values = append(roots, root), append(values, m)
	}
	if len(roots) != 2 || roots[0] != "EIP712Domain" {
		return common.Hash{}, nil, errors.New("expected the domain, then the message")
	}
	td := apitypes.TypedData{Types: e.types, PrimaryType: roots[1], Message: values[1]}
	for k, v := range values[0] {
		switch k {
		case "name":
			td.Domain.Name, _ = v.(string)
		case "version":
			td.Domain.Version, _ = v.(string)
		case "chainId":
			if n, ok := v.(*big.Int); ok {
				td.Domain.ChainId = (*math.HexOrDecimal256)(n)
			}
		case "verifyingContract":
			td.Domain.VerifyingContract, _ = v.(string)
		case "salt":
			if b, ok := v.([]byte); ok {
				td.Domain.Salt = hexutil.Encode(b)
			}
		}
	}
	sep, err := td.HashStruct("EIP712Domain", values[0])
	if err != nil {
		return common.Hash{}, nil, err
	}
	mh, err := td.HashStruct(roots[1], values[1])
	if err != nil {
		return common.Hash{}, nil, err
	}
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep, mh), lines, nil
}

func (e *eip712Session) structOf(name string, ev *[]eip712Event, path string, lines *[]string) (map[string]any, error) {
	out := map[string]any{}
	for _, f := range e.types[name] {
		v, err := e.valueOf(f.Type, ev, path+f.Name, lines)
		if err != nil {
			return nil, err
		}
		out[f.Name] = v
	}
	return out, nil
}

func (e *eip712Session) valueOf(typ string, ev *[]eip712Event, path string, lines *[]string) (any, error) {
	next := func(kind byte) (eip712Event, error) {
		if len(*ev) == 0 || (*ev)[0].kind != kind {
			return eip712Event{}, fmt.Errorf("%s: the values do not follow the types", path)
		}
		x := (*ev)[0]
		*ev = (*ev)[1:]
		return x, nil
	}
	if i := strings.Index(typ, "["); i >= 0 {
		// The first bracket is the outermost level, as Ledger's host library sends them.
		j := strings.Index(typ[i:], "]") + i
		inner := typ[:i] + typ[j+1:]
		a, err := next(0x0F)
		if err != nil {
			return nil, err
		}
		list := make([]any, a.array)
		for k := range list {
			if list[k], err = e.valueOf(inner, ev, fmt.Sprintf("%s.[%d]", path, k), lines); err != nil {
				return nil, err
			}
		}
		return list, nil
	}
	if _, ok := e.types[typ]; ok {
		return e.structOf(typ, ev, path+".", lines)
	}
	x, err := next(0xFF)
	if err != nil {
		return nil, err
	}
	v, shown, err := primitive(typ, x.value)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	*lines = append(*lines, path+" "+shown)
	return v, nil
}

// primitive is a value as the app received it, for hashing and for its screen.
func primitive(typ string, b []byte) (any, string, error) {
	switch {
	case typ == "address":
		if len(b) != 20 {
			return nil, "", errors.New("an address of another length")
		}
		a := common.BytesToAddress(b).Hex()
		return a, a, nil
	case typ == "bool":
		if len(b) != 1 || b[0] > 1 {
			return nil, "", errors.New("a bool that is not one byte 0 or 1")
		}
		return b[0] == 1, strconv.FormatBool(b[0] == 1), nil
	case typ == "string":
		return string(b), string(b), nil
	case typ == "bytes":
		return []byte(b), hexutil.Encode(b), nil
	case strings.HasPrefix(typ, "bytes"):
		n, _ := strconv.Atoi(strings.TrimPrefix(typ, "bytes"))
		if len(b) != n {
			return nil, "", errors.New("fixed bytes of another length")
		}
		return []byte(b), hexutil.Encode(b), nil
	case strings.HasPrefix(typ, "uint"), strings.HasPrefix(typ, "int"):
		signed := strings.HasPrefix(typ, "int")
		bits, _ := strconv.Atoi(strings.TrimLeft(typ, "uint"))
		if len(b) == 0 || len(b) > bits/8 {
			return nil, "", errors.New("an integer longer than its type")
		}
		v := new(big.Int).SetBytes(b)
		if signed && len(b) == bits/8 && b[0]&0x80 != 0 {
			v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		}
		return v, v.String(), nil
	}
	return nil, "", fmt.Errorf("type %q", typ)
}
