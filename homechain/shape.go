package homechain

import (
	"context"

	"github.com/ethereum/go-ethereum/common"
)

// ERC-165 interface ids (EIP-165, EIP-721).
var (
	InterfaceERC165           = [4]byte{0x01, 0xff, 0xc9, 0xa7}
	InterfaceERC721           = [4]byte{0x80, 0xac, 0x58, 0xcd}
	InterfaceERC721Enumerable = [4]byte{0x78, 0x0e, 0x9d, 0x63}
	interfaceInvalid          = [4]byte{0xff, 0xff, 0xff, 0xff}
)

// Shape is what a contract answers as, of the kinds purse tells apart: code that holds the
// address, an ERC-721 (Enumerable) by ERC-165, a permit token. Nothing in it is proof of
// what the contract does; it is what the contract says of itself.
type Shape struct {
	CodeSize int
	// ERC165: the contract passes EIP-165's detection (supportsInterface(0x01ffc9a7) true,
	// supportsInterface(0xffffffff) false), so the answers below mean something.
	ERC165     bool
	ERC721     bool // supportsInterface(0x80ac58cd)
	Enumerable bool // supportsInterface(0x780e9d63)
	// Token: decimals() and DOMAIN_SEPARATOR() both answer, as a permit token's do.
	Token bool
}

// ShapeOf reads the shape of the contract at addr. An error is a read that failed (the
// RPC), never the contract's refusal of a call: a function it lacks is an answer.
func (c *Client) ShapeOf(ctx context.Context, addr common.Address) (Shape, error) {
	var s Shape
	var err error
	if s.CodeSize, err = c.CodeSize(ctx, addr); err != nil || s.CodeSize == 0 {
		return s, err
	}
	if s.ERC165, err = c.passesERC165(ctx, addr); err != nil {
		return s, err
	}
	if s.ERC165 {
		if s.ERC721, err = c.supports(ctx, addr, InterfaceERC721); err != nil {
			return s, err
		}
		if s.Enumerable, err = c.supports(ctx, addr, InterfaceERC721Enumerable); err != nil {
			return s, err
		}
	}
	if _, err = c.Decimals(ctx, addr); err != nil {
		if isUnsupported(err) {
			return s, nil
		}
		return s, err
	}
	if _, err = c.DomainSeparator(ctx, addr); err != nil {
		if isUnsupported(err) {
			return s, nil
		}
		return s, err
	}
	s.Token = true
	return s, nil
}

// passesERC165 is EIP-165's detection: the contract answers true for ERC-165 itself and
// false for the invalid id 0xffffffff (a contract answering true to everything fails it).
func (c *Client) passesERC165(ctx context.Context, addr common.Address) (bool, error) {
	yes, err := c.supports(ctx, addr, InterfaceERC165)
	if err != nil || !yes {
		return false, err
	}
	invalid, err := c.supports(ctx, addr, interfaceInvalid)
	return !invalid, err
}

// supports is supportsInterface(id), false when the contract refuses the call or has no
// such function.
func (c *Client) supports(ctx context.Context, addr common.Address, id [4]byte) (bool, error) {
	ok, err := call(ctx, c, addr, "supportsInterface", c.nft.PackSupportsInterface(id), c.nft.UnpackSupportsInterface)
	if err != nil && isUnsupported(err) {
		return false, nil
	}
	return ok, err
}
