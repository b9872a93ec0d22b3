package account_test

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"

	"purse/app"
	"purse/app/account"
	"purse/app/apptest"
	appsandbox "purse/app/sandbox"
	"purse/enduser"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
)

// liveSession is a Live account of the profile's key "me" on a sandbox of its own, signing
// in the process or through an agent whose display is the returned approver (it approves
// everything until a test sets its Answer).
func liveSession(t *testing.T, inAgent bool) (*app.App, *app.Unlock, *apptest.Approver) {
	t.Helper()
	ctx := context.Background()
	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	// Short: the agent's socket goes in it.
	home, err := os.MkdirTemp("", "pr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	p := sb.Info().Profile("t")
	p.EVMKey = "me"
	testhome.UseProfile(t, home, p)
	a := &apptest.Approver{Answer: func(app.Approval) error { return nil }}
	s := apptest.Open(t, home, a, inAgent, "read test")
	u := &app.Unlock{Passphrase: []byte("pw")}
	if on, err := appsandbox.New(s).Onboard(ctx, u, "", nil); err != nil || on.Status != "Live" {
		t.Fatalf("onboard: %+v %v", on, err)
	}
	return s, u, a
}

// bothWays runs f on a Live session signing in the process, then on one signing through an
// agent (liveSession).
func bothWays(t *testing.T, f func(t *testing.T, s *app.App, u *app.Unlock, a *apptest.Approver)) {
	for _, inAgent := range []bool{false, true} {
		name := "in the process"
		if inAgent {
			name = "through the agent"
		}
		t.Run(name, func(t *testing.T) {
			s, u, a := liveSession(t, inAgent)
			f(t, s, u, a)
		})
	}
}

// Every read route of the table is read by name through the one signing gate, in the
// process and through the agent, and decodes into the model its row declares; the service's
// refusals come back as its answers, and a name that is no read is refused with nothing sent.
func TestEveryReadDecodesIntoItsModel(t *testing.T) {
	bothWays(t, func(t *testing.T, s *app.App, u *app.Unlock, _ *apptest.Approver) {
		ctx := context.Background()
		reads := account.New(s).Reads()
		if len(reads) != len(enduser.ReadableRoutes()) || len(reads) == 0 {
			t.Fatalf("%d reads as the profile has them, %d in the table", len(reads), len(enduser.ReadableRoutes()))
		}
		// What a Live sandbox account answers: Form A is behind it, and no handoff session
		// was opened; every other read has data (or, for the retry, none waiting).
		refusedHere := map[string]bool{enduser.RouteFormAInfo: true, enduser.RouteKYCCheck: true}
		for _, r := range reads {
			rd, err := account.New(s).Read(ctx, u, r.Name)
			var api *enduser.APIError
			switch {
			case refusedHere[r.Name]:
				if !errors.As(err, &api) {
					t.Errorf("%s: %v, want the service's refusal", r.Name, err)
				}
			case err != nil:
				t.Errorf("%s: %v", r.Name, err)
			case reflect.TypeOf(rd.Value) != reflect.TypeOf(r.Result):
				t.Errorf("%s: decoded as %T, the row declares %T", r.Name, rd.Value, r.Result)
			case rd.Route.Path != r.Path:
				t.Errorf("%s: read at %s, listed at %s", r.Name, rd.Route.Path, r.Path)
			}
		}
		rd, err := account.New(s).Read(ctx, u, enduser.RouteAccountStatus)
		if st, _ := rd.Value.(enduser.AccountStatus); err != nil || st.StatusStr != "Live" {
			t.Fatalf("account status: %+v %v", rd.Value, err)
		}
		rd, err = account.New(s).Read(ctx, u, enduser.RouteOnrampPendingRetry)
		if pr, ok := rd.Value.(*enduser.PendingRetry); err != nil || !ok || pr != nil || rd.Fields() != nil {
			t.Fatalf("pending retry: %#v %v", rd.Value, err)
		}
		rd, err = account.New(s).Read(ctx, u, enduser.RouteOnrampLimit)
		if l, _ := rd.Value.(enduser.OnrampLimit); err != nil || len(l.MaxAmounts) == 0 || len(rd.Fields()) != 6 || len(rd.Result) == 0 {
			t.Fatalf("on-ramp limit: %+v %v (fields %v)", rd.Value, err, rd.Fields())
		}
		before := s.RequestLog().Len()
		for _, name := range []string{enduser.RouteCardStatus, enduser.RouteTransactions, enduser.RouteCard, "nope"} {
			var ve *enduser.ValidationError
			if _, err := account.New(s).Read(ctx, u, name); !errors.As(err, &ve) || ve.Field != "route" {
				t.Errorf("%s: %v, want an error naming the route", name, err)
			}
		}
		if n := s.RequestLog().Len() - before; n != 0 {
			t.Fatalf("%d calls sent for names that are no reads", n)
		}
	})
}
