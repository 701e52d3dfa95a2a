package rdf

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// Format is an RDF concrete syntax the loaders read.
type Format int

const (
	FormatUnknown Format = iota
	Turtle
	NTriples
	NQuads
	RDFXML
	TriG // trig.go
)

var formatNames = map[Format]string{Turtle: "turtle", NTriples: "ntriples", NQuads: "nquads", RDFXML: "rdfxml", TriG: "trig"}

func (f Format) String() string {
	if s, ok := formatNames[f]; ok {
		return s
	}
	return "unknown"
}

// ParseFormat reads a format name as printed by Format.String (also
// accepting the usual spellings "ttl", "nt", "nq", "xml", "n-triples"...).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "turtle", "ttl":
		return Turtle, nil
	case "ntriples", "n-triples", "nt":
		return NTriples, nil
	case "nquads", "n-quads", "nq":
		return NQuads, nil
	case "rdfxml", "rdf/xml", "rdf", "xml", "owl":
		return RDFXML, nil
	case "trig":
		return TriG, nil
	}
	return FormatUnknown, fmt.Errorf("unknown RDF format %q", s)
}

// FormatFromName guesses the format from a file name's extension.
func FormatFromName(filename string) Format {
	f, err := ParseFormat(strings.TrimPrefix(filepath.Ext(filename), "."))
	if err != nil {
		return FormatUnknown
	}
	return f
}

// docCounter numbers documents so that each Parse call gets its own
// blank-node scope (RDF 1.1 Concepts §3.4: labels are local to a document).
var docCounter atomic.Int64

// Parse reads one document. Relative IRIs are resolved against base
// (RFC 3986 §5.2, see Resolve); name is the file name used in errors.
// Every blank node is relabelled into a scope fresh for this call.
//
// Turtle and RDF/XML are decoded by knakk/rdf, whose lexer runs in a
// goroutine: a panic there cannot be recovered and kills the process. Use
// LoadIsolated for untrusted Turtle or RDF/XML. N-Triples and N-Quads use
// our own reader (see ParseNQuads) and are safe in-process.
func Parse(r io.Reader, format Format, base string, name string) ([]Quad, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var qs []Quad
	switch format {
	case NTriples:
		qs, err = parseLines(data, name, false, false)
	case NQuads:
		qs, err = parseLines(data, name, true, false)
	case Turtle:
		qs, err = parseTurtle(data, base, name)
	case RDFXML:
		qs, err = parseRDFXML(data, base, name)
	case TriG:
		qs, err = parseTriG(data, base, name)
	default:
		return nil, fmt.Errorf("%s: unknown RDF format", name)
	}
	if err != nil {
		return nil, err
	}
	return relabel(qs, docCounter.Add(1)), nil
}

// relabel renames every blank node to "b<doc>_<n>", numbering labels in order
// of first appearance, so blank nodes of different documents never meet.
func relabel(qs []Quad, doc int64) []Quad {
	names := map[string]string{}
	one := func(t Term) Term {
		l, ok := names[t.Value]
		if !ok {
			l = fmt.Sprintf("b%d_%d", doc, len(names))
			names[t.Value] = l
		}
		return Blank(l)
	}
	ren := func(t Term) Term { return MapBlanks(t, one) }
	for i, q := range qs {
		qs[i] = Quad{ren(q.S), ren(q.P), ren(q.O), ren(q.G)}
	}
	return qs
}
