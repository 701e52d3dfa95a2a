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

# build_oracle builds bin/oracle from this checkout (the engines step runs
# it: the installer is Go, and the binary carries the adapters' sources).
build_oracle() {
	need_go
	log "Go modules"
	go mod download
	log "building bin/oracle"
	mkdir -p bin
	go build -o bin/oracle ./cmd/oracle
}

# engines installs every engine and every release beside a pin as its
# descriptor says (adapters/<name>/descriptor.go: the Debian packages, the
# npm and pip lock files, the Maven builds, a source snapshot's build):
# `oracle engines install --all` (internal/install), into this checkout,
# or into $ORACLE_HOME when set (the Dockerfile). Each step is skipped when
# its stamp says it is installed, so a second run is fast. The binary is
# $ORACLE_BIN when set (the Dockerfile's), else bin/oracle, built first.
# An engine that does not install is logged and the others go on: `oracle
# engines` says which run here and why not.
engines() {
	local bin=${ORACLE_BIN:-}
	if [ -z "$bin" ]; then
		build_oracle
		bin=bin/oracle
	fi
	"$bin" engines install --all --home "${ORACLE_HOME:-$PWD}" ||
		log "not every engine installed (the errors above): oracle engines says which run here"
}

# engine_sandbox installs bubblewrap (bwrap) and util-linux's prlimit: every
# external engine process runs in a bwrap sandbox (its own mount, pid and
# network namespaces; only the system, its own runtime and a private tmpfs
# visible) under memory and CPU limits set with prlimit (adapters/sidecar,
# an engine must read no file and reach no URL a case did not supply).
# Without bwrap engines run with a network namespace only, and
# under CI=true not at all.
engine_sandbox() {
	command -v prlimit >/dev/null 2>&1 || apt_install util-linux
	command -v bwrap >/dev/null 2>&1 || apt_install bubblewrap
}

# postgres_server installs Debian's PostgreSQL and starts its cluster for the
# store and sweep tests (internal/store, internal/sweep), with a role and a
# database they own; .ci/run exports ORACLE_TEST_POSTGRES to point at them.
# Skipped (with a note) without root: the tests then skip PostgreSQL unless CI=true.
postgres_server() {
	if [ "$(id -u)" != 0 ]; then
		log "not root: PostgreSQL for the store tests not installed or started"
		return 0
	fi
	apt_install postgresql
	local ver
	ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
	pg_ctlcluster "$ver" main status >/dev/null 2>&1 || pg_ctlcluster "$ver" main start
	su postgres -c "psql -q -tAc \"SELECT 1 FROM pg_roles WHERE rolname='oracle'\"" | grep -q 1 ||
		su postgres -c "psql -q -c \"CREATE ROLE oracle LOGIN PASSWORD 'oracle'\""
	su postgres -c "psql -q -tAc \"SELECT 1 FROM pg_database WHERE datname='oracle_test'\"" | grep -q 1 ||
		su postgres -c "psql -q -c \"CREATE DATABASE oracle_test OWNER oracle\""
}

# chromium_browser installs Debian's Chromium for the dashboard test
# (internal/server drives /usr/bin/chromium headless through chromedp; it
# skips without it, and fails when CI=true).
chromium_browser() {
	[ -x /usr/bin/chromium ] && return 0
	apt_install chromium || log "chromium not installed: the dashboard browser test will skip"
}

# seccomp_base installs Debian's containers-common (named
# golang-github-containers-common in Debian 12) for its
# /usr/share/containers/seccomp.json, podman's default seccomp profile: the
# deploy tests merge deploy/seccomp-bwrap-addition.json into it and run bwrap
# under the result (deploy/seccomp_run_test.go; it skips without the file,
# and fails when CI=true). Root only, like postgres_server.
seccomp_base() {
	[ -f /usr/share/containers/seccomp.json ] && return 0
	if [ "$(id -u)" != 0 ]; then
		log "not root: containers-common (the seccomp base of the deploy test) not installed"
		return 0
	fi
	local pkg=containers-common
	apt-cache show "$pkg" >/dev/null 2>&1 || pkg=golang-github-containers-common
	apt_install "$pkg"
}

# With arguments, run only the named steps (the Dockerfile installs the
# engines this way: scripts/install.sh engine_sandbox engines).
if [ $# -gt 0 ]; then
	for step in "$@"; do
		declare -F "$step" >/dev/null || { log "unknown step $step"; exit 2; }
		"$step"
	done
	exit 0
fi

engine_sandbox
engines
postgres_server
chromium_browser
seccomp_base
log "done"
