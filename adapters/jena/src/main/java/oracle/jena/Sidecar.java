package oracle.jena;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.query.ARQ;
import org.apache.jena.sys.JenaSystem;

import oracle.sidecar.Response;
import oracle.sidecar.Serve;

/**
 * Apache Jena ARQ as a sparql-oracle sidecar.
 *
 * <p>Protocol (adapters/sidecar/protocol.go): one JSON request per line on
 * stdin, one JSON response per line on stdout. Requests are "version", "ping",
 * "query" and "update"; a query runs over an in-memory dataset holding
 * exactly the request's N-Quads, reused by the next query of the same
 * dataset_id (see {@link Engine}), an update over a fresh store (see
 * {@link Updater}). Nothing else may write to stdout, so
 * System.out is pointed at stderr before Jena starts.
 */
public final class Sidecar {
    private Sidecar() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        JenaSystem.init();
        // SERVICE must never reach the network. The Go side also runs this
        // process in a network namespace of its own (sidecar.Config.NoNetwork).
        ARQ.getContext().set(ARQ.httpServiceAllowed, false);
        // LOAD reads the request's documents and nothing else (absent from
        // a Jena 5 release build, which has no update support: pom.xml).
        optional("oracle.jena.CaseDocuments", "install");
        // One thread with a deep stack serves every request (Serve).
        Serve.lines(out, () -> {
            Engine engine = new Engine();
            return line -> answer(engine, line);
        });
    }

    /** answer turns one request line into one response line (no newline). */
    static String answer(Engine engine, String line) {
        long id = 0;
        try {
            JsonObject req = JSON.parse(line);
            id = req.hasKey("id") ? req.get("id").getAsNumber().value().longValue() : 0;
            return dispatch(engine, id, req).toJSON();
        } catch (OutOfMemoryError e) {
            // The heap limit (-Xmx, from the sidecar's memory limit) was
            // reached: "resource" (oracle.ErrResource), never a verdict. The
            // query's allocations are unreachable once it unwinds, so the
            // process can go on.
            return Response.failure(id, "resource", e.toString()).toJSON();
        } catch (StackOverflowError e) {
            // "internal" keeps it out of the error verdicts.
            return Response.failure(id, "internal", e.toString()).toJSON();
        } catch (RuntimeException e) {
            return Response.failure(id, "internal", e.getClass().getSimpleName() + ": " + e.getMessage()).toJSON();
        }
    }

    private static Response dispatch(Engine engine, long id, JsonObject req) {
        String op = req.hasKey("op") ? req.get("op").getAsString().value() : "";
        switch (op) {
            case "version":
                return Response.version(id, "jena", arqVersion());
            case "ping":
                return Response.ok(id);
            case "query":
                return engine.run(id, req);
            case "update":
                engine.drop();
                return update(id, req);
            default:
                return Response.failure(id, "internal", "unknown op \"" + op + "\"");
        }
    }

    /**
     * update runs an update through Updater, which a Jena 5 release build
     * leaves out (pom.xml, profile jena5): such a build answers unsupported.
     */
    static Response update(long id, JsonObject req) {
        Object r = optional("oracle.jena.Updater", null, id, req);
        if (r == null) {
            return Response.failure(id, "unsupported", "parse", "this Jena release's sidecar is built without update support");
        }
        return (Response) r;
    }

    /**
     * optional calls a static method (method non-null) or new C().run(args)
     * of a class that a release build may leave out; null when it is absent.
     */
    static Object optional(String cls, String method, Object... args) {
        Class<?> c;
        try {
            c = Class.forName(cls);
        } catch (ClassNotFoundException e) {
            return null;
        }
        try {
            if (method != null) {
                return c.getDeclaredMethod(method).invoke(null);
            }
            Object o = c.getDeclaredConstructor().newInstance();
            return c.getDeclaredMethod("run", long.class, JsonObject.class).invoke(o, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new RuntimeException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(cls + ": " + e, e);
        }
    }

    /**
     * arqVersion reads jena-arq's Maven coordinates: ARQ.VERSION comes from a
     * jar manifest that shading replaces, so it says "<development>" here.
     */
    static String arqVersion() {
        String path = "/META-INF/maven/org.apache.jena/jena-arq/pom.properties";
        try (InputStream in = Sidecar.class.getResourceAsStream(path)) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", ARQ.VERSION);
        } catch (IOException e) {
            return ARQ.VERSION;
        }
    }
}
