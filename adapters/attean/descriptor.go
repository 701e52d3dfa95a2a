package attean

import (
	"embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes Attean and RDF::Query (oracle.Descriptor);
// known.json holds Attean's rules.
//
//go:embed descriptor.json known.json
var data embed.FS

func init() {
	oracle.RegisterData(data, oracle.Each(Names, func(name string) oracle.Code {
		return oracle.Code{Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			return &Engine{Engine: sidecar.New(sidecar.Settings(Config(name, s.Dir, s.Pool), s))}, nil
		}}
	}))
}
