#!/usr/bin/env bash
# make bench: every go benchmark of the module in one run, then docs/benchmarks.md.
# BENCH_NOTE (optional) says in words what else ran on the machine meanwhile; the report
# records it with the load average at the start and the end.
set -euo pipefail
cd "$(dirname "$0")/.."
# The start-up benchmarks compare purse with Foundry's cast (a measuring stick, never a
# dependency): use $CAST or cast on PATH, else fetch it from npm into .cache/ when npm is
# there; without it those benchmarks say so and no ratio is reported.
if [ -z "${CAST:-}" ] && ! command -v cast >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  mkdir -p .cache/cast
  if npm install --silent --ignore-scripts --prefix .cache/cast @foundry-rs/cast-linux-amd64@1.7.1 >/dev/null 2>&1 ||
     npm install --silent --ignore-scripts --prefix .cache/cast @foundry-rs/cast-linux-amd64 >/dev/null 2>&1; then
    CAST=$(find "$PWD/.cache/cast/node_modules" -path '*/bin/cast' -type f | head -n1)
    export CAST
  fi
fi
# Peak memory is GNU time's (Debian package time); without it the peaks are not measured.
if [ ! -x /usr/bin/time ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get install -y -qq time >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq time >/dev/null 2>&1; }) || true
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)
go test -run '^$' -bench . -benchmem -count 5 ./... | tee "$out"
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)
go run ./scripts/benchreport -o docs/benchmarks.md -load-before "$load_before" -load-after "$load_after" -note "${BENCH_NOTE:-}" < "$out"
