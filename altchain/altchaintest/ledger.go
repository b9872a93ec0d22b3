package altchaintest

import (
	"bytes"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
)

// Ledger is what a sandbox keeps across restarts: every account (lamports, data) and the
// registered partner keys. Block heights, blockhashes, signature statuses, quotes and
// faults are not in it: after a restart they start afresh.
type Ledger struct {
	Accounts map[solana.PublicKey]altchain.Account `json:"accounts"`
	Partners []common.Address                      `json:"partners"`
}

// Ledger returns a copy of the accounts and the registered partner keys.
func (s *Sandbox) Ledger() Ledger {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := Ledger{Accounts: make(map[solana.PublicKey]altchain.Account, len(s.accounts))}
	for k, a := range s.accounts {
		l.Accounts[k] = *cloneAccount(a)
	}
	for a, ok := range s.partner {
		if ok {
			l.Partners = append(l.Partners, a)
		}
	}
	slices.SortFunc(l.Partners, func(a, b common.Address) int { return bytes.Compare(a[:], b[:]) })
	return l
}

// RestoreLedger puts the accounts and partner keys of l in the ledger, over what New put
// there.
func (s *Sandbox) RestoreLedger(l Ledger) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, a := range l.Accounts {
		s.accounts[k] = cloneAccount(&a)
	}
	for _, a := range l.Partners {
		s.partner[a] = true
	}
}
