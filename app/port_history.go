package app

import (
	"time"
)

// What the transaction history (app/history) asks of the core beyond Session (port.History).

func (p session) WriteExport(dir, ext string, now time.Time, data []byte) (string, error) {
	return writeExport(dir, ext, now, data)
}
