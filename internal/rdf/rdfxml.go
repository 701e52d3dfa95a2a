package rdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"

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
	dec := knakk.NewTripleDecoder(bytes.NewReader(data), knakk.RDFXML)
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
		qs = append(qs, q)
	}
}
