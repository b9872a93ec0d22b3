package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"

	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandboxctl"
)

// Profiles is what a user does with the home's profiles: list, read, switch to one, change its
// settings, remove one, follow a switch made by another process. The CLI's profile commands
// and the TUI's Settings and first-run screens call it.
type Profiles struct{ s *App }

// Profiles is the profiles of the session's home.
func (s *App) Profiles() Profiles { return Profiles{s} }

// ProfileList is the profiles file: which one is active and every profile, sorted by name.
type ProfileList struct {
	Active string
	List   []config.Profile
}

// List reads every profile of the session's home.
func (pr Profiles) List() (ProfileList, error) { return LoadProfiles(pr.s.home) }

// LoadProfiles reads every profile of home (before any App exists: the first run).
func LoadProfiles(home string) (ProfileList, error) {
	st, err := config.Load(home)
	if err != nil {
		return ProfileList{}, err
	}
	out := ProfileList{Active: st.Active}
	for _, n := range st.Names() {
		p, err := st.Get(n)
		if err != nil {
			return ProfileList{}, err
		}
		out.List = append(out.List, *p)
	}
	return out, nil
}

// Named reads profile name ("" is the active one) without switching to it.
func (pr Profiles) Named(name string) (config.Profile, error) {
	s := pr.s
	st, err := config.Load(s.home)
	if err != nil {
		return config.Profile{}, err
	}
	p, err := st.Get(name)
	if err != nil {
		return config.Profile{}, usage(err)
	}
	return *p, nil
}

// Use makes name the active profile (saved) and binds the App to it in place, so
// every front end holding the App follows. The request log stays: it is the session's.
// The server clock starts again, since another profile may be another server.
func (pr Profiles) Use(name string) (config.Profile, error) {
	s := pr.s
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

// Follow re-reads the App's profile when the profiles file changed since the App last
// read or wrote it: another purse process may have changed it (`purse sandbox ctl onboard`
// storing the account id, `purse profile set`). The App is then bound to what the file says,
// and changed reports whether that differs from what it held. A front end that lives for a
// session (the TUI) calls it now and then; a file that did not change costs one stat.
func (pr Profiles) Follow() (p config.Profile, changed bool, err error) {
	s := pr.s
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

// fileStat is what Profiles.Follow compares of the profiles file; info nil: there was none
// (the embedded sandbox profile alone).
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

// CheckProfileName checks a new profile's name (no I/O, so a form can call it on every key);
// the error is a *FieldError naming "name".
func CheckProfileName(name string) error {
	if name == "" {
		return fieldErr("name", "expected a profile name such as dev or sandbox-2")
	}
	if config.ValidateProfileName(name) != nil {
		return fieldErr("name", "expected 1-32 letters, digits, '.', '_' or '-', got %q", name)
	}
	return nil
}

// ProfileSource is where a new profile's settings start from: a running sandbox's
// /sandbox/info (SandboxURL), a preset of the service's public deployments (Preset,
// config.Presets), or nothing (the fields give user_api and network).
type ProfileSource struct {
	SandboxURL string
	Preset     string
}

// AddProfile stores a new profile (it never replaces one). Its settings start from src (the
// sandbox's info is read through a log of its own, recorded in log when it is not nil);
// then fields, setting name → value, each checked by config.Profile.Set so an error names
// the field, change them (a preset is a starting point). Without a source, fields must give
// user_api and network.
func AddProfile(ctx context.Context, home, name string, src ProfileSource, fields [][2]string, log *enduser.RequestLog) (config.Profile, error) {
	if err := src.check(fields); err != nil {
		return config.Profile{}, err
	}
	st, err := config.Load(home)
	if err != nil {
		return config.Profile{}, err
	}
	p, err := src.start(ctx, name, fields, log)
	if err != nil {
		return config.Profile{}, err
	}
	for _, f := range fields {
		if f[1] == "" {
			continue
		}
		if err := p.Set(f[0], f[1]); err != nil {
			return config.Profile{}, usage(err)
		}
	}
	if err := enduser.CheckRouteOverrides(p.Routes); err != nil {
		return config.Profile{}, usage(err)
	}
	if err := st.Add(p); err != nil {
		return config.Profile{}, usage(err)
	}
	if err := st.Save(); err != nil {
		return config.Profile{}, err
	}
	return *p, nil
}

// check refuses a source and fields that do not make one profile: one source at most, and
// without one the fields give user_api and network.
func (src ProfileSource) check(fields [][2]string) error {
	given := map[string]bool{}
	for _, f := range fields {
		given[f[0]] = f[1] != ""
	}
	switch {
	case src.SandboxURL != "" && src.Preset != "":
		return Usagef("--sandbox and --preset each fill the profile; give one of them")
	case src.SandboxURL != "" && (given["user_api"] || given["network"]):
		return Usagef("--sandbox fills user-api and network itself; give one or the other")
	case src.SandboxURL == "" && src.Preset == "" && (!given["user_api"] || !given["network"]):
		return Usagef("add needs --sandbox URL, --preset %s, or --user-api and --network", strings.Join(config.PresetNames(), "|"))
	}
	return nil
}

// start is the profile name as its source makes it, before the fields change it: the
// sandbox's info, a preset, or (no source) the fields' user_api and network.
func (src ProfileSource) start(ctx context.Context, name string, fields [][2]string, log *enduser.RequestLog) (*config.Profile, error) {
	switch {
	case src.SandboxURL != "":
		ictx, cancel := context.WithTimeout(ctx, port.SandboxInfoTimeout)
		defer cancel()
		info, err := sandboxctl.NewControl(src.SandboxURL).WithLog(log).Info(ictx)
		if err != nil {
			return nil, err
		}
		return info.Profile(name), nil
	case src.Preset != "":
		p, err := config.FromPreset(name, src.Preset)
		if err != nil {
			return nil, usage(err)
		}
		return p, nil
	}
	// user_api and network first: Set validates the whole profile each time.
	p := &config.Profile{Name: name}
	for _, f := range fields {
		switch f[0] {
		case "user_api":
			p.UserAPI = f[1]
		case "network":
			p.Network = f[1]
		}
	}
	if err := p.Validate(); err != nil {
		return nil, usage(err)
	}
	return p, nil
}

// SetField changes one setting of profile name (in place when it is the App's, so
// every front end sees it at once). Set validates the value and names the field on error.
func (pr Profiles) SetField(name, field, value string) (config.Profile, error) {
	return pr.SetFields(name, [2]string{field, value})
}

// SetFields changes settings of profile name, all or none: every value is checked
// (config.Profile.Set names the field on error) before the file is written. Name "" is the
// App's profile.
func (pr Profiles) SetFields(name string, fields ...[2]string) (config.Profile, error) {
	s := pr.s
	set := func(p *config.Profile) error {
		for _, kv := range fields {
			if err := p.Set(kv[0], kv[1]); err != nil {
				return usage(err)
			}
			if err := s.checkProfileKey(kv[0], kv[1]); err != nil {
				return err
			}
		}
		// config does not link the Solana packages, nor the end-user client's route table:
		// the layouts' syntax and the route names are checked here.
		if err := enduser.CheckRouteOverrides(p.Routes); err != nil {
			return usage(err)
		}
		_, err := ProfileLayouts(*p)
		return err
	}
	if name == "" || s.Profile().Name == name {
		return s.UpdateProfile(set)
	}
	st, err := config.Load(s.home)
	if err != nil {
		return config.Profile{}, err
	}
	p, err := st.Get(name)
	if err != nil {
		return config.Profile{}, err
	}
	if err := set(p); err != nil {
		return config.Profile{}, err
	}
	if err := st.Put(p); err != nil {
		return config.Profile{}, err
	}
	if err := st.Save(); err != nil {
		return config.Profile{}, err
	}
	return *p, nil
}

// profileKeyKinds are the settings that name a key of the store, with the kind each needs.
var profileKeyKinds = map[string]keystore.Kind{"evm_key": keystore.KindEVM, "solana_key": keystore.KindSolana, "partner_key": keystore.KindEVM}

// checkProfileKey refuses a key setting that names no stored key, or a key of the other
// kind: the mistake would otherwise surface only when a signature is due.
func (s *App) checkProfileKey(setting, label string) error {
	kind, ok := profileKeyKinds[setting]
	if !ok || label == "" {
		return nil
	}
	ks, err := s.keys(nil)
	if err != nil {
		return err
	}
	e, err := ks.Get(label)
	if errors.Is(err, keystore.ErrNotFound) {
		return Usagef("%s: no key labelled %q in the key store (purse key list shows the labels; purse key new --label %s --kind %s makes one)", setting, label, label, kind)
	}
	if err != nil {
		return err
	}
	if e.Kind != kind {
		article := map[keystore.Kind]string{keystore.KindEVM: "an EVM", keystore.KindSolana: "a Solana"}
		return Usagef("%s: key %q is %s key; %s needs %s key", setting, label, article[e.Kind], setting, article[kind])
	}
	return nil
}

// Remove removes a profile (the sandbox profile is reset to its defaults).
func (pr Profiles) Remove(name string) error {
	s := pr.s
	st, err := config.Load(s.home)
	if err != nil {
		return err
	}
	if err := st.Remove(name); err != nil {
		return usage(err)
	}
	return st.Save()
}
