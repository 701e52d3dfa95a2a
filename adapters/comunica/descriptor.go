package comunica

import (
	"embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// descriptor.json describes the engine (oracle.Descriptor); known.json
// holds its rules.
//
//go:embed descriptor.json known.json
var data embed.FS

func init() { sidecar.Register(data, Name, Config) }
