package altchaintest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
)

// Info is what GET /sandbox/solana-info answers: the sandbox cluster's identity.
type Info struct {
	GenesisHash string `json:"genesisHash"`
	Network     string `json:"network"`
	ProgramID   string `json:"programId"`
	// The other deposit programs a tester pins to use them (altchain_pins.sandbox.program_id).
	OpaqueProgramID    string `json:"opaqueProgramId"`
	LayerZeroProgramID string `json:"layerZeroProgramId"`
	USDCMint           string `json:"usdcMint"`
	DepositUSDCAccount string `json:"depositUsdcAccount"`
	FeeReceiver        string `json:"feeReceiver"`
	BlockHeight        uint64 `json:"blockHeight"`
	BlockTimeMs        int64  `json:"blockTimeMs"`
	PartnerAuth        string `json:"partnerAuth"`
}

// FundRequest is the body of POST /sandbox/solana-fund.
type FundRequest struct {
	Address  string `json:"address"`
	Lamports uint64 `json:"lamports"`
	// USDC is in smallest units (6 decimals).
	USDC uint64 `json:"usdc"`
}

// serveControl serves the control surface of the RPC handler:
//
//	GET  /sandbox/solana-info     the cluster's identity and block height
//	GET  /sandbox/solana-faults   the pending faults
//	POST /sandbox/solana-faults   replace them (Faults; {} clears)
//	POST /sandbox/solana-fund     FundRequest → {"usdcAccount": ...}
//	POST /sandbox/solana-advance  {"blocks": N}
func (s *Sandbox) serveControl(w http.ResponseWriter, r *http.Request) {
	reply := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	bad := func(format string, a ...any) {
		reply(http.StatusBadRequest, map[string]string{"error": fmt.Sprintf(format, a...)})
	}
	decode := func(v any) bool {
		b, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err != nil {
			bad("read: %v", err)
			return false
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil || dec.More() {
			bad("body: expected one JSON object of the documented fields (%v)", err)
			return false
		}
		return true
	}
	switch r.Method + " " + r.URL.Path {
	case "GET /sandbox/solana-info":
		reply(http.StatusOK, Info{
			GenesisHash: altchain.SandboxGenesisHash, Network: s.Network(), ProgramID: altchain.DefaultSandboxProgramID.String(),
			OpaqueProgramID: OpaqueProgramID.String(), LayerZeroProgramID: LayerZeroProgramID.String(),
			USDCMint: altchain.SandboxUSDCMint.String(), DepositUSDCAccount: altchain.SandboxDepositAccount.String(),
			FeeReceiver: altchain.SandboxFeeReceiver.String(), BlockHeight: s.BlockHeight(),
			BlockTimeMs: s.cfg.BlockTime.Milliseconds(), PartnerAuth: string(s.cfg.PartnerAuth),
		})
	case "GET /sandbox/solana-faults":
		reply(http.StatusOK, s.Faults())
	case "POST /sandbox/solana-faults":
		var f Faults
		if !decode(&f) {
			return
		}
		if err := s.SetFaults(f); err != nil {
			bad("%v", err)
			return
		}
		reply(http.StatusOK, s.Faults())
	case "POST /sandbox/solana-fund":
		var f FundRequest
		if !decode(&f) {
			return
		}
		k, err := solana.PublicKeyFromBase58(f.Address)
		if err != nil {
			bad("address %q: %v", f.Address, err)
			return
		}
		ata, err := s.Fund(k, f.Lamports, f.USDC)
		if err != nil {
			bad("%v", err)
			return
		}
		reply(http.StatusOK, map[string]any{"usdcAccount": ata.String(), "lamports": s.Lamports(k), "usdc": s.TokenBalance(ata)})
	case "POST /sandbox/solana-advance":
		var a struct {
			Blocks uint64 `json:"blocks"`
		}
		if !decode(&a) {
			return
		}
		s.AdvanceBlocks(a.Blocks)
		reply(http.StatusOK, map[string]uint64{"blockHeight": s.BlockHeight()})
	default:
		reply(http.StatusNotFound, map[string]string{"error": "no control route " + r.Method + " " + r.URL.Path})
	}
}
