//go:build !linux

package sandboxctl

import "os/exec"

// setParentDeath has no portable equivalent outside Linux; Close stops the sandbox.
func setParentDeath(*exec.Cmd) {}
