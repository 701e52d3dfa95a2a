package syntax

import "strings"

// The SPARQL 1.2 productions (editor's draft of 2026-07-30, §19.8
// #sparqlGrammar): VERSION, triple terms in their three contexts, reified
// triples, reifiers and annotations. Which document a query follows is
// decided here too (use12, followed).

// hasCodepointEscape reports whether src holds text the two documents may
// read differently: a \u or \U.
func hasCodepointEscape(src string) bool {
	return strings.Contains(src, `\u`) || strings.Contains(src, `\U`)
}

// followed is the document the parsed text follows (Query.Spec).
func (p *parser) followed() Spec {
	switch {
	case p.spec == Spec11, p.version == "1.1":
		return Spec11
	case p.spec == Spec12, p.implied12:
		return Spec12
	}
	return Spec11
}

// versionDecl parses #rVersionDecl: 'VERSION' VersionSpecifier, where
// #rVersionSpecifier is STRING_LITERAL1 | STRING_LITERAL2 (no long
// strings). The draft (#versionLabels) defines "1.2", "1.2-basic" and
// "1.1"; "Processors may treat unrecognized labels as an error or as a
// warning": this parser makes it an error, having no document to follow.
func (p *parser) versionDecl(q *Query) {
	t := p.next()
	if p.spec == Spec11 {
		p.failAt(t, "VERSION is SPARQL 1.2 syntax (#rVersionDecl)")
		return
	}
	s := p.peek()
	if s.kind != tString || s.long {
		p.expected("version label in single or double quotes")
		return
	}
	p.next()
	switch s.val {
	case "1.2", "1.2-basic":
		p.implied12 = true
	case "1.1":
	default:
		p.failAt(s, "unknown version label %q: known are \"1.2\", \"1.2-basic\" and \"1.1\" (#versionLabels)", s.val)
		return
	}
	p.version = s.val
	q.Prologue = append(q.Prologue, &Decl{Pos: p.pos(t), Kind: DeclVersion, Version: s.val, Quote: s.text[0]})
}

// use12 records a SPARQL 1.2 form at t. tt marks the forms VERSION
// "1.2-basic" leaves out: "without triple terms and without triple
// patterns that have a triple pattern in their subject or object position"
// (#versionLabels); reified triples and annotations stand for triples with
// triple terms, so they count too.
func (p *parser) use12(t token, what string, tt bool) {
	p.implied12 = true
	switch {
	case p.spec == Spec11:
		p.failAt(t, "%s is SPARQL 1.2 syntax, not SPARQL 1.1", what)
	case p.version == "1.1":
		p.failAt(t, "%s is SPARQL 1.2 syntax, but the query declares VERSION \"1.1\"", what)
	case tt && p.version == "1.2-basic":
		p.failAt(t, "%s is not in VERSION \"1.2-basic\" (no triple terms, #versionLabels)", what)
	}
}

// ttContext says which triple term production applies: the three differ
// in what their subject and object may be.
type ttContext int

const (
	ttPattern ttContext = iota // #rTripleTerm in patterns and templates
	ttData                     // #rTripleTermData in VALUES
	ttExpr                     // #rExprTripleTerm in expressions
)

// tripleTerm parses '<<(' subject Verb object ')>>' by the production of ctx.
func (p *parser) tripleTerm(ctx ttContext) *TripleTerm {
	t := p.next()
	p.use12(t, "triple term <<( ... )>>", true)
	if !p.enter() {
		return nil
	}
	defer p.leave()
	tt := &TripleTerm{Pos: p.pos(t)}
	tt.S = p.ttPart(ctx, true)
	tt.P = p.ttVerb(ctx)
	tt.O = p.ttPart(ctx, false)
	p.expectPunct(")>>")
	return tt
}

// ttVerb parses the predicate: #rVerb (VarOrIri | 'a'), or ( iri | 'a' )
// in #rTripleTermData.
func (p *parser) ttVerb(ctx ttContext) Verb {
	t := p.peek()
	if t.kind == tVar && ctx == ttData {
		p.expected("IRI or 'a' (a triple term in VALUES holds no variable, #rTripleTermData)")
		return nil
	}
	if t.kind != tVar && !p.startsIri() && !(t.kind == tWord && t.text == "a") {
		p.expected("variable, IRI or 'a'")
		return nil
	}
	return p.verb(false)
}

// ttPart parses a subject (subj) or object of a triple term:
//
//	#rTripleTermSubject/Object      Var | iri | literal | BlankNode | TripleTerm
//	#rTripleTermDataSubject         iri
//	#rTripleTermDataObject          iri | literal | TripleTermData
//	#rExprTripleTermSubject         iri | Var
//	#rExprTripleTermObject          iri | literal | Var | ExprTripleTerm
func (p *parser) ttPart(ctx ttContext, subj bool) GraphNode {
	t := p.peek()
	lit := t.kind == tString || isNumber(t.kind) || p.isKw("TRUE") || p.isKw("FALSE")
	switch {
	case p.startsIri():
		return p.iri()
	case t.kind == tVar && ctx != ttData:
		return p.variable()
	case (t.kind == tBlank || t.kind == tAnon) && ctx == ttPattern:
		return p.varOrTerm()
	case lit && !(subj && ctx != ttPattern):
		return p.literal()
	case p.isPunct("<<(") && !(subj && ctx != ttPattern):
		return p.tripleTerm(ctx)
	}
	p.expected(ttWant(ctx, subj))
	return nil
}

func ttWant(ctx ttContext, subj bool) string {
	switch {
	case ctx == ttData && subj:
		return "IRI (the subject of a triple term in VALUES, #rTripleTermDataSubject)"
	case ctx == ttData:
		return "IRI, literal or triple term (#rTripleTermDataObject)"
	case ctx == ttExpr && subj:
		return "IRI or variable (the subject of a triple term expression, #rExprTripleTermSubject)"
	case ctx == ttExpr:
		return "IRI, literal, variable or triple term (#rExprTripleTermObject)"
	}
	return "variable, IRI, literal, blank node or triple term"
}

// reifiedTriple parses #rReifiedTriple: '<<' subject Verb object Reifier? '>>'.
func (p *parser) reifiedTriple() *ReifiedTriple {
	t := p.next()
	p.use12(t, "reified triple << ... >>", true)
	if !p.enter() {
		return nil
	}
	defer p.leave()
	r := &ReifiedTriple{Pos: p.pos(t)}
	r.S = p.reifiedPart()
	r.P = p.ttVerb(ttPattern)
	r.O = p.reifiedPart()
	if p.isPunct("~") {
		r.Tilde = true
		r.Reifier = p.reifier()
	}
	p.expectPunct(">>")
	return r
}

// reifiedPart parses #rReifiedTripleSubject / #rReifiedTripleObject: Var |
// iri | literal | BlankNode | ReifiedTriple | TripleTerm (no collections,
// no blank node property lists).
func (p *parser) reifiedPart() GraphNode {
	switch {
	case p.isPunct("<<"):
		return p.reifiedTriple()
	case p.isPunct("<<("):
		return p.tripleTerm(ttPattern)
	case p.isPunct("(") || p.isPunct("[") || p.peek().kind == tNil:
		p.expected("variable, IRI, literal, blank node, reified triple or triple term")
		return nil
	}
	return p.varOrTerm()
}

// reifier parses #rReifier: '~' VarOrReifierId?, where #rVarOrReifierId is
// Var | iri | BlankNode. It returns the identifier, nil when none is written.
func (p *parser) reifier() GraphNode {
	p.next()
	t := p.peek()
	switch {
	case t.kind == tVar, p.startsIri(), t.kind == tBlank, t.kind == tAnon:
		return p.varOrTerm()
	}
	return nil
}

// annotations parses #rAnnotationPath / #rAnnotation: ( Reifier |
// AnnotationBlock )* after an object. simple is false when the predicate is
// a path other than an IRI, 'a' or a variable: "A reifier or annotation
// syntax is only permitted after a triple when the property position is a
// simple path" (#sparqlGrammar notes).
func (p *parser) annotations(path, simple bool) []*Annotation {
	var out []*Annotation
	for p.err == nil && (p.isPunct("~") || p.isPunct("{|")) {
		t := p.peek()
		p.use12(t, "annotation "+t.val, true)
		if !simple {
			p.failAt(t, "a reifier or annotation may follow only a triple whose predicate is an IRI, 'a' or a variable, not a property path")
			return out
		}
		a := &Annotation{Pos: p.pos(t)}
		if t.val == "~" {
			a.Reifier = p.reifier()
		} else {
			a.Block = true
			a.Props = p.annotationBlock(path)
		}
		out = append(out, a)
	}
	return out
}

// annotationBlock parses '{|' PropertyList(Path)NotEmpty '|}' (#rAnnotationBlockPath).
func (p *parser) annotationBlock(path bool) []*PropertyObjects {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	p.next()
	props := p.propertyList(path)
	p.expectPunct("|}")
	return props
}

// isSimpleVerb: an IRI (or 'a') or a variable, the predicates a reifier or
// annotation may follow.
func isSimpleVerb(v Verb) bool {
	switch v.(type) {
	case *IRI, *Var:
		return true
	}
	return false
}
