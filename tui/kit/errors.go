package kit

import (
	"context"
	"errors"
	"net"
	"path/filepath"
)

// ErrCancelled ends a task the user cancelled (a prompt closed with esc). The router shows
// it as a status line, never as an error: the user chose it.
var ErrCancelled = errors.New("cancelled")

// NextStepper is implemented by errors that know what the user should do about them (the
// typed errors of the API client will). NextStep returns one sentence.
type NextStepper interface {
	NextStep() string
}

// OwnAdvice reports whether err says itself what to do next (NextStepper).
func OwnAdvice(err error) bool {
	var ns NextStepper
	return errors.As(err, &ns) && ns.NextStep() != ""
}

// NextStep returns what the user should do about err: the error's own advice when it
// implements NextStepper, else advice for the common cases, else a pointer to the log in
// home. It never names a key: only the screen knows whether r retries (see Retrier).
func NextStep(err error, home string) string {
	var ns NextStepper
	var netErr net.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ns) && ns.NextStep() != "":
		return ns.NextStep()
	case errors.Is(err, context.Canceled):
		return "The request was cancelled; start it again when ready."
	case errors.Is(err, context.DeadlineExceeded):
		return "The service did not answer in time; check the connection and try again."
	case errors.As(err, &netErr):
		return "Cannot reach the service: check the profile's URLs (purse profile show) or start the sandbox, then try again."
	}
	log := "purse.log"
	if home != "" {
		log = filepath.Join(home, "purse.log")
	}
	return "Details are in " + log + "."
}
