// Package card is the Card screen of purse's terminal UI: the card's masked details, issuing
// a card when there is none, blocking or unblocking it and setting its currency (one of those
// it lists) after a confirmation. The card's
// display token (cardToken) is dropped as soon as the card is read: it is never shown,
// logged or kept.
package card

import (
	"context"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/kit"
	"purse/tui/scroll"
	"purse/tui/unlock"
)

const (
	slotCard  = "card"
	opLoad    = appaccount.CardRead
	opIssue   = appaccount.CardIssue
	opBlock   = appaccount.CardBlock
	opUnblock = appaccount.CardUnblock
	// opCurrency sets the card's currency (Service.SetCurrency); idCurrency is its list.
	opCurrency = "currency"
	idCurrency = "card/currency"
)

// Screen is the Card screen.
type Screen struct {
	app     Service
	env     *kit.Env
	actions kit.Actions
	scroll  scroll.Model

	taskID  kit.TaskID
	running string // the operation in flight, "" when idle
	info    *appaccount.CardInfo
	err     error
	errOp   string
	// unread says the first read did not happen: its passphrase was not given.
	unread bool

	w, h int
}

// Service is what the Card screen needs of the application layer (appaccount.Card is one; tests
// use a fake).
type Service interface {
	Run(ctx context.Context, u *app.Unlock, op, cardTokenID string) (appaccount.CardInfo, error)
	SetCurrency(ctx context.Context, u *app.Unlock, currency string) (appaccount.CardInfo, error)
}

// New returns the Card screen.
func New(env *kit.Env, a Service) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Service) {
	*s = Screen{app: a, env: env, scroll: scroll.New(env)}
	s.declareActions()
}

// declareActions declares the screen's keys (called by init).
func (s *Screen) declareActions() {
	env := s.env
	// Each change is confirmed once: by the signing gate's review of its signature (the TUI's
	// dialog), which says what the call does.
	s.actions = kit.Actions{
		{Key: kit.WithHelp(env.Keys.Refresh, "read the card again"), Do: func() tea.Cmd { return s.start(opLoad) }, Off: s.busy},
		{Key: key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "issue a card")), Do: func() tea.Cmd { return s.start(opIssue) }, Off: s.noIssue},
		{Key: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "block the card")), Do: s.toggleBlock, Off: s.noBlock, Desc: s.blockDesc},
		{Key: key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "set the card's currency")), Do: s.chooseCurrency, Off: s.noCurrency},
	}
}

func (s *Screen) noCurrency() string {
	if why := s.noCard(); why != "" {
		return why
	}
	if len(s.info.Card.Currencies) < 2 {
		return "the card lists no other currency"
	}
	return ""
}

// noCard is why an operation on the card cannot start now: another runs, or there is no
// card read.
func (s *Screen) noCard() string {
	switch {
	case s.busy() != "":
		return s.busy()
	case s.info == nil:
		return "the card is not read yet (r reads it)"
	case s.info.Card == nil:
		return "no card on this account"
	}
	return ""
}

// chooseCurrency lists the card's currencies, the cursor on its own.
func (s *Screen) chooseCurrency() tea.Cmd {
	c := s.info.Card
	items := make([]string, len(c.Currencies))
	sel := 0
	for i, cur := range c.Currencies {
		items[i] = visible.Line(cur)
		if cur == c.Currency {
			items[i] += " (the card's now)"
			sel = i
		}
	}
	return kit.Push(dialog.NewList(s.env, idCurrency, "Card currency", items, sel, "set it"))
}

// setCurrency sets the card's currency to cur and reads the card after it.
func (s *Screen) setCurrency(cur string) tea.Cmd {
	services := s.app
	s.running = opCurrency
	id, cmd := unlock.Start(s.env, slotCard, label(opCurrency), func(ctx context.Context, u *app.Unlock) (appaccount.CardInfo, error) {
		return services.SetCurrency(ctx, u, cur)
	})
	s.taskID = id
	return cmd
}

// busy is why nothing else starts while an operation runs.
func (s *Screen) busy() string {
	if s.running != "" {
		return strings.ToLower(label(s.running)) + " is under way"
	}
	return ""
}

func (s *Screen) noIssue() string {
	switch {
	case s.busy() != "":
		return s.busy()
	case s.info == nil:
		return "the card is not read yet (r reads it)"
	case s.info.Card != nil:
		return "the account has a card already"
	case s.info.NoCard == nil:
		return "the card read did not say there is none"
	}
	_, why := s.info.CanIssue()
	return why
}

func (s *Screen) noBlock() string {
	if why := s.noCard(); why != "" {
		return why
	}
	if s.info.Card.TokenID == "" {
		return "the service sent no card token id to name the card by"
	}
	return ""
}

// blockDesc says what b does to this card.
func (s *Screen) blockDesc() string {
	if s.info != nil && s.info.Card != nil && isBlocked(s.info.Card) {
		return "unblock the card"
	}
	return "block the card"
}

func (s *Screen) toggleBlock() tea.Cmd {
	if isBlocked(s.info.Card) {
		return s.start(opUnblock)
	}
	return s.start(opBlock)
}

// Init implements kit.Screen: the first read.
func (s *Screen) Init() tea.Cmd { return s.read() }

// read reads the card by itself (when shown, after another process's change): it never
// asks for a passphrase (unlock.Quiet); the user's r asks (start).
func (s *Screen) read() tea.Cmd { return s.run(opLoad, unlock.Quiet[appaccount.CardInfo]) }

// start runs op (load, issue, block, unblock) for the user, asking for a passphrase when the
// key needs one, and reads the card after it.
func (s *Screen) start(op string) tea.Cmd { return s.run(op, unlock.Start[appaccount.CardInfo]) }

// run runs op through runner (unlock.Start or unlock.Quiet).
func (s *Screen) run(op string, runner func(*kit.Env, string, string, unlock.Func[appaccount.CardInfo]) (kit.TaskID, tea.Cmd)) tea.Cmd {
	services := s.app
	if services == nil {
		s.err, s.errOp = errors.New("no services: the TUI was started without a profile"), op
		return nil
	}
	var tokenID string
	if s.info != nil && s.info.Card != nil {
		tokenID = string(s.info.Card.TokenID)
	}
	s.running, s.unread = op, false
	id, cmd := runner(s.env, slotCard, label(op), func(ctx context.Context, u *app.Unlock) (appaccount.CardInfo, error) {
		return services.Run(ctx, u, op, tokenID)
	})
	s.taskID = id
	return cmd
}

func label(op string) string {
	switch op {
	case opIssue:
		return "Issuing a card"
	case opBlock:
		return "Blocking the card"
	case opUnblock:
		return "Unblocking the card"
	case opCurrency:
		return "Setting the card's currency"
	}
	return "Reading the card"
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TaskResult[appaccount.CardInfo]:
		if msg.ID != s.taskID {
			return s, nil
		}
		op := s.running
		s.running = ""
		if errors.Is(msg.Err, kit.ErrCancelled) || errors.Is(msg.Err, app.ErrNeedsUnlock) {
			// The passphrase was not given (or not asked, on a read the screen started by
			// itself): nothing was sent; the view says so.
			s.unread = s.info == nil
			return s, nil
		}
		if msg.Err != nil {
			s.err, s.errOp = msg.Err, op
			return s, nil
		}
		info := msg.Value
		s.info, s.err, s.errOp = &info, nil, ""
		s.scroll.Top()
		if info.Done != "" {
			// A passing note in the footer; the card's state mark says the rest.
			return s, kit.Status(strings.ToUpper(info.Done[:1]) + info.Done[1:] + ".")
		}
		return s, nil
	case dialog.ListResult:
		if msg.ID != idCurrency || msg.Cancelled || s.info == nil || s.info.Card == nil || msg.Index >= len(s.info.Card.Currencies) {
			return s, nil
		}
		return s, s.setCurrency(s.info.Card.Currencies[msg.Index])
	case tea.KeyPressMsg:
		if cmd, ok := s.actions.Handle(msg); ok {
			return s, cmd
		}
		s.scroll.Update(msg)
	}
	return s, nil
}

func isBlocked(c *enduser.Card) bool { return c.Blocked() }

// stateMark is the card state in words, readable without colour.
func stateMark(c *enduser.Card) string {
	switch {
	case c == nil:
		return "[NO CARD]"
	case c.Status == "":
		return "[STATUS UNKNOWN]"
	}
	return "[" + strings.ToUpper(c.Status) + "]"
}

// View implements kit.Screen.
func (s *Screen) View() string { return s.scroll.View(s.lines()) }

func (s *Screen) lines() []string {
	st := s.env.Styles
	w := max(s.w, 20)
	var out []string
	add := func(l string) { out = append(out, l) }
	wrap := func(prefix, text string) { out = append(out, kit.HangWords(prefix, visible.Line(text), w)...) }
	field := func(label, value string) { wrap(st.Label.Render(kit.Pad(label, 14))+" ", value) }

	head := "Card"
	if s.info != nil {
		head += "  " + visible.Line(stateMark(s.info.Card))
	}
	if s.running != "" {
		head += "  " + st.Marks.Busy + " " + strings.ToLower(label(s.running))
	}
	add(st.Title.Render(kit.Truncate(head, w)))
	if s.err != nil {
		text, next := s.env.Explain(s.err) // escaped already
		out = append(out, kit.HangWords(st.Marks.Error+": ", text, w)...)
		out = append(out, kit.HangWords("What to do: ", next, w)...)
	}
	switch {
	case s.info == nil && s.running == opLoad:
		add(st.Muted.Render("Reading the card (a signed call)…"))
	case s.info == nil && s.unread:
		wrap("", "The card was not read: the key is locked, and nothing was sent. Press r to read it (it asks for the passphrase).")
	case s.info == nil:
	case s.info.Card == nil:
		s.noCardLines(add, wrap)
	default:
		s.cardLines(s.info.Card, field, wrap)
	}
	return out
}

func (s *Screen) noCardLines(add func(string), wrap func(string, string)) {
	st := s.env.Styles
	add("")
	wrap("", "No card on this account.")
	if s.info.NoCard != nil {
		var ae *enduser.APIError
		if errors.As(s.info.NoCard, &ae) {
			wrap(st.Label.Render("service: "), ae.Message)
		} else {
			wrap(st.Label.Render("service: "), s.info.NoCard.Error())
		}
	}
	add("")
	if ok, why := s.info.CanIssue(); ok {
		wrap("", "Press i to issue one (a confirmation follows). Issuing needs:")
	} else {
		wrap("", "No card can be issued now: "+why+". Issuing needs:")
	}
	for _, p := range s.info.Preconditions() {
		wrap("  - ", p)
	}
}

func (s *Screen) cardLines(c *enduser.Card, field func(string, string), wrap func(string, string)) {
	st := s.env.Styles
	or := func(v string) string {
		if v == "" {
			return "(not sent)"
		}
		return v
	}
	field("status", stateMark(c)+" "+or(c.Status))
	field("number", or(c.Masked.CardNumber))
	field("expiry", or(c.Masked.Expiry)+"   cvv "+or(c.Masked.CVV2))
	field("holder", or(string(c.CardHolder)))
	cur := or(c.Currency)
	if len(c.Currencies) > 0 {
		cur += "  (spends " + strings.Join(c.Currencies, ", ") + ")"
	}
	field("currency", cur)
	field("design", or(string(c.CardDesign)))
	field("card tokenId", or(string(c.TokenID))+"  (sent to block / unblock)")
	field("external id", or(string(c.ExternalID)))
	sec := c.Security
	mark := func(on bool, name string) string {
		if on {
			return st.Marks.Checked + " " + name
		}
		return st.Marks.Unchecked + " " + name
	}
	field("security", strings.Join([]string{mark(sec.ContactlessEnabled, "contactless"), mark(sec.WithdrawalEnabled, "withdrawal"),
		mark(sec.InternetPurchaseEnabled, "internet"), mark(sec.OverallLimitsEnabled, "overall limits")}, "  "))
	field("withdrawal", usedMax(c.Limits.Withdrawal.Used, c.Limits.Withdrawal.Max))
	field("internet", usedMax(c.Limits.InternetPurchase.Used, c.Limits.InternetPurchase.Max))
	acc := c.Limits.Account
	accText := usedMax(acc.Used, acc.Max)
	if acc.Available.Valid {
		accText += ", available " + fiat(acc.Available)
	}
	if acc.RestartDate != "" {
		accText += ", restarts " + acc.RestartDate
	}
	field("account limit", accText)
	for i, t := range c.ActiveTokens {
		lbl := ""
		if i == 0 {
			lbl = "device wallets"
		}
		field(lbl, t.Type+" "+string(t.ID))
	}
	wrap("", "")
	if isBlocked(c) {
		wrap("", "The card is blocked: press b to unblock it (a confirmation follows).")
	} else {
		wrap("", "Press b to block the card (a confirmation follows). Only masked values are shown here.")
	}
}

func usedMax(used, maxAmt enduser.Amount) string {
	or := func(a enduser.Amount) string {
		if !a.Valid {
			return "?"
		}
		return fiat(a)
	}
	return or(used) + " used of " + or(maxAmt)
}

// fiat shows a fiat amount with its two decimals, never rounded.
func fiat(a enduser.Amount) string { return format.Decimal(a.Decimal, format.FiatDecimals) }

// Reset implements kit.ProfileBound: the screen as new; no operation of the other
// account's card is offered.
func (s *Screen) Reset() {
	w, h := s.w, s.h
	s.init(s.env, s.app)
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.scroll.SetSize(w, h)
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Card" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenCard }

// ShortHelp implements kit.Screen: the actions that can run now.
func (s *Screen) ShortHelp() []key.Binding { return s.actions.Short() }

// FullHelp implements kit.Screen: every action, those that cannot run now with the reason,
// and the scroll keys.
func (s *Screen) FullHelp() [][]key.Binding {
	return [][]key.Binding{s.actions.Full(), s.scroll.Keys()}
}

// InputFocused implements kit.Screen: the screen has no text field.
// Retries implements kit.Retrier: r reads the card again, which retries a failed read but
// never an issue, a block or an unblock.
func (s *Screen) Retries(slot string) bool {
	return slot == slotCard && s.running == "" && s.err != nil && s.errOp == opLoad
}

func (s *Screen) InputFocused() bool { return false }

var _ kit.Screen = (*Screen)(nil)

// AccountChanged implements kit.AccountFollower: the card read again, unless an operation of
// this screen runs (its result reads it).
func (s *Screen) AccountChanged() tea.Cmd {
	if s.busy() != "" {
		return nil
	}
	return s.read()
}
