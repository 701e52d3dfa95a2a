# The two commands of the README: `make run` and `make test`.
GO ?= go
W3C_TESTS ?= $(abspath ../shared/w3c/rdf-tests)
export W3C_TESTS

.PHONY: run test install build fmt vet bench fuzz

install:
	bash scripts/install.sh

build:
	$(GO) build -o bin/oracle ./cmd/oracle

# Until the service exists (issue 7), `make run` installs and runs the
# reference evaluator over the W3C suite through the CLI.
run: install
	bin/oracle w3c

test: install
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
