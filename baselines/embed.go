package baselines

import "embed"

// Files holds every *.tsv of this folder.
//
//go:embed *.tsv
var Files embed.FS
