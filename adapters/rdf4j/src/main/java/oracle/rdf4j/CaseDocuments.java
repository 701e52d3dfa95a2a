package oracle.rdf4j;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

/**
 * CaseDocuments is the only place RDF4J's LOAD may read a document from: the
 * request's sources (N-Quads whose graph term is the document's IRI).
 * RDF4J runs LOAD as {@code new URL(source)} and RDFLoader over its
 * connection; installed as the JVM's URLStreamHandlerFactory, this class
 * answers every protocol the JDK lets it override (all but file: and jrt:,
 * which {@link Updater} refuses before running) with the case's document
 * as N-Triples, or FileNotFoundException for any other IRI, which RDF4J
 * treats as any missing document (an error, or nothing under SILENT). No
 * IRI is ever fetched.
 */
final class CaseDocuments {
    private CaseDocuments() {}

    /** The documents of the request being applied, as N-Triples by IRI. */
    private static volatile Map<String, byte[]> current = Map.of();

    private static boolean installed;

    /** install makes CaseDocuments the JVM's source of every URL's stream. */
    static synchronized void install() {
        if (!installed) {
            URL.setURLStreamHandlerFactory(protocol -> overridable(protocol) ? new Handler() : null);
            installed = true;
        }
    }

    /** overridable: the JDK keeps its own handlers for file: and jrt:. */
    static boolean overridable(String protocol) {
        return !protocol.equalsIgnoreCase("file") && !protocol.equalsIgnoreCase("jrt");
    }

    /** use sets the documents of the next request. */
    static void use(String nquads) throws IOException {
        Map<String, byte[]> docs = new ConcurrentHashMap<>();
        if (!nquads.isEmpty()) {
            Model m = Rio.parse(new StringReader(nquads), "", RDFFormat.NQUADS);
            for (Resource ctx : m.contexts()) {
                if (ctx != null) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    Rio.write(m.filter(null, null, null, ctx), out, RDFFormat.NTRIPLES);
                    docs.put(ctx.stringValue(), out.toByteArray());
                }
            }
        }
        current = docs;
    }

    private static final class Handler extends URLStreamHandler {
        @Override
        protected URLConnection openConnection(URL u) {
            return new Document(u);
        }
    }

    /** Document is one case document, typed N-Triples so RDFLoader parses it as such. */
    private static final class Document extends URLConnection {
        Document(URL u) {
            super(u);
        }

        @Override
        public void connect() {}

        @Override
        public String getContentType() {
            return "application/n-triples";
        }

        @Override
        public InputStream getInputStream() throws IOException {
            byte[] doc = current.get(url.toString());
            if (doc == null) {
                throw new FileNotFoundException("<" + url + "> is not a document of the case: the sidecar never fetches");
            }
            return new ByteArrayInputStream(doc);
        }
    }
}
