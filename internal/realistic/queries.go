package realistic

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Query is one realistic query: its name says where it comes from
// ("lubm/q4", "bsbm/explore7", "log/snowflake", with "+add-filter" and
// the like when mutated), its text is complete SPARQL (prefixes included).
type Query struct {
	Name string
	Text string
}

// template instantiates one query from the sample, drawing its parameters
// with r; ok is false when the sample lacks a constant it needs.
type template struct {
	name string
	make func(r *rand.Rand, s *Sample) (string, bool)
}

// Queries instantiates every template that fits the sample's shape once,
// in a fixed order, with parameters drawn from seed: the benchmark's own
// queries first, then the query-log shapes (queries_log.go).
func Queries(s *Sample, seed int64) []Query {
	r := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b9))
	var out []Query
	for _, t := range templatesOf(s.Spec.Shape) {
		if text, ok := t.make(r, s); ok {
			out = append(out, Query{Name: t.name, Text: text})
		}
	}
	return out
}

// Pick draws one query for seed: a template of the shape, mutated one
// time in two (Mutate). The same sample and seed give the same query.
func Pick(s *Sample, seed int64) (Query, error) {
	r := rand.New(rand.NewPCG(uint64(seed), 0x7f4a7c15))
	ts := templatesOf(s.Spec.Shape)
	for tries := 0; tries < 4*len(ts); tries++ {
		t := ts[r.IntN(len(ts))]
		text, ok := t.make(r, s)
		if !ok {
			continue
		}
		q := Query{Name: t.name, Text: text}
		if r.IntN(2) == 0 {
			if m, err := Mutate(q, r); err == nil {
				q = m
			}
		}
		return q, nil
	}
	return Query{}, fmt.Errorf("realistic: no template of shape %s fits the data (%d triples)", s.Spec.Shape, s.Triples)
}

func templatesOf(sh Shape) []template {
	switch sh {
	case LUBM:
		return append(append([]template(nil), lubmQueries...), logTemplates(lubmSchema)...)
	case BSBM:
		return append(append([]template(nil), bsbmQueries...), logTemplates(bsbmSchema)...)
	case KG12:
		return append(logTemplates(kgSchema), kg12Queries...)
	}
	return logTemplates(kgSchema)
}

// fill replaces each {{KEY}} of text by its value.
func fill(text string, kv ...string) string {
	var pairs []string
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{{"+kv[i]+"}}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// instance is a sampled instance of a class, in N-Triples form.
func instance(r *rand.Rand, s *Sample, class rdf.Term) (string, bool) {
	x, ok := s.Instance(r, class)
	return x.String(), ok
}

// classesWithPrefix are the sampled classes whose IRI starts with prefix, sorted.
func classesWithPrefix(s *Sample, prefix string) []rdf.Term {
	var out []rdf.Term
	for c := range s.ByClass {
		if c.IsIRI() && strings.HasPrefix(c.Value, prefix) {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Value < out[j].Value })
	return out
}

// Parse checks that a realistic query parses (every template's output
// must); it returns the syntax tree.
func Parse(q Query) (*syntax.Query, error) {
	t, err := syntax.Parse(q.Text, syntax.Options{})
	if err != nil {
		return nil, fmt.Errorf("realistic query %s: %w", q.Name, err)
	}
	return t, nil
}
