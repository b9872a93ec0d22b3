package tui

import (
	"fmt"
	"math/big"
	doc "purse/app/review"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
	"purse/tui/review"
	"purse/tui/table"
)

// txSource generates n transaction records on demand, like a loaded history would hold.
type txSource struct{ n int }

func (s txSource) Len() int { return s.n }
func (s txSource) Row(i int) []string {
	return []string{
		fmt.Sprintf("2024-05-%02d 10:%02d", i%28+1, i%60),
		[]string{"mint", "burn", "card", "deposit"}[i%4],
		fmt.Sprintf("%d.%02d EURX", i%1000, i%100),
		[]string{"done", "pending", "failed"}[i%3],
		fmt.Sprintf("0x%064x", i),
	}
}

// txScreen is the shape the transactions screen will have: a table over loaded records.
type txScreen struct {
	env *kit.Env
	tbl table.Model
}

func newTxScreen(env *kit.Env, n int) *txScreen {
	t := table.New(env,
		table.Column{Title: "Time", Width: 16},
		table.Column{Title: "Type", Width: 8},
		table.Column{Title: "Amount", Width: 14, Right: true},
		table.Column{Title: "Status", Width: 8},
		table.Column{Title: "Tx hash"},
	)
	t.SetSource(txSource{n: n})
	return &txScreen{env: env, tbl: t}
}

func (s *txScreen) Init() tea.Cmd { return nil }
func (s *txScreen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	var cmd tea.Cmd
	s.tbl, cmd = s.tbl.Update(msg)
	return s, cmd
}
func (s *txScreen) View() string              { return s.tbl.View() }
func (s *txScreen) SetSize(w, h int)          { s.tbl.SetSize(w, h) }
func (s *txScreen) Title() string             { return "Transactions" }
func (s *txScreen) ID() kit.ScreenID          { return kit.ScreenTransactions }
func (s *txScreen) ShortHelp() []key.Binding  { return s.tbl.ShortHelp() }
func (s *txScreen) FullHelp() [][]key.Binding { return s.tbl.FullHelp() }
func (s *txScreen) InputFocused() bool        { return false }

// Sample requests for golden views.

func samplePermit() review.Request {
	return doc.PermitRequest("permit-1", doc.Permit{
		TokenSymbol:   "EURX",
		TokenAddress:  "0x5FbDB2315678afecb367f032d93F642f64180aa3",
		Decimals:      2,
		Value:         big.NewInt(125000),
		Owner:         "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
		SpenderRole:   "card-authorization contract",
		Spender:       "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
		Nonce:         big.NewInt(4),
		Deadline:      big.NewInt(1717245296),
		ChainID:       big.NewInt(11155111),
		DomainName:    "Euro X",
		DomainVersion: "1",
		Digest:        "0x3b5e0c0e1f2a0a4d8f6c4b1e2d9a7c5b3e1f0d2c4b6a8e9f1d3c5b7a9e0f2d4c",
	})
}

func sampleFormA() review.Request {
	text := "FORM A - SELF-DECLARATION\r\n\r\nI, Alice Example, declare that the information below is true.\n\tSource of funds:\u00a0salary\nThis sentence is deliberately long so that it wraps on an eighty column terminal without losing a single character.\n"
	return doc.FormARequest("forma-1", text, "0x8c1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b")
}

func sampleFullAuth() review.Request {
	return doc.FullAuthRequest("fa-1", doc.FullAuth{
		Method:       "POST",
		Path:         "/api/v1/card/status",
		Payload:      `{"cardTokenId":"981","status":0}`,
		Hash:         "0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8",
		Deadline:     1717245296,
		Intermediate: "0x5d2a8a4e7b6b2b1f5d6e1f0a3c9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
		Message:      "I agree to access my profile. 0x5d2a8a4e7b6b2b1f5d6e1f0a3c9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c",
	})
}

func sampleSolana() review.Request {
	return doc.SolanaRequest("sol-1", "deposit 12.5 USDC to your account", doc.Solana{
		Cluster:             "devnet",
		FeePayer:            "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
		RecentBlockhash:     "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
		Signatures:          1,
		ComputeUnitLimit:    200000,
		ComputeUnitPrice:    5000,
		PriorityFeeLamports: 1000,
		TotalCostLamports:   6000,
		Instructions: []doc.SolanaInstruction{
			{Program: "ComputeBudget111111111111111111111111111111", ProgramName: "compute budget", Data: "set compute unit limit 200000", DataLen: 5},
			{Program: "Dep1osit111111111111111111111111111111111111", ProgramName: "deposit program", Data: "deposit 12500000 (12.5 USDC) memo " + strings.Repeat("a", 12), DataLen: 48,
				Accounts: []doc.SolanaAccount{
					{Address: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", Signer: true, Writable: true, Role: "depositor"},
					{Address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", Role: "USDC mint"},
					{FromLookup: true},
				}},
		},
		Findings: []doc.Finding{
			{Rule: "C7", Severity: doc.SeverityReject, Message: "account 2 comes from an unresolved lookup table"},
			{Rule: "F2", Severity: doc.SeverityWarn, Message: "priority fee above 0.001 SOL"},
			{Rule: "A1", Severity: doc.SeverityInfo, Message: "quote signed by the pinned partner key"},
		},
	})
}
