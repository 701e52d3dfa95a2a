package report

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A report is read by an engine's maintainer, who has their engine and not
// our tool: Reproducer.Commands[engine] is a reproducer that uses ONLY that
// engine, installed the standard way at the pinned version, run in a folder
// holding the report's query as query.rq and its data as data.nq. It loads
// the data with the dataset semantics the adapter uses (adapters/*): the
// N-Quads default graph is the default graph, each named graph a named graph
// (never the union of all graphs as the default graph, #rdfDataset), the base
// IRI is the report's, and it prints the answer: SELECT and ASK as SPARQL
// results (TSV, every term exact, where the engine writes it faithfully;
// else JSON or XML; a bare true/false from the Perl engines), CONSTRUCT and
// DESCRIBE as N-Triples. The oracle invocation
// follows as a secondary line. internal/regress/reproduce_test.go runs these
// commands on the installed engines and checks they show the divergence.

// Native is an engine's own reproducer.
type Native struct {
	Install string // one line installing the engine at its pinned version
	Run     string // shell text printing the answer, run where query.rq and data.nq are
}

// ReproduceCommand is the text of Reproducer.Commands[engine]: the native
// reproducer, then the oracle invocation.
func ReproduceCommand(engine string, rep Reproducer) string {
	oracleLine := "oracle diff -q query.rq -d data.nq --engines " + engine + " --format table"
	if rep.Base != "" {
		oracleLine += " --base " + shellQuote(rep.Base)
	}
	n, ok := NativeReproducer(engine, rep)
	if !ok {
		return oracleLine
	}
	return n.Install + "\n" + n.Run + "\n# or, with the oracle:\n# " + oracleLine
}

// NativeReproducer returns engine's own reproducer of rep; false for the
// in-house evaluators and endpoints named by configuration.
func NativeReproducer(engine string, rep Reproducer) (Native, bool) {
	build, ok := natives[engine]
	if !ok {
		return Native{}, false
	}
	return build(newNativeCase(rep)), true
}

// nativeCase is what a reproducer depends on besides the file names.
type nativeCase struct {
	form   string   // SELECT, ASK, CONSTRUCT or DESCRIBE
	base   string   // the base IRI, or ""
	graphs []string // the named graphs' IRIs, sorted
	blank  bool     // the data holds blank nodes
	data   string
}

func newNativeCase(rep Reproducer) nativeCase {
	nc := nativeCase{form: queryForm(rep.Query), base: rep.Base, data: rep.Data}
	quads, err := rdf.ParseNQuads(strings.NewReader(rep.Data), "data.nq")
	if err != nil {
		return nc
	}
	seen := map[string]bool{}
	for _, q := range quads {
		if q.G.Kind == rdf.KindIRI && !seen[q.G.Value] {
			seen[q.G.Value] = true
			nc.graphs = append(nc.graphs, q.G.Value)
		}
		nc.blank = nc.blank || q.S.Kind == rdf.KindBlank || q.O.Kind == rdf.KindBlank
	}
	sort.Strings(nc.graphs)
	return nc
}

func (c nativeCase) graph() bool { return c.form == "CONSTRUCT" || c.form == "DESCRIBE" }

// formPattern finds the query form keyword, not a prefix (ask:p); IRIs,
// strings, comments and prefix declarations are removed first, and the first
// keyword is the outer query's (#rQuery: the prologue holds only BASE and
// PREFIX).
var (
	formPattern = regexp.MustCompile(`(?i)(?:^|[^\w:-])(SELECT|ASK|CONSTRUCT|DESCRIBE)(?:[^\w:-]|$)`)
	tokenNoise  = regexp.MustCompile(`<[^<>"{}|^\x60\\\s]*>|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*|(?i:PREFIX)\s*[\w.-]*:`)
)

// queryForm names the query form, SELECT when none is found (a query the
// engine rejects is then run as the adapter runs it).
func queryForm(query string) string {
	if m := formPattern.FindStringSubmatch(tokenNoise.ReplaceAllString(query, " ")); m != nil {
		return strings.ToUpper(m[1])
	}
	return "SELECT"
}

var natives = map[string]func(nativeCase) Native{
	"oxigraph":   oxigraphJS,
	"pyoxigraph": func(c nativeCase) Native { return pyoxigraph(c, "pyoxigraph", "0.5.13") },
	"oxilite":    func(c nativeCase) Native { return pyoxigraph(c, "oxilite", "0.9.1") },
	"rdflib":     rdflibNative,
	"jena":       jenaNative,
	"comunica":   comunicaNative,
	"rasqal":     rasqalNative,
	"attean":     atteanNative,
	"rdfquery":   rdfqueryNative,
	"virtuoso":   virtuosoNative,
}

// heredoc wraps a script for `interpreter -` with a quoted delimiter, so the
// shell expands nothing inside.
func heredoc(interpreter string, lines ...string) string {
	return interpreter + " - <<'EOF'\n" + strings.Join(lines, "\n") + "\nEOF"
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// perlQuote quotes s as a Perl single-quoted string (no interpolation).
func perlQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// jsQuote is a string literal valid in JavaScript and Python alike.
func jsQuote(s string) string { return strconv.Quote(s) }

// oxigraphJS: the npm package (the WASM build), as adapters/oxigraph loads
// it: Store.load of the N-Quads text, Store.query with results_format.
func oxigraphJS(c nativeCase) Native {
	format := map[string]string{"SELECT": "text/tab-separated-values", "ASK": "application/sparql-results+json"}[c.form]
	if c.graph() {
		format = "application/n-triples"
	}
	opts := "{ results_format: " + jsQuote(format)
	if c.base != "" {
		opts += ", base_iri: " + jsQuote(c.base)
	}
	return Native{Install: "npm install oxigraph@0.5.11", Run: heredoc("node",
		"const fs = require('fs'), oxigraph = require('oxigraph');",
		"const store = new oxigraph.Store();",
		"store.load(fs.readFileSync('data.nq', 'utf8'), { format: 'application/n-quads' });",
		"const answer = store.query(fs.readFileSync('query.rq', 'utf8'), "+opts+" });",
		"process.stdout.write(answer);")}
}

// pyoxigraph serves pyoxigraph and oxilite (the same API), as
// adapters/python/sidecar.py does.
func pyoxigraph(c nativeCase, module, version string) Native {
	format := map[string]string{"SELECT": "QueryResultsFormat.TSV", "ASK": "QueryResultsFormat.JSON"}[c.form]
	if c.graph() {
		format = "RdfFormat.N_TRIPLES"
	}
	base := ""
	if c.base != "" {
		base = ", base_iri=" + jsQuote(c.base)
	}
	return Native{Install: "python3 -m pip install " + module + "==" + version, Run: heredoc("python3",
		"import sys, "+module+" as ox",
		"store = ox.Store()",
		"store.load(path='data.nq', format=ox.RdfFormat.N_QUADS)",
		"answer = store.query(open('query.rq', encoding='utf-8').read()"+base+")",
		"sys.stdout.buffer.write(answer.serialize(format=ox."+format+"))")}
}

// rdflibNative: a Dataset whose default graph is NOT the union of the named
// graphs, the N-Quads default graph parsed into it (adapters/python). RDFLib
// has no results TSV writer: SELECT and ASK print results JSON.
func rdflibNative(c nativeCase) Native {
	base, out := "", "answer.serialize(format='json')"
	if c.base != "" {
		base = ", base=" + jsQuote(c.base)
	}
	if c.graph() {
		out = "answer.graph.serialize(format='nt')"
	}
	return Native{Install: "python3 -m pip install rdflib==7.6.0", Run: heredoc("python3",
		"import sys, rdflib",
		"from rdflib.graph import DATASET_DEFAULT_GRAPH_ID",
		"ds = rdflib.Dataset(default_union=False)",
		"ds.parse('data.nq', format='nquads', publicID=DATASET_DEFAULT_GRAPH_ID)",
		"answer = ds.query(open('query.rq', encoding='utf-8').read()"+base+")",
		"out = "+out,
		"sys.stdout.write(out if isinstance(out, str) else out.decode('utf-8'))")}
}

// jenaNative: the apache-jena distribution's `sparql` (arq.sparql, from
// jena-cmds): --data reads N-Quads into an in-memory dataset, named graphs
// as named graphs, no union default graph, as adapters/jena does with
// jena-arq.
func jenaNative(c nativeCase) Native {
	format := map[string]string{"SELECT": "TSV", "ASK": "JSON"}[c.form]
	if c.graph() {
		format = "NT"
	}
	run := "apache-jena-5.6.0/bin/sparql --data=data.nq --query=query.rq --results=" + format
	if c.base != "" {
		run += " --base=" + shellQuote(c.base)
	}
	return Native{Install: "curl -sSL https://archive.apache.org/dist/jena/binaries/apache-jena-5.6.0.tar.gz | tar xz", Run: run}
}

// comunicaNative: Comunica over an N3.js store holding the N-Quads, as
// adapters/comunica does (quads in the default graph form the default graph).
func comunicaNative(c nativeCase) Native {
	format := map[string]string{"SELECT": "text/tab-separated-values", "ASK": "application/sparql-results+json"}[c.form]
	if c.graph() {
		format = "application/n-triples"
	}
	ctx := "{ sources: [new N3.Store(quads)], lenient: false"
	if c.base != "" {
		ctx += ", baseIRI: " + jsQuote(c.base)
	}
	return Native{Install: "npm install @comunica/query-sparql-rdfjs@5.4.1 n3@2.13.12", Run: heredoc("node",
		"const fs = require('fs'), N3 = require('n3');",
		"const { QueryEngine } = require('@comunica/query-sparql-rdfjs');",
		"const quads = new N3.Parser({ format: 'application/n-quads' }).parse(fs.readFileSync('data.nq', 'utf8'));",
		"const engine = new QueryEngine();",
		"engine.query(fs.readFileSync('query.rq', 'utf8'), "+ctx+" })",
		"  .then((answer) => engine.resultToString(answer, "+jsQuote(format)+"))",
		"  .then(({ data }) => data.pipe(process.stdout));")}
}

// rasqalNative: roqet (Debian rasqal-utils). Results XML: its TSV writer
// prints nothing for no rows and refuses ASK. Rasqal puts every quad of a
// file into the graph the file is read as and names a graph after its
// file's URI, so a dataset with named graphs is split into one file per
// graph and the graph IRIs written in the query are renamed to those URIs,
// as adapters/rasqal does. roqet exits 2 after a warning, answer complete.
func rasqalNative(c nativeCase) Native {
	install := "sudo apt-get install rasqal-utils=0.9.33-2"
	args := "roqet -q -i sparql11-query -F nquads"
	if !c.graph() {
		args += " -r xml"
	}
	query := `"$(cat query.rq)"`
	var lines []string
	if len(c.graphs) == 0 {
		args += " -D data.nq"
	} else {
		lines, args, query = rasqalSplit(c, args)
	}
	run := args + " -e " + query
	if c.base != "" {
		run += " " + shellQuote(c.base)
	}
	return Native{Install: install, Run: strings.Join(append(lines, run), "\n")}
}

// rasqalSplit writes the default graph and each named graph to a file of
// its own (grep on the graph label that ends a quad line) and renames each
// graph IRI in the query text to its file's URI.
func rasqalSplit(c nativeCase, args string) (lines []string, _ string, query string) {
	lines = []string{"# Rasqal names a graph after its file: each named graph goes to a file, its IRI renamed in the query"}
	excl := "grep -v -F"
	sed := "sed"
	for i, g := range c.graphs {
		file := "g" + strconv.Itoa(i+1) + ".nq"
		suffix := shellQuote(" <" + g + "> .")
		excl += " -e " + suffix
		lines = append(lines, "grep -F "+suffix+" data.nq > "+file+"  # <"+g+">")
		sed += " -e " + shellQuote("s|"+sedPattern("<"+g+">")+"|<file://") + `"$PWD"` + shellQuote("/"+file+">|g")
		args += " -G " + file
	}
	if rasqalAmbiguous(c) {
		lines = append(lines, "# (check default.nq: a default-graph triple whose object is a graph IRI matches that graph's pattern)")
	}
	lines = append(lines, excl+" data.nq > default.nq")
	return lines, args + " -D default.nq", `"$(` + sed + ` query.rq)"`
}

// rasqalAmbiguous reports a default-graph triple ending in a graph's IRI,
// which the grep of that graph picks up too.
func rasqalAmbiguous(c nativeCase) bool {
	quads, _ := rdf.ParseNQuads(strings.NewReader(c.data), "data.nq")
	for _, q := range quads {
		if q.G.Kind == rdf.KindNone && q.O.Kind == rdf.KindIRI && slices.Contains(c.graphs, q.O.Value) {
			return true
		}
	}
	return false
}

// sedPattern escapes s for a sed basic regular expression delimited by |.
func sedPattern(s string) string {
	return strings.NewReplacer(`\`, `\\`, `.`, `\.`, `*`, `\*`, `[`, `\[`, `]`, `\]`, `^`, `\^`, `$`, `\$`, `|`, `\|`, `&`, `\&`).Replace(s)
}

// perlRelabel reads data.nq into $data as bytes. Attean's N-Quads parser takes
// only [A-Za-z][A-Za-z0-9]* blank-node labels and RDF::Trine's misreads a
// label holding "_" (ours do: b1_2): when the data has blank nodes they are
// renamed b1, b2..., tokens matched left to right so "_:" inside an IRI or a
// literal stays (adapters/attean does the same).
func perlRelabel(c nativeCase) []string {
	lines := []string{"my $data = do { local $/; open(my $f, '<', 'data.nq') or die $!; <$f> };"}
	if c.blank {
		lines = append(lines, `my (%label, $n); $data =~ s{(<[^>]*>|"(?:[^"\\]|\\.)*"|_:(\S+))}{defined $2 ? '_:b' . ($label{$2} //= ++$n) : $1}ge;`)
	}
	return lines
}

// atteanNative: Attean (Debian libattean-perl) as adapters/attean runs it:
// the default graph is kept in a graph of its own, passed to evaluate as
// the active graph (GRAPH ?g leaves it out).
func atteanNative(c nativeCase) Native {
	lines := []string{
		"use strict; use warnings; use Attean; use AtteanX::Parser::SPARQL;",
		"my $default = Attean::IRI->new('tag:sparql-oracle.invalid,2026:default-graph');",
	}
	lines = append(lines, perlRelabel(c)...)
	parser := "AtteanX::Parser::SPARQL->new"
	if c.base != "" {
		parser += "(base => Attean::IRI->new(" + perlQuote(c.base) + "))"
	}
	lines = append(lines,
		"open(my $in, '<:encoding(UTF-8)', \\$data) or die $!;",
		"my ($model, $quads) = (Attean->temporary_model, Attean->get_parser('NQuads')->new->parse_iter_from_io($in));",
		"while (my $q = $quads->next) { $model->add_quad($q->does('Attean::API::Quad') ? $q : $q->as_quad($default)) }",
		"my $query = do { local $/; open(my $f, '<', 'query.rq') or die $!; <$f> };",
		"my $answer = $model->evaluate("+parser+"->parse($query), $default);")
	switch {
	case c.graph():
		lines = append(lines, `while (my $t = $answer->next) { print join(' ', map { $_->ntriples_string } $t->subject, $t->predicate, $t->object), " .\n" }`)
	case c.form == "ASK":
		lines = append(lines, `print $answer->next->value, "\n";`)
	default:
		lines = append(lines, "Attean->get_serializer('SPARQLTSV')->new->serialize_iter_to_io(\\*STDOUT, $answer);")
	}
	return Native{Install: "sudo apt-get install libattean-perl=0.033-1", Run: heredoc("perl", lines...)}
}

// rdfqueryNative: RDF::Query (Debian librdf-query-perl) over an RDF::Trine
// memory model, default-graph triples without a context, as adapters/attean
// runs it; load_data => 0 so FROM is never fetched. TSV written term by term
// (its own serializers drop datatypes).
func rdfqueryNative(c nativeCase) Native {
	opts := "{ lang => 'sparql11', load_data => 0"
	if c.base != "" {
		opts += ", base_uri => " + perlQuote(c.base)
	}
	lines := []string{
		"use strict; use warnings; use RDF::Trine; use RDF::Query;",
		"my $model = RDF::Trine::Model->new(RDF::Trine::Store::Memory->new);",
	}
	lines = append(lines, perlRelabel(c)...)
	lines = append(lines,
		"RDF::Trine::Parser->new('nquads')->parse_into_model(undef, $data, $model);",
		"my $text = do { local $/; open(my $f, '<:encoding(UTF-8)', 'query.rq') or die $!; <$f> };",
		"my $query = RDF::Query->new($text, "+opts+" }) or die RDF::Query->error;",
		"my $answer = $query->execute($model) or die RDF::Query->error;")
	switch {
	case c.graph():
		lines = append(lines, `while (my $st = $answer->next) { print join(' ', map { $_->as_ntriples } $st->subject, $st->predicate, $st->object), " .\n" }`)
	case c.form == "ASK":
		lines = append(lines, `print $answer->get_boolean ? "true\n" : "false\n";`)
	default:
		lines = append(lines, "my @vars = $answer->binding_names;",
			`print join("\t", map { "?$_" } @vars), "\n";`,
			`while (my $row = $answer->next) { print join("\t", map { ref $row->{$_} ? $row->{$_}->as_ntriples : '' } @vars), "\n" }`)
	}
	return Native{Install: "sudo apt-get install librdf-query-perl=2.918-3", Run: heredoc("perl", lines...)}
}

// virtuosoGraph holds the default graph: Virtuoso has no default graph of
// its own (a query's default is the union of every graph), so the data's
// default graph is loaded into this graph and named as the query's default
// graph, each named graph as a named graph (adapters/sparqlhttp does the same
// over HTTP).
const virtuosoGraph = "urn:sparql-oracle:repro:default"

// virtuosoNative: isql-vt against a running server (Debian's service: SQL
// port 1111, user dba). TTLP flag 512 reads N-Quads (the bulk loader's flags
// for .nq files); the file must lie in a folder of DirsAllowed. isql prints
// SELECT as results JSON, ASK and graphs as N-Triples (its JSON writer has
// no booleans, its TSV drops datatypes); errors go to stderr, exit status 0.
func virtuosoNative(c nativeCase) Native {
	graphs := append([]string{virtuosoGraph}, c.graphs...)
	named := c.graphs
	if len(named) == 0 {
		named = []string{virtuosoGraph + ":none"} // else GRAPH ?g ranges over every graph held
	}
	lines := []string{"# with the server running and this folder in DirsAllowed (virtuoso.ini)",
		"isql-vt 1111 dba dba VERBOSE=OFF BANNER=OFF PROMPT=OFF ECHO=OFF BLOBS=ON <<EOF"}
	for _, g := range graphs {
		lines = append(lines, "SPARQL CLEAR GRAPH <"+g+">;")
	}
	lines = append(lines, "DB.DBA.TTLP(file_to_string_output('$PWD/data.nq'), '', '"+virtuosoGraph+"', 255 + 512);")
	format := "NT"
	if c.form == "SELECT" {
		format = "JSON"
	}
	define := "SPARQL DEFINE output:format \"" + format + "\" DEFINE input:default-graph-uri <" + virtuosoGraph + ">"
	for _, g := range named {
		define += " DEFINE input:named-graph-uri <" + g + ">"
	}
	if c.base != "" {
		define += " BASE <" + c.base + ">"
	}
	lines = append(lines, define, "$(cat query.rq)", ";", "EOF")
	return Native{Install: "sudo apt-get install virtuoso-opensource=7.2.5.1+dfsg1-0.3", Run: strings.Join(lines, "\n")}
}
