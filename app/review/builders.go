package review

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"purse/internal/format"
)

// FullAuth is what a full-auth header signature covers (design §2.1).
type FullAuth struct {
	Method string
	Path   string
	// Payload is the exact body (POST) or raw query string without "?" (GET); "" for none.
	Payload      string
	Hash         string
	Deadline     int64
	Intermediate string
	// Message is the exact text personal_sign signs.
	Message string
}

// FullAuthRequest builds the review of a full-auth request signature.
func FullAuthRequest(id string, f FullAuth) Request {
	return Request{
		ID:      id,
		Title:   f.Method + " " + f.Path,
		Kind:    KindFullAuth,
		Purpose: "Authorises this one API call for your account until the deadline; the hash binds it to the payload below.",
		Sections: []Section{
			{Heading: "Request", Fields: []Field{
				{Label: "Method", Value: f.Method},
				{Label: "Path", Value: f.Path},
			}, Block: &Block{Label: "Payload", Text: f.Payload}},
			{Heading: "Signed values", Fields: []Field{
				{Label: "hash", Value: f.Hash, Note: "keccak256 of the payload"},
				{Label: "deadline", Value: strconv.FormatInt(f.Deadline, 10), Note: unixNote(f.Deadline)},
				{Label: "intermediate", Value: f.Intermediate, Note: "keccak256(hash + deadline)"},
			}},
			{Heading: "Message", Block: &Block{Label: "EIP-191 message", Text: f.Message}},
		},
	}
}

// MintConsentRequest builds the review of the partner mint consent: the same construction
// as full-auth with a free-text hash.
func MintConsentRequest(id string, hash, deadline, intermediate, message string) Request {
	dl := deadline
	if n, err := strconv.ParseInt(deadline, 10, 64); err == nil {
		dl = deadline + "   " + unixNote(n)
	}
	return Request{
		ID:      id,
		Title:   "mint consent",
		Kind:    KindMintConsent,
		Purpose: "Consents to the partner minting to your account under the hash below until the deadline.",
		Sections: []Section{
			{Heading: "Signed values", Fields: []Field{
				{Label: "hash", Value: hash},
				{Label: "deadline", Value: dl},
				{Label: "intermediate", Value: intermediate},
			}},
			{Heading: "Message", Block: &Block{Label: "EIP-191 message", Text: message}},
		},
	}
}

// MessageRequest builds the review of a personal_sign message (kind KindPersonal or
// KindPartnerAuth): the bytes exactly, their length and the EIP-191 digest that is signed.
func MessageRequest(id string, kind Kind, purpose string, message []byte, digest string) Request {
	title := "personal message"
	if kind == KindPartnerAuth {
		title = "partner-auth message"
	}
	return Request{
		ID:      id,
		Title:   title,
		Kind:    kind,
		Purpose: purpose,
		Sections: []Section{
			{Heading: "Message", Fields: []Field{
				{Label: "length", Value: strconv.Itoa(len(message)), Note: "bytes"},
				{Label: "digest", Value: digest, Note: "keccak256 of the EIP-191 prefix and the message"},
			}, Block: &Block{Label: "Message", Text: string(message)}},
		},
	}
}

// Permit is an EIP-2612 permit as the review shows it (design §2.5).
type Permit struct {
	TokenSymbol  string
	TokenAddress string
	Decimals     uint8
	// NoDecimals says the decimals are not known (a permit alone does not carry them): the
	// value is then shown in smallest units only, never as a token amount it might not be.
	NoDecimals bool
	// Value is the signed permit value in the token's smallest unit.
	Value *big.Int
	// BusinessAmount is the amount of the operation when it differs from Value ("" if not).
	BusinessAmount string
	Owner          string
	// SpenderRole says who may spend ("card-authorization contract", "buffer pool",
	// "deposit contract").
	SpenderRole string
	Spender     string
	Nonce       *big.Int
	Deadline    *big.Int
	ChainID     *big.Int
	// DomainName and DomainVersion are the EIP-712 domain (token name(), "1").
	DomainName    string
	DomainVersion string
	Digest        string
}

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// PermitRequest builds the review of an EIP-2612 permit. The human amount is computed here
// from Value and Decimals, exactly, so it cannot disagree with the signed value.
func PermitRequest(id string, p Permit) Request {
	// A token without a symbol (a domain with an empty name, not read on chain; or a token
	// that names none) is named by its address, never by nothing.
	if p.TokenSymbol == "" {
		p.TokenSymbol = "token " + p.TokenAddress
	}
	req := Request{
		ID:      id,
		Title:   "permit " + p.TokenSymbol + " to " + p.SpenderRole,
		Kind:    KindPermit,
		Purpose: "Allows the spender below to move up to this amount of your " + p.TokenSymbol + " until the deadline.",
	}
	amount := Field{Label: "value", Value: "(missing)"}
	if p.Value == nil {
		req.Blocked = append(req.Blocked, "the permit value is missing")
	} else {
		if p.NoDecimals {
			amount.Value = p.Value.String() + " smallest units of " + p.TokenSymbol
			amount.Note = "(the permit does not say the token's decimals)"
		} else {
			amount.Value = HumanAmount(p.Value, p.Decimals) + " " + p.TokenSymbol
			amount.Note = fmt.Sprintf("(raw value %s, %d decimals)", p.Value, p.Decimals)
		}
		if p.Value.Cmp(maxUint256) == 0 {
			req.Warnings = append(req.Warnings, "unlimited allowance: the spender may move all of this token, now and later")
		}
	}
	for _, miss := range []struct {
		name string
		v    *big.Int
	}{{"nonce", p.Nonce}, {"deadline", p.Deadline}, {"chainId", p.ChainID}} {
		if miss.v == nil {
			req.Blocked = append(req.Blocked, "the permit "+miss.name+" is missing")
		}
	}
	if p.Spender == "" {
		req.Blocked = append(req.Blocked, "the spender address is missing")
	}
	if p.TokenAddress == "" {
		req.Blocked = append(req.Blocked, "the token address (verifyingContract) is missing")
	}
	fields := []Field{
		{Label: "token", Value: p.TokenSymbol, Note: p.TokenAddress},
		amount,
	}
	if p.BusinessAmount != "" {
		fields = append(fields, Field{Label: "operation amount", Value: p.BusinessAmount, Note: "(not signed; the value above is)"})
	}
	fields = append(fields,
		Field{Label: "spender role", Value: p.SpenderRole},
		Field{Label: "spender", Value: p.Spender},
		Field{Label: "owner", Value: p.Owner},
		Field{Label: "nonce", Value: bigStr(p.Nonce)},
		Field{Label: "deadline", Value: bigStr(p.Deadline), Note: bigUnixNote(p.Deadline)},
	)
	req.Sections = []Section{
		{Heading: "Permit", Fields: fields},
		{Heading: "EIP-712 domain", Fields: []Field{
			{Label: "name", Value: p.DomainName},
			{Label: "version", Value: p.DomainVersion},
			{Label: "chainId", Value: bigStr(p.ChainID)},
			{Label: "verifyingContract", Value: p.TokenAddress},
		}},
		{Heading: "Digest", Fields: []Field{{Label: "digest", Value: p.Digest}}},
	}
	return req
}

// FormARequest builds the review of the Form A signature: the text exactly as received
// and its keccak256.
func FormARequest(id, text, textHash string) Request {
	return Request{
		ID:      id,
		Title:   "Form A self-declaration",
		Kind:    KindFormA,
		Purpose: "Signs the exact text below (no trimming, no newline changes) as your KYC self-declaration.",
		Sections: []Section{
			{Heading: "Form A", Block: &Block{Label: "Text", Text: text}},
			{Heading: "Hash", Fields: []Field{{Label: "textHash", Value: textHash, Note: "keccak256 of the text"}}},
		},
	}
}

// SolanaAccount is one account of a decoded instruction.
type SolanaAccount struct {
	Address    string // "" when it comes from an unresolved lookup table
	Signer     bool
	Writable   bool
	FromLookup bool
	Role       string // what the account is for, when known
}

// SolanaInstruction is one decoded instruction.
type SolanaInstruction struct {
	Program     string
	ProgramName string
	Accounts    []SolanaAccount
	// Data summarises the instruction data ("transfer 12.5 USDC", "set compute unit limit 200000").
	Data    string
	DataLen int
}

// Severity of a validation finding.
const (
	SeverityInfo   = "info"
	SeverityWarn   = "warn"
	SeverityReject = "reject"
)

// Finding is one validation result tied to a checklist rule id.
type Finding struct {
	Rule     string
	Severity string // SeverityInfo, SeverityWarn or SeverityReject
	Message  string
}

// Solana is a validated Solana transaction as the review shows it.
type Solana struct {
	Cluster             string
	FeePayer            string
	RecentBlockhash     string
	Signatures          int
	ComputeUnitLimit    uint32
	ComputeUnitPrice    uint64 // micro-lamports per compute unit
	PriorityFeeLamports uint64
	TotalCostLamports   uint64
	Instructions        []SolanaInstruction
	Findings            []Finding
}

// SolanaRequest builds the review of a Solana transaction. A rejecting finding blocks
// signing; warnings are shown at the top.
func SolanaRequest(id, title string, t Solana) Request {
	req := Request{
		ID:      id,
		Title:   title,
		Kind:    KindSolana,
		Purpose: "Signs this transaction with your Solana key; it runs exactly these instructions.",
	}
	for _, f := range t.Findings {
		line := f.Rule + " " + f.Message
		switch f.Severity {
		case SeverityReject:
			req.Blocked = append(req.Blocked, line)
		case SeverityWarn:
			req.Warnings = append(req.Warnings, line)
		}
	}
	req.Sections = append(req.Sections, Section{Heading: "Transaction", Fields: []Field{
		{Label: "cluster", Value: t.Cluster},
		{Label: "fee payer", Value: t.FeePayer},
		{Label: "blockhash", Value: t.RecentBlockhash},
		{Label: "signatures", Value: strconv.Itoa(t.Signatures)},
		{Label: "compute limit", Value: strconv.FormatUint(uint64(t.ComputeUnitLimit), 10), Note: "units"},
		{Label: "compute price", Value: strconv.FormatUint(t.ComputeUnitPrice, 10), Note: "micro-lamports/unit"},
		{Label: "priority fee", Value: lamports(t.PriorityFeeLamports)},
		{Label: "total cost", Value: lamports(t.TotalCostLamports)},
	}})
	for i, in := range t.Instructions {
		name := in.ProgramName
		if name == "" {
			name = "unknown program"
		}
		fs := []Field{
			{Label: "program", Value: in.Program, Note: "(" + name + ")"},
			{Label: "data", Value: in.Data, Note: fmt.Sprintf("(%d bytes)", in.DataLen)},
		}
		for j, a := range in.Accounts {
			addr := a.Address
			if addr == "" {
				addr = "(unresolved lookup-table entry)"
			}
			fs = append(fs, Field{Label: fmt.Sprintf("account %d", j), Value: addr, Note: accountNote(a)})
		}
		req.Sections = append(req.Sections, Section{Heading: fmt.Sprintf("Instruction %d of %d", i+1, len(t.Instructions)), Fields: fs})
	}
	if len(t.Findings) > 0 {
		var fs []Field
		for _, f := range t.Findings {
			fs = append(fs, Field{Label: "[" + f.Severity + "] " + f.Rule, Value: f.Message})
		}
		req.Sections = append(req.Sections, Section{Heading: "Validation findings", Fields: fs})
	}
	return req
}

func accountNote(a SolanaAccount) string {
	var flags []string
	if a.Signer {
		flags = append(flags, "signer")
	}
	if a.Writable {
		flags = append(flags, "writable")
	} else {
		flags = append(flags, "read-only")
	}
	if a.FromLookup {
		flags = append(flags, "lookup table")
	}
	n := "[" + strings.Join(flags, ", ") + "]"
	if a.Role != "" {
		n += " " + a.Role
	}
	return n
}

// HumanAmount formats v smallest units with the given decimals exactly ("1250", 2 →
// "12.50"); it never rounds.
func HumanAmount(v *big.Int, decimals uint8) string {
	if v == nil {
		return ""
	}
	neg := v.Sign() < 0
	s := new(big.Int).Abs(v).String()
	d := int(decimals)
	if d > 0 {
		if len(s) <= d {
			s = strings.Repeat("0", d-len(s)+1) + s
		}
		s = s[:len(s)-d] + "." + s[len(s)-d:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

func lamports(n uint64) string {
	return fmt.Sprintf("%d lamports (%s SOL)", n, HumanAmount(new(big.Int).SetUint64(n), 9))
}

func bigStr(v *big.Int) string {
	if v == nil {
		return "(missing)"
	}
	return v.String()
}

func unixNote(sec int64) string {
	return "(" + format.Unix(sec) + ")"
}

func bigUnixNote(v *big.Int) string {
	if v == nil || !v.IsInt64() {
		return ""
	}
	return unixNote(v.Int64())
}
