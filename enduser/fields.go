package enduser

import (
	"encoding/json"
	"reflect"
	"strings"
)

// TransactionFields lists every field of a record in wire order as (JSON name, value)
// pairs, empty ones included, for detail views that must show the whole record.
func TransactionFields(t Transaction) [][2]string { return ResultFields(t) }

// ResultFields lists the fields of a decoded result in its model's order as (JSON name,
// value) pairs, empty ones included: a struct's JSON fields (an embedded struct's among
// them), each value as its JSON text with strings unquoted; a nil pointer has none; any
// other value is one pair named "result". Every reader of a route's result (purse read,
// the Requests screen, the history export) lists it this way.
func ResultFields(x any) [][2]string {
	v := reflect.ValueOf(x)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return nil
	}
	if v.Kind() != reflect.Struct {
		return [][2]string{{"result", fieldText(v.Interface())}}
	}
	return structFields(v, nil)
}

func structFields(v reflect.Value, out [][2]string) [][2]string {
	typ := v.Type()
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			out = structFields(v.Field(i), out)
			continue
		}
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		out = append(out, [2]string{name, fieldText(v.Field(i).Interface())})
	}
	return out
}

// fieldText is a value as its JSON text, with strings unquoted and null as "".
func fieldText(x any) string {
	b, err := json.Marshal(x)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	s := string(b)
	switch {
	case s == "null" || s == `""` || s == "[]":
		return ""
	case strings.HasPrefix(s, `"`):
		var u string
		if json.Unmarshal(b, &u) == nil {
			return u
		}
	}
	return s
}
