package protocol

import (
	"encoding/json"
	"reflect"
	"strings"
)

// Shape is the set of keys a JSON request body has: a signature that covers a body but not
// the path it is sent to (full auth, partner auth) is good for every route whose body has
// this shape, so a signer judges such a signature by the shapes its payload fits.
type Shape struct{ required, optional map[string]bool }

// ShapeOf reads a wire type's shape from its JSON tags: a key without omitempty is required,
// one with it optional.
func ShapeOf(v any) Shape {
	s := Shape{required: map[string]bool{}, optional: map[string]bool{}}
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if strings.Contains(opts, "omitempty") {
			s.optional[name] = true
		} else {
			s.required[name] = true
		}
	}
	return s
}

// Fits says whether the keys of a JSON object are a body of this shape: every required key
// and no key the body does not have. alias maps a key of the object to the shape's name for
// it (a service's own name for a spec's stand-in); nil keeps every key as it is.
func (s Shape) Fits(keys map[string]json.RawMessage, alias func(string) string) bool {
	seen := map[string]bool{}
	for k := range keys {
		if alias != nil {
			k = alias(k)
		}
		if !s.required[k] && !s.optional[k] || seen[k] {
			return false
		}
		seen[k] = true
	}
	for k := range s.required {
		if !seen[k] {
			return false
		}
	}
	return true
}
