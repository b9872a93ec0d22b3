package settings

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"purse/config"
	"purse/keystore"
	"purse/sandbox"
	"purse/tui/svc"
)

// Profiles is the profiles file as the screen shows it.
type Profiles struct {
	Active string
	List   []config.Profile // sorted by name
}

// LoadProfiles reads every profile of home.
func LoadProfiles(home string) (Profiles, error) {
	st, err := config.Load(home)
	if err != nil {
		return Profiles{}, err
	}
	out := Profiles{Active: st.Active}
	for _, n := range st.Names() {
		p, err := st.Get(n)
		if err != nil {
			return Profiles{}, err
		}
		out.List = append(out.List, *p)
	}
	return out, nil
}

// UseProfile makes name the active profile (saved) and returns Services bound to it.
func UseProfile(home, name string, logger *slog.Logger) (*svc.Services, config.Profile, error) {
	st, err := config.Load(home)
	if err != nil {
		return nil, config.Profile{}, err
	}
	if err := st.Use(name); err != nil {
		return nil, config.Profile{}, err
	}
	if err := st.Save(); err != nil {
		return nil, config.Profile{}, err
	}
	sv, err := svc.New(home, name, logger)
	if err != nil {
		return nil, config.Profile{}, err
	}
	return sv, sv.Profile(), nil
}

// sandboxInfoTimeout bounds GET /sandbox/info.
const sandboxInfoTimeout = 10 * time.Second

// AddProfile stores a new profile (it never replaces one). With sandboxURL the fields come
// from the sandbox's /sandbox/info; otherwise fields holds setting name → value, each
// checked by config.Profile.Set so an error names the field.
func AddProfile(ctx context.Context, home, name, sandboxURL string, fields [][2]string) (config.Profile, error) {
	st, err := config.Load(home)
	if err != nil {
		return config.Profile{}, err
	}
	var p *config.Profile
	if sandboxURL != "" {
		ictx, cancel := context.WithTimeout(ctx, sandboxInfoTimeout)
		info, err := sandbox.NewControl(sandboxURL).Info(ictx)
		cancel()
		if err != nil {
			return config.Profile{}, err
		}
		p = info.Profile(name)
	} else {
		// user_api and network first: Set validates the whole profile each time.
		p = &config.Profile{Name: name}
		byName := map[string]string{}
		for _, f := range fields {
			byName[f[0]] = f[1]
		}
		p.UserAPI, p.Network = byName["user_api"], byName["network"]
		if err := p.Validate(); err != nil {
			return config.Profile{}, err
		}
		for _, f := range fields {
			if f[1] == "" || f[0] == "user_api" || f[0] == "network" {
				continue
			}
			if err := p.Set(f[0], f[1]); err != nil {
				return config.Profile{}, err
			}
		}
	}
	if err := st.Add(p); err != nil {
		return config.Profile{}, err
	}
	if err := st.Save(); err != nil {
		return config.Profile{}, err
	}
	return *p, nil
}

// SetField changes one setting of profile name (through sv when it is the active one, so
// every screen sees it at once). Set validates the value and names the field on error.
func SetField(sv *svc.Services, home, name, field, value string) (config.Profile, error) {
	if sv != nil && sv.Profile().Name == name {
		return sv.UpdateProfile(func(p *config.Profile) error { return p.Set(field, value) })
	}
	st, err := config.Load(home)
	if err != nil {
		return config.Profile{}, err
	}
	p, err := st.Get(name)
	if err != nil {
		return config.Profile{}, err
	}
	if err := p.Set(field, value); err != nil {
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

// Audit is the audit log as the screen shows it: newest record first.
type Audit struct {
	Path    string
	Records []keystore.AuditRecord
	// Break is where the hash chain is broken (nil: intact); Records are those before it.
	Break *keystore.ChainBreak
	// Verified is set by a verify: how many records the chain holds up to the break.
	Verified bool
	Count    int
}

// LoadAudit reads the audit log; verify only walks the chain and counts.
func LoadAudit(sv *svc.Services, verify bool) (Audit, error) {
	ks, err := sv.Keys(nil)
	if err != nil {
		return Audit{}, err
	}
	out := Audit{Path: ks.AuditPath(), Verified: verify}
	if verify {
		out.Count, err = ks.VerifyAudit()
	} else {
		out.Records, err = ks.ListAudit()
		for i, j := 0, len(out.Records)-1; i < j; i, j = i+1, j-1 {
			out.Records[i], out.Records[j] = out.Records[j], out.Records[i]
		}
		out.Count = len(out.Records)
	}
	var brk *keystore.ChainBreak
	if errors.As(err, &brk) {
		out.Break = brk
		return out, nil
	}
	return out, err
}

// SOL formats lamports as SOL.
func SOL(lamports uint64) string {
	return decimal.NewFromUint64(lamports).Shift(-9).String() + " SOL"
}
