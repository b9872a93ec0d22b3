package app

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"purse/config"
	"purse/enduser/endusertest"
	"purse/keystore"
	"purse/sandboxctl"
)

// TestDoctorAgainstEachDialect: the probe confirms every line against the spec's reading
// and against the service's observed variants, and says which variant it saw.
func TestDoctorAgainstEachDialect(t *testing.T) {
	for name, c := range map[string]struct {
		d    endusertest.Dialect
		want []string
	}{
		"spec":     {endusertest.Dialect{}, []string{"success with retCode", "no card", "strict: the hash of another payload is refused"}},
		"dialects": {endusertest.Dialect{NoRetCode: true, CardList: true, NoCard404: true, FrozenFlag: true, AnyHash: true}, []string{"success without retCode", "no card", "lenient: the hash of another payload is accepted"}},
	} {
		t.Run(name, func(t *testing.T) {
			srv, err := endusertest.New(endusertest.Config{Seed: 3, Dialect: c.d})
			if err != nil {
				t.Fatal(err)
			}
			hs := httptest.NewServer(srv.Handler())
			t.Cleanup(hs.Close)
			home := t.TempDir()
			fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
			useProfile(t, home, &config.Profile{Name: "t", UserAPI: hs.URL, Network: srv.Network(), EVMKey: "me"})
			s, err := New(home, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()

			// Without an account: the public reads only.
			probes, err := s.Doctor(ctx, nil)
			if err != nil || len(probes) != 4 || probes[3].Verdict != ProbeUnreachable {
				t.Fatalf("no account: %+v %v", probes, err)
			}
			plan, err := s.CheckMint(ctx, "1234567890", sandboxctl.Captcha(srv.Now()), "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Mint(ctx, plan); err != nil {
				t.Fatal(err)
			}
			probes, err = s.Doctor(ctx, &Unlock{Passphrase: []byte("pw")})
			if err != nil {
				t.Fatal(err)
			}
			all := ""
			for _, p := range probes {
				all += p.Name + ": " + p.Verdict + ": " + p.Detail + "\n"
				if p.Verdict != ProbeConfirmed {
					t.Errorf("%s: %s %s", p.Name, p.Verdict, p.Detail)
				}
			}
			for _, w := range append(c.want, "result is a JSON string", "on-ramp limit", "refused for a non-Live account", "server time", "banking profile") {
				if !strings.Contains(all, w) {
					t.Errorf("probe lacks %q:\n%s", w, all)
				}
			}
		})
	}
}

// TestDoctorSaysContradicted: an answer purse cannot read is contradicted, with the status
// and an excerpt of the body.
func TestDoctorSaysContradicted(t *testing.T) {
	hs := httptest.NewServer(nil)
	t.Cleanup(hs.Close)
	home := t.TempDir()
	st, _ := config.Load(home)
	_ = st.Put(&config.Profile{Name: "t", UserAPI: hs.URL, Network: "5003"})
	_ = st.Use("t")
	_ = st.Save()
	s, _ := New(home, "", nil)
	probes, err := s.Doctor(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), "contradicted") {
		t.Fatalf("no error for a contradiction: %v", err)
	}
	if probes[0].Verdict != ProbeContradicted || !strings.Contains(probes[0].Detail, "HTTP 404") {
		t.Fatalf("%+v", probes)
	}
}
