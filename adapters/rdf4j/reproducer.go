package rdf4j

import (
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
	if c.Update {
		return oracle.Native{Install: install(), Run: runUpdate(c)}
	}
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

// jshell reads the program on its standard input (a heredoc), the jars
// install put in lib/ on its class path.
const jshell = `jshell -R-Xss64m --class-path "$(printf '%s:' lib/*.jar)" -`

func run(c oracle.NativeCase) string {
	base := "null"
	if c.Base != "" {
		base = oracle.JavaString(c.Base)
	}
	named := ""
	for _, g := range c.Graphs() {
		named += "ds.addNamedGraph(Values.iri(" + oracle.JavaString(g) + ")); "
	}
	return oracle.Heredoc(jshell, `import java.nio.file.*;
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
String base = `+base+`;
var q = conn.prepareQuery(QueryLanguage.SPARQL, text, base);
var ds = new SimpleDataset(); ds.addDefaultGraph(RDF4J.NIL); `+named+`
if (QueryParserUtil.parseQuery(QueryLanguage.SPARQL, text, base).getDataset() == null) q.setDataset(ds);
if (q instanceof TupleQuery tq) tq.evaluate(new SPARQLResultsXMLWriter(System.out));
if (q instanceof BooleanQuery bq) new SPARQLBooleanXMLWriter(System.out).handleBoolean(bq.evaluate());
if (q instanceof GraphQuery gq) Rio.write(gq.evaluate(), System.out, RDFFormat.NTRIPLES);
System.out.flush();
/exit`)
}

// runUpdate applies update.ru to a MemoryStore holding data.nq as the
// sidecar does (Updater.java): RDF4J's SailUpdateExecutor per operation in
// one transaction, each with the case's dataset (the null context as the
// default graph, not RDF4J's union of every context; GRAPH ?g over the
// contexts as the operation starts; USING as written), and prints the
// store as N-Quads; a failing request is rolled back, printed, and fails.
func runUpdate(c oracle.NativeCase) string {
	base := "null"
	if c.Base != "" {
		base = oracle.JavaString(c.Base)
	}
	return oracle.Heredoc(jshell, `import java.nio.file.*;
import java.util.*;
import org.eclipse.rdf4j.model.*;
import org.eclipse.rdf4j.model.vocabulary.RDF4J;
import org.eclipse.rdf4j.query.*;
import org.eclipse.rdf4j.query.algebra.UpdateExpr;
import org.eclipse.rdf4j.query.impl.*;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.eclipse.rdf4j.repository.sail.*;
import org.eclipse.rdf4j.repository.sail.helpers.SailUpdateExecutor;
import org.eclipse.rdf4j.rio.*;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
var repo = new SailRepository(new MemoryStore());
var conn = repo.getConnection();
conn.add(new java.io.File("data.nq"), "", RDFFormat.NQUADS);
var parsed = QueryParserUtil.parseUpdate(QueryLanguage.SPARQL, Files.readString(Path.of("update.ru")), `+base+`);
Dataset dataset(Dataset p) {
  var ds = new SimpleDataset();
  IRI with = p == null ? null : p.getDefaultInsertGraph();
  boolean using = p != null && (!p.getNamedGraphs().isEmpty() || !p.getDefaultGraphs().equals(with == null ? Set.of() : Set.of(with)));
  if (using) { p.getDefaultGraphs().forEach(ds::addDefaultGraph); p.getNamedGraphs().forEach(ds::addNamedGraph); }
  else { ds.addDefaultGraph(with == null ? RDF4J.NIL : with); try (var ids = conn.getContextIDs()) { for (Resource r : ids) if (r instanceof IRI i) ds.addNamedGraph(i); } }
  if (p != null && !p.getDefaultRemoveGraphs().isEmpty()) p.getDefaultRemoveGraphs().forEach(ds::addDefaultRemoveGraph); else ds.addDefaultRemoveGraph(null);
  ds.setDefaultInsertGraph(with);
  return ds;
}
var exec = new SailUpdateExecutor(conn.getSailConnection(), conn.getValueFactory(), conn.getParserConfig());
String failed = null;
conn.begin();
try {
  for (UpdateExpr e : parsed.getUpdateExprs()) {
    try { exec.executeUpdate(e, dataset(parsed.getDatasetMapping().get(e)), EmptyBindingSet.getInstance(), true, 0); }
    catch (Exception err) { if (!e.isSilent()) throw err; }
  }
  conn.commit();
} catch (Exception err) { conn.rollback(); failed = err.toString(); }
try (var st = conn.getStatements(null, null, null, false)) { Rio.write(st, System.out, RDFFormat.NQUADS); }
System.out.flush();
if (failed != null) System.err.println(failed);
/exit failed == null ? 0 : 1`)
}
