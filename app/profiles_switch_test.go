package app_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"purse/app"
	"purse/app/profiles"
)

// TestNoSwitchUnderAMovingRequest: while a signed deposit or permit is being sent and
// settled, the App keeps its profile: profiles' Use and a change of the profile refuse, naming
// why, and Follow waits; once it is settled, they go on. It is a test of package app's
// directory because only this test binary can count a request as moving (app.MovingForTest).
func TestNoSwitchUnderAMovingRequest(t *testing.T) {
	home := t.TempDir()
	s, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := profiles.Add(context.Background(), home, "other", profiles.Source{}, [][2]string{{"user_api", "http://127.0.0.1:1"}, {"network", "5003"}}, nil); err != nil {
		t.Fatal(err)
	}
	cli, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := profiles.New(cli).SetField("", "token_id", "1234567890"); err != nil {
		t.Fatal(err)
	}
	app.MovingForTest(s, 1)
	var ue *app.UsageError
	if _, err := profiles.New(s).Use("other"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "being sent and settled") || s.Profile().Name != "sandbox" {
		t.Fatalf("a switch under a moving request: %v (on %s)", err, s.Profile().Name)
	}
	if _, changed, err := profiles.New(s).Follow(); changed || err != nil || s.Profile().TokenID != "" {
		t.Fatalf("a follow under a moving request: %v %v", changed, err)
	}
	if _, err := profiles.New(s).SetField("", "evm_key", ""); !errors.As(err, &ue) {
		t.Fatalf("a change of the profile under a moving request: %v", err)
	}
	app.MovingForTest(s, -1)
	if _, changed, err := profiles.New(s).Follow(); !changed || err != nil || s.Profile().TokenID != "1234567890" {
		t.Fatalf("the follow once settled: %v %v", changed, err)
	}
	if p, err := profiles.New(s).Use("other"); err != nil || p.Name != "other" {
		t.Fatalf("the switch once settled: %+v %v", p, err)
	}
}
