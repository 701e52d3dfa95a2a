package jena

import (
	"embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes Jena's ARQ (oracle.Descriptor); known.json
// holds the rules of the Jena family (Fuseki's too).
//
//go:embed descriptor.json known.json
var data embed.FS

func init() {
	sidecar.Register(data, Name, Config, oracle.Code{BuildRelease: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config {
		return ReleaseConfig(s.Dir, s.Release, s.Pool)
	})})
}
