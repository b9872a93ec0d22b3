#!/usr/bin/env bash
# make bench: every go benchmark of the module in one run, then docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
go test -run '^$' -bench . -benchmem -count 5 ./... | tee "$out"
go run ./scripts/benchreport -o docs/benchmarks.md < "$out"
