package results

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// XMLNamespace is the namespace of SPARQL Query Results XML.
const XMLNamespace = "http://www.w3.org/2005/sparql-results#"

const xmlLangNS = "http://www.w3.org/XML/1998/namespace"

// ReadXML reads SPARQL Query Results XML (https://www.w3.org/TR/rdf-sparql-XMLres/).
//
// The text of <literal> is kept verbatim (no trimming; XML's own line-end
// normalisation applies, and &#xD; stays a CR). The text of <uri>, <bnode>
// and <boolean> is trimmed of XML white space, which none of them can
// contain. Elements in other namespaces are skipped; the pre-Recommendation
// <unbound/> binding is read as "unbound". A <binding> for a variable not
// declared in <head> is an error. Only UTF-8 documents are read.
func ReadXML(r io.Reader) (*Answer, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	p := &xmlParser{dec: xml.NewDecoder(bytes.NewReader(data))}
	return p.document()
}

type xmlParser struct {
	dec  *xml.Decoder
	ns   string // the root's namespace: XMLNamespace, or "" in lenient documents
	vars map[string]bool
}

func (p *xmlParser) fail(format string, args ...any) error {
	line, col := p.dec.InputPos()
	return &SyntaxError{Format: XML, Line: line, Col: col, Offset: p.dec.InputOffset(), Msg: sprintf(format, args...)}
}

// next returns the next start or end element, skipping comments, processing
// instructions, directives and white space; other text is an error.
func (p *xmlParser) next() (xml.Token, error) {
	for {
		t, err := p.dec.Token()
		if err != nil {
			return nil, p.wrap(err)
		}
		switch t := t.(type) {
		case xml.StartElement, xml.EndElement:
			return t, nil
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return nil, p.fail("unexpected text %q", clip(string(t)))
			}
		}
	}
}

func (p *xmlParser) wrap(err error) error {
	var se *xml.SyntaxError
	switch {
	case err == io.EOF:
		return p.fail("unexpected end of document")
	case errors.As(err, &se):
		e := &SyntaxError{Format: XML, Line: se.Line, Offset: p.dec.InputOffset(), Msg: se.Msg}
		if line, col := p.dec.InputPos(); line == se.Line {
			e.Col = col
		}
		return e
	}
	return p.fail("%v", err)
}

// children calls fn for each child element in the results namespace and
// skips the others, until the parent's end tag.
func (p *xmlParser) children(fn func(el xml.StartElement) error) error {
	for {
		t, err := p.next()
		if err != nil {
			return err
		}
		el, ok := t.(xml.StartElement)
		switch {
		case !ok:
			return nil
		case el.Name.Space != p.ns:
			if err := p.dec.Skip(); err != nil {
				return p.wrap(err)
			}
		default:
			if err := fn(el); err != nil {
				return err
			}
		}
	}
}

func (p *xmlParser) unexpected(el xml.StartElement) error {
	return p.fail("unexpected element <%s>", el.Name.Local)
}

func (p *xmlParser) document() (*Answer, error) {
	root, err := p.root()
	if err != nil {
		return nil, err
	}
	a := &Answer{}
	err = p.children(func(el xml.StartElement) error {
		return p.section(a, el)
	})
	if err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	if a.Kind == 0 {
		return nil, p.fail("<%s> has neither <results> nor <boolean>", root.Name.Local)
	}
	return a, nil
}

func (p *xmlParser) root() (xml.StartElement, error) {
	t, err := p.next()
	if err != nil {
		return xml.StartElement{}, err
	}
	el, ok := t.(xml.StartElement)
	if !ok || el.Name.Local != "sparql" || (el.Name.Space != XMLNamespace && el.Name.Space != "") {
		return el, p.fail("root element is not <sparql> in namespace %s", XMLNamespace)
	}
	p.ns = el.Name.Space
	return el, nil
}

// section reads one child of <sparql>: head, then results or boolean.
func (p *xmlParser) section(a *Answer, el xml.StartElement) error {
	switch {
	case el.Name.Local == "head" && p.vars == nil:
		return p.head(a)
	case el.Name.Local == "head":
		return p.fail("second <head>")
	case p.vars == nil && (el.Name.Local == "results" || el.Name.Local == "boolean"):
		return p.fail("<%s> before <head>", el.Name.Local)
	case a.Kind != 0 && (el.Name.Local == "results" || el.Name.Local == "boolean"):
		return p.fail("second <results> or <boolean>")
	case el.Name.Local == "results":
		return p.results(a)
	case el.Name.Local == "boolean":
		return p.boolean(a)
	}
	return p.unexpected(el)
}

// end checks that only comments and white space follow the root.
func (p *xmlParser) end() error {
	for {
		t, err := p.dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.wrap(err)
		}
		switch t := t.(type) {
		case xml.StartElement, xml.EndElement:
			return p.fail("content after </sparql>")
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return p.fail("text after </sparql>")
			}
		}
	}
}

func (p *xmlParser) head(a *Answer) error {
	p.vars = map[string]bool{}
	a.Vars = []string{}
	return p.children(func(el xml.StartElement) error {
		switch el.Name.Local {
		case "variable":
			return p.variable(a, el)
		case "link":
			return p.empty(el)
		}
		return p.unexpected(el)
	})
}

func (p *xmlParser) variable(a *Answer, el xml.StartElement) error {
	name, ok := attr(el, "", "name")
	switch {
	case !ok || name == "":
		return p.fail("<variable> without a name")
	case p.vars[name]:
		return p.fail("variable %q declared twice", name)
	}
	p.vars[name] = true
	a.Vars = append(a.Vars, name)
	return p.empty(el)
}

// empty reads the rest of an element that must have no content.
func (p *xmlParser) empty(el xml.StartElement) error {
	return p.children(func(xml.StartElement) error {
		return p.fail("<%s> must be empty", el.Name.Local)
	})
}

func attr(el xml.StartElement, space, local string) (string, bool) {
	for _, a := range el.Attr {
		if a.Name.Space == space && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

func (p *xmlParser) boolean(a *Answer) error {
	text, err := p.text("boolean")
	if err != nil {
		return err
	}
	switch strings.TrimSpace(text) {
	case "true", "1":
		a.Kind, a.Boolean = Boolean, true
	case "false", "0":
		a.Kind, a.Boolean = Boolean, false
	default:
		return p.fail("<boolean> must be true or false, not %q", clip(text))
	}
	a.Vars = nil
	return nil
}

func (p *xmlParser) results(a *Answer) error {
	a.Kind, a.Rows = Bindings, []Solution{}
	return p.children(func(el xml.StartElement) error {
		if el.Name.Local != "result" {
			return p.unexpected(el)
		}
		sol, err := p.result()
		a.Rows = append(a.Rows, sol)
		return err
	})
}

func (p *xmlParser) result() (Solution, error) {
	sol := Solution{}
	err := p.children(func(el xml.StartElement) error {
		if el.Name.Local != "binding" {
			return p.unexpected(el)
		}
		return p.binding(sol, el)
	})
	return sol, err
}

func (p *xmlParser) binding(sol Solution, el xml.StartElement) error {
	name, _ := attr(el, "", "name")
	switch _, dup := sol[name]; {
	case name == "":
		return p.fail("<binding> without a name")
	case !p.vars[name]:
		return p.fail("binding for %q, which is not declared in <head>", name)
	case dup:
		return p.fail("variable %q bound twice in one result", name)
	}
	n := 0
	err := p.children(func(el xml.StartElement) error {
		if n++; n > 1 {
			return p.fail("<binding> holds more than one term")
		}
		t, err := p.term(el)
		if err == nil && !t.IsZero() {
			sol[name] = t
		}
		return err
	})
	if err == nil && n == 0 {
		return p.fail("<binding name=%q> holds no term", name)
	}
	return err
}

// term reads <uri>, <bnode>, <literal> or the legacy <unbound/> (#defn_RDFTerm in
// the XML results spec's "Variable Binding Results").
func (p *xmlParser) term(el xml.StartElement) (rdf.Term, error) { return p.termDepth(el, 0) }

// termDepth is term inside depth triple terms; <triple> is RDF 1.2's
// triple term (triple.go).
func (p *xmlParser) termDepth(el xml.StartElement, depth int) (rdf.Term, error) {
	local := el.Name.Local
	if local == "unbound" {
		return rdf.None, p.empty(el)
	}
	if local == "triple" {
		return p.xmlTriple(depth + 1)
	}
	if local != "uri" && local != "bnode" && local != "literal" {
		return rdf.None, p.unexpected(el)
	}
	text, err := p.text(local)
	if err != nil {
		return rdf.None, err
	}
	f := map[string]string{"type": local, "value": text}
	if local != "literal" {
		f["value"] = strings.Trim(text, " \t\r\n")
	}
	f["xml:lang"], _ = attr(el, xmlLangNS, "lang")
	f["datatype"], _ = attr(el, "", "datatype")
	f["its:dir"], _ = attr(el, itsNS, "dir")
	t, msg := makeTerm(f)
	if msg != "" {
		return rdf.None, p.fail("%s", msg)
	}
	return t, nil
}

// text returns the character content of an element that may hold no child
// elements; comments and processing instructions inside are dropped.
func (p *xmlParser) text(name string) (string, error) {
	var b strings.Builder
	for {
		t, err := p.dec.Token()
		if err != nil {
			return "", p.wrap(err)
		}
		switch t := t.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			return "", p.fail("element <%s> inside <%s>", t.Name.Local, name)
		case xml.EndElement:
			return b.String(), nil
		}
	}
}

// WriteXML writes a Bindings or Boolean answer as SPARQL Query Results XML,
// one binding per line. CR is written as &#xD; so readers keep it; a term
// holding a character XML 1.0 cannot carry (most C0 controls) is an error.
func WriteXML(w io.Writer, a *Answer) error {
	if err := checkTabular(a); err != nil {
		return err
	}
	if err := checkXMLChars(a); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("<?xml version=\"1.0\"?>\n<sparql xmlns=\"" + XMLNamespace + "\">\n  <head>\n")
	for _, v := range a.Vars {
		bw.WriteString("    <variable name=\"" + xmlEscape(v, true) + "\"/>\n")
	}
	bw.WriteString("  </head>\n")
	if a.Kind == Boolean {
		bw.WriteString("  <boolean>" + strconv.FormatBool(a.Boolean) + "</boolean>\n")
	} else {
		writeXMLResults(bw, a)
	}
	bw.WriteString("</sparql>\n")
	return bw.Flush()
}

func writeXMLResults(bw *bufio.Writer, a *Answer) {
	bw.WriteString("  <results>\n")
	for _, row := range a.Rows {
		bw.WriteString("    <result>\n")
		for _, v := range a.Vars {
			if t, ok := row[v]; ok && !t.IsZero() {
				bw.WriteString("      <binding name=\"" + xmlEscape(v, true) + "\">" + xmlTerm(t) + "</binding>\n")
			}
		}
		bw.WriteString("    </result>\n")
	}
	bw.WriteString("  </results>\n")
}

func xmlTerm(t rdf.Term) string {
	v := xmlEscape(t.Value, false)
	switch {
	case t.IsTriple():
		return xmlTripleText(t)
	case t.Dir != "":
		// The its namespace is declared where it is used, so answers
		// without a base direction are written as before.
		return "<literal xml:lang=\"" + xmlEscape(t.Lang, true) + "\" xmlns:its=\"" + itsNS + "\" its:dir=\"" +
			xmlEscape(t.Dir, true) + "\">" + v + "</literal>"
	case t.IsIRI():
		return "<uri>" + v + "</uri>"
	case t.IsBlank():
		return "<bnode>" + v + "</bnode>"
	case t.Lang != "":
		return "<literal xml:lang=\"" + xmlEscape(t.Lang, true) + "\">" + v + "</literal>"
	case t.Datatype == rdf.XSDString || t.Datatype == "":
		return "<literal>" + v + "</literal>"
	}
	return "<literal datatype=\"" + xmlEscape(t.Datatype, true) + "\">" + v + "</literal>"
}

// xmlEscape escapes markup characters, CR (which XML parsers turn into LF),
// and in attributes TAB and LF (which attribute normalisation turns into
// spaces).
func xmlEscape(s string, attr bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '\r':
			b.WriteString("&#xD;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		case r == '\n' && attr:
			b.WriteString("&#xA;")
		case r == '\t' && attr:
			b.WriteString("&#x9;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func checkXMLChars(a *Answer) error {
	bad := func(s string) bool {
		for _, r := range s {
			if !xmlChar(r) {
				return true
			}
		}
		return false
	}
	for _, v := range a.Vars {
		if bad(v) {
			return errorf("variable name %q cannot be written in XML 1.0", v)
		}
	}
	for i, row := range a.Rows {
		for v, t := range row {
			ok := true
			leaves(t, func(x rdf.Term) { ok = ok && !bad(x.Value) && !bad(x.Datatype) && !bad(x.Lang) })
			if !ok {
				return errorf("row %d: ?%s = %s holds a character XML 1.0 cannot carry", i, v, t)
			}
		}
	}
	return nil
}

// xmlChar is XML 1.0's Char production.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		(r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}
