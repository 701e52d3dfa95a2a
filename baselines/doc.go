// Package baselines carries each engine's accepted W3C deviations
// (<engine>.tsv, <engine>-update.tsv, <engine>-sparql12.tsv: test id,
// class, reason) inside the binary, so the sweeps' W3C verdicts and
// `oracle gate` read the same baselines outside a checkout
// (internal/corpus DataRoot writes them beside the corpus).
//
// How to change it: a baseline is written by `oracle w3c --write-baseline
// FILE` and then edited by hand, one accepted deviation a line with its
// reason; `oracle w3c --baseline FILE` fails on a new divergence, a changed
// class or an unexpected pass (internal/w3c). A new *.tsv here is embedded
// without a code change.
package baselines
