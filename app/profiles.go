package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"

	"purse/config"
	"purse/enduser"
)

// The session's own profile: which one it is bound to, and the profiles file as it last read
// or wrote it. Switching, following another process's change and UpdateProfile change it
// under s.mu, and none while a signed deposit or permit is being settled. Profile management
// (app/profiles) switches and follows through its port.

// switchProfile makes name the active profile (saved) and binds the App to it in place, so
// every front end holding the App follows. The request log stays: it is the session's.
// The server clock starts again, since another profile may be another server.
func (s *App) switchProfile(name string) (config.Profile, error) {
	if err := s.settling(); err != nil {
		return config.Profile{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := config.Load(s.home)
	if err != nil {
		return config.Profile{}, err
	}
	if err := st.Use(name); err != nil {
		return config.Profile{}, usage(err)
	}
	p, err := st.Get(name)
	if err != nil {
		return config.Profile{}, err
	}
	if err := st.Save(); err != nil {
		return config.Profile{}, err
	}
	s.profile = p
	s.profileFile = statOf(st.Path())
	s.clock = enduser.NewClock(nil)
	return *p, nil
}

// followProfile re-reads the App's profile when the profiles file changed since the App last
// read or wrote it: another purse process may have changed it (`purse sandbox ctl onboard`
// storing the account id, `purse profile set`). The App is then bound to what the file says,
// and changed reports whether that differs from what it held. A front end that lives for a
// session (the TUI) calls it now and then; a file that did not change costs one stat.
func (s *App) followProfile() (p config.Profile, changed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Under a deposit or permit being settled the profile stays; the next look follows.
	if s.profileFileUnchanged() || s.moving.Load() > 0 {
		return *s.profile, false, nil
	}
	st, err := config.Load(s.home)
	if err != nil {
		return *s.profile, false, err
	}
	s.profileFile = statOf(st.Path())
	np, err := st.Get(s.profile.Name)
	if err != nil {
		return *s.profile, false, fmt.Errorf("profile %s is no longer in %s (another purse process removed it): %w", s.profile.Name, st.Path(), err)
	}
	if reflect.DeepEqual(np, s.profile) {
		return *np, false, nil
	}
	if np.UserAPI != s.profile.UserAPI {
		s.clock = enduser.NewClock(nil) // another server
	}
	s.profile = np
	return *np, true, nil
}

// settling refuses a profile switch while a signed deposit or permit of this session is
// being sent and settled: what finds out its outcome reads the profile's chains.
func (s *App) settling() error {
	if n := s.moving.Load(); n > 0 {
		return Usagef("a signed deposit or permit of profile %s is being sent and settled: switch profiles once its outcome is known (its screen shows it)", s.Profile().Name)
	}
	return nil
}

// profileFileUnchanged reports whether the profiles file is the one the App last read or
// wrote: the same file (an atomic write replaces it), size and modification time.
func (s *App) profileFileUnchanged() bool {
	return s.profileFile.unchanged()
}

// unchanged says the file is still the one f was taken of: the same file, size and
// modification time, or still no file when there was none (nil f: nothing was taken: read it).
func (f *fileStat) unchanged() bool {
	if f == nil {
		return false
	}
	now, err := os.Stat(f.path)
	if f.info == nil {
		return errors.Is(err, fs.ErrNotExist)
	}
	return err == nil && os.SameFile(now, f.info) && now.Size() == f.info.Size() && now.ModTime().Equal(f.info.ModTime())
}

// fileStat is what followProfile (and the agent's profilesSeen) compares of the profiles
// file; info nil: there was none (the embedded sandbox profile alone).
type fileStat struct {
	path string
	info os.FileInfo
}

// statOf is the profiles file's state now; nil when it cannot be told (then it is read
// again next time).
func statOf(path string) *fileStat {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &fileStat{path, nil}
	case err != nil:
		return nil
	}
	return &fileStat{path, fi}
}
