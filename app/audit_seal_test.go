package app_test

import (
	"strings"
	"sync"
	"testing"

	"purse/app"
	"purse/app/audit"
	"purse/wallet"
)

// Signatures made after `purse audit seal`, in the process and through the agent (whose own
// store learns of the new sealing state from the head it did not write), are sealed with the
// key the user was shown: a verification with it proves every record through the last one.
// It is a test of package app's directory because the signing both ways is (app.BothWaysForTest).
func TestSignaturesAfterSealingAreSealed(t *testing.T) {
	app.BothWaysForTest(t, "[purposes]\npersonal = \"allow\"\n", func(t *testing.T, a *app.App, signer func(*testing.T) wallet.EVMSigner) {
		s := signer(t)
		if _, err := wallet.SignPersonal(s, []byte("before sealing")); err != nil {
			t.Fatal(err)
		}
		st, err := audit.New(a).Seal(false)
		if err != nil || st.Record.Seq != 2 || st.InKeyring {
			t.Fatalf("seal: %+v %v", st, err)
		}
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := wallet.SignPersonal(s, []byte("sealed")); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		au, err := audit.New(a).CheckWith(true, st.Key)
		if err != nil || au.Break != nil || au.Count != 10 || !au.Seal.Checked || au.Seal.To != 10 || au.Seal.From != 2 {
			t.Fatalf("verify: %+v %v", au, err)
		}
		if line := audit.SealLine(au.Seal); !strings.Contains(line, "seals checked with verification key "+st.Fingerprint+" (given)") {
			t.Fatalf("seal line %q", line)
		}
		// Without the key (a home of key files keeps no copy) the verification says what it
		// could not check.
		au, err = audit.New(a).Check(true)
		if err != nil || au.Break != nil || au.Seal.Checked || !strings.Contains(audit.SealLine(au.Seal), "NOT") || audit.SealWarning(au.Seal) == "" {
			t.Fatalf("verify without the key: %+v %v", au, err)
		}
		other := append([]byte(nil), st.Key...)
		other[31] ^= 0x80
		if au, err := audit.New(a).CheckWith(true, other); err != nil || au.Break == nil || !strings.Contains(au.Break.Reason, "not the verification key's") {
			t.Fatalf("verified with another key: %+v %v", au.Break, err)
		}
	})
}
