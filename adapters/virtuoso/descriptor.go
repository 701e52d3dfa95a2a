package virtuoso

import (
	"embed"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes Virtuoso (oracle.Descriptor: Debian 12's
// 7.2.5); known.json holds its rules.
//
//go:embed descriptor.json known.json
var data embed.FS

func init() {
	oracle.RegisterData(data, map[string]oracle.Code{Name: {
		// The server starts on the first case; cases load by the Graph
		// Store protocol unless the entry says "update".
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			o := Options{Dir: s.DatabaseDir, Binary: s.Binary, StartTimeout: s.StartTimeout, Limits: DefaultLimits.With(s)}
			if s.Load == "update" {
				o.Load = sparqlhttp.LoadUpdate
			}
			return New(o), nil
		},
	}})
}
