package oracle.jena;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryException;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.graph.GraphFactory;

import oracle.sidecar.Response;

/**
 * Engine evaluates one "query" request: parse (strict SPARQL 1.1, so Jena's
 * ARQ extensions are rejected like any other engine would), load the case's
 * dataset, execute, serialise. A failure names its phase by the call that
 * raised it (adapters/sidecar/protocol.go): parse (QueryParseException),
 * prepare (any other QueryException of QueryFactory.create), load (RIOT
 * refusing the data), evaluate (anything while executing and writing).
 */
final class Engine {
    /** A local deadline a little before the Go side's, so the JVM survives a timeout. */
    private static final long MARGIN_MS = 250;

    /**
     * The one dataset kept across queries by dataset_id (protocol.go): the
     * next query naming the same id runs on it without loading. A query
     * with FROM/FROM NAMED loads the sources into its dataset, so it never
     * takes or leaves the held one; an update drops it (drop). A general
     * dataset makes a graph a pattern names on demand, so the held one is
     * reused only while it has the named graphs it was loaded with
     * (heldGraphs): a query never sees a graph another one made.
     */
    private String heldId = "";
    private DatasetGraph held;
    private long heldGraphs;

    Response run(long id, JsonObject req) {
        try {
            Query query = parsed(() -> parse(str(req, "query"), base(req)));
            String key = query.hasDatasetDescription() ? "" : str(req, "dataset_id");
            if (!key.isEmpty() && key.equals(heldId) && held.size() == heldGraphs) {
                return execute(id, query, held, timeout(req)).reused(true);
            }
            if (!key.isEmpty() && str(req, "data").isEmpty()) {
                return Response.failure(id, "internal", "dataset " + key + " is not held: send its data");
            }
            if (!key.isEmpty()) {
                drop(); // before loading: one dataset per process
            }
            DatasetGraph dsg = loaded(() -> dataset(req, query), "dataset");
            if (!key.isEmpty()) {
                heldId = key;
                held = dsg;
                heldGraphs = dsg.size();
            }
            return execute(id, query, dsg, timeout(req));
        } catch (Refused r) {
            return r.response(id);
        }
    }

    /** drop forgets the held dataset: an update builds its own store. */
    void drop() {
        heldId = "";
        held = null;
    }

    private static long timeout(JsonObject req) {
        return req.hasKey("timeout_ms") ? num(req, "timeout_ms") : 0;
    }

    /**
     * Refused is a request the sidecar fails before running it, with the
     * phase that refused it: parse, prepare or load (parsed, loaded). A
     * query (run) and an update (Updater) are refused alike.
     */
    static final class Refused extends RuntimeException {
        private final String phase;

        Refused(String phase, String message) {
            super(message, null, false, false);
            this.phase = phase;
        }

        Response response(long id) {
            return Response.failure(id, "error", phase, getMessage());
        }
    }

    /**
     * parsed is what parse read; a text it refuses is Refused in the parse
     * phase (QueryParseException), or the prepare phase for any other
     * QueryException (QueryBuildException and the like: parsed, but a rule
     * broken while building it, a BIND variable already in scope).
     */
    static <T> T parsed(Supplier<T> parse) {
        try {
            return parse.get();
        } catch (QueryParseException e) {
            throw new Refused("parse", e.getMessage());
        } catch (QueryException e) {
            throw new Refused("prepare", e.getMessage());
        }
    }

    /** loaded is the dataset or store build makes; data RIOT refuses is Refused in the load phase. */
    static DatasetGraph loaded(Supplier<DatasetGraph> build, String what) {
        try {
            return build.get();
        } catch (RiotException e) {
            throw new Refused("load", "Jena refused the " + what + ": " + e.getMessage());
        }
    }

    /** base is the request's base IRI, null for none. */
    static String base(JsonObject req) {
        String base = str(req, "base");
        return base.isEmpty() ? null : base;
    }

    /**
     * parse reads the query as strict SPARQL 1.1 and, only where 1.1 refuses
     * it, as SPARQL 1.2 (ARQ's syntaxSPARQL_12: triple terms, reified
     * triples, annotations, VERSION): a query follows 1.2 when it declares
     * VERSION or uses a 1.2 form, as the oracle's own parser decides
     * (syntax.SpecAuto). A query 1.2 refuses too fails with 1.1's message.
     */
    static Query parse(String text, String base) {
        return strictFirst(syntax -> QueryFactory.create(text, base, syntax));
    }

    /**
     * strictFirst parses with SPARQL 1.1 and, only where 1.1 refuses the
     * text, with SPARQL 1.2; 1.1's exception when both refuse it. A query
     * (parse) and an update request (Updater.parse) are read alike.
     */
    static <T> T strictFirst(Function<Syntax, T> parser) {
        try {
            return parser.apply(Syntax.syntaxSPARQL_11);
        } catch (QueryParseException e11) {
            try {
                return parser.apply(Syntax.syntaxSPARQL_12);
            } catch (QueryParseException e12) {
                throw e11;
            }
        }
    }

    /**
     * dataset builds the case's dataset: the request's data, with every listed
     * named graph present even when empty. With FROM/FROM NAMED
     * (#specifyingDataset) the catalogue's sources are loaded as named graphs
     * too, and ARQ, given a dataset, picks the FROM graphs out of it itself
     * (as Fuseki does): a graph it lacks is empty, nothing is ever fetched.
     */
    static DatasetGraph dataset(JsonObject req, Query query) {
        DatasetGraph dsg = store(req);
        if (!query.hasDatasetDescription()) {
            return dsg;
        }
        load(dsg, str(req, "sources"));
        return dsg;
    }

    /**
     * store builds the request's data with every listed named graph present
     * even when empty, "_:label" naming a blank node (an update's store
     * lists its graphs so; a query's names only IRIs): a query's dataset
     * and an update's store (Updater) alike.
     */
    static DatasetGraph store(JsonObject req) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        load(dsg, str(req, "data"));
        if (req.hasKey("named")) {
            for (JsonValue v : req.get("named").getAsArray()) {
                String name = v.getAsString().value();
                Node g = name.startsWith("_:") ? NodeFactory.createBlankNode(name.substring(2)) : NodeFactory.createURI(name);
                if (!dsg.containsGraph(g)) {
                    dsg.addGraph(g, GraphFactory.createDefaultGraph());
                }
            }
        }
        return dsg;
    }

    private static void load(DatasetGraph dsg, String nquads) {
        if (!nquads.isEmpty()) {
            RDFParser.fromString(nquads, Lang.NQUADS).parse(dsg);
        }
    }

    private Response execute(long id, Query query, DatasetGraph dsg, long timeoutMS) {
        var builder = QueryExecution.create().query(query).dataset(DatasetFactory.wrap(dsg));
        if (timeoutMS > MARGIN_MS) {
            builder.timeout(timeoutMS - MARGIN_MS, TimeUnit.MILLISECONDS);
        }
        long start = System.nanoTime();
        try (QueryExecution qe = builder.build()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String format = serialise(query, qe, out);
            double ms = (System.nanoTime() - start) / 1e6;
            return Response.result(id, format, out.toString(StandardCharsets.UTF_8), ms);
        } catch (QueryCancelledException e) {
            return Response.failure(id, "timeout", "evaluate", "Jena cancelled the query at its deadline");
        } catch (RuntimeException e) {
            // Raised while evaluating (ARQ evaluates lazily, while writing):
            // the phase decides, not the words; a refused SERVICE is the Go
            // side's to name (it knows the query has one).
            return Response.failure(id, "error", "evaluate", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** serialise runs the query (ARQ evaluates lazily, while writing) and writes its answer. */
    private static String serialise(Query query, QueryExecution qe, ByteArrayOutputStream out) {
        if (query.isSelectType()) {
            ResultSetFormatter.outputAsJSON(out, qe.execSelect());
            return "json";
        }
        if (query.isAskType()) {
            ResultSetFormatter.outputAsJSON(out, qe.execAsk());
            return "json";
        }
        var model = query.isConstructType() ? qe.execConstruct() : qe.execDescribe();
        RDFDataMgr.write(out, model, Lang.NTRIPLES);
        return "ntriples";
    }

    static String str(JsonObject o, String key) {
        return o.hasKey(key) && o.get(key).isString() ? o.get(key).getAsString().value() : "";
    }

    private static long num(JsonObject o, String key) {
        return o.get(key).isNumber() ? o.get(key).getAsNumber().value().longValue() : 0;
    }
}
