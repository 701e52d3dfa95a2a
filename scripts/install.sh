#!/usr/bin/env bash
# Installs what sparql-oracle needs on a Debian 12 machine. Idempotent and fast
# when everything is present. Used by `make run`, `make test` setups and .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf 'install: %s\n' "$*" >&2; }

need_go() {
	if ! command -v go >/dev/null 2>&1; then
		log "Go is missing: installing Debian's golang (the project needs Go >= 1.26; see go.mod)"
		apt_install golang-go
	fi
}

apt_updated=0
apt_install() {
	local missing=()
	for p in "$@"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		log "need root to apt-get install ${missing[*]}"
		return 1
	fi
	if [ $apt_updated = 0 ]; then
		apt-get update -qq
		apt_updated=1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# npm_adapters installs each Node sidecar's pinned packages from its lock file,
# again only when the lock file changed since the last install.
npm_adapters() {
	command -v npm >/dev/null 2>&1 || apt_install nodejs npm
	for lock in adapters/*/package-lock.json; do
		[ -f "$lock" ] || continue
		local dir stamp
		dir=$(dirname "$lock")
		stamp="$dir/node_modules/.installed-lock"
		if [ -f "$stamp" ] && cmp -s "$lock" "$stamp"; then
			continue
		fi
		log "npm ci in $dir"
		(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
		cp "$lock" "$stamp"
	done
}

# python_adapters makes .venv and installs the pinned Python engines into it,
# again only when requirements.txt changed since the last install.
python_adapters() {
	local req=adapters/python/requirements.txt stamp=.venv/.installed-requirements
	[ -f "$req" ] || return 0
	if [ -f "$stamp" ] && cmp -s "$req" "$stamp"; then
		return 0
	fi
	command -v python3 >/dev/null 2>&1 || apt_install python3 python3-venv
	[ -x .venv/bin/python ] || python3 -m venv .venv || { apt_install python3-venv && python3 -m venv .venv; }
	log "pip install -r $req into .venv"
	.venv/bin/pip install --quiet --disable-pip-version-check -r "$req"
	cp "$req" "$stamp"
}

need_go
npm_adapters
python_adapters
log "Go modules"
go mod download
log "building bin/oracle"
mkdir -p bin
go build -o bin/oracle ./cmd/oracle
log "done"
