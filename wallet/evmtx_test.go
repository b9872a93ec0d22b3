package wallet

import (
	"encoding/json"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

var (
	castUSDC    = common.HexToAddress("0xc0")
	castDeposit = common.HexToAddress("0xd0")
	castEUR     = common.HexToAddress("0xe0")
)

// packCall packs a call of the fixed arguments below (a wrong one is this file's bug).
func packCall(name string, args ...any) []byte {
	b, err := EVMCallsABI().Pack(name, args...)
	if err != nil {
		panic(err)
	}
	return b
}

// castTxs are the transactions whose raw bytes cast made (testdata/evmtx/cast.json).
func castTxs() map[string]EVMTx {
	gwei := func(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1e9)) }
	return map[string]EVMTx{
		"approve": {ChainID: big.NewInt(31337), Nonce: 6, To: castUSDC, Value: new(big.Int), Gas: 60_000, MaxFeePerGas: gwei(3), MaxPriorityFeePerGas: gwei(1),
			Data: packCall(CallApprove, castDeposit, big.NewInt(25_000_000))},
		"deposit": {ChainID: big.NewInt(31337), Nonce: 7, To: castDeposit, Value: big.NewInt(100_000_000_000_000), Gas: 250_000, MaxFeePerGas: gwei(3), MaxPriorityFeePerGas: gwei(1),
			Data: packCall(CallDeposit, castUSDC, castEUR, big.NewInt(25_000_000), big.NewInt(24_875_000))},
		"mainnet": {ChainID: big.NewInt(5000), Nonce: 0, To: common.HexToAddress("0xd08B421A33F9b09A59E2ebf72afEF2365ce5b083"), Value: big.NewInt(123456789012345678),
			Gas: 300_000, MaxFeePerGas: big.NewInt(20_000_000), MaxPriorityFeePerGas: new(big.Int),
			Data: packCall(CallDeposit, common.HexToAddress("0x09Bc4E0D864854c6aFB6eB9A9cdF58aC190D0dF9"), common.HexToAddress("0xD598839598bBF508b97697b7D9e80054D4bcaaCC"), big.NewInt(1_000_000), new(big.Int))},
	}
}

// A transaction is signed to the bytes Foundry's cast makes of it (cast mktx, kept in
// testdata): the EIP-1559 envelope, its signing hash and the signature.
func TestEVMTxAgreesWithCast(t *testing.T) {
	b, err := os.ReadFile("testdata/evmtx/cast.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	txs := castTxs()
	for name, tx := range txs {
		var next *EVMTx
		if name == "approve" {
			d := txs["deposit"]
			next = &d
		}
		got, err := SignEVMTx(devSigner(t), tx, next)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Raw.String() != want[name] {
			t.Errorf("%s: raw %s, cast makes %s", name, got.Raw, want[name])
		}
		if got.From != devSigner(t).Address() {
			t.Errorf("%s: from %s", name, got.From.Hex())
		}
	}
}

// The signer judges the call data whole: a call that is not one of the two, arguments with
// bytes after them or an address with its upper bytes set (a lazier check reading only the
// selector, or only the first 36 bytes, passes each), a value on approve, a contract
// creation; and an approve's next is exactly the deposit it pays for.
func TestEVMTxCheck(t *testing.T) {
	txs := castTxs()
	dep, apr := txs["deposit"], txs["approve"]
	with := func(tx EVMTx, f func(*EVMTx)) *EVMTx { f(&tx); return &tx }
	transfer := packCall(CallApprove, castDeposit, big.NewInt(1))
	copy(transfer, []byte{0xa9, 0x05, 0x9c, 0xbb}) // transfer(address,uint256)'s selector
	dirty := append([]byte(nil), apr.Data...)
	dirty[4] = 0xff // the spender's upper bytes
	for name, c := range map[string]struct {
		tx, next *EVMTx
		want     string
	}{
		"another call":             {with(apr, func(t *EVMTx) { t.Data = transfer }), nil, "selector 0xa9059cbb"},
		"bytes after the args":     {with(apr, func(t *EVMTx) { t.Data = append(append([]byte(nil), apr.Data...), 0) }), nil, "canonical encoding"},
		"dirty address":            {with(apr, func(t *EVMTx) { t.Data = dirty }), nil, "approve call data"},
		"no data":                  {with(dep, func(t *EVMTx) { t.Data = nil }), nil, "4-byte selector"},
		"approve with a value":     {with(apr, func(t *EVMTx) { t.Value = big.NewInt(1) }), nil, "approve takes no value"},
		"contract creation":        {with(dep, func(t *EVMTx) { t.To = common.Address{} }), nil, "contract creation"},
		"no chain":                 {with(dep, func(t *EVMTx) { t.ChainID = nil }), nil, "chainId"},
		"gas over the limit":       {with(dep, func(t *EVMTx) { t.Gas = MaxEVMTxGas + 1 }), nil, "gas"},
		"tip above the fee":        {with(dep, func(t *EVMTx) { t.MaxPriorityFeePerGas = big.NewInt(4e9) }), nil, "above maxFeePerGas"},
		"next after a deposit":     {&dep, &dep, "follows an approve"},
		"next of another nonce":    {&apr, with(dep, func(t *EVMTx) { t.Nonce = 9 }), "nonce"},
		"next on another chain":    {&apr, with(dep, func(t *EVMTx) { t.ChainID = big.NewInt(1) }), "chain"},
		"next to another contract": {&apr, with(dep, func(t *EVMTx) { t.To = common.HexToAddress("0xbad") }), "spender"},
		"next of another amount": {&apr, with(dep, func(t *EVMTx) {
			t.Data = packCall(CallDeposit, castUSDC, castEUR, big.NewInt(26_000_000), big.NewInt(0))
		}), "amount"},
		"next of another token": {&apr, with(dep, func(t *EVMTx) {
			t.Data = packCall(CallDeposit, castEUR, castEUR, big.NewInt(25_000_000), big.NewInt(0))
		}), "input token"},
	} {
		t.Run(name, func(t *testing.T) {
			r := Request{Purpose: PurposeEVMTx, Transaction: c.tx, Next: c.next}
			_, err := r.Digest(time.Time{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			if _, err := SignEVMTx(devSigner(t), *c.tx, c.next); err == nil {
				t.Fatal("signed")
			}
		})
	}
	call, err := DecodeEVMCall(dep.Data)
	if err != nil || call.Name != CallDeposit || call.InputToken != castUSDC || call.OutputToken != castEUR || call.Amount.Int64() != 25_000_000 ||
		call.AmountOutMinimum.Int64() != 24_875_000 || len(call.Args) != 4 || call.Args[0].Path != "_inputToken" {
		t.Fatalf("decoded %+v, %v", call, err)
	}
	if hexutil.Encode(dep.Data[:4]) != "0xae5e966a" {
		t.Fatalf("depositTokenViaUsdc selector %x", dep.Data[:4])
	}
}
