package app

import (
	"time"

	"purse/app/internal/port"
)

// session is also App as the account's history (app/history) sees it (port.History).
func init() {
	port.HistoryOf = func(core any) (port.History, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) WriteExport(dir, ext string, now time.Time, data []byte) (string, error) {
	return writeExport(dir, ext, now, data)
}
