package wallet

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// DomainValues is td's domain as its EIP712Domain type hashes it. apitypes' Domain.Map leaves
// out an empty name or version, and its hashing then refuses a domain whose type declares
// them; EIP-712 allows both empty (a token whose name() is "" signs permits so). Where the
// type declares a string field the map lacks, its value is the empty string: the only
// string fields of a domain are name and version, and every reader of purse's holds each
// declared field (ParseTypedData checks it; a permit's domain declares all four).
func DomainValues(td apitypes.TypedData) map[string]any {
	m := td.Domain.Map()
	for _, f := range td.Types["EIP712Domain"] {
		if _, ok := m[f.Name]; !ok && f.Type == "string" {
			m[f.Name] = ""
		}
	}
	return m
}

// TypedHashes are td's domain separator (hashStruct of the domain, as DomainValues has it),
// its message's hashStruct, and the digest signed: keccak256(0x19 0x01 ‖ separator ‖
// message). The struct hashing is apitypes'; only the domain's values are purse's, so an
// empty name hashes as EIP-712 says instead of failing.
func TypedHashes(td apitypes.TypedData) (separator, message, digest common.Hash, err error) {
	sep, err := td.HashStruct("EIP712Domain", DomainValues(td))
	if err != nil {
		return separator, message, digest, fmt.Errorf("domain: %v", err)
	}
	mh, err := td.HashStruct(td.PrimaryType, td.Message)
	if err != nil {
		return separator, message, digest, fmt.Errorf("message: %v", err)
	}
	separator, message = common.BytesToHash(sep), common.BytesToHash(mh)
	return separator, message, typedDigest(separator, message), nil
}

func typedDigest(separator, message common.Hash) common.Hash {
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, separator[:], message[:])
}
