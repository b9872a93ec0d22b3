//go:build !unix

package keystore

import (
	"errors"
	"math/big"
)

var errNoMlock = errors.New("mlock: not supported on this OS")

func lockWords([]big.Word) error { return errNoMlock }

func lockBytes([]byte) error { return errNoMlock }
