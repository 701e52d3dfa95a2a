package virtuoso

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "virtuoso",
		// Debian 12 ships 7.2.5 (2018); OpenLink releases 7.2.x since.
		Newest: oracle.Release{Version: "7.2.16.1", Checked: "2026-12-07",
			Source: "github.com/openlink/virtuoso-opensource/releases: \"Virtuoso Open Source Edition v7.2.16.1\" (15 Oct; the page shows no year), after v7.2.16 (14 Oct) and v7.2.15 (21 May)"},
		Tracker:  "https://github.com/openlink/virtuoso-opensource/issues",
		Supports: []string{"update", "endpoint"},
		Rules:    oracle.MustRules(known),
	})
}
