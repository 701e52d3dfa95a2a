package sidecar

import (
	"os"
	"path/filepath"
	"strings"
)

// The configurations a sidecar has by its runtime: what every Node.js
// sidecar (Oxigraph, Comunica) and every Java sidecar (Jena, RDF4J)
// shares, so an adapter states only what is its engine's own (its name,
// its request budget, its out-of-memory words, SPARQL 1.2).

// NodeConfig runs the Node.js sidecar script sidecar.js of the adapter
// folder dir: no network, the default limits, V8's heap from the memory
// limit (NodeHeap), a fresh process every maxRequests cases.
func NodeConfig(name, dir string, pool, maxRequests int, oom OOMTexts) Config {
	return Config{
		Name:        name,
		Command:     []string{"node", filepath.Join(dir, "sidecar.js")},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: maxRequests,
		NoNetwork:   true,
		Limits:      DefaultLimits,
		HeapArgs:    NodeHeap,
		OOM:         oom,
	}
}

// JavaConfig runs the runnable sidecar jar of the adapter folder dir, on
// the JDK it was built with (Java): a serial collector (the CI machines
// have 2 cores), the JVM's own log on stderr (stdout is the protocol's), a
// heap of half the memory limit (JavaHeap; the rest for the serving
// thread's deep stack, metaspace and code), no network.
func JavaConfig(name, jar, dir string, pool int) Config {
	return Config{
		Name: name,
		Command: []string{Java(filepath.Dir(jar)), "-XX:+UseSerialGC", "-Xlog:disable", "-Xlog:all=warning:stderr",
			"-jar", jar},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 20000,
		NoNetwork:   true,
		Limits:      DefaultLimits,
		HeapArgs:    JavaHeap,
	}
}

// JavaHomeFile, beside a sidecar jar, names the JDK its build used (the
// adapter's build picked one new enough for its engine).
const JavaHomeFile = "java-home"

// Java is the java to run the jar in folder dir with: that of the JDK
// named in its JavaHomeFile, else $JAVA_HOME's, else java from PATH (a
// jar built by hand). A jar built for a newer Java fails to start with an
// UnsupportedClassVersionError: the version check then says unavailable.
func Java(dir string) string {
	if data, err := os.ReadFile(filepath.Join(dir, JavaHomeFile)); err == nil {
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
