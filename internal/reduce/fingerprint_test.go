package reduce

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func TestFingerprintIgnoresSpellingAndLabels(t *testing.T) {
	ds := func(label string) *rdf.Dataset {
		d := rdf.NewDataset()
		d.Add(rdf.Quad{S: rdf.Blank(label), P: rdf.IRI("http://e/p"), O: rdf.String("x")})
		d.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Blank(label)})
		return d
	}
	a := Fingerprint("SELECT * { ?s ?p ?o }", "", ds("b1"))
	b := Fingerprint("select *\nwhere {?s ?p ?o}  # comment", "", ds("zz"))
	if a != b {
		t.Errorf("same case spelled otherwise: %s != %s", a, b)
	}
	if c := Fingerprint("SELECT ?s { ?s ?p ?o }", "", ds("b1")); c == a {
		t.Errorf("another query has the same fingerprint %s", c)
	}
	if c := Fingerprint("SELECT * { ?s ?p ?o }", "", rdf.NewDataset()); c == a {
		t.Errorf("other data has the same fingerprint %s", c)
	}
}
