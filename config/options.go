package config

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"purse/internal/evmaddr"
	"purse/internal/format"
	"purse/protocol"
)

// Option is one setting of a profile, declared once (cli/cli's config.Options is the
// model): its key, what it is for, its default and values, how it is read, written and
// checked, and whether the TUI edits it. Set, Validate, SettingNames, Settings, `profile
// set`'s help and completion, docs/settings.md's table and the TUI's edit form are derived from
// Options; TestOptionsAreWhole fails on a row that lacks any of them.
type Option struct {
	// Key is the TOML name; a map setting's is its prefix, a placeholder for the entry and,
	// for a map of records, the fields ("routes.NAME").
	Key string
	// Doc says what it is for, in one line.
	Doc string
	// Values are an enumerated setting's values (enumOption makes the first the default).
	Values []string
	// Default is the value in effect when the profile sets none; "" when there is none.
	Default string
	// TUI says the Settings screen's edit form offers it.
	TUI bool
	// Example is a KEY=VALUE that sets it, as `profile set` takes it (help, docs/settings.md).
	Example string
	// SandboxFlag is the purse-sandbox flag that plays each of the setting's values ("" when
	// the sandbox plays one reading only).
	SandboxFlag string

	// defaultNote is Default as the hint writes it ("" Default).
	defaultNote string
	// prefix is a map setting's: an entry's key is prefix+entry.
	prefix string
	// entries are a map setting's entries in p, in their listed order (nil: a scalar).
	entries func(p *Profile) []string
	// entryDefaults is a map setting's default per entry (nil: Default for every one).
	entryDefaults func(entry string) string
	// get is the value p stores ("" unset); entry is "" for a scalar.
	get func(p *Profile, entry string) string
	// set writes v into p as it is stored; the profile is validated after.
	set func(p *Profile, entry, v string) error
	// check validates p's value, naming the key, and writes it in its stored form (an
	// address checksummed).
	check func(p *Profile) error
}

// Options are the settings of a profile, in the order `profile show` lists them.
var Options = []Option{
	urlOption("user_api", "the end-user API's base URL (spec 4.6)", true, func(p *Profile) *string { return &p.UserAPI }).eg("user_api=https://api.example.com"),
	urlOption("partner_api", "the partner API's base URL (spec 4.4): mint consent and onboarding", false, func(p *Profile) *string { return &p.PartnerAPI }).eg("partner_api=https://api.example.com/partner"),
	{
		Key: "network", Doc: "the home chain's id in digits: 5000 mainnet, 5003 testnet, 31337 sandbox", TUI: true, Example: "network=5003",
		get: scalar(func(p *Profile) *string { return &p.Network }), set: setScalar(func(p *Profile) *string { return &p.Network }),
		check: func(p *Profile) error { return keyed("network", protocol.CheckNetwork(p.Network)) },
	},
	urlOption("evm_rpc", "the home chain's JSON-RPC URL", false, func(p *Profile) *string { return &p.EVMRPC }).eg("evm_rpc=https://rpc.sepolia.mantle.xyz"),
	urlOption("solana_rpc", "the Solana JSON-RPC URL deposits are checked and sent through", false, func(p *Profile) *string { return &p.SolanaRPC }).eg("solana_rpc=https://api.devnet.solana.com"),
	{
		Key: "solana_cluster", Doc: "the Solana cluster deposits come from: " + orList(SolanaClusters), Values: SolanaClusters, TUI: true, Example: "solana_cluster=devnet",
		get: scalar(func(p *Profile) *string { return &p.SolanaCluster }), set: setScalar(func(p *Profile) *string { return &p.SolanaCluster }),
		check: func(p *Profile) error { return oneOf("solana_cluster", p.SolanaCluster, SolanaClusters) },
	},
	addressOption("account_nft", "the account NFT contract (Fiat24Account) on the home chain", true, func(p *Profile) *string { return &p.AccountNFT }).eg("account_nft=" + SandboxAccountNFT),
	addressOption("card_spender", "the card's permit spender on the home chain", true, func(p *Profile) *string { return &p.CardSpender }).eg("card_spender=" + SandboxCardSpender),
	addressOption("deposit_contract", "the contract an EVM deposit calls and approves its USDC to: the chain configuration's depositContract must be it (unset: not pinned, the review says so)", false, func(p *Profile) *string { return &p.DepositContract }).eg("deposit_contract=" + SandboxDepositContract),
	{
		Key: "deposit_dst_eid", Doc: "the LayerZero endpoint id an EVM deposit's fee is quoted for (quoteLayerzeroFee's _dstEid: the home chain's; 30181 Mantle, 40246 Mantle Sepolia)", Example: "deposit_dst_eid=30181",
		get: scalar(func(p *Profile) *string { return &p.DepositDstEID }), set: setScalar(func(p *Profile) *string { return &p.DepositDstEID }),
		check: func(p *Profile) error {
			if p.DepositDstEID == "" {
				return nil
			}
			if n, err := strconv.ParseUint(p.DepositDstEID, 10, 32); err != nil || n == 0 {
				return fmt.Errorf("deposit_dst_eid: expected a LayerZero endpoint id (a positive 32-bit integer such as 30181), got %q", p.DepositDstEID)
			}
			return nil
		},
	},
	addressOption("buffer_pool", "the buffer pool a cash-out's permit may go to: the chain configuration's bufferPoolContract must be it (unset: not pinned, the review says so)", false, func(p *Profile) *string { return &p.BufferPool }).eg("buffer_pool=" + SandboxBufferPool),
	{
		Key: "deadline_window", Doc: "how long a full-auth signature stays valid: above 0 and at most 20m", TUI: true, Example: "deadline_window=10m",
		Default: protocol.DefaultFullAuthWindow.String(), defaultNote: shortDuration(protocol.DefaultFullAuthWindow),
		get: func(p *Profile, _ string) string {
			if p.DeadlineWindow.Duration == 0 {
				return ""
			}
			return p.DeadlineWindow.String()
		},
		set: func(p *Profile, _, v string) error {
			if err := p.DeadlineWindow.UnmarshalText([]byte(v)); err != nil {
				return fmt.Errorf("deadline_window: %v", err)
			}
			return nil
		},
		check: func(p *Profile) error {
			if w := p.DeadlineWindow.Duration; w < 0 || w > protocol.MaxFullAuthWindow {
				return fmt.Errorf("deadline_window: expected a duration above 0 and at most 20m, got %s", w)
			}
			return nil
		},
	},
	{
		Key: "read_session", Doc: "one full-auth credential for every read of an empty payload, valid this long (at most 20m; off when unset): a key on a device is pressed once per session of reads. On a service that does not bind the hash (UR's, evidence §1) it authenticates every call until its deadline", Example: "read_session=15m",
		get: func(p *Profile, _ string) string {
			if p.ReadSession.Duration == 0 {
				return ""
			}
			return p.ReadSession.String()
		},
		set: func(p *Profile, _, v string) error {
			if v == "" {
				p.ReadSession.Duration = 0
				return nil
			}
			if err := p.ReadSession.UnmarshalText([]byte(v)); err != nil {
				return fmt.Errorf("read_session: %v", err)
			}
			return nil
		},
		check: func(p *Profile) error {
			if w := p.ReadSession.Duration; w < 0 || w > protocol.MaxFullAuthWindow || (w > 0 && w < time.Minute) {
				return fmt.Errorf("read_session: expected a duration of 1m to 20m (or unset: off), got %s", w)
			}
			return nil
		},
	},
	{
		Key: "fee_cap_lamports", Doc: "the highest Solana priority fee a deposit may pay, in lamports", TUI: true, Example: "fee_cap_lamports=1000000",
		Default:     strconv.FormatUint(DefaultFeeCapLamports, 10),
		defaultNote: fmt.Sprintf("%d = %s SOL", DefaultFeeCapLamports, format.Uint(DefaultFeeCapLamports, format.SOLDecimals)),
		get: func(p *Profile, _ string) string {
			if p.FeeCapLamports == 0 {
				return ""
			}
			return strconv.FormatUint(p.FeeCapLamports, 10)
		},
		set: func(p *Profile, _, v string) error {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("fee_cap_lamports: expected an integer number of lamports, got %q", v)
			}
			p.FeeCapLamports = n
			return nil
		},
		check: func(*Profile) error { return nil }, // any count of lamports is a cap
	},
	labelOption("evm_key", "the EVM key (its label) that owns the account NFT and signs end-user calls", func(p *Profile) *string { return &p.EVMKey }).eg("evm_key=owner"),
	labelOption("solana_key", "the Solana key (its label) deposits are signed with", func(p *Profile) *string { return &p.SolanaKey }).eg("solana_key=deposits"),
	labelOption("partner_key", "the partner key (its label) partner calls are signed with", func(p *Profile) *string { return &p.PartnerKey }).eg("partner_key=partner"),
	{
		Key: "partner_auth", Doc: "the message a partner call's signature covers: spec (spec 5.1) or ur (UR's documented form); legacy is read as ur",
		Values: PartnerAuths, Default: PartnerAuths[0], TUI: true, SandboxFlag: "partner-auth", Example: "partner_auth=ur",
		get: scalar(func(p *Profile) *string { return &p.PartnerAuth }), set: setScalar(func(p *Profile) *string { return &p.PartnerAuth }),
		check: func(p *Profile) error {
			if p.PartnerAuth == "legacy" {
				// The setting's former name for UR's documented form, which is no legacy.
				p.PartnerAuth = "ur"
			}
			return oneOf("partner_auth", p.PartnerAuth, PartnerAuths)
		},
	},
	addressOption("partner_response_key", "the service key the partner API's answers must be signed by (spec 4.4, 5.5); unset: checked when present", false, func(p *Profile) *string { return &p.PartnerResponseKey }).eg("partner_response_key=" + SandboxPartnerResponseKey),
	enumOption("partner_unsigned_answers", "what a partner answer without x-api-signature gets: refuse, or warn and use it", PartnerUnsignedAnswers, "", func(p *Profile) *string { return &p.PartnerUnsignedAnswers }).eg("partner_unsigned_answers=warn"),
	enumOption("permit_amount_unit", "how token-permit writes amounts: smallest (integer smallest units) or token (decimal strings, spec 4.6's wording)", AmountUnits, "permit-amount-unit", func(p *Profile) *string { return &p.PermitAmountUnit }).eg("permit_amount_unit=token"),
	enumOption("payout_spender", "the spender a payout's permit is signed for: token (the fiat token itself, UR's contract) or card (the card spender, the public integration's default); sandbox: `--dialect payoutCardSpender` plays card", PayoutSpenders, "", func(p *Profile) *string { return &p.PayoutSpender }).eg("payout_spender=card"),
	enumOption("tx_amount_unit", "how the history filter's minAmount and maxAmount are sent: smallest (integer smallest units) or display (decimal strings)", TxAmountUnits, "tx-amount-unit", func(p *Profile) *string { return &p.TxAmountUnit }).eg("tx_amount_unit=display"),
	enumOption("mint_token_id", "where the account id to mint comes from: issued by the service, or generate (purse makes one by the contract's rules)", MintTokenIDs, "", func(p *Profile) *string { return &p.MintTokenID }).eg("mint_token_id=generate"),
	enumOption("proxy_unknown_auth", "the auth purse proxy gives a route its table does not know: full, basic or none", ProxyUnknownAuths, "", func(p *Profile) *string { return &p.ProxyUnknownAuth }).eg("proxy_unknown_auth=basic"),
	{
		Key: "token_id", Doc: "the account NFT id; empty clears it", TUI: true, Example: "token_id=10042",
		get: scalar(func(p *Profile) *string { return &p.TokenID }), set: setScalar(func(p *Profile) *string { return &p.TokenID }),
		check: func(p *Profile) error {
			if p.TokenID == "" {
				return nil
			}
			return keyed("token_id", protocol.CheckTokenID(p.TokenID))
		},
	},
	mapOption("routes.", "NAME", "an end-user route's method, path and/or auth level (\"POST\", \"full\", \"/api/v9/card\", \"POST /x full\"); empty clears it",
		func(p *Profile) *map[string]string { return &p.Routes },
		func(_, v string) error { _, err := protocol.ParseRouteSetting(v); return err }).eg("routes.card-currency=POST /api/v2/card-currency full"),
	mapOption("partner_routes.", "NAME", "a partner onboarding route's path (mint, idv-token, idv-status), taken as written",
		func(p *Profile) *map[string]string { return &p.PartnerRoutes },
		func(_, v string) error { return protocol.CheckPath(v) }).eg("partner_routes.idv-status=/v1/sumsub-status-by-network"),
	{
		Key: "names.{" + strings.Join(protocol.StandIns, ",") + "}", Doc: "the service's name for one of the spec's stand-ins; unset keeps the spec's word",
		Example: "names.idv=sumsub",
		prefix:  "names.",
		entries: func(*Profile) []string { return protocol.StandIns },
		// A stand-in the profile does not rename keeps the spec's word.
		entryDefaults: func(entry string) string { return entry },
		get:           func(p *Profile, e string) string { return p.Names[e] },
		set:           func(p *Profile, e, v string) error { setIn(&p.Names, e, v); return nil },
		check: func(p *Profile) error {
			for _, standIn := range sortedKeys(p.Names) {
				if err := protocol.CheckName(standIn, p.Names[standIn]); err != nil {
					return fmt.Errorf("names.%s: %v", standIn, err)
				}
			}
			return nil
		},
	},
	pinsOption(),
	mapOption("altchain_layouts.", "PROGRAM", "a deposit program's instruction data layout (altchain.ParseLayout syntax), so amounts are checked before signing",
		func(p *Profile) *map[string]string { return &p.Layouts },
		func(program, _ string) error {
			if !isPublicKey(program) {
				return fmt.Errorf("expected a program id (base58 public key, 32 bytes)")
			}
			return nil
		}).eg("altchain_layouts.PurseSandboxDeposit111111111111111111111111=disc=f223c68952e1f2b6,len=56,usdc=8,min=16,fee=24,eid=32,token=36"),
}

// eg is o with its Example.
func (o Option) eg(example string) Option { o.Example = example; return o }

// entryDefault is a map setting's default for one entry (entryDefaults), else Default.
func (o *Option) entryDefault(entry string) string {
	if o.entryDefaults != nil {
		return o.entryDefaults(entry)
	}
	return o.Default
}

// LookupOption is the option key sets (a scalar's key, or a map entry's), and the entry.
func LookupOption(key string) (*Option, string, bool) {
	for i := range Options {
		o := &Options[i]
		if o.prefix == "" {
			if key == o.Key {
				return o, "", true
			}
			continue
		}
		if e, ok := strings.CutPrefix(key, o.prefix); ok && e != "" {
			return o, e, true
		}
	}
	return nil, "", false
}

// Stored is the value p stores for the option ("" unset); entry names a map's entry.
func (o *Option) Stored(p *Profile, entry string) string { return o.get(p, entry) }

// Effective is the value in effect: the stored one, else the default.
func (o *Option) Effective(p *Profile, entry string) string {
	return cmp.Or(o.get(p, entry), o.entryDefault(entry))
}

// Describe is Doc with the values and the default, as a hint or a help line shows it.
func (o *Option) Describe() string {
	if d := cmp.Or(o.defaultNote, o.Default); d != "" {
		return o.Usage() + " (default " + d + ")"
	}
	return o.Usage()
}

// Usage is Doc, with an enumerated setting's values when Doc does not name each.
func (o *Option) Usage() string {
	for _, v := range o.Values {
		if !strings.Contains(o.Doc, v) {
			return o.Doc + ": " + orList(o.Values)
		}
	}
	return o.Doc
}

// IsMap says whether the option is a map of entries (routes.NAME) rather than one value.
func (o *Option) IsMap() bool { return o.prefix != "" }

// Prefix is a map option's prefix ("routes."); "" for a scalar.
func (o *Option) Prefix() string { return o.prefix }

// TUIOptions are the options the TUI's edit form offers, in Options' order.
func TUIOptions() []*Option {
	var out []*Option
	for i := range Options {
		if Options[i].TUI {
			out = append(out, &Options[i])
		}
	}
	return out
}

// SettingNames lists what `profile set` takes.
func SettingNames() []string {
	out := make([]string, len(Options))
	for i, o := range Options {
		out[i] = o.Key
	}
	return out
}

// Setting is one setting of a profile as it takes effect.
type Setting struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	// Default is true when the profile does not set it and Value is the default.
	Default bool `json:"default,omitempty"`
}

// Settings lists every setting of the profile with the value in effect (a default when the
// profile sets none), in Options' order; maps are expanded entry by entry, sorted, and the
// spec's stand-ins are listed even when the profile keeps the spec's words.
func (p *Profile) Settings() []Setting {
	var out []Setting
	add := func(key, v, def string) {
		out = append(out, Setting{Key: key, Value: cmp.Or(v, def), Default: v == "" && def != ""})
	}
	for i := range Options {
		o := &Options[i]
		if !o.IsMap() {
			add(o.Key, o.get(p, ""), o.Default)
			continue
		}
		for _, e := range o.entries(p) {
			add(o.prefix+e, o.get(p, e), o.entryDefault(e))
		}
	}
	return out
}

// Set changes one setting by its key, validating the result; the profile is unchanged on error.
func (p *Profile) Set(key, value string) error {
	o, entry, ok := LookupOption(key)
	if !ok {
		return fmt.Errorf("unknown profile setting %q (known: %s)", key, strings.Join(SettingNames(), ", "))
	}
	c := p.clone()
	if err := o.set(c, entry, value); err != nil {
		return err
	}
	if err := c.Validate(); err != nil {
		return err
	}
	*p = *c
	return nil
}

// Validate checks every setting and names the first one that is wrong; it writes addresses
// in their EIP-55 form, so what is stored is checksummed.
func (p *Profile) Validate() error {
	if err := ValidateProfileName(p.Name); err != nil {
		return err
	}
	for i := range Options {
		if err := Options[i].check(p); err != nil {
			return err
		}
	}
	// The preset is where the profile came from, not a setting: one this purse no longer has
	// (renamed, or dropped as unconfirmed) leaves the profile usable, and only its form is
	// held to (PresetChanges then has nothing to compare with).
	if p.Preset != "" && !profileRe().MatchString(p.Preset) {
		return fmt.Errorf("preset: expected a preset's name (letters, digits, '.', '_', '-'), got %q", p.Preset)
	}
	return nil
}

// Completions are `profile set`'s completions of what has been typed (KEY=VALUE): the keys
// (a map's with its prefix), then an enumerated setting's values.
func Completions(typed string) []string {
	if key, _, ok := strings.Cut(typed, "="); ok {
		o, _, found := LookupOption(key)
		if !found {
			return nil
		}
		var out []string
		for _, v := range o.Values {
			out = append(out, key+"="+v)
		}
		return out
	}
	var out []string
	for _, o := range Options {
		k := o.Key + "="
		if o.IsMap() {
			k = o.prefix
		}
		if strings.HasPrefix(k, typed) {
			out = append(out, k)
		}
	}
	return out
}

func scalar(field func(*Profile) *string) func(*Profile, string) string {
	return func(p *Profile, _ string) string { return *field(p) }
}

func setScalar(field func(*Profile) *string) func(*Profile, string, string) error {
	return func(p *Profile, _, v string) error { *field(p) = v; return nil }
}

// keyed names key in err (nil stays nil).
func keyed(key string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	return nil
}

func urlOption(key, doc string, required bool, field func(*Profile) *string) Option {
	return Option{Key: key, Doc: doc, TUI: true, get: scalar(field), set: setScalar(field),
		check: func(p *Profile) error { return checkURL(key, *field(p), required) }}
}

func addressOption(key, doc string, tui bool, field func(*Profile) *string) Option {
	return Option{Key: key, Doc: doc + "; written checksummed", TUI: tui, get: scalar(field), set: setScalar(field),
		check: func(p *Profile) error {
			v := field(p)
			if *v == "" {
				return nil
			}
			a, err := evmaddr.Parse(*v)
			if err != nil {
				return fmt.Errorf("%s: %v", key, err)
			}
			*v = a.Hex()
			return nil
		}}
}

func labelOption(key, doc string, field func(*Profile) *string) Option {
	return Option{Key: key, Doc: doc, TUI: true, get: scalar(field), set: setScalar(field),
		check: func(p *Profile) error {
			if v := *field(p); v != "" && !labelRe().MatchString(v) {
				return fmt.Errorf("%s: expected a key label (letters, digits, '.', '_', '-'), got %q", key, v)
			}
			return nil
		}}
}

func enumOption(key, doc string, values []string, sandboxFlag string, field func(*Profile) *string) Option {
	return Option{Key: key, Doc: doc, Values: values, Default: values[0], SandboxFlag: sandboxFlag,
		get: scalar(field), set: setScalar(field),
		check: func(p *Profile) error { return oneOf(key, *field(p), values) }}
}

// mapOption is a map of strings: entries sorted, an empty value clears one, and checkEntry
// judges each (the error is prefixed with the entry's key).
func mapOption(prefix, placeholder, doc string, m func(*Profile) *map[string]string, checkEntry func(entry, v string) error) Option {
	return Option{Key: prefix + placeholder, Doc: doc, prefix: prefix,
		entries: func(p *Profile) []string { return sortedKeys(*m(p)) },
		get:     func(p *Profile, e string) string { return (*m(p))[e] },
		set:     func(p *Profile, e, v string) error { setIn(m(p), e, v); return nil },
		check: func(p *Profile) error {
			for _, e := range sortedKeys(*m(p)) {
				if err := checkEntry(e, (*m(p))[e]); err != nil {
					return fmt.Errorf("%s%s: %v", prefix, e, err)
				}
			}
			return nil
		}}
}

// pinField is one field of a cluster's Pins: its key, read, write and check.
type pinField struct {
	name  string
	get   func(*Pins) string
	set   func(*Pins, string) error
	check func(string) string // what is expected, "" when v is fine
}

var pinFields = []pinField{
	pinKeyField("program_id", func(p *Pins) *string { return &p.ProgramID }),
	pinKeyField("usdc_mint", func(p *Pins) *string { return &p.USDCMint }),
	pinKeyField("deposit_account", func(p *Pins) *string { return &p.DepositAccount }),
	pinKeyField("endpoint_program", func(p *Pins) *string { return &p.EndpointProgram }),
	{
		name: "dst_eid",
		get: func(p *Pins) string {
			if p.DstEid == 0 {
				return ""
			}
			return strconv.FormatUint(uint64(p.DstEid), 10)
		},
		set: func(p *Pins, v string) error {
			p.DstEid = 0
			if v == "" {
				return nil
			}
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil || n == 0 {
				return fmt.Errorf("expected a LayerZero endpoint id (an integer from 1 to 4294967295), got %q", v)
			}
			p.DstEid = uint32(n)
			return nil
		},
		check: func(string) string { return "" },
	},
	{
		name: "lz_receiver",
		get:  func(p *Pins) string { return p.LZReceiver },
		set:  func(p *Pins, v string) error { p.LZReceiver = v; return nil },
		check: func(v string) string {
			if v != "" && !lzReceiverRe().MatchString(v) {
				return "a 0x-prefixed EVM address (20 bytes) or 32 bytes of hex"
			}
			return ""
		},
	},
}

func pinKeyField(name string, f func(*Pins) *string) pinField {
	return pinField{name: name, get: func(p *Pins) string { return *f(p) },
		set: func(p *Pins, v string) error { *f(p) = v; return nil },
		check: func(v string) string {
			if v != "" && !isPublicKey(v) {
				return "a base58 public key (32 bytes)"
			}
			return ""
		}}
}

func pinFieldNames() []string {
	out := make([]string, len(pinFields))
	for i, f := range pinFields {
		out[i] = f.name
	}
	return out
}

// pinsOption is altchain_pins: per Solana cluster, what a deposit may use (Pins). Its
// entries are CLUSTER.FIELD, listed cluster by cluster.
func pinsOption() Option {
	field := func(entry string) (cluster string, f *pinField, err error) {
		cluster, name, found := strings.Cut(entry, ".")
		if !found {
			return "", nil, fmt.Errorf("altchain_pins.%s: expected altchain_pins.CLUSTER.FIELD", entry)
		}
		for i := range pinFields {
			if pinFields[i].name == name {
				return cluster, &pinFields[i], nil
			}
		}
		return "", nil, fmt.Errorf("altchain_pins.%s: expected %s", entry, orList(pinFieldNames()))
	}
	return Option{
		Key:     "altchain_pins.CLUSTER.{" + strings.Join(pinFieldNames(), ",") + "}",
		Doc:     "what a Solana deposit on one cluster may use; unset LayerZero pins take the cluster's public values",
		Example: "altchain_pins.devnet.usdc_mint=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
		prefix:  "altchain_pins.",
		entries: func(p *Profile) []string {
			var out []string
			for _, c := range sortedKeys(p.Pins) {
				for _, f := range pinFields {
					out = append(out, c+"."+f.name)
				}
			}
			return out
		},
		get: func(p *Profile, entry string) string {
			cluster, f, err := field(entry)
			if err != nil {
				return ""
			}
			pin := p.Pins[cluster]
			return f.get(&pin)
		},
		set: func(p *Profile, entry, v string) error {
			cluster, f, err := field(entry)
			if err != nil {
				return err
			}
			if p.Pins == nil {
				p.Pins = map[string]Pins{}
			}
			pin := p.Pins[cluster]
			if err := f.set(&pin, v); err != nil {
				return fmt.Errorf("altchain_pins.%s: %v", entry, err)
			}
			p.Pins[cluster] = pin
			return nil
		},
		check: func(p *Profile) error {
			for _, cluster := range sortedKeys(p.Pins) {
				pin := p.Pins[cluster]
				for _, f := range pinFields {
					v := f.get(&pin)
					if want := f.check(v); want != "" {
						return fmt.Errorf("altchain_pins.%s.%s: expected %s, got %q", cluster, f.name, want, v)
					}
				}
			}
			return nil
		},
	}
}

// shortDuration writes d without its zero units: 5m, not 5m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// MarkdownTable is docs/settings.md's table of the settings: key, default, values, what it is for.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| setting | default | what it is for |\n|---|---|---|\n")
	for _, o := range Options {
		def := cmp.Or(o.defaultNote, o.Default)
		if def != "" {
			def = "`" + def + "`"
		}
		doc := o.Usage()
		if o.TUI {
			doc += "; TUI"
		}
		if o.SandboxFlag != "" {
			doc += "; sandbox: `--" + o.SandboxFlag + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", o.Key, def, strings.ReplaceAll(doc, "|", `\|`))
	}
	return b.String()
}
