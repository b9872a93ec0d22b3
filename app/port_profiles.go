package app

import (
	"purse/config"
)

// What profile management (app/profiles) asks of the core beyond Session (port.Profiles).

func (p session) SwitchProfile(name string) (config.Profile, error) { return p.s.switchProfile(name) }

func (p session) FollowProfile() (config.Profile, bool, error) { return p.s.followProfile() }
