// Command purse is a terminal wallet and local signing agent for the end-user (external
// wallet) interface of the banking service. With no arguments it opens the terminal UI;
// every flow is also a command with --json output for scripts.
package main

import (
	"os"

	_ "purse/internal/mallocarena"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
