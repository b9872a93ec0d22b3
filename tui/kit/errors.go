package kit

import (
	"errors"
	"path/filepath"
	"strings"

	"purse/internal/visible"
)

// ErrCancelled ends a task the user cancelled (a prompt closed with esc). The router shows
// it as a status line, never as an error: the user chose it.
var ErrCancelled = errors.New("cancelled")

// NextStepper is implemented by errors that know what the user should do about them (the
// typed errors of the API client, the application layer's advice).
type NextStepper interface {
	NextStep() string
}

// OwnAdvice reports whether err says itself what to do next (NextStepper).
func OwnAdvice(err error) bool {
	var ns NextStepper
	return errors.As(err, &ns) && ns.NextStep() != ""
}

// Explain is err for the screen: its text on one line and what to do next, from the
// application layer's one mapping of errors to advice (Env.Describe, which the router sets),
// else from the error itself; without any, the next step points to the log in Home. It
// never names a key: only the screen knows whether r retries (see Retrier). Both are
// escaped (visible.Line): an error quotes what the service answered (a retMsg, a body), and
// every screen's error passes here, so none acts on the terminal or forges a line. What it
// returns is shown as it is, never escaped again (the mapping is one-to-one, not idempotent).
func (e *Env) Explain(err error) (text, next string) {
	if err == nil {
		return "", ""
	}
	if e.Describe != nil {
		text, next = e.Describe(err)
	} else {
		text = strings.Join(strings.Fields(err.Error()), " ")
		var ns NextStepper
		if errors.As(err, &ns) {
			next = ns.NextStep()
		}
	}
	if next == "" {
		log := "purse.log"
		if e.Home != "" {
			log = filepath.Join(e.Home, "purse.log")
		}
		next = "Details are in " + log + "."
	}
	return visible.Line(text), visible.Line(next)
}

// ErrorText is the text of Explain alone (escaped), for a screen that says what to do
// elsewhere.
func (e *Env) ErrorText(err error) string {
	text, _ := e.Explain(err)
	return text
}

// NextStep is the next step of Explain.
func (e *Env) NextStep(err error) string {
	_, next := e.Explain(err)
	return next
}

// ErrorLine is Explain on one line, "the error — what to do", for a screen's note.
func (e *Env) ErrorLine(err error) string {
	text, next := e.Explain(err)
	return text + " — " + next
}
