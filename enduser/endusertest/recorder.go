package endusertest

import (
	"bytes"
	"net/http"
	"sync"
)

// Recorder wraps a handler (the sandbox's) and keeps the last answer's body as written and
// the last request's headers, so a test can compare what a client or a proxy passed on
// with what the server said and got.
type Recorder struct {
	H http.Handler

	mu     sync.Mutex
	body   []byte
	header http.Header
}

type recordingWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	return w.ResponseWriter.Write(p)
}

// ServeHTTP serves through H and records.
func (rc *Recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rw := &recordingWriter{ResponseWriter: w}
	rc.mu.Lock()
	rc.header = r.Header.Clone()
	rc.mu.Unlock()
	rc.H.ServeHTTP(rw, r)
	rc.mu.Lock()
	rc.body = rw.buf.Bytes()
	rc.mu.Unlock()
}

// Last is the last answer's body and the last request's headers.
func (rc *Recorder) Last() ([]byte, http.Header) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.body, rc.header
}
