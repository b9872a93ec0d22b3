package protocol

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"purse/internal/strictjson"
)

type (
	blockWire struct {
		Card   string `json:"card"`
		Status int    `json:"status"`
	}
	pageWire struct {
		Size   int      `json:"size,omitempty"`
		Cursor *int64   `json:"cursor,omitempty"`
		Types  []string `json:"types,omitempty"`
		Live   bool     `json:"live,omitempty"`
	}
	pairsWire struct {
		Pairs []struct {
			ID   int64  `json:"svcId"`
			Hash string `json:"hash"`
		} `json:"pairs"`
	}
	numberWire struct {
		Amount json.Number `json:"amount"`
		Count  int64       `json:"count,string,omitempty"`
	}
)

// A table of every kind of row: a read without a query, a read with one, bodies of each type.
var testTable = NewPayloadTable([]PayloadRoute{
	{},                           // 0: GET, no query
	{Query: []string{"id", "n"}}, // 1: GET ?id=&n=
	{Body: blockWire{}},          // 2
	{Body: pageWire{}},           // 3: every key optional: {} too
	{Body: pairsWire{}},          // 4
	{Body: numberWire{}},         // 5
	{Body: struct{}{}},           // 6: the empty object only
}, true)

func TestJudgeParsesAllOfThePayload(t *testing.T) {
	alias := func(k string) string {
		if k == "urId" {
			return "svcId"
		}
		return k
	}
	for _, c := range []struct {
		payload string
		fits    []int
		body    bool
	}{
		{"", []int{0}, false},
		{`{"card":"9","status":0}`, []int{2}, true},
		// JSON whitespace and BOMs before the body, whitespace anywhere: the same body.
		{" {\"card\":\"9\",\"status\":0}", []int{2}, true},
		{"\n\t\r\n{ \"card\" : \"9\" ,\n\"status\":0 }\n", []int{2}, true},
		{"\uFEFF{\"card\":\"9\",\"status\":0}", []int{2}, true},
		{" \uFEFF {\"card\":\"9\",\"status\":0}", []int{2}, true},
		// Escapes and key order are the same body; number spellings as an int decodes them.
		{`{"status":0,"c\u0061rd":"\u0039"}`, []int{2}, true},
		{`{"card":"9","status":-0}`, []int{2}, true},
		{`{"card":"9","status":0.0}`, nil, true}, // encoding/json refuses 0.0 for an int: unknown
		{`{"card":"9","status":0e0}`, nil, true},
		{`{"card":9,"status":0}`, nil, true},     // a number where a string is taken
		{`{"card":"9","status":"0"}`, nil, true}, // a string where a number is taken
		{`{"card":null,"status":0}`, nil, true},  // null where the client sends a string
		{`{"card":"9","status":0,"card":"9"}`, nil, false},
		{`{"card":"9","status":0,"Card":"8"}`, nil, false}, // the same key to a decoder that ignores case
		{`{"card":"9","status":0} x`, nil, false},
		{`{"card":"9","status":0}{}`, nil, false},
		{`{"card":"9","status":0}` + "\uFEFF", nil, false},
		{"{\"card\":\"\xff\",\"status\":0}", nil, false}, // invalid UTF-8
		{`{}`, []int{0, 3, 6}, true},                     // a GET made a POST, the optional body, the empty one
		{`null`, nil, true},
		{` null`, nil, true},
		{`0`, nil, true},
		{`"card=9"`, nil, true},
		{`[{"card":"9","status":0}]`, nil, true},
		{` {}`, []int{0, 3, 6}, true},
		{`{"size":5,"cursor":null,"types":["a"],"live":true}`, []int{3}, true},
		{`{"size":5,"types":"a"}`, nil, true},
		{`{"size":5,"types":[1]}`, nil, true},
		{`{"size":5,"live":1}`, nil, true},
		{`{"pairs":[{"svcId":1,"hash":"h"},{"urId":2,"hash":"g"}]}`, []int{4}, true},
		{`{"pairs":[{"svcId":1,"hash":"h","x":1}]}`, nil, true},
		{`{"pairs":[{"svcId":1,"svcId":2,"hash":"h"}]}`, nil, false},
		{`{"pairs":[{"svcId":1,"urId":2,"hash":"h"}]}`, nil, true}, // the account id twice, once by its alias
		{`{"amount":1.50}`, []int{5}, true},
		{`{"amount":"1.50"}`, []int{5}, true}, // json.Number takes a numeric string
		{`{"amount":"one"}`, nil, true},
		{`{"amount":1,"count":"7"}`, []int{5}, true},
		{`{"amount":1,"count":7}`, nil, true},
		// Queries: only a GET that takes exactly their parameters, each once.
		{"id=1&n=2", []int{1}, false},
		{"n=2&id=%31", []int{1}, false},
		{"id=1", nil, false},
		{"id=1&n=2&n=3", nil, false},
		{"id=1&n=2&x=3", nil, false},
		{" id=1&n=2", nil, false},
		{"id=1&n=2 ", nil, false},
		{"id=%zz&n=2", nil, false},
		{"id={}&n=2", nil, false},
		{" ", nil, false},
		{"\uFEFF", nil, false},
		{"{", nil, false},
	} {
		j := testTable.Judge([]byte(c.payload), alias)
		if !slices.Equal(j.Fits, c.fits) || (j.Body != nil) != c.body {
			t.Errorf("%q: fits %v (body %v), want %v (body %v)", c.payload, j.Fits, j.Body != nil, c.fits, c.body)
		}
	}
}

// The body a judgement hands on is the JSON after the BOMs: encoding/json reads it as the
// route's body.
func TestJudgeBodyDecodes(t *testing.T) {
	j := testTable.Judge([]byte("\uFEFF\n{\"card\":\"9\",\"status\":1}"), nil)
	var b blockWire
	if err := json.Unmarshal(j.Body, &b); err != nil || b != (blockWire{"9", 1}) {
		t.Fatalf("%q: %+v %v", j.Body, b, err)
	}
}

func TestNewPayloadTableRefusesARowItCannotJudge(t *testing.T) {
	for name, row := range map[string]PayloadRoute{
		"a body that is no object": {Body: []string{}},
		"a body and a query":       {Body: blockWire{}, Query: []string{"a"}},
		"a field JSON has no form": {Body: struct {
			C chan int `json:"c"`
		}{}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			NewPayloadTable([]PayloadRoute{row}, false)
		}()
	}
}

// The plain leaves are checked without a round trip through encoding/json: each takes
// exactly what encoding/json decodes into a field of its type.
func TestPlainLeavesDecodeAsEncodingJSON(t *testing.T) {
	values := []string{`"x"`, `""`, `true`, `false`, `0`, `-0`, `1`, `-1`, `1.0`, `1e0`, `1E+0`, `0.5`, `-0.0`,
		`255`, `256`, `-129`, `65535`, `65536`, `2147483648`, `9223372036854775807`, `9223372036854775808`,
		`18446744073709551615`, `18446744073709551616`, `1e39`, `3.5e38`, `1e309`, `"5"`, `00`}
	for _, typ := range []any{"", true, int(0), int8(0), int16(0), int32(0), int64(0), uint(0), uint8(0), uint16(0), uint32(0), uint64(0), float32(0), float64(0)} {
		rt := reflect.TypeOf(typ)
		jt := describe(rt, "")
		if jt.plain == nil {
			t.Fatalf("%v is no plain leaf", rt)
		}
		for _, raw := range values {
			v, err := strictjson.Parse([]byte(raw))
			if err != nil {
				continue // not JSON (00): never reaches a leaf
			}
			want := json.Unmarshal([]byte(raw), reflect.New(rt).Interface()) == nil
			if got := jt.fits(v, nil); got != want {
				t.Errorf("%s into %v: fits %v, encoding/json decodes it: %v", raw, rt, got, want)
			}
		}
	}
}
