package rasqal

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "rasqal",
		// 0.9.33 (2014) is the last release; the maintainers develop on git
		// master, which fixes part of what 0.9.33 gets wrong
		// (scripts/install.sh rasqal_master builds it as rasqal@master).
		Newest: oracle.Release{Version: "master (9e2b187d)", Date: "2025-12-05", Checked: "2026-12-07",
			Source: "dajobe/rasqal git master at 9e2b187d (2025-12-05); the last release, 0.9.33, is from 2014"},
		Tracker: "https://bugs.librdf.org/",
		Rules:   oracle.MustRules(known),
	})
}
