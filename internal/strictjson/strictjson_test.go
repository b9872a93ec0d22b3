package strictjson

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseRefusesWhatTwoReadersReadTwoWays(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		{`{"op":"sign","op":"status"}`, `key "op" twice`},
		{`{"a":{"b":1,"b":2}}`, `$["a"]: key "b" twice`},
		{`[{"x":1},{"y":1,"y":1}]`, `$[1]: key "y" twice`},
		{`{"op":"sign","OP":"status"}`, `keys "op" and "OP"`},
		{`{"sk":1,"\u017fk":2}`, `keys "sk" and "ſk"`}, // ſ folds to s, as encoding/json matches it
		{`{"a":1}{"b":2}`, "data after the JSON value"},
		{`1 2`, "data after the JSON value"},
		{``, "no JSON value"},
		{`   `, "no JSON value"},
		{`{"a":1,}`, "invalid character"},
		{`{"a":1`, "EOF"},
		{strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), "nested deeper"},
	} {
		_, err := Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %v, want an error with %q", c.in, err, c.err)
		}
	}
}

func TestParseReadsOneValue(t *testing.T) {
	for in, want := range map[string]any{
		` {"a":[1,"x",true,null,{}]} ` + "\n": map[string]any{"a": []any{json.Number("1"), "x", true, nil, map[string]any{}}},
		`"s"`:                                 "s",
		`null`:                                nil,
		`-0`:                                  json.Number("-0"),
		`{"\u0061":1,"b":1e0}`:                map[string]any{"a": json.Number("1"), "b": json.Number("1e0")},
		`{"k":1,"K\u200b":2}`:                 map[string]any{"k": json.Number("1"), "K\u200b": json.Number("2")},
	} {
		got, err := Parse([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %#v (%v), want %#v", in, got, err, want)
		}
	}
}

func TestUnmarshal(t *testing.T) {
	var m struct {
		Op string `json:"op"`
	}
	if err := Unmarshal([]byte(`{"op":"sign"}`), &m, true); err != nil || m.Op != "sign" {
		t.Fatalf("%+v %v", m, err)
	}
	if err := Unmarshal([]byte(`{"op":"sign","x":1}`), &m, true); err == nil || !strings.Contains(err.Error(), "unknown field") {
		t.Fatalf("an unknown field: %v", err)
	}
	if err := Unmarshal([]byte(`{"op":"sign","Op":"stop"}`), &m, false); err == nil {
		t.Fatalf("a key twice under case folding was read: %+v", m)
	}
}

func TestFoldIsEqualFold(t *testing.T) {
	words := []string{"op", "OP", "Op", "ſk", "SK", "sk", "K", "k", "\u212a", "é", "É", "straße", "STRASSE"}
	for _, a := range words {
		for _, b := range words {
			if (Fold(a) == Fold(b)) != strings.EqualFold(a, b) {
				t.Errorf("Fold(%q)==Fold(%q) is %v, EqualFold %v", a, b, Fold(a) == Fold(b), strings.EqualFold(a, b))
			}
		}
	}
}
