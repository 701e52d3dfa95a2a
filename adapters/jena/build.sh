#!/bin/sh
# build.sh [RELEASE]: builds the Jena sidecar's runnable jar with Maven on a
# JDK new enough for the Jena release (jdk.sh: Java 21 for Jena 6, 17 for 5).
#
#   build.sh          the pinned release (pom.xml's jena.version): target/jena-sidecar.jar
#   build.sh 5.6.0    another release beside it: releases/5.6.0/jena-sidecar.jar
#
# Beside each jar, java-home names the JDK it was built with: the adapter
# runs the sidecar on that JDK's java (adapters/jena/java.go).
set -eu
cd "$(dirname "$0")"
release=${1:-}
pinned=$(sed -n 's:.*<jena.version>\(.*\)</jena.version>.*:\1:p' pom.xml)
ver=${release:-$pinned}
need=17
[ "${ver%%.*}" -ge 6 ] && need=21
home=$(sh ./jdk.sh "$need") || {
	echo "build.sh: Jena $ver needs a JDK $need or newer: install one under /usr/lib/jvm or set JAVA_HOME" >&2
	exit 1
}
out=target
[ -n "$release" ] && out=releases/$release
JAVA_HOME=$home mvn -q -B package -Djena.version="$ver" -Dmaven.compiler.release="$need" -Dsidecar.build.dir="$PWD/$out"
printf '%s\n' "$home" >"$out/java-home"
