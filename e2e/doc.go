// Package e2e holds the end-to-end test of the real purse binary: it is built, started
// without arguments inside tmux (which gives it a terminal, as a user's would be) on the
// embedded sandbox profile, and driven with tmux send-keys through the whole demo while
// tmux capture-pane shows what the screen says at each step.
//
// The test is behind the e2e build tag; `make e2e` runs it (and `make test` includes it):
//
//	bash scripts/ensure-tmux.sh
//	go test -tags e2e -count=1 -run TestE2E -v ./e2e/
package e2e
