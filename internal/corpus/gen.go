package corpus

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// GenCase is one generated case: a query and the dataset it runs over, kept
// at the RDF level so that every consumer (selfcheck, sweeps, the reducer)
// wraps it in its own case type.
type GenCase struct {
	generated
	Query string        // SPARQL text printed from Tree
	Tree  *syntax.Query // the syntax tree the text was printed from
	// Template names a realistic case's query ("lubm/q4+wrap-group").
	Template string
}

// generated is what a generated case of either kind (GenCase, GenUpdate)
// holds beside its text: the seed and profile that name it, and its data.
type generated struct {
	Seed    int64
	Profile string
	Data    []rdf.Quad // default-graph quads have G == rdf.DefaultGraph; nil for a realistic case
	// ds is a realistic case's data, built once (gen_realistic.go):
	// Dataset returns it.
	ds *rdf.Dataset
}

// Name identifies the case in reports: "gen/<profile>/<seed>", for both
// kinds.
func (c *generated) Name() string { return fmt.Sprintf("gen/%s/%d", c.Profile, c.Seed) }

// Dataset builds the case's dataset.
func (c *generated) Dataset() *rdf.Dataset {
	if c.ds != nil {
		return c.ds // a realistic case's one copy: do not change it
	}
	ds := rdf.NewDataset()
	for _, q := range c.Data {
		ds.Add(q)
	}
	return ds
}

// NQuads returns the data as canonical N-Quads.
func (c *generated) NQuads() string {
	var b bytes.Buffer
	if c.ds != nil {
		rdf.WriteNQuads(&b, c.ds.Quads())
		return b.String()
	}
	rdf.WriteNQuads(&b, c.Data) // a bytes.Buffer never fails
	return b.String()
}

// Generate builds the case for seed under profile p (DefaultProfile when
// nil). It is a pure function of (seed, p): the same inputs give the same
// bytes, on every platform (math/rand/v2's PCG is specified exactly).
func Generate(seed int64, p *Profile) *GenCase {
	if p == nil {
		p = DefaultProfile()
	}
	if p.Realistic != nil {
		return generateRealistic(seed, p)
	}
	g := newGen(seed, p)
	data := g.dataset()
	tree := g.query()
	if t12 := g.sparql12(&data); t12 != nil { // gen_sparql12.go: off unless p.tt_* weights
		tree = t12
	}
	return &GenCase{generated: generated{Seed: seed, Profile: p.Name, Data: data}, Query: tree.String(), Tree: tree}
}

// ns is the namespace of the generated vocabulary.
const ns = "http://example.org/"

// gen holds the state of one generation: the random source, the profile,
// the terms chosen for this case and counters for fresh names.
type gen struct {
	r       *rand.Rand
	p       *Profile
	terms   []rdf.Term          // pool terms this case draws objects and constants from
	fresh   int                 // fresh variable counter (BIND, AS)
	data    []rdf.Quad          // the case's data: patterns are drawn from it so they match
	witness map[string]rdf.Term // see bgp
	objects []rdf.Term          // the data's objects other than blank nodes, in first-use order
	depth   int                 // current group nesting
	groups  map[string][]string // feature names by group, sorted
}

func newGen(seed int64, p *Profile) *gen {
	return &gen{r: rand.New(rand.NewPCG(uint64(seed), 0x5eed5eed)), p: p, groups: featureGroups}
}

// featureGroups are the feature names by group ("expr" → "arith", ...),
// sorted, so that weighted picks are deterministic.
var featureGroups = func() map[string][]string {
	m := map[string][]string{}
	for _, k := range FeatureNames() {
		i := strings.IndexByte(k, '.')
		m[k[:i]] = append(m[k[:i]], k[i+1:])
	}
	return m
}()

// pick chooses a feature of group ("expr", "pattern", ...) by weight among
// those allowed (nil allows all); "" when nothing has weight.
func (g *gen) pick(group string, allowed func(string) bool) string {
	names := g.groups[group]
	total := 0
	for _, n := range names {
		if allowed == nil || allowed(n) {
			total += g.p.Weights[group+"."+n]
		}
	}
	if total == 0 {
		return ""
	}
	k := g.r.IntN(total)
	for _, n := range names {
		if allowed != nil && !allowed(n) {
			continue
		}
		if k -= g.p.Weights[group+"."+n]; k < 0 {
			return n
		}
	}
	return ""
}

// chance reports true with the percentage weight "p.<name>".
func (g *gen) chance(name string) bool { return g.r.IntN(100) < g.p.Weights["p."+name] }

// between returns an int in [lo, hi].
func (g *gen) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + g.r.IntN(hi-lo+1)
}

// freshVar returns a variable used nowhere else in the query.
func (g *gen) freshVar() *syntax.Var {
	g.fresh++
	return &syntax.Var{Name: fmt.Sprintf("x%d", g.fresh)}
}

// varNames are the variables basic graph patterns use, few so that joins match.
var varNames = []string{"a", "b", "c", "d", "e"}

// oneOf returns a random element of xs.
func oneOf[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

// union returns the sorted union of variable lists.
func union(lists ...[]string) []string {
	m := map[string]bool{}
	for _, l := range lists {
		for _, v := range l {
			m[v] = true
		}
	}
	return slices.Sorted(maps.Keys(m))
}
