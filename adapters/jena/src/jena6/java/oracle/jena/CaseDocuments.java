package oracle.jena;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

import org.apache.jena.atlas.web.ContentType;
import org.apache.jena.atlas.web.TypedInputStream;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotNotFoundException;
import org.apache.jena.riot.system.streammgr.LocationMapper;
import org.apache.jena.riot.system.streammgr.Locator;
import org.apache.jena.riot.system.streammgr.StreamManager;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;

/**
 * CaseDocuments is the only place Jena may read a document from: the
 * request's sources (the documents LOAD may read, as N-Quads whose graph
 * term is the document's IRI). Installed as the global StreamManager, it
 * makes Jena's own LOAD (UpdateEngineWorker, RDFParser) read the case's
 * document, and refuse every other IRI with RiotNotFoundException, which
 * Jena then treats as any missing document (an error, or nothing under
 * SILENT). RDFParser sends http(s) IRIs straight to its HTTP client after
 * the location mapper, so the mapper first moves them into this locator's
 * own scheme; any other scheme (file:) reaches this locator directly.
 */
final class CaseDocuments implements Locator {
    private static final String SCHEME = "x-sparql-oracle-case:";

    /** The documents of the request being applied (one thread serves every request). */
    private static DatasetGraph current = DatasetGraphFactory.createGeneral();

    private CaseDocuments() {}

    /** install makes CaseDocuments Jena's only source of documents. */
    static void install() {
        LocationMapper lm = new LocationMapper();
        lm.addAltPrefix("http://", SCHEME + "http://");
        lm.addAltPrefix("https://", SCHEME + "https://");
        StreamManager sm = new StreamManager();
        sm.addLocator(new CaseDocuments());
        sm.locationMapper(lm);
        StreamManager.setGlobal(sm);
    }

    /** use sets the documents of the next request. */
    static void use(String nquads) {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        if (!nquads.isEmpty()) {
            RDFParser.fromString(nquads, Lang.NQUADS).parse(dsg);
        }
        current = dsg;
    }

    @Override
    public TypedInputStream open(String uri) {
        String iri = uri.startsWith(SCHEME) ? uri.substring(SCHEME.length()) : uri;
        Node name = NodeFactory.createURI(iri);
        if (!current.containsGraph(name)) {
            throw new RiotNotFoundException("<" + iri + "> is not a document of the case: the sidecar never fetches");
        }
        Graph g = current.getGraph(name);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RDFDataMgr.write(out, g, Lang.NTRIPLES);
        return new TypedInputStream(new ByteArrayInputStream(out.toByteArray()), ContentType.create("application/n-triples"));
    }

    @Override
    public String getName() {
        return "CaseDocuments";
    }
}
