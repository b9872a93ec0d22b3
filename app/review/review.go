// Package review is what a signature is shown as before the user approves it: a document of
// sections, labelled values and verbatim blocks, built from exactly what will be signed. The
// terminal UI renders it as its review dialog (tui/review), the CLI prints it as text (Write),
// so every front end shows the same facts.
package review

// Kind says what is being signed.
type Kind string

// The kinds of signature purse makes.
const (
	KindFullAuth    Kind = "full-auth request signature (EIP-191)"
	KindMintConsent Kind = "mint consent (EIP-191)"
	KindPermit      Kind = "EIP-2612 permit (EIP-712 typed data)"
	KindFormA       Kind = "Form A self-declaration (EIP-191)"
	KindSolana      Kind = "Solana transaction (ed25519)"
	KindPersonal    Kind = "personal message (EIP-191)"
	KindPartnerAuth Kind = "partner-auth message (EIP-191)"
)

// Field is one labelled value. Value is shown exactly; Note (a human reading of the value,
// such as the token amount beside a raw integer) is shown beside it.
type Field struct {
	Label string
	Value string
	Note  string
}

// Block is a verbatim text (a payload, a message, the Form A text) shown exactly as
// received, with line numbers, wrapped continuation marks and an end mark.
type Block struct {
	Label string
	Text  string
}

// Section is a heading, its fields, then its optional verbatim block.
type Section struct {
	Heading string
	Fields  []Field
	Block   *Block
}

// Request is what a signing flow asks the user to approve.
type Request struct {
	// ID comes back in the Decision, so the flow can match it.
	ID    string
	Title string
	Kind  Kind
	// Purpose says in one sentence what the signature authorises.
	Purpose  string
	Sections []Section
	// Warnings are shown at the top of the review.
	Warnings []string
	// Blocked lists why signing is refused (a rejecting validation finding, a domain
	// mismatch). When it is not empty, y does nothing and only cancelling is offered.
	Blocked []string
}
