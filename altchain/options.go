package altchain

import (
	"strings"

	"github.com/gagliardetto/solana-go"

	"purse/protocol"
)

const (
	// MaxTransactionSize is Solana's packet limit for a serialized transaction (A1).
	MaxTransactionSize = 1232
	// MinComputeUnitLimit and MaxComputeUnitLimit bound the compute limit (D19).
	MinComputeUnitLimit = 400_000
	MaxComputeUnitLimit = 1_400_000
	// LamportsPerSignature is the base fee of one signature (D20).
	LamportsPerSignature = 5000
	// DefaultFeeCapLamports caps the priority fee (D20).
	DefaultFeeCapLamports = protocol.DefaultFeeCapLamports
)

// Well-known cluster identities (F25).
const (
	MainnetGenesisHash = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"
	DevnetGenesisHash  = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG"
	TestnetGenesisHash = "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY"
)

var (
	MainnetUSDCMint = solana.MustPublicKeyFromBase58("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
	DevnetUSDCMint  = solana.MustPublicKeyFromBase58("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU")

	// DefaultSandboxProgramID is the id of the sandbox deposit program, whose instruction
	// layout purse knows without a declaration (SandboxLayout).
	DefaultSandboxProgramID = solana.MustPublicKeyFromBase58("PurseSandboxDeposit111111111111111111111111")
)

// Pins are what a profile fixes for a cluster; a zero key (or a zero DstEid) is not pinned.
type Pins struct {
	ProgramID      solana.PublicKey
	USDCMint       solana.PublicKey
	DepositAccount solana.PublicKey
	// EndpointProgramID is the LayerZero endpoint the quote's endpointProgramId must name
	// (F32) and the deposit's send accounts are derived from (B31).
	EndpointProgramID solana.PublicKey
	// DstEid is the home chain's LayerZero endpoint id (F32).
	DstEid uint32
	// LZReceiver is the home-chain contract the OApp sends to: with it the endpoint's nonce
	// account can be derived (B31). HasLZReceiver is false when none is known.
	LZReceiver    [32]byte
	HasLZReceiver bool
	// LZReceiverInferred says the receiver is purse's inference for the home chain (the
	// service's CryptoRelay: no public source names the program's receiver, evidence §7),
	// not the user's pin: a nonce account that does not derive from it is then a warning,
	// since the inference may be what is wrong.
	LZReceiverInferred bool
	// FeeCapLamports caps the priority fee; 0 means DefaultFeeCapLamports.
	FeeCapLamports uint64
}

func (p Pins) feeCap() uint64 {
	if p.FeeCapLamports == 0 {
		return DefaultFeeCapLamports
	}
	return p.FeeCapLamports
}

// ClusterInfo identifies a cluster by its genesis hash and names its USDC mint.
type ClusterInfo struct {
	Name        string
	GenesisHash string
	// USDCMint is the cluster's USDC; zero means the cluster has none purse accepts.
	USDCMint solana.PublicKey
	Pins     Pins
}

// DefaultClusters are mainnet-beta, devnet and testnet (testnet has no USDC purse accepts).
func DefaultClusters() []ClusterInfo {
	return []ClusterInfo{
		{Name: "mainnet-beta", GenesisHash: MainnetGenesisHash, USDCMint: MainnetUSDCMint},
		{Name: "devnet", GenesisHash: DevnetGenesisHash, USDCMint: DevnetUSDCMint},
		{Name: "testnet", GenesisHash: TestnetGenesisHash},
	}
}

// Options configure inspection and building. The zero value is usable.
type Options struct {
	// Clusters replace DefaultClusters when set; add the sandbox here with its own genesis
	// hash, USDC mint and pins.
	Clusters []ClusterInfo
	// Layouts are the deposit programs whose instruction data purse can read (a profile's
	// altchain_layouts); the sandbox program's (SandboxLayout) is always known. A program
	// without a layout passes F24 on its accounts alone, with its amounts left to the
	// simulation (G29).
	Layouts map[solana.PublicKey]Layout
	// OutputTokens are the home chain's fiat tokens by currency (EUR → the EUR24 token), as
	// the chain configuration lists them (F33); nil when it was not read (offline), and then
	// OutputTokensErr says why when reading it failed.
	OutputTokens    map[string]EVMAddress
	OutputTokensErr string
}

func (o *Options) clusters() []ClusterInfo {
	if o == nil || len(o.Clusters) == 0 {
		return DefaultClusters()
	}
	return o.Clusters
}

// LayoutOf is the declared layout of program p.
func (o *Options) LayoutOf(p solana.PublicKey) (Layout, bool) {
	if o != nil {
		if l, ok := o.Layouts[p]; ok {
			return l, true
		}
	}
	if p == DefaultSandboxProgramID {
		return SandboxLayout, true
	}
	return Layout{}, false
}

// clusterForNetwork finds the cluster whose genesis hash starts with network.
func (o *Options) clusterForNetwork(network string) (ClusterInfo, bool) {
	if network == "" {
		return ClusterInfo{}, false
	}
	for _, c := range o.clusters() {
		if strings.HasPrefix(c.GenesisHash, network) {
			return c, true
		}
	}
	return ClusterInfo{}, false
}

func (o *Options) clusterForGenesis(genesis string) (ClusterInfo, bool) {
	for _, c := range o.clusters() {
		if c.GenesisHash == genesis {
			return c, true
		}
	}
	return ClusterInfo{}, false
}
