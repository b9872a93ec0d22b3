#!/usr/bin/env bash
# Rebuilds the sandbox home-chain contracts (what `make contracts` runs):
#   1. installs the pinned solc-js and OpenZeppelin from contracts/package-lock.json into
#      contracts/node_modules (git-ignored);
#   2. compiles contracts/src/*.sol into assets/contracts/<Name>.json (ABI + bytecode), the
#      artifacts the sandbox chain embeds and deploys;
#   3. regenerates the Go bindings under homechain/bindings/<name>/ with abigen (v2).
# A normal `go build` / `go test` needs none of this: artifacts and bindings are committed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
abigen_version=v1.17.10
contracts=(AccountNFT FiatToken USDC CardSpender DepositContract BufferPool)

command -v node >/dev/null || { echo "contracts: node (20+) is required" >&2; exit 1; }
command -v npm >/dev/null || { echo "contracts: npm is required" >&2; exit 1; }

cd "$root/contracts"
npm ci --no-audit --no-fund --loglevel=error

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

node build.js "$root/assets/contracts" "$work"

cd "$root"
for name in "${contracts[@]}"; do
	pkg=$(echo "$name" | tr '[:upper:]' '[:lower:]')
	mkdir -p "homechain/bindings/$pkg"
	go run "github.com/ethereum/go-ethereum/cmd/abigen@$abigen_version" --v2 \
		--abi "$work/$name.abi" --bin "$work/$name.bin" \
		--pkg "$pkg" --type "$name" --out "homechain/bindings/$pkg/$pkg.go"
	chmod 0644 "homechain/bindings/$pkg/$pkg.go"
	echo "bindings homechain/bindings/$pkg/$pkg.go"
done
gofmt -l homechain/bindings | { if read -r f; then echo "contracts: gofmt would change $f" >&2; exit 1; fi; }
