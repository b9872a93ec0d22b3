package main

import (
	"strings"
	"testing"
)

// The shell completes values, not only commands and settings: --profile and profile NAME to
// the home's profiles, --key and key LABEL to its key labels (with kind and address), --preset
// to the presets. Nothing is unlocked.
func TestCompletionOfValues(t *testing.T) {
	devKeyEnv(t)
	if _, e, c := purse(t, "", "profile", "add", "qa", "--preset", "ur-testnet"); c != exitOK {
		t.Fatal(e)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "--profile", ""}, []string{"qa", "sandbox"}},
		{[]string{"__complete", "profile", "use", ""}, []string{"qa", "sandbox"}},
		{[]string{"__complete", "key", "show", ""}, []string{"dev\tevm 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}},
		{[]string{"__complete", "sign", "personal", "--key", ""}, []string{"dev\tevm"}},
		{[]string{"__complete", "profile", "add", "x", "--preset", ""}, []string{"ur-mainnet", "ur-preview", "ur-testnet"}},
	} {
		out, e, code := purse(t, "", c.args...)
		for _, w := range c.want {
			if code != exitOK || !strings.Contains(out, w) {
				t.Errorf("%v: %d %q %s, want %q", c.args, code, out, e, w)
			}
		}
	}
}
