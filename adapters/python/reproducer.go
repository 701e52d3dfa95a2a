package python

import (
	"strconv"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() {
	sidecar.SetReproducer("pyoxigraph", func(c oracle.NativeCase) oracle.Native { return pyoxigraph(c, "pyoxigraph", "0.5.13") })
	sidecar.SetReproducer("oxilite", func(c oracle.NativeCase) oracle.Native { return pyoxigraph(c, "oxilite", "0.9.1") })
	sidecar.SetReproducer("rdflib", rdflib)
}

// ReleaseReproducer is the reproducer of pyoxigraph at another release
// than the pinned one (the engine pyoxigraph@<release>, installed beside
// it): the same script, that release installed.
func ReleaseReproducer(release string) func(oracle.NativeCase) oracle.Native {
	return func(c oracle.NativeCase) oracle.Native { return pyoxigraph(c, "pyoxigraph", release) }
}

// pyoxigraph serves pyoxigraph and oxilite (the same API), as sidecar.py
// does.
func pyoxigraph(c oracle.NativeCase, module, version string) oracle.Native {
	if c.Update {
		return pyoxigraphUpdate(c, module, version)
	}
	format := map[string]string{"SELECT": "QueryResultsFormat.TSV", "ASK": "QueryResultsFormat.JSON"}[c.Form()]
	if c.GraphForm() {
		format = "RdfFormat.N_TRIPLES"
	}
	return pyoxigraphNative(module, version,
		"answer = store.query(open('query.rq', encoding='utf-8').read()"+baseArg("base_iri", c.Base)+")",
		"sys.stdout.buffer.write(answer.serialize(format=ox."+format+"))")
}

// pyoxigraphNative is a Python script on the pinned module (pyoxigraph or
// oxilite), after the lines that load data.nq into a store, as sidecar.py.
func pyoxigraphNative(module, version string, lines ...string) oracle.Native {
	return oracle.Native{Install: "python3 -m pip install " + module + "==" + version, Run: oracle.Heredoc("python3 -",
		append([]string{"import sys, " + module + " as ox", "store = ox.Store()",
			"store.load(path='data.nq', format=ox.RdfFormat.N_QUADS)"}, lines...)...)}
}

// baseArg is the keyword argument giving the case's base IRI, "" when it
// has none.
func baseArg(name, base string) string {
	if base == "" {
		return ""
	}
	return ", " + name + "=" + strconv.Quote(base)
}

// rdflib: a Dataset whose default graph is NOT the union of the named
// graphs, the N-Quads default graph parsed into it (sidecar.py). RDFLib has
// no results TSV writer: SELECT and ASK print results JSON.
func rdflib(c oracle.NativeCase) oracle.Native {
	if c.Update {
		return rdflibUpdate(c)
	}
	out := "answer.serialize(format='json')"
	if c.GraphForm() {
		out = "answer.graph.serialize(format='nt')"
	}
	return oracle.Native{Install: "python3 -m pip install rdflib==7.6.0", Run: oracle.Heredoc("python3 -",
		"import sys, rdflib, rdflib.plugins.sparql as sparql",
		"from rdflib.graph import DATASET_DEFAULT_GRAPH_ID",
		"sparql.SPARQL_LOAD_GRAPHS = False  # never fetch a graph FROM names",
		"ds = rdflib.Dataset(default_union=False)",
		"ds.parse('data.nq', format='nquads', publicID=DATASET_DEFAULT_GRAPH_ID)",
		"answer = ds.query(open('query.rq', encoding='utf-8').read()"+baseArg("base", c.Base)+")",
		"out = "+out,
		"sys.stdout.write(out if isinstance(out, str) else out.decode('utf-8'))")}
}

// pyoxigraphUpdate applies update.ru to a store holding data.nq, as
// sidecar.py does, and prints the store after it as N-Quads; a failing
// request still prints the store it left, then fails with the engine's error.
func pyoxigraphUpdate(c oracle.NativeCase, module, version string) oracle.Native {
	return pyoxigraphNative(module, version,
		"try:",
		"    store.update(open('update.ru', encoding='utf-8').read()"+baseArg("base_iri", c.Base)+")",
		"finally:",
		"    sys.stdout.buffer.write(store.dump(format=ox.RdfFormat.N_QUADS))")
}

// rdflibUpdate applies update.ru to a Dataset holding data.nq (default
// graph not the union, as sidecar.py: also for the update's own default
// graph, SPARQL_DEFAULT_GRAPH_UNION off) and prints the store after it as
// N-Quads; a failing request prints the store it left, then fails.
func rdflibUpdate(c oracle.NativeCase) oracle.Native {
	base := "None"
	if c.Base != "" {
		base = strconv.Quote(c.Base)
	}
	return oracle.Native{Install: "python3 -m pip install rdflib==7.6.0", Run: oracle.Heredoc("python3 -",
		"import sys, rdflib, rdflib.plugins.sparql as sparql",
		"from rdflib.graph import DATASET_DEFAULT_GRAPH_ID",
		"from rdflib.plugins.sparql.parser import parseUpdate",
		"from rdflib.plugins.sparql.algebra import translateUpdate",
		"sparql.SPARQL_DEFAULT_GRAPH_UNION = False",
		"sparql.SPARQL_LOAD_GRAPHS = False  # never fetch a graph USING names",
		"ds = rdflib.Dataset(default_union=False)",
		"ds.parse('data.nq', format='nquads', publicID=DATASET_DEFAULT_GRAPH_ID)",
		"request = translateUpdate(parseUpdate(open('update.ru', encoding='utf-8').read()), "+base+")",
		"try:",
		"    ds.update(request)",
		"finally:",
		"    sys.stdout.write(ds.serialize(format='nquads'))")}
}
