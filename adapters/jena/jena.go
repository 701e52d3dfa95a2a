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

// Config returns the sidecar configuration; dir is this adapter's folder
// (adapters/jena in the repository). The JVM runs with a serial collector (the
// CI machines have 2 cores), a heap of half its memory limit (JavaHeap),
// its own log on stderr (stdout is the protocol's), and a deep stack for
// the thread that evaluates (Sidecar.java); the process has no network.
func Config(dir string, pool int) sidecar.Config {
	c := jarConfig(Name, filepath.Join(dir, Jar), dir, pool)
	c.SPARQL12 = true // Jena 6 implements RDF 1.2 and SPARQL 1.2 (Jena 5's RDF-star is not 1.2)
	return c
}

// jarConfig runs the sidecar jar under the name given, on the JDK it was
// built with (java.go).
func jarConfig(name, jar, dir string, pool int) sidecar.Config {
	return sidecar.Config{
		Name: name,
		Command: []string{java(filepath.Dir(jar)), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr",
			"-jar", jar},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 20000,
		NoNetwork:   true,
		// 2 GiB: the 1 GiB heap of before (JavaHeap: half), the rest for
		// the serving thread's 64 MiB stack (Sidecar.java), metaspace, code.
		Limits:   sidecar.DefaultLimits,
		HeapArgs: sidecar.JavaHeap,
	}
}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
