package results

import (
	"encoding/json"
	"encoding/xml"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// RDF 1.2 terms in the result formats (SPARQL 1.2 Query Results JSON and
// XML, as the W3C sparql12 tests write them):
//
//   - a triple term is {"type":"triple","value":{"subject":T,"predicate":T,
//     "object":T}} in JSON, <triple><subject>T</subject><predicate>T
//     </predicate><object>T</object></triple> in XML, and <<( s p o )>> in
//     TSV (N-Triples 1.2's tripleTerm);
//   - a directional language-tagged string carries its base direction as
//     "its:dir" in JSON and the its:dir attribute (namespace
//     http://www.w3.org/2005/11/its) in XML, "@en--ltr" in TSV.
//
// A triple term's subject must be an IRI or blank node and its predicate an
// IRI (RDF 1.2 Concepts #dfn-triple-term); nesting is bounded by
// maxTermDepth.

// itsNS is the W3C Internationalization Tag Set namespace of its:dir.
const itsNS = "http://www.w3.org/2005/11/its"

// maxTermDepth bounds the nesting of triple terms a reader accepts.
const maxTermDepth = 64

// leaves calls f for t, and for every part of a triple term at any depth
// (the triple terms themselves excluded): what character and IRI checks
// and blank-label collection must see.
func leaves(t rdf.Term, f func(rdf.Term)) {
	s, p, o, ok := t.TripleParts()
	if !ok {
		f(t)
		return
	}
	leaves(s, f)
	leaves(p, f)
	leaves(o, f)
}

// tripleOK checks a triple term's parts; it returns a message or "".
func tripleOK(s, p, o rdf.Term) string {
	switch {
	case s.IsZero() || p.IsZero() || o.IsZero():
		return "a triple term needs a subject, a predicate and an object"
	case !s.IsIRI() && !s.IsBlank():
		return "a triple term's subject must be an IRI or blank node"
	case !p.IsIRI():
		return "a triple term's predicate must be an IRI"
	}
	return ""
}

// dirLiteral builds a literal with a base direction (RDF 1.2 Concepts
// #dfn-dir-lang-string): a language tag is required, the datatype, if
// given, is rdf:dirLangString.
func dirLiteral(lex, lang, datatype, dir string) (rdf.Term, string) {
	switch {
	case dir != "ltr" && dir != "rtl":
		return rdf.None, "base direction must be \"ltr\" or \"rtl\", not " + quoteClip(dir)
	case lang == "":
		return rdf.None, "a literal with a base direction needs a language tag"
	case datatype != "" && datatype != rdf.RDFDirLangString:
		return rdf.None, "a literal with a base direction cannot have datatype " + quoteClip(datatype)
	case !validLangTag(lang):
		return rdf.None, "invalid language tag " + quoteClip(lang)
	}
	return rdf.DirLangLiteral(lex, lang, dir), ""
}

func quoteClip(s string) string { return `"` + clip(s) + `"` }

// jsonTriple reads the value of a "triple" term, its '{' already read.
func (p *jsonParser) jsonTriple(depth int) (rdf.Term, error) {
	if depth > maxTermDepth {
		return rdf.None, p.fail("triple terms nested deeper than %d", maxTermDepth)
	}
	parts := map[string]rdf.Term{}
	err := p.objectBody(func(key string) error {
		switch key {
		case "subject", "predicate", "object":
			t, err := p.termDepth(depth)
			parts[key] = t
			return err
		}
		return p.skip()
	})
	return partsTriple(parts, err, p.fail)
}

// partsTriple is the triple term of a JSON or XML triple's subject,
// predicate and object once they are read (err, the reading's error), or
// fail's error saying what makes them no triple term (tripleOK).
func partsTriple(parts map[string]rdf.Term, err error, fail func(string, ...any) error) (rdf.Term, error) {
	if err != nil {
		return rdf.None, err
	}
	s, pr, o := parts["subject"], parts["predicate"], parts["object"]
	if msg := tripleOK(s, pr, o); msg != "" {
		return rdf.None, fail("%s", msg)
	}
	return rdf.TripleTerm(s, pr, o), nil
}

// jsonTripleText writes a triple term as a JSON term object.
func jsonTripleText(t rdf.Term) string {
	s, p, o, _ := t.TripleParts()
	return `{"type":"triple","value":{"subject":` + jsonTerm(s) + `,"predicate":` + jsonTerm(p) +
		`,"object":` + jsonTerm(o) + "}}"
}

// xmlTriple reads the children of <triple>: one <subject>, <predicate> and
// <object>, each holding one term.
func (p *xmlParser) xmlTriple(depth int) (rdf.Term, error) {
	if depth > maxTermDepth {
		return rdf.None, p.fail("triple terms nested deeper than %d", maxTermDepth)
	}
	parts := map[string]rdf.Term{}
	err := p.children(func(el xml.StartElement) error {
		role := el.Name.Local
		if role != "subject" && role != "predicate" && role != "object" || el.Name.Space != p.ns {
			return p.unexpected(el)
		}
		if _, dup := parts[role]; dup {
			return p.fail("<triple> has two <%s>", role)
		}
		t, err := p.xmlPart(role, depth)
		parts[role] = t
		return err
	})
	return partsTriple(parts, err, p.fail)
}

// xmlPart reads the one term inside <subject>, <predicate> or <object>.
func (p *xmlParser) xmlPart(role string, depth int) (rdf.Term, error) {
	var t rdf.Term
	n := 0
	err := p.children(func(el xml.StartElement) error {
		if n++; n > 1 {
			return p.fail("<%s> holds more than one term", role)
		}
		var err error
		t, err = p.termDepth(el, depth)
		return err
	})
	if err == nil && n == 0 {
		return rdf.None, p.fail("<%s> holds no term", role)
	}
	return t, err
}

// xmlTripleText writes a triple term as an XML term element.
func xmlTripleText(t rdf.Term) string {
	s, p, o, _ := t.TripleParts()
	return "<triple><subject>" + xmlTerm(s) + "</subject><predicate>" + xmlTerm(p) +
		"</predicate><object>" + xmlTerm(o) + "</object></triple>"
}

// tsvTriple writes <<( s p o )>> with the parts in full (no bare numbers).
func (tw *termWriter) tsvTriple(t rdf.Term) string {
	s, p, o, _ := t.TripleParts()
	var b strings.Builder
	b.WriteString("<<( ")
	for _, x := range [3]rdf.Term{s, p, o} {
		if x.IsLiteral() {
			b.WriteString(tw.fullLiteral(x))
		} else {
			b.WriteString(tw.term(x))
		}
		b.WriteByte(' ')
	}
	b.WriteString(")>>")
	return b.String()
}

// parseTripleTerm reads <<( s p o )>> at the start of s (N-Triples 1.2
// tripleTerm, white space allowed around the parts) and returns the term
// and its length.
func parseTripleTerm(s string, depth int) (rdf.Term, int, *termError) {
	if depth > maxTermDepth {
		return rdf.None, 0, termErr(0, "triple terms nested deeper than %d", maxTermDepth)
	}
	i := 3 // "<<("
	var parts [3]rdf.Term
	for k := range parts {
		i = skipTermSpace(s, i)
		t, n, err := parseTermPrefix(s[i:], depth+1)
		if err != nil {
			err.Off += i
			return rdf.None, 0, err
		}
		parts[k], i = t, i+n
	}
	i = skipTermSpace(s, i)
	if !strings.HasPrefix(s[i:], ")>>") {
		return rdf.None, 0, termErr(i, "expected ')>>' to close the triple term")
	}
	if msg := tripleOK(parts[0], parts[1], parts[2]); msg != "" {
		return rdf.None, 0, termErr(0, "%s", msg)
	}
	return rdf.TripleTerm(parts[0], parts[1], parts[2]), i + 3, nil
}

func skipTermSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// parseTermPrefix reads one term at the start of s, inside a triple term:
// it ends at white space or at the ")>>" that closes the triple term.
func parseTermPrefix(s string, depth int) (rdf.Term, int, *termError) {
	if strings.HasPrefix(s, "<<(") {
		return parseTripleTerm(s, depth)
	}
	n := termEnd(s)
	t, err := parseTerm(s[:n])
	return t, n, err
}

// termEnd finds where a term inside a triple term ends: after the closing
// quote and its suffix for a literal, at '>' for an IRI, else at white
// space or ')'.
func termEnd(s string) int {
	i := 0
	switch {
	case strings.HasPrefix(s, "<"):
		if j := strings.IndexByte(s, '>'); j >= 0 {
			return j + 1
		}
		return len(s)
	case strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "'"):
		if _, n, err := parseQuoted(s); err == nil {
			i = n
		}
	}
	if strings.HasPrefix(s[i:], "^^<") {
		if j := strings.IndexByte(s[i:], '>'); j >= 0 {
			return i + j + 1
		}
	}
	for i < len(s) && s[i] != ' ' && s[i] != '\t' && !strings.HasPrefix(s[i:], ")>>") {
		i++
	}
	return i
}

// jsonDelimObject reports whether t opens an object.
func jsonDelimObject(t json.Token) bool { d, ok := t.(json.Delim); return ok && d == '{' }
