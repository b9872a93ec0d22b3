package main

import (
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/spf13/cobra"

	"purse/enduser"
	"purse/protocol"
	"purse/wallet"
)

func addSignCommands(a *cli, root *cobra.Command) {
	sign := &cobra.Command{Use: "sign", Short: "Sign locally, offline: full-auth headers, mint consent, permits, Form A, messages"}
	sign.AddCommand(a.signFullAuthCmd(), a.signMintConsentCmd(), a.signPermitCmd(), a.signFormACmd(), a.signPersonalCmd())
	verify := &cobra.Command{Use: "verify", Short: "Recover the signer of a signature; exit 3 when it is not the expected address"}
	verify.AddCommand(a.verifyPersonalCmd(), a.verifyFullAuthCmd(), a.verifyPermitCmd())
	root.AddCommand(sign, verify)
}

// evmSigner opens the keystore and returns the audited signer of label.
func (a *cli) evmSigner(label string) (wallet.EVMSigner, error) {
	if label == "" {
		return nil, usagef("--key: expected a key label (see `purse key list`)")
	}
	st, err := a.openStore()
	if err != nil {
		return nil, err
	}
	return st.EVMSigner(label, a.profileNameForAudit())
}

// profileNameForAudit names the profile in audit records; offline commands work without one.
func (a *cli) profileNameForAudit() string {
	if a.profile != "" {
		return a.profile
	}
	if s, err := a.profiles(); err == nil {
		return s.Active
	}
	return ""
}

// deadlineFlags resolves --deadline / --ttl for offline signing. Testers craft expired or
// over-long deadlines on purpose, so an explicit --deadline is taken with a warning; a
// --ttl above the service's 20-minute maximum is an error.
type deadlineFlags struct {
	deadline int64
	ttl      time.Duration
}

func (d *deadlineFlags) bind(cmd *cobra.Command, required bool) {
	cmd.Flags().Int64Var(&d.deadline, "deadline", 0, "deadline as Unix seconds")
	if !required {
		cmd.Flags().DurationVar(&d.ttl, "ttl", 0, "deadline as now + TTL (default 5m, at most 20m)")
	}
}

func (d *deadlineFlags) resolve(a *cli, cmd *cobra.Command, now time.Time) (int64, error) {
	hasDeadline := cmd.Flags().Changed("deadline")
	hasTTL := cmd.Flags().Changed("ttl")
	switch {
	case hasDeadline && hasTTL:
		return 0, usagef("give --deadline or --ttl, not both")
	case hasDeadline:
		if d.deadline <= 0 {
			return 0, usagef("--deadline: expected Unix seconds above 0, got %d", d.deadline)
		}
		warnDeadline(a, d.deadline, now)
		return d.deadline, nil
	case hasTTL:
		if d.ttl <= 0 || d.ttl > protocol.MaxFullAuthWindow {
			return 0, usagef("--ttl: expected a duration above 0 and at most %s, got %s", protocol.MaxFullAuthWindow, d.ttl)
		}
		return now.Add(d.ttl).Unix(), nil
	case cmd.Flags().Lookup("ttl") != nil:
		return now.Add(protocol.DefaultFullAuthWindow).Unix(), nil
	default:
		return 0, usagef("--deadline: required (Unix seconds)")
	}
}

func warnDeadline(a *cli, deadline int64, now time.Time) {
	switch {
	case deadline <= now.Unix():
		a.warn("deadline %d is in the past (%s ago): the service will reject it", deadline, now.Sub(time.Unix(deadline, 0)).Round(time.Second))
	case deadline > now.Unix()+protocol.MaxFullAuthWindowSeconds:
		a.warn("deadline %d is more than 20 minutes ahead: the service will reject it", deadline)
	}
}

// readInput reads a file argument; "-" is stdin.
func (a *cli) readInput(flag, path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(a.stdin)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("%s: %v", flag, err)
	}
	return b, nil
}

func (a *cli) signFullAuthCmd() *cobra.Command {
	var key, tokenID, network, method, bodyFile, query, curlURL string
	var dl deadlineFlags
	cmd := &cobra.Command{
		Use:   "full-auth --key L --token-id N --network N --method GET|POST (--body-file F | --query Q) [--deadline UNIX | --ttl 5m] [--curl URL]",
		Short: "Sign the end-user full-auth headers of one request",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !isDigits(tokenID) {
				return usagef("--token-id: expected the account id in digits, got %q", tokenID)
			}
			if !isDigits(network) {
				return usagef("--network: expected a chain id in digits (5000, 5003), got %q", network)
			}
			method = strings.ToUpper(method)
			var payload []byte
			switch method {
			case "GET":
				if cmd.Flags().Changed("body-file") {
					return usagef("--body-file: a GET has no body; use --query")
				}
				query = strings.TrimPrefix(query, "?")
				payload = []byte(query)
			case "POST":
				if cmd.Flags().Changed("query") {
					return usagef("--query: a POST signs its body; use --body-file")
				}
				if bodyFile != "" {
					b, err := a.readInput("--body-file", bodyFile)
					if err != nil {
						return err
					}
					payload = b
				}
			default:
				return usagef("--method: expected GET or POST, got %q", method)
			}
			deadline, err := dl.resolve(a, cmd, time.Now())
			if err != nil {
				return err
			}
			s, err := a.evmSigner(key)
			if err != nil {
				return err
			}
			fa, err := wallet.SignFullAuth(s, payload, deadline)
			if err != nil {
				return err
			}
			out := struct {
				TokenID      string `json:"tokenId"`
				Network      string `json:"network"`
				Hash         string `json:"hash"`
				Deadline     string `json:"deadline"`
				Sign         string `json:"sign"`
				Intermediate string `json:"intermediate"`
				Message      string `json:"message"`
				Curl         string `json:"curl,omitempty"`
			}{tokenID, network, fa.Hash, strconv.FormatInt(fa.Deadline, 10), fa.Sign, fa.Intermediate, fa.Message, ""}
			if curlURL != "" {
				out.Curl = fullAuthCurl(method, curlURL, query, payload, []enduser.Header{
					{Name: "tokenId", Value: tokenID}, {Name: "network", Value: network}, {Name: "hash", Value: fa.Hash},
					{Name: "deadline", Value: out.Deadline}, {Name: "sign", Value: fa.Sign},
				})
			}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "tokenId:  %s\nnetwork:  %s\nhash:     %s\ndeadline: %s\nsign:     %s\nsigned:   %q\n", out.TokenID, out.Network, out.Hash, out.Deadline, out.Sign, out.Message)
				if out.Curl != "" {
					fmt.Fprintln(w, out.Curl)
				}
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&key, "key", "", "EVM key label")
	f.StringVar(&tokenID, "token-id", "", "account id (tokenId header)")
	f.StringVar(&network, "network", "", "network header (5000 mainnet, 5003 testnet)")
	f.StringVar(&method, "method", "", "GET or POST")
	f.StringVar(&bodyFile, "body-file", "", "exact POST body bytes ('-' for stdin)")
	f.StringVar(&query, "query", "", "exact GET query string, without '?'")
	f.StringVar(&curlURL, "curl", "", "also print a ready-to-run curl command for this URL")
	dl.bind(cmd, false)
	for _, r := range []string{"key", "token-id", "network", "method"} {
		_ = cmd.MarkFlagRequired(r)
	}
	return cmd
}

func (a *cli) signMintConsentCmd() *cobra.Command {
	var key, hash, email string
	var dl deadlineFlags
	cmd := &cobra.Command{
		Use:   "mint-consent --key L --hash TEXT [--email E] --deadline UNIX",
		Short: "Sign the mint consent and print the /v1/mint/nft body",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if hash == "" {
				return usagef("--hash: expected the consent text to sign, got nothing")
			}
			if !utf8.ValidString(hash) {
				return usagef("--hash: expected UTF-8 text")
			}
			if email != "" && !strings.Contains(email, "@") {
				return usagef("--email: expected an email address, got %q", email)
			}
			deadline, err := dl.resolve(a, cmd, time.Now())
			if err != nil {
				return err
			}
			s, err := a.evmSigner(key)
			if err != nil {
				return err
			}
			mc, err := wallet.SignMintConsent(s, hash, strconv.FormatInt(deadline, 10))
			if err != nil {
				return err
			}
			body := struct {
				Email      string `json:"email"`
				EVMAddress string `json:"evmAddress"`
				Signature  string `json:"signature"`
				Hash       string `json:"hash"`
				Deadline   string `json:"deadline"`
			}{email, mc.EVMAddress, mc.Signature, mc.Hash, mc.Deadline}
			return a.print(body, func(w io.Writer) {
				fmt.Fprintf(w, "POST /v1/mint/nft body:\n  email:      %s\n  evmAddress: %s\n  signature:  %s\n  hash:       %s\n  deadline:   %s\nsigned: %q\n", body.Email, body.EVMAddress, body.Signature, body.Hash, body.Deadline, mc.Message)
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	cmd.Flags().StringVar(&hash, "hash", "", "consent text (the mint's free-text hash)")
	cmd.Flags().StringVar(&email, "email", "", "email for the mint body")
	dl.bind(cmd, true)
	_ = cmd.MarkFlagRequired("key")
	_ = cmd.MarkFlagRequired("hash")
	return cmd
}

type permitFlags struct {
	token, name, version, spender, owner string
	chainID, value, nonce                string
	deadline                             int64
}

func (pf *permitFlags) bind(cmd *cobra.Command, withOwner bool) {
	f := cmd.Flags()
	f.StringVar(&pf.token, "token", "", "token contract (EIP-712 verifyingContract)")
	f.StringVar(&pf.name, "name", "", "token name() (EIP-712 domain name)")
	f.StringVar(&pf.version, "version", "1", "EIP-712 domain version")
	f.StringVar(&pf.chainID, "chain-id", "", "chain id")
	f.StringVar(&pf.spender, "spender", "", "spender address")
	f.StringVar(&pf.value, "value", "", "value in the token's smallest units")
	f.StringVar(&pf.nonce, "nonce", "", "the owner's current nonces(owner)")
	f.Int64Var(&pf.deadline, "deadline", 0, "deadline as Unix seconds")
	req := []string{"token", "name", "chain-id", "spender", "value", "nonce", "deadline"}
	if withOwner {
		f.StringVar(&pf.owner, "owner", "", "owner address (the expected signer)")
		req = append(req, "owner")
	}
	for _, r := range req {
		_ = cmd.MarkFlagRequired(r)
	}
}

func (pf *permitFlags) permit(owner common.Address) (wallet.Permit, error) {
	tok, err := parseAddress("--token", pf.token)
	if err != nil {
		return wallet.Permit{}, err
	}
	sp, err := parseAddress("--spender", pf.spender)
	if err != nil {
		return wallet.Permit{}, err
	}
	chainID, err := parseUint("--chain-id", pf.chainID)
	if err != nil {
		return wallet.Permit{}, err
	}
	value, err := parseUint("--value", pf.value)
	if err != nil {
		return wallet.Permit{}, err
	}
	nonce, err := parseUint("--nonce", pf.nonce)
	if err != nil {
		return wallet.Permit{}, err
	}
	if pf.deadline <= 0 {
		return wallet.Permit{}, usagef("--deadline: expected Unix seconds above 0, got %d", pf.deadline)
	}
	if pf.name == "" {
		return wallet.Permit{}, usagef("--name: expected the token's name(), got nothing")
	}
	return wallet.Permit{
		Domain: wallet.PermitDomain{Name: pf.name, Version: pf.version, ChainID: chainID, VerifyingContract: tok},
		Owner:  owner, Spender: sp, Value: value, Nonce: nonce, Deadline: big.NewInt(pf.deadline),
	}, nil
}

func (a *cli) signPermitCmd() *cobra.Command {
	var key string
	var pf permitFlags
	cmd := &cobra.Command{
		Use:   "permit --key L --token ADDR --name NAME [--version 1] --chain-id N --spender ADDR --value N --nonce N --deadline UNIX",
		Short: "Sign an EIP-2612 permit offline (value in smallest units)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			// Validate everything before the keystore asks for a passphrase.
			if _, err := pf.permit(common.Address{}); err != nil {
				return err
			}
			warnDeadline(a, pf.deadline, time.Now())
			s, err := a.evmSigner(key)
			if err != nil {
				return err
			}
			p, _ := pf.permit(s.Address())
			ps, err := wallet.SignPermit(s, p)
			if err != nil {
				return err
			}
			return a.print(ps, func(w io.Writer) {
				fmt.Fprintf(w, "owner:     %s\nspender:   %s\nvalue:     %s\nnonce:     %s\ndeadline:  %d\ndomain:    %s v%s chain %s %s\ndigest:    %s\nv:         %d\nr:         %s\ns:         %s\nsignature: %s\n",
					p.Owner.Hex(), p.Spender.Hex(), p.Value, p.Nonce, pf.deadline, p.Domain.Name, p.Domain.Version, p.Domain.ChainID, p.Domain.VerifyingContract.Hex(), ps.Digest, ps.V, ps.R, ps.S, ps.Signature)
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	_ = cmd.MarkFlagRequired("key")
	pf.bind(cmd, false)
	return cmd
}

func (a *cli) signFormACmd() *cobra.Command {
	var key, textFile string
	cmd := &cobra.Command{
		Use:   "form-a --key L --text-file F",
		Short: "Sign the exact Form A text (EIP-191) and print its keccak256 textHash",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			text, err := a.readInput("--text-file", textFile)
			if err != nil {
				return err
			}
			if !utf8.Valid(text) {
				return usagef("--text-file: expected UTF-8 text, found invalid bytes")
			}
			if len(text) == 0 {
				return usagef("--text-file: the file is empty")
			}
			s, err := a.evmSigner(key)
			if err != nil {
				return err
			}
			fa, err := wallet.SignFormA(s, string(text))
			if err != nil {
				return err
			}
			return a.print(fa, func(w io.Writer) {
				fmt.Fprintf(w, "textHash:  %s\nsignature: %s\n", fa.TextHash, fa.Signature)
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	cmd.Flags().StringVar(&textFile, "text-file", "", "file holding the exact Form A text ('-' for stdin)")
	_ = cmd.MarkFlagRequired("key")
	_ = cmd.MarkFlagRequired("text-file")
	return cmd
}

func (a *cli) messageFlags(cmd *cobra.Command, message, messageFile *string) {
	cmd.Flags().StringVar(message, "message", "", "message text")
	cmd.Flags().StringVar(messageFile, "message-file", "", "file holding the exact message bytes ('-' for stdin)")
}

func (a *cli) readMessage(cmd *cobra.Command, message, messageFile string) ([]byte, error) {
	hasM, hasF := cmd.Flags().Changed("message"), cmd.Flags().Changed("message-file")
	switch {
	case hasM == hasF:
		return nil, usagef("give exactly one of --message or --message-file")
	case hasM:
		return []byte(message), nil
	default:
		return a.readInput("--message-file", messageFile)
	}
}

func (a *cli) signPersonalCmd() *cobra.Command {
	var key, message, messageFile string
	cmd := &cobra.Command{
		Use:   "personal --key L (--message-file F | --message M)",
		Short: "EIP-191 personal_sign of a message",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := a.readMessage(cmd, message, messageFile)
			if err != nil {
				return err
			}
			s, err := a.evmSigner(key)
			if err != nil {
				return err
			}
			sig, err := wallet.SignPersonal(s, wallet.PurposePersonal, msg)
			if err != nil {
				return err
			}
			out := map[string]string{"address": s.Address().Hex(), "signature": hexutil.Encode(sig), "digest": wallet.PersonalHash(msg).Hex()}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "address:   %s\nsignature: %s\n", out["address"], out["signature"])
			})
		},
	}
	cmd.Flags().StringVar(&key, "key", "", "EVM key label")
	_ = cmd.MarkFlagRequired("key")
	a.messageFlags(cmd, &message, &messageFile)
	return cmd
}

// verified prints the recovered address and turns a mismatch into exit 3.
func (a *cli) verified(recovered common.Address, expected string) error {
	want, err := parseAddress("--address", expected)
	if err != nil {
		return err
	}
	ok := recovered == want
	out := map[string]any{"recovered": recovered.Hex(), "expected": want.Hex(), "valid": ok}
	if err := a.print(out, func(w io.Writer) {
		fmt.Fprintf(w, "recovered: %s\n", recovered.Hex())
	}); err != nil {
		return err
	}
	if !ok {
		return rejectedf("signature was made by %s, not %s", recovered.Hex(), want.Hex())
	}
	return nil
}

func (a *cli) verifyPersonalCmd() *cobra.Command {
	var address, message, messageFile, signature string
	cmd := &cobra.Command{
		Use:   "personal --address A (--message M | --message-file F) --signature S",
		Short: "Recover the signer of an EIP-191 personal_sign",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := a.readMessage(cmd, message, messageFile)
			if err != nil {
				return err
			}
			addr, err := wallet.RecoverPersonal(msg, signature)
			if err != nil {
				return usageErr{err}
			}
			return a.verified(addr, address)
		},
	}
	a.messageFlags(cmd, &message, &messageFile)
	cmd.Flags().StringVar(&address, "address", "", "expected signer")
	cmd.Flags().StringVar(&signature, "signature", "", "0x-prefixed 65-byte signature")
	_ = cmd.MarkFlagRequired("address")
	_ = cmd.MarkFlagRequired("signature")
	return cmd
}

func (a *cli) verifyFullAuthCmd() *cobra.Command {
	var address, hash, deadline, sign, bodyFile, query string
	cmd := &cobra.Command{
		Use:   "full-auth --address A --hash H --deadline D --sign S [--body-file F | --query Q]",
		Short: "Recover the signer of full-auth headers; with a payload, also check the hash",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !isDigits(deadline) {
				return usagef("--deadline: expected Unix seconds in digits, got %q", deadline)
			}
			hasBody, hasQuery := cmd.Flags().Changed("body-file"), cmd.Flags().Changed("query")
			if hasBody && hasQuery {
				return usagef("give --body-file or --query, not both")
			}
			if hasBody || hasQuery {
				payload := []byte(strings.TrimPrefix(query, "?"))
				if hasBody {
					b, err := a.readInput("--body-file", bodyFile)
					if err != nil {
						return err
					}
					payload = b
				}
				if got := wallet.PayloadHash(payload); got != hash {
					return rejectedf("hash %s is not keccak256 of the payload (%s)", hash, got)
				}
			}
			addr, err := wallet.RecoverFullAuth(hash, deadline, sign)
			if err != nil {
				return usageErr{err}
			}
			return a.verified(addr, address)
		},
	}
	f := cmd.Flags()
	f.StringVar(&address, "address", "", "expected signer")
	f.StringVar(&hash, "hash", "", "hash header")
	f.StringVar(&deadline, "deadline", "", "deadline header")
	f.StringVar(&sign, "sign", "", "sign header")
	f.StringVar(&bodyFile, "body-file", "", "the POST body, to check the hash")
	f.StringVar(&query, "query", "", "the GET query string, to check the hash")
	for _, r := range []string{"address", "hash", "deadline", "sign"} {
		_ = cmd.MarkFlagRequired(r)
	}
	return cmd
}

func (a *cli) verifyPermitCmd() *cobra.Command {
	var pf permitFlags
	var signature string
	cmd := &cobra.Command{
		Use:   "permit --owner A --token ADDR --name NAME [--version 1] --chain-id N --spender ADDR --value N --nonce N --deadline UNIX --signature S",
		Short: "Recover the signer of an EIP-2612 permit",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			owner, err := parseAddress("--owner", pf.owner)
			if err != nil {
				return err
			}
			p, err := pf.permit(owner)
			if err != nil {
				return err
			}
			addr, err := wallet.RecoverPermit(p, signature)
			if err != nil {
				return usageErr{err}
			}
			return a.verified(addr, pf.owner)
		},
	}
	pf.bind(cmd, true)
	cmd.Flags().StringVar(&signature, "signature", "", "0x-prefixed 65-byte signature")
	_ = cmd.MarkFlagRequired("signature")
	return cmd
}

func parseAddress(flag, s string) (common.Address, error) {
	if !common.IsHexAddress(s) || !strings.HasPrefix(s, "0x") {
		return common.Address{}, usagef("%s: expected a 0x-prefixed 20-byte hex address, got %q", flag, s)
	}
	return common.HexToAddress(s), nil
}

func parseUint(flag, s string) (*big.Int, error) {
	if !isDigits(s) {
		return nil, usagef("%s: expected a non-negative integer, got %q", flag, s)
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.BitLen() > 256 {
		return nil, usagef("%s: expected an integer below 2^256, got %q", flag, s)
	}
	return n, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// fullAuthCurl is the curl command that sends exactly the signed request.
func fullAuthCurl(method, url, query string, payload []byte, headers []enduser.Header) string {
	if method == "GET" {
		if query != "" {
			url += "?" + query
		}
		return enduser.CurlCommand(method, url, headers, nil)
	}
	body := string(payload)
	headers = append(headers, enduser.Header{Name: "Content-Type", Value: "application/json"})
	return enduser.CurlCommand(method, url, headers, &body)
}
