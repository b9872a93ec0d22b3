#!/usr/bin/env bash
# The real OS-keyring test: keystore's `keyring_integration` test against gnome-keyring in a
# private D-Bus session, with no terminal on stdin (as in CI). Installs gnome-keyring and
# D-Bus (Debian/Ubuntu packages) when they are missing; that needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

missing=()
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=(gnome-keyring-daemon)
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus-run-session)
if ((${#missing[@]})); then
	echo "test-keyring: ${missing[*]} not found; installing gnome-keyring dbus dbus-x11" >&2
	if [ "$(id -u)" != 0 ]; then
		echo "test-keyring: installing packages needs root; run: sudo apt-get install -y --no-install-recommends gnome-keyring dbus dbus-x11" >&2
		exit 1
	fi
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "test-keyring: no apt-get here; install gnome-keyring and dbus (dbus-run-session) with the system's package manager" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	apt-get install -y --no-install-recommends gnome-keyring dbus dbus-x11
	for c in gnome-keyring-daemon dbus-run-session; do
		command -v "$c" >/dev/null 2>&1 || { echo "test-keyring: $c still missing after the install" >&2; exit 1; }
	done
fi

# The daemon keeps its keyrings in a throw-away folder, never in the user's own.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -m 0700 "$work/run" "$work/data"
export KEYRING_TEST_WORK="$work" GO CI=true
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -w "${XDG_RUNTIME_DIR}" ]; then
	export XDG_RUNTIME_DIR="$work/run"
fi

dbus-run-session -- bash -euo pipefail -c '
	# An empty password (one empty line) on stdin creates and unlocks the login collection,
	# the default alias go-keyring uses; export whatever environment the daemon prints.
	env_out=$(echo "" | XDG_DATA_HOME="$KEYRING_TEST_WORK/data" gnome-keyring-daemon --unlock --components=secrets)
	while IFS= read -r line; do
		case "$line" in *=*) export "$line" ;; esac
	done <<<"$env_out"
	echo "test-keyring: gnome-keyring $(gnome-keyring-daemon --version 2>/dev/null | head -n1) on $DBUS_SESSION_BUS_ADDRESS" >&2
	"$GO" test -race -count=1 -tags keyring_integration -run "^TestOSKeyringIntegration$" -v ./keystore/ </dev/null
'
