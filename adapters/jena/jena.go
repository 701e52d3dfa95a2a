package jena

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "jena"

// Version is the pinned jena-arq version (pom.xml).
const Version = "6.2.0"

// Jar is the sidecar's runnable jar relative to this adapter's folder.
const Jar = "target/jena-sidecar.jar"

// JavaHomeFile, beside a sidecar jar, names the JDK build.sh built it with
// (jdk.sh picked one new enough: Java 21 for Jena 6, 17 for Jena 5).
const JavaHomeFile = sidecar.JavaHomeFile

// Config returns the sidecar configuration; dir is this adapter's folder
// (adapters/jena in the repository). The jar runs as every Java sidecar
// (sidecar.JavaConfig: on the JDK it was built with, a serial collector, a
// heap of half the memory limit, the rest for the evaluating thread's deep
// stack, Sidecar.java; no network).
func Config(dir string, pool int) sidecar.Config {
	c := sidecar.JavaConfig(Name, filepath.Join(dir, Jar), dir, pool)
	c.SPARQL12 = true // Jena 6 implements RDF 1.2 and SPARQL 1.2 (Jena 5's RDF-star is not 1.2)
	return c
}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
