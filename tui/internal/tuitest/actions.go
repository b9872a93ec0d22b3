package tuitest

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// NotNow is the footer's note that cmd carries when it is a key's refusal (kit.Actions:
// "c copy: not now, <reason>."), "" when cmd is anything else.
func NotNow(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	msg, ok := cmd().(kit.StatusMsg)
	if !ok || !strings.Contains(msg.Text, ": not now, ") {
		return ""
	}
	return msg.Text
}

// HelpOf is the help line of the binding for keyName in groups ("c  copy (off: …)" as its
// key and description joined by a space), "" when no binding of groups has that key.
func HelpOf(groups [][]key.Binding, keyName string) string {
	for _, g := range groups {
		for _, b := range g {
			for _, k := range b.Keys() {
				if k == keyName && b.Enabled() {
					return b.Help().Key + " " + b.Help().Desc
				}
			}
		}
	}
	return ""
}
