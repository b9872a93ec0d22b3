package homechain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/wallet"
)

// FieldDiff is one EIP-712 domain field whose rebuilt value differs from the token's.
type FieldDiff struct {
	Field   string // name, version, chainId or verifyingContract
	Rebuilt string // the value purse would sign with
	Token   string // the value the token (or the node) declares
}

// ErrPermitRefused is every refusal to build a permit: the node serves another chain than
// the profile's network, or the domain differs (DomainMismatchError).
var ErrPermitRefused = errors.New("permit refused")

// DomainMismatchError refuses a permit whose rebuilt domain separator differs from the
// token's DOMAIN_SEPARATOR(). Signing it would produce a permit the token rejects, or one
// valid somewhere else.
type DomainMismatchError struct {
	Token   common.Address
	Domain  wallet.PermitDomain
	OnChain common.Hash
	Fields  []FieldDiff // empty when no single field explains the difference
	Err     error       // wallet.CheckDomainSeparator's error
}

// Is makes a domain mismatch an ErrPermitRefused.
func (e *DomainMismatchError) Is(target error) bool { return target == ErrPermitRefused }

func (e *DomainMismatchError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "permit refused for token %s: ", e.Token.Hex())
	if len(e.Fields) == 0 {
		b.WriteString("no single domain field explains the difference; ")
	}
	for _, f := range e.Fields {
		fmt.Fprintf(&b, "%s is %s here but %s on chain; ", f.Field, f.Rebuilt, f.Token)
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *DomainMismatchError) Unwrap() error { return e.Err }

// PermitDomain rebuilds the EIP-712 domain of token's permits from the chain: name(), the
// version (see Version) and the chain id (WithNetwork, else eth_chainId).
func (c *Client) PermitDomain(ctx context.Context, token common.Address) (wallet.PermitDomain, error) {
	name, err := c.Name(ctx, token)
	if err != nil {
		return wallet.PermitDomain{}, err
	}
	version, err := c.Version(ctx, token)
	if err != nil {
		return wallet.PermitDomain{}, err
	}
	chainID, err := c.signingChainID(ctx)
	if err != nil {
		return wallet.PermitDomain{}, err
	}
	return wallet.PermitDomain{Name: name, Version: version, ChainID: chainID, VerifyingContract: token}, nil
}

func (c *Client) signingChainID(ctx context.Context) (*big.Int, error) {
	if c.network != nil {
		return new(big.Int).Set(c.network), nil
	}
	return c.ChainID(ctx)
}

// CheckPermitDomain reads d.VerifyingContract's DOMAIN_SEPARATOR() and compares it with the
// separator rebuilt from d. On a difference it returns a *DomainMismatchError naming each
// field whose value differs from what the token declares (eip712Domain(), name(), version(),
// and the node's eth_chainId).
func (c *Client) CheckPermitDomain(ctx context.Context, d wallet.PermitDomain) error {
	onChain, err := c.DomainSeparator(ctx, d.VerifyingContract)
	if err != nil {
		return err
	}
	return c.checkDomain(ctx, d, onChain)
}

func (c *Client) checkDomain(ctx context.Context, d wallet.PermitDomain, onChain common.Hash) error {
	cerr := wallet.CheckDomainSeparator(d, onChain)
	if cerr == nil {
		return nil
	}
	e := &DomainMismatchError{Token: d.VerifyingContract, Domain: d, OnChain: onChain, Err: cerr}
	diffs, err := c.explainDomain(ctx, d)
	if err != nil {
		return errors.Join(e, fmt.Errorf("explaining the difference: %w", err))
	}
	e.Fields = diffs
	return e
}

// explainDomain compares d with what the token declares, field by field.
func (c *Client) explainDomain(ctx context.Context, d wallet.PermitDomain) ([]FieldDiff, error) {
	token := d.VerifyingContract
	declared, ok, err := c.EIP712Domain(ctx, token)
	if err != nil {
		return nil, err
	}
	if !ok {
		if declared.Name, err = c.Name(ctx, token); err != nil {
			return nil, err
		}
		if declared.Version, err = c.Version(ctx, token); err != nil {
			return nil, err
		}
		declared.VerifyingContract = token
	}
	nodeChain, err := c.ChainID(ctx)
	if err != nil {
		return nil, err
	}
	if declared.ChainID == nil {
		declared.ChainID = nodeChain
	}
	var diffs []FieldDiff
	if d.Name != declared.Name {
		diffs = append(diffs, FieldDiff{"name", fmt.Sprintf("%q", d.Name), fmt.Sprintf("%q", declared.Name)})
	}
	if d.Version != declared.Version {
		diffs = append(diffs, FieldDiff{"version", fmt.Sprintf("%q", d.Version), fmt.Sprintf("%q", declared.Version)})
	}
	if d.ChainID == nil || d.ChainID.Cmp(declared.ChainID) != 0 {
		diffs = append(diffs, FieldDiff{"chainId", fmt.Sprint(d.ChainID), declared.ChainID.String()})
	}
	if d.VerifyingContract != declared.VerifyingContract {
		diffs = append(diffs, FieldDiff{"verifyingContract", d.VerifyingContract.Hex(), declared.VerifyingContract.Hex()})
	}
	return diffs, nil
}

// PreparePermit builds the EIP-2612 permit owner would sign to let spender move value
// (smallest units) of token until deadline (Unix seconds). It reads name(), the version,
// nonces(owner), the chain id and DOMAIN_SEPARATOR(), rebuilds the domain and refuses with a
// *DomainMismatchError when the separators differ, before anything is signed. It also
// refuses when the node's chain is not the network set with WithNetwork.
func (c *Client) PreparePermit(ctx context.Context, token, owner, spender common.Address, value, deadline *big.Int) (wallet.Permit, error) {
	switch {
	case value == nil || value.Sign() < 0 || value.Cmp(maxUint256) > 0:
		return wallet.Permit{}, fmt.Errorf("permit value: expected an integer in [0, 2^256-1], got %v", value)
	case deadline == nil || deadline.Sign() <= 0 || deadline.Cmp(maxUint256) > 0:
		return wallet.Permit{}, fmt.Errorf("permit deadline: expected Unix seconds in [1, 2^256-1], got %v", deadline)
	case spender == (common.Address{}):
		return wallet.Permit{}, errors.New("permit spender: expected an address, got the zero address")
	case owner == (common.Address{}):
		return wallet.Permit{}, errors.New("permit owner: expected an address, got the zero address")
	}
	d, err := c.PermitDomain(ctx, token)
	if err != nil {
		return wallet.Permit{}, err
	}
	onChain, err := c.DomainSeparator(ctx, token)
	if err != nil {
		return wallet.Permit{}, err
	}
	if err := c.checkDomain(ctx, d, onChain); err != nil {
		return wallet.Permit{}, err
	}
	if c.network != nil {
		node, err := c.ChainID(ctx)
		if err != nil {
			return wallet.Permit{}, err
		}
		if node.Cmp(c.network) != 0 {
			return wallet.Permit{}, fmt.Errorf("%w for token %s: chainId is %s here (network) but the node serves chain %s", ErrPermitRefused, token.Hex(), c.network, node)
		}
	}
	nonce, err := c.Nonces(ctx, token, owner)
	if err != nil {
		return wallet.Permit{}, err
	}
	return wallet.Permit{
		Domain:   d,
		Owner:    owner,
		Spender:  spender,
		Value:    new(big.Int).Set(value),
		Nonce:    nonce,
		Deadline: new(big.Int).Set(deadline),
	}, nil
}
