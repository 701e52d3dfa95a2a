package sparqlhttp

import (
	"embed"
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes the servers this package starts
// (oracle.Descriptor). They belong to other families: their rules live
// with them (adapters/oxigraph/known.json, adapters/jena/known.json) and
// oracle.FamilyRules applies them here.
//
//go:embed descriptor.json
var data embed.FS

func init() {
	oracle.RegisterData(data, map[string]oracle.Code{
		OxigraphServerName: {Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			bin := s.Binary
			if bin == "" {
				bin = filepath.Join(s.Root, ".venv", "bin", "oxigraph")
			}
			return limited(OxigraphServer(bin), s), nil
		}},
		FusekiName: {Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			jar := filepath.Join(s.Root, FusekiJar)
			java := s.Binary
			if java == "" {
				java = FusekiJava(jar)
			}
			return limited(Fuseki(java, jar), s), nil
		}, Complete: fuseki},
	})
}

// fuseki completes Fuseki's installation with its release, written once
// (FusekiVersion): the pin, the Maven Central artifact, the jar it needs.
func fuseki(d *oracle.Descriptor) {
	d.Install.Pin.Version = FusekiVersion
	d.Install.Steps[0].Packages = []string{"org.apache.jena:jena-fuseki-server:" + FusekiVersion}
	d.Install.Needs = []string{FusekiJar}
}

// limited applies an entry's memory and CPU limits over a server's own,
// as for every other engine process.
func limited(m *Managed, s oracle.BuildSettings) *Managed {
	m.SetLimits(m.Limits().With(s))
	return m
}
