package altchain

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
)

// The answers a table row combines: each dimension is one call's possible answers.
type (
	sendKind    int
	heightKind  int
	recentKind  int
	historyKind int
	txKind      int
)

const (
	sendNone sendKind = iota
	sendSame
	sendOther
	sendErr
	sendSameAfter // a re-broadcast answered with the signature after the other reads
	sendKinds
)

const (
	heightNone heightKind = iota
	heightValid
	heightExpired
	heightExpiredProcessed // past it, but read at "processed"
	heightErr
	heightKinds
)

const (
	recentNone recentKind = iota
	recentErr
	recentNull
	recentProcessed
	recentConfirmed
	recentFinalized
	recentFailed
	recentKinds
)

const (
	historyNone historyKind = iota
	historyErr
	historyNull       // from a node at or past the expiry's slot
	historyNullLagged // from a node behind it
	historyConfirmed
	historyFailed
	historyKinds
)

const (
	txNone txKind = iota
	txErr
	txNull
	txFound
	txFailed
	txKinds
)

type combo struct {
	lastValidKnown bool
	send           sendKind
	height         heightKind
	recent         recentKind
	history        historyKind
	tx             txKind
	waitOver       bool
}

func (c combo) String() string {
	return fmt.Sprintf("lastValid %v send %d height %d recent %d history %d tx %d waitOver %v", c.lastValidKnown, c.send, c.height, c.recent, c.history, c.tx, c.waitOver)
}

const (
	tLastValid   = 1000
	tExpiredSlot = 1010
)

var tSig = solana.Signature{4, 2}

// evidence builds the answers of c in the order Look asks: sends, the height, the recent
// status, the status with history, getTransaction, then a late re-broadcast.
func (c combo) evidence() Evidence {
	ev := Evidence{Signature: tSig, WaitOver: c.waitOver}
	if c.lastValidKnown {
		ev.LastValidBlockHeight = tLastValid
	}
	fail := errors.New("HTTP 502")
	switch c.send {
	case sendSame:
		ev.Add(Answer{Kind: AnswerSend, Sent: tSig})
	case sendOther:
		ev.Add(Answer{Kind: AnswerSend, Sent: solana.Signature{9}})
	case sendErr:
		ev.Add(Answer{Kind: AnswerSend, Err: fail})
	}
	switch c.height {
	case heightValid:
		ev.Add(Answer{Kind: AnswerHeight, Height: HeightRead{BlockHeight: tLastValid - 5, Slot: tLastValid, Commitment: "confirmed"}})
	case heightExpired:
		ev.Add(Answer{Kind: AnswerHeight, Height: HeightRead{BlockHeight: tLastValid + 1, Slot: tExpiredSlot, Commitment: "confirmed"}})
	case heightExpiredProcessed:
		ev.Add(Answer{Kind: AnswerHeight, Height: HeightRead{BlockHeight: tLastValid + 1, Slot: tExpiredSlot, Commitment: "processed"}})
	case heightErr:
		ev.Add(Answer{Kind: AnswerHeight, Err: fail})
	}
	status := func(history bool, slot uint64, st *SignatureStatus) {
		ev.Add(Answer{Kind: AnswerStatus, Status: StatusRead{Status: st, Slot: slot, History: history}})
	}
	switch c.recent {
	case recentErr:
		ev.Add(Answer{Kind: AnswerStatus, Err: fail})
	case recentNull:
		status(false, tExpiredSlot, nil)
	case recentProcessed:
		status(false, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "processed"})
	case recentConfirmed:
		status(false, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "confirmed"})
	case recentFinalized:
		status(false, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "finalized"})
	case recentFailed:
		status(false, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "confirmed", Err: "InstructionError"})
	}
	switch c.history {
	case historyErr:
		ev.Add(Answer{Kind: AnswerStatus, Status: StatusRead{History: true}, Err: fail})
	case historyNull:
		status(true, tExpiredSlot, nil)
	case historyNullLagged:
		status(true, tExpiredSlot-1, nil)
	case historyConfirmed:
		status(true, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "confirmed"})
	case historyFailed:
		status(true, tExpiredSlot, &SignatureStatus{ConfirmationStatus: "finalized", Err: "InstructionError"})
	}
	switch c.tx {
	case txErr:
		ev.Add(Answer{Kind: AnswerTransaction, Err: fail})
	case txNull:
		ev.Add(Answer{Kind: AnswerTransaction})
	case txFound:
		ev.Add(Answer{Kind: AnswerTransaction, Tx: &TxInfo{Slot: 990}})
	case txFailed:
		ev.Add(Answer{Kind: AnswerTransaction, Tx: &TxInfo{Slot: 990, Err: "InstructionError"}})
	}
	if c.send == sendSameAfter {
		ev.Add(Answer{Kind: AnswerSend, Sent: tSig})
	}
	return ev
}

// want is the outcome the rules of Decide's documentation give for c, stated per answer.
func (c combo) want() (Outcome, string) {
	ok := c.recent == recentConfirmed || c.recent == recentFinalized || c.history == historyConfirmed || c.tx == txFound
	failed := c.recent == recentFailed || c.history == historyFailed || c.tx == txFailed
	switch {
	case ok && failed:
		return Unknown, ""
	case failed:
		return FailedOnChain, ""
	case ok:
		if c.recent == recentFinalized {
			return Landed, "finalized"
		}
		return Landed, "confirmed"
	}
	expired := c.lastValidKnown && c.height == heightExpired
	if expired && c.history == historyNull && c.tx == txNull && c.recent != recentProcessed && c.send != sendSameAfter {
		return NotLanded, ""
	}
	if c.waitOver {
		return Unknown, ""
	}
	return KeepPolling, ""
}

// TestDecideEveryCombination runs Decide on every combination of answers (sends, a height
// read, a recent status, a status with history, getTransaction; the last valid block height
// known or not; the wait over or not) against the rules as Decide's documentation states
// them.
func TestDecideEveryCombination(t *testing.T) {
	n, counts := 0, map[Outcome]int{}
	for _, known := range []bool{false, true} {
		for s := range sendKinds {
			for h := range heightKinds {
				for r := range recentKinds {
					for hi := range historyKinds {
						for tx := range txKinds {
							for _, over := range []bool{false, true} {
								c := combo{known, s, h, r, hi, tx, over}
								got := Decide(c.evidence())
								want, level := c.want()
								n++
								counts[got.Outcome]++
								if got.Outcome != want {
									t.Fatalf("%v: %s (%s), want %s", c, got.Outcome, got.Reason, want)
								}
								if got.Reason == "" {
									t.Fatalf("%v: %s without a reason", c, got.Outcome)
								}
								if wantExp := known && h == heightExpired; got.Expired != wantExp {
									t.Fatalf("%v: expired %v", c, got.Expired)
								}
								switch want {
								case Landed:
									if got.Status == nil || got.Status.ConfirmationStatus != level || got.Status.Err != "" {
										t.Fatalf("%v: landed with status %+v, want %s", c, got.Status, level)
									}
								case FailedOnChain:
									if got.Status == nil || got.Status.Err == "" || !got.Status.Confirmed() {
										t.Fatalf("%v: failed with status %+v", c, got.Status)
									}
								}
							}
						}
					}
				}
			}
		}
	}
	for _, o := range []Outcome{KeepPolling, Landed, FailedOnChain, NotLanded, Unknown} {
		if counts[o] == 0 {
			t.Errorf("no combination gave %s", o)
		}
	}
	t.Logf("%d combinations: %v", n, counts)
}

// TestDecideLatestStatus: Status is what the latest status read found, so a transaction
// seen "processed" on a fork that was dropped is re-broadcast again.
func TestDecideLatestStatus(t *testing.T) {
	processed := Answer{Kind: AnswerStatus, Status: StatusRead{Status: &SignatureStatus{ConfirmationStatus: "processed"}}}
	gone := Answer{Kind: AnswerStatus, Status: StatusRead{}}
	ev := Evidence{Signature: tSig, LastValidBlockHeight: tLastValid, Answers: []Answer{processed}}
	if d := Decide(ev); d.Outcome != KeepPolling || d.Status == nil || !strings.Contains(d.Reason, "seen it (processed)") {
		t.Fatalf("processed: %+v", d)
	}
	ev.Add(gone)
	if d := Decide(ev); d.Outcome != KeepPolling || d.Status != nil {
		t.Fatalf("processed, then gone: %+v", d)
	}
}

// TestDecideCases: the cases of issue 22 and the bound on looks after the expiry, with
// what the reason says.
func TestDecideCases(t *testing.T) {
	expired := Answer{Kind: AnswerHeight, Height: HeightRead{BlockHeight: tLastValid + 3, Slot: tExpiredSlot, Commitment: "confirmed"}}
	same := Answer{Kind: AnswerSend, Sent: tSig}
	recentNull := Answer{Kind: AnswerStatus, Status: StatusRead{Slot: tExpiredSlot}}
	historyLagged := Answer{Kind: AnswerStatus, Status: StatusRead{Slot: 40, History: true}}
	for name, c := range map[string]struct {
		answers []Answer
		over    bool
		want    Outcome
		reason  []string
	}{
		// The issue: the recent status view lags (null) while identical re-broadcasts are
		// answered with the signature, and the height passes: that proves nothing.
		"lagging recent view after the expiry": {answers: []Answer{same, recentNull, same, recentNull, expired, recentNull}, want: KeepPolling,
			reason: []string{"no status read searching the history after the expiry answered", "getTransaction has not answered since the expiry", "2 send(s) were answered with its signature, so a node accepted it"}},
		"the history finds what the recent view does not": {answers: []Answer{same, recentNull, expired, {Kind: AnswerStatus, Status: StatusRead{Slot: tExpiredSlot, History: true, Status: &SignatureStatus{ConfirmationStatus: "finalized"}}}},
			want: Landed, reason: []string{"finalized"}},
		"a history read from a lagging node": {answers: []Answer{expired, historyLagged, {Kind: AnswerTransaction}}, want: KeepPolling,
			reason: []string{"came from a node at slot 40, behind slot 1010"}},
		"lagging looks run out": {answers: []Answer{expired, historyLagged, historyLagged, historyLagged, historyLagged, historyLagged, {Kind: AnswerTransaction}}, want: Unknown,
			reason: []string{"behind slot 1010"}},
		"one look short of the bound": {answers: []Answer{expired, historyLagged, historyLagged, historyLagged, historyLagged, {Kind: AnswerTransaction}}, want: KeepPolling},
		"the proof comes after lagging looks": {answers: []Answer{expired, historyLagged, {Kind: AnswerStatus, Status: StatusRead{Slot: tExpiredSlot + 1, History: true}}, {Kind: AnswerTransaction}},
			want: NotLanded, reason: []string{"at slot 1010 the block height was 1003, past its last valid block height 1000", "answered at slot 1010 or later"}},
		"a proof read before the expiry does not count": {answers: []Answer{{Kind: AnswerStatus, Status: StatusRead{Slot: tExpiredSlot, History: true}}, {Kind: AnswerTransaction}, expired}, want: KeepPolling},
		"processed, then confirmed": {answers: []Answer{{Kind: AnswerStatus, Status: StatusRead{Status: &SignatureStatus{ConfirmationStatus: "processed"}}}, {Kind: AnswerStatus, Status: StatusRead{Status: &SignatureStatus{ConfirmationStatus: "confirmed"}}}},
			want: Landed},
		"processed and failed is not settled": {answers: []Answer{{Kind: AnswerStatus, Status: StatusRead{Status: &SignatureStatus{ConfirmationStatus: "processed", Err: "InstructionError"}}}}, over: true, want: Unknown,
			reason: []string{"seen it (processed)"}},
		"nothing answered, the wait over": {answers: []Answer{{Kind: AnswerSend, Err: errors.New("dial tcp: refused")}, {Kind: AnswerHeight, Err: errors.New("dial tcp: refused")}}, over: true, want: Unknown,
			reason: []string{"2 call(s) got no answer", "dial tcp: refused"}},
	} {
		t.Run(name, func(t *testing.T) {
			got := Decide(Evidence{Signature: tSig, LastValidBlockHeight: tLastValid, Answers: c.answers, WaitOver: c.over})
			if got.Outcome != c.want {
				t.Fatalf("%s (%s), want %s", got.Outcome, got.Reason, c.want)
			}
			for _, r := range c.reason {
				if !strings.Contains(got.Reason, r) {
					t.Errorf("reason %q lacks %q", got.Reason, r)
				}
			}
		})
	}
}
