package attean

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds Attean's rules. RDF::Query (rdfquery) is its own
// family: same author, another code base, no longer developed.
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(described(oracle.Descriptor{
		Name:   "attean",
		Family: "attean",
		Newest: oracle.Release{Version: "0.035", Checked: "2026-12-07",
			Source: "packages.debian.org: libattean-perl 0.035-1 in trixie, forky and sid (bookworm, tested here, has 0.033-1); upstream is CPAN Attean"},
		Tracker: "https://github.com/kasei/attean/issues",
		Rules:   oracle.MustRules(known),
		EARL:    oracle.Project{Name: "Attean", Homepage: "https://metacpan.org/dist/Attean", Language: "Perl"},
	}, "/usr/share/perl5/Attean.pm", "0.033 (Debian 12 libattean-perl)"))
	oracle.Register(described(oracle.Descriptor{
		Name:   "rdfquery",
		Family: "rdfquery",
		Newest: oracle.Release{Version: "2.918", Checked: "2026-12-07", Unmaintained: true,
			Source: "superseded by Attean, the same author's successor framework; 2.918 is RDF::Query's last release"},
		Tracker: "https://github.com/kasei/perlrdf/issues",
		EARL:    oracle.Project{Name: "RDF::Query", Homepage: "https://metacpan.org/dist/RDF-Query", Language: "Perl"},
	}, "/usr/share/perl5/RDF/Query.pm", "2.918 (Debian 12 librdf-query-perl)"))
}

// described completes a Perl engine's descriptor: both run sidecar.pl of
// this folder over Debian's modules (JSON for the protocol lines); module
// is the engine's, version its Debian release.
func described(d oracle.Descriptor, module, version string) oracle.Descriptor {
	d.Install = oracle.Install{
		Folder:  "attean",
		Steps:   []oracle.Step{{Kind: oracle.StepDebian, Packages: []string{"perl", "libattean-perl", "librdf-query-perl", "libjson-perl"}}},
		Needs:   []string{module, "adapters/attean/sidecar.pl"},
		Pin:     oracle.Pin{Version: version},
		Sandbox: oracle.SandboxSidecar,
	}
	name := d.Name
	d.Pools = true
	d.Build = func(s oracle.BuildSettings) (oracle.Engine, error) {
		return &Engine{Engine: sidecar.New(sidecar.Settings(Config(name, s.Dir, s.Pool), s))}, nil
	}
	return d
}
