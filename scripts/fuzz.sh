#!/usr/bin/env bash
# Runs every Go fuzz target (func FuzzX(f *testing.F) in internal/, adapters/
# and cmd/) for a short time each, starting from its checked-in seed corpus
# testdata/fuzz/FuzzX/ (plus its f.Add seeds). A target without a checked-in
# corpus is an error: add one (go test -run '^$' -fuzz '^FuzzX$' finds inputs;
# copy a few from $(go env GOCACHE)/fuzz/<package>/FuzzX/). A failing input
# is written to testdata/fuzz/FuzzX/ by go test: commit it with the fix.
#
#   FUZZTIME=3s scripts/fuzz.sh          # the default: 3 s per target
#   scripts/fuzz.sh ./internal/rdf       # only the targets of some packages
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-3s}
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
	mapfile -t dirs < <(grep -rlE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' internal adapters cmd |
		xargs -n1 dirname | sort -u | sed 's|^|./|')
fi
start=$(date +%s)
n=0
for dir in "${dirs[@]}"; do
	for name in $(grep -hoE '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' "$dir"/*_test.go | sed -E 's/^func (Fuzz[A-Za-z0-9_]*).*/\1/' | sort -u); do
		corpus="$dir/testdata/fuzz/$name"
		if [ -z "$(ls -A "$corpus" 2>/dev/null)" ]; then
			echo "fuzz: $dir $name has no seed corpus in $corpus" >&2
			exit 1
		fi
		echo "fuzz: $dir $name ($(ls "$corpus" | wc -l) seeds, $FUZZTIME)"
		$GO test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "$dir"
		n=$((n + 1))
	done
done
echo "fuzz: $n targets in $(($(date +%s) - start)) s"
