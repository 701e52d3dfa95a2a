package results

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// benchAnswer is 10,000 rows of an IRI, a language-tagged literal, an
// integer and a blank node.
func benchAnswer() *Answer {
	a := &Answer{Kind: Bindings, Vars: []string{"s", "label", "n", "b"}}
	for i := range 10000 {
		n := strconv.Itoa(i)
		a.Rows = append(a.Rows, Solution{
			"s": rdf.IRI("http://example.org/item/" + n), "label": rdf.LangLiteral("item "+n, "en"),
			"n": rdf.Literal(n, rdf.XSDInteger), "b": rdf.Blank("b" + n),
		})
	}
	return a
}

func benchRead(b *testing.B, f Format) {
	var buf bytes.Buffer
	if err := codecs[f].write(&buf, benchAnswer()); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := codecs[f].read(bytes.NewBuffer(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadJSON(b *testing.B) { benchRead(b, JSON) }
func BenchmarkReadXML(b *testing.B)  { benchRead(b, XML) }
func BenchmarkReadTSV(b *testing.B)  { benchRead(b, TSV) }

func BenchmarkWriteJSON(b *testing.B) {
	a := benchAnswer()
	for b.Loop() {
		if err := WriteJSON(&bytes.Buffer{}, a); err != nil {
			b.Fatal(err)
		}
	}
}
