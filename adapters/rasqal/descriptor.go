package rasqal

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

// roqet is Debian's roqet, the pinned release's.
const roqet = "/usr/bin/roqet"

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "rasqal",
		// 0.9.33 (2014) is the last release; the maintainers develop on git
		// master, which fixes part of what 0.9.33 gets wrong
		// (build-master.sh builds it as rasqal@master).
		Newest: oracle.Release{Version: "master (9e2b187d)", Date: "2025-12-05", Checked: "2026-12-07",
			Source: "dajobe/rasqal git master at 9e2b187d (2025-12-05); the last release, 0.9.33, is from 2014"},
		Tracker: "https://bugs.librdf.org/",
		Rules:   oracle.MustRules(known),
		// rasqal@master is built from a source snapshot of git master by
		// build-master.sh (internal/registry/releases.go finds it).
		Install: oracle.Install{
			Folder:   "rasqal",
			Steps:    []oracle.Step{{Kind: oracle.StepDebian, Packages: []string{"rasqal-utils"}}},
			Needs:    []string{roqet},
			Pin:      oracle.Pin{Version: "0.9.33 (Debian 12 rasqal-utils)"},
			Releases: []string{"master"},
			Release: oracle.Step{Kind: oracle.StepSnapshotRelease, Folder: "rasqal", Snapshot: "rasqal-master-*.tar.gz",
				Build: []string{"sh", "build-master.sh"}, Jar: "bin/roqet",
				Packages: []string{"autoconf", "automake", "libtool", "gtk-doc-tools", "pkg-config", "libraptor2-dev", "flex", "bison",
					"python3", "libgmp-dev", "libmhash-dev", "uuid-dev", "libyajl-dev"}},
			Sandbox: "one roqet process per case, confined as a sidecar is (bwrap, prlimit; adapters/sidecar)",
		},
		EARL: oracle.Project{Name: "Rasqal", Homepage: "https://librdf.org/rasqal/", Language: "C"},
		// One process per case, Pool at once, each under its share of the
		// memory budget.
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			bin := s.Binary
			if bin == "" {
				bin = roqet
			}
			return New(Config{Roqet: bin, NoNetwork: true, Limits: sidecar.ShareLimits(s.Name, DefaultLimits.With(s), s.Pool)}), nil
		},
		BuildRelease: func(s oracle.BuildSettings) (oracle.Engine, error) {
			return NewRelease(ReleaseConfig(s.Dir, s.Release, s.Name, DefaultLimits.With(s))), nil
		},
	})
}
