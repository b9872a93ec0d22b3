// Package agent is purse's local signing agent: one process per user that holds keys the
// user unlocked for a bounded time and signs for every client (the CLI, the TUI, the proxy,
// a tester's own scripts through the proxy) over a Unix socket, as ssh-agent and gpg-agent do
// for their keys and clef for Ethereum.
//
// The agent signs requests, not digests (wallet.Request): it rebuilds each digest itself, so
// its policy (allow, confirm or deny per purpose and route) and the audit log know what was
// signed. A request the policy wants confirmed goes to the trusted display (the TUI, when it
// runs); with none attached it is refused. No secret crosses the socket: a passphrase is read
// by the agent from a file descriptor the client passes (its terminal, a file or a pipe), and
// decrypted keys never leave the agent's memory; they are wiped when the unlock expires.
//
// The server holds no key-store or alt-chain logic of its own: a Backend (the app layer)
// opens keys and applies the alt-chain checklist, so a check is written once.
package agent
