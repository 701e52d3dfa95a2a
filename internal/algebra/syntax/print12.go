package syntax

import "strings"

// Printing the SPARQL 1.2 forms (draft 2026-07-30 #rVersionDecl,
// #rTripleTerm, #rReifiedTriple, #rAnnotation).

// versionDecl prints `VERSION "label"` with the quote written, a
// STRING_LITERAL1 or 2 (#rVersionSpecifier; labels hold no quote).
func (p *printer) versionDecl(d *Decl) {
	q := "\""
	if d.Quote == '\'' && !strings.Contains(d.Version, "'") {
		q = "'"
	}
	p.w("VERSION ", q, d.Version, q)
}

func (p *printer) tripleTerm(t *TripleTerm) {
	p.w("<<( ")
	p.node(t.S)
	p.w(" ")
	p.ttVerb(t.P)
	p.w(" ")
	p.node(t.O)
	p.w(" )>>")
}

func (p *printer) reifiedTriple(r *ReifiedTriple) {
	p.w("<< ")
	p.node(r.S)
	p.w(" ")
	p.ttVerb(r.P)
	p.w(" ")
	p.node(r.O)
	if r.Tilde {
		p.reifier(r.Reifier)
	}
	p.w(" >>")
}

// ttVerb prints the predicate of a triple term or reified triple, which
// is #rVerb (VarOrIri | 'a'), never a path.
func (p *printer) ttVerb(v Verb) {
	switch v := v.(type) {
	case *Var:
		p.variable(v)
	case *IRI:
		p.w(pathIRI(v))
	default:
		p.w("<>")
	}
}

func (p *printer) reifier(id GraphNode) {
	p.w(" ~")
	if id != nil {
		p.w(" ")
		p.node(id)
	}
}

func (p *printer) annotations(as []*Annotation) {
	for _, a := range as {
		if !a.Block {
			p.reifier(a.Reifier)
			continue
		}
		p.w(" {| ")
		p.props(a.Props)
		p.w(" |}")
	}
}
