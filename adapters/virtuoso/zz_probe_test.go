package virtuoso

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func TestProbe(t *testing.T) {
	st := time.Now()
	e := engine(t, sparqlhttp.LoadGraphStore)
	fmt.Println("start", time.Since(st))
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal("01", rdf.XSDInteger)})
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.LangLiteral("x", "EN-us")})
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.String("tab\there \u00e9 \U0001F600")})
	ds.Named(rdf.IRI("http://e/empty"), true)
	for _, q := range []string{"SELECT ?o { ?s ?p ?o }", "SELECT ?g { GRAPH ?g {} }", "SELECT * { ?s ?p ?o } LIMIT 1"} {
		st := time.Now()
		a, err := e.Eval(context.Background(), &oracle.Case{Query: q, Dataset: ds})
		fmt.Println(q, time.Since(st), err)
		if a != nil {
			for _, r := range a.Rows {
				fmt.Println("  ", r)
			}
		}
	}
	st = time.Now()
	for i := 0; i < 100; i++ {
		e.Eval(context.Background(), &oracle.Case{Query: "SELECT * { ?s ?p ?o }", Dataset: ds})
	}
	fmt.Println("100 cases", time.Since(st))
}
