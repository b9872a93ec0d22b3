package wallet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"purse/internal/strictjson"
)

// Generic EIP-712 typed data (purpose typed-data): the document eth_signTypedData_v4 takes,
// which users of other signers ask for (an order, a vote, a login) and whose hashing
// go-ethereum's apitypes does. apitypes is lenient where a signer cannot be: it keeps the
// last of two equal keys, reads JSON numbers as floats, accepts a value where its type's
// range ends (int8 128), a missing domain type or fewer message fields than declared. So a
// document is read here first, strictly and whole, against its own types; only a document
// that means one thing reaches the hash, and the review shows the values as they are hashed.

// MaxTypedDataBytes bounds an EIP-712 document (requests and messages of the agent are
// bounded the same way).
const MaxTypedDataBytes = 64 << 10

// TypedData is an EIP-712 document read by ParseTypedData: the document as apitypes hashes
// it, its values in the order its types declare them (for the review), and its hashes.
type TypedData struct {
	Doc apitypes.TypedData
	// Domain and Message are the values, depth first, as the review shows them.
	Domain, Message []TypedValue
	// DomainSeparator is hashStruct(EIP712Domain), MessageHash hashStruct(primaryType):
	// what a device that cannot show the fields shows instead (Ledger's blind signing).
	DomainSeparator, MessageHash common.Hash
	// Digest is keccak256(0x19 0x01 ‖ DomainSeparator ‖ MessageHash): what is signed.
	Digest common.Hash
}

// TypedValue is one value of a document: its path (to.wallet, items[2].id), its EIP-712 type
// and the value as it is hashed, in words (a decimal integer, a checksummed address).
type TypedValue struct {
	Path  string `json:"path"`
	Type  string `json:"type"`
	Value string `json:"value"`
}

// domainTypes are the fields EIP712Domain may declare (EIP-712), with their types.
var domainTypes = map[string]string{
	"name": "string", "version": "string", "chainId": "uint256", "verifyingContract": "address", "salt": "bytes32",
}

// ParseTypedData reads doc, an EIP-712 document ({"types", "primaryType", "domain",
// "message"}), and refuses it, naming the field, unless it means exactly one thing: strict
// JSON; every type well formed; EIP712Domain declared with standard fields only and the
// domain holding exactly those; a primary type that is declared and is not the domain; every
// struct with exactly its declared fields; integers written in full (decimal, or 0x hex,
// as a string or a JSON integer) within their type's range; addresses of 20 bytes (mixed
// case only with a valid checksum); bytes in 0x hex, of their type's length. An EIP-2612
// permit (primary type Permit) is refused: `purse sign permit` signs it, checking its token
// and spender.
func ParseTypedData(doc []byte) (TypedData, error) {
	var out TypedData
	if len(doc) > MaxTypedDataBytes {
		return out, fmt.Errorf("typed data of %d bytes is over the limit of %d", len(doc), MaxTypedDataBytes)
	}
	var raw struct {
		Types       map[string][]apitypes.Type `json:"types"`
		PrimaryType string                     `json:"primaryType"`
		Domain      json.RawMessage            `json:"domain"`
		Message     json.RawMessage            `json:"message"`
	}
	if err := strictjson.Unmarshal(doc, &raw, true); err != nil {
		return out, fmt.Errorf("typed data: %v; expected one JSON object with types, primaryType, domain and message", err)
	}
	td := typedReader{types: raw.Types}
	if err := td.checkTypes(raw.PrimaryType); err != nil {
		return out, fmt.Errorf("typed data: %w", err)
	}
	domain, err := td.object("domain", "EIP712Domain", raw.Domain, &out.Domain)
	if err != nil {
		return out, fmt.Errorf("typed data: %w", err)
	}
	message, err := td.object("message", raw.PrimaryType, raw.Message, &out.Message)
	if err != nil {
		return out, fmt.Errorf("typed data: %w", err)
	}
	out.Doc = apitypes.TypedData{Types: apitypes.Types(raw.Types), PrimaryType: raw.PrimaryType, Message: message}
	if err := typedDomain(&out.Doc.Domain, domain); err != nil {
		return out, fmt.Errorf("typed data: %w", err)
	}
	if out.DomainSeparator, out.MessageHash, out.Digest, err = TypedHashes(out.Doc); err != nil {
		return out, fmt.Errorf("typed data: %v", err)
	}
	return out, nil
}

// typedReader reads a document's values against its types.
type typedReader struct {
	types map[string][]apitypes.Type
}

// typeName is an EIP-712 struct name (apitypes's own rule for reference types).
var typeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`) })

// arrayType splits T[], T[k] into T and the length (-1: any).
var arrayType = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.+)\[([0-9]*)\]$`) })

func (td typedReader) checkTypes(primary string) error {
	names := make([]string, 0, len(td.types))
	for n := range td.types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !typeName().MatchString(n) {
			return fmt.Errorf("types: %q is not a struct name (letters, digits, _ and $)", n)
		}
		if _, _, atomic := atomicType(n); atomic {
			// A struct named address would be read as the struct by one reader and as an
			// address by another.
			return fmt.Errorf("types: %q is an atomic type's name; a struct needs another", n)
		}
		if err := td.checkStruct(n); err != nil {
			return err
		}
	}
	dom, ok := td.types["EIP712Domain"]
	if !ok {
		return errors.New("types: EIP712Domain is not declared; expected the domain's fields (name, version, chainId, verifyingContract, salt)")
	}
	for _, f := range dom {
		if want, ok := domainTypes[f.Name]; !ok || want != f.Type {
			return fmt.Errorf("types.EIP712Domain.%s: %s is not a domain field; expected name string, version string, chainId uint256, verifyingContract address or salt bytes32", f.Name, f.Type)
		}
	}
	switch {
	case primary == "":
		return errors.New("primaryType: expected the name of the struct signed, got nothing")
	case primary == "EIP712Domain":
		return errors.New("primaryType: EIP712Domain signs a domain without a message; expected the message's struct")
	case primary == "Permit":
		return errors.New("primaryType: Permit is an EIP-2612 permit (it lets a spender move tokens); `purse sign permit` signs it, identifying its token and spender")
	}
	if _, ok := td.types[primary]; !ok {
		return fmt.Errorf("primaryType: %q is not declared in types", primary)
	}
	return nil
}

// checkStruct refuses a struct whose fields are not each named once with a type.
func (td typedReader) checkStruct(n string) error {
	seen := map[string]bool{}
	for i, f := range td.types[n] {
		switch {
		case f.Name == "":
			return fmt.Errorf("types.%s[%d]: a field without a name", n, i)
		case seen[f.Name]:
			return fmt.Errorf("types.%s: field %q declared twice", n, f.Name)
		}
		seen[f.Name] = true
		if err := td.checkType(f.Type); err != nil {
			return fmt.Errorf("types.%s.%s: %v", n, f.Name, err)
		}
	}
	return nil
}

// checkType refuses a field type that is neither an atomic type, a declared struct, nor an
// array of one of them.
func (td typedReader) checkType(t string) error {
	if m := arrayType().FindStringSubmatch(t); m != nil {
		return td.checkType(m[1])
	}
	if _, ok := td.types[t]; ok {
		return nil
	}
	if _, _, ok := atomicType(t); ok {
		return nil
	}
	return fmt.Errorf("type %q is neither an EIP-712 atomic type nor a declared struct", t)
}

// atomicType reads an atomic type: its kind (uint, int, bytes, fixed bytes, address, bool,
// string) and size (bits of an integer, length of fixed bytes).
func atomicType(t string) (kind string, size int, ok bool) {
	switch t {
	case "address", "bool", "string", "bytes":
		return t, 0, true
	}
	for _, k := range []string{"uint", "int", "bytes"} {
		rest, found := strings.CutPrefix(t, k)
		if !found {
			continue
		}
		n, err := strconv.Atoi(rest)
		if err != nil || rest != strconv.Itoa(n) {
			return "", 0, false
		}
		if k == "bytes" {
			return "bytesN", n, n >= 1 && n <= 32
		}
		return k, n, n >= 8 && n <= 256 && n%8 == 0
	}
	return "", 0, false
}

// object reads a struct of type t at path from raw JSON, appending its values to vals; it
// returns the struct as apitypes hashes it.
func (td typedReader) object(path, t string, raw json.RawMessage, vals *[]TypedValue) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if len(raw) == 0 {
		return nil, fmt.Errorf("%s: expected an object of type %s, got nothing", path, t)
	}
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	out, err := td.value(path, t, v, vals)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

// value reads v as type t: the value apitypes hashes for it.
func (td typedReader) value(path, t string, v any, vals *[]TypedValue) (any, error) {
	if m := arrayType().FindStringSubmatch(t); m != nil {
		items, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("%s: expected an array of %s", path, m[1])
		}
		if m[2] != "" {
			if n, _ := strconv.Atoi(m[2]); n != len(items) {
				return nil, fmt.Errorf("%s: expected %s items (%s), got %d", path, m[2], t, len(items))
			}
		}
		out := make([]any, len(items))
		for i, it := range items {
			var err error
			if out[i], err = td.value(fmt.Sprintf("%s[%d]", path, i), m[1], it, vals); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	if fields, ok := td.types[t]; ok {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: expected an object of type %s", path, t)
		}
		for k := range obj {
			if !slices.ContainsFunc(fields, func(f apitypes.Type) bool { return f.Name == k }) {
				return nil, fmt.Errorf("%s.%s: %s declares no field %q", path, k, t, k)
			}
		}
		out := make(map[string]any, len(fields))
		for _, f := range fields {
			fv, ok := obj[f.Name]
			if !ok {
				return nil, fmt.Errorf("%s.%s: missing (%s declares it, of type %s)", path, f.Name, t, f.Type)
			}
			var err error
			if out[f.Name], err = td.value(path+"."+f.Name, f.Type, fv, vals); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	hashed, shown, err := atomicValue(t, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	*vals = append(*vals, TypedValue{Path: path, Type: t, Value: shown})
	return hashed, nil
}

// integerForm is an integer written in full: decimal without leading zeros, or 0x hex.
var integerForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(-?(0|[1-9][0-9]*)|0x[0-9a-fA-F]+)$`) })

// atomicValue reads v as atomic type t: the value apitypes hashes, and the same in words.
func atomicValue(t string, v any) (any, string, error) {
	kind, size, _ := atomicType(t)
	switch kind {
	case "bool":
		b, ok := v.(bool)
		if !ok {
			return nil, "", errors.New("expected true or false")
		}
		return b, strconv.FormatBool(b), nil
	case "string":
		s, ok := v.(string)
		if !ok {
			return nil, "", errors.New("expected a string")
		}
		return s, s, nil
	case "address":
		return atomicAddress(v)
	case "bytes", "bytesN":
		s, ok := v.(string)
		b, err := hexutil.Decode(s)
		if !ok || err != nil {
			return nil, "", errors.New("expected bytes as 0x and an even number of hex digits")
		}
		if kind == "bytesN" && len(b) != size {
			return nil, "", fmt.Errorf("expected %d bytes (%s), got %d", size, t, len(b))
		}
		return hexutil.Bytes(b), hexutil.Encode(b), nil
	}
	return atomicInteger(t, kind, size, v)
}

// atomicAddress reads v as an address: 0x and 40 hex digits, mixed case only as its
// checksum.
func atomicAddress(v any) (any, string, error) {
	s, ok := v.(string)
	if !ok || !common.IsHexAddress(s) || !strings.HasPrefix(s, "0x") {
		return nil, "", errors.New("expected an address (0x and 40 hex digits)")
	}
	a := common.HexToAddress(s)
	if s[2:] != strings.ToLower(s[2:]) && s[2:] != strings.ToUpper(s[2:]) && s != a.Hex() {
		return nil, "", fmt.Errorf("address %s: its mixed case is not its checksum (%s); a typo?", s, a.Hex())
	}
	return a.Hex(), a.Hex(), nil
}

// atomicInteger reads v as integer type t (kind int or uint, size bits).
func atomicInteger(t, kind string, size int, v any) (any, string, error) {
	var text string
	switch x := v.(type) {
	case string:
		text = x
	case json.Number:
		text = x.String()
	default:
		return nil, "", fmt.Errorf("expected an integer (%s)", t)
	}
	if !integerForm().MatchString(text) {
		return nil, "", fmt.Errorf("%q: expected an integer in decimal digits or 0x hex, without fraction or exponent (%s)", text, t)
	}
	n, _ := new(big.Int).SetString(text, 0)
	lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), uint(size))
	if kind == "int" {
		hi.Rsh(hi, 1)
		lo.Neg(hi)
	}
	if n.Cmp(lo) < 0 || n.Cmp(hi) >= 0 {
		return nil, "", fmt.Errorf("%s is outside %s's range", n, t)
	}
	return n, n.String(), nil
}

// typedDomain fills d from the domain as read (its keys are EIP712Domain's fields, checked).
func typedDomain(d *apitypes.TypedDataDomain, m map[string]any) error {
	for k, v := range m {
		switch k {
		case "name":
			d.Name = v.(string)
		case "version":
			d.Version = v.(string)
		case "chainId":
			d.ChainId = (*math.HexOrDecimal256)(v.(*big.Int))
		case "verifyingContract":
			d.VerifyingContract = v.(string)
		case "salt":
			d.Salt = hexutil.Encode(v.(hexutil.Bytes))
		}
	}
	if len(m) == 0 {
		return errors.New("domain: expected at least one of name, version, chainId, verifyingContract, salt")
	}
	return nil
}

// Typed is the request's document as ParseTypedData reads it.
func (r Request) Typed() (TypedData, error) { return ParseTypedData(r.TypedData) }

func (r Request) checkTypedData(time.Time) error {
	if len(r.TypedData) == 0 {
		return errors.New("typed-data request: expected the EIP-712 document, got nothing")
	}
	_, err := r.Typed()
	return err
}

func typedDataDigest(r Request) (common.Hash, error) {
	td, err := r.Typed()
	return td.Digest, err
}

// SignTypedData signs an EIP-712 document (eth_signTypedData_v4) with s; the signature has
// V = 27/28.
func SignTypedData(s EVMSigner, doc []byte) ([]byte, error) {
	return signEVM(s, Request{Purpose: PurposeTypedData, TypedData: doc}, time.Time{})
}
