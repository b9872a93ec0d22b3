//go:build !unix

package app

import "syscall"

func detachAttr() *syscall.SysProcAttr { return nil }
