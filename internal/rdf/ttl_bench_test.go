package rdf

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseTurtle reads a document of n statements, each with a
// language-tagged string, a number, a blank node property list and a
// decimal: the time per statement must not grow with n (an error message
// built eagerly once made every ']' scan the document from its start).
//
//	go test -run XXX -bench ParseTurtle ./internal/rdf
func BenchmarkParseTurtle(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		doc := turtleDoc(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for i := 0; i < b.N; i++ {
				if _, err := parseTurtle(doc, "http://b/", "bench.ttl"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func turtleDoc(n int) []byte {
	var sb strings.Builder
	sb.WriteString("@prefix : <http://ex.org/> .\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, ":s%d :p%d \"v%d\"@en , %d , :o%d ; :q [ :r %d.5 ] .\n", i, i%50, i, i, i%1000, i)
	}
	return []byte(sb.String())
}
