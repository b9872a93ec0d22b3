// Package balances is the Balances & chains screen of purse's terminal UI: the chain
// configuration (chains, tokens with decimals, top-up and FX bounds, the card activation
// flag and message, deposit and buffer-pool contracts) beside the on-chain balances of the
// profile's EVM key; p shows the account's pay-in details (where bank transfers to it go)
// as a code a phone scans: the EPC QR for EUR; s sends money out of the account (a transfer
// to another account, a payout to a bank contact: app/money).
package balances

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/deposit"
	"purse/app/money"
	"purse/config"
	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/kit"
	"purse/tui/scroll"
	"purse/tui/unlock"
)

const (
	slotLoad   = "balances.load"
	slotSolana = "balances.solana"
	slotPayIn  = "balances.payin"
	// idPayIn is the pay-in currencies' list.
	idPayIn   = "balances/payin"
	screenTag = "Balances"
)

// Screen is the Balances & chains screen.
type Screen struct {
	app     Services
	env     *kit.Env
	actions kit.Actions
	scroll  scroll.Model

	loadID  kit.TaskID
	loading bool
	snap    *appaccount.ChainSnapshot
	err     error

	// The Solana wallet of the profile (its Solana key): SOL and USDC, read beside the chains.
	solID      kit.TaskID
	solLoading bool
	sol        *deposit.SolanaBalance
	solErr     error

	// The pay-in details (p): the read in flight, and the entries of the last one.
	payInID      kit.TaskID
	payInLoading bool
	payIns       []appaccount.PayIn

	// send is the Send form (s) and the flow in flight.
	send sendPanel

	w, h int
}

// Services are what the Balances screen needs of the application layer (Of gives an
// App's): the session's profile and chains, and the Solana wallet.
type Services struct {
	Session
	Chains Chains
	Wallet Wallet
	PayIns PayIns
	Send   Sender
}

// PayIns are the account's pay-in details (app/account's Service is one).
type PayIns interface {
	PayIns(ctx context.Context, u *app.Unlock, amount *decimal.Decimal) ([]appaccount.PayIn, error)
}

// Of is the Balances screen's services of the session a.
func Of(a *app.App) Services {
	return Services{Session: a, Chains: appaccount.NewChains(a), Wallet: deposit.New(a), PayIns: appaccount.New(a), Send: money.New(a)}
}

// Session is the session the screen works in (*app.App is one): its active profile.
type Session interface{ Profile() config.Profile }

// Chains is the chains as the profile sees them (appaccount.Chains is one).
type Chains interface {
	Snapshot(ctx context.Context, u *app.Unlock) (appaccount.ChainSnapshot, error)
	SignedSnapshot(ctx context.Context, u *app.Unlock) (appaccount.ChainSnapshot, error)
}

// Wallet is the profile's Solana wallet (app/deposit's Service is one).
type Wallet interface {
	SolanaBalance(ctx context.Context) (deposit.SolanaBalance, error)
}

// New returns the Balances & chains screen.
func New(env *kit.Env, a Services) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Services) {
	*s = Screen{app: a, env: env, scroll: scroll.New(env)}
	s.declareActions()
}

// declareActions declares the screen's keys (called by init).
func (s *Screen) declareActions() {
	k := s.env.Keys
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Refresh, "read again"), Do: func() tea.Cmd { return tea.Batch(s.load(false), s.loadSolana()) }, Off: s.busy},
		{Key: kit.WithHelp(k.SignedView, "the account's view (signed: asks the key's passphrase)"), Do: func() tea.Cmd { return s.load(true) }, Off: s.noSignedView},
		{Key: kit.WithHelp(k.QR, "QR of the owner address"), Do: s.showQR, Off: s.noOwner},
		{Key: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pay-in details (bank transfers to the account)")), Do: s.loadPayIns, Off: s.noPayIns},
		s.sendKey(),
	}
}

func (s *Screen) noPayIns() string {
	switch {
	case s.app.PayIns == nil:
		return "no services: the TUI was started without a profile"
	case s.payInLoading:
		return "the pay-in details are being read"
	}
	return ""
}

// loadPayIns reads the banking profile's deposit bank entries (a signed read).
func (s *Screen) loadPayIns() tea.Cmd {
	services := s.app.PayIns
	s.payInLoading = true
	var cmd tea.Cmd
	s.payInID, cmd = unlock.Start(s.env, slotPayIn, "Reading the pay-in details", func(ctx context.Context, u *app.Unlock) ([]appaccount.PayIn, error) {
		return services.PayIns(ctx, u, nil)
	})
	return cmd
}

// payInMsg takes the pay-in read's answer (an error is the router's to show; a closed
// prompt sent nothing) and the currency chosen from its list.
func (s *Screen) payInMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case kit.TaskResult[[]appaccount.PayIn]:
		if msg.ID != s.payInID {
			return nil
		}
		s.payInLoading = false
		if msg.Err != nil {
			return nil
		}
		return s.payInsRead(msg.Value)
	case dialog.ListResult:
		if msg.ID == idPayIn && !msg.Cancelled && msg.Index < len(s.payIns) {
			return s.showPayIn(s.payIns[msg.Index])
		}
	}
	return nil
}

// payInsRead lists the currencies the account has pay-in details for; one goes straight
// to its code.
func (s *Screen) payInsRead(all []appaccount.PayIn) tea.Cmd {
	s.payIns = all
	switch len(all) {
	case 0:
		return kit.Status("The banking profile has no pay-in details (they come with a Live account).")
	case 1:
		return s.showPayIn(all[0])
	}
	items := make([]string, len(all))
	for i, p := range all {
		items[i] = visible.Line(p.Currency + " · " + p.Account + " · " + p.Bank)
	}
	return kit.Push(dialog.NewList(s.env, idPayIn, "Pay-in details: which currency?", items, 0, "show it"))
}

// showPayIn shows an entry as a code: the EPC payload a banking app scans for EUR, else the
// account number; the title names the bank and the payee.
func (s *Screen) showPayIn(p appaccount.PayIn) tea.Cmd {
	title := fmt.Sprintf("Pay-in %s: %s, BIC %s, payee %s", p.Currency, p.Bank, p.BIC, p.Payee)
	value := p.Account
	switch {
	case p.EPC != "":
		title += " (EPC QR: scan in a banking app)"
		value = p.EPC
	case p.Currency == "EUR":
		title += " (no EPC QR: " + p.EPCErr + ")"
	}
	return kit.Push(dialog.NewQR(s.env, visible.Line(title), value))
}

func (s *Screen) busy() string {
	if s.loading {
		return "the chains are being read"
	}
	return ""
}

func (s *Screen) noSignedView() string {
	switch {
	case s.busy() != "":
		return s.busy()
	case s.snap == nil:
		return "the chains are not read yet"
	case s.snap.LoggedIn:
		return "the view is already the account's"
	case !s.snap.NeedUnlock:
		return "the profile has no account and key to sign with"
	}
	return ""
}

func (s *Screen) noOwner() string {
	if s.snap == nil || s.snap.OwnerErr != nil {
		return "no owner address yet: the profile's EVM key is read with the chains"
	}
	return ""
}

func (s *Screen) showQR() tea.Cmd {
	return kit.Push(dialog.NewQR(s.env, "Owner address (EVM key): send tokens here", s.snap.Owner.Hex()))
}

// Init implements kit.Screen: the first load.
func (s *Screen) Init() tea.Cmd { return tea.Batch(s.load(false), s.loadSolana()) }

// load reads the snapshot; signed (the user pressed l) asks for the key's passphrase
// through unlock.Start instead of showing the logged-out view.
func (s *Screen) load(signed bool) tea.Cmd {
	services := s.app.Chains
	if services == nil {
		s.err = fmt.Errorf("no services: the TUI was started without a profile")
		return nil
	}
	s.loading = true
	var id kit.TaskID
	var cmd tea.Cmd
	if signed {
		id, cmd = unlock.Start(s.env, slotLoad, "Loading the account's view of the chains", services.SignedSnapshot)
	} else {
		id, cmd = kit.Start(s.env.Tasks, slotLoad, "Loading chains and balances", func(ctx context.Context) (appaccount.ChainSnapshot, error) {
			return services.Snapshot(ctx, nil)
		})
	}
	s.loadID = id
	return cmd
}

// loadSolana reads the SOL and USDC of the profile's Solana key (no key: nothing to read,
// and the view says so).
func (s *Screen) loadSolana() tea.Cmd {
	services := s.app
	if services.Session == nil || services.Wallet == nil {
		return nil
	}
	if p := services.Profile(); p.SolanaKey == "" {
		s.sol, s.solErr = &deposit.SolanaBalance{}, fmt.Errorf("profile %s has no Solana key (the Keys screen adds one)", p.Name)
		return nil
	}
	s.solLoading = true
	var cmd tea.Cmd
	s.solID, cmd = kit.Start(s.env.Tasks, slotSolana, "Reading the Solana wallet", services.Wallet.SolanaBalance)
	return cmd
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if cmd, ok := s.sendUpdate(msg); ok {
		return s, cmd
	}
	switch msg := msg.(type) {
	case kit.TaskResult[appaccount.ChainSnapshot]:
		if msg.ID != s.loadID {
			return s, nil
		}
		s.loading = false
		if errors.Is(msg.Err, kit.ErrCancelled) {
			return s, nil // the view stays as it was
		}
		if msg.Err != nil {
			s.err = msg.Err
			return s, nil
		}
		snap := msg.Value
		s.snap, s.err = &snap, nil
		s.scroll.Top() // another read: from the top
		return s, nil
	case kit.TaskResult[deposit.SolanaBalance]:
		if msg.ID != s.solID {
			return s, nil
		}
		s.solLoading = false
		v := msg.Value
		s.sol, s.solErr = &v, msg.Err
		return s, nil
	case kit.TaskResult[[]appaccount.PayIn], dialog.ListResult:
		return s, s.payInMsg(msg)
	case tea.KeyPressMsg:
		if cmd, ok := s.actions.Handle(msg); ok {
			return s, cmd
		}
		s.scroll.Update(msg)
	}
	return s, nil
}

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.send.form != nil {
		return s.send.form.View(max(s.w, 20))
	}
	return s.scroll.View(s.lines())
}

func (s *Screen) lines() []string {
	st := s.env.Styles
	w := max(s.w, 20)
	var out []string
	add := func(l string) { out = append(out, l) }
	// Nearly every value here is the service's (the chain configuration, its messages, the
	// errors quoting its answers): wrap shows text escaped, shown what Explain escaped.
	shown := func(prefix, text string) {
		for i, l := range kit.WrapWords(text, max(w-kit.Width(prefix), 10)) {
			if i == 0 {
				add(prefix + l)
			} else {
				add(strings.Repeat(" ", kit.Width(prefix)) + l)
			}
		}
	}
	wrap := func(prefix, text string) { shown(prefix, visible.Line(text)) }
	title := "Balances & chains"
	if s.loading {
		title += "  " + st.Marks.Busy + " loading"
	}
	add(st.Title.Render(title))
	if s.send.done != "" {
		shown(st.Marks.OK+" ", s.send.done)
	}
	if s.err != nil {
		text, next := s.env.Explain(s.err)
		shown(st.Marks.Error+": ", text)
		shown("What to do: ", next)
	}
	if s.snap == nil {
		if s.err == nil {
			add(st.Muted.Render("Reading the chain configuration and the balances…"))
		}
		return out
	}
	snap := s.snap
	field := func(label, value string) { wrap(st.Label.Render(kit.Pad(label, 9))+" ", value) }
	if snap.OwnerErr != nil {
		field("owner", "(unknown: "+snap.OwnerErr.Error()+")")
	} else {
		field("owner", snap.Owner.Hex())
	}
	if snap.LoggedIn {
		field("view", "logged in: service balances and card activation of account "+snap.Account)
	} else if s.actions.On(s.env.Keys.SignedView) {
		field("view", snap.Note+" (l shows it)")
	} else {
		field("view", snap.Note)
	}
	// canActivateCard says whether the account may activate a card, not whether it has
	// one: an active card still reads "allowed", so the field says what it is.
	card := "[ACTIVATION NOT ALLOWED]"
	switch {
	case !snap.LoggedIn:
		card = "[UNKNOWN: logged out]"
	case snap.Configs.CanActivateCard:
		card = "[ACTIVATION ALLOWED]"
	}
	msg := snap.Configs.CardActivationMessage
	if msg == "" {
		msg = "(no activation message)"
	}
	field("card", card+" "+msg+" (canActivateCard; the card itself: Card screen)")
	switch {
	case snap.OnrampErr != nil:
		field("on-ramp", "limits unavailable: "+app.OneLine(snap.OnrampErr))
	case snap.Onramp != nil:
		curs := make([]string, 0, len(snap.Onramp.MaxAmounts))
		for cur := range snap.Onramp.MaxAmounts {
			curs = append(curs, cur)
		}
		sort.Strings(curs)
		for _, cur := range curs {
			line := app.Bounds(snap.Onramp.MinAmounts[cur], snap.Onramp.MaxAmounts[cur], format.Places(cur)) + " " + cur
			if b := snap.Onramp.Blockers(cur); len(b) > 0 {
				line += "  [BLOCKED: " + strings.Join(b, ", ") + "]"
			}
			field("on-ramp", line)
		}
	}
	if snap.ChainErr != nil {
		wrap(st.Marks.Warning+": on-chain balances unavailable: ", snap.ChainErr.Error())
	}
	for _, ch := range snap.Configs.Chains {
		add("")
		s.chainLines(ch, w, add, field)
	}
	if len(snap.Configs.Chains) == 0 {
		add(st.Muted.Render("The chain configuration lists no chains."))
	}
	for _, a := range snap.Configs.TokenActivities {
		field("activity", a.Symbol+": "+a.Title+" ("+a.TargetType+" "+a.TargetURL+")")
	}
	s.solanaLines(add, field)
	return out
}

// solanaLines are the profile's Solana wallet: its address, SOL and USDC.
func (s *Screen) solanaLines(add func(string), field func(string, string)) {
	st := s.env.Styles
	if s.sol == nil && !s.solLoading {
		return
	}
	add("")
	add(st.Bold.Render("Solana wallet (the profile's Solana key: deposits are paid from it)"))
	if s.solLoading {
		add(st.Muted.Render(st.Marks.Busy + " reading its SOL and USDC…"))
		return
	}
	v := s.sol
	if v.Address != "" {
		field("address", v.Address+" ("+v.Cluster+")")
	}
	if s.solErr != nil {
		field("balance", "unavailable: "+app.OneLine(s.solErr))
		return
	}
	if v.Warning != "" {
		field("warning", v.Warning)
	}
	field("SOL", v.SOL+" SOL (fees are paid in SOL)")
	usdc := v.USDC + " USDC"
	if !v.HasUSDC {
		usdc += " (no USDC account " + v.USDCAccount + " yet)"
	}
	field("USDC", usdc)
}

func (s *Screen) chainLines(ch enduser.Chain, w int, add func(string), field func(string, string)) {
	st := s.env.Styles
	snap := s.snap
	home := ch.ChainIdentifier == snap.HomeID && snap.HomeID != ""
	head := visible.Line(ch.ChainName) + "  " + visible.Line(ch.ChainIdentifier)
	if home {
		head += "  [HOME CHAIN: balances read on chain]"
	}
	add(st.Bold.Render(kit.Truncate(head, w)))
	or := func(v string) string {
		if v == "" {
			return "(not set)"
		}
		return v
	}
	field("deposit", or(ch.DepositContract)+"  depositContract")
	field("buffer", or(ch.BufferPoolContract)+"  bufferPoolContract")
	if ch.EIP7702DelegationContract != "" {
		field("7702", ch.EIP7702DelegationContract+"  delegation")
	}
	if ch.NativeToken.Name != "" {
		field("native", ch.NativeToken.Name)
	}
	cols := []int{8, 4, 20, 20}
	hdr := kit.Fit("TOKEN", cols[0]) + " " + kit.Fit("DEC", cols[1]) + " " + kit.Fit("ON CHAIN", cols[2]) + " " + kit.Fit("SERVICE", cols[3]) + " FLAGS"
	add(st.TableHeader.Render(kit.Truncate(hdr, w)))
	for _, t := range ch.Tokens {
		if t.IsNative {
			continue
		}
		onChain := "-"
		if !home {
			onChain = "(not home chain)"
		} else if addr, ok := enduser.TokenAddress(t.TokenIdentifier); ok {
			if b, ok := snap.Balances[addr]; ok {
				onChain = format.Units(b.Smallest, int32(b.Token.Decimals))
			} else if snap.ChainErr != nil {
				onChain = "(unavailable)"
			}
		}
		places := app.TokenPlaces(t)
		service := app.AmountOr(t.TotalBalance, places, "-")
		var flags []string
		for _, f := range []struct {
			on   bool
			name string
		}{{t.IsFiat, "fiat"}, {t.CanDeposit, "deposit"}, {t.CanWithdraw, "withdraw"}} {
			if f.on {
				flags = append(flags, "["+f.name+"]")
			}
		}
		row := kit.Fit(visible.Line(t.Symbol), cols[0]) + " " + kit.Fit(fmt.Sprint(int64(t.Decimals)), cols[1]) + " " + kit.Fit(onChain, cols[2]) + " " + kit.Fit(service, cols[3]) + " " + strings.Join(flags, "")
		add(kit.Truncate(row, w))
		sub := func(label, text string) {
			for i, l := range kit.WrapWords(visible.Line(text), max(w-13, 10)) {
				if i == 0 {
					add("  " + st.Label.Render(kit.Pad(label, 10)) + " " + l)
				} else {
					add(strings.Repeat(" ", 13) + l)
				}
			}
		}
		sub("address", t.TokenIdentifier)
		sub("top-up", bounds(places, t.MinTopUpAmount, t.MaxTopUpAmount, t.MinTopUpAmountUSD, t.MaxTopUpAmountUSD))
		sub("fx", bounds(places, t.MinFxAmount, t.MaxFxAmount, t.MinFxAmountUSD, t.MaxFxAmountUSD))
	}
}

// bounds renders a min–max pair in token units and in USD; "?" marks a bound the
// configuration does not send.
func bounds(places int32, lo, hi, loUSD, hiUSD enduser.Amount) string {
	out := app.Bounds(lo, hi, places)
	if loUSD.Valid || hiUSD.Valid {
		out += "  (USD " + app.Bounds(loUSD, hiUSD, format.FiatDecimals) + ")"
	}
	return out
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.scroll.SetSize(w, h)
}

// Reset implements kit.ProfileBound: the screen as new, scrolled to the top.
func (s *Screen) Reset() {
	w, h := s.w, s.h
	s.init(s.env, s.app)
	s.SetSize(w, h)
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return screenTag }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenBalances }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	if s.send.form != nil {
		return s.send.form.ShortHelp()
	}
	return append(s.actions.Short(), s.env.Keys.Down)
}

// FullHelp implements kit.Screen: every action, those that cannot run now with the reason.
func (s *Screen) FullHelp() [][]key.Binding {
	if s.send.form != nil {
		return [][]key.Binding{s.send.form.Help()}
	}
	return [][]key.Binding{s.actions.Full(), s.scroll.Keys()}
}

// Retries implements kit.Retrier: r loads the chains and balances again.
func (s *Screen) Retries(slot string) bool { return slot == slotLoad }

// InputFocused implements kit.Screen: the Send form's fields take every key while it is open.
func (s *Screen) InputFocused() bool { return s.send.form != nil }

var _ kit.Screen = (*Screen)(nil)

// AccountChanged implements kit.AccountFollower: the balances read again, unless a read runs.
func (s *Screen) AccountChanged() tea.Cmd {
	if s.busy() != "" {
		return nil
	}
	return tea.Batch(s.load(false), s.loadSolana())
}
