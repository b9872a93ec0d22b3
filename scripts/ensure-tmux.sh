#!/usr/bin/env bash
# The end-to-end test drives the real binary inside tmux (CI has no terminal on stdin; tmux
# gives the TUI one). Installs tmux (the Debian/Ubuntu package) when it is missing; that
# needs root, as in CI.
set -euo pipefail

if command -v tmux >/dev/null 2>&1; then
	exit 0
fi
echo "ensure-tmux: tmux not found; installing it" >&2
if [ "$(id -u)" != 0 ]; then
	echo "ensure-tmux: installing packages needs root; run: sudo apt-get install -y --no-install-recommends tmux" >&2
	exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "ensure-tmux: no apt-get here; install tmux with the system's package manager" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends tmux
command -v tmux >/dev/null 2>&1 || { echo "ensure-tmux: tmux still missing after the install" >&2; exit 1; }
echo "ensure-tmux: $(tmux -V)" >&2
