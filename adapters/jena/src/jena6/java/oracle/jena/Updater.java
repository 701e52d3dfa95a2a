package oracle.jena;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.update.UpdateAction;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

import oracle.sidecar.Response;

/**
 * Updater applies one "update" request (adapters/sidecar/protocol.go): parse
 * (strict SPARQL 1.1 Update), load the store into a fresh general
 * DatasetGraph (which keeps empty named graphs), UpdateAction.execute, and
 * answer the store after it as N-Quads with every named graph it holds. A
 * failure while the request runs still answers the store Jena left (the
 * operations before the failing one applied: UpdateAction runs them in
 * order, with no transaction to undo them). LOAD reads only the request's
 * sources: Jena's own LOAD runs, through {@link CaseDocuments}, which refuses
 * every other IRI as a document not found (never fetched).
 */
final class Updater {
    /**
     * parse reads the request as strict SPARQL 1.1 Update and, only where
     * 1.1 refuses it, as SPARQL 1.2 (reified triples in templates), as
     * Engine.parse does for queries; 1.1's message when both refuse it.
     */
    static UpdateRequest parse(String text, String base) {
        return Engine.strictFirst(syntax -> UpdateFactory.create(text, base, syntax));
    }

    Response run(long id, JsonObject req) {
        UpdateRequest request;
        DatasetGraph dsg;
        try {
            request = Engine.parsed(() -> parse(Engine.str(req, "update"), Engine.base(req)));
            dsg = Engine.loaded(() -> {
                DatasetGraph store = Engine.store(req);
                CaseDocuments.use(Engine.str(req, "sources"));
                return store;
            }, "store");
        } catch (Engine.Refused r) {
            return r.response(id);
        }
        long start = System.nanoTime();
        String failed = null;
        try {
            UpdateAction.execute(request, dsg);
        } catch (RuntimeException e) {
            failed = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        double ms = (System.nanoTime() - start) / 1e6;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RDFDataMgr.write(out, dsg, Lang.NQUADS);
        return Response.store(id, out.toString(StandardCharsets.UTF_8), graphs(dsg), ms, failed);
    }

    /** graphs lists the named graphs of the store ("_:label" for a blank node). */
    private static List<String> graphs(DatasetGraph dsg) {
        List<String> out = new ArrayList<>();
        for (Iterator<Node> it = dsg.listGraphNodes(); it.hasNext(); ) {
            Node g = it.next();
            out.add(g.isBlank() ? "_:" + g.getBlankNodeLabel() : g.getURI());
        }
        return out;
    }
}
