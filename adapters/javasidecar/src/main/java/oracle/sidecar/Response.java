package oracle.sidecar;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One response line of the sidecar protocol (adapters/sidecar/protocol.go),
 * shared by the Java sidecars (adapters/jena, adapters/rdf4j: both builds
 * compile this folder beside their own sources, pom.xml compileSourceRoots).
 * It writes its own compact JSON: the protocol needs exactly one line per
 * response, and the fields are few and flat.
 */
public final class Response {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    private Response(long id, boolean ok) {
        fields.put("id", id);
        fields.put("ok", ok);
    }

    public static Response ok(long id) {
        return new Response(id, true);
    }

    /** version answers the "version" op: the engine's name and version; it runs updates. */
    public static Response version(long id, String engine, String version) {
        Response r = ok(id);
        r.fields.put("version", version);
        r.fields.put("engine", engine);
        r.fields.put("ops", List.of("update"));
        return r;
    }

    /**
     * store answers an "update": the store after the request as N-Quads
     * and its named graphs; failed, when set, is the failure of a request
     * that failed while it ran (phase evaluate), the store then as the
     * engine left it.
     */
    public static Response store(long id, String nquads, List<String> graphs, double timeMS, String failed) {
        Response r = new Response(id, failed == null);
        r.fields.put("format", "nquads");
        r.fields.put("result", nquads);
        r.fields.put("graphs", graphs);
        r.fields.put("time_ms", timeMS);
        if (failed != null) {
            r.fields.put("error", failure(id, "error", "evaluate", failed).fields.get("error"));
        }
        return r;
    }

    /** result is a successful answer: format "json" or "ntriples". */
    public static Response result(long id, String format, String result, double timeMS) {
        Response r = ok(id);
        r.fields.put("format", format);
        r.fields.put("result", result);
        r.fields.put("time_ms", timeMS);
        return r;
    }

    /**
     * reused marks an answer computed on the store held for the request's
     * dataset_id, without loading it again (protocol.go, Response.Reused).
     */
    public Response reused(boolean reused) {
        if (reused) {
            fields.put("reused", true);
        }
        return this;
    }

    /** failure of the sidecar itself or of a request: kind internal, no phase. */
    public static Response failure(long id, String kind, String message) {
        return failure(id, kind, "", message);
    }

    /**
     * failure of the engine: kind error, timeout or resource, and the phase
     * where it failed (parse, prepare, load, evaluate).
     */
    public static Response failure(long id, String kind, String phase, String message) {
        Response r = new Response(id, false);
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("kind", kind);
        if (!phase.isEmpty()) {
            err.put("phase", phase);
        }
        err.put("message", message == null ? "" : message);
        r.fields.put("error", err);
        return r;
    }

    public String toJSON() {
        StringBuilder sb = new StringBuilder();
        writeObject(sb, fields);
        return sb.toString();
    }

    private static void writeObject(StringBuilder sb, Map<String, Object> m) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            writeString(sb, e.getKey());
            sb.append(':');
            writeValue(sb, e.getValue());
        }
        sb.append('}');
    }

    @SuppressWarnings("unchecked")
    private static void writeValue(StringBuilder sb, Object v) {
        if (v instanceof String s) {
            writeString(sb, s);
        } else if (v instanceof Map<?, ?> m) {
            writeObject(sb, (Map<String, Object>) m);
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                writeValue(sb, l.get(i));
            }
            sb.append(']');
        } else {
            sb.append(v); // numbers and booleans
        }
    }

    /** writeString writes s as a JSON string (the engines' own result writers use it too). */
    public static void writeString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
