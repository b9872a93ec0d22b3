package config

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/mr-tron/base58"

	"purse/internal/atomicfile"
	"purse/internal/lazyre"
	"purse/internal/regular"
	"purse/protocol"
)

// SandboxName is the embedded default profile.
const SandboxName = "sandbox"

// DefaultSandboxAddr is where the sandbox listens unless told otherwise; the embedded
// profile points here, and the TUI starts the sandbox on it when nothing answers.
const DefaultSandboxAddr = "127.0.0.1:8787"

// The sandbox deploys its contracts from fixed keys, so their addresses are the same on
// every start (sandbox's tests hold these to what it deploys).
const (
	SandboxAccountNFT  = "0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab"
	SandboxCardSpender = "0x9561C133DD8580860B6b7E504bC5Aa500f0f06a7"
	// SandboxBufferPool is the buffer pool the sandbox deploys.
	SandboxBufferPool = "0x59d3631c86BbE35EF041872d502F218A39FBa150"
	// SandboxDepositContract is the EVM deposit contract the sandbox deploys; its fee quote
	// ignores the endpoint id, SandboxDepositDstEID (Mantle Sepolia's, as on testnet).
	SandboxDepositContract = "0xe982E462b094850F12AF94d21D470e21bE9D0E9C"
	SandboxDepositDstEID   = "40246"
	// SandboxPartnerResponseKey signs the sandbox partner API's answers (altchaintest.ResponseKey).
	SandboxPartnerResponseKey = "0x0E6a4D8ae1BA0bEE6396672E0C26822AAE620293"
)

// DefaultFeeCapLamports caps the Solana priority fee purse accepts (fee_cap_lamports).
const DefaultFeeCapLamports = protocol.DefaultFeeCapLamports

// Pins fixes what a Solana deposit on one cluster may use; empty fields are not pinned,
// except the LayerZero ones, whose defaults are public (altchain.ClusterInfo.Pinned):
// endpoint_program (LayerZero's endpoint on mainnet and devnet, the sandbox's on sandbox),
// dst_eid and lz_receiver (the home chain's, from the profile's network).
type Pins struct {
	ProgramID       string `toml:"program_id,omitempty" json:"programId,omitempty"`
	USDCMint        string `toml:"usdc_mint,omitempty" json:"usdcMint,omitempty"`
	DepositAccount  string `toml:"deposit_account,omitempty" json:"depositAccount,omitempty"`
	EndpointProgram string `toml:"endpoint_program,omitempty" json:"endpointProgram,omitempty"`
	DstEid          uint32 `toml:"dst_eid,omitempty" json:"dstEid,omitempty"`
	// LZReceiver is the home-chain contract the deposit's LayerZero message goes to: a 0x
	// EVM address or 32 bytes of hex.
	LZReceiver string `toml:"lz_receiver,omitempty" json:"lzReceiver,omitempty"`
}

// Profile is one environment purse talks to and the keys it uses there.
type Profile struct {
	Name          string `toml:"-" json:"name"`
	UserAPI       string `toml:"user_api" json:"userAPI"`
	PartnerAPI    string `toml:"partner_api,omitempty" json:"partnerAPI,omitempty"`
	Network       string `toml:"network" json:"network"`
	EVMRPC        string `toml:"evm_rpc,omitempty" json:"evmRPC,omitempty"`
	SolanaRPC     string `toml:"solana_rpc,omitempty" json:"solanaRPC,omitempty"`
	SolanaCluster string `toml:"solana_cluster,omitempty" json:"solanaCluster,omitempty"`
	AccountNFT    string `toml:"account_nft,omitempty" json:"accountNFT,omitempty"`
	CardSpender   string `toml:"card_spender,omitempty" json:"cardSpender,omitempty"`
	// BufferPool pins the buffer pool a cash-out's permit may go to: the chain
	// configuration's bufferPoolContract (the service's word) must be it; empty pins none.
	BufferPool string `toml:"buffer_pool,omitempty" json:"bufferPool,omitempty"`
	// DepositContract pins the contract an EVM deposit may call and approve: the chain
	// configuration's depositContract must be it; empty pins none. DepositDstEID is the
	// LayerZero endpoint id a deposit's fee is quoted for (the home chain's).
	DepositContract string   `toml:"deposit_contract,omitempty" json:"depositContract,omitempty"`
	DepositDstEID   string   `toml:"deposit_dst_eid,omitempty" json:"depositDstEID,omitempty"`
	DeadlineWindow  Duration `toml:"deadline_window,omitempty" json:"deadlineWindow,omitempty"`
	// ReadSession, when set, is how long one credential serves every read of an empty
	// payload (a key on a device is pressed once per session of reads); unset signs each call.
	ReadSession Duration `toml:"read_session,omitempty" json:"readSession,omitempty"`
	EVMKey      string   `toml:"evm_key,omitempty" json:"evmKey,omitempty"`
	SolanaKey   string   `toml:"solana_key,omitempty" json:"solanaKey,omitempty"`
	PartnerKey  string   `toml:"partner_key,omitempty" json:"partnerKey,omitempty"`
	// PartnerAuth is the message a partner call's signature covers: ur (UR's documented
	// form, "{body} {deadline}") or spec (spec 5.1: the identity between body and deadline);
	// empty is spec. "legacy", this setting's former name for ur, is read as ur.
	PartnerAuth string `toml:"partner_auth,omitempty" json:"partnerAuth,omitempty"`
	// PartnerUnsignedAnswers is what a partner answer without x-api-signature gets: refuse
	// (the default: UR signs its answers, UR-SIG) or warn (used, with a warning).
	PartnerUnsignedAnswers string `toml:"partner_unsigned_answers,omitempty" json:"partnerUnsignedAnswers,omitempty"`
	// Preset is the preset the profile was made from ("" for none); the profile may have
	// been edited since (PresetChanges).
	Preset string `toml:"preset,omitempty" json:"preset,omitempty"`
	// MintTokenID is where the account id to mint comes from: issued (the default: the
	// service hands it out, spec 4.6 "generated beforehand"; purse asks a sandbox for one and
	// otherwise takes the id the user was given) or generate (purse makes one by the account
	// contract's rules, an assumption the service may refuse with 10003).
	MintTokenID string `toml:"mint_token_id,omitempty" json:"mintTokenId,omitempty"`
	// PermitAmountUnit is how token-permit writes amounts: smallest (integer smallest
	// units, the default: the public integration's practice) or token (decimal strings in
	// the token's units, spec 4.6's wording).
	PermitAmountUnit string `toml:"permit_amount_unit,omitempty" json:"permitAmountUnit,omitempty"`
	// PayoutSpender is the spender of a payout's permit: token (the fiat token itself, the
	// default: UR's Fiat24Token.permitAndClientPayoutRef presents permit(user, token, …)) or
	// card (the card-authorization contract, the public integration's default).
	PayoutSpender string `toml:"payout_spender,omitempty" json:"payoutSpender,omitempty"`
	// TxAmountUnit is how the history filter's minAmount and maxAmount are sent: smallest
	// (integer smallest units of the 2-decimal fiat tokens, the default: spec 4.4's legacy
	// filters) or display (decimal strings as the records show amounts).
	TxAmountUnit string `toml:"tx_amount_unit,omitempty" json:"txAmountUnit,omitempty"`
	// PartnerResponseKey is the service key the partner API's answers must be signed by
	// (spec 4.4, 5.5); empty: a signature is checked when present, not required.
	PartnerResponseKey string `toml:"partner_response_key,omitempty" json:"partnerResponseKey,omitempty"`
	// ProxyUnknownAuth is the auth `purse proxy` gives a method and path the route table
	// does not know: full (the default: a route the table misses is most likely a signed
	// read), basic or none.
	ProxyUnknownAuth string          `toml:"proxy_unknown_auth,omitempty" json:"proxyUnknownAuth,omitempty"`
	TokenID          string          `toml:"token_id,omitempty" json:"tokenId,omitempty"`
	FeeCapLamports   uint64          `toml:"fee_cap_lamports,omitempty" json:"feeCapLamports,omitempty"`
	Pins             map[string]Pins `toml:"altchain_pins,omitempty" json:"altchainPins,omitempty"`
	// Layouts declare deposit programs' instruction data by program id (altchain.ParseLayout
	// syntax, checked by the application layer): the amounts are then checked before
	// signing, not only by simulation.
	Layouts map[string]string `toml:"altchain_layouts,omitempty" json:"altchainLayouts,omitempty"`
	// Routes change end-user routes by name: method, path and/or auth level
	// (protocol.ParseRouteSetting: "POST", "full", "/api/v9/card", "POST /x full").
	Routes map[string]string `toml:"routes,omitempty" json:"routes,omitempty"`
	// PartnerRoutes replaces the path of a partner onboarding route by name (mint,
	// idv-token, idv-status). The spec writes the verification vendor as the stand-in "idv",
	// which names.idv renames in the default paths already; a route set here is taken as
	// written.
	PartnerRoutes map[string]string `toml:"partner_routes,omitempty" json:"partnerRoutes,omitempty"`
	// Names are the service's names for the spec's stand-ins (protocol.StandIns: idv,
	// altchain, svcId); a stand-in not named keeps the spec's word.
	Names map[string]string `toml:"names,omitempty" json:"names,omitempty"`
}

// Duration is a time.Duration written as "5m" in TOML and JSON.
type Duration struct{ time.Duration }

func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("expected a duration such as 5m, got %q", b)
	}
	d.Duration = v
	return nil
}

// Window is the full-auth deadline window of the profile (default 5 minutes).
func (p *Profile) Window() time.Duration {
	if p.DeadlineWindow.Duration == 0 {
		return protocol.DefaultFullAuthWindow
	}
	return p.DeadlineWindow.Duration
}

// Values of the enumerated settings; the first of each is the default.
var (
	PartnerAuths           = []string{"spec", "ur"}
	PartnerUnsignedAnswers = []string{"refuse", "warn"}
	AmountUnits            = []string{"smallest", "token"}
	PayoutSpenders         = []string{"token", "card"}
	TxAmountUnits          = []string{"smallest", "display"}
	MintTokenIDs           = []string{"issued", "generate"}
	ProxyUnknownAuths      = []string{"full", "basic", "none"}
	SolanaClusters         = []string{"mainnet", "devnet", "testnet", "sandbox"}
)

// PartnerAuthForm is the partner-auth message form: spec (the default) or ur.
func (p *Profile) PartnerAuthForm() string { return cmp.Or(p.PartnerAuth, PartnerAuths[0]) }

// UnsignedAnswers is what a partner answer without a signature gets: refuse (default) or warn.
func (p *Profile) UnsignedAnswers() string {
	return cmp.Or(p.PartnerUnsignedAnswers, PartnerUnsignedAnswers[0])
}

// TxAmounts is the unit of the history filter's amounts: smallest (default) or display.
func (p *Profile) TxAmounts() string { return cmp.Or(p.TxAmountUnit, TxAmountUnits[0]) }

// PayoutSpenderRole is payout_spender in effect: the spender role of a payout's permit
// ("token" or "card", the names of enduser's spender roles).
func (p *Profile) PayoutSpenderRole() string { return cmp.Or(p.PayoutSpender, PayoutSpenders[0]) }

// StandInNames are the profile's names for the spec's stand-ins.
func (p *Profile) StandInNames() protocol.Names { return protocol.NamesOf(p.Names) }

// ProxyUnknown is the auth purse proxy gives a route the table does not know: full, basic
// or none (default full).
func (p *Profile) ProxyUnknown() string { return cmp.Or(p.ProxyUnknownAuth, ProxyUnknownAuths[0]) }

// FeeCap is the Solana priority-fee cap in lamports.
func (p *Profile) FeeCap() uint64 {
	if p.FeeCapLamports == 0 {
		return DefaultFeeCapLamports
	}
	return p.FeeCapLamports
}

// IsSandbox says whether the profile talks to a purse sandbox at the default address.
func (p *Profile) IsSandbox() bool { return p.Name == SandboxName }

// SandboxProfile is the embedded default: every service of the sandbox on one address.
func SandboxProfile(addr string) *Profile {
	base := "http://" + addr
	return &Profile{
		Name:               SandboxName,
		UserAPI:            base,
		PartnerAPI:         base + "/partner",
		Network:            "31337",
		EVMRPC:             base + "/evm",
		SolanaRPC:          base + "/solana",
		SolanaCluster:      "sandbox",
		PartnerAuth:        "spec",
		AccountNFT:         SandboxAccountNFT,
		CardSpender:        SandboxCardSpender,
		BufferPool:         SandboxBufferPool,
		DepositContract:    SandboxDepositContract,
		DepositDstEID:      SandboxDepositDstEID,
		PartnerResponseKey: SandboxPartnerResponseKey,
	}
}

var (
	labelRe   = lazyre.New(`^[A-Za-z0-9._-]{1,64}$`)
	profileRe = lazyre.New(`^[A-Za-z0-9._-]{1,32}$`)
	// lzReceiverRe: a 20-byte EVM address or a 32-byte LayerZero peer, in hex.
	lzReceiverRe = lazyre.New(`^0[xX]([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$`)
)

// ValidateProfileName checks a profile's name.
func ValidateProfileName(name string) error {
	if !profileRe().MatchString(name) {
		return fmt.Errorf("profile name: expected 1-32 letters, digits, '.', '_' or '-', got %q", name)
	}
	return nil
}

// oneOf checks an enumerated setting: empty (its default) or one of values.
func oneOf(field, v string, values []string) error {
	if v == "" || slices.Contains(values, v) {
		return nil
	}
	return fmt.Errorf("%s: expected %s, got %q", field, orList(values), v)
}

// orList writes "a, b or c".
func orList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

func checkURL(field, v string, required bool) error {
	if v == "" {
		if required {
			return fmt.Errorf("%s: expected an http(s) URL, got nothing", field)
		}
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%s: expected an http(s) URL such as https://host/path, got %q", field, v)
	}
	return nil
}

// setIn sets k to v in the map *m (made when nil); an empty v removes k.
func setIn(m *map[string]string, k, v string) {
	if v == "" {
		delete(*m, k)
		return
	}
	if *m == nil {
		*m = map[string]string{}
	}
	(*m)[k] = v
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (p *Profile) clone() *Profile {
	c := *p
	c.Routes = maps.Clone(p.Routes)
	c.PartnerRoutes = maps.Clone(p.PartnerRoutes)
	c.Pins = maps.Clone(p.Pins)
	c.Layouts = maps.Clone(p.Layouts)
	c.Names = maps.Clone(p.Names)
	return &c
}

// Store is the profiles file $PURSE_HOME/profiles.toml.
type Store struct {
	path     string
	Active   string
	profiles map[string]*Profile
}

type fileFormat struct {
	Active   string              `toml:"active,omitempty"`
	Profiles map[string]*Profile `toml:"profiles,omitempty"`
}

// Load reads the profiles of home; a missing file is an empty store with the sandbox.
func Load(home string) (*Store, error) {
	s := &Store{path: filepath.Join(home, ProfilesFile), profiles: map[string]*Profile{}}
	b, err := regular.ReadFile(s.path) // a FIFO put there would make every command wait
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var f fileFormat
	if len(b) > 0 {
		md, err := toml.Decode(string(b), &f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", s.path, err)
		}
		if und := md.Undecoded(); len(und) > 0 {
			return nil, fmt.Errorf("%s: unknown setting %q", s.path, und[0].String())
		}
	}
	for name, p := range f.Profiles {
		p.Name = name
		if name == SandboxName {
			// Files written before the embedded profile knew the sandbox's contracts.
			if p.AccountNFT == "" {
				p.AccountNFT = SandboxAccountNFT
			}
			if p.CardSpender == "" {
				p.CardSpender = SandboxCardSpender
			}
			if p.DepositContract == "" && p.DepositDstEID == "" {
				p.DepositContract, p.DepositDstEID = SandboxDepositContract, SandboxDepositDstEID
			}
		}
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("%s: profile %s: %v", s.path, name, err)
		}
		s.profiles[name] = p
	}
	if _, ok := s.profiles[SandboxName]; !ok {
		s.profiles[SandboxName] = SandboxProfile(DefaultSandboxAddr)
	}
	s.Active = f.Active
	if s.Active == "" {
		s.Active = SandboxName
	}
	if _, ok := s.profiles[s.Active]; !ok {
		return nil, fmt.Errorf("%s: active profile %q does not exist", s.path, s.Active)
	}
	return s, nil
}

// Path is the profiles file the store was read from.
func (s *Store) Path() string { return s.path }

// Names lists the profiles, sorted.
func (s *Store) Names() []string {
	out := make([]string, 0, len(s.profiles))
	for n := range s.profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ErrNoProfile is a profile name that names none: the user's input to fix (a CLI exits 2).
var ErrNoProfile = errors.New("no such profile")

// noProfileError says which profile does not exist and which do.
type noProfileError struct {
	name string
	have []string
}

func (e *noProfileError) Error() string {
	if e.have == nil {
		return fmt.Sprintf("profile %q does not exist", e.name)
	}
	return fmt.Sprintf("profile %q does not exist (have: %s)", e.name, strings.Join(e.have, ", "))
}

func (e *noProfileError) Is(target error) bool { return target == ErrNoProfile }

// Get returns a copy of a profile; "" means the active one.
func (s *Store) Get(name string) (*Profile, error) {
	if name == "" {
		name = s.Active
	}
	p, ok := s.profiles[name]
	if !ok {
		return nil, &noProfileError{name: name, have: s.Names()}
	}
	return p.clone(), nil
}

// Put adds or replaces a profile after validating it.
func (s *Store) Put(p *Profile) error {
	if err := p.Validate(); err != nil {
		return err
	}
	s.profiles[p.Name] = p.clone()
	return nil
}

// Add stores a new profile and refuses to replace one.
func (s *Store) Add(p *Profile) error {
	if _, ok := s.profiles[p.Name]; ok {
		return fmt.Errorf("profile %q already exists", p.Name)
	}
	return s.Put(p)
}

// Use makes a profile the active one.
func (s *Store) Use(name string) error {
	if _, ok := s.profiles[name]; !ok {
		return &noProfileError{name: name, have: s.Names()}
	}
	s.Active = name
	return nil
}

// Remove deletes a profile. The sandbox profile is reset to its defaults instead.
func (s *Store) Remove(name string) error {
	if _, ok := s.profiles[name]; !ok {
		return &noProfileError{name: name, have: s.Names()}
	}
	if name == SandboxName {
		s.profiles[name] = SandboxProfile(DefaultSandboxAddr)
		return nil
	}
	if name == s.Active {
		return fmt.Errorf("profile %q is the active one: `purse profile use` another first", name)
	}
	delete(s.profiles, name)
	return nil
}

// Save writes the file atomically.
func (s *Store) Save() error {
	var buf bytes.Buffer
	buf.WriteString("# purse profiles; edit with `purse profile set`.\n")
	if err := toml.NewEncoder(&buf).Encode(fileFormat{Active: s.Active, Profiles: s.profiles}); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(s.path, buf.Bytes(), 0o600)
}

// isPublicKey reports whether s is a base58 Solana public key (32 bytes). base58 alone,
// not solana-go: the profile store is read by every command, and a signer should not link
// a Solana SDK to parse its settings.
func isPublicKey(s string) bool {
	b, err := base58.Decode(s)
	return err == nil && len(b) == 32
}
