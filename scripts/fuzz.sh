#!/usr/bin/env bash
# Runs every Go fuzz target (func FuzzX(f *testing.F) in internal/, adapters/
# and cmd/) for a short time each, starting from its checked-in seed corpus
# testdata/fuzz/FuzzX/ (plus its f.Add seeds). A target without a checked-in
# corpus is an error: add one (go test -run '^$' -fuzz '^FuzzX$' finds inputs;
# copy a few from $(go env GOCACHE)/fuzz/<package>/FuzzX/). A failing input
# is written to testdata/fuzz/FuzzX/ by go test: commit it with the fix.
#
#   scripts/fuzz.sh                      # the default: 3000 inputs per target
#   FUZZTIME=30s scripts/fuzz.sh         # longer, by the clock
#   scripts/fuzz.sh ./internal/rdf       # only the targets of some packages
#
# The default budget is a count of inputs, not a duration: Go 1.26's fuzz
# coordinator can report "context deadline exceeded" as the target's failure
# when a -fuzztime duration ends while a worker is mid-input, with no input
# written (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to
# race, so a failure here is always a failing input.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-3000x}
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
