package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"purse/enduser"
)

// Route probes are declared by the route table, not written here: a row with a Probe name
// (enduser.Route.Probe) is checked for what the row itself says — the route is at its
// method and path, and a success decodes into its result model (or, where the row allows
// it, carries nothing). The control is the answer to a path no service has: a route that
// answers as that path does is absent, and a service that answers that path with success
// too proves nothing either way. A route that changes the account is never sent signed: its
// probe is an unsigned request without data, which the service refuses before acting, and
// what it shows is only that the route is there.

func (r *doctorRun) probeRoute(ctx context.Context, rt enduser.Route) Probe {
	if !rt.PathKnown() {
		// A setting with no default that the profile does not set: nothing is sent, and
		// nothing is known.
		rs := []reading{{name: fmt.Sprintf("%s is at a path of this deployment (%s)", rt.Name, rt.Basis), followed: true}}
		return finish(rt.Probe, rs, outcome{unreachable: fmt.Sprintf("no path is known for this deployment: routes.%s has no default and the profile sets none, so nothing was sent", rt.Name)})
	}
	if !rt.Readable() {
		return r.probeChangeRoute(ctx, rt)
	}
	rs := routeReadings(rt)
	c := r.open
	if rt.Auth != enduser.AuthNone {
		if o, stop := r.needAccount(); stop {
			return finish(rt.Probe, rs, o)
		}
		c = r.signed
	}
	a := r.send(ctx, c, enduser.ProbeRequest{Route: rt.Name, Body: rt.NoBody()})
	return finish(rt.Probe, rs, judgeRoute(r.b, rt, a), a)
}

// probeChangeRoute asks a route that changes the account without authentication and
// without data ({} for a POST): refused before anything is done, by an answer that tells the
// route's presence from its absence.
func (r *doctorRun) probeChangeRoute(ctx context.Context, rt enduser.Route) Probe {
	rs := []reading{
		{name: fmt.Sprintf("%s %s is there (%s): an unsigned request is refused, not answered as an unknown path", rt.Method, rt.Path, rt.Basis), followed: true},
		{name: fmt.Sprintf("no route at %s %s", rt.Method, rt.Path)},
	}
	a := r.send(ctx, r.open, enduser.ProbeRequest{Route: rt.Name, Auth: &authNone, Body: rt.NoBody()})
	return finish(rt.Probe, rs, judgeChangeRoute(r.b, a), a)
}

// judgeChangeRoute judges the unsigned request of a change route: readings there, absent.
func judgeChangeRoute(b basis, a *answer) outcome {
	if o, done := withoutAnswer(a); done {
		return o
	}
	absent, known, why := absence(a, b.ctl(a))
	switch {
	case absent:
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	case !known:
		return every(2, unsure("%s", why))
	case a.ok():
		// Nothing can be said of a route that takes an unsigned change without data.
		return every(2, unsure("an unsigned request without data was answered with success (%s)", a.says()))
	}
	return outcome{fits: []judgement{yes("%s", why), ruled("%s", why)}}
}

// routeReadings are a route probe's readings: the row's model, an empty success where the
// row allows one, and no route there.
func routeReadings(rt enduser.Route) []reading {
	rs := []reading{{name: fmt.Sprintf("%s %s answers in its model (%s; %s)", rt.Method, rt.Path, rt.Model(), rt.Basis), followed: true}}
	if emptyAllowed(rt) {
		rs = append(rs, reading{name: "an empty success: HTTP 204, no body or null (nothing to show)", followed: true})
	}
	return append(rs, reading{name: fmt.Sprintf("no route at %s %s", rt.Method, rt.Path)})
}

// emptyAllowed: the row says its success may carry nothing (MayBeEmpty), or its model is a
// pointer, whose null is the answer "none".
func emptyAllowed(rt enduser.Route) bool {
	return rt.MayBeEmpty || reflect.TypeOf(rt.Result).Kind() == reflect.Pointer
}

// judgeRoute judges a route probe's answer: readings model, [empty,] absent.
func judgeRoute(b basis, rt enduser.Route, a *answer) outcome {
	empty := emptyAllowed(rt)
	n := 2
	if empty {
		n = 3
	}
	// fits lays out a judgement of the model, of the empty success and of the absence.
	fits := func(model, none, absent judgement) outcome {
		if empty {
			return outcome{fits: []judgement{model, none, absent}}
		}
		return outcome{fits: []judgement{model, absent}}
	}
	if o, done := b.settle([]*answer{a}); done {
		return o
	}
	absent, known, why := absence(a, b.ctl(a))
	switch {
	case absent:
		return fits(ruled("%s", why), ruled("%s", why), yes("%s", why))
	case !known:
		return every(n, unsure("%s", why))
	case a.refused():
		j := unsure("refused (%s): what the route answers an account that meets its preconditions is unseen", a.says())
		return fits(j, j, ruled("%s", why))
	case !a.ok():
		return every(n, unsure("%s", why))
	}
	return judgeRouteSuccess(rt, a, empty, fits)
}

// judgeRouteSuccess judges a success of the route (not answered as an unknown path): by
// its data against the row's model; fits lays the judgements out as the readings are.
func judgeRouteSuccess(rt enduser.Route, a *answer, empty bool, fits func(model, none, absent judgement) outcome) outcome {
	answered := ruled("the route answered")
	res := bytes.TrimSpace(a.result)
	if a.status == http.StatusNoContent || len(bytes.TrimSpace(a.body)) == 0 || len(res) == 0 || string(res) == "null" {
		if !empty {
			// The row says the route returns data: a success without it is no reading's.
			return fits(ruled("a success without data, where the route returns %s", rt.Model()), ruled(""), answered)
		}
		return fits(ruled("an empty success"), yes("%s, nothing in it", a.says()), answered)
	}
	hasData := ruled("the success has data")
	v := reflect.New(reflect.TypeOf(rt.Result))
	if err := json.Unmarshal(res, v.Interface()); err != nil {
		return fits(ruled("a success purse cannot read as %s: %s (%s)", rt.Model(), strings.TrimPrefix(err.Error(), "json: "), excerpt(string(res))), hasData, answered)
	}
	if v.Elem().IsZero() || reflect.Indirect(v.Elem()).IsZero() {
		// {} or another shape whose keys the model lacks decodes to nothing: that it parses
		// says nothing of the model.
		return fits(unsure("a success that carries none of %s's fields: %s", rt.Model(), excerpt(string(res))), hasData, answered)
	}
	return fits(yes("read as %s: %s", rt.Model(), fieldSummary(enduser.ResultFields(v.Elem().Interface()))), hasData, answered)
}

// fieldSummary names the fields a reading carries: "livenessLocked, maxAmounts (2 of 6 set)".
func fieldSummary(fields [][2]string) string {
	var set []string
	for _, f := range fields {
		if f[1] != "" && f[1] != "0" && f[1] != "false" && f[1] != "{}" {
			set = append(set, f[0])
		}
	}
	return clip(strings.Join(set, ", "), 80) + fmt.Sprintf(" (%d of %d fields set)", len(set), len(fields))
}
