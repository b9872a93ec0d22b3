// Package sandboxctl is what `purse` knows of the sandbox without linking it: the control
// client of a running sandbox (/sandbox/...), the facts it announces (Info, and a profile
// built from them), the sandbox captcha, one-step onboarding through the real API, and
// Launch, which starts the separate `purse-sandbox` binary when nothing answers. The
// servers themselves (a simulated EVM among them) live in package sandbox, which only
// cmd/purse-sandbox and tests import: a signing tool carries no node.
package sandboxctl
