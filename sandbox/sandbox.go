// Package sandbox starts every sandbox service of purse together on one loopback address:
// the end-user API, the partner API (alt-chain quote and onboarding), a real EVM over JSON-RPC and a
// Solana JSON-RPC subset, plus the testers' control surface. It links a simulated chain,
// so only the sandbox binary (cmd/purse-sandbox) and tests import it; `purse` drives a
// running sandbox through the light package sandboxctl, and starts the binary when
// nothing answers at the profile's address.
package sandbox

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/enduser/endusertest"
	"purse/homechain/homechaintest"
	"purse/internal/atomicfile"
	"purse/internal/visible"
	"purse/ledger/ledgertest"
	"purse/sandboxctl"
	"purse/wallet"
)

// Config of a sandbox. The zero value listens on config.DefaultSandboxAddr's port.
type Config struct {
	// Listen is host:port; port 0 picks a free one.
	Listen string
	// StateDir, when set, keeps the sandbox across restarts: the end-user service's accounts,
	// the EVM chain (blocks and state) and the Solana ledger (accounts and registered
	// partner keys; block heights, blockhashes and signature statuses start afresh).
	StateDir string
	// ReviewDelay and ActivationDelay move KYC on by themselves (0: only `advance`).
	ReviewDelay     time.Duration
	ActivationDelay time.Duration
	// Dialect plays the service's observed variants (endusertest.Dialect).
	Dialect endusertest.Dialect
	// MintTokenIDs is which account ids a mint accepts: "issued" (the default: only ids the
	// sandbox handed out, POST /sandbox/mint-token-id) or "any".
	MintTokenIDs string
	// PermitAmountUnit is the only token-permit amount unit the end-user sandbox accepts:
	// "smallest" (default) or "token".
	PermitAmountUnit string
	// TxAmountUnit is how the history filter reads amounts: "smallest" (default) or
	// "display".
	TxAmountUnit string
	// PartnerAuth is the only partner-auth form the partner API accepts: spec (default) or
	// ur (UR's documented form).
	PartnerAuth wallet.PartnerAuthVariant
	// History is what a new account's history starts with: "demo" (the default) or "none"
	// (endusertest.Config.History).
	History string
	Logger  *slog.Logger
}

// Sandbox is a running set of sandbox services.
type Sandbox struct {
	info sandboxctl.Info
	cfg  Config
	log  *slog.Logger

	// EndUser, Chain and Solana are the services; Reset replaces them, so a test reads them
	// only while no reset runs.
	EndUser *endusertest.Server
	Chain   *homechaintest.Chain
	Solana  *altchaintest.Sandbox
	// Ledger is the Ledger device stand-in (it outlives a Reset: it is the user's device).
	Ledger *ledgertest.Device

	// mu guards the services against a Reset (requests hold it for reading while they are
	// served); inner serves every route but the outer ones.
	mu     sync.RWMutex
	inner  http.Handler
	ledger *ledgerFile
	// stopWatch ends the EVM deposit watcher of the running chain.
	stopWatch context.CancelFunc
	srv       *http.Server
	ln        net.Listener
	done      chan struct{}
	closeMu   sync.Once
	err       error
}

// Files and folders of Config.StateDir: the end-user service's snapshot
// (endusertest.SnapshotFile), the EVM chain and the Solana ledger.
const (
	EVMDir     = "evm"
	LedgerFile = "solana-ledger.json"
	// DeviceFile keeps the Ledger stand-in's address: a key entry added from it names it
	// (speculos:HOST:PORT), so the device must be found there again after a restart. A
	// fresh start (RemoveState) keeps it: the device is the user's, not the service's.
	DeviceFile = "ledger-device-addr"
)

// Start starts every service and returns once they answer.
func Start(ctx context.Context, cfg Config) (*Sandbox, error) {
	if cfg.Listen == "" {
		return nil, errors.New("sandbox listen address: expected host:port, got nothing")
	}
	host, _, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("sandbox listen address %q: expected host:port: %v", cfg.Listen, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("sandbox listen address %q: the sandbox serves loopback only (127.0.0.1 or [::1])", cfg.Listen)
	}
	switch cfg.PartnerAuth {
	case "":
		cfg.PartnerAuth = wallet.PartnerAuthSpec
	case wallet.PartnerAuthSpec, wallet.PartnerAuthUR:
	default:
		return nil, fmt.Errorf("sandbox partner auth %q: expected %s or %s", cfg.PartnerAuth, wallet.PartnerAuthSpec, wallet.PartnerAuthUR)
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("sandbox: cannot listen on %s: %v", cfg.Listen, err)
	}
	s := &Sandbox{cfg: cfg, log: logger, ln: ln, done: make(chan struct{})}
	if s.Ledger, err = startDevice(ln.Addr().String(), cfg.StateDir, logger); err != nil {
		ln.Close()
		return nil, err
	}
	if err := s.startServices(ctx); err != nil {
		s.Ledger.Close()
		ln.Close()
		return nil, err
	}
	c := s.Chain.Contracts()
	base := "http://" + ln.Addr().String()
	s.info = sandboxctl.Info{
		UserAPI: base, PartnerAPI: base + "/partner", EVMRPC: base + "/evm", SolanaRPC: base + "/solana",
		Network: s.EndUser.Network(), AccountNFT: c.AccountNFT.Hex(), CardSpender: c.CardSpender.Hex(),
		Deposit: c.Deposit.Hex(), BufferPool: c.BufferPool.Hex(), Ledger: "speculos:" + s.Ledger.Addr(),
		PartnerResponseKey: altchaintest.ResponseKey.Address().Hex(),
		Settings:           map[string]string{"partner_auth": string(cfg.PartnerAuth)},
	}
	for _, kv := range s.EndUser.ProfileSettings() {
		s.info.Settings[kv[0]] = kv[1]
	}
	if err := s.info.Check(); err != nil {
		s.Close()
		return nil, fmt.Errorf("sandbox: its own info: %v", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sandbox/info", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(s.info)
	})
	mux.HandleFunc("POST /sandbox/reset", func(w http.ResponseWriter, r *http.Request) {
		if err := s.Reset(r.Context()); err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_ = json.NewEncoder(w).Encode(map[string]any{"retCode": 10000, "retMsg": "reset: " + err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"retCode":0,"retMsg":"ok","result":{"reset":true}}`)
	})
	// A request holds the services until it is answered, so a reset waits for the requests
	// in flight (none writes the old state after it) and the next ones wait for the reset.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.mu.RLock()
		defer s.mu.RUnlock()
		s.inner.ServeHTTP(w, r)
	})
	s.srv = &http.Server{Handler: logRequests(logger, mux), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.err = err
			logger.Error("sandbox stopped", "err", err)
		}
	}()
	logger.Info("listening on "+base, "network", s.info.Network, "state", cmp.Or(cfg.StateDir, "(in memory)"))
	return s, nil
}

// startDevice starts the Ledger stand-in on the sandbox's host: at the address the state
// folder kept, so that keys added from it still reach it, else on a free port it then keeps.
// A kept address another program now holds is not silently replaced by a new one the key
// entries do not name: the sandbox starts on a new port and says which keys it strands.
func startDevice(sandboxAddr, stateDir string, logger *slog.Logger) (*ledgertest.Device, error) {
	host, _, _ := net.SplitHostPort(sandboxAddr)
	fresh := net.JoinHostPort(host, "0")
	var kept string
	keptFile := ""
	if stateDir != "" {
		keptFile = filepath.Join(stateDir, DeviceFile)
		if b, err := os.ReadFile(keptFile); err == nil {
			kept = strings.TrimSpace(string(b))
		}
	}
	if kept != "" {
		d, err := ledgertest.Start(kept, ledgertest.Seed)
		if err == nil {
			return d, nil
		}
		logger.Warn("the Ledger stand-in cannot listen where it did before: ledger keys added from speculos:"+kept+" will not reach it (add them again with purse key ledger)", "err", err)
	}
	d, err := ledgertest.Start(fresh, ledgertest.Seed)
	if err != nil {
		return nil, fmt.Errorf("sandbox: the Ledger stand-in: %v", err)
	}
	if keptFile != "" {
		err := os.MkdirAll(stateDir, 0o700)
		if err == nil {
			err = atomicfile.Write(keptFile, []byte(d.Addr()+"\n"), 0o600)
		}
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("sandbox: keeping the Ledger stand-in's address: %v", err)
		}
	}
	return d, nil
}

// startServices starts the chain, the end-user service and the Solana ledger, from
// cfg.StateDir when it holds them, and builds the routes they serve. The caller holds mu,
// or no request is served yet.
func (s *Sandbox) startServices(ctx context.Context) error {
	cfg := s.cfg
	host, _, _ := net.SplitHostPort(cfg.Listen)
	chainCfg := homechaintest.Config{Listen: net.JoinHostPort(host, "0")}
	if cfg.StateDir != "" {
		if err := os.MkdirAll(cfg.StateDir, 0o700); err != nil {
			return fmt.Errorf("sandbox state: %v", err)
		}
		s.sweepState()
		chainCfg.DataDir = filepath.Join(cfg.StateDir, EVMDir)
	}
	chain, err := homechaintest.Start(ctx, chainCfg)
	if err != nil {
		return fmt.Errorf("sandbox EVM: %v", err)
	}
	eu, err := endusertest.New(endusertest.Config{
		Network: strconv.FormatInt(int64(chain.ChainID()), 10), Chain: chain, StateDir: cfg.StateDir,
		ReviewDelay: cfg.ReviewDelay, ActivationDelay: cfg.ActivationDelay, PermitAmountUnit: cfg.PermitAmountUnit,
		TxAmountUnit: cfg.TxAmountUnit, MintTokenIDs: cmp.Or(cfg.MintTokenIDs, "issued"), Dialect: cfg.Dialect,
		History: cfg.History,
	})
	if err != nil {
		chain.Close()
		return fmt.Errorf("sandbox end-user service: %v", err)
	}
	logger := s.log
	// The Solana side: a quote is for a minted account of the end-user sandbox, and a
	// confirmed deposit credits the quoted fiat there with a CTU record.
	sol := altchaintest.New(altchaintest.Config{
		PartnerAuth: cfg.PartnerAuth, Names: cfg.Dialect.Names(),
		// One service, one clock: the partner API checks deadlines against the end-user
		// service's time (its clock-skew control moves both).
		Clock: eu.Now,
		// The onboarding routes (partner mint, vendor token and status) act on the end-user
		// sandbox's accounts.
		Accounts: eu,
		UserUnderPartner: func(_ common.Address, svcID int64) bool {
			v, err := eu.State(uint64(svcID))
			return err == nil && v.Minted
		},
		OutputToken: func(currency string) (altchain.EVMAddress, bool) {
			t, ok := chain.Token(currency + "24")
			return altchain.EVMAddress(t.Address), ok && t.IsFiat
		},
		OnDeposit: func(d altchaintest.Deposit) {
			if d.SvcID <= 0 {
				return
			}
			if err := eu.RecordDeposit(uint64(d.SvcID), d.Currency, d.Output, d.USDC, d.Signature, "solana:"+altchain.SandboxGenesisHash[:32]); err != nil {
				logger.Error("crediting a Solana deposit", "svcId", d.SvcID, "signature", d.Signature, "err", err)
			}
		},
	})
	var ledger *ledgerFile
	if cfg.StateDir != "" {
		ledger = &ledgerFile{path: filepath.Join(cfg.StateDir, LedgerFile), sol: sol, log: logger}
		if err := ledger.load(); err != nil {
			chain.Close()
			return err
		}
	}
	evm, err := url.Parse(chain.RPCURL())
	if err != nil {
		chain.Close()
		return err
	}
	mux := http.NewServeMux()
	proxy := httputil.NewSingleHostReverseProxy(evm)
	mux.Handle("/evm", http.StripPrefix("/evm", proxy))
	mux.Handle("/evm/", http.StripPrefix("/evm", proxy))
	mux.HandleFunc("POST /sandbox/ledger", func(w http.ResponseWriter, r *http.Request) {
		var st ledgertest.State
		if err := s.Ledger.DecodeState(io.LimitReader(r.Body, 1<<12), &st); err != nil {
			http.Error(w, `{"retCode":10009,"retMsg":`+strconv.Quote("ledger: "+err.Error())+`}`, http.StatusBadRequest)
			return
		}
		s.Ledger.Set(func(cur *ledgertest.State) { *cur = st })
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"retCode": 0, "retMsg": "ok", "result": struct {
			ledgertest.State
			Transport string              `json:"transport"`
			Shown     []ledgertest.Screen `json:"shown"`
		}{st, s.info.Ledger, s.Ledger.Shown()}})
	})
	mux.HandleFunc("POST /sandbox/evm-fund", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Address string `json:"address"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<12)).Decode(&body); err != nil || !common.IsHexAddress(body.Address) {
			http.Error(w, `{"retCode":10009,"retMsg":"address: expected the 0x address to fund"}`, http.StatusBadRequest)
			return
		}
		if err := fundEVM(r.Context(), chain, common.HexToAddress(body.Address)); err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_ = json.NewEncoder(w).Encode(map[string]any{"retCode": 10000, "retMsg": "evm-fund: " + err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"retCode":0,"retMsg":"ok","result":{"funded":%q,"wei":%q,"usdc":%q}}`, common.HexToAddress(body.Address).Hex(), EVMFundWei.String(), EVMFundUSDC.String())
	})
	mux.HandleFunc("POST /sandbox/partner-register", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Address string `json:"address"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<12)).Decode(&body); err != nil || !common.IsHexAddress(body.Address) {
			http.Error(w, `{"retCode":10009,"retMsg":"address: expected the partner signer's 0x address"}`, http.StatusBadRequest)
			return
		}
		sol.RegisterPartner(common.HexToAddress(body.Address))
		ledger.save()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"retCode":0,"retMsg":"ok","result":{"registered":%q}}`, common.HexToAddress(body.Address).Hex())
	})
	// Every Solana call may change the ledger (a send, a funding): it is written when it did.
	solana := ledger.saving(sol.RPCHandler())
	mux.Handle("/solana", http.StripPrefix("/solana", solana))
	mux.Handle("/solana/", http.StripPrefix("/solana", solana))
	mux.Handle("/partner/", http.StripPrefix("/partner", sol.PartnerHandler()))
	mux.Handle("/", eu.Handler())
	s.EndUser, s.Chain, s.Solana, s.ledger, s.inner = eu, chain, sol, ledger, mux
	watch, stop := context.WithCancel(context.Background())
	s.stopWatch = stop
	go watchEVMDeposits(watch, chain, eu, logger)
	return nil
}

// Reset starts every service afresh: the accounts, the EVM chain and the Solana ledger
// are dropped, on disk too, and the sandbox answers at the same address with the same
// contracts.
func (s *Sandbox) Reset(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopWatch()
	s.Chain.Close()
	if err := RemoveState(s.cfg.StateDir); err != nil {
		return err
	}
	return s.startServices(ctx)
}

// RemoveState deletes what a sandbox keeps in dir (nothing else there), so the next start
// is fresh.
func RemoveState(dir string) error {
	if dir == "" {
		return nil
	}
	for _, name := range []string{endusertest.SnapshotFile, LedgerFile, EVMDir} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("sandbox state: %v", err)
		}
	}
	return nil
}

// Info returns the URLs and the network value.
func (s *Sandbox) Info() sandboxctl.Info { return s.info }

// Addr is the address the sandbox listens on.
func (s *Sandbox) Addr() string { return s.ln.Addr().String() }

// Close stops every service; the Solana ledger is written a last time.
func (s *Sandbox) Close() error {
	s.closeMu.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if s.srv != nil {
			_ = s.srv.Shutdown(ctx)
			<-s.done
		} else {
			s.ln.Close()
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.ledger.save()
		s.stopWatch()
		s.Chain.Close()
		s.Ledger.Close()
	})
	return s.err
}

// logRequests logs one line per request once it is answered: method, path, HTTP status,
// the envelope's retCode when the answer has one, and how long it took. The method and the
// path are the client's text, shown with visible.Line, so a hostile client cannot start a
// log line of its own (a %0A in a path) or send the terminal a control code.
func logRequests(l *slog.Logger, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		attrs := []any{"method", visible.Line(r.Method), "path", visible.Line(r.URL.Path), "status", cmp.Or(rec.status, http.StatusOK)}
		if code, ok := retCode(rec.head); ok {
			attrs = append(attrs, "retCode", code)
		}
		l.Info("request", append(attrs, "latency", time.Since(start).Round(time.Microsecond))...)
	})
}

// recorder keeps an answer's status and the first headLimit bytes of its body.
type recorder struct {
	http.ResponseWriter
	status int
	head   []byte
}

// headLimit is how much of a body is kept to read its retCode: an envelope names it first.
const headLimit = 4 << 10

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if room := headLimit - len(r.head); room > 0 {
		r.head = append(r.head, p[:min(room, len(p))]...)
	}
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection (the EVM proxy flushes).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// retCode reads the retCode member of the JSON object body begins with, up to where body
// (perhaps cut at headLimit) ends; the sandbox's envelopes and errors carry one, the RPC
// answers do not.
func retCode(body []byte) (json.Number, bool) {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return "", false
		}
		if k == "retCode" {
			var n json.Number
			if err := d.Decode(&n); err != nil {
				return "", false
			}
			return n, true
		}
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return "", false
		}
	}
	return "", false
}

// sweepState removes the temporary files a sandbox killed while saving its snapshot or its
// ledger left in the state folder (atomicfile.Sweep: stale, and no running sandbox writing
// them), and logs what it found. The EVM folder is the chain's own and is not looked at.
func (s *Sandbox) sweepState() {
	found, err := atomicfile.Sweep(s.cfg.StateDir, func(target string) bool {
		return target == endusertest.SnapshotFile || target == LedgerFile
	})
	if err != nil {
		s.log.Warn("sandbox state: looking for temporary files", "err", err)
	}
	for _, l := range found {
		if l.Removed {
			s.log.Info("sandbox state: removed a temporary file an interrupted save left", "path", l.Path)
		} else if !l.InUse {
			s.log.Warn("sandbox state: a temporary file an interrupted save left stays", "path", l.Path, "why", l.Kept)
		}
	}
}
