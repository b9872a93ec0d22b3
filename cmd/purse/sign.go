package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/sign"
	"purse/protocol"
)

// The offline signing and verification commands: flags → app/sign → print.

func addSignCommands(a *cli, root *cobra.Command) {
	signCmd := &cobra.Command{Use: "sign", Short: "Sign locally, offline: full-auth headers, mint consent, permits, Form A, messages, EIP-712 typed data",
		Annotations: map[string]string{localOnly: "true"}}
	signCmd.AddCommand(a.signFullAuthCmd(), a.signMintConsentCmd(), a.signPermitCmd(), a.signFormACmd(), a.signPersonalCmd(), a.signTypedDataCmd())
	signCmd.PersistentFlags().BoolVar(&a.explain, "explain", false, "say what the signing policy decides for the request this command builds, and which line and limit decide it, instead of signing it (nothing is signed, asked or recorded)")
	verifyCmd := &cobra.Command{Use: "verify", Short: "Recover the signer of a signature; exit 3 when it is not the expected address"}
	verifyCmd.AddCommand(a.verifyPersonalCmd(), a.verifyFullAuthCmd(), a.verifyPermitCmd())
	root.AddCommand(signCmd, verifyCmd)
}

// required marks flags required.
func required(cmd *cobra.Command, names ...string) {
	for _, n := range names {
		_ = cmd.MarkFlagRequired(n)
	}
}

// deadlineFlags binds --deadline (and --ttl unless the deadline is required).
func deadlineFlags(cmd *cobra.Command, withTTL bool) func() sign.Deadline {
	var at int64
	var ttl time.Duration
	var any bool
	cmd.Flags().Int64Var(&at, "deadline", 0, "deadline as Unix seconds, within 20 minutes from now")
	cmd.Flags().BoolVar(&any, "allow-any-deadline", false, "sign a --deadline in the past or more than 20 minutes ahead (a test credential the service refuses; an agent always asks before signing it)")
	if withTTL {
		cmd.Flags().DurationVar(&ttl, "ttl", 0, "deadline as now + TTL (default 5m, at most 20m)")
	}
	return func() sign.Deadline {
		d := sign.Deadline{Default: withTTL, Any: any}
		if cmd.Flags().Changed("deadline") {
			d.At = &at
		}
		if cmd.Flags().Changed("ttl") {
			d.TTL = &ttl
		}
		return d
	}
}

// readInput reads the file of a flag ("-": stdin), capped at limit (app.ReadInput).
func (a *cli) readInput(flag, path string, limit int64) ([]byte, error) {
	return app.ReadInput(flag, path, a.stdin, limit)
}

// payload reads --body-file or --query (at most one).
func (a *cli) payload(cmd *cobra.Command, bodyFile, query string) (sign.Payload, error) {
	hasBody, hasQuery := cmd.Flags().Changed("body-file"), cmd.Flags().Changed("query")
	switch {
	case hasBody && hasQuery:
		return sign.Payload{}, usagef("give --body-file or --query, not both")
	case hasBody:
		b, err := a.readInput("body-file", bodyFile, app.MaxBodyBytes)
		if b == nil {
			b = []byte{}
		}
		return sign.Payload{Body: b}, err
	case hasQuery:
		return sign.Payload{Query: &query}, nil
	}
	return sign.Payload{}, nil
}

func (a *cli) signFullAuthCmd() *cobra.Command {
	var in sign.FullAuthInput
	var bodyFile, query string
	var deadline func() sign.Deadline
	cmd := a.command("full-auth --key L --token-id N --network N --method GET|POST (--body-file F | --query Q) [--deadline UNIX | --ttl 5m] [--curl URL]",
		"Sign the end-user full-auth headers of one request", func(cmd *cobra.Command, core *app.App) error {
			var err error
			if in.Payload, err = a.payload(cmd, bodyFile, query); err != nil {
				return err
			}
			in.Deadline = deadline()
			out, err := sign.New(core).FullAuth(in, nil, core.Now())
			if err != nil {
				return err
			}
			a.warnIf(out.Warning)
			return a.print(out, func(w *humanOut) {
				w.Printf("tokenId:  %s\nnetwork:  %s\nhash:     %s\ndeadline: %s\nsign:     %s\nsigned:   %q\n", out.TokenID, out.Network, out.Hash, out.Deadline, out.Sign, out.Message)
				if out.Curl != "" {
					w.Println(out.Curl)
				}
			})
		})
	deadline = deadlineFlags(cmd, true)
	f := cmd.Flags()
	f.StringVar(&in.Key, "key", "", "EVM key label")
	f.StringVar(&in.TokenID, "token-id", "", "account id (tokenId header)")
	f.StringVar(&in.Network, "network", "", "network header (5000 mainnet, 5003 testnet)")
	f.StringVar(&in.Method, "method", "", "GET or POST")
	f.StringVar(&bodyFile, "body-file", "", "exact POST body bytes ('-' for stdin)")
	f.StringVar(&query, "query", "", "exact GET query string, without '?'")
	f.StringVar(&in.URL, "curl", "", "also print a ready-to-run curl command for this URL")
	f.StringVar(&in.Route, "route", "", "the call signed for: a route name (transactions, token-permit, ...) or path; the agent's policy judges by it (default: the --curl URL's path, else unknown)")
	required(cmd, "key", "token-id", "network", "method")
	return cmd
}

func (a *cli) signMintConsentCmd() *cobra.Command {
	var key, hash, email string
	var deadline func() sign.Deadline
	cmd := a.command("mint-consent --key L --hash TEXT [--email E] --deadline UNIX", "Sign the mint consent and print the /v1/mint/nft body", func(_ *cobra.Command, core *app.App) error {
		mc, err := sign.New(core).MintConsent(key, hash, email, deadline(), nil, core.Now())
		if err != nil {
			return err
		}
		a.warnIf(mc.Warning)
		return a.print(mc, func(w *humanOut) {
			w.Printf("POST /v1/mint/nft body:\n  email:      %s\n  evmAddress: %s\n  signature:  %s\n  hash:       %s\n  deadline:   %s\nsigned: %q\n", mc.Email, mc.EVMAddress, mc.Signature, mc.Hash, mc.Deadline, mc.Message)
		})
	})
	deadline = deadlineFlags(cmd, false)
	// The service accepts a consent for 300 s, not a full-auth credential's 20 minutes.
	cmd.Flags().Lookup("deadline").Usage = fmt.Sprintf("deadline as Unix seconds, within %s from now", protocol.MaxMintConsentWindow)
	cmd.Flags().Lookup("allow-any-deadline").Usage = fmt.Sprintf("sign a --deadline in the past or more than %s ahead (a test credential the service refuses; an agent always asks before signing it)", protocol.MaxMintConsentWindow)
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	cmd.Flags().StringVar(&hash, "hash", "", "consent text (the mint's free-text hash)")
	cmd.Flags().StringVar(&email, "email", "", "email for the mint body")
	required(cmd, "key", "hash")
	return cmd
}

// permitFlags binds the fields of an offline permit.
func permitFlags(cmd *cobra.Command, in *sign.PermitInput) {
	f := cmd.Flags()
	f.StringVar(&in.Token, "token", "", "token contract (EIP-712 verifyingContract)")
	f.StringVar(&in.Name, "name", "", "token name() (EIP-712 domain name)")
	f.StringVar(&in.Version, "version", "1", "EIP-712 domain version")
	f.StringVar(&in.ChainID, "chain-id", "", "chain id")
	f.StringVar(&in.Spender, "spender", "", "spender address")
	f.StringVar(&in.Value, "value", "", "value in the token's smallest units")
	f.StringVar(&in.Nonce, "nonce", "", "the owner's current nonces(owner)")
	f.Int64Var(&in.Deadline, "deadline", 0, "deadline as Unix seconds")
	required(cmd, "token", "name", "chain-id", "spender", "value", "nonce", "deadline")
}

func (a *cli) signPermitCmd() *cobra.Command {
	var key string
	var in sign.PermitInput
	cmd := a.command("permit --key L --token ADDR --name NAME [--version 1] --chain-id N --spender ADDR --value N --nonce N --deadline UNIX",
		"Sign an EIP-2612 permit offline (value in smallest units)", func(_ *cobra.Command, core *app.App) error {
			ps, err := sign.New(core).Permit(key, in, nil, time.Now())
			if err != nil {
				return err
			}
			a.warnIf(ps.Warning)
			p := ps.Permit
			return a.print(ps, func(w *humanOut) {
				w.Printf("owner:     %s\nspender:   %s\nvalue:     %s\nnonce:     %s\ndeadline:  %d\ndomain:    %s v%s chain %s %s\ndigest:    %s\nv:         %d\nr:         %s\ns:         %s\nsignature: %s\n",
					p.Owner.Hex(), p.Spender.Hex(), p.Value, p.Nonce, in.Deadline, p.Domain.Name, p.Domain.Version, p.Domain.ChainID, p.Domain.VerifyingContract.Hex(), ps.Digest, ps.V, ps.R, ps.S, ps.Signature)
			})
		})
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	required(cmd, "key")
	permitFlags(cmd, &in)
	return cmd
}

func (a *cli) signFormACmd() *cobra.Command {
	var key, textFile string
	cmd := a.command("form-a --key L --text-file F", "Sign the exact Form A text (EIP-191) and print its keccak256 textHash", func(_ *cobra.Command, core *app.App) error {
		text, err := a.readInput("text-file", textFile, app.MaxFormABytes)
		if err != nil {
			return err
		}
		fa, err := sign.New(core).FormA(key, text, nil)
		if err != nil {
			return err
		}
		return a.printRows(fa, [][2]string{{"textHash:", fa.TextHash}, {"signature:", fa.Signature}})
	})
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	cmd.Flags().StringVar(&textFile, "text-file", "", "file holding the exact Form A text ('-' for stdin)")
	required(cmd, "key", "text-file")
	return cmd
}

// message binds --message / --message-file and returns their reader.
func (a *cli) message(cmd *cobra.Command) func() ([]byte, error) {
	var message, file string
	cmd.Flags().StringVar(&message, "message", "", "message text")
	cmd.Flags().StringVar(&file, "message-file", "", "file holding the exact message bytes ('-' for stdin)")
	return func() ([]byte, error) {
		hasM, hasF := cmd.Flags().Changed("message"), cmd.Flags().Changed("message-file")
		switch {
		case hasM == hasF:
			return nil, usagef("give exactly one of --message or --message-file")
		case hasM:
			return []byte(message), nil
		}
		return a.readInput("message-file", file, app.MaxMessageBytes)
	}
}

func (a *cli) signPersonalCmd() *cobra.Command {
	var key string
	var msg func() ([]byte, error)
	cmd := a.command("personal --key L (--message-file F | --message M)", "EIP-191 personal_sign of a message", func(_ *cobra.Command, core *app.App) error {
		m, err := msg()
		if err != nil {
			return err
		}
		ps, err := sign.New(core).Personal(key, m, nil)
		if err != nil {
			return err
		}
		return a.printRows(ps, [][2]string{{"address:", ps.Address}, {"signature:", ps.Signature}})
	})
	msg = a.message(cmd)
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	required(cmd, "key")
	return cmd
}

func (a *cli) signTypedDataCmd() *cobra.Command {
	var key, file string
	cmd := a.command("typed-data --key L --file F", "EIP-712 typed data (eth_signTypedData_v4) of a JSON document: types, primaryType, domain, message", func(_ *cobra.Command, core *app.App) error {
		doc, err := a.readInput("file", file, app.MaxTypedDataBytes)
		if err != nil {
			return err
		}
		ts, err := sign.New(core).TypedData(key, doc, nil)
		if err != nil {
			return err
		}
		return a.printRows(ts, [][2]string{{"address:", ts.Address}, {"signature:", ts.Signature}, {"digest:", ts.Digest},
			{"domain hash:", ts.DomainSeparator}, {"message hash:", ts.MessageHash}})
	})
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	cmd.Flags().StringVar(&file, "file", "", "the EIP-712 document as JSON ('-' for stdin)")
	required(cmd, "key", "file")
	return cmd
}

// verified prints a verification; a mismatch comes back as the error (exit 3).
func (a *cli) verified(v sign.Verification, err error) error {
	if v.Recovered != "" {
		_ = a.printRows(v, [][2]string{{"recovered:", v.Recovered}, {"note:", v.Note}})
	}
	return err
}

func (a *cli) verifyPersonalCmd() *cobra.Command {
	var address, signature string
	var msg func() ([]byte, error)
	cmd := &cobra.Command{Use: "personal --address A (--message M | --message-file F) --signature S", Short: "Recover the signer of an EIP-191 personal_sign", Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			m, err := msg()
			if err != nil {
				return err
			}
			return a.verified(sign.VerifyPersonal(address, m, signature))
		}}
	msg = a.message(cmd)
	cmd.Flags().StringVar(&address, "address", "", "expected signer")
	cmd.Flags().StringVar(&signature, "signature", "", "0x-prefixed 65-byte signature")
	required(cmd, "address", "signature")
	return cmd
}

func (a *cli) verifyFullAuthCmd() *cobra.Command {
	var address, hash, deadline, signHeader, bodyFile, query string
	cmd := &cobra.Command{Use: "full-auth --address A --hash H --deadline D --sign S [--body-file F | --query Q]",
		Short: "Recover the signer of full-auth headers; with a payload, also check the hash", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			payload, err := a.payload(cmd, bodyFile, query)
			if err != nil {
				return err
			}
			return a.verified(sign.VerifyFullAuth(address, hash, deadline, signHeader, payload))
		},
	}
	f := cmd.Flags()
	f.StringVar(&address, "address", "", "expected signer")
	f.StringVar(&hash, "hash", "", "hash header")
	f.StringVar(&deadline, "deadline", "", "deadline header")
	f.StringVar(&signHeader, "sign", "", "sign header")
	f.StringVar(&bodyFile, "body-file", "", "the POST body, to check the hash")
	f.StringVar(&query, "query", "", "the GET query string, to check the hash")
	required(cmd, "address", "hash", "deadline", "sign")
	return cmd
}

func (a *cli) verifyPermitCmd() *cobra.Command {
	var in sign.PermitInput
	var owner, signature string
	cmd := &cobra.Command{Use: "permit --owner A --token ADDR --name NAME [--version 1] --chain-id N --spender ADDR --value N --nonce N --deadline UNIX --signature S",
		Short: "Recover the signer of an EIP-2612 permit", Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error { return a.verified(sign.VerifyPermit(owner, in, signature)) }}
	permitFlags(cmd, &in)
	cmd.Flags().StringVar(&owner, "owner", "", "owner address (the expected signer)")
	cmd.Flags().StringVar(&signature, "signature", "", "0x-prefixed 65-byte signature")
	required(cmd, "owner", "signature")
	return cmd
}
