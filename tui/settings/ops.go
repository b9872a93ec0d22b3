package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
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

// FetchSandboxInfo asks a running purse sandbox at base for its URLs (GET /sandbox/info).
func FetchSandboxInfo(ctx context.Context, base string) (sandbox.Info, error) {
	ctx, cancel := context.WithTimeout(ctx, sandboxInfoTimeout)
	defer cancel()
	u := strings.TrimRight(base, "/") + "/sandbox/info"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return sandbox.Info{}, fmt.Errorf("sandbox URL: expected a base URL such as http://127.0.0.1:8787: %v", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return sandbox.Info{}, fmt.Errorf("the sandbox at %s does not answer: %v (start one with `purse sandbox`)", base, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return sandbox.Info{}, fmt.Errorf("%s answered HTTP %d: not a purse sandbox", u, resp.StatusCode)
	}
	var info sandbox.Info
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&info); err != nil {
		return sandbox.Info{}, fmt.Errorf("%s: the answer is not sandbox info: %v", u, err)
	}
	if info.UserAPI == "" || info.Network == "" {
		return sandbox.Info{}, fmt.Errorf("%s: the answer lacks userAPI or network", u)
	}
	return info, nil
}

// ProfileFromSandbox fills a profile from sandbox info.
func ProfileFromSandbox(name string, info sandbox.Info) *config.Profile {
	return &config.Profile{
		Name: name, UserAPI: info.UserAPI, PartnerAPI: info.PartnerAPI, EVMRPC: info.EVMRPC, SolanaRPC: info.SolanaRPC,
		Network: info.Network, AccountNFT: info.AccountNFT, CardSpender: info.CardSpender, SolanaCluster: "sandbox", PartnerAuth: "spec",
	}
}

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
		info, err := FetchSandboxInfo(ctx, sandboxURL)
		if err != nil {
			return config.Profile{}, err
		}
		p = ProfileFromSandbox(name, info)
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
