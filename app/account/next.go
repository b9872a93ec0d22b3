package account

import (
	"purse/config"
	"purse/enduser"
)

// What the user does next with an account is decided here, once, from the profile and the
// account status; each front end words it with its own keys or commands (the TUI's Account
// screen, `purse account status`), and --json carries it as it is.

// Step is what the user does next with the profile's account.
type Step string

const (
	NextAddKey      Step = "add-key"       // the profile has no EVM key
	NextMint        Step = "mint"          // the profile has no account yet
	NextMintAgain   Step = "mint-again"    // the sandbox no longer knows the profile's account (Na)
	NextNotMinted   Step = "not-minted"    // the service says the account is not minted (Na)
	NextReadStatus  Step = "read-status"   // the status is not read
	NextFormA       Step = "form-a"        // the first Form A step, in the service's app
	NextIDScan      Step = "id-scan"       // the identity verification (the vendor's SDK)
	NextSignFormA   Step = "sign-form-a"   // read and sign Form A
	NextReview      Step = "review"        // Form A is signed: the service reviews the account
	NextRetryIDScan Step = "retry-id-scan" // the review was rejected, RETRY: a new scan
	NextRejected    Step = "rejected"      // the review was rejected for good (FINAL)
	NextCRS         Step = "crs"           // the CRS self-certification, at its URL
	NextRestricted  Step = "restricted"    // soft-blocked without a CRS notice
	NextClosed      Step = "closed"        // blocked or closed
	NextLive        Step = "live"          // Live: nothing to do for the account itself
	NextRefresh     Step = "refresh"       // a state purse has no advice for: read it again
)

// Action is the use case that does a step: a front end binds it to its key or command.
type Action string

const (
	ActionAddKey         Action = "add-key"         // the Keys screen, purse key new/import
	ActionMint           Action = "mint"            // Service.CheckMint and Service.Mint
	ActionRefresh        Action = "refresh"         // Service.Status
	ActionIDVToken       Action = "idv-token"       // Service.IDVToken
	ActionFormA          Action = "form-a"          // Service.FormA, then Service.SignFormA
	ActionSandboxApprove Action = "sandbox-approve" // sandbox.Service.KYCApprove
	ActionSandboxReject  Action = "sandbox-reject"  // sandbox.Service.KYCReject
	ActionSandboxAdvance Action = "sandbox-advance" // sandbox.Service.Advance
)

// Next is the account's next step: what the user does (Step), the use case that
// does it ("" when it happens elsewhere: the service's app, support, a URL), and on a
// sandbox the control steps that play the service's part.
type Next struct {
	Step    Step     `json:"step"`
	Action  Action   `json:"action,omitempty"`
	Sandbox []Action `json:"sandbox,omitempty"`
	// Account is the profile's account id, Key its EVM key, which the wording names.
	Account string `json:"account,omitempty"`
	Key     string `json:"key,omitempty"`
}

// NextFor is the next step of profile p's account: st is its status (nil: not read),
// sandbox says p's service is a purse sandbox.
func NextFor(p config.Profile, st *enduser.AccountStatus, sandbox bool) Next {
	n := Next{Account: p.TokenID, Key: p.EVMKey}
	switch {
	case p.EVMKey == "":
		n.Step, n.Action = NextAddKey, ActionAddKey
		return n
	case p.TokenID == "":
		n.Step, n.Action = NextMint, ActionMint
		return n
	case st == nil:
		n.Step, n.Action = NextReadStatus, ActionRefresh
		return n
	}
	status, step := int64(st.Status), int64(st.KYCFlow.CurrentStep)
	switch status {
	case enduser.StatusNa:
		n.Step, n.Action = NextNotMinted, ActionMint
		if sandbox {
			n.Step = NextMintAgain
		}
		return n
	case enduser.StatusLive:
		n.Step = NextLive
		return n
	case enduser.StatusSoftBlocked:
		n.Step, n.Action = NextRestricted, ActionRefresh
		if st.CRSInfo.NeedCRS {
			n.Step = NextCRS
		}
		return n
	case enduser.StatusBlocked, enduser.StatusClosed:
		n.Step = NextClosed
		return n
	}
	switch step {
	case enduser.KYCStepFormA:
		n.Step, n.Action = NextFormA, ActionRefresh
	case enduser.KYCStepIDScan:
		n.Step, n.Action = NextIDScan, ActionIDVToken
		if sandbox {
			n.Sandbox = []Action{ActionSandboxApprove, ActionSandboxReject}
		}
	case enduser.KYCStepSignFormA:
		n.Step, n.Action = NextSignFormA, ActionFormA
	case enduser.KYCStepReview:
		n.Step, n.Action = NextReview, ActionRefresh
		if sandbox {
			n.Sandbox = []Action{ActionSandboxAdvance}
		}
	case enduser.KYCStepRejected:
		n.Step, n.Action = NextRetryIDScan, ActionIDVToken
		if st.SumsubKYCInfo.ReviewRejectType == "FINAL" {
			n.Step, n.Action = NextRejected, ""
		}
	default:
		n.Step, n.Action = NextRefresh, ActionRefresh
	}
	return n
}
