// Package contracts embeds the compiled sandbox contracts of the home chain: one JSON artifact
// (ABI + creation bytecode) per contract, built from contracts/src by scripts/contracts.sh.
package contracts

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// Contract names, as the artifact files are named.
const (
	AccountNFT      = "AccountNFT"
	FiatToken       = "FiatToken"
	USDC            = "USDC"
	CardSpender     = "CardSpender"
	DepositContract = "DepositContract"
	BufferPool      = "BufferPool"
)

// Names lists every embedded contract.
var Names = []string{AccountNFT, FiatToken, USDC, CardSpender, DepositContract, BufferPool}

//go:embed *.json
var files embed.FS

// Compiler records how an artifact was built.
type Compiler struct {
	Name          string `json:"name"`
	Version       string `json:"version"`
	EVMVersion    string `json:"evmVersion"`
	OptimizerRuns int    `json:"optimizerRuns"`
}

// Artifact is one compiled contract.
type Artifact struct {
	ContractName string          `json:"contractName"`
	SourceName   string          `json:"sourceName"`
	Compiler     Compiler        `json:"compiler"`
	RawABI       json.RawMessage `json:"abi"`
	Bytecode     hexutil.Bytes   `json:"bytecode"`

	ABI abi.ABI `json:"-"`
}

// Load returns the artifact of the named contract with its ABI parsed.
func Load(name string) (Artifact, error) {
	b, err := files.ReadFile(name + ".json")
	if err != nil {
		return Artifact{}, fmt.Errorf("contract artifact %q: not embedded (known: %s)", name, strings.Join(Names, ", "))
	}
	var a Artifact
	if err := json.Unmarshal(b, &a); err != nil {
		return Artifact{}, fmt.Errorf("contract artifact %q: %v", name, err)
	}
	if a.ContractName != name {
		return Artifact{}, fmt.Errorf("contract artifact %q: file holds contract %q", name, a.ContractName)
	}
	if len(a.Bytecode) == 0 {
		return Artifact{}, fmt.Errorf("contract artifact %q: empty bytecode", name)
	}
	parsed, err := abi.JSON(strings.NewReader(string(a.RawABI)))
	if err != nil {
		return Artifact{}, fmt.Errorf("contract artifact %q: abi: %v", name, err)
	}
	a.ABI = parsed
	return a, nil
}
