package rasqal

import (
	"embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes Rasqal (oracle.Descriptor: Debian's 0.9.33,
// and git master built from a snapshot as rasqal@master); known.json
// holds its rules.
//
//go:embed descriptor.json known.json
var data embed.FS

// roqet is Debian's roqet, the pinned release's (descriptor.json needs it).
const roqet = "/usr/bin/roqet"

func init() {
	oracle.RegisterData(data, map[string]oracle.Code{Name: {
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
	}})
}
