package app

import (
	"testing"

	"purse/wallet"
)

// BothWaysForTest runs f as bothWays does (signing in this process, then through a live
// agent), handing it the session and its signer (gateEnv.signer): for the external test files
// of this binary that call a use-case package importing app (audit_seal_test.go: app/audit).
func BothWaysForTest(t *testing.T, policy string, f func(t *testing.T, a *App, signer func(*testing.T) wallet.EVMSigner)) {
	bothWays(t, policy, nil, func(t *testing.T, e *gateEnv) { f(t, e.app, e.signer) })
}
