package endusertest

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
)

// Record is one end-user history record: the TransactionData of spec 2.9 plus id, fee,
// transferredAmount and notes.
type Record struct {
	ID                int64        `json:"id"`
	SvcID             string       `json:"svcId"`
	Title             string       `json:"title"`
	Subtitle          string       `json:"subtitle"`
	Amount            string       `json:"amount"`
	Type              string       `json:"type"`
	Timestamp         int64        `json:"timestamp"`
	Image             string       `json:"image,omitempty"`
	Currency          string       `json:"currency"`
	Direction         string       `json:"direction"`
	TxHash            string       `json:"txHash"`
	ChainID           string       `json:"chainId"`
	InputToken        string       `json:"inputToken"`
	InputTokenAddress string       `json:"inputTokenAddress"`
	InputAmount       string       `json:"inputAmount"`
	OutputAmount      string       `json:"outputAmount"`
	MCC               *int         `json:"mcc,omitempty"`
	Reference         string       `json:"reference"`
	BankAccount       string       `json:"bankAccount"`
	Status            string       `json:"status"`
	CrdMultiToken     []MultiToken `json:"crdMultiToken,omitempty"`
	CtuExternalSender string       `json:"ctuExternalSender"`
	Token             string       `json:"token"`
	TokenAddress      string       `json:"tokenAddress"`
	FromAddress       string       `json:"fromAddress"`
	ToAddress         string       `json:"toAddress"`
	StatusCode        string       `json:"statusCode"`
	CrdCurrency       string       `json:"crdCurrency"`
	ListingTitle      string       `json:"listingTitle"`
	TxHashURL         string       `json:"txHashUrl"`
	TxIDIcon          string       `json:"txIdIcon"`
	OfficialName      string       `json:"officialName"`
	PartnerRefID      string       `json:"partnerRefId"`
	Fee               string       `json:"fee"`
	TransferredAmount string       `json:"transferredAmount"`
	Notes             string       `json:"notes"`
}

// MultiToken is one item of crdMultiToken.
type MultiToken struct {
	Token  string `json:"token"`
	Amount string `json:"amount"`
}

// TxTypes, TxStatuses and TxCurrencies are the values the seeded history covers.
var (
	TxTypes      = []string{"CTU", "FRX", "P2P", "CTF", "CSW", "ONR", "CRD", "CDP", "CWD", "UNKNOWN"}
	TxStatuses   = []string{"pending", "completed", "rejected", "unknown", ""}
	TxCurrencies = []string{"eur", "usd", "chf", "cnh"}
	// FilterStatuses are what the status filter takes (spec 3.6): the legacy records'
	// statuses and the managed-custody transaction states. A state matches the record
	// status of the same word in any case (PENDING is pending); the others match none of
	// the records, which carry legacy statuses.
	FilterStatuses = []string{"pending", "completed", "rejected", "unknown",
		"UNKNOWN", "INIT", "PENDING", "CONFIRMED", "FAILED", "PENDING_DROP", "DROPPED", "REJECTED"}
)

// Config.History's values.
const (
	HistoryDemo = "demo"
	HistoryNone = "none"
)

// historyAnchor is where seeded histories end (2025-06-01T00:00:00Z): fixed, so a history
// depends only on the seed and the tokenId.
const historyAnchor = 1748736000

var merchants = []struct {
	name string
	mcc  int
}{
	{"Migros Zürich HB", 5411}, {"Café Grüner Baum", 5812}, {"SBB CFF FFS", 4111},
	{"Boulangerie Müller", 5462}, {"Geldautomat Bahnhofstrasse", 6011}, {"Online Shop €uro", 5999},
}

// seededHistory builds the deterministic history of tokenID: at least 300 records covering
// every type, direction, status and currency, with some equal timestamps.
func (s *Server) seededHistory(tokenID uint64, owner common.Address) []Record {
	r := rand.New(rand.NewPCG(s.cfg.Seed^0x9e3779b97f4a7c15, tokenID))
	n := 300 + r.IntN(64)
	perm := r.Perm(n)
	home := s.CAIP2()
	chains := []string{home, home, "eip155:1", "eip155:56"}
	ownerLC := strings.ToLower(owner.Hex())
	usdc, _ := s.tokenBySymbol("USDC")
	out := make([]Record, 0, n)
	ts := int64(historyAnchor)
	for i := range n {
		if r.IntN(4) != 0 { // one in four shares the previous timestamp
			ts -= 60 + r.Int64N(2*86400)
		}
		typ := TxTypes[i%len(TxTypes)]
		dir := "IN"
		if (i/len(TxTypes))%2 == 1 {
			dir = "OUT"
		}
		switch typ {
		case "CTU", "CDP":
			dir = "IN"
		case "CWD", "ONR":
			dir = "OUT"
		}
		cur := TxCurrencies[(i/3)%len(TxCurrencies)]
		status := TxStatuses[(i/7)%len(TxStatuses)]
		cents := 1 + r.Int64N(500000)
		amt := decimal.New(cents, -2)
		fee := decimal.Zero
		if typ == "CWD" || typ == "FRX" || typ == "ONR" {
			fee = decimal.New(50+r.Int64N(200), -2)
		}
		signed := amt.StringFixed(2)
		if dir == "OUT" {
			signed = amt.Neg().StringFixed(2)
		}
		symbol := strings.ToUpper(cur) + "24"
		tok, _ := s.tokenBySymbol(symbol)
		txh := crypto.Keccak256Hash([]byte(fmt.Sprintf("seed/%d/%d/%d", s.cfg.Seed, tokenID, i))).Hex()
		cp := counterparty(r)
		rec := Record{
			ID: int64(perm[i]) + 1, SvcID: strconv.FormatUint(tokenID, 10), Amount: signed, Type: typ,
			Timestamp: ts, Currency: cur, Direction: dir, TxHash: txh, ChainID: home,
			InputAmount: strconv.FormatInt(cents, 10), OutputAmount: strconv.FormatInt(cents, 10),
			Status: status, Token: symbol, TokenAddress: tok.Address.Hex(),
			TxHashURL: "https://explorer.sandbox.invalid/tx/" + txh,
			Fee:       fee.StringFixed(2), TransferredAmount: amt.Sub(fee).StringFixed(2),
		}
		if dir == "IN" {
			rec.FromAddress, rec.ToAddress = cp, ownerLC
		} else {
			rec.FromAddress, rec.ToAddress = ownerLC, cp
		}
		if status == "rejected" {
			rec.StatusCode = "REJECTED_BY_COMPLIANCE"
		}
		switch typ {
		case "CTU":
			rec.ChainID = chains[r.IntN(len(chains))]
			rec.Title, rec.Subtitle = "Crypto deposit", "USDC → "+symbol
			rec.InputToken, rec.InputTokenAddress = "USDC", usdc.Address.Hex()
			rec.InputAmount = new(big.Int).Mul(big.NewInt(cents), big.NewInt(10_000)).String()
			rec.CtuExternalSender = cp
		case "FRX":
			other := TxCurrencies[(i/3+1)%len(TxCurrencies)]
			rec.Title = "Exchange"
			rec.Subtitle = strings.ToUpper(cur) + " → " + strings.ToUpper(other)
			rec.InputToken = symbol
			rec.OutputAmount = strconv.FormatInt(cents*9/10, 10)
		case "P2P":
			rec.Title, rec.Subtitle = "Transfer", "Sandbox user "+strconv.Itoa(1000+r.IntN(9000))
			if i%20 == 2 {
				rec.Notes = "Danke fürs Mittagessen 🍕"
			}
		case "CTF":
			rec.ChainID = chains[r.IntN(len(chains))]
			rec.Title, rec.Subtitle = "Crypto transfer", cp
		case "CSW":
			rec.ChainID = chains[r.IntN(len(chains))]
			rec.Title, rec.Subtitle = "Crypto swap", "USDC ⇄ "+symbol
			rec.InputToken, rec.InputTokenAddress = "USDC", usdc.Address.Hex()
		case "ONR":
			rec.ChainID = chains[r.IntN(len(chains))]
			rec.Title, rec.Subtitle = "On-ramp", symbol+" → USDC"
			rec.OutputAmount = new(big.Int).Mul(big.NewInt(cents), big.NewInt(10_000)).String()
		case "CRD":
			m := merchants[r.IntN(len(merchants))]
			mcc := m.mcc
			rec.MCC = &mcc
			rec.Title, rec.Subtitle, rec.ListingTitle = m.name, "Card payment", m.name
			rec.CrdCurrency = strings.ToUpper(cur)
			if i%30 == 6 {
				half := decimal.New(cents/2, -2)
				rec.CrdMultiToken = []MultiToken{{Token: symbol, Amount: half.StringFixed(2)}, {Token: "CHF24", Amount: amt.Sub(half).StringFixed(2)}}
			}
		case "CDP":
			rec.Title, rec.Subtitle = "Bank deposit", "SEPA credit transfer"
			rec.Reference = fmt.Sprintf("SBX-%d-%04d", tokenID%10000, i)
			rec.BankAccount = "DE89370400440532013000"
			rec.OfficialName = "Erika Mustermann"
		case "CWD":
			rec.Title, rec.Subtitle = "Payout", "To DE89 **** 3000"
			rec.BankAccount = "DE89370400440532013000"
			rec.Reference = fmt.Sprintf("PAYOUT-%04d", i)
			rec.PartnerRefID = fmt.Sprintf("ref-%d-%d", tokenID%1000, i)
		default:
			rec.Title, rec.Subtitle = "Other", "Adjustment"
		}
		out = append(out, rec)
	}
	return out
}

func counterparty(r *rand.Rand) string {
	var b [20]byte
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return strings.ToLower(common.BytesToAddress(b[:]).Hex())
}

func sortRecords(recs []Record) {
	sort.SliceStable(recs, func(i, j int) bool {
		if recs[i].Timestamp != recs[j].Timestamp {
			return recs[i].Timestamp > recs[j].Timestamp
		}
		return recs[i].ID > recs[j].ID
	})
}

// historyLocked is the account's full history, newest first. The result is shared: callers
// must not modify it.
func (s *Server) historyLocked(a *account) []Record {
	if all, ok := s.merged[a.TokenID]; ok {
		return all
	}
	base, ok := s.histories[a.TokenID]
	if !ok && s.cfg.History != HistoryNone {
		base = s.seededHistory(a.TokenID, a.Owner)
		s.histories[a.TokenID] = base
	}
	all := make([]Record, 0, len(base)+len(a.Extra))
	all = append(all, base...)
	all = append(all, a.Extra...)
	sortRecords(all)
	s.merged[a.TokenID] = all
	return all
}

// addRecordLocked appends an action record with the next id and the server time.
func (s *Server) addRecordLocked(a *account, rec Record) {
	var maxID int64
	for _, r := range s.historyLocked(a) {
		maxID = max(maxID, r.ID)
	}
	rec.ID = maxID + 1
	rec.SvcID = strconv.FormatUint(a.TokenID, 10)
	if rec.Timestamp == 0 {
		rec.Timestamp = s.nowLocked().Unix()
	}
	if rec.ChainID == "" {
		rec.ChainID = s.CAIP2()
	}
	if rec.TxHash != "" && rec.TxHashURL == "" {
		rec.TxHashURL = "https://explorer.sandbox.invalid/tx/" + rec.TxHash
	}
	a.Extra = append(a.Extra, rec)
	delete(s.merged, a.TokenID)
	s.dirty = true
}

// --- transactions request ---

// flexAmount is an optional decimal given as a JSON string or number.
type flexAmount struct {
	set bool
	d   decimal.Decimal
}

// parseFlexAmount reads a filter amount in unit: "smallest" (integer smallest units of the
// 2-decimal fiat tokens: "1050" is 10.50) or "display" (a decimal as the records show it).
func parseFlexAmount(field string, raw json.RawMessage, unit string) (flexAmount, error) {
	v := string(raw)
	if v == "" || v == "null" {
		return flexAmount{}, nil
	}
	if uq, err := strconv.Unquote(v); err == nil {
		v = uq
	}
	if v == "" {
		return flexAmount{}, nil
	}
	d, err := decimal.NewFromString(v)
	if err != nil || strings.ContainsAny(v, "eE") {
		return flexAmount{}, apiErr(CodeParse, "%s: expected a decimal amount, got %s", field, raw)
	}
	if unit == "display" {
		return flexAmount{set: true, d: d}, nil
	}
	if strings.Contains(v, ".") {
		return flexAmount{}, apiErr(CodeParam, "%s %s: expected an integer amount in smallest units (2 decimals: 1050 is 10.50)", field, raw)
	}
	return flexAmount{set: true, d: d.Shift(-2)}, nil
}

type txRequest struct {
	PageSize            *int            `json:"pageSize"`
	FromTimestamp       int64           `json:"fromTimestamp"`
	ToTimestamp         int64           `json:"toTimestamp"`
	Type                string          `json:"type"`
	TransactionTypes    []string        `json:"transactionTypes"`
	Currencys           []string        `json:"currencys"`
	Direction           string          `json:"direction"`
	MinAmount           json.RawMessage `json:"minAmount"`
	MaxAmount           json.RawMessage `json:"maxAmount"`
	Status              string          `json:"status"`
	ChainID             string          `json:"chainId"`
	TokenSymbol         string          `json:"tokenSymbol"`
	CursorTimestamp     int64           `json:"cursorTimestamp"`
	CursorID            int64           `json:"cursorId"`
	PrevCursorTimestamp int64           `json:"prevCursorTimestamp"`
	PrevCursorID        int64           `json:"prevCursorId"`
	ID                  int64           `json:"id"`
	TxHash              string          `json:"txHash"`
}

// Cursor is a pagination marker.
type Cursor struct {
	Timestamp int64 `json:"timestamp"`
	ID        int64 `json:"id"`
}

// TxPage is the result of POST /api/v2/transactions.
type TxPage struct {
	Transactions    []Record `json:"transactions"`
	HasNextPage     bool     `json:"hasNextPage"`
	HasPrevPage     bool     `json:"hasPrevPage"`
	NextCursor      Cursor   `json:"nextCursor"`
	PrevCursor      Cursor   `json:"prevCursor"`
	CurrentPageSize int      `json:"currentPageSize"`
}

type txFilter struct {
	types      map[string]bool
	currencies map[string]bool
	direction  string
	status     string
	statusSet  bool
	min, max   flexAmount
	from, to   int64
	chainID    string
	symbol     string
	id         int64
	txHash     string
}

const maxUnixSeconds = 99_999_999_999 // larger values are milliseconds sent by mistake

// parseTxRequest reads a history request as the service does: each part of the filter is
// checked in turn (txChecks), and the first that is wrong is the answer.
func parseTxRequest(body []byte, amountUnit string) (txRequest, txFilter, int, error) {
	var req txRequest
	var f txFilter
	if len(body) > 0 {
		if err := decodeStrict(body, &req); err != nil {
			return req, f, 0, err
		}
	}
	size := 50
	if req.PageSize != nil {
		size = *req.PageSize
		if size < 1 || size > 100 {
			return req, f, 0, apiErr(CodeParam, "pageSize %d: expected 1 to 100", size)
		}
	}
	for _, check := range txChecks {
		if err := check(&req, &f, amountUnit); err != nil {
			return req, f, 0, err
		}
	}
	return req, f, size, nil
}

// txChecks are the parts of a history request's filter, in the order they are checked.
var txChecks = []func(req *txRequest, f *txFilter, amountUnit string) error{
	txTypes, txCurrencies, txDirectionAndStatus, txAmounts, txTimes, txLookup, txCursors,
}

func txTypes(req *txRequest, f *txFilter, _ string) error {
	if req.Type != "" && len(req.TransactionTypes) > 0 {
		return apiErr(CodeParam, "type and transactionTypes are mutually exclusive")
	}
	types := req.TransactionTypes
	if req.Type != "" {
		types = []string{req.Type}
	}
	if len(types) == 0 {
		return nil
	}
	f.types = map[string]bool{}
	for _, t := range types {
		if !slices.Contains(TxTypes, t) {
			return apiErr(CodeParam, "transaction type %q: expected one of %s", t, strings.Join(TxTypes, ", "))
		}
		f.types[t] = true
	}
	return nil
}

func txCurrencies(req *txRequest, f *txFilter, _ string) error {
	if len(req.Currencys) == 0 {
		return nil
	}
	f.currencies = map[string]bool{}
	for _, c := range req.Currencys {
		lc := strings.ToLower(c)
		if !slices.Contains(TxCurrencies, lc) {
			return apiErr(CodeParam, "currencys: %q: expected one of %s", c, strings.Join(TxCurrencies, ", "))
		}
		f.currencies[lc] = true
	}
	return nil
}

func txDirectionAndStatus(req *txRequest, f *txFilter, _ string) error {
	switch req.Direction {
	case "", "ALL":
	case "IN", "OUT":
		f.direction = req.Direction
	default:
		return apiErr(CodeParam, "direction %q: expected IN, OUT or ALL", req.Direction)
	}
	if req.Status != "" {
		if !slices.Contains(FilterStatuses, req.Status) {
			return apiErr(CodeParam, "status %q: expected one of %s", req.Status, strings.Join(FilterStatuses, ", "))
		}
		f.status, f.statusSet = req.Status, true
	}
	return nil
}

func txAmounts(req *txRequest, f *txFilter, amountUnit string) error {
	var err error
	if f.min, err = parseFlexAmount("minAmount", req.MinAmount, amountUnit); err != nil {
		return err
	}
	if f.max, err = parseFlexAmount("maxAmount", req.MaxAmount, amountUnit); err != nil {
		return err
	}
	if f.min.set && f.min.d.Sign() < 0 || f.max.set && f.max.d.Sign() < 0 {
		return apiErr(CodeParam, "minAmount/maxAmount: expected non-negative amounts")
	}
	if f.min.set && f.max.set && f.min.d.GreaterThan(f.max.d) {
		return apiErr(CodeParam, "minAmount %s is greater than maxAmount %s", f.min.d, f.max.d)
	}
	return nil
}

func txTimes(req *txRequest, f *txFilter, _ string) error {
	for _, t := range []struct {
		name string
		v    int64
	}{{"fromTimestamp", req.FromTimestamp}, {"toTimestamp", req.ToTimestamp}, {"cursorTimestamp", req.CursorTimestamp}, {"prevCursorTimestamp", req.PrevCursorTimestamp}} {
		if t.v < 0 || t.v > maxUnixSeconds {
			return apiErr(CodeParam, "%s %d: expected Unix seconds", t.name, t.v)
		}
	}
	if req.FromTimestamp > 0 && req.ToTimestamp > 0 && req.FromTimestamp > req.ToTimestamp {
		return apiErr(CodeParam, "fromTimestamp %d is after toTimestamp %d", req.FromTimestamp, req.ToTimestamp)
	}
	f.from, f.to = req.FromTimestamp, req.ToTimestamp
	f.chainID, f.symbol = req.ChainID, req.TokenSymbol
	return nil
}

func txLookup(req *txRequest, f *txFilter, _ string) error {
	if req.ID != 0 && req.TxHash != "" {
		return apiErr(CodeParam, "id and txHash are mutually exclusive lookups")
	}
	if req.ID < 0 {
		return apiErr(CodeParam, "id %d: expected a positive id", req.ID)
	}
	f.id, f.txHash = req.ID, req.TxHash
	return nil
}

func txCursors(req *txRequest, _ *txFilter, _ string) error {
	next := req.CursorTimestamp != 0 || req.CursorID != 0
	prev := req.PrevCursorTimestamp != 0 || req.PrevCursorID != 0
	switch {
	case next && prev:
		return apiErr(CodeParam, "send either cursorTimestamp/cursorId or prevCursorTimestamp/prevCursorId, not both")
	case next && (req.CursorTimestamp == 0 || req.CursorID <= 0):
		return apiErr(CodeParam, "cursorTimestamp and cursorId go together (zero cursor = none)")
	case prev && (req.PrevCursorTimestamp == 0 || req.PrevCursorID <= 0):
		return apiErr(CodeParam, "prevCursorTimestamp and prevCursorId go together (zero cursor = none)")
	}
	return nil
}

func absAmount(signed string) decimal.Decimal {
	d, err := decimal.NewFromString(signed)
	if err != nil {
		return decimal.Zero
	}
	return d.Abs()
}

func (f txFilter) match(r Record) bool {
	switch {
	case f.types != nil && !f.types[r.Type],
		f.currencies != nil && !f.currencies[r.Currency],
		f.direction != "" && r.Direction != f.direction,
		f.statusSet && !strings.EqualFold(r.Status, f.status),
		f.from > 0 && r.Timestamp < f.from,
		f.to > 0 && r.Timestamp > f.to,
		f.chainID != "" && r.ChainID != f.chainID,
		f.symbol != "" && !strings.EqualFold(r.Token, f.symbol),
		f.id != 0 && r.ID != f.id,
		f.txHash != "" && !strings.EqualFold(r.TxHash, f.txHash):
		return false
	}
	if f.min.set || f.max.set {
		a := absAmount(r.Amount)
		if f.min.set && a.LessThan(f.min.d) || f.max.set && a.GreaterThan(f.max.d) {
			return false
		}
	}
	return true
}

// paginate cuts one page out of list (sorted newest first).
func paginate(list []Record, req txRequest, size int) TxPage {
	// after reports whether record i comes strictly after the cursor (ts, id) in list order.
	after := func(ts, id int64) func(int) bool {
		return func(i int) bool {
			r := list[i]
			return r.Timestamp < ts || r.Timestamp == ts && r.ID < id
		}
	}
	var start, end int
	switch {
	case req.PrevCursorTimestamp != 0:
		// records strictly before the cursor are list[:k] where k is the first index at or
		// after the cursor; the cursor record itself belongs to the later page.
		k := sort.Search(len(list), func(i int) bool {
			r := list[i]
			return r.Timestamp < req.PrevCursorTimestamp || r.Timestamp == req.PrevCursorTimestamp && r.ID <= req.PrevCursorID
		})
		end = k
		start = max(0, end-size)
	case req.CursorTimestamp != 0:
		start = sort.Search(len(list), after(req.CursorTimestamp, req.CursorID))
		end = min(len(list), start+size)
	default:
		end = min(len(list), size)
	}
	page := TxPage{Transactions: append([]Record{}, list[start:end]...)}
	page.CurrentPageSize = len(page.Transactions)
	// An empty page (no match, or a cursor past the end) reports neither direction.
	page.HasPrevPage = start > 0 && end > start
	page.HasNextPage = end < len(list) && end > start
	if page.HasNextPage {
		last := list[end-1]
		page.NextCursor = Cursor{Timestamp: last.Timestamp, ID: last.ID}
	}
	if page.HasPrevPage {
		first := list[start]
		page.PrevCursor = Cursor{Timestamp: first.Timestamp, ID: first.ID}
	}
	return page
}

func (s *Server) hTransactions(req *request) (any, error) {
	tr, f, size, err := parseTxRequest(req.body, s.cfg.TxAmountUnit)
	if err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	var list []Record
	for _, r := range s.historyLocked(a) {
		if f.match(r) {
			list = append(list, r)
		}
	}
	return paginate(list, tr, size), nil
}
