// Package profiles is what a user does with the home's profiles (`purse profile`, the TUI's
// Settings and first-run screens): list and read them, add one (from a running sandbox, a
// preset or given settings), change its settings, remove one, switch the session to one and
// follow a switch or change another process made. Listing, reading and adding need no session
// (Load, Add, CheckName). The session's own profile, which a switch and a follow rebind, stays
// the core's: this package reaches the application core only through its port
// (app/internal/port).
package profiles

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandboxctl"
)

// Service is the profiles of the session's home.
type Service struct {
	core *app.App
	s    port.Profiles
}

// New is the profiles of core's home; core is an opened session.
func New(core *app.App) Service {
	s, _ := port.ProfilesOf(core)
	return Service{core: core, s: s}
}

// List is the profiles file: which one is active and every profile, sorted by name.
type List struct {
	Active string
	List   []config.Profile
}

// List reads every profile of the session's home.
func (pr Service) List() (List, error) { return Load(pr.core.Home()) }

// Load reads every profile of home (before any App exists: the first run).
func Load(home string) (List, error) {
	st, err := config.Load(home)
	if err != nil {
		return List{}, err
	}
	out := List{Active: st.Active}
	for _, n := range st.Names() {
		p, err := st.Get(n)
		if err != nil {
			return List{}, err
		}
		out.List = append(out.List, *p)
	}
	return out, nil
}

// Named reads profile name ("" is the active one) without switching to it.
func (pr Service) Named(name string) (config.Profile, error) {
	st, err := config.Load(pr.core.Home())
	if err != nil {
		return config.Profile{}, err
	}
	p, err := st.Get(name)
	if err != nil {
		return config.Profile{}, usage(err)
	}
	return *p, nil
}

// Use makes name the active profile (saved) and binds the session to it in place, so every
// front end holding the session follows. The request log stays: it is the session's. The
// server clock starts again, since another profile may be another server. It is refused while
// a signed deposit or permit of the session is being sent and settled.
func (pr Service) Use(name string) (config.Profile, error) { return pr.s.SwitchProfile(name) }

// Follow re-reads the session's profile when the profiles file changed since the session last
// read or wrote it: another purse process may have changed it (`purse sandbox ctl onboard`
// storing the account id, `purse profile set`). The session is then bound to what the file
// says, and changed reports whether that differs from what it held. A front end that lives for
// a session (the TUI) calls it now and then; a file that did not change costs one stat.
func (pr Service) Follow() (p config.Profile, changed bool, err error) {
	return pr.s.FollowProfile()
}

// CheckSetting checks value for profile p's setting field as saving it parses and validates
// it, with no I/O, so a form can call it on every key (a duration "banana" is refused as it is
// typed, not at ctrl+s); what needs the home (a key label's kind) is checked when it is saved.
// The error is an *app.FieldError naming "value".
func CheckSetting(p config.Profile, field, value string) error {
	if err := p.Set(field, value); err != nil {
		return &app.FieldError{Field: "value", Err: err}
	}
	return nil
}

// CheckName checks a new profile's name (no I/O, so a form can call it on every key); the
// error is an *app.FieldError naming "name".
func CheckName(name string) error {
	if name == "" {
		return &app.FieldError{Field: "name", Err: errors.New("expected a profile name such as dev or sandbox-2")}
	}
	if config.ValidateProfileName(name) != nil {
		return &app.FieldError{Field: "name", Err: fmt.Errorf("expected 1-32 letters, digits, '.', '_' or '-', got %q", name)}
	}
	return nil
}

// Source is where a new profile's settings start from: a running sandbox's /sandbox/info
// (SandboxURL), a preset of the service's public deployments (Preset, config.Presets), or
// nothing (the fields give user_api and network).
type Source struct {
	SandboxURL string
	Preset     string
}

// Add stores a new profile (it never replaces one). Its settings start from src (the
// sandbox's info is read through a log of its own, recorded in log when it is not nil);
// then fields, setting name → value, each checked by config.Profile.Set so an error names
// the field, change them (a preset is a starting point). Without a source, fields must give
// user_api and network.
func Add(ctx context.Context, home, name string, src Source, fields [][2]string, log *enduser.RequestLog) (config.Profile, error) {
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
func (src Source) check(fields [][2]string) error {
	given := map[string]bool{}
	for _, f := range fields {
		given[f[0]] = f[1] != ""
	}
	switch {
	case src.SandboxURL != "" && src.Preset != "":
		return app.Usagef("--sandbox and --preset each fill the profile; give one of them")
	case src.SandboxURL != "" && (given["user_api"] || given["network"]):
		return app.Usagef("--sandbox fills user-api and network itself; give one or the other")
	case src.SandboxURL == "" && src.Preset == "" && (!given["user_api"] || !given["network"]):
		return app.Usagef("add needs --sandbox URL, --preset %s, or --user-api and --network", strings.Join(config.PresetNames(), "|"))
	}
	return nil
}

// start is the profile name as its source makes it, before the fields change it: the
// sandbox's info, a preset, or (no source) the fields' user_api and network.
func (src Source) start(ctx context.Context, name string, fields [][2]string, log *enduser.RequestLog) (*config.Profile, error) {
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

// SetField changes one setting of profile name (in place when it is the session's, so
// every front end sees it at once). Set validates the value and names the field on error.
func (pr Service) SetField(name, field, value string) (config.Profile, error) {
	return pr.SetFields(name, [2]string{field, value})
}

// SetFields changes settings of profile name, all or none: every value is checked
// (config.Profile.Set names the field on error) before the file is written. Name "" is the
// session's profile.
func (pr Service) SetFields(name string, fields ...[2]string) (config.Profile, error) {
	set := func(p *config.Profile) error {
		for _, kv := range fields {
			if err := p.Set(kv[0], kv[1]); err != nil {
				return usage(err)
			}
			if err := pr.checkKey(kv[0], kv[1]); err != nil {
				return err
			}
		}
		// config does not link the Solana packages, nor the end-user client's route table:
		// the layouts' syntax and the route names are checked here.
		if err := enduser.CheckRouteOverrides(p.Routes); err != nil {
			return usage(err)
		}
		_, err := app.ProfileLayouts(*p)
		return err
	}
	if name == "" || pr.s.Profile().Name == name {
		return pr.core.UpdateProfile(set)
	}
	st, err := config.Load(pr.core.Home())
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

// keyKinds are the settings that name a key of the store, with the kind each needs.
var keyKinds = map[string]keystore.Kind{"evm_key": keystore.KindEVM, "solana_key": keystore.KindSolana, "partner_key": keystore.KindEVM}

// checkKey refuses a key setting that names no stored key, or a key of the other kind: the
// mistake would otherwise surface only when a signature is due.
func (pr Service) checkKey(setting, label string) error {
	kind, ok := keyKinds[setting]
	if !ok || label == "" {
		return nil
	}
	e, err := pr.s.KeyEntry(label)
	if errors.Is(err, keystore.ErrNotFound) {
		return app.Usagef("%s: no key labelled %q in the key store (purse key list shows the labels; purse key new --label %s --kind %s makes one)", setting, label, label, kind)
	}
	if err != nil {
		return err
	}
	if e.Kind != kind {
		article := map[keystore.Kind]string{keystore.KindEVM: "an EVM", keystore.KindSolana: "a Solana"}
		return app.Usagef("%s: key %q is %s key; %s needs %s key", setting, label, article[e.Kind], setting, article[kind])
	}
	return nil
}

// Remove removes a profile (the sandbox profile is reset to its defaults).
func (pr Service) Remove(name string) error {
	st, err := config.Load(pr.core.Home())
	if err != nil {
		return err
	}
	if err := st.Remove(name); err != nil {
		return usage(err)
	}
	return st.Save()
}

// usage marks err as the user's to fix (a setting, a name in use), as the core's errors do:
// an *app.UsageError saying err.
func usage(err error) error { return app.Usagef("%v", err) }
