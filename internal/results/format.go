package results

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"path/filepath"
	"strings"
)

// Format names a results serialisation.
type Format string

const (
	JSON     Format = "json"     // application/sparql-results+json
	XML      Format = "xml"      // application/sparql-results+xml
	CSV      Format = "csv"      // text/csv
	TSV      Format = "tsv"      // text/tab-separated-values
	Turtle   Format = "turtle"   // text/turtle: rs: result set or a graph
	RDFXML   Format = "rdfxml"   // application/rdf+xml: rs: result set or a graph
	NTriples Format = "ntriples" // application/n-triples: graph answers
)

// formatNames maps every accepted name, extension and media type to a Format.
var formatNames = map[string]Format{
	"json": JSON, "srj": JSON, "application/sparql-results+json": JSON, "application/json": JSON,
	"xml": XML, "srx": XML, "application/sparql-results+xml": XML, "application/xml": XML, "text/xml": XML,
	"csv": CSV, "text/csv": CSV,
	"tsv": TSV, "text/tab-separated-values": TSV,
	"turtle": Turtle, "ttl": Turtle, "text/turtle": Turtle, "application/x-turtle": Turtle,
	"rdfxml": RDFXML, "rdf": RDFXML, "rdf/xml": RDFXML, "application/rdf+xml": RDFXML,
	"ntriples": NTriples, "nt": NTriples, "n-triples": NTriples, "application/n-triples": NTriples,
}

var mediaTypes = map[Format]string{
	JSON: "application/sparql-results+json", XML: "application/sparql-results+xml",
	CSV: "text/csv; charset=utf-8", TSV: "text/tab-separated-values; charset=utf-8",
	Turtle: "text/turtle", RDFXML: "application/rdf+xml", NTriples: "application/n-triples",
}

// ParseFormat accepts a format name ("json"), a file extension with or
// without the dot ("srx", ".tsv") or a media type with parameters
// ("application/sparql-results+json; charset=utf-8"), case-insensitively.
func ParseFormat(s string) (Format, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if mt, _, err := mime.ParseMediaType(key); err == nil {
		key = mt
	}
	key = strings.TrimPrefix(key, ".")
	if f, ok := formatNames[key]; ok {
		return f, nil
	}
	return "", fmt.Errorf("results: unknown format %q", s)
}

// FormatFromName picks the format from a file name's extension.
func FormatFromName(name string) (Format, error) {
	return ParseFormat(filepath.Ext(name))
}

// MediaType is the media type a writer's output is served as.
func (f Format) MediaType() string { return mediaTypes[f] }

// Read reads an answer in the named format (see ParseFormat). Turtle and
// RDF/XML go through ReadRDF with no base IRI, so a relative IRI in them is
// an error; call ReadRDF with a base for those.
func Read(r io.Reader, format string) (*Answer, error) {
	f, err := ParseFormat(format)
	if err != nil {
		return nil, err
	}
	switch f {
	case JSON:
		return ReadJSON(r)
	case XML:
		return ReadXML(r)
	case CSV:
		return ReadCSV(r)
	case TSV:
		return ReadTSV(r)
	}
	return ReadRDF(r, f, "")
}

// Write writes a in the named format. Bindings and Boolean answers go to
// JSON, XML, CSV and TSV; Graph answers only to N-Triples.
func Write(w io.Writer, a *Answer, format string) error {
	f, err := ParseFormat(format)
	if err != nil {
		return err
	}
	switch f {
	case JSON:
		return WriteJSON(w, a)
	case XML:
		return WriteXML(w, a)
	case CSV:
		return WriteCSV(w, a)
	case TSV:
		return WriteTSV(w, a)
	case NTriples:
		return WriteNTriples(w, a)
	}
	return fmt.Errorf("results: no writer for %s", f)
}

// checkTabular rejects answers a results document cannot represent: a nil
// or Graph answer, empty or repeated variable names, and rows binding
// variables that are not in Vars.
func checkTabular(a *Answer) error {
	switch {
	case a == nil:
		return errors.New("results: nil answer")
	case a.Kind == Boolean:
		return nil
	case a.Kind != Bindings:
		return fmt.Errorf("results: a %s answer has no tabular form", a.Kind)
	}
	seen := map[string]bool{}
	for _, v := range a.Vars {
		if v == "" || seen[v] {
			return fmt.Errorf("results: variable %q is empty or repeated", v)
		}
		seen[v] = true
	}
	for i, row := range a.Rows {
		for v, t := range row {
			if !seen[v] && !t.IsZero() {
				return fmt.Errorf("results: row %d binds ?%s, which is not in Vars", i, v)
			}
		}
	}
	return nil
}

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Bindings:
		return "bindings"
	case Boolean:
		return "boolean"
	case Graph:
		return "graph"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func errorf(format string, args ...any) error {
	return fmt.Errorf("results: "+format, args...)
}
