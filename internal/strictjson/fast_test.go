package strictjson

import (
	"fmt"
	"strings"
	"testing"
)

// agreeSeeds are inputs where a lazier one-pass reader would part from the walker: keys that
// are equal only once decoded (escapes, invalid UTF-8 read as U+FFFD, case folding beyond
// ASCII), equal keys in sibling objects (allowed), strings holding what looks like syntax,
// long objects (the Fold set), depth at and past the bound.
var agreeSeeds = []string{
	`{"op":"sign","op":"status"}`,
	`{"op":"sign","\u006fp":"status"}`,
	"{\"\xff\":1,\"\xfe\":2}",
	"{\"a\xff\":1,\"a\":2}",
	`{"sk":1,"\u017fk":2}`,
	`{"k":1,"\u212a":2}`,
	`{"k":1,"K\u200b":2}`,
	`{"a":{"x":1},"b":{"x":1}}`,
	`[{"a":1},{"a":1}]`,
	`{"a":{"b":1},"b":2,"a ":3}`,
	`{"a":"\",\"a\":","b":1}`,
	`{"a":"x","b":{"a":[{"a":{"a":1}}],"c":1},"c":2}`,
	`{"a":1,"b":[1,2,{"c":3,"c":4}]}`,
	`{"":1,"":2}`,
	`{"a\\":1,"a\\":2}`,
	`{"a":1}{"b":2}`,
	` {"a":1} `,
	"\ufeff{\"a\":1}",
	`null`,
	``,
	manyKeysObject(40, -1),
	manyKeysObject(40, 35),
	manyKeysObject(40, 3),
	strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	strings.Repeat(`{"a":`, MaxDepth) + "1" + strings.Repeat("}", MaxDepth),
}

// manyKeysObject is an object of n keys, the one at dup spelt as key 0 in upper case.
func manyKeysObject(n, dup int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		k := fmt.Sprintf("key%d", i)
		if i == dup {
			k = "KEY0"
		}
		fmt.Fprintf(&b, "%q:%d", k, i)
	}
	b.WriteString("}")
	return b.String()
}

func walkerVerdict(data []byte) bool {
	_, err := walkAll(data, false)
	return err == nil
}

func TestValidAgreesWithTheWalker(t *testing.T) {
	for _, s := range agreeSeeds {
		if got, want := valid([]byte(s)), walkerVerdict([]byte(s)); got != want {
			t.Errorf("%.80q: one pass says %v, the walker %v", s, got, want)
		}
	}
	// The cases the walker's own test refuses, each refused by Unmarshal with the walker's
	// words.
	for _, c := range []struct{ in, err string }{
		{`{"op":"sign","OP":"status"}`, `keys "op" and "OP"`},
		{manyKeysObject(40, 35), `keys "key0" and "KEY0"`},
		{"{\"\xff\":1,\"\xfe\":2}", "key \"\ufffd\" twice"},
	} {
		var v map[string]any
		if err := Unmarshal([]byte(c.in), &v, false); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%.60q: %v, want an error with %q", c.in, err, c.err)
		}
	}
}

// FuzzValidAgreesWithTheWalker holds the one-pass check that Unmarshal runs on every message
// to the walker's verdict, for any input.
func FuzzValidAgreesWithTheWalker(f *testing.F) {
	for _, s := range agreeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := valid(data), walkerVerdict(data); got != want {
			t.Fatalf("%q: one pass says %v, the walker %v", data, got, want)
		}
	})
}
