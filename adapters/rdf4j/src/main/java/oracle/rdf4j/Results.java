package oracle.rdf4j;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;

import oracle.sidecar.Response;

/**
 * Results writes SPARQL 1.1 Query Results JSON (the W3C format,
 * #select-encode-terms): RDF4J's own writer is in a module Maven Central
 * does not serve here. Terms are written as RDF4J holds them: a simple
 * literal without a datatype key, a language-tagged one with xml:lang.
 */
final class Results {
    private Results() {}

    static void writeTuple(ByteArrayOutputStream out, TupleQueryResult result) {
        StringBuilder sb = new StringBuilder();
        try (result) {
            List<String> vars = result.getBindingNames();
            sb.append("{\"head\":{\"vars\":[");
            for (int i = 0; i < vars.size(); i++) {
                sb.append(i > 0 ? "," : "");
                Response.writeString(sb, vars.get(i));
            }
            sb.append("]},\"results\":{\"bindings\":[");
            boolean first = true;
            while (result.hasNext()) {
                sb.append(first ? "" : ",");
                first = false;
                row(sb, vars, result.next());
            }
            sb.append("]}}");
        }
        out.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    static void writeBoolean(ByteArrayOutputStream out, boolean b) {
        out.writeBytes(("{\"head\":{},\"boolean\":" + b + "}").getBytes(StandardCharsets.UTF_8));
    }

    private static void row(StringBuilder sb, List<String> vars, BindingSet bs) {
        sb.append('{');
        boolean first = true;
        for (String v : vars) {
            Value val = bs.getValue(v);
            if (val == null) {
                continue;
            }
            sb.append(first ? "" : ",");
            first = false;
            Response.writeString(sb, v);
            sb.append(':');
            term(sb, val);
        }
        sb.append('}');
    }

    private static void term(StringBuilder sb, Value v) {
        if (v instanceof IRI iri) {
            pair(sb, "uri", iri.stringValue(), null, null);
        } else if (v instanceof BNode b) {
            pair(sb, "bnode", b.getID(), null, null);
        } else if (v instanceof Literal l) {
            literal(sb, l);
        } else {
            // An RDF-star triple term: SPARQL 1.1 has none; written as text
            // so the comparison shows it rather than the sidecar failing.
            pair(sb, "literal", v.stringValue(), null, null);
        }
    }

    private static void literal(StringBuilder sb, Literal l) {
        if (l.getLanguage().isPresent()) {
            pair(sb, "literal", l.getLabel(), "xml:lang", l.getLanguage().get());
            return;
        }
        IRI dt = l.getDatatype();
        if (dt == null || dt.equals(XSD.STRING) || dt.equals(RDF.LANGSTRING)) {
            pair(sb, "literal", l.getLabel(), null, null);
            return;
        }
        pair(sb, "literal", l.getLabel(), "datatype", dt.stringValue());
    }

    private static void pair(StringBuilder sb, String type, String value, String key, String extra) {
        sb.append("{\"type\":");
        Response.writeString(sb, type);
        sb.append(",\"value\":");
        Response.writeString(sb, value);
        if (key != null) {
            sb.append(',');
            Response.writeString(sb, key);
            sb.append(':');
            Response.writeString(sb, extra);
        }
        sb.append('}');
    }
}
