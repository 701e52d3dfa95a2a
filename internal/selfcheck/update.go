package selfcheck

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Update cases: the store before a request is a generated case's dataset
// (corpus.Generate, the same vocabulary: ex:s0..s3, ex:p0..p2, graphs
// ex:g0, ex:g1, blank nodes), and the request is 1 to 3 operations drawn by
// GenerateUpdate from every form of Update §3 (LOAD of a document the case
// lacks: the engine fails atomically, which the judge permits). The judge's and the engine's
// stores are compared by diff.CompareAs (compare_store.go), so every outcome
// the Update text permits is accepted.

// GenerateUpdate returns the update case of one seed.
func GenerateUpdate(seed int64, p *corpus.Profile) (*oracle.UpdateCase, *corpus.GenCase) {
	gc := corpus.Generate(seed, p)
	g := &upGen{r: rand.New(rand.NewPCG(uint64(seed), 0x5eed)), seed: seed}
	var ops []string
	for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
		ops = append(ops, g.op(i))
	}
	text := "PREFIX ex: <http://example.org/>\n" + strings.Join(ops, " ;\n") + "\n"
	return &oracle.UpdateCase{Name: fmt.Sprintf("update-%d", seed), Update: text, Store: gc.Dataset()}, gc
}

type upGen struct {
	r    *rand.Rand
	seed int64
}

func (g *upGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *upGen) maybe(s string) string {
	if g.r.IntN(2) == 0 {
		return s
	}
	return ""
}

func (g *upGen) op(i int) string {
	switch g.r.IntN(10) {
	case 0:
		return "INSERT DATA { " + g.data(fmt.Sprintf("_:i%d", i)) + " }"
	case 1:
		return "DELETE DATA { " + g.data("") + " }"
	case 2:
		return "DELETE WHERE { " + g.pick("?s ex:p0 ?o", "GRAPH ?g { ?s ?p ?o }", "?s ex:p1 ?o . ?o ex:p2 ?x", "GRAPH ex:g0 { ?s ex:p2 ?o }") + " }"
	case 3, 4, 5:
		return g.modify()
	case 6:
		return g.pick("CLEAR ", "DROP ") + g.maybe("SILENT ") + g.pick("GRAPH ex:g0", "GRAPH ex:g1", "GRAPH ex:g9", "DEFAULT", "NAMED", "ALL")
	case 7:
		return "CREATE " + g.maybe("SILENT ") + g.pick("GRAPH ex:g0", "GRAPH ex:g9")
	case 8: // no document is in the case's sources: a failure the judge permits, or SILENT
		return "LOAD " + g.maybe("SILENT ") + "<http://example.org/doc>" + g.maybe(" INTO GRAPH ex:g1")
	}
	return g.pick("ADD ", "MOVE ", "COPY ") + g.maybe("SILENT ") + g.graphOrDefault() + " TO " + g.graphOrDefault()
}

func (g *upGen) graphOrDefault() string {
	return g.pick("DEFAULT", "ex:g0", "GRAPH ex:g1", "ex:g9")
}

// data is ground quads; blank is a label to use ("" for none: DELETE DATA).
func (g *upGen) data(blank string) string {
	subj := []string{"ex:s0", "ex:s1", "ex:s3"}
	if blank != "" {
		subj = append(subj, blank)
	}
	obj := []string{"ex:s1", "ex:s2", `"a"`, `"b"@en`, "1", `"01"^^<http://www.w3.org/2001/XMLSchema#integer>`, "2.50"}
	triple := func() string {
		return g.pick(subj...) + " " + g.pick("ex:p0", "ex:p1", "ex:p2") + " " + g.pick(obj...) + " ."
	}
	out := triple()
	for n := g.r.IntN(3); n > 0; n-- {
		out += " " + triple()
	}
	if g.r.IntN(2) == 0 {
		out += " GRAPH " + g.pick("ex:g0", "ex:g1", "ex:g9") + " { " + triple() + " }"
	}
	return out
}

// modify is DELETE/INSERT with WITH, USING, OPTIONAL, FILTER, GRAPH and
// blank-node templates.
func (g *upGen) modify() string {
	var b strings.Builder
	with := g.r.IntN(4) == 0
	if with {
		b.WriteString("WITH ex:g0 ")
	}
	del, ins := g.r.IntN(3) != 0, g.r.IntN(3) != 0
	if !del && !ins {
		ins = true
	}
	if del {
		b.WriteString("DELETE { " + g.pick("?s ?p ?o", "?s ex:p0 ?o", "GRAPH ?g { ?s ?p ?o }", "?o ex:p2 ?x", "") + " } ")
	}
	if ins {
		b.WriteString("INSERT { " + g.pick("?s ex:p2 ?o", "?o ex:p1 ?s", "GRAPH ex:g1 { ?s ?p ?o }", "?s ex:p0 [ ex:p1 ?o ]",
			"GRAPH ?g { ?s ex:p2 ?x }", "_:t ex:p0 ?s . _:t ex:p1 ?o", "GRAPH ex:g9 {}") + " } ")
	}
	if !with && g.r.IntN(4) == 0 {
		b.WriteString(g.pick("USING ex:g0 ", "USING ex:g1 USING NAMED ex:g0 ", "USING NAMED ex:g1 "))
	}
	b.WriteString("WHERE { " + g.where() + " }")
	return b.String()
}

func (g *upGen) where() string {
	p := g.pick("?s ?p ?o", "?s ex:p0 ?o", "GRAPH ?g { ?s ?p ?o }", "?s ex:p1 ?o")
	if g.r.IntN(2) == 0 {
		p += " OPTIONAL { ?o ex:p2 ?x }"
	}
	if g.r.IntN(2) == 0 {
		p += " FILTER(" + g.pick("isIRI(?o)", "?o != ex:s1", "isBlank(?s)", "BOUND(?x)", "isLiteral(?o)") + ")"
	}
	return p
}

// CheckUpdate runs the update case of one seed through both engines (each
// an oracle.Updater) and classifies it as Check does.
func CheckUpdate(ctx context.Context, cfg Config, seed int64) (Outcome, *Failure) {
	cfg = withDefaults(cfg)
	c, gc := GenerateUpdate(seed, cfg.Profile)
	want, werr := update(ctx, cfg.Judge, c, cfg.Timeout)
	if out, judged := judgeOutcome(werr); !judged {
		return out, nil
	}
	got, gerr := update(ctx, cfg.Actual, c, cfg.Timeout)
	fail := func(text string) (Outcome, *Failure) {
		return Disagree, &Failure{Seed: seed, Name: c.Name, Query: c.Update, NQuads: gc.NQuads(), Verdict: text}
	}
	switch {
	case werr != nil && gerr != nil:
		return Agree, nil
	case werr != nil:
		return fail(fmt.Sprintf("%s raised %v; %s answered", cfg.Judge.Name(), werr, cfg.Actual.Name()))
	case isBudget(gerr):
		return ActualBudget, nil
	case gerr != nil:
		return fail(fmt.Sprintf("%s raised %v; %s answered", cfg.Actual.Name(), gerr, cfg.Judge.Name()))
	}
	v := diff.CompareAs(cfg.Actual.Name(), want, got)
	switch {
	case v.OK:
		return Agree, nil
	case len(v.Classes) == 1 && v.Classes[0] == diff.ClassUndecided:
		return Unjudged, nil
	}
	return fail(v.Text())
}

// update applies one request under a deadline, a panic turned into ErrCrashed.
func update(ctx context.Context, e oracle.Engine, c *oracle.UpdateCase, d time.Duration) (a *results.Answer, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return nil, fmt.Errorf("%w: %s applies no updates", oracle.ErrUnsupported, e.Name())
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("%w: panic: %v", oracle.ErrCrashed, r)
		}
	}()
	a, err = u.Update(ctx, c)
	if err == nil && a == nil {
		err = fmt.Errorf("%w: no answer and no error", oracle.ErrCrashed)
	}
	return a, err
}

// RunUpdates is RunWith for update cases.
func RunUpdates(ctx context.Context, cfg Config) *Summary {
	cfg = withDefaults(cfg)
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	seeds := make(chan int64)
	var mu sync.Mutex
	sum := &Summary{}
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Go(func() {
			for s := range seeds {
				out, f := CheckUpdate(ctx, cfg, s)
				mu.Lock()
				sum.add(out, f, cfg)
				mu.Unlock()
			}
		})
	}
	for i := 0; i < cfg.Cases && ctx.Err() == nil; i++ {
		seeds <- cfg.Seed + int64(i)
	}
	close(seeds)
	wg.Wait()
	sort.Slice(sum.Failures, func(i, j int) bool { return sum.Failures[i].Seed < sum.Failures[j].Seed })
	sum.Elapsed = time.Since(start)
	return sum
}
