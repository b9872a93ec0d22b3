package account

import (
	"charm.land/bubbles/v2/key"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	appaccount "purse/app/account"
	"purse/config"
	"purse/enduser"
	"purse/internal/visible/visibletest"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

var testSession = kit.Session{Profile: "sandbox", EVMKey: "alice", Network: "31337"}

func testEnv(t *testing.T) *kit.Env {
	t.Helper()
	return tuitest.Env(t, testSession, tuitest.FakeHome)
}

func newTest(t *testing.T, w, h int) *Screen {
	t.Helper()
	s := newScreen(testEnv(t), Services{}, nil)
	s.now = func() time.Time { return time.Unix(1767225600, 0) }
	s.SetSize(w, h)
	return s
}

// reply builds the answer of the screen's current request in slot.
func reply[T any](t *testing.T, s *Screen, slot string, v T, err error) tea.Msg {
	t.Helper()
	id, ok := s.ids[slot]
	if !ok {
		t.Fatalf("no request running in %s (running: %v)", slot, s.ids)
	}
	return kit.TaskResult[T]{ID: id, Slot: slot, Value: v, Err: err}
}

func press(s *Screen, keys string) tea.Cmd {
	var cmds []tea.Cmd
	for _, r := range keys {
		_, cmd := s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

func send(s *Screen, msg tea.Msg) tea.Cmd {
	_, cmd := s.Update(msg)
	return cmd
}

func find[T any](msgs []tea.Msg) (T, bool) {
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func sbProfile(token string) config.Profile {
	p := *config.SandboxProfile("127.0.0.1:8787")
	p.EVMKey, p.TokenID = "alice", token
	return p
}

func status(statusStr string, status, step int64, stepStr string) enduser.AccountStatus {
	var a enduser.AccountStatus
	a.Status, a.StatusStr = enduser.Int(status), statusStr
	a.KYCFlow.CurrentStep, a.KYCFlow.CurrentStepStr = enduser.Int(step), stepStr
	return a
}

func loaded(p config.Profile, a enduser.AccountStatus) snapshot {
	return snapshot{Profile: p, Status: a, Loaded: p.TokenID != ""}
}

func deliverSnapshot(t *testing.T, s *Screen, snap snapshot, err error) tea.Cmd {
	t.Helper()
	if !s.running(slotStatus) {
		s.refresh()
	}
	return send(s, reply(t, s, slotStatus, snap, err))
}

func idscan() enduser.AccountStatus {
	a := status("Tourist", 2, 2, "IDScan")
	a.KYCFlow.CurrentStepActionTypes = []string{"IDV"}
	a.SumsubKYCInfo.ReviewStatus = "init"
	a.SumsubKYCInfo.UserID = "5f0c3a1b9e2d4c6a8b7f0e1d"
	return a
}

func TestIDScanOffersTheTokenAndCopiesItInFull(t *testing.T) {
	s := newTest(t, 80, 40)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), idscan()), nil)
	v := tuitest.Plain(s.View())
	for _, want := range []string{"Account 1234567890", "Tourist (2)", "[x] FormA → [>] IDScan → [ ] SignFormA → [ ] Review", "actions: IDV", "press i for the identity-verification", "Sandbox panel", "a approve the KYC review"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in\n%s", want, v)
		}
	}
	if !on(s, "i") || on(s, "o") || on(s, "c") || !on(s, "a") || on(s, "m") {
		t.Fatal("IDScan: only the IDV token (and the sandbox panel) must be offered")
	}
	press(s, "i")
	if !s.running(slotIDV) {
		t.Fatal("i must request the token")
	}
	token := "_act-sbx-" + strings.Repeat("0123456789abcdef", 6)
	send(s, reply(t, s, slotIDV, signed[enduser.IDVToken]{V: enduser.IDVToken{Token: token, UserID: "applicant-1"}}, nil))
	flat := strings.ReplaceAll(tuitest.Plain(s.View()), "\n", "")
	for _, piece := range kit.Wrap(token, 80-labelW-2) {
		if !strings.Contains(flat, piece) {
			t.Fatalf("the token is not shown in full: piece %q missing in\n%s", piece, tuitest.Plain(s.View()))
		}
	}
	c, ok := find[kit.CopyMsg](tuitest.Flatten(press(s, "c")))
	if !ok || c.Value != token {
		t.Fatalf("c must copy the whole token, got %#v", c)
	}
}

// TestVerificationPanelsGoOnceLive: the access token and the handoff's verdict belong to the
// identity verification: once the account is Live they are no longer shown.
func TestVerificationPanelsGoOnceLive(t *testing.T) {
	s := newTest(t, 80, 40)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), idscan()), nil)
	press(s, "i")
	send(s, reply(t, s, slotIDV, signed[enduser.IDVToken]{V: enduser.IDVToken{Token: "_act-sbx-token", UserID: "applicant-1"}}, nil))
	s.kyc.handoff = &enduser.HandoffVerdict{Status: enduser.VerdictPassed}
	s.render()
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Identity-verification access token") || !strings.Contains(v, "Share-token handoff") {
		t.Fatalf("at IDScan:\n%s", v)
	}
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Live", 5, 4, "Review")), nil)
	if v := tuitest.Plain(s.View()); strings.Contains(v, "access token") || strings.Contains(v, "_act-sbx-token") || strings.Contains(v, "handoff") || on(s, "c") {
		t.Fatalf("Live, the verification's panels stay:\n%s", v)
	}
}

// TestUnlockIsTheHelpersAndACancelIsQuiet: i starts the signed read through the unlock
// helper (tui/unlock tests the dialog and the retry); a cancelled passphrase ends the task
// with kit.ErrCancelled, which leaves the screen idle and shows no error.
func TestUnlockIsTheHelpersAndACancelIsQuiet(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), idscan()), nil)
	press(s, "i")
	if !s.running(slotIDV) {
		t.Fatal("i did not start the identity-verification read")
	}
	send(s, reply(t, s, slotIDV, signed[enduser.IDVToken]{}, kit.ErrCancelled))
	if s.running(slotIDV) || s.kyc.idv != nil {
		t.Fatalf("after a cancelled passphrase: running %v, token %v", s.running(slotIDV), s.kyc.idv)
	}
	if v := tuitest.Plain(s.View()); strings.Contains(v, "ERROR") {
		t.Fatalf("a cancel is not an error:\n%s", v)
	}
}

const formAText = "I declare:\n\tline with a tab\nzero\u200bwidth and ünïcödé\n"

func TestFormAShownExactlyReviewedSignedSubmitted(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Tourist", 2, 3, "SignFormA")), nil)
	if !on(s, "o") || on(s, "i") {
		t.Fatal("SignFormA must offer Form A only")
	}
	press(s, "o")
	send(s, reply(t, s, slotFormA, signed[enduser.FormAInfo]{V: enduser.FormAInfo{KYCSelfDec: formAText}}, nil))
	if s.mode != modeFormA {
		t.Fatal("the Form A text must open")
	}
	v := tuitest.Plain(s.View())
	hash := enduser.FormAInfo{KYCSelfDec: formAText}.TextHash()
	for _, want := range []string{"exactly as received (" + fmt.Sprint(len(formAText)) + " bytes, 4 line(s))", hash, "2│ ␉line with a tab", "zero⟨U+200B⟩width", "ends with a newline", "invisible or ambiguous"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in\n%s", want, v)
		}
	}
	// Enter never signs; s runs the signing and submission, whose review is the signing
	// gate's (asked in the TUI's dialog: the exact text and its hash), not one of the screen's.
	tuitest.Flatten(send(s, tea.KeyPressMsg{Code: tea.KeyEnter}))
	if s.running(slotSubmit) {
		t.Fatal("enter signed")
	}
	if _, ok := find[kit.PushDialogMsg](tuitest.Flatten(press(s, "s"))); ok || !s.running(slotSubmit) {
		t.Fatal("s must start the signing through the gate, without a review of the screen's own")
	}
	msgs := tuitest.Flatten(send(s, reply(t, s, slotSubmit, signed[submitDone]{V: submitDone{TextHash: hash}}, nil)))
	if st, ok := find[kit.StatusMsg](msgs); !ok || !strings.Contains(st.Text, hash) || s.mode != modeStatus || !s.running(slotStatus) {
		t.Fatalf("after submit: %#v mode %d", msgs, s.mode)
	}
}

func TestMintFormChecksThenConfirms(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
	if !strings.Contains(tuitest.Plain(s.View()), "press m to mint") || !on(s, "m") {
		t.Fatalf("no account: mint must be offered\n%s", tuitest.Plain(s.View()))
	}
	s.app.Account = proposer{}
	press(s, "m")
	if !s.InputFocused() || s.mode != modeMint {
		t.Fatal("m must open the mint form with the focus in a field")
	}
	send(s, reply(t, s, slotMintID, sandboxProposal, nil))
	id := s.mint.value(fieldTokenID)
	if enduser.CheckMintTokenID(id) != nil || s.mint.value(fieldCaptcha) != "sandbox-pass" || s.mint.value(fieldGenTime) != "1767225600" {
		t.Fatalf("proposals: token %q captcha %q genTime %q", id, s.mint.value(fieldCaptcha), s.mint.value(fieldGenTime))
	}
	press(s, "bob@example.com") // single letters type, they do not trigger actions
	if s.mint.value(fieldEmail) != "bob@example.com" || s.running(slotStatus) {
		t.Fatalf("typing: email %q", s.mint.value(fieldEmail))
	}
	if strings.Contains(tuitest.Plain(s.View()), "ERROR") {
		t.Fatalf("no field is invalid yet:\n%s", tuitest.Plain(s.View()))
	}
	send(s, tea.KeyPressMsg{Code: tea.KeyTab})
	send(s, tea.KeyPressMsg{Code: tea.KeyBackspace})
	// shown under the field as it is typed, before any submit
	if !strings.Contains(tuitest.Plain(s.View()), "ERROR token id: mint token ID: expected 10 digits") {
		t.Fatalf("a bad token id must show on its field as it is typed:\n%s", tuitest.Plain(s.View()))
	}
	send(s, tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if s.running(slotMintCheck) || !strings.Contains(s.mint.live.Error("token-id"), "10 digits") || s.mint.focus != fieldTokenID {
		t.Fatalf("a bad token id must be refused here: %q, focus %d", s.mint.live.Error("token-id"), s.mint.focus)
	}
	s.mint.inputs[fieldTokenID].SetValue("9123456789")
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if s.running(slotMintCheck) || !strings.Contains(s.mint.live.Error("token-id"), "must not start with 0, 8 or 9") {
		t.Fatalf("form error %q", s.mint.live.Error("token-id"))
	}
	s.mint.inputs[fieldTokenID].SetValue(id)
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if !s.running(slotMintCheck) {
		t.Fatal("ctrl+s must check before minting")
	}
	req := enduser.MintRequest{Address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", LotNumber: "sandbox", CaptchaOutput: "sandbox-pass", PassToken: "sandbox", GenTime: "1767225600"}
	send(s, reply(t, s, slotMintCheck, appaccount.MintPlan{Request: req, TokenID: id, Email: "bob@example.com"}, nil))
	if !strings.Contains(tuitest.Plain(s.View()), "bob@example.com is already registered") {
		t.Fatalf("a taken email must be said in the form\n%s", tuitest.Plain(s.View()))
	}
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	msgs := tuitest.Flatten(send(s, reply(t, s, slotMintCheck, appaccount.MintPlan{Request: req, TokenID: id, Email: "bob@example.com", EmailOK: true, ChainNote: "the chain shows no account for this key"}, nil)))
	push, ok := find[kit.PushDialogMsg](msgs)
	if _, isConfirm := push.Dialog.(*dialog.Confirm); !ok || !isConfirm || s.running(slotMint) {
		t.Fatal("the mint must wait for a confirmation")
	}
	send(s, dialog.ConfirmResult{ID: idMintConfirm, Confirmed: true})
	if !s.running(slotMint) {
		t.Fatal("y must mint")
	}
	p := sbProfile(id)
	msgs = tuitest.Flatten(send(s, reply(t, s, slotMint, appaccount.Minted{TokenID: id, TxHash: "0xabc", Address: req.Address, Profile: p}, nil)))
	ses, ok := find[kit.SessionMsg](msgs)
	if !ok || ses.Session.AccountID != id || ses.Session.Profile != testSession.Profile {
		t.Fatalf("the footer must learn the account id: %#v", msgs)
	}
	if s.mode != modeStatus || s.InputFocused() || !s.running(slotStatus) {
		t.Fatal("after the mint the status is read again")
	}
}

func TestMintCancelSendsNothing(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
	press(s, "m")
	st, _ := find[kit.StatusMsg](tuitest.Flatten(send(s, tea.KeyPressMsg{Code: tea.KeyEsc})))
	if s.mode != modeStatus || !strings.Contains(st.Text, "nothing was sent") {
		t.Fatal("esc must leave the form")
	}
	p := sbProfile("")
	p.EVMKey = ""
	deliverSnapshot(t, s, snapshot{Profile: p}, nil)
	if on(s, "m") || !strings.Contains(tuitest.Plain(s.View()), "Keys screen") {
		t.Fatalf("without a key mint is not offered\n%s", tuitest.Plain(s.View()))
	}
}

// TestErrorsSayWhatToDoNext: the status error shows with the application layer's advice
// (app.NextStep, whose cases app's tests cover).
// on reports whether the action of key k (the status view's or the sandbox panel's) can run
// now.
func on(s *Screen, k string) bool {
	b := key.NewBinding(key.WithKeys(k))
	return s.actions.On(b) || s.lab.actions.On(b)
}

func TestErrorsSayWhatToDoNext(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("1234567890")}, &enduser.GatewayError{Route: "account-status", Status: 503})
	v := tuitest.Plain(s.View())
	for _, want := range []string{"ERROR: the status could not be read", "Next: The service's gateway answered HTTP 503"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in\n%s", want, v)
		}
	}
}

func TestStaleAndForeignRepliesAreIgnored(t *testing.T) {
	s := newTest(t, 80, 24)
	s.refresh()
	old := s.ids[slotStatus]
	s.refresh()
	send(s, kit.TaskResult[snapshot]{ID: old, Slot: slotStatus, Value: loaded(sbProfile("1"), idscan())})
	if s.loadedAt {
		t.Fatal("a superseded reply was taken")
	}
	send(s, kit.TaskResult[snapshot]{ID: 99999, Slot: "balances", Value: loaded(sbProfile("1"), idscan())})
	if s.loadedAt {
		t.Fatal("another screen's reply was taken")
	}
	deliverSnapshot(t, s, loaded(sbProfile("1"), idscan()), nil)
	if !s.loadedAt {
		t.Fatal("the current reply must be taken")
	}
}

func TestSandboxPanelActions(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Tourist", 2, 4, "Review")), nil)
	if on(s, "a") || !on(s, "v") || !on(s, "x") {
		t.Fatal("Review: advance and reject, not approve")
	}
	press(s, "v")
	if !s.running(slotSandbox) || on(s, "e") {
		t.Fatal("v must advance, and the panel waits while a step runs")
	}
	msgs := tuitest.Flatten(send(s, reply(t, s, slotSandbox, ctlDone{What: "advanced"}, nil)))
	if st, _ := find[kit.StatusMsg](msgs); st.Text != "sandbox: advanced" || !s.running(slotStatus) {
		t.Fatalf("after a step: %#v", msgs)
	}
	// e lists the routes the one-shot 503 can hit; choosing one runs the step.
	if d, ok := press(s, "e")().(kit.PushDialogMsg); !ok || !strings.Contains(d.Dialog.Title(), "503") {
		t.Fatal("e must list the fault's routes")
	}
	send(s, dialog.ListResult{ID: idFaultRoute, Index: 0})
	send(s, reply(t, s, slotSandbox, ctlDone{What: "the next API call answers HTTP 503 once"}, errors.New("refused")))
	if !strings.Contains(tuitest.Plain(s.View()), "ERROR: the next API call") {
		t.Fatalf("a refused step must show\n%s", tuitest.Plain(s.View()))
	}
	// A step that failed after it changed the profile (an onboarding stopped after its mint):
	// the footer and the screen follow the profile, and the error is said after the switch
	// that another account is for the router.
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
	press(s, "O")
	minted := sbProfile("5555555555")
	msgs = tuitest.Flatten(send(s, reply(t, s, slotSandbox, signed[ctlDone]{V: ctlDone{What: "onboarding", Profile: &minted}}, errors.New("Form A not approved"))))
	rep, said := find[kit.ErrorMsg](msgs)
	if ses, ok := find[kit.SessionMsg](msgs); !ok || ses.Session.AccountID != "5555555555" || !s.running(slotStatus) ||
		!strings.Contains(tuitest.Plain(s.View()), "ERROR: onboarding: Form A not approved") || !said || rep.Err == nil {
		t.Fatalf("a failed onboarding with its account: %#v\n%s", msgs, tuitest.Plain(s.View()))
	}
	p := sbProfile("1234567890")
	p.Name, p.UserAPI = "prod", "https://api.example.com"
	deliverSnapshot(t, s, loaded(p, idscan()), nil)
	if s.lab.on() || on(s, "a") || strings.Contains(tuitest.Plain(s.View()), "Sandbox panel") {
		t.Fatal("no sandbox panel outside the sandbox")
	}
}

func TestLiveLoadsLimitsWithoutPrompting(t *testing.T) {
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Live", 5, 4, "Review")), nil)
	if !s.running(slotLimits) {
		t.Fatal("Live must load the limits")
	}
	msgs := tuitest.Flatten(send(s, reply(t, s, slotLimits, signed[enduser.Profile]{Locked: true}, nil)))
	if _, pushed := find[kit.PushDialogMsg](msgs); pushed || !strings.Contains(tuitest.Plain(s.View()), "press l to unlock") {
		t.Fatalf("the automatic load must not prompt\n%s", tuitest.Plain(s.View()))
	}
	// l is the user asking: it runs through the unlock helper, which asks for the
	// passphrase itself (tui/unlock); the screen starts the read again.
	press(s, "l")
	if !s.running(slotLimits) {
		t.Fatal("l must start the signed read of the limits")
	}
}

// goldenStates are the screen's states as golden views.
func goldenStates() map[string]func(t *testing.T, s *Screen) {
	live := status("Live", 5, 4, "Review")
	live.SumsubKYCInfo = enduser.SumsubKYCInfo{UserID: "5f0c3a1b9e2d4c6a8b7f0e1d", LatestKYCHasCompleted: true, ReviewStatus: "completed", ReviewAnswer: "GREEN"}
	live.CRSInfo = enduser.CRSInfo{NeedCRS: true, RestrictDate: 1769904000000, URL: "https://crs.sandbox.invalid/self-certification?tokenId=1234567890"}
	rejected := status("Tourist", 2, 5, "Rejected")
	rejected.KYCFlow.FailReason = "Document could not be verified"
	rejected.SumsubKYCInfo = enduser.SumsubKYCInfo{ReviewStatus: "completed", ReviewAnswer: "RED", ReviewRejectType: "RETRY"}
	var bank enduser.Profile
	bank.IBAN = "CH5608837001234567890"
	bank.Limits.RestartDate = "2026-02-01"
	bank.Limits.Used = enduser.NewAmount(decimal.RequireFromString("250.00"))
	bank.Limits.Available = enduser.NewAmount(decimal.RequireFromString("9750.00"))
	bank.Limits.Max = enduser.NewAmount(decimal.RequireFromString("10000.00"))
	return map[string]func(t *testing.T, s *Screen){
		"loading": func(*testing.T, *Screen) {},
		"no_account": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
		},
		"idscan_token": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, loaded(sbProfile("1234567890"), idscan()), nil)
			press(s, "i")
			send(s, reply(t, s, slotIDV, signed[enduser.IDVToken]{V: enduser.IDVToken{Token: "_act-sbx-" + strings.Repeat("3f9a", 8), UserID: "5f0c3a1b9e2d4c6a8b7f0e1d"}}, nil))
		},
		"rejected": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, loaded(sbProfile("1234567890"), rejected), nil)
		},
		"live_limits_crs": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, loaded(sbProfile("1234567890"), live), nil)
			send(s, reply(t, s, slotLimits, signed[enduser.Profile]{V: bank}, nil))
		},
		"forma": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Tourist", 2, 3, "SignFormA")), nil)
			press(s, "o")
			text := formAText + strings.Repeat("I confirm that the information above is true, complete and current; I will report changes within 30 days.\n", 12)
			send(s, reply(t, s, slotFormA, signed[enduser.FormAInfo]{V: enduser.FormAInfo{KYCSelfDec: text}}, nil))
		},
		"mint_form": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
			s.app.Account = proposer{}
			press(s, "m")
			send(s, reply(t, s, slotMintID, sandboxProposal, nil))
			press(s, "bob@example")
		},
		"status_error": func(t *testing.T, s *Screen) {
			deliverSnapshot(t, s, snapshot{Profile: sbProfile("1234567890")}, &enduser.TransportError{Route: "account-status", Err: errors.New("dial tcp 127.0.0.1:8787: connection refused")})
		},
	}
}

// TestGolden compares the screen's body with testdata/TestGolden/*.golden (no colour) in an
// 80x24 and a 120x40 terminal: the router gives a screen the terminal less the tab line,
// the title rule, the status and session lines and one line of help.
// Update with: go test ./tui/account -run TestGolden -update
func TestGolden(t *testing.T) {
	const chrome = 2 + 2 + 1
	for name, setup := range goldenStates() {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				s := newTest(t, sz[0], sz[1]-chrome)
				setup(t, s)
				v := tuitest.Plain(s.View())
				lines := strings.Split(v, "\n")
				if len(lines) > sz[1]-chrome {
					t.Errorf("%d lines for a body of %d", len(lines), sz[1]-chrome)
				}
				for _, l := range lines {
					if lipgloss.Width(l) > sz[0] {
						t.Errorf("line wider than %d: %q", sz[0], l)
					}
				}
				teatest.RequireEqualOutput(t, []byte(v))
			})
		}
	}
}

// proposer is an AccountService that only proposes account ids (the tests reply to every other task
// themselves).
type proposer struct{ AccountService }

var sandboxProposal = appaccount.TokenIDProposal{TokenID: "4196387334", Source: "sandbox", Note: "handed out by the sandbox, as the service hands out the id to mint"}

func (proposer) ProposeTokenID(context.Context) (appaccount.TokenIDProposal, error) {
	return sandboxProposal, nil
}

// TestMintIDTheUserGives: where no id is handed out, the field stays empty and says why.
func TestMintIDTheUserGives(t *testing.T) {
	s := newTest(t, 100, 30)
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
	s.app.Account = proposer{}
	press(s, "m")
	send(s, reply(t, s, slotMintID, appaccount.TokenIDProposal{}, &app.FieldError{Field: "token-id", Err: errors.New("the service hands out the account id to mint (spec 4.6): give the id it gave you")}))
	if s.mint.value(fieldTokenID) != "" || !strings.Contains(tuitest.Plain(s.View()), "give the id it gave you") {
		t.Fatalf("view:\n%s", tuitest.Plain(s.View()))
	}
}

// TestShareTokenHandoff: at IDScan, h asks for the share token in a hidden field and hands the
// applicant over; an incomplete verdict shows what is missing and what to do; after a passed
// verdict and Form A (step Review), t submits the session.
func TestShareTokenHandoff(t *testing.T) {
	s := newTest(t, 100, 40)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Tourist", 2, 2, "IDScan")), nil)
	if !on(s, "h") || on(s, "t") {
		t.Fatal("at IDScan: h offered, t not")
	}
	push, ok := press(s, "h")().(kit.PushDialogMsg)
	if !ok || !strings.Contains(push.Dialog.Title(), "Share token") {
		t.Fatalf("h must ask for the share token: %#v", push)
	}
	send(s, dialog.PassphraseResult{ID: idShareToken, Passphrase: []byte("st_secret")})
	incomplete := enduser.HandoffVerdict{Status: enduser.VerdictIncomplete, Code: 20004, Attempt: 1, MissingFields: []string{"dob"}}
	next := &app.Advice{Err: errors.New("handoff incomplete"), Next: "The partner completes the applicant's data and issues a fresh share token."}
	send(s, reply(t, s, slotHandoff, signed[handoffDone]{V: handoffDone{V: incomplete, Next: next}}, nil))
	v := tuitest.Plain(s.View())
	for _, want := range []string{"[INCOMPLETE (20004)] attempt 1", "missing", "dob", "issues a fresh share token"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "st_secret") {
		t.Fatal("the share token is shown")
	}
	s.kyc.handoff = &enduser.HandoffVerdict{Status: enduser.VerdictPassed, Attempt: 2}
	s.kyc.handoffNext = nil
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), status("Tourist", 2, 4, "Review")), nil)
	if !on(s, "t") || on(s, "h") {
		t.Fatal("after Form A: t offered, h not")
	}
	press(s, "t")
	send(s, reply(t, s, slotKYCSubmit, signed[enduser.KYCSubmitResult]{V: enduser.KYCSubmitResult{State: "Submitting"}}, nil))
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "Submitting (activation runs on the service)") || on(s, "t") {
		t.Fatalf("after submit:\n%s", v)
	}
}

// idvFake records the identity-verification token requests it gets.
type idvFake struct {
	AccountService
	reqs *[]enduser.IDVTokenRequest
}

func (f idvFake) IDVToken(_ context.Context, _ *app.Unlock, r enduser.IDVTokenRequest) (enduser.IDVToken, error) {
	*f.reqs = append(*f.reqs, r)
	return enduser.IDVToken{Token: "_act-options"}, nil
}

// TestIDVTokenOptions: I opens every field of the token request; a bad value is refused on
// its field, a good one goes to the service with the request.
func TestIDVTokenOptions(t *testing.T) {
	s := newTest(t, 100, 40)
	var reqs []enduser.IDVTokenRequest
	s.app.Account = idvFake{reqs: &reqs}
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), idscan()), nil)
	press(s, "I")
	if s.mode != modeIDV || !s.InputFocused() || !strings.Contains(tuitest.Plain(s.View()), "retry level") {
		t.Fatalf("I must open the options:\n%s", tuitest.Plain(s.View()))
	}
	press(s, "KYC-level")
	send(s, tea.KeyPressMsg{Code: tea.KeyTab})
	press(s, "x")
	// shown as the user types, under the field
	if !strings.Contains(tuitest.Plain(s.View()), "ttl seconds: expected a positive number of seconds") {
		t.Fatalf("a bad ttl must be shown on its field as it is typed:\n%s", tuitest.Plain(s.View()))
	}
	send(s, tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if s.mode != modeIDV || s.kyc.idvForm.Focused() != "ttl-seconds" {
		t.Fatalf("a bad ttl must be refused on its field:\n%s", tuitest.Plain(s.View()))
	}
	send(s, tea.KeyPressMsg{Code: tea.KeyBackspace})
	press(s, "900")
	_, cmd := s.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	tuitest.Flatten(cmd)
	if s.mode != modeStatus || len(reqs) != 1 || reqs[0].LevelName != "KYC-level" || reqs[0].TTL != 900 {
		t.Fatalf("request %+v, mode %d", reqs, s.mode)
	}
}

// TestServiceTextIsShownEscaped: a rejection's type and reason, an error of the mint's
// checks and the chain's note in the mint's confirmation quote the service or an RPC node;
// each is shown escaped, never acting on the terminal.
func TestServiceTextIsShownEscaped(t *testing.T) {
	h := visibletest.Text
	rejected := status("Tourist", 2, 5, "Rejected")
	rejected.KYCFlow.FailReason = "Document " + h
	rejected.SumsubKYCInfo = enduser.SumsubKYCInfo{ReviewStatus: "completed", ReviewAnswer: "RED", ReviewRejectType: "RETRY" + h}
	s := newTest(t, 80, 24)
	deliverSnapshot(t, s, loaded(sbProfile("1234567890"), rejected), nil)
	v := tuitest.Plain(s.View())
	visibletest.Verify(t, "a rejected status", v)
	if !strings.Contains(v, "RETRY␛[2J") {
		t.Fatalf("the rejection is shown escaped:\n%s", v)
	}

	s = newTest(t, 80, 24)
	deliverSnapshot(t, s, snapshot{Profile: sbProfile("")}, nil)
	s.app.Account = proposer{}
	press(s, "m")
	send(s, reply(t, s, slotMintID, appaccount.TokenIDProposal{}, errors.New("proposal: "+h)))
	s.mint.inputs[fieldTokenID].SetValue("1234567890")
	press(s, "bob@example.com")
	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	send(s, reply(t, s, slotMintCheck, appaccount.MintPlan{}, errors.New("email status: "+h)))
	visibletest.Verify(t, "the mint form with the service's errors", tuitest.Plain(s.View()))

	send(s, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	req := enduser.MintRequest{Address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", LotNumber: "sandbox", CaptchaOutput: "sandbox-pass", PassToken: "sandbox", GenTime: "1767225600"}
	msgs := tuitest.Flatten(send(s, reply(t, s, slotMintCheck, appaccount.MintPlan{Request: req, TokenID: "1234567890", Email: "bob@example.com", EmailOK: true, ChainNote: "the chain could not be read: " + h}, nil)))
	push, ok := find[kit.PushDialogMsg](msgs)
	if !ok {
		t.Fatalf("no confirmation: %#v", msgs)
	}
	push.Dialog.SetSize(80, 24)
	visibletest.Verify(t, "the mint's confirmation", tuitest.Plain(push.Dialog.View()))
}
