package config

import "purse/internal/atomicfile"

// ProfilesFile is the profiles' file in the home.
const ProfilesFile = "profiles.toml"

// SweepTemps removes the temporary files interrupted writes of the profiles left in home once
// they are stale (atomicfile.Sweep), and lists what it found.
func SweepTemps(home string) ([]atomicfile.Leftover, error) {
	return atomicfile.Sweep(home, func(target string) bool { return target == ProfilesFile })
}
