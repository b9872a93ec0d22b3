package protocol

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"purse/internal/strictjson"
)

// What a signed payload can authorise. A signature that covers a payload but not the path it
// is sent to (full auth, partner auth) is good for every route whose request that payload can
// be, so a signer judges it by parsing all of it against the route table, once, here: the
// end-user and partner tables give their routes (PayloadTable), the gate's review, the agent's
// policy and the proxy read the same judgement. A shortcut (the first byte, the keys only)
// would let a payload the service reads as a card block pass as a read.

// PayloadRoute is what a route of a table takes as its signed payload.
type PayloadRoute struct {
	// Body is the route's body as the client sends it (a struct value of its wire type); nil
	// for a route without a body (a GET). A key without omitempty is required.
	Body any
	// Query lists the parameters of a GET's query, each required once; none: the route is
	// signed over the empty query only.
	Query []string
}

// PayloadTable is a route table as a signer judges payloads against it.
type PayloadTable struct {
	routes []payloadRoute
	// emptyBodyReads: the empty object is also a request of every route without a body
	// (the end-user client sends {} for a read a profile makes a POST).
	emptyBodyReads bool
}

type payloadRoute struct {
	body  *jsonType // nil: no body
	query []string
}

// NewPayloadTable describes each route's body from its Go wire type by reflection: the keys
// from the JSON tags, and for each key the JSON it takes, as encoding/json decodes it into
// the field. It panics on a wire type it cannot describe (a programming error, found by the
// first test that judges a payload).
func NewPayloadTable(routes []PayloadRoute, emptyBodyReads bool) *PayloadTable {
	t := &PayloadTable{emptyBodyReads: emptyBodyReads}
	for _, r := range routes {
		pr := payloadRoute{query: r.Query}
		if r.Body != nil {
			pr.body = describe(reflect.TypeOf(r.Body), "")
			if pr.body.kind != kindObject {
				panic(fmt.Sprintf("protocol: a route's body %T is not a JSON object", r.Body))
			}
			if len(r.Query) > 0 {
				panic(fmt.Sprintf("protocol: a route with a body (%T) declares a query: a full-auth payload is one or the other", r.Body))
			}
		}
		t.routes = append(t.routes, pr)
	}
	return t
}

// Judgement is what a payload can be a request of.
type Judgement struct {
	// Fits lists the indexes, in the table, of the routes whose request the payload is.
	Fits []int
	// Body is the JSON text when the payload is a JSON body (what follows a leading UTF-8
	// BOM), nil otherwise: a JSON value that fits no route is a body too.
	Body []byte
}

// Judge parses all of payload, once, and says which routes' request it is:
//   - the empty payload is the request of each route without a body that takes no query;
//   - a payload that is one JSON value after optional JSON whitespace and UTF-8 BOMs (as a
//     server that skips them reads it) is a body: parsed strictly (all of it, valid UTF-8,
//     no key twice at any depth), an object is the request of each route whose body takes
//     exactly its keys (every required one, none it lacks) with values of the JSON type its
//     field decodes (a string, a number as the field's Go type takes it, a bool, an object,
//     an array; null only where the field is a pointer, slice or map); the empty object also of each route without a body that takes
//     no query, when the table says so (emptyBodyReads). alias maps a key to the table's name
//     for it (a service's own name for the spec's stand-in), at any depth; nil keeps keys;
//   - a payload made only of the characters a URL's query carries is a query: it is the
//     request of each route without a body whose declared parameters are exactly its keys,
//     each once;
//
// anything else (null, a number, a string, an array, invalid JSON or UTF-8, a query no route
// takes) is the request of no route: a payload the table does not know, which a signer gives
// its strictest line.
func (t *PayloadTable) Judge(payload []byte, alias func(string) string) Judgement {
	var j Judgement
	if len(payload) == 0 {
		for i, r := range t.routes {
			if r.body == nil && len(r.query) == 0 {
				j.Fits = append(j.Fits, i)
			}
		}
		return j
	}
	if !utf8.Valid(payload) {
		return j
	}
	if text := leadingBOMs(payload); text != nil {
		if v, err := strictjson.Parse(text); err == nil {
			j.Body = text
			obj, ok := v.(map[string]any)
			if !ok {
				return j
			}
			for i, r := range t.routes {
				if r.body != nil && r.body.fits(obj, alias) || r.body == nil && len(r.query) == 0 && t.emptyBodyReads && len(obj) == 0 {
					j.Fits = append(j.Fits, i)
				}
			}
			return j
		}
	}
	q, ok := queryOf(payload)
	if !ok {
		return j
	}
	for i, r := range t.routes {
		if r.body == nil && len(r.query) > 0 && sameKeys(q, r.query) {
			j.Fits = append(j.Fits, i)
		}
	}
	return j
}

// leadingBOMs is payload after the JSON whitespace and UTF-8 BOMs it starts with, when what
// follows can begin a JSON value; nil otherwise.
func leadingBOMs(payload []byte) []byte {
	rest := payload
	for {
		trimmed := bytes.TrimLeft(rest, " \t\r\n")
		trimmed = bytes.TrimPrefix(trimmed, []byte("\uFEFF"))
		if len(trimmed) == len(rest) {
			break
		}
		rest = trimmed
	}
	if len(rest) == 0 || !strings.ContainsRune(`{["-0123456789tfn`, rune(rest[0])) {
		return nil
	}
	// The BOMs are not JSON; the whitespace is, and a strict parse keeps it.
	if i := bytes.LastIndex(payload[:len(payload)-len(rest)], []byte("\uFEFF")); i >= 0 {
		return payload[i+len("\uFEFF"):]
	}
	return payload
}

// queryOf reads payload as a URL's raw query: only the characters RFC 3986 allows there
// (unreserved, percent-encoded, sub-delims, ':', '@', '/', '?'), every pair parsing, no
// parameter twice.
func queryOf(payload []byte) (url.Values, bool) {
	for _, c := range payload {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~%!$&'()*+,;=:@/?", c) >= 0
		if !ok {
			return nil, false
		}
	}
	q, err := url.ParseQuery(string(payload))
	if err != nil {
		return nil, false
	}
	for _, vs := range q {
		if len(vs) != 1 {
			return nil, false
		}
	}
	return q, true
}

func sameKeys(q url.Values, params []string) bool {
	if len(q) != len(params) {
		return false
	}
	for _, p := range params {
		if _, ok := q[p]; !ok {
			return false
		}
	}
	return true
}

// jsonType is what JSON a Go wire type takes.
type jsonType struct {
	kind jsonKind
	// fields of an object (a struct): by key, whether required.
	fields map[string]jsonField
	// elem of an array or a map.
	elem *jsonType
	// nullable: null is a value of it (a pointer, a slice, a map or an interface: the client
	// sends null for a nil one without omitempty, and encoding/json reads it as nil).
	nullable bool
	// holder, for a leaf: a struct with one field "v" of the leaf's type and tag options, so a
	// value is checked by decoding it exactly as encoding/json decodes it into the field.
	holder reflect.Type
	// plain, for a leaf of a string, bool or number kind that decodes itself in no way of its
	// own: checked as encoding/json's literalStore checks it, without a round trip.
	plain reflect.Type
}

type jsonField struct {
	t        *jsonType
	required bool
}

type jsonKind int

const (
	kindLeaf   jsonKind = iota // a string, number or bool, or a type that decodes itself
	kindObject                 // a struct: the keys of its fields
	kindMap                    // any keys
	kindArray
	kindAny // an interface: anything but null
)

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType      = reflect.TypeFor[json.Number]()
)

// describe reads what JSON t takes; opts are the tag options of the field it is the type of.
func describe(t reflect.Type, opts string) *jsonType {
	jt := describeType(t, opts)
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		jt.nullable = true
	}
	return jt
}

func describeType(t reflect.Type, opts string) *jsonType {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	leaf := func() *jsonType {
		holder := reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: reflect.StructTag(`json:"v` + opts + `"`)}})
		return &jsonType{kind: kindLeaf, holder: holder}
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) || strings.Contains(opts, ",string") {
		return leaf()
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		l := leaf()
		if t != numberType { // json.Number, a string kind, takes a number or a numeric string
			l.plain = t
		}
		return l
	case reflect.Interface:
		return &jsonType{kind: kindAny}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return leaf() // base64 text
		}
		return &jsonType{kind: kindArray, elem: describe(t.Elem(), "")}
	case reflect.Array:
		return &jsonType{kind: kindArray, elem: describe(t.Elem(), "")}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			panic(fmt.Sprintf("protocol: cannot describe a body with %v", t))
		}
		return &jsonType{kind: kindMap, elem: describe(t.Elem(), "")}
	case reflect.Struct:
		o := &jsonType{kind: kindObject, fields: map[string]jsonField{}}
		addFields(o, t)
		return o
	}
	panic(fmt.Sprintf("protocol: cannot describe a body with %v", t))
}

// addFields adds the keys of struct t as encoding/json writes them: a field's tag name or
// its own name, "-" skipped, an untagged embedded struct's fields promoted.
func addFields(o *jsonType, t reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addFields(o, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if opts != "" {
			opts = "," + opts
		}
		o.fields[name] = jsonField{t: describe(f.Type, opts), required: !strings.Contains(opts, ",omitempty") && !strings.Contains(opts, ",omitzero")}
	}
}

// fits says whether v, as strictjson.Parse reads it, is JSON this type takes.
func (t *jsonType) fits(v any, alias func(string) string) bool {
	if v == nil {
		return t.nullable // elsewhere a server may read null as absent or refuse it
	}
	switch t.kind {
	case kindAny:
		return true
	case kindObject:
		obj, ok := v.(map[string]any)
		if !ok {
			return false
		}
		seen := map[string]bool{}
		for k, fv := range obj {
			if alias != nil {
				k = alias(k)
			}
			f, known := t.fields[k]
			if !known || seen[k] || !f.t.fits(fv, alias) {
				return false
			}
			seen[k] = true
		}
		for k, f := range t.fields {
			if f.required && !seen[k] {
				return false
			}
		}
		return true
	case kindMap:
		obj, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, fv := range obj {
			if !t.elem.fits(fv, alias) {
				return false
			}
		}
		return true
	case kindArray:
		arr, ok := v.([]any)
		if !ok {
			return false
		}
		for _, e := range arr {
			if !t.elem.fits(e, alias) {
				return false
			}
		}
		return true
	}
	if t.plain != nil {
		return plainFits(t.plain, v)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(append(append([]byte(`{"v":`), raw...), '}'), reflect.New(t.holder).Interface()) == nil
}

// plainFits is what encoding/json decodes into a field of plain type t: a string kind takes a
// string, a bool kind a bool, a number kind a number its strconv parse takes and the kind
// holds (5 for an int, not 5.0 nor 1e0; -0 is 0).
func plainFits(t reflect.Type, v any) bool {
	switch t.Kind() {
	case reflect.String:
		_, ok := v.(string)
		return ok
	case reflect.Bool:
		_, ok := v.(bool)
		return ok
	}
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	z := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := strconv.ParseInt(string(n), 10, 64)
		return err == nil && !z.OverflowInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u, err := strconv.ParseUint(string(n), 10, 64)
		return err == nil && !z.OverflowUint(u)
	}
	f, err := strconv.ParseFloat(string(n), t.Bits())
	return err == nil && !z.OverflowFloat(f)
}
