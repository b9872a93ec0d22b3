package port

import (
	"purse/config"
)

// Profiles is what profile management (app/profiles) may use of the core's session besides
// Session. Switching to a profile and following the profiles file rebind the session's own
// profile, under the lock and the settling check every other change of it (App.UpdateProfile)
// goes through, and restart its server clock when the server may be another: that binding is
// the session's, so the core does it. A key setting is checked against the key index.
type Profiles interface {
	Session
	// SwitchProfile makes profile name the active one (saved) and binds the session to it;
	// refused while a signed deposit or permit of the session is being sent and settled.
	SwitchProfile(name string) (config.Profile, error)
	// FollowProfile binds the session to its profile as the profiles file now says when
	// another process changed the file (one stat when it did not); changed says the profile
	// differs from what the session held. Under a deposit or permit being settled it waits.
	FollowProfile() (p config.Profile, changed bool, err error)
}

// ProfilesOf is profile management's port of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var ProfilesOf func(core any) (Profiles, bool)
