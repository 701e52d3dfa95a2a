# Multi-stage build of the oracle binary.
# Build: docker build -t sparql-oracle .   Run: docker run --rm sparql-oracle help
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -o /out/oracle ./cmd/oracle

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/oracle --create-home oracle
COPY --from=build /out/oracle /usr/local/bin/oracle
USER oracle
WORKDIR /var/lib/oracle
ENTRYPOINT ["/usr/local/bin/oracle"]
CMD ["help"]
