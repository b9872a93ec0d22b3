package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/spf13/cobra"

	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
)

// discoveryTimeout bounds the account look-up that follows key creation: a chain that does
// not answer quickly is reported and skipped, the key is kept.
const discoveryTimeout = 5 * time.Second

func addChainReadCommands(a *cli, root *cobra.Command) {
	root.AddCommand(a.balancesCmd())
	for _, c := range root.Commands() {
		if c.Name() == "account" {
			c.AddCommand(a.accountFindCmd())
			return
		}
	}
	account := &cobra.Command{Use: "account", Short: "Account: status, mint, find"}
	account.AddCommand(a.accountFindCmd())
	root.AddCommand(account)
}

// profileChain is the home chain the profile points at.
func profileChain(p *config.Profile) homechain.ProfileChain {
	return homechain.ProfileChain{RPC: p.EVMRPC, Network: p.Network, AccountNFT: p.AccountNFT}
}

// chainSettingErr says which profile the missing or wrong chain setting belongs to and how
// to set it.
func chainSettingErr(p *config.Profile, err error) error {
	return fmt.Errorf("profile %s: %v (`purse profile set evm_rpc=URL account_nft=0x...`)", p.Name, err)
}

// keyAddress is the address of an EVM key of the store, read without unlocking the key.
func (a *cli) keyAddress(label string) (common.Address, error) {
	st, err := a.openStore()
	if err != nil {
		return common.Address{}, err
	}
	e, err := st.Get(label)
	if err != nil {
		return common.Address{}, err
	}
	if e.Kind != keystore.KindEVM {
		return common.Address{}, usagef("key %s is a %s key; an EVM key is needed", label, e.Kind)
	}
	return common.HexToAddress(e.Address), nil
}

// profileKeyAddress is the address of the profile's EVM key.
func (a *cli) profileKeyAddress(p *config.Profile) (common.Address, error) {
	if p.EVMKey == "" {
		return common.Address{}, fmt.Errorf("profile %s has no EVM key: `purse profile set evm_key=LABEL` (see `purse key list`)", p.Name)
	}
	return a.keyAddress(p.EVMKey)
}

// homeChainSetup is what balances and permit read first: the profile, the chain client and
// the home chain's configuration (read logged out: nothing is signed for it).
type homeChainSetup struct {
	profile *config.Profile
	api     *enduser.Client
	chain   *homechain.Client
	config  enduser.Chain
}

func (a *cli) setupHomeChain(ctx context.Context, need apiNeeds) (*homeChainSetup, error) {
	c, p, err := a.apiClient(ctx, need)
	if err != nil {
		return nil, err
	}
	hc, err := profileChain(p).Dial(ctx)
	if err != nil {
		return nil, chainSettingErr(p, err)
	}
	id, err := hc.ChainID(ctx)
	if err != nil {
		hc.Close()
		return nil, err
	}
	cc, err := c.ChainConfigsLoggedOut(ctx)
	if err != nil {
		hc.Close()
		return nil, err
	}
	ch, err := cc.Home(id)
	if err != nil {
		hc.Close()
		return nil, err
	}
	return &homeChainSetup{profile: p, api: c, chain: hc, config: ch}, nil
}

func (a *cli) balancesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "balances",
		Short: "On-chain balances of the profile's EVM key for every token of the home chain",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			s, err := a.setupHomeChain(ctx, apiNeeds{})
			if err != nil {
				return err
			}
			defer s.chain.Close()
			owner, err := a.profileKeyAddress(s.profile)
			if err != nil {
				return err
			}
			tokens, err := s.config.ERC20Tokens()
			if err != nil {
				return err
			}
			bals, err := s.chain.Balances(ctx, owner, tokens)
			if err != nil {
				return err
			}
			type row struct {
				Symbol   string `json:"symbol"`
				Address  string `json:"address"`
				Decimals uint8  `json:"decimals"`
				Amount   string `json:"amount"`
				Raw      string `json:"raw"`
			}
			rows := make([]row, 0, len(bals))
			for _, b := range bals {
				rows = append(rows, row{b.Token.Symbol, b.Token.Address.Hex(), b.Token.Decimals, homechain.FormatSmallest(b.Smallest, b.Token.Decimals), b.Smallest.String()})
			}
			out := map[string]any{"owner": owner.Hex(), "chain": s.config.ChainIdentifier, "balances": rows}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "balances of %s on %s\n", owner.Hex(), s.config.ChainIdentifier)
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintln(tw, "SYMBOL\tAMOUNT\tRAW\tADDRESS")
				for _, r := range rows {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Symbol, r.Amount, r.Raw, r.Address)
				}
				_ = tw.Flush()
			})
		},
	}
}

// lookupAccount reads the account NFT owned by owner on the profile's chain.
func lookupAccount(ctx context.Context, p *config.Profile, owner common.Address, opts ...homechain.Option) (uint64, bool, error) {
	id, found, err := profileChain(p).FindAccount(ctx, owner, opts...)
	if err != nil && (p.EVMRPC == "" || p.AccountNFT == "") {
		err = chainSettingErr(p, err)
	}
	return id, found, err
}

func (a *cli) accountFindCmd() *cobra.Command {
	var key string
	cmd := &cobra.Command{
		Use:   "find [--key LABEL]",
		Short: "Find the account NFT of the profile's EVM key on the home chain and store its id in the profile",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			p, err := a.activeProfile()
			if err != nil {
				return err
			}
			if key == "" {
				key = p.EVMKey
			}
			if key == "" {
				return usagef("--key: the profile has no EVM key; give a key label (see `purse key list`)")
			}
			owner, err := a.keyAddress(key)
			if err != nil {
				return err
			}
			id, found, err := lookupAccount(ctx, p, owner)
			if err != nil {
				return err
			}
			if !found {
				return fmt.Errorf("no account on chain for %s (key %s, account NFT %s): `purse account mint` makes one", owner.Hex(), key, p.AccountNFT)
			}
			p.EVMKey, p.TokenID = key, strconv.FormatUint(id, 10)
			if err := a.saveProfile(p); err != nil {
				return err
			}
			out := map[string]string{"tokenId": p.TokenID, "address": owner.Hex(), "key": key, "profile": p.Name}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "account %s belongs to %s (key %s); stored in profile %s\n", p.TokenID, owner.Hex(), key, p.Name)
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label (default: the profile's evm_key); stored as evm_key when found")
	return cmd
}

// existingAccount is the mint guard: the on-chain account the profile's key already owns,
// when the profile can read the chain. A chain that cannot be read is not a refusal.
func (a *cli) existingAccount(ctx context.Context, p *config.Profile, owner common.Address) (uint64, bool, error) {
	if p.EVMRPC == "" || p.AccountNFT == "" {
		return 0, false, nil
	}
	return lookupAccount(ctx, p, owner)
}

var errNoTerminal = errors.New("no terminal to confirm on")
