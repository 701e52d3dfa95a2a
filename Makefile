# The two commands of the README: `make run` and `make test`.
GO ?= go
W3C_TESTS ?= $(abspath ../shared/w3c/rdf-tests)
export W3C_TESTS

.PHONY: run test install build fmt vet bench fuzz

install:
	bash scripts/install.sh

build:
	$(GO) build -o bin/oracle ./cmd/oracle

# `make run` installs, then starts the service on its embedded defaults
# (127.0.0.1:8080, SQLite file oracle.db here, in-process sweep workers);
# it prints where the dashboard is. Ctrl-C drains and stops it.
run: install
	bin/oracle serve

test: install
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
