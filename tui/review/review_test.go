package review

import (
	"context"
	"math/big"
	doc "purse/app/review"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/internal/visible"
	"purse/tui/kit"

	"purse/tui/internal/tuitest"
)

func testEnv(t *testing.T) *kit.Env {
	t.Helper()
	return kit.NewEnv(context.Background(), kit.Session{}, "", nil)
}

func formA() Request {
	text := "I, the undersigned, declare that the funds are mine.\r\n\tIndented\u00a0line with a very long sentence that certainly does not fit on one line of an eighty column terminal and must wrap.\n\n"
	return doc.FormARequest("fa1", text, "0x"+strings.Repeat("ab", 32))
}

// decisionOf runs cmd and returns the Decision it produces, if any.
func decisionOf(cmd tea.Cmd) (Decision, bool) {
	if cmd == nil {
		return Decision{}, false
	}
	d, ok := cmd().(Decision)
	return d, ok
}

func TestEnterNeverConfirms(t *testing.T) {
	keys := []tea.KeyPressMsg{
		{Code: tea.KeyEnter},
		{Code: 'm', Mod: tea.ModCtrl},
		{Code: 'j', Mod: tea.ModCtrl},
		{Code: tea.KeySpace, Text: " "},
		{Code: tea.KeyEnter, Mod: tea.ModAlt},
		{Code: 'y', ShiftedCode: 'Y', Text: "Y", Mod: tea.ModShift},
		{Code: 'Y', Text: "Y"},
		{Code: 'y', Mod: tea.ModAlt},
		{Code: 'y', Mod: tea.ModCtrl},
		{Code: 'y', Mod: tea.ModSuper},
		{Code: 'y', Text: "yes"},
		{Code: tea.KeyTab},
		{Code: tea.KeyKpEnter},
	}
	for r := rune(0x20); r < 0x7f; r++ {
		if r != 'y' && r != 'n' {
			keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	// Every special key v2 decodes (arrows to media and modifier keys), alone and with ctrl
	// or alt, and every control character.
	for code := tea.KeyUp; code <= tea.KeyIsoLevel5Shift; code++ {
		keys = append(keys, tea.KeyPressMsg{Code: code}, tea.KeyPressMsg{Code: code, Mod: tea.ModCtrl}, tea.KeyPressMsg{Code: code, Mod: tea.ModAlt})
	}
	for r := rune(0); r < 0x20; r++ {
		if r != tea.KeyEscape {
			keys = append(keys, tea.KeyPressMsg{Code: r})
		}
	}
	for r := 'a'; r <= 'z'; r++ {
		if r != 'c' { // ctrl+c is the router's, never the review's
			keys = append(keys, tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl}, tea.KeyPressMsg{Code: r, Mod: tea.ModAlt})
		}
	}
	env := testEnv(t)
	m := New(env, formA())
	m.SetSize(80, 20)
	for _, k := range keys {
		_, cmd := m.Update(k)
		if d, ok := decisionOf(cmd); ok {
			t.Fatalf("key %q (code %U, mod %d) produced %+v", k.String(), k.Code, k.Mod, d)
		}
		if m.Closed() {
			t.Fatalf("key %q (code %U, mod %d) closed the review", k.String(), k.Code, k.Mod)
		}
	}
	// A paste is not a key press: "y" pasted (bracketed paste) signs nothing.
	for _, p := range []tea.Msg{tea.PasteStartMsg{}, tea.PasteMsg{Content: "y"}, tea.PasteMsg{Content: "yes\n"}, tea.PasteEndMsg{}} {
		_, cmd := m.Update(p)
		if d, ok := decisionOf(cmd); ok || m.Closed() {
			t.Fatalf("paste %#v produced %+v (closed %v)", p, d, m.Closed())
		}
	}
	_, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !strings.Contains(tuitest.Plain(m.View()), "Enter does not sign") {
		t.Error("Enter should explain how to sign")
	}
}

func TestYApprovesNAndEscCancel(t *testing.T) {
	cases := []struct {
		key      tea.KeyPressMsg
		approved bool
	}{
		{tea.KeyPressMsg{Code: 'y', Text: string('y')}, true},
		{tea.KeyPressMsg{Code: 'n', Text: string('n')}, false},
		{tea.KeyPressMsg{Code: tea.KeyEscape}, false},
	}
	for _, c := range cases {
		m := New(testEnv(t), formA())
		m.SetSize(80, 20)
		_, cmd := m.Update(c.key)
		d, ok := decisionOf(cmd)
		if !ok || d.Approved != c.approved || d.ID != "fa1" || d.Kind != KindFormA || !m.Closed() {
			t.Errorf("%s: decision %+v ok=%v closed=%v", c.key, d, ok, m.Closed())
		}
		// a closed review answers once
		_, cmd = m.Update(c.key)
		if _, ok := decisionOf(cmd); ok {
			t.Errorf("%s: second decision", c.key)
		}
	}
}

func TestBlockedReviewCannotBeApproved(t *testing.T) {
	req := doc.SolanaRequest("s1", "deposit", doc.Solana{Findings: []doc.Finding{{Rule: "H12", Severity: doc.SeverityReject, Message: "unknown program"}}})
	m := New(testEnv(t), req)
	m.SetSize(80, 20)
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'y', Text: string('y')})
	if _, ok := decisionOf(cmd); ok || m.Closed() {
		t.Fatal("y must not approve a blocked review")
	}
	v := tuitest.Plain(m.View())
	if !strings.Contains(v, "(blocked)") || !strings.Contains(v, "H12 unknown program") {
		t.Fatalf("blocked state must be visible as text:\n%s", v)
	}
	_, cmd = m.Update(tea.KeyPressMsg{Code: 'n', Text: string('n')})
	if d, ok := decisionOf(cmd); !ok || d.Approved {
		t.Fatal("n must cancel a blocked review")
	}
}

// shown returns every line of the review content, scrolling through the viewport.
func shown(m *Model) []string {
	m.vp.GotoTop()
	var lines []string
	for {
		lines = append(lines, strings.Split(tuitest.Plain(m.vp.View()), "\n")...)
		if m.vp.AtBottom() {
			return lines
		}
		m.vp.SetYOffset(m.vp.YOffset() + m.vp.Height())
	}
}

func TestVerbatimTextIsShownCompletely(t *testing.T) {
	req := formA()
	text := req.Sections[0].Block.Text
	for _, w := range []int{40, 80, 120} {
		m := New(testEnv(t), req)
		m.SetSize(w, 10)
		content := tuitest.Plain(m.content(w))
		for _, l := range strings.Split(content, "\n") {
			if lipgloss.Width(l) > w {
				t.Fatalf("w=%d: line wider than the view: %q", w, l)
			}
		}
		// rebuild the text from the numbered gutter lines: line starts "N│ ", wrapped
		// continuations "↪│ "
		var rebuilt []string
		for _, l := range strings.Split(content, "\n") {
			i := strings.Index(l, "│ ")
			if i < 0 || strings.HasPrefix(strings.TrimSpace(l), "└") {
				continue
			}
			g, body := strings.TrimSpace(l[:i]), l[i+len("│ "):]
			if g == "↪" {
				rebuilt[len(rebuilt)-1] += body
			} else {
				rebuilt = append(rebuilt, body)
			}
		}
		want, _ := visible.Escape(text)
		if got := strings.Join(rebuilt, "\n"); got != want {
			t.Fatalf("w=%d: rebuilt text\n%q\nwant\n%q", w, got, want)
		}
		if !strings.Contains(content, "it ends with a newline") {
			t.Error("the trailing newline must be stated")
		}
		if !strings.Contains(content, "invisible or ambiguous") {
			t.Error("escaped characters must be explained")
		}
		all := strings.Join(shown(m), "\n")
		if !strings.Contains(all, "0x"+strings.Repeat("ab", 32)[:20]) {
			t.Errorf("w=%d: textHash not reachable by scrolling", w)
		}
	}
}

func TestLongFieldValuesWrapWithoutLoss(t *testing.T) {
	digest := "0x" + strings.Repeat("0123456789abcdef", 4)
	req := Request{ID: "x", Title: "t", Kind: KindPermit, Sections: []Section{{Fields: []Field{{Label: "digest", Value: digest}}}}}
	m := New(testEnv(t), req)
	m.SetSize(40, 20)
	var joined string
	for _, l := range strings.Split(tuitest.Plain(m.content(40)), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "digest"))
		joined += strings.TrimPrefix(l, "↪ ")
	}
	if joined != digest {
		t.Fatalf("digest shown as %q", joined)
	}
}

func TestScrolling(t *testing.T) {
	m := New(testEnv(t), formA())
	m.SetSize(80, 8)
	if !strings.Contains(tuitest.Plain(m.View()), "more below") {
		t.Fatal("a long review must say there is more below")
	}
	for i := 0; i < 50; i++ {
		m.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	if !strings.Contains(tuitest.Plain(m.View()), "(end)") {
		t.Fatalf("pgdown must reach the end:\n%s", tuitest.Plain(m.View()))
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	if m.vp.YOffset() != 0 {
		t.Fatal("home must go to the top")
	}
}

func TestHumanAmount(t *testing.T) {
	cases := []struct {
		v    string
		d    uint8
		want string
	}{
		{"1250", 2, "12.50"},
		{"5", 2, "0.05"},
		{"0", 6, "0.000000"},
		{"1000000", 6, "1.000000"},
		{"123", 0, "123"},
		{"-150", 2, "-1.50"},
		{"115792089237316195423570985008687907853269984665640564039457584007913129639935", 6, "115792089237316195423570985008687907853269984665640564039457584007913129.639935"},
	}
	for _, c := range cases {
		v, _ := new(big.Int).SetString(c.v, 10)
		if got := doc.HumanAmount(v, c.d); got != c.want {
			t.Errorf("doc.HumanAmount(%s, %d) = %s, want %s", c.v, c.d, got, c.want)
		}
	}
}

func TestPermitShowsHumanAmountBesideRawAndSpenderRole(t *testing.T) {
	req := doc.PermitRequest("p", doc.Permit{
		TokenSymbol: "USDC", TokenAddress: "0xToken", Decimals: 6, Value: maxUint256,
		SpenderRole: "deposit contract", Spender: "0xSpender", Nonce: big.NewInt(3),
		Deadline: big.NewInt(1700000000), ChainID: big.NewInt(1), DomainName: "USD Coin", DomainVersion: "1", Digest: "0xd",
	})
	m := New(testEnv(t), req)
	m.SetSize(300, 60)
	c := tuitest.Plain(m.content(300))
	for _, want := range []string{
		"115792089237316195423570985008687907853269984665640564039457584007913129.639935 USDC   (raw value " + maxUint256.String() + ", 6 decimals)",
		"spender role  deposit contract",
		"WARNING: unlimited allowance",
		"2023-11-14 22:13:20 UTC",
	} {
		if !strings.Contains(c, want) {
			t.Errorf("missing %q in\n%s", want, c)
		}
	}
	if len(req.Blocked) != 0 {
		t.Errorf("complete permit blocked: %v", req.Blocked)
	}
	if r := doc.PermitRequest("p", doc.Permit{}); len(r.Blocked) != 6 {
		t.Errorf("missing values must block: %v", r.Blocked)
	}
}

func TestSolanaShowsInstructionsAccountsAndFindings(t *testing.T) {
	req := doc.SolanaRequest("s", "deposit 12.5 USDC", doc.Solana{
		Cluster: "devnet", FeePayer: "Payer111", Signatures: 1, PriorityFeeLamports: 1500,
		Instructions: []doc.SolanaInstruction{{
			Program: "Dep1111", ProgramName: "deposit program", Data: "deposit 12500000", DataLen: 16,
			Accounts: []doc.SolanaAccount{{Address: "User111", Signer: true, Writable: true, Role: "depositor"}, {FromLookup: true}},
		}},
		Findings: []doc.Finding{{Rule: "F3", Severity: doc.SeverityWarn, Message: "high priority fee"}, {Rule: "A1", Severity: doc.SeverityInfo, Message: "quote signature valid"}},
	})
	m := New(testEnv(t), req)
	m.SetSize(120, 60)
	c := tuitest.Plain(m.content(120))
	for _, want := range []string{
		"Instruction 1 of 1", "Dep1111   (deposit program)", "deposit 12500000   (16 bytes)",
		"User111   [signer, writable] depositor", "(unresolved lookup-table entry)   [read-only, lookup table]",
		"WARNING: F3 high priority fee", "[info] A1", "1500 lamports (0.000001500 SOL)",
	} {
		if !strings.Contains(c, want) {
			t.Errorf("missing %q in\n%s", want, c)
		}
	}
}

func TestFullAuthShowsEmptyPayloadAndMessage(t *testing.T) {
	req := doc.FullAuthRequest("f", doc.FullAuth{Method: "GET", Path: "/api/v1/account", Hash: "0xc5d2", Deadline: 1700000000, Intermediate: "0x99", Message: "I agree to access my profile. 0x99"})
	m := New(testEnv(t), req)
	m.SetSize(100, 40)
	c := tuitest.Plain(m.content(100))
	for _, want := range []string{"Payload (empty: 0 bytes)", "1│ I agree to access my profile. 0x99", "1700000000   (2023-11-14 22:13:20 UTC)"} {
		if !strings.Contains(c, want) {
			t.Errorf("missing %q in\n%s", want, c)
		}
	}
}

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
