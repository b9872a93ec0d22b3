// Package altchain handles the Solana ("alt-chain") USDC deposit: it decodes the
// partner-signed deposit quote of spec 4.4 strictly, inspects the pre-built unsigned v0
// transaction the quote carries against every rule of altchain-checklist.md (A1..H30),
// builds the transaction itself for the sandbox deposit program whose layout it knows,
// and signs, simulates and sends only a transaction that passed that inspection.
//
// The purpose is narrow: purse must never sign anything but the deposit the user agreed
// to. Inspection is split in two. Inspect runs every static rule offline on the raw bytes
// (never panicking on any input); Verify adds the rules that need the chain (lookup-table
// resolution, the cluster's identity, the user's token account, the blockhash lifetime)
// through the small Cluster interface, and Simulate checks the signed bytes against the
// user's account states. Static rules are the hard gate; simulation is advisory but a
// failed simulation still rejects.
//
// Every finding names its checklist rule id, so a reviewer (or a test) can tell exactly
// which rule refused a transaction.
package altchain
