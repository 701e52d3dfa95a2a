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
		Install: perlInstall("/usr/share/perl5/Attean.pm", "0.033 (Debian 12 libattean-perl)"),
		EARL:    oracle.Project{Name: "Attean", Homepage: "https://metacpan.org/dist/Attean", Language: "Perl"},
	})
	oracle.Register(oracle.Descriptor{
		Name:   "rdfquery",
		Family: "rdfquery",
		Newest: oracle.Release{Version: "2.918", Checked: "2026-12-07", Unmaintained: true,
			Source: "superseded by Attean, the same author's successor framework; 2.918 is RDF::Query's last release"},
		Tracker: "https://github.com/kasei/perlrdf/issues",
		Install: perlInstall("/usr/share/perl5/RDF/Query.pm", "2.918 (Debian 12 librdf-query-perl)"),
		EARL:    oracle.Project{Name: "RDF::Query", Homepage: "https://metacpan.org/dist/RDF-Query", Language: "Perl"},
	})
}

// perlInstall: both Perl engines run sidecar.pl of this folder over
// Debian's modules (JSON for the protocol lines); module is the engine's.
func perlInstall(module, version string) oracle.Install {
	return oracle.Install{
		Folder:  "attean",
		Steps:   []oracle.Step{{Kind: oracle.StepDebian, Packages: []string{"perl", "libattean-perl", "librdf-query-perl", "libjson-perl"}}},
		Needs:   []string{module, "adapters/attean/sidecar.pl"},
		Pin:     oracle.Pin{Version: version},
		Sandbox: sandbox,
	}
}

// sandbox is how every sidecar process runs (adapters/sidecar, doc.go).
const sandbox = "sidecar: bwrap (own mount, pid and network namespaces, a private tmpfs) under prlimit memory and CPU limits; unshare --net without bwrap"
