package oracle.rdf4j;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import oracle.sidecar.Response;
import oracle.sidecar.Serve;

/**
 * Eclipse RDF4J (MemoryStore, its SPARQL parser and evaluation strategy) as
 * a sparql-oracle sidecar.
 *
 * <p>Protocol (adapters/sidecar/protocol.go): one JSON request per line on
 * stdin, one JSON response per line on stdout. Requests are "version", "ping",
 * "query" and "update"; a query runs over a fresh MemoryStore holding exactly
 * the request's N-Quads (see {@link Engine}), an update over a fresh store
 * (see {@link Updater}). Nothing else may write to stdout,
 * so System.out is pointed at stderr first.
 */
public final class Sidecar {
    private Sidecar() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        // One thread with a deep stack serves every request (Serve).
        Serve.lines(out, () -> {
            Engine engine = new Engine();
            CaseDocuments.install();
            return line -> answer(engine, line);
        });
    }

    /** answer turns one request line into one response line (no newline). */
    static String answer(Engine engine, String line) {
        long id = 0;
        try {
            JsonNode req = JSON.readTree(line);
            id = req.path("id").asLong(0);
            return dispatch(engine, id, req).toJSON();
        } catch (OutOfMemoryError e) {
            // The heap limit (-Xmx, from the sidecar's memory limit) was
            // reached: "resource" (oracle.ErrResource), never a verdict.
            return Response.failure(id, "resource", e.toString()).toJSON();
        } catch (StackOverflowError e) {
            return Response.failure(id, "internal", e.toString()).toJSON();
        } catch (IOException | RuntimeException e) {
            return Response.failure(id, "internal", e.getClass().getSimpleName() + ": " + e.getMessage()).toJSON();
        }
    }

    private static Response dispatch(Engine engine, long id, JsonNode req) {
        String op = req.path("op").asText("");
        switch (op) {
            case "version":
                return Response.version(id, "rdf4j", version());
            case "ping":
                return Response.ok(id);
            case "query":
                return engine.run(id, req);
            case "update":
                engine.drop();
                return new Updater().run(id, req);
            default:
                return Response.failure(id, "internal", "unknown op \"" + op + "\"");
        }
    }

    /** version reads rdf4j-sail-memory's Maven coordinates from the shaded jar. */
    static String version() {
        String path = "/META-INF/maven/org.eclipse.rdf4j/rdf4j-sail-memory/pom.properties";
        try (InputStream in = Sidecar.class.getResourceAsStream(path)) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
