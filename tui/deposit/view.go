package deposit

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"purse/altchain"
	appdeposit "purse/app/deposit"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/form"
	"purse/tui/kit"
)

const (
	markW  = 10 // widest mark "(blocked)" plus a space
	nameW  = 12
	labelW = 16
)

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	return s.scroll.View(s.lines(max(s.w, 20)))
}

func (s *Screen) lines(w int) []string {
	st := s.env.Styles
	var out []string
	add := func(l ...string) { out = append(out, l...) }
	prose := func(style func(...string) string, text string) {
		for _, l := range kit.WrapWords(text, w) {
			add(style(l))
		}
	}
	add(st.Title.Render(kit.Truncate("Solana deposit: USDC from your wallet, fiat on your account", w)))
	add(st.Muted.Render(kit.Truncate(s.where(), w)))
	add("")
	if s.phase == phaseForm {
		add(s.formLines(w)...)
		return out
	}
	// What needs attention first: the failure, the notice, or the outcome.
	if f := s.fail; f != nil {
		if f.unknown {
			prose(st.Warning.Render, fmt.Sprintf("OUTCOME UNKNOWN at step %s: %s", f.step, f.err))
		} else {
			prose(st.StatusError.Render, fmt.Sprintf("%s at step %s: %s", st.Marks.Error, f.step, f.err))
		}
		prose(st.Hint.Render, "Next: "+f.next)
		if s.prepared != nil && len(s.prepared.Signed) > 0 {
			for _, l := range kit.Wrap("signature "+s.prepared.Signature.String(), w) {
				add(st.Value.Render(l))
			}
		}
		add("")
	} else if s.notice != "" {
		prose(st.Warning.Render, s.notice)
		add("")
	}
	if s.phase == phaseDone && s.prepared != nil {
		head := fmt.Sprintf("%s Deposited %s USDC → %s (%s)", st.Marks.OK, format.Uint(s.qo.Quote.USDCAmount, format.USDCDecimals), s.input.Currency, s.final)
		add(st.Bold.Render(kit.Truncate(head, w)))
		for _, l := range kit.Wrap("signature "+s.prepared.Signature.String(), w) {
			add(st.Value.Render(l))
		}
		add("")
	}
	add(s.stepLines(w)...)
	if s.report != nil {
		add("")
		add(s.findingLines(w)...)
	}
	if s.qo != nil {
		add("")
		add(s.quoteLines(w)...)
	}
	return out
}

// where names the key, cluster and RPC of the active profile (a copy held in memory).
func (s *Screen) where() string {
	if s.app.Session == nil {
		return "no profile loaded"
	}
	p := s.app.Profile()
	or := func(v, none string) string {
		if v == "" {
			return none
		}
		return v
	}
	return fmt.Sprintf("profile %s · Solana key %s · cluster %s", p.Name, or(p.SolanaKey, "(none)"), or(p.SolanaCluster, "(none)"))
}

func (s *Screen) formLines(w int) []string {
	st := s.env.Styles
	var out []string
	row := func(i int, label, value string) {
		cur := st.Marks.NoCursor
		if s.editing && i == s.row {
			cur = st.Marks.Cursor
		}
		l := cur + st.Label.Render(kit.Pad(label, labelW)) + value
		out = append(out, l)
		indent := kit.Pad("", kit.Width(cur)+labelW)
		for _, e := range form.ErrorLines(st, label, s.live.Error(rowKeys[i]), w-kit.Width(indent)) {
			out = append(out, indent+e)
		}
	}
	val := func(in string, editing bool, v string) string {
		if editing {
			return in
		}
		if v == "" {
			return st.Muted.Render("(empty)")
		}
		return v
	}
	row(rowAmount, "amount (USDC)", val(s.amount.View(), s.editing && s.row == rowAmount, s.amount.Value()))
	if t := s.walletText(); t != "" {
		out = append(out, kit.Pad("", kit.Width(st.Marks.NoCursor)+labelW)+st.Muted.Render(kit.Truncate(t, max(w-labelW-2, 8))))
	}
	row(rowCurrency, "you receive", form.Choices(st, altchain.OutputCurrencies, s.currency, w-labelW-2))
	fileV := s.file.Value()
	if fileV == "" && !(s.editing && s.row == rowFile) {
		fileV = st.Muted.Render("(none: ask the partner API)")
	}
	row(rowFile, "quote file", val(s.file.View(), s.editing && s.row == rowFile, fileV))
	how := "enter edits the form; " + form.SubmitKey + " in it (or enter on the last field) gets the quote"
	if s.editing {
		how = form.SubmitKey + " (or enter on the last field) gets the quote • tab/↓ next field • esc leaves the form"
	}
	out = append(out, "")
	for _, l := range kit.WrapWords(how, w) {
		out = append(out, st.Hint.Render(l))
	}
	out = append(out, "")
	if s.formErr != "" {
		for _, l := range kit.WrapWords(st.Marks.Error+" "+visible.Line(s.formErr), w) {
			out = append(out, st.StatusError.Render(l))
		}
		out = append(out, "")
	}
	help := "At least 5 USDC, at most 6 decimals (nothing is rounded). The quote request is signed with the profile's partner key; " +
		"a quote file (a partner app's quote JSON) is used instead when given. Nothing is signed with your Solana key before you press y in the review."
	for _, l := range kit.WrapWords(help, w) {
		out = append(out, st.Muted.Render(l))
	}
	return out
}

// walletText says what the Solana wallet holds, under the amount ("" before any read).
func (s *Screen) walletText() string {
	_, reading := s.tasks[slotWallet]
	switch {
	case reading:
		return "wallet: reading its SOL and USDC…"
	case s.walletErr != nil:
		return "wallet: unread (" + s.env.ErrorText(s.walletErr) + ")"
	case s.wallet == nil:
		return ""
	}
	return "wallet holds " + s.wallet.USDC + " USDC and " + s.wallet.SOL + " SOL (fees)"
}

func (s *Screen) stepLines(w int) []string {
	st := s.env.Styles
	out := []string{st.Bold.Render("Steps")}
	indent := markW + nameW
	// A tail of steps that have not started is one line.
	tail := len(appdeposit.Steps)
	for tail > 0 && s.steps[tail-1].state == stPending && s.steps[tail-1].detail == "" {
		tail--
	}
	if len(appdeposit.Steps)-tail < 2 {
		tail = len(appdeposit.Steps)
	}
	for i, name := range appdeposit.Steps {
		if i == tail {
			rest := fmt.Sprintf("%d-%d %s", tail+1, len(appdeposit.Steps), strings.Join(appdeposit.Steps[tail:], ", "))
			out = append(out, kit.Pad("-", markW)+st.Muted.Render(kit.Truncate(rest, max(w-markW, 1))))
			break
		}
		sp := s.steps[i]
		var mark string
		style := st.Body.Render
		switch sp.state {
		case stRunning:
			mark, style = st.Marks.Busy, st.StatusBusy.Render
		case stOK:
			mark, style = st.Marks.OK, st.StatusOK.Render
		case stFailed:
			mark, style = st.Marks.Error, st.StatusError.Render
		case stUnknown:
			mark, style = "unknown", st.Warning.Render
		case stBlocked:
			mark, style = st.Marks.Blocked, st.Danger.Render
		default:
			mark = "-"
		}
		head := style(kit.Pad(mark, markW)) + kit.Pad(fmt.Sprintf("%d %s", i+1, name), nameW)
		if sp.detail == "" || w <= indent+8 {
			out = append(out, head)
			continue
		}
		parts := kit.WrapWords(sp.detail, w-indent)
		for j, p := range parts {
			if j == 0 {
				out = append(out, head+st.Muted.Render(p))
			} else {
				out = append(out, strings.Repeat(" ", indent)+st.Muted.Render(p))
			}
		}
	}
	return out
}

func (s *Screen) quoteLines(w int) []string {
	st := s.env.Styles
	q := s.qo.Quote
	cur := s.input.Currency
	dec := func(d *decimal.Decimal) string { return fiat(d) + " " + cur }
	rows := [][2]string{{"deposit", format.Uint(q.USDCAmount, format.USDCDecimals) + " USDC"}}
	if q.OutputAmount != nil {
		rows = append(rows, [2]string{"you receive", dec(q.OutputAmount)})
		fee := "fees " + dec(q.TotalFee) + " (processing " + dec(q.ProcessingFee) + ", network " + dec(q.NetworkFee) + ")"
		if q.ExchangeRate != nil {
			fee = "rate " + q.ExchangeRate.String() + ", " + fee
		}
		rows = append(rows, [2]string{"before fees", dec(q.OutputAmountBeforeFee) + "; " + fee})
	}
	if r := s.report; r != nil {
		prio := fmt.Sprintf("%d", r.PriorityFeeLamports)
		if r.PriorityFeeOverflow {
			prio = "overflow"
		}
		rows = append(rows, [2]string{"SOL cost", fmt.Sprintf("%s SOL = base %d + priority %s + native fee %d lamports (with buffer)",
			format.Uint(r.TotalCostLamports, format.SOLDecimals), r.BaseFeeLamports, prio, q.NativeFeeLamportsWithBuffer)})
	}
	rows = append(rows, [2]string{"valid until", fmt.Sprintf("block %d", q.LastValidBlockHeight)})
	out := []string{st.Bold.Render("Quote")}
	for _, r := range rows {
		parts := kit.WrapWords(r[1], max(w-labelW-2, 8))
		for j, p := range parts {
			lab := kit.Pad("", labelW)
			if j == 0 {
				lab = kit.Pad(r[0], labelW)
			}
			out = append(out, "  "+st.Label.Render(lab)+p)
		}
	}
	return out
}

func (s *Screen) findingLines(w int) []string {
	st := s.env.Styles
	r := s.report
	var out []string
	if r.Rejected() || r.PriorityFeeOverflow {
		head := fmt.Sprintf("Verdict: REJECTED (%d rule(s)): this transaction must not be signed", len(r.Rejections()))
		for _, l := range kit.WrapWords(head, w) {
			out = append(out, st.Danger.Render(l))
		}
	} else {
		out = append(out, st.StatusOK.Render(kit.Truncate("Verdict: ok: "+s.okVerdict(), w)))
	}
	if len(r.Findings) == 0 {
		return append(out, st.Muted.Render("  findings: none"))
	}
	out = append(out, st.Bold.Render(fmt.Sprintf("Findings (%d)", len(r.Findings))))
	indent := 2 + 8 + 5
	for _, f := range r.Findings {
		sev := f.Severity.String()
		style := st.Body.Render
		switch f.Severity {
		case altchain.Reject:
			style = st.StatusError.Render
		case altchain.Warn:
			style = st.Warning.Render
		}
		head := "  " + style(kit.Pad(sev, 8)) + kit.Pad(f.Rule, 5)
		esc, _ := visible.Escape(f.Message)
		parts := kit.WrapWords(esc, max(w-indent, 8))
		for j, p := range parts {
			if j == 0 {
				out = append(out, head+p)
			} else {
				out = append(out, strings.Repeat(" ", indent)+p)
			}
		}
	}
	return out
}

// okVerdict is what an accepted transaction's verdict says in the deposit's state.
func (s *Screen) okVerdict() string {
	switch {
	case s.prepared == nil || len(s.prepared.Signed) == 0:
		return "no rule rejects it; it may be signed after your review"
	case s.phase == phaseDone:
		return "approved in the review, signed, sent and confirmed"
	case s.phase == phaseSending:
		return "approved in the review, signed, being sent"
	}
	return "approved in the review and signed"
}

// fiat shows a fiat amount with its two decimals, never rounded ("-" when absent).
func fiat(d *decimal.Decimal) string {
	if d == nil {
		return "-"
	}
	return format.Decimal(*d, format.FiatDecimals)
}
