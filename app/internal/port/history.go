package port

import (
	"time"
)

// History is what the account's history (app/history) uses of the core beyond Session: the
// export files' names, which the core's start-up sweep must tell from every other file of
// the exports folder.
type History interface {
	Session
	// WriteExport writes data to a new file transactions-<UTC time of now>.<ext> of dir
	// (app.ExportDir), adding -2, -3, ... when an export of the same second exists: never
	// replacing a file, mode 0600, and all or nothing.
	WriteExport(dir, ext string, now time.Time, data []byte) (string, error)
}

// HistoryOf is the history's session of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var HistoryOf func(core any) (History, bool)
