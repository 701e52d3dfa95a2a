#!/usr/bin/env bash
# Makes sure a copy of the W3C rdf-tests suite is at hand for the tests
# (internal/w3csuite finds it in the same order): $W3C_TESTS, the submodule
# third_party/rdf-tests at the pinned commit, or ../shared/w3c/rdf-tests
# beside the repository. With none of them, it initialises the submodule;
# when that fails (no network) it prints one message saying how to get the
# suite and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

has_suite() { [ -d "$1/sparql/sparql11" ]; }

if [ -n "${W3C_TESTS:-}" ]; then
	has_suite "$W3C_TESTS" || has_suite "$(dirname "$W3C_TESTS")" && exit 0
	echo "suite: W3C_TESTS=$W3C_TESTS holds no rdf-tests checkout (no sparql/sparql11 inside)" >&2
	exit 1
fi
has_suite third_party/rdf-tests && exit 0
has_suite ../shared/w3c/rdf-tests && exit 0
echo "suite: initialising the W3C suite submodule (third_party/rdf-tests)" >&2
if GIT_TERMINAL_PROMPT=0 timeout 300 git submodule update --init --depth 1 third_party/rdf-tests &&
	has_suite third_party/rdf-tests; then
	exit 0
fi
cat >&2 <<'MSG'
suite: the W3C test suite (w3c/rdf-tests at the pinned commit) was not found and could not be fetched:
run `git submodule update --init third_party/rdf-tests` where the network reaches GitHub,
or set W3C_TESTS to a local rdf-tests checkout.
MSG
exit 1
