package enduser

import (
	"sync"
	"time"

	"purse/wallet"
)

// ReadSession is one full-auth credential for the empty payload, reused by every read whose
// signed payload is empty (the table's GETs) until shortly before its deadline: with a key
// on a hardware wallet, reading the account costs one press per session instead of one per
// screen refresh. A write never uses it. What the credential grants depends on the service:
// where it binds the hash to the payload, every empty-payload read until the deadline;
// where it does not (evidence §1: UR's service accepts any string), every call until then —
// which the review of its signature says (RouteReadSession).
type ReadSession struct {
	// Window is how long a credential stays valid (at most the protocol's 20 minutes).
	Window time.Duration

	mu sync.Mutex
	fa wallet.FullAuth
}

// RouteReadSession is the name a read session's credential is signed under: the signing
// gate asks about it and says what it grants.
const RouteReadSession = "read-session"

// readSessionSlack: a credential closer to its deadline than this is not used (the call
// and the clocks' skew must fit in what is left).
const readSessionSlack = 30 * time.Second

// credential is the session's credential at now, signed by sign (with the session's window)
// when there is none or it is about to expire.
func (s *ReadSession) credential(now time.Time, sign func(window time.Duration) (wallet.FullAuth, error)) (wallet.FullAuth, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fa.Sign != "" && time.Unix(s.fa.Deadline, 0).Sub(now) > readSessionSlack {
		return s.fa, nil
	}
	fa, err := sign(s.Window)
	if err != nil {
		return wallet.FullAuth{}, err
	}
	s.fa = fa
	return fa, nil
}

// Until is the current credential's deadline (zero when there is none).
func (s *ReadSession) Until() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fa.Sign == "" {
		return time.Time{}
	}
	return time.Unix(s.fa.Deadline, 0)
}
