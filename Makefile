# The two commands of the README: `make run` and `make test`.
GO ?= go

.PHONY: run test install build fmt vet bench fuzz suite

install:
	bash scripts/install.sh

# -buildvcs=auto: `oracle version` prints the commit even where GOFLAGS
# turns VCS stamping off.
build:
	$(GO) build -buildvcs=auto -o bin/oracle ./cmd/oracle

# `make run` installs, then starts the service on its embedded defaults
# (127.0.0.1:8080, SQLite file oracle.db here, in-process sweep workers, a
# nightly sweep at 02:00 UTC: bin/oracle serve --no-nightly for none);
# it prints where the dashboard is. Ctrl-C drains and stops it.
run: install
	bin/oracle serve

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

# Every fuzz target for a few seconds from its checked-in corpus
# (testdata/fuzz/<FuzzName>/); FUZZTIME=30s make fuzz for longer.
fuzz:
	bash scripts/fuzz.sh

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
