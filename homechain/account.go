package homechain

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Account statuses as the account NFT stores them (spec 2.4).
const (
	StatusNa          uint8 = 0
	StatusSoftBlocked uint8 = 1
	StatusTourist     uint8 = 2
	StatusBlocked     uint8 = 3
	StatusClosed      uint8 = 4
	StatusLive        uint8 = 5
)

var statusNames = [...]string{"Na", "SoftBlocked", "Tourist", "Blocked", "Closed", "Live"}

// StatusName is the spec's name of an account status ("Live"), or "Unknown(n)".
func StatusName(s uint8) string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Unknown(%d)", s)
}

// AccountOf finds the account NFT of owner: balanceOf(owner), then tokenOfOwnerByIndex(owner, 0).
// found is false when owner holds none.
func (c *Client) AccountOf(ctx context.Context, nft, owner common.Address) (tokenID uint64, found bool, err error) {
	n, err := call(ctx, c, nft, "balanceOf(owner)", c.nft.PackBalanceOf(owner), c.nft.UnpackBalanceOf)
	if err != nil {
		return 0, false, err
	}
	if n.Sign() == 0 {
		return 0, false, nil
	}
	id, err := call(ctx, c, nft, "tokenOfOwnerByIndex(owner, 0)", c.nft.PackTokenOfOwnerByIndex(owner, new(big.Int)), c.nft.UnpackTokenOfOwnerByIndex)
	if err != nil {
		return 0, false, err
	}
	if !id.IsUint64() {
		return 0, false, fmt.Errorf("tokenOfOwnerByIndex(owner, 0) on %s: token id %s does not fit in 64 bits", nft.Hex(), id)
	}
	return id.Uint64(), true, nil
}

// AccountStatus is status(tokenID) of the account NFT.
func (c *Client) AccountStatus(ctx context.Context, nft common.Address, tokenID uint64) (uint8, error) {
	return call(ctx, c, nft, "status(tokenId)", c.nft.PackStatus(new(big.Int).SetUint64(tokenID)), c.nft.UnpackStatus)
}

// AccountOwner is ownerOf(tokenID) of the account NFT: the address an account's transfers
// are paid to. A token that does not exist reverts (an error).
func (c *Client) AccountOwner(ctx context.Context, nft common.Address, tokenID uint64) (common.Address, error) {
	return call(ctx, c, nft, "ownerOf(tokenId)", c.nft.PackOwnerOf(new(big.Int).SetUint64(tokenID)), c.nft.UnpackOwnerOf)
}

// Account is what the chain says of an account id: its owner and status (spec 2.4).
func (c *Client) Account(ctx context.Context, nft common.Address, tokenID uint64) (owner common.Address, status uint8, err error) {
	if owner, err = c.AccountOwner(ctx, nft, tokenID); err != nil {
		return owner, 0, err
	}
	status, err = c.AccountStatus(ctx, nft, tokenID)
	return owner, status, err
}
