package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"sync"

	"purse/altchain/altchaintest"
	"purse/internal/atomicfile"
)

// ledgerFile keeps the Solana ledger in a file: written whenever it changed.
type ledgerFile struct {
	path string
	sol  *altchaintest.Sandbox
	log  *slog.Logger

	mu   sync.Mutex
	last []byte // what the file holds
}

func (l *ledgerFile) load() error {
	b, err := os.ReadFile(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sandbox Solana ledger: %v", err)
	}
	var led altchaintest.Ledger
	if err := json.Unmarshal(b, &led); err != nil {
		return fmt.Errorf("sandbox Solana ledger %s: %v (start the sandbox afresh)", l.path, err)
	}
	l.sol.RestoreLedger(led)
	l.last = b
	return nil
}

// save writes the ledger when it differs from the file; a nil ledgerFile (no state dir)
// keeps nothing.
func (l *ledgerFile) save() {
	if l == nil {
		return
	}
	b, err := json.Marshal(l.sol.Ledger())
	if err != nil {
		l.log.Error("encoding the Solana ledger", "err", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if bytes.Equal(b, l.last) {
		return
	}
	if err := atomicfile.Write(l.path, b, 0o600); err != nil {
		l.log.Error("writing the Solana ledger", "path", l.path, "err", err)
		return
	}
	l.last = b
}

// saving writes the ledger after each request h served.
func (l *ledgerFile) saving(h http.Handler) http.Handler {
	if l == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.Method != http.MethodGet {
			l.save()
		}
	})
}
