# The two commands of the README: `make run` and `make test`.
GO ?= go

.PHONY: run test install build fmt vet bench fuzz suite

install:
	bash scripts/install.sh

# The commit `oracle version` prints: Go's VCS stamp (-buildvcs=auto), and
# the same commit through -ldflags for where GOFLAGS turns the stamp off
# (internal/report BuildCommit; "-modified" for uncommitted changes).
COMMIT := $(shell git rev-parse HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -modified)
LDFLAGS := -X github.com/sparql-oracle/oracle/internal/report.BuildCommit=$(COMMIT)

build:
	$(GO) build -buildvcs=auto -ldflags "$(LDFLAGS)" -o bin/oracle ./cmd/oracle

# `make run` builds and starts the service on its embedded defaults
# (127.0.0.1:8080, SQLite file oracle.db here, in-process sweep workers)
# with the in-house engines and the external engines already installed; it
# installs nothing: `make run ENGINES=all` runs scripts/install.sh first
# (several minutes), `make run ENGINES="oxigraph rdflib"` installs those
# (oracle engines install). A nightly sweep runs at 02:00 UTC unless
# NIGHTLY=off. Ctrl-C drains and stops it.
ENGINES ?=
NIGHTLY ?= on
SERVE_FLAGS := $(if $(filter off,$(NIGHTLY)),--no-nightly)

run: build
ifeq ($(ENGINES),all)
	bash scripts/install.sh
else ifneq ($(strip $(ENGINES)),)
	bin/oracle engines install $(ENGINES)
endif
	bin/oracle serve $(SERVE_FLAGS)

# `make suite` makes sure a copy of the W3C suite is there: the submodule
# third_party/rdf-tests (pinned commit), or a local copy ($W3C_TESTS, or
# ../shared/w3c/rdf-tests); with none, it initialises the submodule, and
# fails with one message when that cannot reach the network.
suite:
	@bash scripts/suite.sh

# suite comes first: a fresh clone without the suite stops with its one
# message before install reaches for the network.
test: suite install
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...
	bash scripts/fuzz.sh

# Every fuzz target for 3000 inputs from its checked-in corpus
# (testdata/fuzz/<FuzzName>/); FUZZTIME=30s make fuzz for longer.
fuzz:
	bash scripts/fuzz.sh

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
