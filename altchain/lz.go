package altchain

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// The service's deposit is a LayerZero V2 send from its OApp to the home chain, so the
// deposit instruction carries, after the program's own accounts, the accounts the
// LayerZero endpoint and its send library read and write. Every one of them is a program
// address derived from public seeds, so purse derives each and compares instead of trusting
// the quote. What is written here was read in LayerZero-Labs/LayerZero-v2,
// packages/layerzero-v2/solana/programs:
//   - Anchor.toml: the program ids below (the same on mainnet and devnet);
//   - programs/endpoint/src/lib.rs: the seeds "Endpoint", "MessageLib", "SendLibraryConfig",
//     "Nonce"; instructions/oapp/send.rs: the Send accounts in order (sender,
//     send_library_program, send_library_config [seed, sender, dst_eid BE],
//     default_send_library_config [seed, dst_eid BE], send_library_info ["MessageLib",
//     send library], endpoint ["Endpoint"], nonce ["Nonce", sender, dst_eid BE, receiver],
//     the only writable one), then #[event_cpi]'s event authority ["__event_authority"] and
//     the program;
//   - libs/oapp/src/endpoint_cpi.rs: an OApp passes the endpoint program first, then those
//     accounts (accounts[1] must be the sender), then the send library's;
//   - programs/uln/src/instructions/endpoint/send.rs: the send library's accounts (uln
//     ["MessageLib"], send_config ["SendConfig", dst_eid BE, sender], default_send_config
//     ["SendConfig", dst_eid BE], payer (writable signer), treasury (writable, optional:
//     Anchor passes the program id for none), system program, then its event authority and
//     program), and the worker accounts after them, four per worker, executor first:
//     [worker program, worker config (writable: it receives the fee), price-feed program,
//     price-feed config];
//   - programs/executor/src/lib.rs, programs/dvn/src/lib.rs: the worker configs are the
//     programs' ["ExecutorConfig"] and ["DvnConfig"] addresses.
var (
	LayerZeroEndpointProgramID  = solana.MustPublicKeyFromBase58("76y77prsiCMvXMjuoZ5VRrhG5qYBrUMYTE5WgHqgjEn6")
	LayerZeroULNProgramID       = solana.MustPublicKeyFromBase58("7a4WjyR8VZ7yZz5XJAKm39BUGn5iT9CKcv2pmG9tdXVH")
	LayerZeroExecutorProgramID  = solana.MustPublicKeyFromBase58("6doghB248px58JSSwG4qejQ46kFMW4AMj7vzJnWZHNZn")
	LayerZeroDVNProgramID       = solana.MustPublicKeyFromBase58("HtEYV4xB4wvsj5fgTkcfuChYpvGYzgzwvNhgDZQNh7wW")
	LayerZeroPriceFeedProgramID = solana.MustPublicKeyFromBase58("8ahPGPjEbpgGaZx2NV1iG5Shj7TDwvsjkEDcGWjt94TP")
)

// The sandbox's own LayerZero: its endpoint program (an unpinned sandbox cluster expects
// it), its endpoint id and the home-chain receiver its OApp sends to.
var (
	SandboxEndpointProgramID = seedKey("purse sandbox endpoint program")
	SandboxLZReceiver        = func() (r [32]byte) {
		h := sha256.Sum256([]byte("purse sandbox layerzero receiver"))
		copy(r[12:], h[:20])
		return r
	}()
)

// SandboxEID is the LayerZero endpoint id of the sandbox home chain (chain id 31337).
// LayerZero numbers its sandbox environment 50xxx (ETHEREUM_V2_SANDBOX = 50121,
// SOLANA_V2_SANDBOX = 50168 in its lz-definitions) and Mantle's chains x0181; 50181 follows
// both, and differs from the live home chains' 30181 and 40246 and from Ethereum's 30101.
const SandboxEID = 50181

// LZHome is a home chain as a LayerZero destination: its endpoint id and the contract its
// deposits are delivered to.
type LZHome struct {
	Network  string // the profile's network (EVM chain id)
	Name     string
	EID      uint32
	Receiver [32]byte
	// Inferred: the receiver is an inference, not a published value (Source says whence).
	Inferred bool
	// Source says where the values come from.
	Source string
}

// lzHomes: the EIDs are public (evidence §7, HT-CHAIN: Mantle 30181, Mantle Sepolia
// 40246); the receivers are the Fiat24CryptoRelay contracts that receive the service's
// LayerZero deposits from EVM chains (evidence §8, "CryptoRelay (FX + LZ receiver)";
// testnet from HT-CHAIN). That the Solana OApp sends there too is an inference: the
// program is not public (evidence §7); altchain_pins.CLUSTER.lz_receiver overrides it.
var lzHomes = []LZHome{
	{Network: "5000", Name: "Mantle", EID: 30181, Receiver: evmReceiver("0x9F88e04D129d4a4247F009833ba0Bd5D8F6A2146"), Inferred: true,
		Source: "EID: public LayerZero id; receiver: the service's CryptoRelay on Mantle (inferred)"},
	{Network: "5003", Name: "Mantle Sepolia", EID: 40246, Receiver: evmReceiver("0x2C2E6BC745e583629a4157c2D8a9234d59F4067e"), Inferred: true,
		Source: "EID: public LayerZero id; receiver: the service's CryptoRelay on Mantle Sepolia (inferred)"},
	{Network: "31337", Name: "sandbox", EID: SandboxEID, Receiver: SandboxLZReceiver, Source: "the sandbox's own"},
}

func evmReceiver(s string) (r [32]byte) {
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil || len(b) != 20 {
		panic("altchain: bad receiver " + s)
	}
	copy(r[12:], b)
	return r
}

// LZHomeChain is the LayerZero destination of the home chain network (an EVM chain id).
func LZHomeChain(network string) (LZHome, bool) {
	for _, h := range lzHomes {
		if h.Network == network {
			return h, true
		}
	}
	return LZHome{}, false
}

// ParseLZReceiver reads a receiver as a profile writes it: a 0x-prefixed 20-byte EVM
// address (left-padded to 32 bytes, as LayerZero's bytes32 peers are) or 32 bytes of hex.
func ParseLZReceiver(s string) ([32]byte, error) {
	var r [32]byte
	b, err := hex.DecodeString(strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X"))
	switch {
	case err != nil || !strings.HasPrefix(strings.ToLower(s), "0x"):
		return r, fmt.Errorf("expected a 0x-prefixed EVM address or 32 bytes of hex, got %q", s)
	case len(b) == 20:
		copy(r[12:], b)
	case len(b) == 32:
		copy(r[:], b)
	default:
		return r, fmt.Errorf("expected a 0x-prefixed EVM address or 32 bytes of hex, got %d bytes", len(b))
	}
	return r, nil
}

// FormatLZReceiver writes a receiver as an EVM address when it is one, else as 32 bytes.
func FormatLZReceiver(r [32]byte) string {
	var zero [12]byte
	if [12]byte(r[:12]) == zero {
		return "0x" + hex.EncodeToString(r[12:])
	}
	return "0x" + hex.EncodeToString(r[:])
}

// The seeds LayerZero's programs derive their accounts from.
const (
	lzSeedEndpoint          = "Endpoint"
	lzSeedMessageLib        = "MessageLib"
	lzSeedSendLibraryConfig = "SendLibraryConfig"
	lzSeedNonce             = "Nonce"
	lzSeedEventAuthority    = "__event_authority"
	lzSeedSendConfig        = "SendConfig"
	lzSeedExecutorConfig    = "ExecutorConfig"
	lzSeedDVNConfig         = "DvnConfig"
	lzSeedPriceFeed         = "PriceFeed"
)

// LayerZeroSend is an OApp's send to one destination: what the endpoint's and the send
// library's accounts are derived from.
type LayerZeroSend struct {
	Endpoint    solana.PublicKey
	OApp        solana.PublicKey
	SendLibrary solana.PublicKey // the send library program (LayerZero's ULN)
	DstEid      uint32
	Receiver    [32]byte
	// HasReceiver is false when the receiver is unknown: the nonce account cannot be derived.
	HasReceiver bool
}

func pda(program solana.PublicKey, seeds ...[]byte) solana.PublicKey {
	k, _, err := solana.FindProgramAddress(seeds, program)
	if err != nil {
		// The seeds here are at most five of at most 32 bytes, within FindProgramAddress's
		// limits, so it fails only when no bump in 255..0 gives an off-curve point (a chance
		// of about 2^-255); the zero key it leaves matches no account a transaction holds.
		return solana.PublicKey{}
	}
	return k
}

func be32(v uint32) []byte { b := make([]byte, 4); binary.BigEndian.PutUint32(b, v); return b }

// The endpoint's accounts.
func (s LayerZeroSend) SendLibraryConfig() solana.PublicKey {
	return pda(s.Endpoint, []byte(lzSeedSendLibraryConfig), s.OApp[:], be32(s.DstEid))
}
func (s LayerZeroSend) DefaultSendLibraryConfig() solana.PublicKey {
	return pda(s.Endpoint, []byte(lzSeedSendLibraryConfig), be32(s.DstEid))
}

// MessageLib is the send library's settings account (its ["MessageLib"] address), which the
// endpoint records as the library; SendLibraryInfo is the endpoint's record of it.
func (s LayerZeroSend) MessageLib() solana.PublicKey {
	return pda(s.SendLibrary, []byte(lzSeedMessageLib))
}
func (s LayerZeroSend) SendLibraryInfo() solana.PublicKey {
	ml := s.MessageLib()
	return pda(s.Endpoint, []byte(lzSeedMessageLib), ml[:])
}
func (s LayerZeroSend) EndpointSettings() solana.PublicKey {
	return pda(s.Endpoint, []byte(lzSeedEndpoint))
}

// Nonce is the endpoint's outbound nonce of (OApp, destination, receiver); zero when the
// receiver is unknown.
func (s LayerZeroSend) Nonce() solana.PublicKey {
	if !s.HasReceiver {
		return solana.PublicKey{}
	}
	return pda(s.Endpoint, []byte(lzSeedNonce), s.OApp[:], be32(s.DstEid), s.Receiver[:])
}
func (s LayerZeroSend) EndpointEventAuthority() solana.PublicKey {
	return pda(s.Endpoint, []byte(lzSeedEventAuthority))
}

// The send library's accounts.
func (s LayerZeroSend) SendConfig() solana.PublicKey {
	return pda(s.SendLibrary, []byte(lzSeedSendConfig), be32(s.DstEid), s.OApp[:])
}
func (s LayerZeroSend) DefaultSendConfig() solana.PublicKey {
	return pda(s.SendLibrary, []byte(lzSeedSendConfig), be32(s.DstEid))
}
func (s LayerZeroSend) SendLibraryEventAuthority() solana.PublicKey {
	return pda(s.SendLibrary, []byte(lzSeedEventAuthority))
}

// ExecutorConfig, DVNConfig and PriceFeedConfig are the workers' accounts of program.
func ExecutorConfig(program solana.PublicKey) solana.PublicKey {
	return pda(program, []byte(lzSeedExecutorConfig))
}
func DVNConfig(program solana.PublicKey) solana.PublicKey {
	return pda(program, []byte(lzSeedDVNConfig))
}
func PriceFeedConfig(program solana.PublicKey) solana.PublicKey {
	return pda(program, []byte(lzSeedPriceFeed))
}

// LZSendAccounts is the number of accounts of a LayerZero send before its workers'; each
// worker adds LZWorkerAccounts.
const (
	LZSendAccounts   = 18
	LZWorkerAccounts = 4
)

// lzSlot is one position of the send's account list: its name, its flags, and the key it
// must hold (zero when it cannot be derived: the payer is checked as the user, the treasury
// is named by the send library's settings on chain).
type lzSlot struct {
	name     string
	writable bool
	signer   bool
	key      solana.PublicKey
}

// Slot names that the checks single out.
const (
	lzNameNonce    = "LayerZero nonce"
	lzNamePayer    = "LayerZero payer"
	lzNameTreasury = "LayerZero treasury"
)

// slots is the send's fixed list for payer: the endpoint program, the sender, the send
// library program, the endpoint's accounts, the endpoint program again, the send library's.
func (s LayerZeroSend) slots(payer solana.PublicKey) [LZSendAccounts]lzSlot {
	return [LZSendAccounts]lzSlot{
		{name: "LayerZero endpoint program", key: s.Endpoint},
		{name: "LayerZero sender (oapp)", key: s.OApp},
		{name: "LayerZero send library program", key: s.SendLibrary},
		{name: "LayerZero send library config", key: s.SendLibraryConfig()},
		{name: "LayerZero default send library config", key: s.DefaultSendLibraryConfig()},
		{name: "LayerZero send library info", key: s.SendLibraryInfo()},
		{name: "LayerZero endpoint settings", key: s.EndpointSettings()},
		{name: lzNameNonce, writable: true, key: s.Nonce()},
		{name: "LayerZero endpoint event authority", key: s.EndpointEventAuthority()},
		{name: "LayerZero endpoint program", key: s.Endpoint},
		{name: "LayerZero send library settings", key: s.MessageLib()},
		{name: "LayerZero send config", key: s.SendConfig()},
		{name: "LayerZero default send config", key: s.DefaultSendConfig()},
		{name: lzNamePayer, writable: true, signer: true, key: payer},
		{name: lzNameTreasury, writable: true},
		{name: "system program", key: solana.SystemProgramID},
		{name: "LayerZero send library event authority", key: s.SendLibraryEventAuthority()},
		{name: "LayerZero send library program", key: s.SendLibrary},
	}
}

// LZWorker is one worker of a send (the executor, or a DVN) with the price feed it quotes
// with.
type LZWorker struct {
	Program, PriceFeedProgram, PriceFeedConfig solana.PublicKey
}

// AccountMetas is the send's account list as a deposit instruction carries it after its own
// accounts: the fixed list, then four accounts per worker (workers[0] is the executor).
// treasury is the send library's treasury, or the send library program for none.
func (s LayerZeroSend) AccountMetas(payer, treasury solana.PublicKey, workers []LZWorker) (solana.AccountMetaSlice, error) {
	if !s.HasReceiver {
		return nil, fmt.Errorf("layerzero send: the receiver is needed for the nonce account")
	}
	if len(workers) == 0 {
		return nil, fmt.Errorf("layerzero send: an executor is needed")
	}
	var out solana.AccountMetaSlice
	for i, sl := range s.slots(payer) {
		k := sl.key
		if i == 14 {
			k = treasury
		}
		out = append(out, &solana.AccountMeta{PublicKey: k, IsWritable: sl.writable, IsSigner: sl.signer})
	}
	for i, w := range workers {
		cfg := DVNConfig(w.Program)
		if i == 0 {
			cfg = ExecutorConfig(w.Program)
		}
		out = append(out,
			&solana.AccountMeta{PublicKey: w.Program},
			&solana.AccountMeta{PublicKey: cfg, IsWritable: true},
			&solana.AccountMeta{PublicKey: w.PriceFeedProgram},
			&solana.AccountMeta{PublicKey: w.PriceFeedConfig})
	}
	return out, nil
}
