package reference

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// SCRATCH: Q=query.rq D=data.ttl[,more] G=named.ttl go test -run Scratch
func TestScratch(t *testing.T) {
	qf := os.Getenv("Q")
	if qf == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(qf)
	q, err := algebra.Parse(string(src), "file://"+qf)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(q.String())
	ds := rdf.NewDataset()
	for _, d := range strings.Split(os.Getenv("D"), ",") {
		if d == "" {
			continue
		}
		f, _ := os.Open(d)
		qs, err := rdf.Parse(f, rdf.FormatFromName(d), "file://"+d, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range qs {
			ds.Add(x)
		}
	}
	for _, d := range strings.Split(os.Getenv("G"), ",") {
		if d == "" {
			continue
		}
		f, _ := os.Open(d)
		qs, err := rdf.Parse(f, rdf.FormatFromName(d), "file://"+d, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range qs {
			x.G = rdf.IRI("file://" + d)
			ds.Add(x)
		}
	}
	res, err := Eval(context.Background(), q, ds, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Print(render(res))
	fmt.Printf("ties %v open %v\n", res.Ties, res.Open)
}
