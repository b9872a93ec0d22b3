package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

const (
	defaultPermitTTL = 30 * time.Minute
	maxPermitTTL     = 24 * time.Hour
)

func addPermitCommands(a *cli, root *cobra.Command) { root.AddCommand(a.permitCmd()) }

// permitOutput is what `purse permit --json` prints.
type permitOutput struct {
	Token            string `json:"token"`
	TokenAddress     string `json:"tokenAddress"`
	Spender          string `json:"spender"`
	Role             string `json:"role"`
	Amount           string `json:"amount"`
	PermitAmount     string `json:"permitAmount"`
	Value            string `json:"value"`
	Nonce            string `json:"nonce"`
	Deadline         int64  `json:"deadline"`
	Digest           string `json:"digest"`
	Signature        string `json:"signature"`
	TxHash           string `json:"txHash"`
	AlreadyPermitted bool   `json:"alreadyPermitted"`
	Allowance        string `json:"allowance"`
}

// resolveToken finds a token of the home chain by symbol (case-insensitive) or address.
func resolveToken(ch enduser.Chain, s string) (homechain.Token, error) {
	if s == "" {
		return homechain.Token{}, usagef("--token: expected a token symbol such as EUR24 or its address")
	}
	t, err := ch.FindToken(s)
	if err != nil {
		return homechain.Token{}, usagef("--token: %v", err)
	}
	return t, nil
}

// spenderRoles maps the --spender words to a spender role and the name output shows.
var spenderRoles = map[string]struct{ role, shown string }{
	"card":        {enduser.SpenderCard, "card"},
	"deposit":     {enduser.SpenderDeposit, "deposit"},
	"bufferpool":  {enduser.SpenderBufferPool, "bufferPool"},
	"buffer-pool": {enduser.SpenderBufferPool, "bufferPool"},
	"buffer_pool": {enduser.SpenderBufferPool, "bufferPool"},
}

// resolveSpender maps --spender to a role and an address (design 2.5).
func resolveSpender(p *config.Profile, ch enduser.Chain, s string) (role string, addr common.Address, err error) {
	if r, ok := spenderRoles[strings.ToLower(s)]; ok {
		a, err := ch.Spender(r.role, p.CardSpender)
		if err != nil {
			return "", common.Address{}, fmt.Errorf("--spender %s: %v", r.shown, err)
		}
		return r.shown, a, nil
	}
	if s == "" {
		return "", common.Address{}, usagef("--spender: expected card, deposit, bufferpool or a 0x address")
	}
	a, err := parseAddress("--spender", s)
	if err != nil {
		return "", common.Address{}, usagef("--spender: expected card, deposit, bufferpool or a 0x address, got %q", s)
	}
	if a == (common.Address{}) {
		return "", common.Address{}, usagef("--spender: the zero address cannot be a spender")
	}
	return "explicit", a, nil
}

// parseHumanAmount converts a human amount flag to smallest units, exactly.
func parseHumanAmount(flag, s string, decimals uint8) (decimal.Decimal, *big.Int, error) {
	v, err := homechain.ParseAmount(s, decimals)
	if err != nil {
		return decimal.Decimal{}, nil, usagef("%s: %v", flag, err)
	}
	return homechain.FromSmallest(v, decimals), v, nil
}

// confirmYes asks a y/N question on the terminal; only y or yes proceeds.
func confirmYes(tty terminal, question string) error {
	fmt.Fprintf(tty, "%s [y/N]: ", question)
	line, err := bufio.NewReader(tty).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("confirmation: no answer (%v); nothing was signed", err)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return errors.New("permit declined; nothing was signed")
}

// permitRefusal turns the chain's refusals to build the permit into exit 3.
func permitRefusal(err error) error {
	var dm *homechain.DomainMismatchError
	if errors.As(err, &dm) || strings.HasPrefix(err.Error(), "permit refused") {
		return rejectedErr{fmt.Errorf("%w; nothing was signed", err)}
	}
	return err
}

func writePermitReview(w io.Writer, tok homechain.Token, role string, p wallet.Permit, amount, permitAmount decimal.Decimal, digest common.Hash) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	dec := int32(tok.Decimals)
	fmt.Fprintf(tw, "EIP-2612 permit\t\n")
	fmt.Fprintf(tw, "  token\t%s %s\n", tok.Symbol, tok.Address.Hex())
	fmt.Fprintf(tw, "  owner\t%s\n", p.Owner.Hex())
	fmt.Fprintf(tw, "  spender\t%s %s\n", role, p.Spender.Hex())
	fmt.Fprintf(tw, "  amount\t%s %s\n", amount.StringFixed(dec), tok.Symbol)
	fmt.Fprintf(tw, "  value (signed)\t%s %s = %s smallest units\n", permitAmount.StringFixed(dec), tok.Symbol, p.Value)
	fmt.Fprintf(tw, "  nonce\t%s\n", p.Nonce)
	fmt.Fprintf(tw, "  deadline\t%s (%s)\n", p.Deadline, time.Unix(p.Deadline.Int64(), 0).UTC().Format(time.RFC3339))
	fmt.Fprintf(tw, "  domain\tname %q, version %q, chainId %s, verifyingContract %s\n", p.Domain.Name, p.Domain.Version, p.Domain.ChainID, p.Domain.VerifyingContract.Hex())
	fmt.Fprintf(tw, "  digest\t%s\n", digest.Hex())
	_ = tw.Flush()
}

func (a *cli) permitCmd() *cobra.Command {
	var token, amountStr, permitAmountStr, spenderStr string
	var ttl time.Duration
	var yes bool
	cmd := &cobra.Command{
		Use:   "permit --token SYMBOL|ADDR --amount 25.00 [--permit-amount X] --spender card|deposit|bufferpool|0x... [--ttl 30m] [--yes]",
		Short: "Sign an EIP-2612 permit read from the chain, submit it (token-permit) and show the allowance",
		Long: "Resolves the token from the chain configuration, reads name, version, nonce and\n" +
			"DOMAIN_SEPARATOR from the profile's evm_rpc (refusing, exit 3, when the rebuilt domain\n" +
			"differs), shows the typed data and asks y/N on the terminal (--yes skips the question),\n" +
			"signs with the profile's EVM key, submits through token-permit and reads the allowance.\n" +
			"Spenders: card (profile card_spender), deposit (depositContract), bufferpool\n" +
			"(bufferPoolContract) or an explicit address.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if amountStr == "" {
				return usagef("--amount: expected a decimal amount such as 25.00")
			}
			if spenderStr == "" {
				return usagef("--spender: expected card, deposit, bufferpool or a 0x address")
			}
			if ttl <= 0 || ttl > maxPermitTTL {
				return usagef("--ttl: expected a duration above 0 and at most %s, got %s", maxPermitTTL, ttl)
			}
			// The question needs a terminal: make sure there is one before anything is read or signed.
			var tty terminal
			if !yes {
				t, err := openTerminal()
				if err != nil {
					return fmt.Errorf("permit: %w (%v); pass --yes to sign without the question; nothing was signed", errNoTerminal, err)
				}
				defer t.Close()
				tty = t
			}
			s, err := a.setupHomeChain(ctx, apiNeeds{account: true})
			if err != nil {
				return err
			}
			defer s.chain.Close()
			p := s.profile
			tok, err := resolveToken(s.config, token)
			if err != nil {
				return err
			}
			amount, _, err := parseHumanAmount("--amount", amountStr, tok.Decimals)
			if err != nil {
				return err
			}
			permitAmount, value := amount, (*big.Int)(nil)
			if permitAmountStr != "" {
				if permitAmount, value, err = parseHumanAmount("--permit-amount", permitAmountStr, tok.Decimals); err != nil {
					return err
				}
				if permitAmount.LessThan(amount) {
					return usagef("--permit-amount %s is below --amount %s: the signed value must cover the amount", permitAmountStr, amountStr)
				}
			} else if _, value, err = parseHumanAmount("--amount", amountStr, tok.Decimals); err != nil {
				return err
			}
			role, spender, err := resolveSpender(p, s.config, spenderStr)
			if err != nil {
				return err
			}
			owner, err := a.profileKeyAddress(p)
			if err != nil {
				return err
			}
			core, err := a.app()
			if err != nil {
				return err
			}
			plan := app.PermitPlan{Token: tok, Amount: amount, PermitAmount: permitAmount, Value: value, Role: role, Spender: spender}
			pr, err := core.PreparePermit(ctx, owner, plan, time.Now().Add(ttl))
			if err != nil {
				return permitRefusal(err)
			}
			permit, digest := pr.Permit, pr.Digest
			if tty != nil {
				writePermitReview(tty, tok, role, permit, amount, permitAmount, digest)
				if err := confirmYes(tty, "Sign this permit?"); err != nil {
					return err
				}
			} else if !a.jsonOut {
				writePermitReview(a.stderr, tok, role, permit, amount, permitAmount, digest)
			}
			// Sign with the profile's key, submit through token-permit, read the allowance:
			// the same call the Permit screen makes.
			sub, err := core.SubmitPermit(ctx, nil, pr, nil)
			if err != nil {
				if sub.Sig != nil && sub.Result.TxHash == "" {
					return fmt.Errorf("%w (the permit was signed: %s)", err, sub.Sig.Signature)
				}
				return err
			}
			sig, res, allowance := *sub.Sig, sub.Result, sub.Allowance
			out := permitOutput{
				Token: tok.Symbol, TokenAddress: tok.Address.Hex(), Spender: spender.Hex(), Role: role,
				Amount: amount.StringFixed(int32(tok.Decimals)), PermitAmount: permitAmount.StringFixed(int32(tok.Decimals)),
				Value: permit.Value.String(), Nonce: permit.Nonce.String(), Deadline: permit.Deadline.Int64(),
				Digest: sig.Digest, Signature: sig.Signature, TxHash: res.TxHash, AlreadyPermitted: res.AlreadyPermitted,
				Allowance: allowance.String(),
			}
			return a.print(out, func(w io.Writer) {
				if res.AlreadyPermitted {
					fmt.Fprintf(w, "already permitted: %s (%s) may already move at least %s %s (10011)\n", role, spender.Hex(), out.PermitAmount, tok.Symbol)
				} else {
					fmt.Fprintf(w, "permit submitted: tx %s (status %s)\n", res.TxHash, res.Status)
				}
				fmt.Fprintf(w, "allowance of %s %s: %s %s (%s smallest units)\n", role, spender.Hex(), homechain.FormatSmallest(allowance, tok.Decimals), tok.Symbol, allowance)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&token, "token", "", "token symbol (EUR24) or address, from the chain configuration")
	f.StringVar(&amountStr, "amount", "", "business amount in the token's units, e.g. 25.00")
	f.StringVar(&permitAmountStr, "permit-amount", "", "signed value in the token's units (default: --amount)")
	f.StringVar(&spenderStr, "spender", "", "card, deposit, bufferpool or a 0x address")
	f.DurationVar(&ttl, "ttl", defaultPermitTTL, "permit deadline from now (at most 24h)")
	f.BoolVar(&yes, "yes", false, "sign without asking on the terminal")
	return cmd
}
