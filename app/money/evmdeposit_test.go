package money

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
	"purse/app/apptest"
	"purse/config"
	"purse/ledger/ledgertest"
	"purse/wallet"
)

// TestEVMDeposit (issue 31 §1): an EVM deposit runs whole on the sandbox: the approve and the
// deposit simulated and shown in one review, one approval (the deposit goes unasked), both
// mined, the USDC gone from the wallet and the account credited in the output fiat, as the
// account's records and the chain show. A second deposit needs its own approve (the first
// was spent exactly) and its own approval.
func TestEVMDeposit(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		ctx := context.Background()
		c, err := New(e.app).Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		usdcBefore, eurBefore := e.balance(t, "USDC", c.Owner), e.balance(t, "EUR24", c.Owner)
		asked := e.approve.Count()
		pl, out, err := New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "25", Output: "EUR"}}, e.u)
		if err != nil || out.Outcome != app.OutcomeLanded || out.ApproveTx == "" || out.DepositTx == "" || out.Credited != "22.91 EUR" {
			t.Fatalf("deposit: %+v %v", out, err)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("%d approvals for one deposit", n)
		}
		rv := e.approve.Last().Review
		for sec, want := range map[string][2]string{
			"1. Approve":                        {"spender", pl.Contract.Hex()},
			"2. Deposit (signed next, unasked)": {"amount", "25000000"},
		} {
			if v, _ := apptest.FieldOf(rv, sec, want[0]); v != want[1] {
				t.Fatalf("review %s %s = %q, want %q:\n%s", sec, want[0], v, want[1], apptest.ReviewText(rv))
			}
		}
		if got := new(big.Int).Sub(usdcBefore, e.balance(t, "USDC", c.Owner)); got.Int64() != 25_000_000 {
			t.Fatalf("the wallet's USDC fell by %s", got)
		}
		if got := new(big.Int).Sub(e.balance(t, "EUR24", c.Owner), eurBefore); got.Int64() != 2291 {
			t.Fatalf("EUR24 credited %s", got)
		}
		if pl.Contract != e.sb.Chain.Contracts().Deposit || !pl.Pinned {
			t.Fatalf("contract %s pinned %v", pl.Contract.Hex(), pl.Pinned)
		}
		asked = e.approve.Count()
		if _, out, err := New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "10.5", Output: "CHF24"}}, e.u); err != nil || out.Outcome != app.OutcomeLanded || out.ApproveTx == "" {
			t.Fatalf("second deposit: %+v %v", out, err)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("%d approvals for the second deposit", n)
		}
	})
}

// TestEVMDepositChecksBeforeAsking: a form the chain contradicts is refused naming its field
// before anything is signed or asked.
func TestEVMDepositChecksBeforeAsking(t *testing.T) {
	e := newMoneyEnv(t, false, "")
	ctx := context.Background()
	for _, c := range []struct {
		form  DepositForm
		field string
		want  string
	}{
		{DepositForm{Amount: "500", Output: "EUR"}, "amount", "above the wallet's"},
		{DepositForm{Amount: "0.5", Output: "EUR"}, "amount", "outside the deposit contract's limits"},
		{DepositForm{Amount: "1.0000001", Output: "EUR"}, "amount", "at most 6 decimals"},
		{DepositForm{Amount: "-2", Output: "EUR"}, "amount", "expected a USDC amount"},
		{DepositForm{Amount: "0", Output: "EUR"}, "amount", "above 0"},
		{DepositForm{Amount: "5", Output: "USDC"}, "output", "not a fiat token"},
		{DepositForm{Amount: "5", Output: "GBP"}, "output", "not a token"},
		{DepositForm{Amount: "5"}, "output", "expected the fiat"},
	} {
		asked := e.approve.Count()
		_, _, err := New(e.app).Deposit(ctx, DepositRun{Form: c.form}, e.u)
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(err.Error(), c.want) || e.approve.Count() != asked {
			t.Errorf("%+v: %v (asked %d)", c.form, err, e.approve.Count()-asked)
		}
	}
}

// TestEVMDepositGate: the signing gate judges an evm-tx request against the chain whoever
// built it (a hostile local caller hands it in directly): a deposit to another contract, an
// approve to another spender, an output that is not fiat, a fee below the contract's quote,
// an amount the wallet lacks (the simulation reverts) are refused before anyone is asked;
// a deposit approved with its approve goes unasked only exactly as shown, once.
func TestEVMDepositGate(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		ctx := context.Background()
		pl, err := New(e.app).PlanDeposit(ctx, DepositForm{Amount: "20", Output: "EUR"})
		if err != nil || pl.Approve == nil {
			t.Fatalf("plan: %+v %v", pl, err)
		}
		signer, err := New(e.app).s.EVMSigner(e.u)
		if err != nil {
			t.Fatal(err)
		}
		calls := wallet.EVMCallsABI()
		pack := func(name string, args ...any) []byte {
			b, err := calls.Pack(name, args...)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		ct := e.sb.Chain.Contracts()
		usdc, _ := e.sb.Chain.Token("USDC")
		eur, _ := e.sb.Chain.Token("EUR24")
		with := func(tx wallet.EVMTx, f func(*wallet.EVMTx)) wallet.EVMTx {
			tx.Data = append([]byte(nil), tx.Data...)
			f(&tx)
			return tx
		}
		dep := pl.Deposit
		for name, c := range map[string]struct {
			tx   wallet.EVMTx
			next *wallet.EVMTx
			want string
		}{
			"deposit to another contract": {with(dep, func(t *wallet.EVMTx) { t.To = ct.BufferPool }), nil, "not the deposit contract"},
			"approve to another spender": {with(*pl.Approve, func(t *wallet.EVMTx) { t.Data = pack(wallet.CallApprove, ct.CardSpender, pl.Amount) }), nil,
				"is not the deposit contract"},
			"approve of another token": {with(*pl.Approve, func(t *wallet.EVMTx) { t.To = eur.Address }), nil, "not the deposit contract's USDC"},
			"output not fiat": {with(dep, func(t *wallet.EVMTx) {
				t.Data = pack(wallet.CallDeposit, usdc.Address, usdc.Address, pl.Amount, pl.Amount)
			}), nil,
				"not a fiat token"},
			"fee below the quote": {with(dep, func(t *wallet.EVMTx) { t.Value = big.NewInt(1) }), pl.Approve, "below the fee the contract quotes"},
			"more than the wallet holds": {with(dep, func(t *wallet.EVMTx) {
				t.Data = pack(wallet.CallDeposit, usdc.Address, eur.Address, big.NewInt(90_000_000), big.NewInt(90_000_000))
			}), nil, "reverts when simulated"},
			"another chain": {with(dep, func(t *wallet.EVMTx) { t.ChainID = big.NewInt(5000) }), nil, "not the home chain"},
		} {
			asked := e.approve.Count()
			tx, next := c.tx, c.next
			if name == "fee below the quote" {
				tx, next = *pl.Approve, &c.tx
			}
			_, err := wallet.SignEVMTx(signer, tx, next)
			if !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), c.want) || e.approve.Count() != asked {
				t.Errorf("%s: %v (asked %d)", name, err, e.approve.Count()-asked)
			}
		}

		// Approved with its approve, the deposit goes unasked once, exactly as shown; the
		// same deposit with another output is asked about.
		asked := e.approve.Count()
		signed, err := wallet.SignEVMTx(signer, *pl.Approve, &pl.Deposit)
		if err != nil {
			t.Fatal(err)
		}
		hc, err := New(e.app).s.DialHomeChain(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer hc.Close()
		if _, err := hc.SendRaw(ctx, signed.Raw); err != nil {
			t.Fatal(err)
		}
		if rc, err := hc.WaitReceipt(ctx, signed.Hash, 50*time.Millisecond); err != nil || rc.Status != 1 {
			t.Fatalf("the approve: %+v %v", rc, err)
		}
		other := with(dep, func(t *wallet.EVMTx) {
			t.Data = pack(wallet.CallDeposit, usdc.Address, eur.Address, pl.Amount, big.NewInt(0))
		})
		if _, err := wallet.SignEVMTx(signer, other, nil); err != nil {
			t.Fatal(err)
		}
		if n := e.approve.Count() - asked; n != 2 {
			t.Fatalf("a deposit other than the approved one went unasked (%d approvals)", n)
		}
		for i, want := range []int{0, 1} {
			before := e.approve.Count()
			if _, err := wallet.SignEVMTx(signer, pl.Deposit, nil); err != nil {
				t.Fatal(err)
			}
			if e.approve.Count()-before != want {
				t.Fatalf("signing the approved deposit a %d. time asked %d times", i+1, e.approve.Count()-before)
			}
		}
	})
}

// rpcFaults is a JSON-RPC proxy before the sandbox's EVM that plays one fault on the n-th
// eth_sendRawTransaction it sees (1: the first).
type rpcFaults struct {
	target string
	mu     sync.Mutex
	sends  int
	at     int
	mode   string
}

func (f *rpcFaults) set(at int, mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends, f.at, f.mode = 0, at, mode
}

func (f *rpcFaults) forward(body []byte) (int, []byte, error) {
	resp, err := http.Post(f.target, "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

func (f *rpcFaults) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Method string `json:"method"`
		ID     json.RawMessage
	}
	_ = json.Unmarshal(body, &req)
	mode := ""
	if req.Method == "eth_sendRawTransaction" {
		f.mu.Lock()
		f.sends++
		if f.sends == f.at {
			mode = f.mode
		}
		f.mu.Unlock()
	}
	switch mode {
	case "500, not sent":
		http.Error(w, "upstream failed", http.StatusInternalServerError)
		return
	case "another hash (lie)":
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":"0x%064x"}`, req.ID, 0xdead)
		return
	}
	status, out, err := f.forward(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	switch mode {
	case "answer dropped":
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
				return
			}
		}
	case "slow answer":
		time.Sleep(700 * time.Millisecond)
	case "sent twice":
		status, out, _ = f.forward(body)
	case "500 after sending":
		http.Error(w, "upstream failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// TestEVMDepositOutcomes: the deposit's two transactions each meet a node that drops, delays,
// duplicates or fails its answer, or lies about the hash; the outcome is what the chain
// shows: landed when the transaction was mined whatever the answer said, unknown with its
// hash and nonce when it may still be mined, and a deposit whose approve is unknown is never
// sent. Sent again, the deposit lands once; a transaction whose nonce another took is not
// landed.
func TestEVMDepositOutcomes(t *testing.T) {
	defer func(d time.Duration) { SettleWait = d }(SettleWait)
	SettleWait = 500 * time.Millisecond
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		ctx := context.Background()
		f := &rpcFaults{target: e.app.Profile().EVMRPC}
		proxy := httptest.NewServer(f)
		defer proxy.Close()
		if _, err := e.app.UpdateProfile(func(p *config.Profile) error { return p.Set("evm_rpc", proxy.URL) }); err != nil {
			t.Fatal(err)
		}
		owner, _ := New(e.app).s.OwnerAddress()
		deposit := func() (DepositOutcome, error) {
			_, out, err := New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "2", Output: "EUR"}}, e.u)
			return out, err
		}
		for _, step := range []int{1, 2} {
			for _, mode := range []string{"answer dropped", "slow answer", "sent twice", "500 after sending"} {
				f.set(step, mode)
				before := e.balance(t, "USDC", owner)
				out, err := deposit()
				if err != nil || out.Outcome != app.OutcomeLanded || out.Credited == "" {
					t.Fatalf("send %d, %s: %+v %v", step, mode, out, err)
				}
				if got := new(big.Int).Sub(before, e.balance(t, "USDC", owner)); got.Int64() != 2_000_000 {
					t.Fatalf("send %d, %s: %s USDC units left the wallet", step, mode, got)
				}
			}
		}
		for _, mode := range []string{"500, not sent", "another hash (lie)"} {
			// The approve lost: nothing is deposited, and the outcome says the approve is unknown.
			f.set(1, mode)
			before := e.balance(t, "USDC", owner)
			_, err := deposit()
			oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
			if oe.IDName != "approveTx" || !strings.Contains(oe.NextStep(), "Nothing was deposited") || e.balance(t, "USDC", owner).Cmp(before) != 0 {
				t.Fatalf("approve %s: %v %+v (next %s)", mode, err, oe, oe.NextStep())
			}
			// The deposit lost after its approve landed: unknown, naming it and its nonce.
			f.set(2, mode)
			_, err = deposit()
			oe = apptest.OutcomeOf(t, err, app.OutcomeUnknown)
			if oe.IDName != "depositTx" || oe.Fields["nonce"] == nil || oe.Fields["amount"] != "2" || e.balance(t, "USDC", owner).Cmp(before) != 0 {
				t.Fatalf("deposit %s: %v %+v", mode, err, oe)
			}
			// Run again (the allowance is there: no approve), it lands once.
			f.set(0, "")
			asked := e.approve.Count()
			out, err := deposit()
			if err != nil || out.Outcome != app.OutcomeLanded || out.ApproveTx != "" || e.approve.Count()-asked != 1 {
				t.Fatalf("again after %s: %+v %v", mode, out, err)
			}
			if got := new(big.Int).Sub(before, e.balance(t, "USDC", owner)); got.Int64() != 2_000_000 {
				t.Fatalf("after %s: %s USDC units left the wallet, want one deposit's", mode, got)
			}
		}
		// A transaction whose nonce another took is not landed, and says so.
		pl, err := New(e.app).PlanDeposit(ctx, DepositForm{Amount: "2", Output: "EUR"})
		if err != nil || pl.Approve == nil {
			t.Fatalf("plan: %+v %v", pl, err)
		}
		signer, _ := New(e.app).s.EVMSigner(e.u)
		stale := *pl.Approve
		stale.Nonce = 0
		signed, err := wallet.SignEVMTx(signer, stale, nil)
		if err != nil {
			t.Fatal(err)
		}
		hc, _ := New(e.app).s.DialHomeChain(ctx)
		defer hc.Close()
		_, err = New(e.app).sendAndWait(ctx, hc, owner, 0, signed)
		apptest.OutcomeOf(t, err, app.OutcomeNotLanded)
	})
}

// The account's owner key on a Ledger (the sandbox's stand-in): onboarding signs Form A on
// the device, and an EVM deposit's approve and deposit are signed there too (the stand-in
// shows the contract call, blind signing on), in the process and through the agent; with
// blind signing off the device refuses the contract call and nothing is sent.
func TestEVMDepositWithALedgerKey(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnvWith(t, inAgent, "", "hw")
		ctx := context.Background()
		shown := len(e.sb.Ledger.Shown())
		_, out, err := New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "3", Output: "EUR"}}, e.u)
		if err != nil || out.Outcome != app.OutcomeLanded || out.ApproveTx == "" || out.Credited == "" {
			t.Fatalf("deposit: %+v %v", out, err)
		}
		// The approve, then the deposit (selector 0xae5e966a), each shown as a contract call.
		var calls []string
		for _, sc := range e.sb.Ledger.Shown()[shown:] {
			if sc.Title == "Review transaction" && strings.Contains(strings.Join(sc.Lines, " "), "Blind signing") {
				calls = append(calls, sc.Lines[1])
			}
		}
		if len(calls) != 2 || !strings.Contains(calls[0], "095ea7b3") || !strings.Contains(calls[1], "ae5e966a") {
			t.Fatalf("the device showed the calls %q", calls)
		}
		e.sb.Ledger.Set(func(s *ledgertest.State) { s.BlindSigning = false })
		_, out, err = New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "3", Output: "EUR"}}, e.u)
		if err == nil || !strings.Contains(err.Error(), "blind signing") || out.ApproveTx != "" {
			t.Fatalf("blind signing off: %+v %v", out, err)
		}
	})
}

// With read_session set, the reads of a key on a device share one credential: the device is
// pressed once for any number of empty-payload reads, the signing gate asks about that one
// credential and says what it grants, and a write is still signed on its own; without it,
// each read is a press. Both ways.
func TestReadSessionOnALedger(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnvWith(t, inAgent, "", "hw")
		ctx := context.Background()
		presses := func(f func()) int {
			before := len(e.sb.Ledger.Shown())
			f()
			return len(e.sb.Ledger.Shown()) - before
		}
		reads := func() {
			api, err := New(e.app).s.AccountAPI(true, e.u)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if _, err := api.Profile(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n := presses(reads); n != 3 {
			t.Fatalf("without a read session, 3 reads took %d presses", n)
		}
		if _, err := e.app.UpdateProfile(func(p *config.Profile) error { return p.Set("read_session", "15m") }); err != nil {
			t.Fatal(err)
		}
		asked := e.approve.Count()
		if n := presses(reads); n != 1 {
			t.Fatalf("with a read session, 3 reads took %d presses", n)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("the read session's credential was asked about %d times", n)
		}
		rv := e.approve.Last().Review
		if !strings.HasPrefix(rv.Title, "read session until ") || !strings.Contains(strings.Join(rv.Warnings, " "), "every call until then") {
			t.Fatalf("the review of the credential: %q %q", rv.Title, rv.Warnings)
		}
		if n := presses(reads); n != 0 {
			t.Fatalf("reads within the session took %d presses", n)
		}
		// A write signs its own call on the device.
		_, out, err := New(e.app).Deposit(ctx, DepositRun{Form: DepositForm{Amount: "2", Output: "EUR"}}, e.u)
		if err != nil || out.Outcome != app.OutcomeLanded {
			t.Fatalf("deposit within the session: %+v %v", out, err)
		}
	})
}
