package wallet

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// PermitDomain is the EIP-712 domain of an EIP-2612 token.
type PermitDomain struct {
	Name              string         `json:"name"`
	Version           string         `json:"version"`
	ChainID           *big.Int       `json:"chainId"`
	VerifyingContract common.Address `json:"verifyingContract"`
}

// Permit is an EIP-2612 Permit message with its domain. Value, Nonce and Deadline are
// integers in the token's smallest units / seconds.
type Permit struct {
	Domain   PermitDomain
	Owner    common.Address
	Spender  common.Address
	Value    *big.Int
	Nonce    *big.Int
	Deadline *big.Int
}

// PermitSignature is a signed permit in every form a caller needs.
type PermitSignature struct {
	Digest          string `json:"digest"`
	DomainSeparator string `json:"domainSeparator"`
	V               uint8  `json:"v"`
	R               string `json:"r"`
	S               string `json:"s"`
	Signature       string `json:"signature"`
}

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

func (p Permit) validate() error {
	// An empty name or version is allowed, as EIP-712 allows it (the token's name() may be
	// ""): DomainValues hashes it as the empty string. A caller warns (app/sign).
	if p.Domain.ChainID == nil || p.Domain.ChainID.Sign() <= 0 {
		return errors.New("permit domain chainId: expected a positive chain id")
	}
	if p.Domain.VerifyingContract == (common.Address{}) {
		return errors.New("permit domain verifyingContract: expected the token address, got the zero address")
	}
	if p.Spender == (common.Address{}) {
		return errors.New("permit spender: expected an address, got the zero address")
	}
	for _, f := range []struct {
		name string
		v    *big.Int
	}{{"value", p.Value}, {"nonce", p.Nonce}, {"deadline", p.Deadline}} {
		if f.v == nil || f.v.Sign() < 0 || f.v.Cmp(maxUint256) > 0 {
			return fmt.Errorf("permit %s: expected an integer in [0, 2^256-1]", f.name)
		}
	}
	return nil
}

// TypedData is the EIP-712 typed data of the permit, as eth_signTypedData_v4 takes it.
func (p Permit) TypedData() apitypes.TypedData {
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {
				{Name: "name", Type: "string"},
				{Name: "version", Type: "string"},
				{Name: "chainId", Type: "uint256"},
				{Name: "verifyingContract", Type: "address"},
			},
			"Permit": {
				{Name: "owner", Type: "address"},
				{Name: "spender", Type: "address"},
				{Name: "value", Type: "uint256"},
				{Name: "nonce", Type: "uint256"},
				{Name: "deadline", Type: "uint256"},
			},
		},
		PrimaryType: "Permit",
		Domain:      p.Domain.typed(),
		Message: apitypes.TypedDataMessage{
			"owner":    p.Owner.Hex(),
			"spender":  p.Spender.Hex(),
			"value":    p.Value.String(),
			"nonce":    p.Nonce.String(),
			"deadline": p.Deadline.String(),
		},
	}
}

func (d PermitDomain) typed() apitypes.TypedDataDomain {
	return apitypes.TypedDataDomain{
		Name:              d.Name,
		Version:           d.Version,
		ChainId:           (*math.HexOrDecimal256)(new(big.Int).Set(d.ChainID)),
		VerifyingContract: d.VerifyingContract.Hex(),
	}
}

// Empty names the domain's string fields that are empty ("name", "version"): EIP-712 allows
// them, and a permit signed so holds only on a token whose own domain has them empty too.
func (d PermitDomain) Empty() []string {
	var out []string
	if d.Name == "" {
		out = append(out, "name")
	}
	if d.Version == "" {
		out = append(out, "version")
	}
	return out
}

// Separator is the EIP-712 domain separator the token's DOMAIN_SEPARATOR() must return.
func (d PermitDomain) Separator() (common.Hash, error) {
	td := Permit{Domain: d}.TypedData()
	sep, err := td.HashStruct("EIP712Domain", DomainValues(td))
	if err != nil {
		return common.Hash{}, fmt.Errorf("permit domain: %v", err)
	}
	return common.BytesToHash(sep), nil
}

// CheckDomainSeparator compares the token's on-chain DOMAIN_SEPARATOR() with the one rebuilt
// from the domain. A difference means the name, version, chain id or address is wrong, and
// a permit signed with it would be rejected by the token (or valid somewhere else).
func CheckDomainSeparator(d PermitDomain, onChain common.Hash) error {
	local, err := d.Separator()
	if err != nil {
		return err
	}
	if local != onChain {
		return fmt.Errorf("permit domain: rebuilt separator %s (name %q, version %q, chainId %s, contract %s) differs from the token's DOMAIN_SEPARATOR %s",
			local.Hex(), d.Name, d.Version, d.ChainID, d.VerifyingContract.Hex(), onChain.Hex())
	}
	return nil
}

// Digest is the EIP-712 hash that is signed, and the domain separator it was built with.
func (p Permit) Digest() (digest, separator common.Hash, err error) {
	if err := p.validate(); err != nil {
		return common.Hash{}, common.Hash{}, err
	}
	sep, _, digest, err := TypedHashes(p.TypedData())
	if err != nil {
		return common.Hash{}, common.Hash{}, fmt.Errorf("permit typed data: %v", err)
	}
	return digest, sep, nil
}

// SignPermit signs the permit. The owner must be the signer's address.
func SignPermit(s EVMSigner, p Permit) (PermitSignature, error) {
	return SignPermitFor(s, p, "", nil)
}

// SignPermitFor signs a permit the service spends in the call that carries it: route names
// the call and body is its body with the signature blanked, which the signer's review shows
// and its gate binds the permit to ("" and nil: a permit without its call).
func SignPermitFor(s EVMSigner, p Permit, route string, body []byte) (PermitSignature, error) {
	if p.Owner != s.Address() {
		return PermitSignature{}, fmt.Errorf("permit owner: %s is not the signing key's address %s", p.Owner.Hex(), s.Address().Hex())
	}
	digest, sep, err := p.Digest()
	if err != nil {
		return PermitSignature{}, err
	}
	sig, err := signEVM(s, Request{Purpose: PurposePermit, Permit: &p, Route: route, Payload: body}, time.Time{})
	if err != nil {
		return PermitSignature{}, err
	}
	return PermitSignature{
		Digest:          digest.Hex(),
		DomainSeparator: sep.Hex(),
		V:               sig[64],
		R:               hexutil.Encode(sig[:32]),
		S:               hexutil.Encode(sig[32:64]),
		Signature:       hexutil.Encode(sig),
	}, nil
}

// RecoverPermit returns the address that signed the permit (sig is 0x hex, 65 bytes).
func RecoverPermit(p Permit, sig string) (common.Address, error) {
	b, err := ParseSignature("permit signature", sig)
	if err != nil {
		return common.Address{}, err
	}
	digest, _, err := p.Digest()
	if err != nil {
		return common.Address{}, err
	}
	return RecoverDigest(digest, b)
}

// SplitSignature rebuilds a 65-byte signature from the v, r, s of a permit call.
func SplitSignature(v uint8, r, s string) (string, error) {
	rb, err := hexutil.Decode(r)
	if err != nil || len(rb) != 32 {
		return "", errors.New("permitR: expected 0x-prefixed 32-byte hex")
	}
	sb, err := hexutil.Decode(s)
	if err != nil || len(sb) != 32 {
		return "", errors.New("permitS: expected 0x-prefixed 32-byte hex")
	}
	if v != 27 && v != 28 {
		return "", fmt.Errorf("permitV: expected 27 or 28, got %d", v)
	}
	return hexutil.Encode(append(append(rb, sb...), v)), nil
}
