#!/usr/bin/env bash
# make bench: every go benchmark of the module in one run, then docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
# The start-up benchmark compares purse with Foundry's cast (a measuring stick, never a
# dependency): use $CAST or cast on PATH, else fetch it from npm into .cache/ when npm is
# there; without it that benchmark says so and no ratio is reported.
if [ -z "${CAST:-}" ] && ! command -v cast >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  mkdir -p .cache/cast
  if npm install --silent --ignore-scripts --prefix .cache/cast @foundry-rs/cast-linux-amd64@1.7.1 >/dev/null 2>&1 ||
     npm install --silent --ignore-scripts --prefix .cache/cast @foundry-rs/cast-linux-amd64 >/dev/null 2>&1; then
    CAST=$(find "$PWD/.cache/cast/node_modules" -path '*/bin/cast' -type f | head -n1)
    export CAST
  fi
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
go test -run '^$' -bench . -benchmem -count 5 ./... | tee "$out"
go run ./scripts/benchreport -o docs/benchmarks.md < "$out"
