package app

import "purse/app/internal/port"

// session is also App as the audit log's use cases (app/audit) see it (port.Audit).
func init() {
	port.AuditOf = func(core any) (port.Audit, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) AuditLog() (port.AuditLog, error) {
	ks, err := p.s.keys(nil)
	if err != nil {
		return nil, err // not a nil *keystore.Store in the interface
	}
	return ks, nil
}
