package rdf4j

import (
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// deps are the RDF4J modules the reproducer needs (the sidecar's, with
// the SPARQL/XML writer instead of our JSON one).
var deps = []string{"rdf4j-sail-memory", "rdf4j-repository-sail", "rdf4j-queryparser-sparql",
	"rdf4j-rio-nquads", "rdf4j-rio-ntriples", "rdf4j-queryresultio-sparqlxml"}

// Reproduce is RDF4J's own reproducer (oracle.Reproducer): jshell over
// the RDF4J jars from Maven Central, as the sidecar does it: a
// MemoryStore loaded with data.nq, the dataset set explicitly (the null
// context as default graph, each named graph named) unless the query has
// FROM/FROM NAMED, SELECT and ASK written as SPARQL/XML results, graphs as
// N-Triples.
func Reproduce(c oracle.NativeCase) oracle.Native {
	return oracle.Native{Install: install(), Run: run(c)}
}

// install writes a minimal pom naming the modules and copies them and
// their dependencies into lib/.
func install() string {
	var b strings.Builder
	b.WriteString("printf '%s' '<project><modelVersion>4.0.0</modelVersion><groupId>repro</groupId><artifactId>repro</artifactId><version>1</version><dependencies>")
	for _, d := range deps {
		b.WriteString("<dependency><groupId>org.eclipse.rdf4j</groupId><artifactId>" + d + "</artifactId><version>" + Version + "</version></dependency>")
	}
	b.WriteString("</dependencies></project>' > pom.xml && mvn -q dependency:copy-dependencies -DoutputDirectory=lib")
	return b.String()
}

func run(c oracle.NativeCase) string {
	base := "null"
	if c.Base != "" {
		base = strconv.Quote(c.Base)
	}
	named := ""
	for _, g := range c.Graphs() {
		named += "ds.addNamedGraph(Values.iri(" + strconv.Quote(g) + ")); "
	}
	return `jshell -R-Xss64m --class-path "$(printf '%s:' lib/*.jar)" - <<'EOF'
import java.nio.file.*;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.model.vocabulary.RDF4J;
import org.eclipse.rdf4j.query.*;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.eclipse.rdf4j.query.resultio.sparqlxml.*;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.rio.*;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
var repo = new SailRepository(new MemoryStore());
var conn = repo.getConnection();
conn.add(new java.io.File("data.nq"), "", RDFFormat.NQUADS);
String text = Files.readString(Path.of("query.rq"));
String base = ` + base + `;
var q = conn.prepareQuery(QueryLanguage.SPARQL, text, base);
var ds = new SimpleDataset(); ds.addDefaultGraph(RDF4J.NIL); ` + named + `
if (QueryParserUtil.parseQuery(QueryLanguage.SPARQL, text, base).getDataset() == null) q.setDataset(ds);
if (q instanceof TupleQuery tq) tq.evaluate(new SPARQLResultsXMLWriter(System.out));
if (q instanceof BooleanQuery bq) new SPARQLBooleanXMLWriter(System.out).handleBoolean(bq.evaluate());
if (q instanceof GraphQuery gq) Rio.write(gq.evaluate(), System.out, RDFFormat.NTRIPLES);
System.out.flush();
/exit
EOF`
}
