package corpusdata

import "embed"

// Files holds profiles/*.json and regress/ at their paths relative to this
// folder.
//
//go:embed profiles/*.json regress
var Files embed.FS
