// Package keystore is where purse keeps its keys and the one place every signature of the
// program passes through.
//
// A Store holds secp256k1 ("evm") and ed25519 ("solana") keys under unique labels, either in
// the OS keyring (go-keyring, service "purse", one item per key named by the home's random id
// and the key's id, every call bounded by a timeout; no session bus means no OS keyring) or in
// Web3 Secret Storage v3 files under $PURSE_HOME/keys (scrypt at the standard cost). It creates keys, imports them from hex, BIP-39 mnemonics (BIP-32 for evm, SLIP-0010
// or the solana-keygen "no path" variant for solana), v3 keystore JSON and solana-keygen
// keypair files, and exports them encrypted (or raw, for the caller's explicit unsafe path).
//
// The key index $PURSE_HOME/keys.json lists label, kind, address, backend and creation time,
// never a secret, and records the home's id and the folder it lives in: a copy of the home
// found elsewhere becomes a home of its own that never deletes the original's keyring items
// (home.go). Every write is atomic and a failed operation leaves nothing behind. Writes
// are ordered so a kill at any point leaves a state Doctor finds and Repair fixes without
// losing a secret: an entry is marked adding before its secret is stored and removing before
// it is deleted, and a rename copies a key file before the index names the copy.
//
// Signers returned by EVMSigner and SolanaSigner append a record to the hash-chained audit
// log $PURSE_HOME/audit.jsonl before each signature and refuse to sign when they cannot: on a
// chain that is broken anywhere (each append walks it, unless the kernel says the log is the
// file this process left), that disagrees with its head (audit.head.json), or that has
// something other than records after its last good one (RepairAudit cuts it). Concurrent
// signatures share one write and one fsync (group commit, appendAudit), and each is answered
// only once its record is synced. Once SealAudit has run, the last record of each batch is
// sealed forward-securely (audit_seal.go), and a verification with the key the user kept
// proves what was sealed was not rewritten, cut or deleted.
package keystore

// MinNewPassphrase is the shortest passphrase a front end accepts when the user types a new
// one (a key file's, an export's): the scrypt cost slows guessing, it cannot make a
// three-letter passphrase strong.
const MinNewPassphrase = 8
