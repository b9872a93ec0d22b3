package enduser

import (
	"encoding/json"
	"reflect"
	"strings"
)

// TransactionFields lists every field of a record in wire order as (JSON name, value)
// pairs, empty ones included, for detail views that must show the whole record.
func TransactionFields(t Transaction) [][2]string {
	v := reflect.ValueOf(t)
	typ := v.Type()
	out := make([][2]string, 0, typ.NumField())
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
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
