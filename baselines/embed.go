// Package baselines carries each engine's accepted W3C deviations
// (<engine>.tsv, <engine>-update.tsv, <engine>-sparql12.tsv: test id,
// class, reason) inside the binary, so the sweeps' W3C verdicts and
// `oracle gate` read the same baselines outside a checkout
// (internal/corpus DataRoot writes them beside the corpus).
package baselines

import "embed"

// Files holds every *.tsv of this folder.
//
//go:embed *.tsv
var Files embed.FS
