package rdf

import (
	"fmt"
	"testing"
)

func TestZZScratch(t *testing.T) {
	data := []byte("@prefix xsd: <http://ww.w3.org/2001/XMLSchema#> ..0\"^^xsd:decimal, \"x\"@en-Latn-US, 'y'@FR, \"\"\"a\"b\"\"\", true a")
	p, err := prepTurtle(data, "http://ex.org/", "f")
	fmt.Printf("prep: %q %v\n", p.out.String(), err)
	qs, err := parseTurtle(data, "http://ex.org/", "f")
	fmt.Println(qs, err)
}
