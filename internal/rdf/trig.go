package rdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// TriG (RDF 1.1 TriG) is read through the Turtle loader: splitTriG finds
// the document's graph blocks at top level (outside IRIs, strings and
// comments), and each graph's triples are parsed as a Turtle document that
// is the original text with everything but the directives before the block
// and the block's body blanked out (line breaks kept, so positions in
// errors stay the source's). The default graph's document keeps the
// top-level triples and the bodies of unnamed blocks. A graph's name is
// parsed with it, as the subject of one marker triple appended at the end.
// Explicit blank-node labels are shared by the whole document (Turtle's
// prep writes _:L as xL); the other blank nodes are renamed per block.

// graphMarker is the predicate of the triple that carries a block's name.
const graphMarker = "urn:x-oracle:trig-graph"

// trigBlock is one graph block: head is the span of `GRAPH? name` (empty
// for an unnamed block), open and close the offsets of its braces.
type trigBlock struct {
	headStart, headEnd int
	open, close        int
	named              bool
	needsDot           bool // the body's last statement lacks its '.'
}

// trigSplit is a scanned document.
type trigSplit struct {
	src        []byte
	blocks     []trigBlock
	directives [][2]int // spans of @prefix/@base/PREFIX/BASE directives
}

var trigHead = regexp.MustCompile(`(?is)^(graph\s+)?(<[^>]*>|\[\s*\]|[^\s{}<>]+)$`)

func parseTriG(data []byte, base, name string) ([]Quad, error) {
	sp, err := splitTriG(data, name)
	if err != nil {
		return nil, err
	}
	out, err := parseTurtle(sp.defaultDoc(), base, name)
	if err != nil {
		return nil, err
	}
	out = scopeAnon(out, "d")
	for i, b := range sp.blocks {
		if !b.named {
			continue
		}
		qs, err := parseTurtle(sp.namedDoc(b), base, name)
		if err != nil {
			return nil, err
		}
		named, err := nameGraph(scopeAnon(qs, fmt.Sprintf("g%d", i)), name)
		if err != nil {
			return nil, err
		}
		out = append(out, named...)
	}
	return out, nil
}

// nameGraph moves the block's triples into the graph its marker names.
func nameGraph(qs []Quad, name string) ([]Quad, error) {
	var g Term
	var out []Quad
	for _, q := range qs {
		if q.P.Value == graphMarker {
			g = q.S
			continue
		}
		out = append(out, q)
	}
	if g.IsZero() || g.IsLiteral() {
		return nil, &SyntaxError{File: name, Line: 1, Col: 1, Msg: "TriG: a graph name must be an IRI or a blank node"}
	}
	for i := range out {
		out[i].G = g
	}
	return out, nil
}

// scopeAnon renames the blank nodes knakk made for [] and collections
// (labels not written by the user: those start with 'x') into scope s.
func scopeAnon(qs []Quad, s string) []Quad {
	ren := func(t Term) Term {
		if t.Kind == KindBlank && !strings.HasPrefix(t.Value, "x") {
			return Blank(s + "_" + t.Value)
		}
		return t
	}
	for i, q := range qs {
		qs[i] = Quad{ren(q.S), q.P, ren(q.O), ren(q.G)}
	}
	return qs
}

// defaultDoc keeps everything but the blocks' heads and braces and the
// named blocks' bodies.
func (sp *trigSplit) defaultDoc() []byte {
	doc := append([]byte(nil), sp.src...)
	for _, b := range sp.blocks {
		blank(doc, b.headStart, b.headEnd)
		blank(doc, b.open, b.open+1)
		blank(doc, b.close, b.close+1)
		if b.named {
			blank(doc, b.open, b.close+1)
		}
	}
	var dots []int
	for _, b := range sp.blocks {
		if !b.named && b.needsDot {
			dots = append(dots, b.close)
		}
	}
	return insertDots(doc, dots)
}

// insertDots ends the last statement of a block at each offset with " ."
// (after the blanked '}'; a '.' written onto a name would join it).
func insertDots(doc []byte, at []int) []byte {
	if len(at) == 0 {
		return doc
	}
	out := make([]byte, 0, len(doc)+2*len(at))
	prev := 0
	for _, i := range at {
		out = append(append(out, doc[prev:i+1]...), " ."...)
		prev = i + 1
	}
	return append(out, doc[prev:]...)
}

// namedDoc keeps the directives before the block and its body, then the
// marker triple naming the graph.
func (sp *trigSplit) namedDoc(b trigBlock) []byte {
	doc := bytes.Repeat([]byte{' '}, len(sp.src))
	keep := func(from, to int) { copy(doc[from:to], sp.src[from:to]) }
	for _, d := range sp.directives {
		if d[0] < b.open {
			keep(d[0], d[1])
		}
	}
	keep(b.open+1, b.close)
	for i, c := range sp.src {
		if c == '\n' || c == '\r' {
			doc[i] = c
		}
	}
	if b.needsDot {
		doc = insertDots(doc, []int{b.close})
	}
	head := strings.TrimSpace(stripComments(string(sp.src[b.headStart:b.headEnd])))
	m := trigHead.FindStringSubmatch(head)
	return append(doc, []byte("\n"+m[2]+" <"+graphMarker+"> <"+graphMarker+"> .\n")...)
}

// blank replaces bytes with spaces, keeping line breaks.
func blank(doc []byte, from, to int) {
	for i := from; i < to; i++ {
		if doc[i] != '\n' && doc[i] != '\r' {
			doc[i] = ' '
		}
	}
}
