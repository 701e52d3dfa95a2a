package oracle.rdf4j;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;

import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.vocabulary.RDF4J;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.Query;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.algebra.evaluation.federation.FederatedServiceResolver;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import oracle.sidecar.Response;

/**
 * Engine evaluates one "query" request over a MemoryStore holding the
 * request's data, reused by the next query of the same dataset_id: parse,
 * load, prepare, execute, serialise. A failure names its phase by the call
 * that raised it (adapters/sidecar/protocol.go): parse (the SPARQL parser's
 * MalformedQueryException), load (Rio refusing the N-Quads), prepare (the
 * repository refusing the parsed query), evaluate (anything while running
 * the query and writing its answer).
 *
 * <p>The dataset is always explicit: RDF4J's own default graph is the union
 * of every context, so a query without FROM gets the default graph alone
 * (RDF4J.NIL, the null context) and the case's named graphs as named
 * graphs. A query with FROM/FROM NAMED keeps its own dataset, which RDF4J
 * resolves against the store's contexts (it never fetches a graph): the
 * catalogue's sources are loaded as contexts for it. SERVICE is refused by
 * a resolver that answers every endpoint with an error, and the process has
 * no network besides.
 */
final class Engine {
    /** A local deadline a little before the Go side's, so the JVM survives a timeout. */
    private static final long MARGIN_MS = 250;

    /** Every SERVICE endpoint fails: nothing is ever contacted. */
    private static final FederatedServiceResolver NO_SERVICE = url -> {
        throw new QueryEvaluationException("SERVICE is disabled in this sidecar: " + url);
    };

    /**
     * The one store kept across queries by dataset_id (protocol.go): the
     * next query naming the same id runs on it without loading. A query
     * with FROM/FROM NAMED loads the sources into its store, so it never
     * takes or leaves the held one; an update drops it (drop).
     */
    private String heldId = "";
    private SailRepository held;

    Response run(long id, JsonNode req) {
        String text = req.path("query").asText("");
        String base = base(req);
        ParsedQuery parsed;
        try {
            parsed = QueryParserUtil.parseQuery(QueryLanguage.SPARQL, text, base);
        } catch (MalformedQueryException e) {
            return Response.failure(id, "error", "parse", e.getMessage());
        }
        boolean ownDataset = parsed.getDataset() != null;
        String key = ownDataset ? "" : req.path("dataset_id").asText("");
        if (!key.isEmpty() && key.equals(heldId)) {
            return query(id, held, req, text, base, ownDataset).reused(true);
        }
        if (!key.isEmpty() && req.path("data").asText("").isEmpty()) {
            return Response.failure(id, "internal", "dataset " + key + " is not held: send its data");
        }
        if (!key.isEmpty()) {
            drop(); // before loading: one dataset per process
        }
        MemoryStore store = new MemoryStore();
        store.setFederatedServiceResolver(NO_SERVICE);
        SailRepository repo = new SailRepository(store);
        repo.init();
        boolean keep = false;
        try {
            try (RepositoryConnection conn = repo.getConnection()) {
                load(conn, req.path("data").asText(""));
                if (ownDataset) {
                    load(conn, req.path("sources").asText(""));
                }
            } catch (RDFParseException | IOException e) {
                return Response.failure(id, "error", "load", "RDF4J refused the dataset: " + e.getMessage());
            }
            keep = !key.isEmpty();
            if (keep) {
                heldId = key;
                held = repo;
            }
            return query(id, repo, req, text, base, ownDataset);
        } finally {
            if (!keep) {
                repo.shutDown();
            }
        }
    }

    /** drop shuts the held store down: an update builds its own. */
    void drop() {
        if (held != null) {
            held.shutDown();
        }
        heldId = "";
        held = null;
    }

    /** query prepares and runs the request's query on repo's store. */
    private Response query(long id, SailRepository repo, JsonNode req, String text, String base, boolean ownDataset) {
        try (RepositoryConnection conn = repo.getConnection()) {
            Query query;
            try {
                query = conn.prepareQuery(QueryLanguage.SPARQL, text, base);
            } catch (RuntimeException e) {
                return Response.failure(id, "error", "prepare", e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            if (!ownDataset) {
                query.setDataset(dataset(req));
            }
            return execute(id, query, req.path("timeout_ms").asLong(0));
        }
    }

    /** base is the request's base IRI, null for none: a query's and an update's (Updater). */
    static String base(JsonNode req) {
        String base = req.path("base").asText("");
        return base.isEmpty() ? null : base;
    }

    /** load adds N-Quads to the store: a query's dataset and an update's store (Updater). */
    static void load(RepositoryConnection conn, String nquads) throws IOException {
        if (!nquads.isEmpty()) {
            Model m = Rio.parse(new StringReader(nquads), "", RDFFormat.NQUADS);
            conn.add(m);
        }
    }

    /** dataset is the case's: the null context as default graph, each listed named graph named. */
    private static SimpleDataset dataset(JsonNode req) {
        SimpleDataset ds = new SimpleDataset();
        ds.addDefaultGraph(RDF4J.NIL);
        for (JsonNode n : req.path("named")) {
            ds.addNamedGraph(org.eclipse.rdf4j.model.util.Values.iri(n.asText()));
        }
        return ds;
    }

    private Response execute(long id, Query query, long timeoutMS) {
        if (timeoutMS > MARGIN_MS) {
            query.setMaxExecutionTime((int) Math.max(1, (timeoutMS - MARGIN_MS) / 1000));
        }
        long start = System.nanoTime();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String format = serialise(query, out);
            double ms = (System.nanoTime() - start) / 1e6;
            return Response.result(id, format, out.toString(StandardCharsets.UTF_8), ms);
        } catch (QueryInterruptedException e) {
            return Response.failure(id, "timeout", "evaluate", "RDF4J stopped the query at its deadline");
        } catch (RuntimeException e) {
            // Raised while evaluating (RDF4J evaluates lazily, while writing):
            // the phase decides, not the words; a refused SERVICE is the Go
            // side's to name (it knows the query has one).
            return Response.failure(id, "error", "evaluate", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** serialise runs the query and writes its answer: results JSON or N-Triples. */
    private static String serialise(Query query, ByteArrayOutputStream out) {
        if (query instanceof TupleQuery tq) {
            Results.writeTuple(out, tq.evaluate());
            return "json";
        }
        if (query instanceof BooleanQuery bq) {
            Results.writeBoolean(out, bq.evaluate());
            return "json";
        }
        try (var result = ((GraphQuery) query).evaluate()) {
            Rio.write(result, out, RDFFormat.NTRIPLES);
        }
        return "ntriples";
    }
}
