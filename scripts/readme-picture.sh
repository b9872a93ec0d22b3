#!/usr/bin/env bash
# Regenerates the README's picture of the terminal UI (docs/images/tui.svg) from the real
# program: purse runs in a private tmux server on its embedded sandbox with a fresh home, an
# account is onboarded from the command line, the Account screen is captured with its colours
# (tmux capture-pane -e) and Charm's freeze renders the capture as SVG. Nothing is drawn by
# hand: `make readme-picture` redraws it after a change to the screens.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/images/tui.svg}
freeze=github.com/charmbracelet/freeze@v0.2.2 # a tool run by this script, not a dependency
export GOEXPERIMENT=${GOEXPERIMENT:-runtimesecret}

bash "$root/scripts/ensure-tmux.sh"
work=$(mktemp -d)
sock="$work/tmux.sock"
cleanup() {
	tmux -S "$sock" kill-server 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/bin/" ./cmd/purse ./cmd/purse-sandbox)
purse="$work/bin/purse"
export PURSE_HOME="$work/home" PURSE_KEYSTORE=file PURSE_PASSPHRASE_FILE="$work/pass"
unset PURSE_PROFILE XDG_RUNTIME_DIR TMUX
printf 'readme-picture\n' >"$PURSE_PASSPHRASE_FILE"

# A free loopback port for the sandbox the UI starts.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$purse" key new --label me --kind evm >/dev/null 2>&1
"$purse" key new --label sol --kind solana >/dev/null 2>&1
"$purse" profile set "user_api=$base" "partner_api=$base/partner" "evm_rpc=$base/evm" "solana_rpc=$base/solana" \
	evm_key=me solana_key=sol >/dev/null

cat >"$work/run.sh" <<EOF
#!/bin/sh
export PURSE_HOME='$PURSE_HOME' PURSE_KEYSTORE=file TERM=xterm-256color COLORTERM=truecolor
unset PURSE_PASSPHRASE_FILE
exec '$purse' 2>'$work/stderr.txt'
EOF
chmod +x "$work/run.sh"
tmux -S "$sock" -f /dev/null new-session -d -s readme -x 100 -y 30 "$work/run.sh"

# wait_for TEXT: until the screen shows TEXT (30 s at most).
wait_for() {
	for _ in $(seq 300); do
		if tmux -S "$sock" capture-pane -p -t readme | grep -qF "$1"; then
			return 0
		fi
		sleep 0.1
	done
	echo "readme-picture: the screen never showed \"$1\":" >&2
	tmux -S "$sock" capture-pane -p -t readme >&2
	exit 1
}

wait_for "Welcome to purse"
for _ in $(seq 100); do curl -sf "$base/sandbox/info" >/dev/null && break; sleep 0.1; done
"$purse" --yes sandbox ctl onboard --key me >/dev/null 2>&1
wait_for "account "
tmux -S "$sock" send-keys -t readme 2
wait_for "Live (5)"
# The transient status ("changed outside this window") passes before the picture.
for _ in $(seq 150); do
	tmux -S "$sock" capture-pane -p -t readme | grep -qF "changed outside" || break
	sleep 0.1
done
tmux -S "$sock" capture-pane -e -p -t readme >"$work/screen.ansi"

mkdir -p "$(dirname "$out")"
(cd "$work" && go run "$freeze" --language ansi --window --padding 20 --margin 10 --border.radius 8 \
	--font.size 13 --output "$out" screen.ansi)
echo "readme-picture: wrote $out" >&2
