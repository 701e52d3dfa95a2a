package rdf4j

import (
	"os"
	"path/filepath"
	"strings"

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
// (adapters/rdf4j in the repository). As Jena's: a serial collector (2
// cores), a heap of half the memory limit, the JVM's log on stderr (stdout
// is the protocol's), a deep stack for the serving thread only
// (Sidecar.java), no network.
func Config(dir string, pool int) sidecar.Config {
	return sidecar.Config{
		Name: Name,
		Command: []string{java(filepath.Join(dir, "target")), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr",
			"-jar", filepath.Join(dir, Jar)},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 20000,
		NoNetwork:   true,
		Limits:      sidecar.DefaultLimits,
		HeapArgs:    sidecar.JavaHeap,
	}
}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }

// java is the java of the JDK the install script built the jar with
// (target/java-home), else $JAVA_HOME's, else java from PATH.
func java(target string) string {
	if data, err := os.ReadFile(filepath.Join(target, "java-home")); err == nil {
		bin := filepath.Join(strings.TrimSpace(string(data)), "bin", "java")
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	if home := os.Getenv("JAVA_HOME"); home != "" {
		return filepath.Join(home, "bin", "java")
	}
	return "java"
}
