// Command floor links the libraries purse is built on (design §6, as purse links them: the
// Bubble Tea v2 family, cobra, go-ethereum's signing, keystore and node packages, solana-go,
// go-keyring, decimal, BIP-39, SLIP-0010, x/term, the QR encoder) and the one malloc arena of
// purse's main package, runs their package initialisation and prints one line: the least any
// program built on them spends starting. BenchmarkStartup sets it beside cast and purse.
// Under testdata, so no build of the module ships it.
package main

import (
	"os"

	_ "charm.land/bubbles/v2/help"
	_ "charm.land/bubbles/v2/key"
	_ "charm.land/bubbles/v2/spinner"
	_ "charm.land/bubbles/v2/textinput"
	_ "charm.land/bubbles/v2/viewport"
	_ "charm.land/bubbletea/v2"
	_ "charm.land/lipgloss/v2"
	_ "github.com/anyproto/go-slip10"
	_ "github.com/cosmos/go-bip39"
	_ "github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	_ "github.com/ethereum/go-ethereum/accounts/keystore"
	_ "github.com/ethereum/go-ethereum/crypto"
	_ "github.com/ethereum/go-ethereum/ethclient"
	_ "github.com/ethereum/go-ethereum/signer/core/apitypes"
	_ "github.com/gagliardetto/solana-go"
	_ "github.com/gagliardetto/solana-go/programs/compute-budget"
	_ "github.com/shopspring/decimal"
	_ "github.com/spf13/cobra"
	_ "github.com/yeqown/go-qrcode/v2"
	_ "github.com/zalando/go-keyring"
	_ "golang.org/x/term"

	_ "purse/internal/mallocarena"
)

func main() {
	os.Stdout.WriteString("floor\n")
}
