package oracle.rdf4j;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One response line of the sidecar protocol (adapters/sidecar/protocol.go).
 * It writes its own compact JSON: the protocol needs exactly one line per
 * response, and the fields are few and flat.
 */
final class Response {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    private Response(long id, boolean ok) {
        fields.put("id", id);
        fields.put("ok", ok);
    }

    static Response ok(long id) {
        return new Response(id, true);
    }

    static Response version(long id, String version) {
        Response r = ok(id);
        r.fields.put("version", version);
        r.fields.put("engine", "rdf4j");
        r.fields.put("ops", List.of("update"));
        return r;
    }

    /**
     * store is an update's answer: the store after it as N-Quads and its
     * named graphs; failed, when set, is the failure of the request, whose
     * store is then the one RDF4J left.
     */
    static Response store(long id, String nquads, List<String> graphs, double timeMS, String failed) {
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
    static Response result(long id, String format, String result, double timeMS) {
        Response r = ok(id);
        r.fields.put("format", format);
        r.fields.put("result", result);
        r.fields.put("time_ms", timeMS);
        return r;
    }

    /** failure of the sidecar itself or of a request: kind internal, no phase. */
    static Response failure(long id, String kind, String message) {
        return failure(id, kind, "", message);
    }

    /**
     * failure of the engine: kind error, timeout or resource, and the phase
     * where it failed (parse, prepare, load, evaluate).
     */
    static Response failure(long id, String kind, String phase, String message) {
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

    String toJSON() {
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

    static void writeString(StringBuilder sb, String s) {
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
