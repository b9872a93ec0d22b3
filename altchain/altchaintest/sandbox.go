// Package altchaintest is the sandbox of the alt-chain (Solana) deposit: a Solana
// JSON-RPC subset over a small deterministic ledger, and the partner quote endpoint of
// spec 4.4 that verifies partner auth (spec 5.1) strictly and builds real v0 deposit
// transactions for that ledger. It is strict, not permissive: it verifies every
// signature (partner EIP-191 and Solana ed25519), deadline and blockhash lifetime, and
// executes exactly the compute-budget program and the sandbox deposit program.
//
// A composer mounts RPCHandler under /solana and PartnerHandler under /partner. Faults
// (dropped sends, an expired or malicious next quote) are set with Go methods or
// POST /sandbox/solana-faults on the RPC handler.
//
// Wire decisions where the spec is silent (the contract the sandbox enforces):
//   - The quote request body is one JSON object decoded strictly: unknown fields, trailing
//     data or wrong JSON types are 20002; svcId is a JSON integer; amounts are
//     smallest-unit integer strings; computeUnitPrice is a JSON integer or integer string.
//   - Partner auth failures are 10001 with a message naming the check; the sandbox
//     accepts only the variant it is configured for (Config.PartnerAuth).
//   - The sandbox serves network = the first 8 characters of its genesis hash (any
//     prefix of at least 8 characters is accepted); "mainnet", "devnet" and an omitted
//     network (the spec's devnet default) are 50002 (no chain configuration).
//   - A header X-Svc-Id different from the body's svcId is 20003.
package altchaintest

import (
	"github.com/shopspring/decimal"

	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/protocol"
	"purse/wallet"
)

// Defaults of Config.
const (
	DefaultBlockTime         = 400 * time.Millisecond
	DefaultStartHeight       = 1000
	DefaultNativeFeeLamports = 1_500_000
	DefaultComputeUnitLimit  = 400_000
	DefaultComputeUnitPrice  = 1000
	// BlockhashLifetime is how many blocks a blockhash stays valid: lastValidBlockHeight =
	// issue height + 150.
	BlockhashLifetime = 150
	// FinalizedDepth is how many blocks after its block a transaction is finalized.
	FinalizedDepth = 32
	// TokenAccountRent and SystemAccountRent are the rent-exempt balances of new accounts.
	TokenAccountRent  = 2_039_280
	SystemAccountRent = 890_880
	// DepositUnits are the compute units the deposit program consumes.
	DepositUnits = 23_517
	// ComputeBudgetUnits are the units of one compute-budget instruction.
	ComputeBudgetUnits = 150
)

// Sandbox identities beyond those altchain exports (genesis, mint, deposit account, fee
// receiver: altchain.Sandbox*).
var (
	DepositAuthority  = seedKey("purse sandbox deposit authority")
	MintAuthority     = seedKey("purse sandbox mint authority")
	OApp              = seedKey("purse sandbox oapp")
	EndpointProgramID = altchain.SandboxEndpointProgramID
	// Attacker receives what the malicious quotes try to steal.
	Attacker = seedKey("purse sandbox attacker")
	// EVMOutputToken is the home-chain token a quote names when no home chain is composed
	// (Config.OutputToken nil).
	EVMOutputToken = altchain.EVMAddress{0x5a, 0x4d, 0xb0, 0x0c}
)

// DstEid is the destination endpoint id of the sandbox quotes: the sandbox home chain's.
const DstEid = altchain.SandboxEID

func seedKey(s string) solana.PublicKey {
	h := sha256.Sum256([]byte(s))
	return solana.PublicKeyFromBytes(h[:])
}

// Config configures a Sandbox. The zero value is usable.
type Config struct {
	// BlockTime is the time between blocks (default 400 ms): blockhashes expire after
	// 150 blocks, transactions are confirmed one block after landing and finalized 32.
	BlockTime time.Duration
	// StartHeight is the block height at start (default 1000).
	StartHeight uint64
	// Clock defaults to time.Now.
	Clock func() time.Time
	// PartnerKeys are the registered partner signer addresses (X-Api-PublicKey).
	PartnerKeys []common.Address
	// PartnerAuth is the only variant the quote endpoint accepts (default spec).
	PartnerAuth wallet.PartnerAuthVariant
	// Names are the service's names for the spec's stand-ins the quote uses: altchain in its
	// path and field, svcId in its body, identity header and spec-form message.
	Names protocol.Names
	// UserUnderPartner says whether svcID is a user of the partner; nil accepts every
	// positive svcID. The end-user sandbox owns the accounts, so a composer answers here.
	UserUnderPartner func(partner common.Address, svcID int64) bool
	// NativeFeeLamports is the quote's nativeFeeLamports (default 1,500,000); the buffer
	// adds 20%.
	NativeFeeLamports uint64
	// OutputToken is the home chain's token of a fiat currency (the chain configuration's),
	// which a quote names as evmOutputToken; nil names EVMOutputToken for every currency.
	OutputToken func(currency string) (altchain.EVMAddress, bool)
	// OnDeposit is called after a deposit transaction lands (once per signature), outside
	// the sandbox's lock and before sendTransaction answers; the composer credits fiat and
	// records the CTU there.
	OnDeposit func(Deposit)
	// Accounts is the account side of the partner API's onboarding routes (the partner mint,
	// the vendor token and status by network); nil answers them with 50002. The end-user
	// sandbox owns the accounts, so a composer answers here.
	Accounts Accounts
}

// Malicious kinds of quote transaction (Faults.MaliciousNextQuote).
const (
	// MaliciousExtraTransfer appends a System transfer of 1 SOL from the user to Attacker.
	MaliciousExtraTransfer = "extra-transfer"
	// MaliciousSwapDeposit sends the USDC to Attacker's USDC account while the quote names
	// the real deposit account.
	MaliciousSwapDeposit = "swap-deposit"
	// MaliciousDrainFee sets a compute-unit price whose priority fee is 0.4 SOL.
	MaliciousDrainFee = "drain-fee"
	// MaliciousOverdraw moves 1 USDC more than requested (the data's amount): purse sees it
	// statically with a layout, and at simulation without one.
	MaliciousOverdraw = "overdraw"
)

// Faults are injected failures. The zero value clears them.
type Faults struct {
	// DropSends accepts the next N sendTransaction calls (preflight passes, the signature
	// is returned) without executing them.
	DropSends int `json:"dropSends,omitempty"`
	// ExpireNextQuote gives the next quote a blockhash and lastValidBlockHeight that have
	// already passed.
	ExpireNextQuote bool `json:"expireNextQuote,omitempty"`
	// MaliciousNextQuote serves a malicious transaction in the next quote (one of the
	// Malicious* kinds).
	MaliciousNextQuote string `json:"maliciousNextQuote,omitempty"`
	// FailNextQuote answers the next quote with this code (50002 or 50003).
	FailNextQuote int `json:"failNextQuote,omitempty"`
	// QuoteProgram chooses the deposit program of every quote from now on: "" the sandbox
	// program (layout known to purse), "opaque" the opaque program (layout unknown to purse,
	// as the service's own), "layerzero" the LayerZero deposit program (layout unknown, a
	// real-shaped LayerZero send: layerzero.go).
	QuoteProgram string `json:"quoteProgram,omitempty"`
	// ResponseSignature chooses how partner API answers are signed from now on: "" by
	// ResponseKey, "none" unsigned, "foreign" by another key, "tampered" over other bytes
	// than sent.
	ResponseSignature string `json:"responseSignature,omitempty"`
	// MintDuplicateCode is the code a partner mint for an address that has an account
	// answers from now on: 0 or 30001 (spec 7), 10005 (the service's own documentation of
	// /v1/mint/nft: "Duplicate Mint").
	MintDuplicateCode int `json:"mintDuplicateCode,omitempty"`
	// SendAnswer answers the next SendAnswers sendTransaction calls badly after executing
	// them (the transaction was forwarded and lands): one of the Answer* kinds, or
	// AnswerOtherSignature (a well-formed answer naming another signature).
	SendAnswer  string `json:"sendAnswer,omitempty"`
	SendAnswers int    `json:"sendAnswers,omitempty"`
	// StatusAnswer answers getSignatureStatuses badly (AnswerHTTP502, AnswerDrop,
	// AnswerHang or AnswerRPCError) without looking: the next StatusAnswers calls, or every
	// call until cleared when StatusAnswers is 0.
	StatusAnswer  string `json:"statusAnswer,omitempty"`
	StatusAnswers int    `json:"statusAnswers,omitempty"`
	// RecentStatusNull answers getSignatureStatuses without searchTransactionHistory with
	// null for every signature, as a node (or a load balancer's) whose recent status cache
	// lags; with the history the true status comes back.
	RecentStatusNull bool `json:"recentStatusNull,omitempty"`
	// StatusLag answers getSignatureStatuses (with or without the history) as a node that many
	// blocks behind: its context slot is that much lower and what landed since is not found.
	StatusLag uint64 `json:"statusLag,omitempty"`
	// HeightLag answers getBlockHeight, getSlot and getEpochInfo as a node that many blocks
	// behind.
	HeightLag uint64 `json:"heightLag,omitempty"`
	// TransactionLag answers getTransaction as a node that many blocks behind.
	TransactionLag uint64 `json:"transactionLag,omitempty"`
}

// Kinds of bad answer (Faults.SendAnswer, Faults.StatusAnswer).
const (
	// AnswerHTTP502 is a gateway error page with HTTP 502.
	AnswerHTTP502 = "http502"
	// AnswerDrop closes the connection without an answer.
	AnswerDrop = "drop"
	// AnswerHang answers nothing until the client gives up (at most HangLimit).
	AnswerHang = "hang"
	// AnswerRPCError is a JSON-RPC internal error.
	AnswerRPCError = "rpcError"
	// AnswerOtherSignature answers a signature other than the transaction's (send only).
	AnswerOtherSignature = "otherSignature"
)

// HangLimit bounds an AnswerHang: the sandbox never holds a request longer.
const HangLimit = 30 * time.Second

func (f Faults) validate() error {
	switch {
	case f.DropSends < 0:
		return fmt.Errorf("dropSends %d: expected ≥ 0", f.DropSends)
	case f.FailNextQuote != 0 && f.FailNextQuote != 50002 && f.FailNextQuote != 50003:
		return fmt.Errorf("failNextQuote %d: expected 50002 or 50003", f.FailNextQuote)
	case f.MintDuplicateCode != 0 && f.MintDuplicateCode != CodeHasAccount && f.MintDuplicateCode != CodeDuplicateMint:
		return fmt.Errorf("mintDuplicateCode %d: expected %d (spec 7) or %d (the service's documentation)", f.MintDuplicateCode, CodeHasAccount, CodeDuplicateMint)
	}
	switch f.ResponseSignature {
	case ResponseSigned, ResponseUnsigned, ResponseForeign, ResponseTampered:
	default:
		return fmt.Errorf("responseSignature %q: expected \"\" (signed), %q, %q or %q", f.ResponseSignature, ResponseUnsigned, ResponseForeign, ResponseTampered)
	}
	switch f.SendAnswer {
	case "", AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError, AnswerOtherSignature:
	default:
		return fmt.Errorf("sendAnswer %q: expected %s, %s, %s, %s or %s", f.SendAnswer, AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError, AnswerOtherSignature)
	}
	switch f.StatusAnswer {
	case "", AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError:
	default:
		return fmt.Errorf("statusAnswer %q: expected %s, %s, %s or %s", f.StatusAnswer, AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError)
	}
	switch {
	case f.SendAnswers < 0 || f.StatusAnswers < 0:
		return fmt.Errorf("sendAnswers %d, statusAnswers %d: expected ≥ 0", f.SendAnswers, f.StatusAnswers)
	case f.SendAnswer != "" && f.SendAnswers == 0:
		return fmt.Errorf("sendAnswers: expected ≥ 1 with sendAnswer %q", f.SendAnswer)
	case f.SendAnswer == "" && f.SendAnswers != 0:
		return errors.New("sendAnswers: only with sendAnswer")
	case f.StatusAnswer == "" && f.StatusAnswers != 0:
		return errors.New("statusAnswers: only with statusAnswer")
	}
	switch f.QuoteProgram {
	case QuoteSandboxProgram, QuoteOpaqueProgram, QuoteLayerZeroProgram:
	default:
		return fmt.Errorf("quoteProgram %q: expected \"\" (the sandbox program), %q or %q", f.QuoteProgram, QuoteOpaqueProgram, QuoteLayerZeroProgram)
	}
	switch f.MaliciousNextQuote {
	case "", MaliciousExtraTransfer, MaliciousSwapDeposit, MaliciousDrainFee, MaliciousOverdraw,
		MaliciousSwapNonce, MaliciousUserTokenAccount, MaliciousUserOwnedAccount:
		return nil
	}
	return fmt.Errorf("maliciousNextQuote %q: expected %s, %s, %s, %s (any program), or %s, %s, %s (the LayerZero program)", f.MaliciousNextQuote,
		MaliciousExtraTransfer, MaliciousSwapDeposit, MaliciousDrainFee, MaliciousOverdraw, MaliciousSwapNonce, MaliciousUserTokenAccount, MaliciousUserOwnedAccount)
}

// Sandbox is the Solana ledger, its JSON-RPC and the partner quote endpoint.
type Sandbox struct {
	cfg     Config
	clock   func() time.Time
	start   time.Time
	partner map[common.Address]bool

	mu          sync.Mutex
	extraBlocks uint64
	accounts    map[solana.PublicKey]*altchain.Account
	blockhashes map[solana.Hash]uint64
	sigs        map[solana.Signature]*txRecord
	faults      Faults
	dropped     int
	deposits    []Deposit
	quoted      map[solana.PublicKey]quoteMeta
}

// quoteMeta is what the last quote for a user promised: which account gets the fiat, in
// which currency, how much.
type quoteMeta struct {
	svcID    int64
	currency string
	output   decimal.Decimal
}

// Deposit is a deposit that landed. SvcID, Currency and Output come from the last quote
// served for the user (zero when the deposit was built without one).
type Deposit struct {
	User      solana.PublicKey
	USDC      uint64
	Signature string
	Height    uint64
	SvcID     int64
	Currency  string
	Output    decimal.Decimal
}

type txRecord struct {
	height uint64
	err    any // nil or a Solana TransactionError as JSON
	raw    []byte
	logs   []string
	units  uint64
	fee    uint64
}

// New builds a sandbox with the mint, the deposit account, the fee receiver and the
// program accounts in its ledger.
func New(cfg Config) *Sandbox {
	if cfg.BlockTime <= 0 {
		cfg.BlockTime = DefaultBlockTime
	}
	if cfg.StartHeight == 0 {
		cfg.StartHeight = DefaultStartHeight
	}
	if cfg.StartHeight < 2*BlockhashLifetime {
		cfg.StartHeight = 2 * BlockhashLifetime
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.PartnerAuth == "" {
		cfg.PartnerAuth = wallet.PartnerAuthSpec
	}
	if cfg.NativeFeeLamports == 0 {
		cfg.NativeFeeLamports = DefaultNativeFeeLamports
	}
	s := &Sandbox{
		cfg: cfg, clock: cfg.Clock, start: cfg.Clock(), partner: map[common.Address]bool{},
		accounts:    map[solana.PublicKey]*altchain.Account{},
		blockhashes: map[solana.Hash]uint64{},
		sigs:        map[solana.Signature]*txRecord{},
		quoted:      map[solana.PublicKey]quoteMeta{},
	}
	for _, a := range cfg.PartnerKeys {
		s.partner[a] = true
	}
	s.accounts[altchain.SandboxUSDCMint] = &altchain.Account{Owner: solana.TokenProgramID, Lamports: 1_461_600, Data: mintData(0)}
	s.accounts[altchain.SandboxDepositAccount] = &altchain.Account{Owner: solana.TokenProgramID, Lamports: TokenAccountRent,
		Data: tokenData(altchain.SandboxUSDCMint, DepositAuthority, 0)}
	s.accounts[altchain.SandboxFeeReceiver] = &altchain.Account{Owner: solana.SystemProgramID, Lamports: SystemAccountRent}
	for _, p := range []solana.PublicKey{solana.SystemProgramID, solana.TokenProgramID, solana.ComputeBudget, altchain.DefaultSandboxProgramID, OpaqueProgramID} {
		s.accounts[p] = &altchain.Account{Owner: solana.BPFLoaderUpgradeableProgramID, Lamports: 1, Executable: true}
	}
	s.addLayerZeroAccounts()
	return s
}

// RegisterPartner accepts quotes signed by addr from now on.
func (s *Sandbox) RegisterPartner(addr common.Address) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.partner[addr] = true
}

func (s *Sandbox) isPartner(addr common.Address) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.partner[addr]
}

// Config returns the configuration in use (defaults filled in).
func (s *Sandbox) Config() Config { return s.cfg }

// GenesisHash is the sandbox's genesis hash.
func (s *Sandbox) GenesisHash() string { return altchain.SandboxGenesisHash }

// Network is the genesis-hash prefix the sandbox serves as `network`.
func (s *Sandbox) Network() string { return altchain.SandboxGenesisHash[:altchain.SandboxNetworkLen] }

// Options are the altchain options that know the sandbox cluster.
func Options() *altchain.Options {
	return &altchain.Options{Clusters: append(altchain.DefaultClusters(), altchain.SandboxCluster())}
}

// LayerZeroOptions are Options with the sandbox cluster's program pin on the LayerZero
// deposit program (altchain_pins.sandbox.program_id).
func LayerZeroOptions() *altchain.Options {
	o := Options()
	o.Clusters[len(o.Clusters)-1].Pins.ProgramID = LayerZeroProgramID
	return o
}

// OpaqueOptions are Options with the sandbox cluster's program pin on the opaque program,
// as a profile that deposits through it pins it (altchain_pins.sandbox.program_id).
func OpaqueOptions() *altchain.Options {
	o := Options()
	o.Clusters[len(o.Clusters)-1].Pins.ProgramID = OpaqueProgramID
	return o
}

// heightLocked is the current block height: one block per BlockTime since start, plus
// the blocks AdvanceBlocks added.
func (s *Sandbox) heightLocked() uint64 {
	el := s.clock().Sub(s.start)
	if el < 0 {
		el = 0
	}
	return s.cfg.StartHeight + uint64(el/s.cfg.BlockTime) + s.extraBlocks
}

// BlockHeight is the current block height.
func (s *Sandbox) BlockHeight() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heightLocked()
}

// AdvanceBlocks moves the chain n blocks forward at once.
func (s *Sandbox) AdvanceBlocks(n uint64) {
	s.mu.Lock()
	s.extraBlocks += n
	s.mu.Unlock()
}

// Hurry advances the chain n blocks every interval until stop is called, so a test sees a
// blockhash expire (150 blocks) without waiting for it.
func (s *Sandbox) Hurry(n uint64, every time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				s.AdvanceBlocks(n)
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}

func blockhashAt(h uint64) solana.Hash {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], h)
	sum := sha256.Sum256(append([]byte("purse sandbox blockhash "+altchain.SandboxGenesisHash), b[:]...))
	return solana.Hash(sum)
}

// blockhashLocked issues the blockhash of height h and remembers it.
func (s *Sandbox) blockhashLocked(h uint64) altchain.Blockhash {
	bh := blockhashAt(h)
	s.blockhashes[bh] = h
	return altchain.Blockhash{Hash: bh, LastValidBlockHeight: h + BlockhashLifetime}
}

// LatestBlockhash issues the blockhash of the current block.
func (s *Sandbox) LatestBlockhash() altchain.Blockhash {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.blockhashLocked(s.heightLocked())
}

func (s *Sandbox) blockhashValidLocked(h solana.Hash) bool {
	at, ok := s.blockhashes[h]
	return ok && s.heightLocked() <= at+BlockhashLifetime
}

// SetFaults replaces the injected faults.
func (s *Sandbox) SetFaults(f Faults) error {
	if err := f.validate(); err != nil {
		return err
	}
	s.mu.Lock()
	s.faults = f
	s.mu.Unlock()
	return nil
}

// SetQuoteProgram chooses the deposit program of every quote from now on
// (QuoteSandboxProgram or QuoteOpaqueProgram).
func (s *Sandbox) SetQuoteProgram(program string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.faults
	f.QuoteProgram = program
	if err := f.validate(); err != nil {
		return err
	}
	s.faults = f
	return nil
}

// Faults returns the faults still pending.
func (s *Sandbox) Faults() Faults {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults
}

// DropSends makes the next n sends be accepted and never executed.
func (s *Sandbox) DropSends(n int) {
	s.mu.Lock()
	s.faults.DropSends = max(n, 0)
	s.mu.Unlock()
}

// Dropped counts the sends dropped so far.
func (s *Sandbox) Dropped() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dropped
}

// ExpireNextQuote makes the next quote carry a blockhash that has already expired.
func (s *Sandbox) ExpireNextQuote() {
	s.mu.Lock()
	s.faults.ExpireNextQuote = true
	s.mu.Unlock()
}

// MaliciousNextQuote makes the next quote carry a malicious transaction of kind.
func (s *Sandbox) MaliciousNextQuote(kind string) error {
	if err := (Faults{MaliciousNextQuote: kind}).validate(); err != nil {
		return err
	}
	s.mu.Lock()
	s.faults.MaliciousNextQuote = kind
	s.mu.Unlock()
	return nil
}

// Fund gives owner lamports and USDC (smallest units), creating the system account and
// the USDC associated token account as needed; it returns the token account. Use it for
// a Live account's Solana key.
func (s *Sandbox) Fund(owner solana.PublicKey, lamports, usdc uint64) (solana.PublicKey, error) {
	ata, err := altchain.AssociatedTokenAddress(owner, altchain.SandboxUSDCMint, solana.TokenProgramID)
	if err != nil {
		return solana.PublicKey{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.accounts[owner]; a != nil && a.Owner != solana.SystemProgramID {
		return solana.PublicKey{}, fmt.Errorf("altchaintest: fund: %s is owned by %s, not a wallet", owner, a.Owner)
	}
	if a := s.accounts[ata]; a != nil {
		if _, ok := parseToken(a); !ok {
			return solana.PublicKey{}, fmt.Errorf("altchaintest: fund: %s is not a token account", ata)
		}
	}
	mint := s.accounts[altchain.SandboxUSDCMint]
	if supply := binary.LittleEndian.Uint64(mint.Data[36:]); supply > math.MaxUint64-usdc {
		return solana.PublicKey{}, errors.New("altchaintest: fund: USDC supply would overflow")
	}
	if lamports > 0 || s.accounts[owner] == nil {
		a := s.accounts[owner]
		if a == nil {
			a = &altchain.Account{Owner: solana.SystemProgramID}
			s.accounts[owner] = a
		}
		if a.Lamports > math.MaxUint64-lamports {
			return solana.PublicKey{}, errors.New("altchaintest: fund: lamports would overflow")
		}
		a.Lamports += lamports
	}
	ta := s.accounts[ata]
	if ta == nil {
		ta = &altchain.Account{Owner: solana.TokenProgramID, Lamports: TokenAccountRent, Data: tokenData(altchain.SandboxUSDCMint, owner, 0)}
		s.accounts[ata] = ta
	}
	t, _ := parseToken(ta)
	if t.amount > math.MaxUint64-usdc {
		return solana.PublicKey{}, errors.New("altchaintest: fund: USDC balance would overflow")
	}
	setTokenAmount(ta, t.amount+usdc)
	binary.LittleEndian.PutUint64(mint.Data[36:], binary.LittleEndian.Uint64(mint.Data[36:])+usdc)
	return ata, nil
}

// Account returns a copy of an account (nil when it does not exist).
func (s *Sandbox) Account(k solana.PublicKey) *altchain.Account {
	s.mu.Lock()
	defer s.mu.Unlock()
	return cloneAccount(s.accounts[k])
}

// Lamports is the SOL balance of k.
func (s *Sandbox) Lamports(k solana.PublicKey) uint64 {
	if a := s.Account(k); a != nil {
		return a.Lamports
	}
	return 0
}

// USDC is the USDC balance of owner's associated token account.
func (s *Sandbox) USDC(owner solana.PublicKey) uint64 {
	ata, err := altchain.AssociatedTokenAddress(owner, altchain.SandboxUSDCMint, solana.TokenProgramID)
	if err != nil {
		return 0
	}
	return s.TokenBalance(ata)
}

// TokenBalance is the amount held by a token account (0 when it is none).
func (s *Sandbox) TokenBalance(k solana.PublicKey) uint64 {
	t, _ := parseToken(s.Account(k))
	return t.amount
}

// Deposits lists the deposits that landed, oldest first.
func (s *Sandbox) Deposits() []Deposit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Deposit(nil), s.deposits...)
}

func cloneAccount(a *altchain.Account) *altchain.Account {
	if a == nil {
		return nil
	}
	c := *a
	c.Data = append([]byte(nil), a.Data...)
	return &c
}

// SPL Token layouts: mint 82 bytes, account 165 bytes.
func mintData(supply uint64) []byte {
	d := make([]byte, 82)
	binary.LittleEndian.PutUint32(d, 1)
	copy(d[4:], MintAuthority[:])
	binary.LittleEndian.PutUint64(d[36:], supply)
	d[44] = 6 // decimals
	d[45] = 1 // initialized
	return d
}

func tokenData(mint, owner solana.PublicKey, amount uint64) []byte {
	d := make([]byte, 165)
	copy(d, mint[:])
	copy(d[32:], owner[:])
	binary.LittleEndian.PutUint64(d[64:], amount)
	d[108] = 1 // initialized
	return d
}

type tokenAcc struct {
	mint, owner solana.PublicKey
	amount      uint64
	state       byte
}

func parseToken(a *altchain.Account) (tokenAcc, bool) {
	var t tokenAcc
	if a == nil || a.Owner != solana.TokenProgramID || len(a.Data) != 165 {
		return t, false
	}
	copy(t.mint[:], a.Data[:32])
	copy(t.owner[:], a.Data[32:64])
	t.amount = binary.LittleEndian.Uint64(a.Data[64:])
	t.state = a.Data[108]
	return t, true
}

func setTokenAmount(a *altchain.Account, v uint64) { binary.LittleEndian.PutUint64(a.Data[64:], v) }
