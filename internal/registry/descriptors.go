package registry

import (
	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// inHouse is the family of the evaluators this repository writes: a
// divergence of theirs is ours to fix.
const inHouse = "sparql-oracle"

// homepage is the in-house evaluators' project (their EARL description).
const homepage = "https://github.com/sparql-oracle/oracle"

// The adapters register their descriptors without a Version (their
// folders hold the pins, but reading them is internal/install's job);
// this init runs after theirs (this package imports every adapter) and
// re-registers each with the version this binary installs, and a member
// without a Newest of its own with its family's (Fuseki ships with Jena).
func init() {
	oracle.Register(oracle.Descriptor{Name: "reference", Family: inHouse, Version: "dev",
		EARL: oracle.Project{Name: "sparql-oracle reference evaluator", Homepage: homepage, Language: "Go"}})
	oracle.Register(oracle.Descriptor{Name: "engine", Family: inHouse, Version: "dev",
		EARL: oracle.Project{Name: "sparql-oracle fast engine", Homepage: homepage, Language: "Go"}})
	for _, d := range oracle.Described() {
		oracle.Register(pinned(d))
	}
}

// pinned is d with the installed version and, when it has none, its
// family's newest release.
func pinned(d oracle.Descriptor) oracle.Descriptor {
	if d.Version == "" {
		d.Version = install.Pinned(d.Name)
	}
	if d.Newest.Version == "" && d.Family != d.Name {
		if fam, ok := oracle.Describe(d.Family); ok {
			d.Newest = fam.Newest
		}
	}
	return d
}
