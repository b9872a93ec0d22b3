// Package prompt asks the user on the controlling terminal, never on stdin or stdout (which
// scripts own): hidden passphrases (or PURSE_PASSPHRASE_FILE), y/N questions and typed
// confirmations for the command line.
package prompt

import (
	"bufio"
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"purse/internal/regular"
)

// EnvPassphraseFile names a file holding the passphrase, for scripts and CI.
const EnvPassphraseFile = "PURSE_PASSPHRASE_FILE"

// terminal is the controlling terminal: prompts are written to it and answers read from it,
// so they never mix with stdout (--json) or a piped stdin.
type Terminal interface {
	io.ReadWriteCloser
	Fd() uintptr
}

// Open opens /dev/tty (CONIN$ is not supported: Windows users set PURSE_PASSPHRASE_FILE or
// pass --yes). Tests replace it.
var Open = func() (Terminal, error) {
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	if !term.IsTerminal(int(f.Fd())) {
		_ = f.Close()
		return nil, errors.New("/dev/tty is not a terminal")
	}
	return f, nil
}

// EnvImportPassphraseFile names a file holding the passphrase of a keystore file being
// imported. It is another tool's passphrase: PURSE_PASSPHRASE_FILE, which purse stores the
// key under, never stands in for it, or the key would end up under the other tool's password.
const EnvImportPassphraseFile = "PURSE_IMPORT_PASSPHRASE_FILE"

// Passphrase is the command line's passphrase source (an app.Prompter): the file named by
// PURSE_PASSPHRASE_FILE (one trailing newline stripped), else a hidden prompt on the terminal
// (asked twice when confirm), else an error saying how to provide one.
func Passphrase(prompt string, confirm bool) ([]byte, error) {
	return passphraseFrom(EnvPassphraseFile, "passphrase", prompt, confirm)
}

// Source is where another process (the agent) reads a passphrase itself, handed over as a
// file descriptor so the passphrase never crosses a socket: the file named by
// PURSE_PASSPHRASE_FILE, else the controlling terminal; nil when there is neither.
func Source() (*os.File, error) {
	if p := os.Getenv(EnvPassphraseFile); p != "" {
		f, err := regular.Open(p) // a FIFO would make the agent wait for a writer
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("%s: cannot read %s: %v", EnvPassphraseFile, p, err)
		}
		return f, nil
	}
	t, err := Open()
	if err != nil {
		return nil, nil
	}
	if f, ok := t.(*os.File); ok {
		return f, nil
	}
	_ = t.Close()
	return nil, nil
}

// ImportPassphrase is the passphrase of a keystore file to import: the file named by
// PURSE_IMPORT_PASSPHRASE_FILE, else a hidden prompt, never PURSE_PASSPHRASE_FILE.
func ImportPassphrase() ([]byte, error) {
	return passphraseFrom(EnvImportPassphraseFile, "passphrase of the keystore file", "Passphrase of the keystore file", false)
}

func passphraseFrom(env, what, prompt string, confirm bool) ([]byte, error) {
	if path := os.Getenv(env); path != "" {
		b, err := regular.ReadFile(path) // a FIFO (process substitution) would wait for its writer
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("%s: cannot read %s: %v", env, path, err)
		}
		b = bytes.TrimSuffix(b, []byte("\n"))
		b = bytes.TrimSuffix(b, []byte("\r"))
		return b, nil
	}
	tty, err := Open()
	if err != nil {
		return nil, fmt.Errorf("%s: no terminal to ask on (%v); set %s to a file holding the passphrase", what, err, env)
	}
	defer tty.Close()
	read := func(p string) ([]byte, error) { return Hidden(tty, p) }
	p, err := read(prompt)
	if err != nil {
		return nil, err
	}
	if confirm {
		again, err := read("Repeat to confirm")
		if err != nil {
			return nil, err
		}
		same := subtle.ConstantTimeCompare(p, again) == 1
		clear(again)
		if !same {
			clear(p)
			return nil, errors.New("passphrase: the two entries differ; nothing was changed")
		}
	}
	return p, nil
}

// Hidden asks question on the terminal t and reads the answer without echo.
func Hidden(t Terminal, question string) ([]byte, error) {
	fmt.Fprintf(t, "%s: ", question)
	b, err := term.ReadPassword(int(t.Fd()))
	fmt.Fprintln(t)
	if err != nil {
		return nil, fmt.Errorf("passphrase: cannot read from the terminal: %v", err)
	}
	return b, nil
}

// Typed asks the user on the terminal to type want exactly. Without a terminal it fails:
// destructive and unsafe actions never proceed silently.
func Typed(question, want string) error {
	tty, err := Open()
	if err != nil {
		return fmt.Errorf("confirmation: no terminal to ask on (%v); nothing was done", err)
	}
	defer tty.Close()
	fmt.Fprintf(tty, "%s\nType %q to continue: ", question, want)
	line, err := bufio.NewReader(tty).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("confirmation: no answer (%v); nothing was done", err)
	}
	if strings.TrimRight(line, "\r\n") != want {
		return errors.New("confirmation: the answer did not match; nothing was done")
	}
	return nil
}

// YesNo asks a y/N question on tty; only y or yes proceeds. declined says what did not
// happen.
func YesNo(tty Terminal, question, declined string) error {
	fmt.Fprintf(tty, "%s [y/N]: ", question)
	line, err := bufio.NewReader(tty).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("confirmation: no answer (%v); %s", err, declined)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return errors.New("declined; " + declined)
}

// ErrNoTerminal is a review that needs a terminal where there is none.
var ErrNoTerminal = errors.New("no terminal to review on")

// ErrDeclined is the person's no to a review: on a terminal, on the agent's display, in the
// TUI's dialog. It is the user's choice, not a failure: a front end says "not signed
// (declined)", once. Every front end and the agent answer with this one error.
var ErrDeclined = errors.New("declined in the review")

// Review opens the terminal a signature is reviewed on, unless yes skips the review (nil).
func Review(yes bool) (Terminal, error) {
	if yes {
		return nil, nil
	}
	tty, err := Open()
	if err != nil {
		return nil, fmt.Errorf("%w (%v); pass --yes to go on without the question; nothing was signed", ErrNoTerminal, err)
	}
	return tty, nil
}
