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
	p.spo(t.S, t.P, t.O)
	p.w(" )>>")
}

func (p *printer) reifiedTriple(r *ReifiedTriple) {
	p.w("<< ")
	p.spo(r.S, r.P, r.O)
	if r.Tilde {
		p.reifier(r.Reifier)
	}
	p.w(" >>")
}

// spo prints the subject, predicate and object of a triple term or a
// reified triple.
func (p *printer) spo(s GraphNode, v Verb, o GraphNode) {
	p.node(s)
	p.w(" ")
	p.ttVerb(v)
	p.w(" ")
	p.node(o)
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
