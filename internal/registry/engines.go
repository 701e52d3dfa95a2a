package registry

// The adapters linked into the oracle: one line an engine. Each adapter's
// descriptor (adapters/<name>/descriptor.go) says everything else: how it
// is installed, built from a config entry, probed, described.
import (
	_ "github.com/sparql-oracle/oracle/adapters/attean"
	_ "github.com/sparql-oracle/oracle/adapters/comunica"
	_ "github.com/sparql-oracle/oracle/adapters/jena"
	_ "github.com/sparql-oracle/oracle/adapters/oxigraph"
	_ "github.com/sparql-oracle/oracle/adapters/python"
	_ "github.com/sparql-oracle/oracle/adapters/rasqal"
	_ "github.com/sparql-oracle/oracle/adapters/rdf4j"
	_ "github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	_ "github.com/sparql-oracle/oracle/adapters/virtuoso"
)
