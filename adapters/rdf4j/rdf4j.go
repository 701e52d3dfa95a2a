package rdf4j

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "rdf4j"

// Version is the pinned rdf4j-sail-memory version (pom.xml): 5.3.1 is
// newer, but Maven Central as reached here serves no rdf4j-rio-nquads of it.
const Version = "5.2.2"

// Jar is the sidecar's runnable jar relative to this adapter's folder.
const Jar = "target/rdf4j-sidecar.jar"

// Config returns the sidecar configuration; dir is this adapter's folder
// (adapters/rdf4j in the repository). The jar runs as every Java sidecar
// (sidecar.JavaConfig: on the JDK the install script built it with, named
// in target/java-home; a serial collector, a heap of half the memory
// limit, a deep stack for the serving thread only, Sidecar.java; no
// network).
func Config(dir string, pool int) sidecar.Config {
	return sidecar.JavaConfig(Name, filepath.Join(dir, Jar), dir, pool)
}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
