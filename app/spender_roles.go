package app

import "purse/enduser"

// Spender roles (design 2.5). They are the core's, not the permit flow's (app/permit): the
// signing gate's review of every permit signature (permitReviewOf) names the spender by its
// role, and the card-spend permit's form chooses among the same roles.
const (
	RoleCard       = enduser.SpenderCard
	RoleDeposit    = enduser.SpenderDeposit
	RoleBufferPool = enduser.SpenderBufferPool
	RoleToken      = enduser.SpenderToken
	RoleAddress    = "address"
)

// RoleLabel says in words who spends under each role (shown in the review).
func RoleLabel(role string) string {
	switch role {
	case RoleCard:
		return "card (card-authorization contract, profile card_spender)"
	case RoleDeposit:
		return "deposit (chain depositContract)"
	case RoleBufferPool:
		return "bufferpool (chain bufferPoolContract: on-ramp / cash-out)"
	case RoleToken:
		return "the fiat token itself (it spends exactly the amount)"
	}
	return "explicit address"
}
