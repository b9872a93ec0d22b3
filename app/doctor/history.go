package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
)

// The history's probes: the cursor's paging (spec 4.3) and the filter's amount unit (H1),
// read through the client's own history calls (the request log holds their answers).

func (r *doctorRun) probePaging(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "the cursor pages: the next page holds the record after the first (spec 4.3)", followed: true},
		{name: "the cursor does not page"},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	var pg paging
	var as []*answer
	pg.first, pg.firstAns = r.page(ctx, r.signed, func(c *enduser.Client) (*enduser.TxPage, error) {
		return c.Transactions(ctx, enduser.TxFilter{PageSize: 1})
	})
	as = append(as, pg.firstAns)
	if pg.first != nil && len(pg.first.Transactions) > 0 {
		r.firstPage = pg.first
	}
	if pg.first != nil && len(pg.first.Transactions) == 1 && pg.first.HasNextPage {
		pg.next, pg.nextAns = r.page(ctx, r.signed, func(c *enduser.Client) (*enduser.TxPage, error) { return c.NextPage(ctx, pg.first) })
		pg.pair, pg.pairAns = r.page(ctx, r.signed, func(c *enduser.Client) (*enduser.TxPage, error) {
			return c.Transactions(ctx, enduser.TxFilter{PageSize: 2})
		})
		as = append(as, pg.nextAns, pg.pairAns)
	}
	return finish(name, rs, judgePaging(r.b, pg), as...)
}

// paging is what the paging probe read: page 1 of size 1, the page its cursor names, and
// page 1 of size 2 (whose second record the cursor must reach).
type paging struct {
	first, next, pair          *enduser.TxPage
	firstAns, nextAns, pairAns *answer
}

// page reads one page through the client's own history calls and returns the answer the
// request log recorded for it.
func (r *doctorRun) page(ctx context.Context, c *enduser.Client, read func(*enduser.Client) (*enduser.TxPage, error)) (*enduser.TxPage, *answer) {
	pg, err := read(c)
	a := r.logged(enduser.RouteTransactions, err)
	if err != nil {
		return nil, a
	}
	return pg, a
}

// logged is the answer of the newest request of route in the request log; err is the call's
// error, which is the answer's own when nothing came back.
func (r *doctorRun) logged(route string, err error) *answer {
	var te *enduser.TransportError
	var se *enduser.SignError
	var ve *enduser.ValidationError
	if errors.As(err, &te) || errors.As(err, &se) || errors.As(err, &ve) {
		return &answer{request: route, err: err}
	}
	es := r.s.RequestLog().Snapshot()
	for i := len(es) - 1; i >= 0; i-- {
		if e := es[i]; e.Route == route {
			return &answer{request: e.Method + " " + e.Path + " " + clip(e.RequestBody, 120) + " (full auth)", method: e.Method, status: e.Status,
				body: []byte(e.ResponseBody), problem: err}
		}
	}
	return &answer{request: route, err: fmt.Errorf("no request of %s in the log: %v", route, err)}
}

func sameRecord(a, b enduser.Transaction) bool {
	if a.ID != 0 || b.ID != 0 {
		return a.ID == b.ID
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func judgePaging(b basis, pg paging) outcome {
	if o, done := b.settle([]*answer{pg.firstAns, pg.nextAns, pg.pairAns}); done {
		return o
	}
	switch {
	case pg.first == nil:
		return every(2, unsure("the first page could not be read (%s)", problemOf(pg.firstAns)))
	case len(pg.first.Transactions) == 0:
		return every(2, unsure("the history is empty: fewer than two records to page through"))
	case len(pg.first.Transactions) > 1:
		return every(2, ruled("a page of size 1 held %d records", len(pg.first.Transactions)))
	case !pg.first.HasNextPage:
		return every(2, unsure("one record and hasNextPage false: fewer than two records to page through"))
	case pg.next == nil:
		return every(2, unsure("the cursor's page could not be read (%s)", problemOf(pg.nextAns)))
	case len(pg.next.Transactions) == 0:
		return outcome{fits: []judgement{ruled("the cursor's page is empty though hasNextPage was true"), yes("the cursor's page is empty though hasNextPage was true")}}
	}
	one, two := pg.first.Transactions[0], pg.next.Transactions[0]
	switch {
	case sameRecord(one, two):
		return outcome{fits: []judgement{ruled("the cursor's page repeats record %d", one.ID), yes("the cursor's page repeats record %d", one.ID)}}
	case pg.pair == nil || len(pg.pair.Transactions) < 2:
		j := unsure("the cursor reached record %d, but the first page of two could not be read to check it is the next (%s)", two.ID, problemOf(pg.pairAns))
		return every(2, j)
	case !sameRecord(pg.pair.Transactions[1], two):
		why := fmt.Sprintf("the cursor reached record %d, while the first page of two lists record %d second", two.ID, pg.pair.Transactions[1].ID)
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	}
	return outcome{fits: []judgement{yes("record %d, then the cursor's record %d, the second of the first page of two", one.ID, two.ID), ruled("the cursor reached the next record")}}
}

func problemOf(a *answer) string {
	if a == nil {
		return "not sent"
	}
	if a.problem != nil {
		return app.OneLine(a.problem)
	}
	return a.says()
}

func (r *doctorRun) probeAmountUnit(ctx context.Context, name string) Probe {
	unit := r.p.TxAmounts()
	rs := []reading{
		{name: `smallest units: "1050" is 10.50 (spec 4.4)`, setting: "tx_amount_unit=smallest", followed: unit == enduser.TxAmountSmallest},
		{name: `display decimals: "10.50"`, setting: "tx_amount_unit=display", followed: unit == enduser.TxAmountDisplay},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	byUnit := func(u string) (*enduser.Client, error) {
		return r.client(r.signer, func(o *enduser.Options) { o.TxAmountUnit = u })
	}
	display, err := byUnit(enduser.TxAmountDisplay)
	if err != nil {
		return finish(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	smallest, err := byUnit(enduser.TxAmountSmallest)
	if err != nil {
		return finish(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	var au amountUnit
	half := decimal.RequireFromString("0.50")
	_, au.decimal = r.page(ctx, display, func(c *enduser.Client) (*enduser.TxPage, error) {
		return c.Transactions(ctx, enduser.TxFilter{PageSize: 1, MinAmount: &half})
	})
	// The control: the same read with the amount in whole smallest units ("50"). Only when it
	// is answered does a refusal of "0.5" say something of the unit, not of the account (a
	// Tourist's history is refused whatever the filter).
	_, au.integer = r.page(ctx, smallest, func(c *enduser.Client) (*enduser.TxPage, error) {
		return c.Transactions(ctx, enduser.TxFilter{PageSize: 1, MinAmount: &half})
	})
	as := []*answer{au.decimal, au.integer}
	// A record with an amount tells the units apart by what each filter of its amount finds.
	if r.firstPage != nil {
		rec := r.firstPage.Transactions[0]
		if amt := rec.Amount.Decimal.Abs(); amt.Sign() > 0 && amt.Equal(amt.Truncate(enduser.TxAmountDecimals)) {
			au.record = &rec
			f := enduser.TxFilter{PageSize: enduser.MaxPageSize, MinAmount: &amt, MaxAmount: &amt}
			var small, disp *enduser.TxPage
			small, au.small = r.page(ctx, smallest, func(c *enduser.Client) (*enduser.TxPage, error) { return c.Transactions(ctx, f) })
			disp, au.display = r.page(ctx, display, func(c *enduser.Client) (*enduser.TxPage, error) { return c.Transactions(ctx, f) })
			au.smallLists, au.displayLists = lists(small, rec), lists(disp, rec)
			as = append(as, au.small, au.display)
		}
	}
	return finish(name, rs, judgeAmountUnit(r.b, au), as...)
}

// amountUnit is what the amount-unit probe read: a filter with a decimal point, and (with a
// record whose amount is known) the record's amount as each unit writes it.
type amountUnit struct {
	// decimal is the read filtered by minAmount "0.5", integer the same by "50" (the control).
	decimal, integer, small, display *answer
	record                           *enduser.Transaction
	smallLists, displayLists         bool
}

func lists(p *enduser.TxPage, rec enduser.Transaction) bool {
	if p == nil {
		return false
	}
	return slices.ContainsFunc(p.Transactions, func(t enduser.Transaction) bool { return sameRecord(t, rec) })
}

// judgeDecimalRefused judges a refusal of minAmount "0.5" by its control, the same read
// with "50": only when that one is answered is the refusal the unit's.
func judgeDecimalRefused(dec, ctl *answer) outcome {
	if ctl == nil || ctl.problem != nil || !ctl.ok() {
		j := unsure(`minAmount "0.5" was refused (%s), and the control minAmount "50" got %s: the refusal may be the account's, not the unit's`, dec.says(), problemOf(ctl))
		return outcome{fits: []judgement{j, j}}
	}
	return outcome{fits: []judgement{yes(`minAmount "0.5" was refused (%s), "50" answered`, dec.says()), ruled(`minAmount "0.5" was refused`)}}
}

func judgeAmountUnit(b basis, au amountUnit) outcome {
	if o, done := b.settle([]*answer{au.decimal, au.integer, au.small, au.display}); done {
		return o
	}
	dec := au.decimal
	switch {
	case dec.refused() && (dec.code() == "10009" || dec.code() == "10002"):
		return judgeDecimalRefused(dec, au.integer)
	case dec.problem != nil || !dec.ok():
		j := unsure(`the filter minAmount "0.5" got %s`, problemOf(dec))
		return outcome{fits: []judgement{j, j}}
	case au.record == nil:
		return outcome{fits: []judgement{unsure(`minAmount "0.5" was accepted: a display-unit filter, or a lenient smallest-unit parser; no record with an amount tells them apart`), yes(`minAmount "0.5" was accepted`)}}
	}
	amt := au.record.Amount.Decimal.Abs()
	smallAs, dispAs := amt.Shift(enduser.TxAmountDecimals).String(), amt.String()
	switch {
	case au.smallLists && !au.displayLists:
		return outcome{fits: []judgement{yes("record %d (%s) is found by %q, not by %q", au.record.ID, amt, smallAs, dispAs), ruled("the filter %q finds record %d", smallAs, au.record.ID)}}
	case au.displayLists && !au.smallLists:
		return outcome{fits: []judgement{ruled("the filter %q finds record %d", dispAs, au.record.ID), yes("record %d (%s) is found by %q, not by %q", au.record.ID, amt, dispAs, smallAs)}}
	}
	j := unsure(`minAmount "0.5" was accepted, and the filters %q and %q found record %d: %v and %v`, smallAs, dispAs, au.record.ID, au.smallLists, au.displayLists)
	return outcome{fits: []judgement{j, j}}
}
