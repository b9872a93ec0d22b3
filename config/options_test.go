package config

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/settings.md's settings table")

// Every setting is declared whole: a doc, an example `profile set` takes and `profile show`
// then lists, a check that refuses a bogus value (naming the key) and leaves the profile as
// it was, its values accepted when it is enumerated, its default one of them, and a place
// in completion.
func TestOptionsAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for i := range Options {
		o := &Options[i]
		t.Run(o.Key, func(t *testing.T) {
			if o.Doc == "" || o.get == nil || o.set == nil || o.check == nil {
				t.Fatalf("%s: a doc, a read, a write and a check are each needed", o.Key)
			}
			if seen[o.Key] {
				t.Fatalf("%s declared twice", o.Key)
			}
			seen[o.Key] = true
			key, value, ok := strings.Cut(o.Example, "=")
			if !ok {
				t.Fatalf("%s: example %q is not KEY=VALUE", o.Key, o.Example)
			}
			if got, _, ok := LookupOption(key); !ok || got != o {
				t.Fatalf("%s: the example's key %q is another setting's", o.Key, key)
			}
			p := SandboxProfile(DefaultSandboxAddr)
			if err := p.Set(key, value); err != nil {
				t.Fatalf("%s: the example is refused: %v", o.Example, err)
			}
			// profile show lists it as set, in a form set takes back unchanged.
			i := slices.IndexFunc(p.Settings(), func(st Setting) bool { return st.Key == key })
			if i < 0 || p.Settings()[i].Default {
				t.Fatalf("%s: profile show does not list it as set: %v", o.Example, p.Settings())
			}
			again := p.clone()
			if err := again.Set(key, p.Settings()[i].Value); err != nil || !slices.Equal(again.Settings(), p.Settings()) {
				t.Fatalf("%s: what profile show lists (%q) is not taken back as it is: %v", o.Example, p.Settings()[i].Value, err)
			}
			// A bogus value is refused, naming the setting, and the profile stays as it was. A
			// map's entry may take any value its check is not about (a layout is checked where
			// it is parsed): the entry's name is then what is checked.
			tried := p.clone()
			refused := tried.Set(key, "\x01 bogus value")
			if refused == nil && o.IsMap() {
				tried = p.clone()
				refused = tried.Set(o.prefix+"\x01bogus", value)
			}
			if refused == nil {
				t.Fatalf("%s: nothing refuses a bogus value", o.Key)
			}
			if !strings.Contains(refused.Error(), cutPlaceholder(o)) {
				t.Fatalf("%s: the refusal does not name the setting: %v", o.Key, refused)
			}
			if !slices.Equal(tried.Settings(), p.Settings()) {
				t.Fatalf("%s: a refused value changed the profile", o.Key)
			}
			for _, v := range o.Values {
				if err := SandboxProfile(DefaultSandboxAddr).Set(key, v); err != nil {
					t.Fatalf("%s=%s: %v", key, v, err)
				}
				if !slices.Contains(Completions(key+"="), key+"="+v) {
					t.Fatalf("completion of %s= lacks %s", key, v)
				}
			}
			if o.Default != "" && len(o.Values) > 0 && !slices.Contains(o.Values, o.Default) {
				t.Fatalf("%s: default %q is not one of %v", o.Key, o.Default, o.Values)
			}
			done := key + "="
			if o.IsMap() {
				done = o.prefix
			}
			if !slices.Contains(Completions(""), done) {
				t.Fatalf("completion does not offer %s", done)
			}
		})
	}
	if _, _, ok := LookupOption("colour"); ok {
		t.Fatal("an unknown key found an option")
	}
}

// cutPlaceholder is what every refusal of o names: its key, or a map's prefix.
func cutPlaceholder(o *Option) string {
	if o.IsMap() {
		return strings.TrimSuffix(o.prefix, ".")
	}
	return o.Key
}

// docs/settings.md's table is the one Options writes (go test ./config -run TestREADME -update
// rewrites it).
func TestREADMESettingsTable(t *testing.T) {
	const begin, end = "<!-- settings:begin -->\n", "<!-- settings:end -->"
	b, err := os.ReadFile("../docs/settings.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("docs/settings.md has no %q … %q section", begin, end)
	}
	want := MarkdownTable()
	if got := s[i+len(begin) : j]; got != want {
		if !*update {
			t.Fatalf("docs/settings.md's settings table is not the one config.Options writes; run go test ./config -run TestREADMESettingsTable -update\n%s", want)
		}
		if err := os.WriteFile("../docs/settings.md", []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
