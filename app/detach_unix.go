//go:build unix

package app

import "syscall"

// detachAttr puts the detached agent in its own session: no controlling terminal, and a
// ctrl+c in the shell that started it does not reach it.
func detachAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
