package app

import (
	"purse/app/internal/port"
	"purse/config"
)

// session is also App as profile management (app/profiles) sees it (port.Profiles); its
// KeyEntry is the sandbox port's (port_sandbox.go).
func init() {
	port.ProfilesOf = func(core any) (port.Profiles, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) SwitchProfile(name string) (config.Profile, error) { return p.s.switchProfile(name) }

func (p session) FollowProfile() (config.Profile, bool, error) { return p.s.followProfile() }
