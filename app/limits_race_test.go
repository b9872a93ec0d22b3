package app

import (
	"errors"
	"sync"
	"testing"

	"purse/agent"
	"purse/wallet"
)

// Concurrent permits are held against the day's total one after the other: eight of 30.00
// EUR24 sent at once under a 100.00 daily limit get at most three signed unasked, the others
// asked (and here declined), so no more than the limit is signed without a question. A
// check that reads the total before any of them is recorded signs all eight (240.00): the
// attack of a same-user process that sends its permits through the agent at once.
func TestConcurrentPermitsCannotOvershootTheDailyLimit(t *testing.T) {
	sb, prof := sandboxProfile(t)
	policy := "[purposes]\npermit = \"allow\"\n[limits.permit]\nEUR24 = \"100.00\"\n"
	bothWays(t, policy, prof, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		const n = 8
		permits := make([]wallet.Permit, n)
		for i := range permits {
			permits[i] = eur24Permit(t, sb, s.Address(), 3000)
		}
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range permits {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = wallet.SignPermit(s, permits[i])
			}()
		}
		wg.Wait()
		signed := 0
		for _, err := range errs {
			switch {
			case err == nil:
				signed++
			case !errors.Is(err, agent.ErrDenied):
				t.Fatalf("a permit failed otherwise than by the limit: %v", err)
			}
		}
		if signed != 3 || e.asked.count() != n-3 {
			t.Fatalf("%d of %d permits of 30.00 signed unasked under a daily limit of 100.00 (asked %d)", signed, n, e.asked.count())
		}
	})
}
