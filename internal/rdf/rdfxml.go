package rdf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"

	knakk "github.com/knakk/rdf"
)

// parseRDFXML decodes RDF/XML with knakk/rdf, without its base option.
// knakk leaves references relative when no xml:base is in force; we resolve
// those against base. Under an xml:base attribute knakk resolves with its
// own (wrong) code: see testdata/w3c-skip.txt for the cases that shows.
// knakk's RDF/XML decoder runs in the caller's goroutine, so a panic in it
// is recovered here and reported as an error.
func parseRDFXML(data []byte, base, name string) (qs []Quad, err error) {
	defer func() {
		if e := recover(); e != nil {
			qs, err = nil, &SyntaxError{File: name, Msg: fmt.Sprintf("RDF/XML decoder failed: %v", e)}
			if _, ok := e.(runtime.Error); !ok {
				err = &SyntaxError{File: name, Msg: fmt.Sprint(e)}
			}
		}
	}()
	if err := checkPrefixes(data, name); err != nil {
		return nil, err
	}
	dec := knakk.NewTripleDecoder(bytes.NewReader(markAbsoluteRefs(data)), knakk.RDFXML)
	for {
		t, err := dec.Decode()
		if errors.Is(err, io.EOF) {
			return qs, nil
		}
		if err != nil {
			return nil, &SyntaxError{File: name, Msg: err.Error()}
		}
		q, err := fromKnakk(t, base)
		if err != nil {
			return nil, &SyntaxError{File: name, Msg: err.Error()}
		}
		qs = append(qs, unmarkQuad(q))
	}
}

// knakk reads every IRI-valued attribute whose value has a ':' not followed
// by "//" as a QName (prefix:local), so rdf:resource="mailto:a@b" fails with
// "no name space found for prefix" and rdf:about="ex:x" silently expands a
// declared ex prefix. In RDF/XML these attributes hold IRI references, never
// QNames (RDF/XML syntax §7.2.2, §2.4). markAbsoluteRefs prefixes each such
// absolute reference with absMark, whose "://" makes knakk keep the value as
// written; unmarkQuad strips the mark again.
const absMark = "x-oracle-abs://"

// iriAttr matches rdf:about, rdf:resource and rdf:datatype (any prefix) with
// a value that starts with a scheme and has no "//" after it.
var iriAttr = regexp.MustCompile(`(\s(?:[A-Za-z_][\w.-]*:)?(?:about|resource|datatype)\s*=\s*["'])([A-Za-z][A-Za-z0-9+.-]*:(?:[^/"']|/[^/"'])[^"']*["'])`)

// markAbsoluteRefs applies the mark inside start tags only: comments, CDATA,
// processing instructions, declarations and text are copied untouched.
func markAbsoluteRefs(data []byte) []byte {
	src := string(data)
	var b strings.Builder
	for len(src) > 0 {
		i := strings.IndexByte(src, '<')
		if i < 0 {
			b.WriteString(src)
			break
		}
		b.WriteString(src[:i])
		src = src[i:]
		n, isTag := xmlMarkupLen(src)
		if isTag {
			b.WriteString(iriAttr.ReplaceAllString(src[:n], "${1}"+absMark+"${2}"))
		} else {
			b.WriteString(src[:n])
		}
		src = src[n:]
	}
	return []byte(b.String())
}

// xmlMarkupLen measures the markup at the start of s ('<' first) and says
// whether it is an element tag. Unterminated markup runs to the end of s,
// for the XML decoder to reject.
func xmlMarkupLen(s string) (int, bool) {
	for _, d := range [][2]string{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}} {
		if strings.HasPrefix(s, d[0]) {
			return markupEnd(s, len(d[0]), d[1]), false
		}
	}
	if strings.HasPrefix(s, "<!") {
		return declLen(s), false
	}
	var quote byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1, true
		}
	}
	return len(s), true
}

func markupEnd(s string, from int, end string) int {
	if j := strings.Index(s[from:], end); j >= 0 {
		return from + j + len(end)
	}
	return len(s)
}

// declLen measures a <!DOCTYPE ...> with an optional [internal subset].
func declLen(s string) int {
	depth := 0
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '>':
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

func unmarkQuad(q Quad) Quad {
	q.S, q.P, q.O = unmark(q.S), unmark(q.P), unmark(q.O)
	return q
}

func unmark(t Term) Term {
	if t.Kind == KindIRI {
		t.Value = strings.TrimPrefix(t.Value, absMark)
	}
	t.Datatype = strings.TrimPrefix(t.Datatype, absMark)
	return t
}

// checkPrefixes refuses an element or attribute name whose prefix no
// xmlns declaration in scope binds (Namespaces in XML 1.0 §5: "The
// namespace prefix, unless it is xml or xmlns, MUST have been declared").
// encoding/xml leaves such a prefix as the name's Space, and knakk then
// reads prefix+local as a relative IRI: an undeclared ex:Thing loaded as
// <base>exThing. The error has the line and column of the tag.
func checkPrefixes(data []byte, name string) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false // knakk's decoder judges well-formedness; this only looks at names
	var scopes []map[string]bool
	for {
		line, col := dec.InputPos()
		tok, err := dec.RawToken()
		if err != nil {
			return nil
		}
		switch t := tok.(type) {
		case xml.StartElement:
			scopes = append(scopes, declared(t.Attr))
			if p := undeclared(t, scopes); p != "" {
				return &SyntaxError{File: name, Line: line, Col: col,
					Msg: fmt.Sprintf("RDF/XML: namespace prefix %q is not declared (no xmlns:%s in scope)", p, p)}
			}
		case xml.EndElement:
			if len(scopes) > 0 {
				scopes = scopes[:len(scopes)-1]
			}
		}
	}
}

// declared is the set of prefixes a start tag's xmlns:p attributes bind.
func declared(attrs []xml.Attr) map[string]bool {
	m := map[string]bool{}
	for _, a := range attrs {
		if a.Name.Space == "xmlns" {
			m[a.Name.Local] = true
		}
	}
	return m
}

// undeclared returns the first prefix of the tag's name or attributes that
// no scope binds ("" when every one is bound).
func undeclared(t xml.StartElement, scopes []map[string]bool) string {
	names := []xml.Name{t.Name}
	for _, a := range t.Attr {
		names = append(names, a.Name)
	}
	for _, n := range names {
		if p := n.Space; p != "" && p != "xml" && p != "xmlns" && !inScope(p, scopes) {
			return p
		}
	}
	return ""
}

func inScope(prefix string, scopes []map[string]bool) bool {
	for _, s := range scopes {
		if s[prefix] {
			return true
		}
	}
	return false
}

// fromKnakk converts a knakk triple into our terms at once (knakk's own
// equality ignores datatypes). Lexical forms are taken as written, never
// through knakk's typed values.
func fromKnakk(t knakk.Triple, base string) (Quad, error) {
	var q Quad
	var err error
	if q.S, err = fromKnakkTerm(t.Subj, base); err != nil {
		return q, err
	}
	if q.P, err = fromKnakkTerm(t.Pred, base); err != nil {
		return q, err
	}
	q.O, err = fromKnakkTerm(t.Obj, base)
	return q, err
}

func fromKnakkTerm(t knakk.Term, base string) (Term, error) {
	switch v := t.(type) {
	case knakk.IRI:
		return absIRI(v.String(), base)
	case knakk.Blank:
		return Blank(v.String()), nil
	case knakk.Literal:
		if v.Lang() != "" {
			return LangLiteral(v.String(), v.Lang()), nil
		}
		dt, err := absIRI(v.DataType.String(), base)
		if err != nil {
			return None, err
		}
		return Literal(v.String(), dt.Value), nil
	}
	return None, fmt.Errorf("unexpected term %v", t)
}

// absIRI resolves an IRI knakk left relative (RDF/XML without xml:base).
func absIRI(s, base string) (Term, error) {
	if IsAbsoluteIRI(s) {
		return IRI(s), nil
	}
	r, err := Resolve(base, s)
	if err != nil {
		return None, err
	}
	return IRI(r), nil
}
