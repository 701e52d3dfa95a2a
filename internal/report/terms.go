package report

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// One writing of terms. Every term a report shows a person — the expected
// and actual answers, the row diff, the title and the effect sentence, the
// verdict's notes — is written the same way, so that the value in the
// title is found verbatim in the table and in the diff:
//
//   - N-Triples (rdf.Term.String), never the TSV abbreviations: 1 is
//     "1"^^xsd:integer, true is "true"^^xsd:boolean;
//   - a datatype in the XSD or RDF namespace shortened to xsd: or rdf:
//     ("1.5"^^xsd:decimal), any other kept as an IRI;
//   - a TAB inside a literal written \t (Turtle's escape), so a table cell
//     stays one cell.
//
// Text the diff package already wrote in N-Triples (its row diff, its
// notes) gets the same shortening (shortTerms). The reproducer's query and
// data are left as they are: they are input to the engines.

// termPrefixes are the namespaces a datatype is shortened from.
var termPrefixes = []struct{ ns, prefix string }{
	{rdf.XSD, "xsd:"},
	{"http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf:"},
}

// termText writes t for a report (the one writing).
func termText(t rdf.Term) string {
	s := t.String()
	if t.IsLiteral() && t.Lang != "" && t.Datatype != "" && t.Datatype != rdf.RDFLangString && t.Datatype != rdf.RDFDirLangString {
		// A tagged literal with another datatype (an engine's malformed
		// term): shown, as the row diff shows it.
		s += "^^<" + t.Datatype + ">"
	}
	return shortTerms(strings.ReplaceAll(s, "\t", `\t`))
}

// shortTerms rewrites N-Triples text: every datatype IRI "^^<ns#local>"
// of a known namespace, outside a quoted lexical form, becomes
// "^^prefix:local". Anything else, quoted text included, is kept.
func shortTerms(s string) string {
	if !strings.Contains(s, "^^<") {
		return s
	}
	var b strings.Builder
	inQuote := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote && c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			i++
			b.WriteByte(s[i])
			continue
		case c == '"':
			inQuote = !inQuote
		case !inQuote && strings.HasPrefix(s[i:], "^^<"):
			if short, n, ok := shortDatatype(s[i+3:]); ok {
				b.WriteString("^^" + short)
				i += 2 + n
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// shortDatatype reads "ns#local>" at the start of s: the prefixed name and
// the bytes read (the closing '>' included); ok false when the namespace
// is not a known one or the local name is not a plain name.
func shortDatatype(s string) (string, int, bool) {
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return "", 0, false
	}
	iri := s[:end]
	for _, p := range termPrefixes {
		local, ok := strings.CutPrefix(iri, p.ns)
		if ok && plainName(local) {
			return p.prefix + local, end + 1, true
		}
	}
	return "", 0, false
}

// plainName: letters and digits (every XSD and RDF datatype's name), so the
// prefixed name needs no escape.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// tsvText is a solution sequence as a SPARQL results TSV table whose cells
// are written the one way (termText); an unbound cell is empty.
func tsvText(a *results.Answer) string {
	var b strings.Builder
	for i, v := range a.Vars {
		if i > 0 {
			b.WriteByte('\t')
		}
		b.WriteString("?" + v)
	}
	b.WriteByte('\n')
	for _, row := range a.Rows {
		for i, v := range a.Vars {
			if i > 0 {
				b.WriteByte('\t')
			}
			if t, ok := row[v]; ok && !t.IsZero() {
				b.WriteString(termText(t))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// shortLines applies shortTerms to each line (a row diff).
func shortLines(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = shortTerms(l)
	}
	return out
}
