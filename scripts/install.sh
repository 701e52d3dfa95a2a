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

# jena_adapter builds the Jena sidecar's runnable jar (adapters/jena/target/
# jena-sidecar.jar) with Maven, again only when pom.xml or the Java sources
# changed since the last build (a checksum stamp beside the jar).
jena_adapter() {
	local dir=adapters/jena sum
	[ -f "$dir/pom.xml" ] || return 0
	command -v javac >/dev/null 2>&1 || apt_install openjdk-17-jdk-headless
	command -v mvn >/dev/null 2>&1 || apt_install maven
	sum=$(cd "$dir" && find pom.xml src -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum)
	if [ -f "$dir/target/jena-sidecar.jar" ] && [ "$(cat "$dir/target/.built-sources" 2>/dev/null)" = "$sum" ]; then
		return 0
	fi
	log "mvn package in $dir"
	(cd "$dir" && mvn -q -B package)
	printf '%s\n' "$sum" >"$dir/target/.built-sources"
}

# virtuoso_engine installs Debian's Virtuoso (virtuoso-t, isql-vt). Its own
# service stays unused: adapters/virtuoso starts a private instance with its
# own database and password. The debconf answers only keep apt from asking.
virtuoso_engine() {
	dpkg -s virtuoso-opensource >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ]; then
		printf 'virtuoso-opensource-7 virtuoso-opensource-7/%s password dba\n' dba-password dba-password-again |
			debconf-set-selections
	fi
	log "installing virtuoso-opensource (about 80 s)"
	apt_install virtuoso-opensource
}

# rasqal_adapter installs roqet (Rasqal's command-line tool, 0.9.33 in Debian 12)
# for the rasqal adapter (adapters/rasqal).
rasqal_adapter() {
	command -v roqet >/dev/null 2>&1 || apt_install rasqal-utils
}

# perl_adapter installs the Perl engines for adapters/attean: Attean (0.033)
# and RDF::Query (2.918), and JSON for the sidecar's protocol lines.
perl_adapter() {
	apt_install perl libattean-perl librdf-query-perl libjson-perl
}

# engine_sandbox installs bubblewrap (bwrap) and util-linux's prlimit: every
# external engine process runs in a bwrap sandbox (its own mount, pid and
# network namespaces; only the system, its own runtime and a private tmpfs
# visible) under memory and CPU limits set with prlimit (adapters/sidecar,
# issue 13: an engine must read no file and reach no URL a case did not
# supply). Without bwrap engines run with a network namespace only, and
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

# With arguments, run only the named steps (the Dockerfile installs the
# engines this way: scripts/install.sh npm_adapters python_adapters ...).
if [ $# -gt 0 ]; then
	for step in "$@"; do
		declare -F "$step" >/dev/null || { log "unknown step $step"; exit 2; }
		"$step"
	done
	exit 0
fi

need_go
engine_sandbox
npm_adapters
python_adapters
jena_adapter
virtuoso_engine
rasqal_adapter
perl_adapter
postgres_server
chromium_browser
log "Go modules"
go mod download
log "building bin/oracle"
mkdir -p bin
go build -o bin/oracle ./cmd/oracle
log "done"
