package oracle.rdf4j;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import org.eclipse.rdf4j.common.exception.RDF4JException;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.vocabulary.RDF4J;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.algebra.Load;
import org.eclipse.rdf4j.query.algebra.UpdateExpr;
import org.eclipse.rdf4j.query.impl.EmptyBindingSet;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.query.parser.ParsedUpdate;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;
import org.eclipse.rdf4j.repository.sail.helpers.SailUpdateExecutor;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import oracle.sidecar.Response;

/**
 * Updater applies one "update" request (adapters/sidecar/protocol.go): parse
 * (RDF4J's SPARQL 1.1 Update parser), load the store into a fresh
 * MemoryStore, run each operation through RDF4J's own SailUpdateExecutor in
 * one transaction, as SailUpdate.execute does, and answer the store after it
 * as N-Quads with its contexts as the named graphs.
 *
 * <p>The loop is SailUpdate's, so that each operation gets the case's
 * dataset (see {@link #dataset}): RDF4J's own default graph is the union of
 * every context (Update §1.2's "a representation of a union of other
 * graphs"), and the store's default graph here is the null context, as for
 * queries (Engine.java).
 *
 * <p>RDF4J's choices, recorded here and in doc.go: a context exists only
 * while it holds a statement, so an empty named graph (the case's, or one
 * CREATE made) is not in the store after the request; the whole request
 * runs in one transaction rolled back on a failure, so a failing request
 * leaves the store as it was (§2.2's atomic reading).
 *
 * <p>LOAD reads only the request's sources, through {@link CaseDocuments};
 * a LOAD from file: or jrt: (whose JDK handlers cannot be replaced) is
 * refused as unsupported before anything runs.
 */
final class Updater {
    /** A local deadline a little before the Go side's, so the JVM survives a timeout. */
    private static final long MARGIN_MS = 250;

    Response run(long id, JsonNode req) {
        ParsedUpdate parsed;
        try {
            parsed = QueryParserUtil.parseUpdate(QueryLanguage.SPARQL, req.path("update").asText(""), Engine.base(req));
        } catch (MalformedQueryException e) {
            return Response.failure(id, "error", "parse", e.getMessage());
        }
        String refused = refusedLoad(parsed);
        if (refused != null) {
            return Response.failure(id, "unsupported", "load", refused);
        }
        SailRepository repo = new SailRepository(new MemoryStore());
        repo.init();
        try (SailRepositoryConnection conn = repo.getConnection()) {
            try {
                Engine.load(conn, req.path("data").asText(""));
                CaseDocuments.use(req.path("sources").asText(""));
            } catch (RDFParseException | IOException e) {
                return Response.failure(id, "error", "load", "RDF4J refused the store: " + e.getMessage());
            }
            return execute(id, conn, parsed, req.path("timeout_ms").asLong(0));
        } finally {
            repo.shutDown();
        }
    }

    /** refusedLoad names a LOAD whose source the JDK would read itself (file:, jrt:). */
    private static String refusedLoad(ParsedUpdate parsed) {
        for (UpdateExpr e : parsed.getUpdateExprs()) {
            if (e instanceof Load l) {
                String src = l.getSource().getValue().stringValue();
                int colon = src.indexOf(':');
                if (colon < 0 || !CaseDocuments.overridable(src.substring(0, colon))) {
                    return "LOAD <" + src + ">: the JDK reads this scheme itself; the sidecar serves LOAD only from the case, so it refuses it";
                }
            }
        }
        return null;
    }

    private static Response execute(long id, SailRepositoryConnection conn, ParsedUpdate parsed, long timeoutMS) {
        int seconds = timeoutMS > MARGIN_MS ? (int) Math.max(1, (timeoutMS - MARGIN_MS) / 1000) : 0;
        long start = System.nanoTime();
        String failed = null;
        try {
            apply(conn, parsed, seconds);
        } catch (QueryInterruptedException e) {
            return Response.failure(id, "timeout", "evaluate", "RDF4J stopped the update at its deadline");
        } catch (RDF4JException | IOException e) {
            failed = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        double ms = (System.nanoTime() - start) / 1e6;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var statements = conn.getStatements(null, null, null, false)) {
            Rio.write(statements, out, RDFFormat.NQUADS);
        }
        return Response.store(id, out.toString(StandardCharsets.UTF_8), graphs(conn), ms, failed);
    }

    /**
     * apply is SailUpdate.execute's loop: every operation in one transaction,
     * a failing one not SILENT aborts the request (§3) and rolls it back.
     */
    private static void apply(SailRepositoryConnection conn, ParsedUpdate parsed, int seconds) throws IOException {
        SailUpdateExecutor exec = new SailUpdateExecutor(conn.getSailConnection(), conn.getValueFactory(), conn.getParserConfig());
        conn.begin();
        try {
            for (UpdateExpr e : parsed.getUpdateExprs()) {
                try {
                    exec.executeUpdate(e, dataset(parsed.getDatasetMapping().get(e), conn), EmptyBindingSet.getInstance(), true, seconds);
                } catch (RDF4JException | IOException err) {
                    if (!e.isSilent()) {
                        throw err;
                    }
                }
            }
            conn.commit();
        } catch (IOException | RuntimeException err) {
            conn.rollback();
            throw err;
        }
    }

    /**
     * dataset is the one an operation runs over. Without USING the WHERE
     * clause's default graph is the null context (or WITH's graph) and its
     * named graphs are the store's contexts now (earlier operations of the
     * request included); with USING or USING NAMED it is exactly theirs
     * (#unnamedGraph: the USING dataset replaces the store's). A template or
     * DELETE DATA without GRAPH removes from the null context (or WITH's
     * graph); inserts go to WITH's graph or the null context. RDF4J's parser
     * states WITH as a dataset whose only default graph is the insert graph,
     * so "WITH g USING g" reads as WITH alone (named graphs the store's).
     */
    static Dataset dataset(Dataset parsed, RepositoryConnection conn) {
        SimpleDataset ds = new SimpleDataset();
        IRI with = parsed == null ? null : parsed.getDefaultInsertGraph();
        boolean using = parsed != null && (!parsed.getNamedGraphs().isEmpty()
                || !parsed.getDefaultGraphs().equals(with == null ? Set.of() : Set.of(with)));
        if (using) {
            parsed.getDefaultGraphs().forEach(ds::addDefaultGraph);
            parsed.getNamedGraphs().forEach(ds::addNamedGraph);
        } else {
            ds.addDefaultGraph(with == null ? RDF4J.NIL : with);
            namedContexts(conn).forEach(ds::addNamedGraph);
        }
        if (parsed != null && !parsed.getDefaultRemoveGraphs().isEmpty()) {
            parsed.getDefaultRemoveGraphs().forEach(ds::addDefaultRemoveGraph);
        } else {
            // null, the null context: the remover hands this set to the
            // sail as contexts, where RDF4J.NIL would name a graph.
            ds.addDefaultRemoveGraph(null);
        }
        ds.setDefaultInsertGraph(with);
        return ds;
    }

    /** contexts are the store's contexts (named graphs). */
    private static List<Resource> contexts(RepositoryConnection conn) {
        try (var ids = conn.getContextIDs()) {
            return ids.stream().toList();
        }
    }

    /** namedContexts are the store's IRI contexts (a Dataset names graphs by IRI only). */
    private static List<IRI> namedContexts(RepositoryConnection conn) {
        return contexts(conn).stream().filter(r -> r instanceof IRI).map(r -> (IRI) r).toList();
    }

    /** graphs lists the store's contexts ("_:label" for a blank node). */
    private static List<String> graphs(RepositoryConnection conn) {
        return contexts(conn).stream().map(r -> r instanceof BNode b ? "_:" + b.getID() : r.stringValue()).toList();
    }
}
