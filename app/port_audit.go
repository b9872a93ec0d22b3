package app

import "purse/app/internal/port"

// What the audit log's use cases (app/audit) asks of the core beyond Session (port.Audit).

func (p session) AuditLog() (port.AuditLog, error) {
	ks, err := p.s.keys(nil)
	if err != nil {
		return nil, err // not a nil *keystore.Store in the interface
	}
	return ks, nil
}
