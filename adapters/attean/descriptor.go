package attean

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds Attean's rules. RDF::Query (rdfquery) is its own
// family: same author, another code base, no longer developed.
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   "attean",
		Family: "attean",
		Newest: oracle.Release{Version: "0.035", Checked: "2026-12-07",
			Source: "packages.debian.org: libattean-perl 0.035-1 in trixie, forky and sid (bookworm, tested here, has 0.033-1); upstream is CPAN Attean"},
		Tracker: "https://github.com/kasei/attean/issues",
		Rules:   oracle.MustRules(known),
	})
	oracle.Register(oracle.Descriptor{
		Name:   "rdfquery",
		Family: "rdfquery",
		Newest: oracle.Release{Version: "2.918", Checked: "2026-12-07", Unmaintained: true,
			Source: "superseded by Attean, the same author's successor framework; 2.918 is RDF::Query's last release"},
		Tracker: "https://github.com/kasei/perlrdf/issues",
	})
}
