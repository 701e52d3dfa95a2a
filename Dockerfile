# sparql-oracle: the oracle binary plus every installable engine.
#
#   docker build -t sparql-oracle .
#   docker run --rm -p 127.0.0.1:8080:8080 sparql-oracle          # API + dashboard on SQLite
#   docker compose -f deploy/compose.yaml up --build               # with PostgreSQL, Prometheus, Grafana
#
# Stage 1 builds the static Go binary. Stage 2 installs the engines exactly
# as scripts/install.sh does on a Debian 12 machine (its steps run by name),
# into ORACLE_HOME=/opt/oracle, where the registry finds the adapters.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/oracle ./cmd/oracle

FROM debian:bookworm-slim
ENV ORACLE_HOME=/opt/oracle DEBIAN_FRONTEND=noninteractive
WORKDIR /opt/oracle
COPY go.mod ./
COPY scripts/install.sh scripts/install.sh
COPY adapters adapters
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends ca-certificates \
 && bash scripts/install.sh npm_adapters python_adapters jena_adapter virtuoso_engine rasqal_adapter perl_adapter \
 && apt-get purge -y -qq maven && apt-get autoremove -y -qq \
 && rm -rf /var/lib/apt/lists/* /root/.m2 /root/.npm /root/.cache
COPY --from=build /out/oracle /usr/local/bin/oracle
RUN useradd --system --uid 10001 --home /var/lib/oracle --create-home oracle
USER oracle
WORKDIR /var/lib/oracle
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/oracle"]
CMD ["serve", "--addr", "0.0.0.0:8080", "--db", "/var/lib/oracle/oracle.db"]
