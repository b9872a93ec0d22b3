// Package wallet holds purse's signing primitives: EIP-191 personal_sign, the end-user
// full-auth headers, the mint consent, EIP-2612 permits, Form A, partner auth and Solana
// ed25519 signing.
//
// It is pure: no I/O, no clocks (a deadline is checked against the time its caller
// passes), no storage. Keys reach it through the EVMSigner and
// SolanaSigner interfaces, so the keystore can wrap every signature with its audit log
// while tests and benchmarks sign with in-memory keys. It imports nothing of the
// project but protocol, whose bounds it enforces.
package wallet
