package engine_test

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

var (
	randomCases = flag.Int("random", 400, "number of generated cases in TestRandomEquivalence")
	randomSeed  = flag.Int64("seed", 1, "seed of TestRandomEquivalence")
	randomDepth = flag.Int("depth", 2, "nesting depth of generated patterns")
)

// TestRandomEquivalence generates small datasets and queries over a tiny
// vocabulary (so patterns meet, paths cycle and joins share variables) and
// holds the engine to the reference's answer on each.
func TestRandomEquivalence(t *testing.T) {
	ref := judge(t)
	eng := registry.Engine(engine.Options{Seed: 1})
	r := rand.New(rand.NewSource(*randomSeed))
	failed := 0
	for i := 0; i < *randomCases; i++ {
		g := &qgen{r: r}
		c := &oracle.Case{Name: fmt.Sprintf("gen%d", i), Query: g.query(), Base: "http://example.org/", Dataset: g.dataset()}
		t.Run(c.Name, func(t *testing.T) {
			if compareEngines(t, ref, eng, &oracle.Case{Name: "err_ok", Query: c.Query, Base: c.Base, Dataset: c.Dataset}, c.Name, 0) {
				failed++
			}
			if t.Failed() {
				t.Logf("query:\n%s\ndata:\n%s", c.Query, dump(c.Dataset))
			}
		})
	}
	t.Logf("%d cases, %d rejected or failed by both", *randomCases, failed)
	if failed > *randomCases/4 {
		t.Errorf("too many generated cases fail in both evaluators: the generator is broken")
	}
}

func dump(ds *rdf.Dataset) string {
	var b strings.Builder
	for _, q := range ds.Quads() {
		b.WriteString(q.String() + "\n")
	}
	return b.String()
}

// qgen writes a random dataset and query.
type qgen struct {
	r     *rand.Rand
	fresh int
}

const ex = "http://example.org/"

var (
	genIRIs  = []string{"a", "b", "c", "d", "e"}
	genPreds = []string{"p", "q", "r"}
	genVars  = []string{"?x", "?y", "?z", "?w"}
)

func (g *qgen) pick(xs []string) string { return xs[g.r.Intn(len(xs))] }

func (g *qgen) term() rdf.Term {
	switch g.r.Intn(8) {
	case 0:
		return rdf.Literal(fmt.Sprint(g.r.Intn(3)), rdf.XSDInteger)
	case 1:
		return rdf.String(g.pick([]string{"x", "y", "a"}))
	case 2:
		return rdf.Blank(g.pick([]string{"b1", "b2"}))
	}
	return rdf.IRI(ex + g.pick(genIRIs))
}

func (g *qgen) dataset() *rdf.Dataset {
	ds := rdf.NewDataset()
	add := func(n int, graph rdf.Term) {
		for i := 0; i < n; i++ {
			s := rdf.IRI(ex + g.pick(genIRIs))
			if g.r.Intn(6) == 0 {
				s = rdf.Blank(g.pick([]string{"b1", "b2"}))
			}
			ds.Add(rdf.Quad{S: s, P: rdf.IRI(ex + g.pick(genPreds)), O: g.term(), G: graph})
		}
	}
	add(6+g.r.Intn(10), rdf.None)
	add(g.r.Intn(6), rdf.IRI(ex+"g1"))
	add(g.r.Intn(6), rdf.IRI(ex+"g2"))
	return ds
}

func (g *qgen) node(varBias int) string {
	if g.r.Intn(10) < varBias {
		return g.pick(genVars)
	}
	switch g.r.Intn(5) {
	case 4:
		return "[]"
	case 0:
		return fmt.Sprint(g.r.Intn(3))
	case 1:
		return `"x"`
	}
	return ":" + g.pick(genIRIs)
}

func (g *qgen) triple() string {
	p := ":" + g.pick(genPreds)
	if g.r.Intn(8) == 0 {
		p = "?pv"
	}
	s := g.node(8)
	if strings.HasPrefix(s, `"`) || (s[0] >= '0' && s[0] <= '9') {
		s = "?x"
	}
	return s + " " + p + " " + g.node(7) + " ."
}

func (g *qgen) path() string {
	p := func() string { return ":" + g.pick(genPreds) }
	forms := []string{p() + "*", p() + "+", p() + "?", p() + "/" + p(), p() + "|" + p(), "^" + p(), "!" + p(),
		"(" + p() + "/" + p() + ")*", "!(^" + p() + ")", "!(" + p() + "|^" + p() + ")", "(" + p() + "|^" + p() + ")+", p() + "?/" + p() + "?"}
	return g.node(8) + " " + g.pick(forms) + " " + g.node(7) + " ."
}

func (g *qgen) expr() string {
	v := g.pick(genVars)
	w := g.pick(genVars)
	forms := []string{v + " = :" + g.pick(genIRIs), v + " > 1", "bound(" + v + ")", "!bound(" + v + ")", "isIRI(" + v + ")",
		v + " != " + w, "str(" + v + ") < \"m\"", `regex(str(` + v + `), "a")`, "isLiteral(" + v + ") || " + w + " = :a",
		"sameTerm(" + v + ", " + w + ")", "COALESCE(" + v + ", 1) = 1"}
	return g.pick(forms)
}

func (g *qgen) group(d int) string {
	var parts []string
	n := 1 + g.r.Intn(2)
	for i := 0; i < n; i++ {
		parts = append(parts, g.element(d))
	}
	return "{ " + strings.Join(parts, " ") + " }"
}

func (g *qgen) element(d int) string {
	if d <= 0 {
		if g.r.Intn(4) == 0 {
			return g.path()
		}
		return g.triple() + " " + g.triple()
	}
	switch g.r.Intn(14) {
	case 0:
		return g.group(d-1) + " OPTIONAL " + g.group(d-1)
	case 1:
		return g.group(d-1) + " UNION " + g.group(d-1)
	case 2:
		return g.group(d-1) + " MINUS " + g.group(d-1)
	case 3:
		return g.element(d-1) + " FILTER(" + g.expr() + ")"
	case 4:
		g.fresh++
		return g.element(d-1) + fmt.Sprintf(" BIND(%s AS ?b%d)", g.pick([]string{"str(?x)", "?y + 1", "?x", "1"}), g.fresh)
	case 5:
		return "VALUES " + g.pick(genVars) + " { :a :b UNDEF 1 } " + g.element(d-1)
	case 6:
		return "GRAPH " + g.pick([]string{"?g", ":g1", ":g3"}) + " " + g.group(d-1)
	case 7:
		return g.element(d-1) + " FILTER " + g.pick([]string{"", "NOT "}) + "EXISTS " + g.group(d-1)
	case 8:
		v := g.pick(genVars)
		return "{ SELECT " + v + " (COUNT(*) AS ?cnt) (MIN(?y) AS ?mn) " + g.group(d-1) + " GROUP BY " + v + " }"
	case 9:
		return "{ SELECT * " + g.group(d-1) + " ORDER BY ?x ?y ?z ?w ?pv ?g LIMIT 2 }"
	case 10:
		return g.group(d-1) + " " + g.group(d-1)
	case 11:
		return g.path()
	}
	return g.triple() + " " + g.element(d-1)
}

// queryForms are the forms a generated group pattern (%[1]s) is written
// in. query draws one of len(queryForms)+2, each as likely: the two draws
// past the table are a plain SELECT *. A form with %[2]d and %[3]d takes
// a drawn LIMIT (0-3) and OFFSET (0-1).
var queryForms = []string{
	"ASK %[1]s",
	"CONSTRUCT { ?x :p ?y . _:n :q ?z } WHERE %[1]s",
	"SELECT DISTINCT ?x ?y %[1]s ORDER BY ?y",
	"SELECT ?x (COUNT(?y) AS ?n) (SAMPLE(STR(?z)) AS ?s) %[1]s GROUP BY ?x",
	"SELECT * %[1]s ORDER BY DESC(?x) ?y LIMIT %[2]d OFFSET %[3]d",
	"DESCRIBE ?x ?y %[1]s",
	"SELECT ?y (SUM(?z) AS ?s) (COUNT(DISTINCT ?x) AS ?n) (GROUP_CONCAT(str(?x)) AS ?gc) %[1]s GROUP BY ?y HAVING (COUNT(*) > 1) ORDER BY ?y",
	"SELECT (?x AS ?k) (isBlank(?y) AS ?b) %[1]s ORDER BY str(?y) ?x",
	"SELECT (COUNT(DISTINCT *) AS ?n) (COUNT(*) AS ?m) FROM :g1 FROM NAMED :g2 %[1]s",
}

func (g *qgen) query() string {
	body := g.group(*randomDepth)
	prefix := "PREFIX : <" + ex + ">\n"
	i := g.r.Intn(len(queryForms) + 2)
	if i >= len(queryForms) {
		return prefix + "SELECT * " + body
	}
	if !strings.Contains(queryForms[i], "%[2]d") {
		return prefix + fmt.Sprintf(queryForms[i], body)
	}
	limit := g.r.Intn(4)
	return prefix + fmt.Sprintf(queryForms[i], body, limit, g.r.Intn(2))
}
