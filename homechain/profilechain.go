package homechain

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/ethereum/go-ethereum/common"
)

// ProfileChain is the home chain a profile points at: its evm_rpc, its network (the chain
// id it signs for) and its account_nft. The CLI and the TUI both reach the chain through
// it, so both check the chain id and look accounts up the same way.
type ProfileChain struct {
	RPC        string // evm_rpc
	Network    string // network, the chain id in digits
	AccountNFT string // account_nft
	// HTTP carries the JSON-RPC calls of an http(s) evm_rpc (nil: Go's default client): a
	// session's records each call in its request log.
	HTTP *http.Client
}

// Dial connects to evm_rpc, signing for the profile's network: PreparePermit then refuses a
// chain whose id is not the network's.
func (pc ProfileChain) Dial(ctx context.Context, opts ...Option) (*Client, error) {
	if pc.RPC == "" {
		return nil, errors.New("evm_rpc is not set")
	}
	if n, err := strconv.ParseInt(pc.Network, 10, 64); err == nil && n > 0 {
		opts = append(opts, WithNetwork(n))
	}
	if pc.HTTP != nil {
		opts = append(opts, WithHTTP(pc.HTTP))
	}
	return Dial(ctx, pc.RPC, opts...)
}

// NFT is the account NFT contract.
func (pc ProfileChain) NFT() (common.Address, error) {
	if pc.AccountNFT == "" {
		return common.Address{}, errors.New("account_nft is not set")
	}
	if !common.IsHexAddress(pc.AccountNFT) {
		return common.Address{}, fmt.Errorf("account_nft %q is not an address", pc.AccountNFT)
	}
	return common.HexToAddress(pc.AccountNFT), nil
}

// FindAccount looks up the account NFT owner holds (tokenOfOwnerByIndex(owner, 0)).
func (pc ProfileChain) FindAccount(ctx context.Context, owner common.Address, opts ...Option) (tokenID uint64, found bool, err error) {
	nft, err := pc.NFT()
	if err != nil {
		return 0, false, err
	}
	c, err := pc.Dial(ctx, opts...)
	if err != nil {
		return 0, false, err
	}
	defer c.Close()
	return c.AccountOf(ctx, nft, owner)
}
