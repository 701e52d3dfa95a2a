package report

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/adapters/virtuoso"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func lastLine(s string) string {
	return s[strings.LastIndex(s, "\n")+1:]
}

// adapterEngines are the external adapters, built without starting
// anything (no process starts before the first Eval): their reproducers
// are what this package renders.
func adapterEngines() []oracle.Engine {
	es := []oracle.Engine{oxigraph.New("", 1), comunica.New("", 1), jena.New("", 1),
		rasqal.New(rasqal.Config{}), virtuoso.New(virtuoso.Options{})}
	for _, n := range python.Names {
		es = append(es, python.New(n, "", "", 1))
	}
	for _, n := range attean.Names {
		es = append(es, attean.New(n, "", 1))
	}
	return es
}

// command is the Reproducer.Commands text of the named adapter engine.
func command(t *testing.T, engine string, rep Reproducer) string {
	t.Helper()
	for _, e := range adapterEngines() {
		if e.Name() == engine {
			n, ok := oracle.NativeFor(e, rep.Case())
			if !ok {
				t.Fatalf("%s has no reproducer", engine)
			}
			return ReproduceCommand(engine, &n, rep)
		}
	}
	t.Fatalf("no adapter %s", engine)
	return ""
}

func TestQueryForm(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"SELECT * WHERE { ?s ?p ?o }", "SELECT"},
		{"PREFIX ask: <http://example.org/construct#>\nselect ?x { ?x ask:p 1 }", "SELECT"},
		{"# DESCRIBE in a comment\nASK { ?s ?p ?o }", "ASK"},
		{"BASE <http://example.org/select/>\nCONSTRUCT { ?s ?p ?o } WHERE { SELECT * { ?s ?p ?o } }", "CONSTRUCT"},
		{"describe ?e ?e WHERE { ?e <p> ?o }", "DESCRIBE"},
		{"PREFIX : <http://example.org/>\n:p", "SELECT"}, // none: run as SELECT
	} {
		if got := (oracle.NativeCase{Query: c.query}).Form(); got != c.want {
			t.Errorf("Form(%q) = %s, want %s", c.query, got, c.want)
		}
	}
}

// pinned is each engine's install line: the pinned version must show.
var pinned = map[string]string{
	"oxigraph": "oxigraph@0.5.11", "pyoxigraph": "pyoxigraph==0.5.13", "oxilite": "oxilite==0.9.1",
	"rdflib": "rdflib==7.6.0", "jena": "apache-jena-6.2.0.tar.gz", "comunica": "@comunica/query-sparql-rdfjs@5.4.1",
	"rasqal": "rasqal-utils=0.9.33", "attean": "libattean-perl=0.033", "rdfquery": "librdf-query-perl=2.918",
	"virtuoso": "virtuoso-opensource=7.2.5",
}

func TestReproduceCommandShape(t *testing.T) {
	rep := Reproducer{Query: "SELECT * { ?s ?p ?o }", Data: "<http://example.org/s> <http://example.org/p> \"o\" .\n"}
	for _, e := range adapterEngines() {
		name := e.Name()
		cmd := command(t, name, rep)
		lines := strings.Split(cmd, "\n")
		if !strings.Contains(lines[0], pinned[name]) {
			t.Errorf("%s: install line %q lacks %q", name, lines[0], pinned[name])
		}
		if want := "# oracle diff -q query.rq -d data.nq --engines " + name + " --format table"; lastLine(cmd) != want {
			t.Errorf("%s: last line %q, want %q", name, lastLine(cmd), want)
		}
		if !strings.Contains(cmd, "data.nq") || !strings.Contains(cmd, "query.rq") || strings.Contains(cmd, "oracle diff -q query.rq -d data.nq --engines "+name+" --format table\n") {
			t.Errorf("%s: the native part must read query.rq and data.nq:\n%s", name, cmd)
		}
		if n := len(lines); n > 20 {
			t.Errorf("%s: %d lines, want a short reproducer", name, n)
		}
	}
	if len(pinned) != len(adapterEngines()) {
		t.Errorf("%d adapters, %d pinned versions", len(adapterEngines()), len(pinned))
	}
	for _, e := range []string{"reference", "engine", "sparqlhttp"} {
		if got := ReproduceCommand(e, nil, rep); got != "oracle diff -q query.rq -d data.nq --engines "+e+" --format table" {
			t.Errorf("%s: %q, want the oracle line only", e, got)
		}
	}
}

// TestReproducerThroughWrappers: an engine wrapped (as the registry wraps
// engines in limits) still shows its reproducer; a name the adapter did not
// register has none.
func TestReproducerThroughWrappers(t *testing.T) {
	rep := Reproducer{Query: "ASK {}"}
	if _, ok := oracle.NativeFor(wrapped{jena.New("", 1)}, rep.Case()); !ok {
		t.Error("the wrapper hides jena's reproducer")
	}
	if _, ok := oracle.NativeFor(python.New("renamed", "", "", 1), rep.Case()); ok {
		t.Error("an engine name no adapter registered has a reproducer")
	}
}

type wrapped struct{ oracle.Engine }

func (w wrapped) Unwrap() oracle.Engine { return w.Engine }

// TestReproduceCommandDataset checks the parts that depend on the case: the
// base IRI (quoted for each language), named graphs, blank nodes, the form.
func TestReproduceCommandDataset(t *testing.T) {
	rep := Reproducer{Base: "http://example.org/it's/", Query: "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <http://example.org/g1> { ?s ?p ?o } }",
		Data: "_:b1_2 <http://example.org/p> \"x\" .\n<http://example.org/s> <http://example.org/p> \"y\" <http://example.org/g1> .\n"}
	for _, c := range []struct{ engine, pattern string }{
		{"oxigraph", `base_iri: "http://example.org/it's/"`},
		{"oxigraph", `results_format: "application/n-triples"`},
		{"pyoxigraph", `base_iri="http://example.org/it's/"`},
		{"pyoxigraph", `RdfFormat.N_TRIPLES`},
		{"rdflib", `answer.graph.serialize(format='nt')`},
		{"rdflib", `default_union=False`},
		{"jena", `--results=NT --base='http://example.org/it'\''s/'`},
		{"comunica", `baseIRI: "http://example.org/it's/"`},
		{"rasqal", `grep -F ' <http://example.org/g1> .' data.nq > g1.nq`},
		{"rasqal", `-G g1.nq -D default.nq -e "$(sed -e 's|<http://example\.org/g1>|<file://'"$PWD"'/g1.nq>|g' query.rq)" 'http://example.org/it'\''s/'`},
		{"attean", `base => Attean::IRI->new("http://example.org/it's/")`},
		{"attean", `'_:b' . ($label{$2} //= ++$n)`},
		{"rdfquery", `base_uri => "http://example.org/it's/"`},
		{"virtuoso", `DEFINE input:named-graph-uri <http://example.org/g1> BASE <http://example.org/it's/>`},
		{"virtuoso", `SPARQL CLEAR GRAPH <http://example.org/g1>;`},
	} {
		if cmd := command(t, c.engine, rep); !strings.Contains(cmd, c.pattern) {
			t.Errorf("%s lacks %q:\n%s", c.engine, c.pattern, cmd)
		}
	}
	if cmd := command(t, "attean", Reproducer{Query: "ASK {}"}); strings.Contains(cmd, "$label") {
		t.Errorf("attean relabels blank nodes of a dataset without any:\n%s", cmd)
	}
	if cmd := command(t, "rasqal", Reproducer{Query: "ASK {}"}); !regexp.MustCompile(`-r xml -D data.nq -e "\$\(cat query.rq\)"$`).MatchString(strings.Split(cmd, "\n")[1]) {
		t.Errorf("rasqal without named graphs:\n%s", cmd)
	}
}

// TestReproduceCommandsGolden keeps every engine's reproducer of one case
// (a SELECT with a base IRI over a default graph holding a blank node and a
// named graph) for review.
func TestReproduceCommandsGolden(t *testing.T) {
	rep := Reproducer{Base: "http://example.org/", Query: "SELECT ?g ?o WHERE { GRAPH ?g { <s> <p> ?o } }\n",
		Data: "<http://example.org/s> <http://example.org/p> \"d\" .\n<http://example.org/s> <http://example.org/r> _:b1_2 .\n" +
			"<http://example.org/s> <http://example.org/p> \"n\" <http://example.org/g1> .\n"}
	names := make([]string, 0, len(pinned))
	for n := range pinned {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, e := range names {
		b.WriteString("## " + e + "\n\n" + command(t, e, rep) + "\n\n")
	}
	reportGolden(t, "commands.txt", b.String())
}
