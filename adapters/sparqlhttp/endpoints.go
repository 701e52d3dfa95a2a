package sparqlhttp

import (
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// The live endpoints this package runs: the Oxigraph server
// (PyPI oxigraph, `oxigraph serve`, in the project's .venv) and Apache Jena
// Fuseki (Maven Central jena-fuseki-server, one runnable jar, on a JDK 21+
// for Fuseki 6). Both keep an in-memory store and are loaded by one
// N-Quads document per case (LoadNQuads), which keeps a blank node shared
// between graphs shared (Graph Store PUTs load graph by graph) and costs a
// fraction of the one INSERT it replaced (LoadUpdate: on 100k triples of
// the realistic kg12 shape, the load took 2.8 s against 1.5 s on the
// Oxigraph server and 54 s against 27 s on Fuseki, on two cores loaded by
// sweeps; TestMeasureLoad). What Fuseki still spends is its in-memory
// dataset's inserts (persistent hash maps), not parsing. Both
// bound their own query time (Fuseki --timeout, Oxigraph --timeout-s), so
// a query the adapter gave up on does not keep the server busy.

// Names of the live endpoint engines.
const (
	OxigraphServerName = "oxigraph-server"
	FusekiName         = "fuseki"
)

// FusekiVersion is the Fuseki release `oracle engines install fuseki`
// fetches: written once here, descriptor.go completes Fuseki's descriptor
// with it.
const FusekiVersion = "6.2.0"

// OxigraphServerPinned is the oxigraph release adapters/python/requirements.txt pins.
const OxigraphServerPinned = "0.5.13"

// FusekiJar is Fuseki's runnable jar relative to the root the adapters
// are installed under, and the folder holding its java-home file.
var FusekiJar = filepath.Join("adapters", "sparqlhttp", "fuseki", "jena-fuseki-server-"+FusekiVersion+".jar")

// serverTimeout is each server's own bound on one query, in seconds.
const serverTimeout = 60

// OxigraphServer is the Oxigraph server whose binary is bin (.venv/bin/oxigraph).
func OxigraphServer(bin string) *Managed {
	return NewManaged(Server{
		Name:     OxigraphServerName,
		Version:  oxigraphVersion(bin),
		SPARQL12: true, // the 0.5 server is built with RDF 1.2
		Program:  bin,
		Argv: func(port int) []string {
			return []string{bin, "serve", "--bind", fmt.Sprintf("127.0.0.1:%d", port), "--timeout-s", strconv.Itoa(serverTimeout)}
		},
		Ready: "/query?query=ASK%7B%7D",
		Protocol: func(root string) Config {
			return Config{Query: root + "/query", Update: root + "/update", Store: root + "/store", Load: LoadNQuads}
		},
		ReadOnly: []string{filepath.Dir(bin)},
		Limits:   sidecar.DefaultLimits,
		// --timeout-s is also its socket read timeout: an idle connection
		// gets a 500 "os error 11" after it (transport.go).
		IdleTimeout: serverTimeout * time.Second,
		Reproducer:  oxigraphCurl,
	})
}

var oxigraphVersionRE = regexp.MustCompile(`oxigraph (\d+\.\d+\.\d+)`)

// oxigraphVersion asks the binary (`oxigraph --version`: "oxigraph 0.5.13").
func oxigraphVersion(bin string) string {
	out, _ := exec.Command(bin, "--version").Output()
	if m := oxigraphVersionRE.FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "unavailable"
}

// Fuseki is Fuseki's jar run on java: an in-memory dataset /ds with
// updates, on loopback only, its heap half the memory limit (3 GiB unless
// SetLimits says otherwise), 30 s of CPU time per case.
func Fuseki(java, jar string) *Managed {
	return NewManaged(Server{
		Name:     FusekiName,
		Version:  FusekiVersion,
		SPARQL12: true, // Fuseki 6 is Jena 6's
		Program:  jar,
		Argv: func(port int) []string {
			return []string{java, "-XX:+UseSerialGC", "-jar", jar, "--mem", "--update", "--localhost", "--quiet",
				"--port", strconv.Itoa(port), "--timeout", strconv.Itoa(serverTimeout * 1000), "/ds"}
		},
		Ready: "/ds/query?query=ASK%7B%7D",
		Protocol: func(root string) Config {
			return Config{Query: root + "/ds/query", Update: root + "/ds/update", Store: root + "/ds/data", Load: LoadNQuads,
				UpdateFailed: fusekiUpdateFailed, TimeoutParam: SecondsParam("timeout"), Refusal: fusekiRefusal}
		},
		ReadOnly: []string{filepath.Dir(jar)},
		Limits:   sidecar.Limits{Memory: 3 << 30, CPU: sidecar.DefaultLimits.CPU},
		HeapArgs: sidecar.JavaHeap,
		// Jetty's connector default (AbstractConnector's idle timeout);
		// Fuseki main sets none.
		IdleTimeout: 30 * time.Second,
		Reproducer:  fusekiCurl,
	})
}

// fusekiUpdateFailed is Fuseki's rule for a failed update request: it
// answers 400 both for a request its parser refuses (the body opens with
// "Parse error", Fuseki's own prefix for a QueryParseException) and for an
// UpdateException raised while the request ran ("No such graph: ...");
// only the latter ran. A 500 ran too.
func fusekiUpdateFailed(status int, body string) bool {
	switch status {
	case http.StatusBadRequest:
		return !strings.HasPrefix(strings.TrimSpace(body), "Parse error")
	case http.StatusInternalServerError:
		return true
	}
	return false
}

// FusekiJava is the java Fuseki's jar runs on: the JDK named in the
// java-home file beside the jar (scripts/install.sh picks one new enough),
// else $JAVA_HOME's, else java from PATH.
func FusekiJava(jar string) string {
	return sidecar.Java(filepath.Dir(jar)) // as the Jena and RDF4J sidecars' jars
}
