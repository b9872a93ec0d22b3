package app

import (
	"purse/app/internal/port"
)

// session is also App as the card-spend permit (app/permit) sees it (port.Permit).
func init() {
	port.PermitOf = func(core any) (port.Permit, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}
