package app

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/altchain"
	"purse/app/review"
	"purse/wallet"
)

// TestReviewOfPending: for every purpose the display's review names who asks (client,
// process, key, profile, policy line) and shows exactly what is signed.
func TestReviewOfPending(t *testing.T) {
	permit := &wallet.Permit{
		Domain: wallet.PermitDomain{Name: "EUR24", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0x00000000000000000000000000000000000000e2")},
		Owner:  common.HexToAddress("0x00000000000000000000000000000000000000aa"), Spender: common.HexToAddress("0x00000000000000000000000000000000000000bb"),
		Value: big.NewInt(2500), Nonce: big.NewInt(0), Deadline: big.NewInt(1900000000),
	}
	q, err := json.Marshal(&altchain.Quote{Network: "sandbox", USDCAmount: 12_500_000, HasRequested: true})
	if err != nil {
		t.Fatal(err)
	}
	payload := `{"pageSize":5}`
	dl := strconv.FormatInt(time.Now().Add(5*time.Minute).Unix(), 10)
	cases := []struct {
		name  string
		r     wallet.Request
		kind  review.Kind
		wants []string
	}{
		{"full-auth", wallet.Request{Purpose: wallet.PurposeFullAuth, Method: "POST", Route: "transactions", Payload: []byte(payload), Deadline: dl},
			review.KindFullAuth, []string{"POST", "/api/", "transactions", payload, wallet.PayloadHash([]byte(payload)), dl, wallet.ConsentPrefix}},
		{"mint-consent", wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: "0xabc", Deadline: dl},
			review.KindMintConsent, []string{"0xabc", dl, wallet.ConsentPrefix}},
		{"permit", wallet.Request{Purpose: wallet.PurposePermit, Permit: permit},
			review.KindPermit, []string{"2500 smallest units of EUR24", permit.Spender.Hex(), permit.Owner.Hex(), "31337", "1900000000"}},
		{"form-a", wallet.Request{Purpose: wallet.PurposeFormA, Text: "I declare.\nSigned."},
			review.KindFormA, []string{"I declare.\nSigned.", wallet.FormATextHash("I declare.\nSigned.").Hex()}},
		{"personal", wallet.Request{Purpose: wallet.PurposePersonal, Message: []byte("hello agent")},
			review.KindPersonal, []string{"hello agent", wallet.PersonalHash([]byte("hello agent")).Hex()}},
		{"partner-auth", wallet.Request{Purpose: wallet.PurposePartnerAuth, Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthSpec,
			Payload: []byte(`{"svcId":12}`), SvcID: "12", Deadline: time.Now().Add(time.Minute).Unix()}},
			review.KindPartnerAuth, []string{`{"svcId":12}`, "svcId:12externalUserId: ", "spec"}},
		{"solana-tx", wallet.Request{Purpose: wallet.PurposeSolanaTx, Message: bytes.Repeat([]byte{7}, 300), Quote: q},
			review.KindSolana, []string{"12.5 USDC", "300", "checklist passed in the agent"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := agent.Pending{ID: 7, Client: "purse sign " + c.name, Peer: "pid 4242 (purse)", Label: "me",
				Address: "0x00000000000000000000000000000000000000aa", Profile: "sandbox", Line: `purposes.` + c.name + ` = "confirm" (default)`, Request: c.r}
			rv := ReviewOfPending(p)
			if rv.ID != "agent-7" || rv.Kind != c.kind || !strings.HasPrefix(rv.Title, "Agent: purse sign "+c.name+" asks to sign ") {
				t.Fatalf("id %q kind %q title %q", rv.ID, rv.Kind, rv.Title)
			}
			if len(rv.Blocked) != 0 {
				t.Fatalf("blocked: %v", rv.Blocked)
			}
			who := rv.Sections[0]
			got := map[string]string{}
			for _, f := range who.Fields {
				got[f.Label] = f.Value
			}
			if who.Heading != "Who asks" || got["client"] != p.Client || got["process"] != p.Peer || got["key"] != "me" || got["profile"] != "sandbox" || got["policy"] != p.Line {
				t.Fatalf("client section %+v", who)
			}
			var b strings.Builder
			if err := review.Write(&b, rv); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.wants {
				if !strings.Contains(b.String(), w) {
					t.Errorf("review lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// TestReviewOfPendingBlocksWhatItCannotShow: a request whose content does not build is not
// offered for signing.
func TestReviewOfPendingBlocksWhatItCannotShow(t *testing.T) {
	for _, r := range []wallet.Request{
		{Purpose: wallet.PurposeFullAuth, Method: "GET", Route: "profile", Payload: []byte("a"), Hash: "0x00", Deadline: "1"},
		{Purpose: wallet.PurposePermit},
		{Purpose: wallet.PurposeSolanaTx, Message: []byte{1}, Quote: []byte("{")},
		{Purpose: "other"},
	} {
		if rv := ReviewOfPending(agent.Pending{ID: 1, Request: r}); len(rv.Blocked) == 0 {
			t.Errorf("%s request %+v: not blocked", r.Purpose, rv)
		}
	}
}
