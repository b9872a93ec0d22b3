package account

import (
	"testing"

	"purse/config"
	"purse/enduser"
)

// TestNextForAccount: every state of the account gives one next step and the use case that
// does it; the sandbox's control steps only on a sandbox.
func TestNextForAccount(t *testing.T) {
	withKey := config.Profile{Name: "p", EVMKey: "me", TokenID: "1234567890"}
	status := func(st, step int64, reject string, crs bool) *enduser.AccountStatus {
		a := &enduser.AccountStatus{}
		a.Status, a.KYCFlow.CurrentStep = enduser.Int(st), enduser.Int(step)
		a.SumsubKYCInfo.ReviewRejectType = reject
		a.CRSInfo.NeedCRS = crs
		return a
	}
	cases := []struct {
		name    string
		p       config.Profile
		st      *enduser.AccountStatus
		sandbox bool
		want    Step
		action  Action
		ctl     []Action
	}{
		{"no key", config.Profile{Name: "p"}, nil, false, NextAddKey, ActionAddKey, nil},
		{"no account", config.Profile{Name: "p", EVMKey: "me"}, nil, true, NextMint, ActionMint, nil},
		{"not read", withKey, nil, false, NextReadStatus, ActionRefresh, nil},
		{"Na", withKey, status(enduser.StatusNa, 0, "", false), false, NextNotMinted, ActionMint, nil},
		{"Na on a sandbox", withKey, status(enduser.StatusNa, 0, "", false), true, NextMintAgain, ActionMint, nil},
		{"Live", withKey, status(enduser.StatusLive, 0, "", false), true, NextLive, "", nil},
		{"CRS", withKey, status(enduser.StatusSoftBlocked, 0, "", true), false, NextCRS, ActionRefresh, nil},
		{"restricted", withKey, status(enduser.StatusSoftBlocked, 0, "", false), false, NextRestricted, ActionRefresh, nil},
		{"blocked", withKey, status(enduser.StatusBlocked, 0, "", false), false, NextClosed, "", nil},
		{"closed", withKey, status(enduser.StatusClosed, 0, "", false), false, NextClosed, "", nil},
		{"Form A first", withKey, status(enduser.StatusTourist, enduser.KYCStepFormA, "", false), false, NextFormA, ActionRefresh, nil},
		{"ID scan", withKey, status(enduser.StatusTourist, enduser.KYCStepIDScan, "", false), false, NextIDScan, ActionIDVToken, nil},
		{"ID scan on a sandbox", withKey, status(enduser.StatusTourist, enduser.KYCStepIDScan, "", false), true, NextIDScan, ActionIDVToken,
			[]Action{ActionSandboxApprove, ActionSandboxReject}},
		{"sign Form A", withKey, status(enduser.StatusTourist, enduser.KYCStepSignFormA, "", false), true, NextSignFormA, ActionFormA, nil},
		{"review", withKey, status(enduser.StatusTourist, enduser.KYCStepReview, "", false), false, NextReview, ActionRefresh, nil},
		{"review on a sandbox", withKey, status(enduser.StatusTourist, enduser.KYCStepReview, "", false), true, NextReview, ActionRefresh,
			[]Action{ActionSandboxAdvance}},
		{"rejected, retry", withKey, status(enduser.StatusTourist, enduser.KYCStepRejected, "RETRY", false), false, NextRetryIDScan, ActionIDVToken, nil},
		{"rejected, final", withKey, status(enduser.StatusTourist, enduser.KYCStepRejected, "FINAL", false), false, NextRejected, "", nil},
		{"unknown step", withKey, status(enduser.StatusTourist, 9, "", false), false, NextRefresh, ActionRefresh, nil},
	}
	for _, c := range cases {
		n := NextFor(c.p, c.st, c.sandbox)
		if n.Step != c.want || n.Action != c.action || len(n.Sandbox) != len(c.ctl) {
			t.Errorf("%s: %+v, want %s by %q with %v", c.name, n, c.want, c.action, c.ctl)
			continue
		}
		for i := range c.ctl {
			if n.Sandbox[i] != c.ctl[i] {
				t.Errorf("%s: sandbox steps %v, want %v", c.name, n.Sandbox, c.ctl)
			}
		}
		if n.Account != c.p.TokenID || n.Key != c.p.EVMKey {
			t.Errorf("%s: names account %q key %q", c.name, n.Account, n.Key)
		}
	}
}
