package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/wallet"
)

func init() { commandSets = append(commandSets, addSandboxCommands) }

func addSandboxCommands(a *app, root *cobra.Command) {
	var cfg sandbox.Config
	cmd := &cobra.Command{
		Use:   "sandbox [--listen 127.0.0.1:8787] [--state DIR]",
		Short: "Run every sandbox service in the foreground (end-user API, partner API, EVM, Solana)",
		Long: "Runs the strict sandbox on loopback and prints one JSON line with every URL and the network\n" +
			"value. Other terminals use it through the embedded `sandbox` profile, or through\n" +
			"`purse profile add NAME --sandbox URL`. Stop it with Ctrl-C.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			sb, err := sandbox.Start(ctx, cfg)
			if err != nil {
				return err
			}
			defer sb.Close()
			line, _ := json.Marshal(sb.Info())
			fmt.Fprintln(a.stdout, string(line))
			<-ctx.Done()
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Listen, "listen", config.DefaultSandboxAddr, "loopback host:port")
	f.StringVar(&cfg.StateDir, "state", "", "keep the sandbox's accounts in this folder across restarts")
	f.DurationVar(&cfg.ReviewDelay, "review-delay", 0, "approve the KYC vendor review by itself after this long (0: only `ctl kyc-approve`)")
	f.DurationVar(&cfg.ActivationDelay, "activation-delay", 0, "go Live by itself this long after Form A (0: only `ctl advance`)")
	cmd.AddCommand(a.sandboxCtlCmd())
	root.AddCommand(cmd)
}

// ctlClient posts to the control surface of the profile's sandbox.
type ctlClient struct {
	base string
	http *http.Client
}

func (a *app) ctl(ctx context.Context) (*ctlClient, *config.Profile, error) {
	p, err := a.activeProfile()
	if err != nil {
		return nil, nil, err
	}
	if err := sandboxReachable(ctx, p.UserAPI); err != nil {
		return nil, nil, err
	}
	return &ctlClient{base: strings.TrimRight(p.UserAPI, "/"), http: &http.Client{Timeout: 30 * time.Second}}, p, nil
}

func (c *ctlClient) do(ctx context.Context, method, path string, body any) (json.RawMessage, error) {
	return c.doPath(ctx, method, "/sandbox/"+path, body)
}

// doPath calls any control route of the sandbox, e.g. the Solana side's under /solana/sandbox/.
func (c *ctlClient) doPath(ctx context.Context, method, path string, body any) (json.RawMessage, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sandbox control %s: %v", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, err
	}
	var env struct {
		RetCode int             `json:"retCode"`
		RetMsg  string          `json:"retMsg"`
		Result  json.RawMessage `json:"result"`
	}
	if json.Unmarshal(raw, &env) == nil && (env.RetCode != 0 || resp.StatusCode != http.StatusOK) {
		return nil, fmt.Errorf("sandbox control %s: %s (retCode %d)", path, env.RetMsg, env.RetCode)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("sandbox control %s: HTTP %d: %s", path, resp.StatusCode, bytes.TrimSpace(raw))
	}
	if env.Result != nil {
		return env.Result, nil
	}
	return raw, nil
}

func (a *app) sandboxCtlCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "ctl", Short: "Control the running sandbox: KYC decisions, states, faults, clock, one-step onboarding"}
	var tokenID string
	cmd.PersistentFlags().StringVar(&tokenID, "token-id", "", "account to act on (default: the profile's)")
	account := func(p *config.Profile) (any, error) {
		id := tokenID
		if id == "" {
			id = p.TokenID
		}
		if id == "" {
			return nil, usagef("--token-id: the profile has no account; give one")
		}
		n, err := strconv.ParseUint(id, 10, 64)
		if err != nil {
			return nil, usagef("--token-id: expected digits, got %q", id)
		}
		return n, nil
	}
	simple := func(use, short, path string, extra func(args []string, body map[string]any) error, nargs int) *cobra.Command {
		return &cobra.Command{
			Use: use, Short: short, Args: cobra.ExactArgs(nargs),
			RunE: func(cmd *cobra.Command, args []string) error {
				c, p, err := a.ctl(cmd.Context())
				if err != nil {
					return err
				}
				id, err := account(p)
				if err != nil {
					return err
				}
				body := map[string]any{"tokenId": id}
				if extra != nil {
					if err := extra(args, body); err != nil {
						return err
					}
				}
				res, err := c.do(cmd.Context(), http.MethodPost, path, body)
				if err != nil {
					return err
				}
				return a.printRaw(res)
			},
		}
	}
	var reason string
	var final bool
	reject := simple("kyc-reject", "Reject the vendor review", "kyc-reject", func(_ []string, b map[string]any) error {
		b["reason"], b["final"] = reason, final
		return nil
	}, 0)
	reject.Flags().StringVar(&reason, "reason", "document unreadable", "reject reason shown to the user")
	reject.Flags().BoolVar(&final, "final", false, "a FINAL rejection (default RETRY)")
	cmd.AddCommand(
		simple("kyc-approve", "Approve the vendor review (KYC moves to SignFormA)", "kyc-approve", nil, 0),
		reject,
		simple("advance", "Skip the current delay (review → SignFormA, Review → Live)", "advance", nil, 0),
		simple("set-status STATUS", "Set the account status (Na, SoftBlocked, Tourist, Blocked, Closed, Live or 0-5)", "set-status", func(args []string, b map[string]any) error {
			b["status"] = args[0]
			return nil
		}, 1),
		simple("crs-required", "Require the CRS self-certification (crsInfo.needCrs)", "crs-required", nil, 0),
		a.sandboxFaultsCmd(), a.sandboxSkewCmd(), a.sandboxStateCmd(account), a.sandboxOnboardCmd(),
	)
	return cmd
}

// printRaw prints a JSON answer as it came (indented).
func (a *app) printRaw(raw json.RawMessage) error {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		v = string(raw)
	}
	return a.print(v, func(w io.Writer) {
		b, _ := json.MarshalIndent(v, "", "  ")
		fmt.Fprintln(w, string(b))
	})
}

func (a *app) sandboxFaultsCmd() *cobra.Command {
	var f struct {
		Route          string `json:"route,omitempty"`
		Count          int    `json:"count,omitempty"`
		RatePercent    int    `json:"ratePercent,omitempty"`
		LatencyMs      int    `json:"latencyMs,omitempty"`
		HTTPStatus     int    `json:"httpStatus,omitempty"`
		ErrorCode      int    `json:"errorCode,omitempty"`
		ErrorMsg       string `json:"errorMsg,omitempty"`
		ResultAsString bool   `json:"resultAsString,omitempty"`
		TruncateJSON   bool   `json:"truncateJson,omitempty"`
		NoContent      bool   `json:"noContent,omitempty"`
	}
	var clear bool
	cmd := &cobra.Command{
		Use:   "faults [--clear] [--route P] [--count N] [--rate PCT] [--latency-ms N] [--http-status 5xx | --error-code N --error-msg M | --result-as-string | --truncate-json | --no-content]",
		Short: "Inject faults into the end-user API (one kind at a time; --clear removes them)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, _, err := a.ctl(cmd.Context())
			if err != nil {
				return err
			}
			var body any = f
			if clear {
				if cmd.Flags().NFlag() > 1 {
					return usagef("--clear takes no other fault flag")
				}
				body = map[string]any{}
			}
			res, err := c.do(cmd.Context(), http.MethodPost, "faults", body)
			if err != nil {
				return err
			}
			return a.printRaw(res)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&clear, "clear", false, "remove every fault")
	fl.StringVar(&f.Route, "route", "", "only this path, e.g. /api/v2/br")
	fl.IntVar(&f.Count, "count", 0, "only the next N matching requests")
	fl.IntVar(&f.RatePercent, "rate", 0, "only this percentage of matching requests")
	fl.IntVar(&f.LatencyMs, "latency-ms", 0, "delay each answer")
	fl.IntVar(&f.HTTPStatus, "http-status", 0, "answer with this 5xx status")
	fl.IntVar(&f.ErrorCode, "error-code", 0, "answer {error_code, error_msg}")
	fl.StringVar(&f.ErrorMsg, "error-msg", "", "message of --error-code")
	fl.BoolVar(&f.ResultAsString, "result-as-string", false, "re-encode result as a JSON string")
	fl.BoolVar(&f.TruncateJSON, "truncate-json", false, "cut the JSON body in half")
	fl.BoolVar(&f.NoContent, "no-content", false, "answer HTTP 204 with no body")
	return cmd
}

func (a *app) sandboxSkewCmd() *cobra.Command {
	return &cobra.Command{
		Use: "clock-skew SECONDS", Short: "Run the sandbox clock ahead (or behind, negative) of real time", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil {
				return usagef("SECONDS: expected an integer, got %q", args[0])
			}
			c, _, err := a.ctl(cmd.Context())
			if err != nil {
				return err
			}
			res, err := c.do(cmd.Context(), http.MethodPost, "clock-skew", map[string]any{"seconds": n})
			if err != nil {
				return err
			}
			return a.printRaw(res)
		},
	}
}

func (a *app) sandboxStateCmd(account func(*config.Profile) (any, error)) *cobra.Command {
	return &cobra.Command{
		Use: "state", Short: "The sandbox's view of the account", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, p, err := a.ctl(cmd.Context())
			if err != nil {
				return err
			}
			id, err := account(p)
			if err != nil {
				return err
			}
			res, err := c.do(cmd.Context(), http.MethodGet, fmt.Sprintf("state?tokenId=%d", id), nil)
			if err != nil {
				return err
			}
			return a.printRaw(res)
		},
	}
}

func (a *app) sandboxOnboardCmd() *cobra.Command {
	var key string
	cmd := &cobra.Command{
		Use:   "onboard [--key LABEL]",
		Short: "Take the key's address to a Live account in one step (mint, KYC approve, Form A signed by the key, Live)",
		Long: "The fast path for testers: every step goes through the real end-user API with the key's\n" +
			"signatures (only the vendor review and the activation delay are skipped through the\n" +
			"control surface). The account id is stored in the profile, and the key becomes its EVM key.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			c, p, err := a.ctl(ctx)
			if err != nil {
				return err
			}
			if key == "" {
				key = p.EVMKey
			}
			if key == "" {
				return usagef("--key: the profile has no EVM key; give a key label (see `purse key list`)")
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			entry, err := st.Get(key)
			if err != nil {
				return err
			}
			if entry.Kind != "evm" {
				return usagef("--key: %s is a %s key; onboarding needs an EVM key", key, entry.Kind)
			}
			if p.EVMKey != key {
				p.EVMKey, p.TokenID = key, ""
			}
			signer, err := st.EVMSigner(key, p.Name)
			if err != nil {
				return err
			}
			progress := func(step string) { fmt.Fprintf(a.stderr, "onboard: %s\n", step) }
			tokenID, err := onboard(ctx, c, p, signer, progress)
			if err != nil {
				return err
			}
			p.TokenID = tokenID
			if err := a.saveProfile(p); err != nil {
				return err
			}
			out := map[string]string{"tokenId": tokenID, "address": signer.Address().Hex(), "status": "Live"}
			if err := a.onboardExtras(ctx, c, p, st, out, progress); err != nil {
				return err
			}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "account %s for %s is Live (profile %s)\n", tokenID, out["address"], p.Name)
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label (default: the profile's evm_key)")
	return cmd
}

// onboard walks an account to Live through the real API, skipping only the sandbox's delays.
func onboard(ctx context.Context, ctl *ctlClient, p *config.Profile, s wallet.EVMSigner, progress func(string)) (string, error) {
	api, err := enduser.New(enduser.Options{BaseURL: p.UserAPI, Network: p.Network, TokenID: p.TokenID, Signer: s, Window: p.Window(), RouteOverrides: p.Routes})
	if err != nil {
		return "", err
	}
	tokenID := p.TokenID
	if tokenID == "" {
		tokenID = enduser.NewMintTokenID(nil)
		mc, err := api.WithTokenID(tokenID)
		if err != nil {
			return "", err
		}
		req := enduser.MintRequest{Address: s.Address().Hex()}
		fillSandboxCaptcha(&req)
		if _, err := mc.Mint(ctx, req); err != nil {
			return "", fmt.Errorf("onboard: mint: %w", err)
		}
		progress("minted account " + tokenID)
		api = mc
	}
	for range 6 {
		st, err := api.AccountStatus(ctx)
		if err != nil {
			return "", fmt.Errorf("onboard: account status: %w", err)
		}
		if st.StatusStr == "Live" {
			return tokenID, nil
		}
		if st.StatusStr != "Tourist" {
			return "", fmt.Errorf("onboard: account %s is %s; onboarding starts from Tourist", tokenID, st.StatusStr)
		}
		id, _ := strconv.ParseUint(tokenID, 10, 64)
		switch st.KYCFlow.CurrentStep {
		case 2: // IDScan: the vendor review is approved through the control surface
			if _, err := ctl.do(ctx, http.MethodPost, "kyc-approve", map[string]any{"tokenId": id}); err != nil {
				return "", err
			}
			progress("KYC approved")
		case 3: // SignFormA
			info, err := api.FormAInfo(ctx)
			if err != nil {
				return "", fmt.Errorf("onboard: Form A: %w", err)
			}
			fa, err := wallet.SignFormA(s, info.KYCSelfDec)
			if err != nil {
				return "", err
			}
			if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: info.KYCSelfDec, KYCSelfDecSign: fa.Signature}); err != nil {
				return "", fmt.Errorf("onboard: Form A submit: %w", err)
			}
			progress("Form A signed (" + fa.TextHash + ") and submitted")
		case 4: // Review
			if _, err := ctl.do(ctx, http.MethodPost, "advance", map[string]any{"tokenId": id}); err != nil {
				return "", err
			}
			progress("activation: Live")
		default:
			return "", fmt.Errorf("onboard: KYC step %s (%d) cannot be onboarded automatically", st.KYCFlow.CurrentStepStr, st.KYCFlow.CurrentStep)
		}
	}
	return "", fmt.Errorf("onboard: account %s did not reach Live", tokenID)
}

// Sandbox funding of a Live account's Solana key: enough SOL for fees and USDC to deposit.
const (
	onboardLamports = 2_000_000_000 // 2 SOL
	onboardUSDC     = 100_000_000   // 100 USDC
)

// onboardExtras prepares the alt-chain side of a demo: the profile's Solana key gets SOL
// and USDC, and its partner key is registered with the sandbox's quote endpoint.
func (a *app) onboardExtras(ctx context.Context, c *ctlClient, p *config.Profile, st interface {
	Get(string) (keystore.Entry, error)
}, out map[string]string, progress func(string)) error {
	if p.SolanaKey != "" {
		e, err := st.Get(p.SolanaKey)
		if err != nil {
			return err
		}
		if _, err := c.doPath(ctx, http.MethodPost, "/solana/sandbox/solana-fund", map[string]any{"address": e.Address, "lamports": onboardLamports, "usdc": onboardUSDC}); err != nil {
			return err
		}
		out["solanaAddress"] = e.Address
		progress(fmt.Sprintf("Solana key %s funded with 2 SOL and 100 USDC", e.Address))
	}
	if p.PartnerKey != "" {
		e, err := st.Get(p.PartnerKey)
		if err != nil {
			return err
		}
		if _, err := c.do(ctx, http.MethodPost, "partner-register", map[string]string{"address": e.Address}); err != nil {
			return err
		}
		out["partnerKey"] = e.Address
		progress("partner key " + e.Address + " registered for alt-chain quotes")
	}
	return nil
}
