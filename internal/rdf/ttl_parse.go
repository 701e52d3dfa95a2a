package rdf

import (
	"strings"
	"unicode/utf8"
)

// The grammar of RDF 1.2 Turtle (§6.5, rules [1]-[33]) and TriG (§5.4),
// one function per rule or small group of rules. Turtle 1.1 is a subset,
// so this one reader reads every Turtle and TriG document (doc.go says why).

const rdfReifies = RDFNS + "reifies"

// parseTurtle reads a Turtle document.
func parseTurtle(data []byte, base, name string) ([]Quad, error) {
	return parseTTL(data, base, name, false)
}

// parseTriG reads a TriG document.
func parseTriG(data []byte, base, name string) ([]Quad, error) {
	return parseTTL(data, base, name, true)
}

func parseTTL(data []byte, base, name string, trig bool) ([]Quad, error) {
	if !utf8.Valid(data) {
		return nil, &SyntaxError{File: name, Msg: "document is not UTF-8"}
	}
	p := &ttlParser{src: string(data), name: name, base: base, prefixes: map[string]string{}, trig: trig}
	for {
		p.ws()
		if p.eof() {
			return p.out, nil
		}
		if err := p.statement(); err != nil {
			return nil, err
		}
	}
}

func (p *ttlParser) emit(s, pr, o Term) {
	p.out = append(p.out, Quad{S: s, P: pr, O: o, G: p.graph})
}

// statement is Turtle [2] (directive | triples '.') or TriG [2] (directive | block).
func (p *ttlParser) statement() error {
	if ok, err := p.directive(); ok || err != nil {
		return err
	}
	if p.trig {
		return p.block()
	}
	if err := p.triples(); err != nil {
		return err
	}
	return p.expect(".", "expected '.' to end the triples")
}

// directive reads @prefix, @base, @version (ending in '.') or PREFIX,
// BASE, VERSION (SPARQL style, case-insensitive, no '.'); ok is false when
// none starts here.
func (p *ttlParser) directive() (ok bool, err error) {
	start := p.pos
	at := p.peek() == '@'
	var kw string
	var colon bool
	if at {
		// '@prefix' etc. are tokens of their own: "@prefix:<...>" is
		// @prefix and the empty prefix (trig-syntax-minimal-whitespace-01).
		p.pos++
		for p.pos < len(p.src) && isAlpha(p.src[p.pos]) {
			p.pos++
		}
		kw = p.src[start+1 : p.pos]
	} else {
		kw, colon = p.word()
	}
	kind := strings.ToUpper(kw)
	if colon || at && kw != strings.ToLower(kw) || kind != "PREFIX" && kind != "BASE" && kind != "VERSION" {
		if at {
			return true, p.errAt(start, "unknown directive @%s", kw)
		}
		p.pos = start
		return false, nil
	}
	switch kind {
	case "PREFIX":
		err = p.prefixDecl()
	case "BASE":
		err = p.baseDecl()
	default:
		err = p.versionDecl()
	}
	if err == nil && at {
		err = p.expect(".", "expected '.' after the @"+kw+" directive")
	}
	return true, err
}

// prefixDecl: PNAME_NS IRIREF (Turtle [4], [6s]); a prefix may be redefined.
func (p *ttlParser) prefixDecl() error {
	p.ws()
	label, colon := p.word()
	if !colon {
		return p.unexpected("expected a prefix name ending in ':'")
	}
	iri, err := p.directiveIRI()
	if err != nil {
		return err
	}
	p.prefixes[label] = iri
	return nil
}

// baseDecl: IRIREF, resolved against the base in force (Turtle [5], [5s]).
func (p *ttlParser) baseDecl() error {
	iri, err := p.directiveIRI()
	if err == nil {
		p.base = iri
	}
	return err
}

func (p *ttlParser) directiveIRI() (string, error) {
	p.ws()
	if p.peek() != '<' {
		return "", p.unexpected("expected an IRI")
	}
	return p.iriRef()
}

// versionDecl: VersionSpecifier, a short single- or double-quoted string
// (RDF 1.2 Turtle [7b]; turtle12-version-bad-*: no number, no long string).
// The reader accepts all of 1.2 whatever version a document announces.
func (p *ttlParser) versionDecl() error {
	p.ws()
	q := p.peek()
	if q != '"' && q != '\'' || p.peekAt(1) == q && p.peekAt(2) == q {
		return p.unexpected("expected a quoted version string")
	}
	_, err := p.stringLit()
	return err
}

// triples is Turtle [8]: subject predicateObjectList, or a
// blankNodePropertyList or reifiedTriple with an optional one.
func (p *ttlParser) triples() error {
	var s Term
	var err error
	optional := true
	switch {
	case p.peek() == '[' && !p.anonAhead():
		s, err = p.blankNodePropertyList()
	case p.at("<<") && !p.at("<<("):
		s, err = p.reifiedTriple()
	default:
		s, err = p.subject()
		optional = false
	}
	if err != nil {
		return err
	}
	p.ws()
	if optional && !p.verbAhead() {
		return nil
	}
	return p.predicateObjectList(s)
}

// subject is Turtle [12]: iri | BlankNode | collection.
func (p *ttlParser) subject() (Term, error) {
	if p.peek() == '(' {
		return p.collection()
	}
	if t, ok, err := p.iriOrBlank(); ok || err != nil {
		return t, err
	}
	return None, p.unexpected("expected a subject (IRI, blank node or collection)")
}

// iriOrBlank reads iri | BlankNode (ANON included); ok is false when
// neither starts here.
func (p *ttlParser) iriOrBlank() (t Term, ok bool, err error) {
	switch {
	case p.at("<<"):
		return None, false, nil
	case p.peek() == '<':
		t, err = p.iri()
	case p.at("_:"):
		t, err = p.blankLabel()
	case p.peek() == '[' && p.anonAhead():
		p.pos++
		p.ws()
		p.pos++
		t = p.freshBlank()
	case p.nameAhead() && p.pnameAhead():
		t, err = p.prefixedName()
	default:
		return None, false, nil
	}
	return t, true, err
}

// anonAhead: '[' WS* ']' (ANON) at p.pos.
func (p *ttlParser) anonAhead() bool {
	i := p.pos + 1
	for i < len(p.src) && strings.IndexByte(" \t\r\n", p.src[i]) >= 0 {
		i++
	}
	return i < len(p.src) && p.src[i] == ']'
}

// nameAhead: a prefixed name (or a keyword) may start here.
func (p *ttlParser) nameAhead() bool {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r == ':' || IsPNCharsBase(r)
}

// pnameAhead: the name here is a prefixed name (it has its ':'), not a
// keyword such as true or false.
func (p *ttlParser) pnameAhead() bool {
	start := p.pos
	_, colon := p.word()
	p.pos = start
	return colon
}

// verbAhead: a verb (iri or 'a') starts here.
func (p *ttlParser) verbAhead() bool {
	return p.peek() == '<' && !p.at("<<") || p.nameAhead()
}

// iri is Turtle [135s]: IRIREF | PrefixedName.
func (p *ttlParser) iri() (Term, error) {
	if p.peek() == '<' && !p.at("<<") {
		s, err := p.iriRef()
		return IRI(s), err
	}
	if p.nameAhead() {
		return p.prefixedName()
	}
	return None, p.unexpected("expected an IRI")
}

// prefixedName reads PNAME_LN or PNAME_NS and expands it.
func (p *ttlParser) prefixedName() (Term, error) {
	start := p.pos
	label, colon := p.word()
	if !colon {
		p.pos = start
		return None, p.unexpected("expected a prefixed name")
	}
	ns, ok := p.prefixes[label]
	if !ok {
		return None, p.errAt(start, "undeclared prefix %q", label+":")
	}
	return IRI(ns + p.localName()), nil
}

// verb is Turtle [9]: predicate | 'a'.
func (p *ttlParser) verb() (Term, error) {
	start := p.pos
	if kw, colon := p.word(); kw == "a" && !colon {
		return IRI(RDFNS + "type"), nil
	}
	p.pos = start
	return p.iri()
}

// predicateObjectList is Turtle [7]: verb objectList (';' (verb objectList)?)*.
func (p *ttlParser) predicateObjectList(s Term) error {
	for {
		p.ws()
		v, err := p.verb()
		if err != nil {
			return err
		}
		if err := p.objectList(s, v); err != nil {
			return err
		}
		p.ws()
		if p.peek() != ';' {
			return nil
		}
		for p.peek() == ';' {
			p.pos++
			p.ws()
		}
		if !p.verbAhead() {
			return nil
		}
	}
}

// objectList is RDF 1.2 Turtle [10]: object annotation (',' object annotation)*.
func (p *ttlParser) objectList(s, v Term) error {
	for {
		p.ws()
		o, err := p.object()
		if err != nil {
			return err
		}
		p.emit(s, v, o)
		if err := p.annotation(s, v, o); err != nil {
			return err
		}
		p.ws()
		if p.peek() != ',' {
			return nil
		}
		p.pos++
	}
}

// object is RDF 1.2 Turtle [14]: iri | BlankNode | collection |
// blankNodePropertyList | literal | tripleTerm | reifiedTriple.
func (p *ttlParser) object() (Term, error) {
	switch c := p.peek(); {
	case p.at("<<("):
		return p.tripleTerm()
	case p.at("<<"):
		return p.reifiedTriple()
	case c == '(':
		return p.collection()
	case c == '[' && !p.anonAhead():
		return p.blankNodePropertyList()
	}
	if t, ok, err := p.iriOrBlank(); ok || err != nil {
		return t, err
	}
	return p.literal()
}

// literal is Turtle [13]: RDFLiteral | NumericLiteral | BooleanLiteral.
func (p *ttlParser) literal() (Term, error) {
	switch c := p.peek(); {
	case c == '"' || c == '\'':
		return p.rdfLiteral()
	case c == '+' || c == '-' || c == '.' || isDigit(c):
		n, dt := numberLen(p.src[p.pos:])
		if n == 0 {
			break
		}
		p.pos += n
		return Literal(p.src[p.pos-n:p.pos], dt), nil
	default:
		start := p.pos
		if kw, colon := p.word(); !colon && (kw == "true" || kw == "false") {
			return Literal(kw, XSDBoolean), nil
		}
		p.pos = start
	}
	return None, p.unexpected("expected an object (IRI, blank node, literal, collection or triple term)")
}

// rdfLiteral is RDF 1.2 Turtle [128s]: String (LANG_DIR | '^^' iri)?.
func (p *ttlParser) rdfLiteral() (Term, error) {
	lex, err := p.stringLit()
	if err != nil {
		return None, err
	}
	// LANG_DIR and '^^' are tokens of their own: white space may come
	// before them (RDF 1.2 N-Triples c14n extra_whitespace-03, -04).
	save := p.pos
	p.ws()
	switch {
	case p.peek() == '@':
		tag, dir, err := p.langDir()
		return langDirLiteral(lex, tag, dir), err
	case p.at("^^"):
		p.pos += 2
		p.ws()
		at := p.pos
		dt, err := p.iri()
		if err == nil && langDatatype(dt.Value) {
			err = p.errAt(at, "a literal typed <%s> needs a language tag, not a datatype", dt.Value)
		}
		return Literal(lex, dt.Value), err
	}
	p.pos = save
	return String(lex), nil
}
