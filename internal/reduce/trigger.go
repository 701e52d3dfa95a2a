package reduce

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A reduced case is 1-minimal for the shrinking edits, yet it may still
// carry constructs its divergence does not need (a BIND that only renames
// a variable, a blank node that could be a variable). Trigger finds the
// ones it needs by ablation: every construct of the case (constructs.Of)
// is replaced by its neutral forms (constructs.Without) one label at a
// time, and a variant is adopted when the engine is still wrong in the
// same class group against the judge.

// Ablation is what Trigger found on one engine's reduced case.
type Ablation struct {
	// Trigger is the constructs of Case that no variant could remove,
	// sorted: the constructs the divergence needs.
	Trigger []string
	// Removed is the constructs of the case given that Case no longer
	// has, sorted.
	Removed []string
	// Case is the case after every adopted variant (Trigger's face).
	Case *oracle.Case
	// Calls counts the oracle calls (the engine against the judge), the
	// first check of the case included; answers cached by candidate are
	// not counted.
	Calls int
	// Complete is false when a bound (Limits, the context) stopped the
	// ablation before every label of Case was tried: the untried labels
	// are in Trigger.
	Complete bool
	// Face is set when the divergence Case shows is in the value group
	// where the reduced case's was in the rows group (valueUnderneath):
	// the judge's report on Case, whose class and symptom name the
	// finding's root cause.
	Face *triage.Report
}

// maxAblationPasses bounds the passes over the labels: a label that no
// variant removes is tried again on the next pass only when another label
// was removed after it was tried.
const maxAblationPasses = 8

// Trigger ablates c, a reduced case on which engine name is wrong in
// class against the judge. Labels are tried in a fixed order
// (ablationOrder); for each, the variants in constructs.Without's order; a
// variant keeps the divergence when name is still judged wrong (the same
// judging as Engine: session.pair, the judge alone against the engine)
// with a class of the same diff.Class.Group as class. The first that keeps
// it is adopted, and later labels are ablated on it. Deterministic for
// deterministic engines. It returns ErrNotSurvived (wrapped) when c does
// not show the divergence, and an error when the judge or the engine is
// not among engines or c's query does not parse.
func Trigger(ctx context.Context, c *oracle.Case, engines []oracle.Engine, name string, class diff.Class, lim Limits) (Ablation, error) {
	s, err := newSession(ctx, engines, lim)
	if err != nil {
		return Ablation{}, err
	}
	eng := s.find(name)
	if eng == nil {
		return Ablation{}, fmt.Errorf("trigger: %s is not among the engines", name)
	}
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base, Spec: c.Spec})
	if err != nil {
		return Ablation{}, fmt.Errorf("trigger: the case's query does not parse: %w", err)
	}
	a := &ablator{s: s, eng: eng, name: name, group: class.Group(), start: time.Now(), cache: map[string]bool{}}
	first := constructs.Of(q, c.Dataset)
	if !a.keeps(c) {
		res := Ablation{Trigger: first, Case: c, Calls: a.calls}
		if a.stopped {
			return res, fmt.Errorf("trigger %s %s: stopped before the first call", name, class)
		}
		return res, fmt.Errorf("trigger %s %s: %w: not wrong in the %s group on the case", name, class, ErrNotSurvived, class.Group())
	}
	cur, complete := a.run(c, q)
	curQ, _ := syntax.Parse(cur.Query, syntax.Options{Base: cur.Base, Spec: cur.Spec})
	final := constructs.Of(curQ, cur.Dataset)
	var removed []string
	for _, l := range first {
		if !slices.Contains(final, l) {
			removed = append(removed, l)
		}
	}
	final = a.generalize(cur, curQ, final)
	res := Ablation{Trigger: final, Removed: removed, Case: cur, Calls: a.calls, Complete: complete}
	if a.group != class.Group() {
		res.Face = a.reports[caseKey(cur)]
	}
	return res, nil
}

// generalize replaces each label of the trigger that a sibling of its
// kind can stand in for (constructs.Siblings keeps the divergence) by the
// kind's name: the fault is in what the members share.
func (a *ablator) generalize(cur *oracle.Case, q *syntax.Query, trigger []string) []string {
	if q == nil {
		return trigger
	}
	out := make([]string, 0, len(trigger))
	for _, l := range trigger {
		kind := constructs.KindOf(l)
		if kind != "" && a.anyKeeps(cur, constructs.Siblings(q, cur.Dataset, l)) {
			l = kind
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

func (a *ablator) anyKeeps(cur *oracle.Case, vs []constructs.Variant) bool {
	for _, v := range vs {
		cand := *cur
		cand.Query, cand.Dataset = v.Query.String(), v.Data
		if a.keeps(&cand) {
			return true
		}
	}
	return false
}

type ablator struct {
	s       *session
	eng     oracle.Engine
	name    string
	group   string
	start   time.Time
	calls   int
	stopped bool
	cache   map[string]bool
	reports map[string]*triage.Report // each judged candidate's report, by caseKey
}

// stop: the context is done, or the calls or the time are spent.
func (a *ablator) stop() bool {
	lim := a.s.lim
	if a.s.ctx.Err() != nil || a.calls >= lim.MaxCalls || time.Since(a.start) > lim.MaxTime {
		a.stopped = true
	}
	return a.stopped
}

// keeps judges cand (once per distinct candidate): is the engine still
// wrong in a class of the group, against the judge alone?
func (a *ablator) keeps(cand *oracle.Case) bool {
	key := caseKey(cand)
	if v, ok := a.cache[key]; ok {
		return v
	}
	if a.stop() {
		return false
	}
	a.calls++
	r := a.s.pair(cand, a.eng)
	v := showsGroup(r, a.name, a.group)
	if !v && valueUnderneath(r, a.name, a.group) {
		v, a.group = true, diff.ClassWrongValue.Group()
	}
	if a.reports == nil {
		a.reports = map[string]*triage.Report{}
	}
	a.cache[key], a.reports[key] = v, r
	return v
}

func caseKey(c *oracle.Case) string { return c.Query + "\x00" + datasetKey(c.Dataset) }

// valueUnderneath: a divergence in the rows group is the consequence of
// a wrong value when a construct that consumed the value (a FILTER or
// HAVING comparing it, an aggregate over it) is ablated and the engine is
// then wrong on the value itself. The value's construct is what its
// maintainers fix, and the variant's class names the root cause (an AVG
// left unbound, not the row a HAVING over it then dropped). From then on
// the ablation keeps the value group.
func valueUnderneath(r *triage.Report, name, group string) bool {
	return group == diff.ClassMissingRows.Group() && showsGroup(r, name, diff.ClassWrongValue.Group())
}

// run makes passes over the labels of the current case until a pass
// removes nothing (or maxAblationPasses); complete is false when a bound
// stopped it.
func (a *ablator) run(c *oracle.Case, q *syntax.Query) (*oracle.Case, bool) {
	cur, curQ := c, q
	for pass := 0; pass < maxAblationPasses; pass++ {
		changed := false
		for _, label := range ablationOrder(constructs.Of(curQ, cur.Dataset)) {
			if !slices.Contains(constructs.Of(curQ, cur.Dataset), label) {
				continue // an earlier variant removed it too
			}
			if next, nextQ, ok := a.ablate(cur, curQ, label); ok {
				cur, curQ, changed = next, nextQ, true
			}
			if a.stopped {
				return cur, false
			}
		}
		if !changed {
			return cur, true
		}
	}
	return cur, false
}

// ablate tries label's variants in order; the first that keeps the
// divergence is the new case.
func (a *ablator) ablate(cur *oracle.Case, q *syntax.Query, label string) (*oracle.Case, *syntax.Query, bool) {
	for _, v := range variants(cur, q, label) {
		cand := *cur
		cand.Query = v.Query.String()
		cand.Dataset = v.Data
		vq, err := syntax.Parse(cand.Query, syntax.Options{Base: cand.Base, Spec: cand.Spec})
		if err != nil {
			continue // Without checked it with another base; a relative IRI may differ
		}
		if a.keeps(&cand) {
			return &cand, vq, true
		}
		if a.stopped {
			break
		}
	}
	return nil, nil, false
}

// variants are constructs.Without's, then the case without the quads
// that carry label (constructs.DataWithout): a reduction its budget
// stopped keeps quads whose literal kinds the divergence does not need
// (MAX over the predicates of a graph that also holds "127"^^xsd:byte),
// and a base literal kind has no neutral form to name them otherwise.
func variants(cur *oracle.Case, q *syntax.Query, label string) []constructs.Variant {
	vs := constructs.Without(q, cur.Dataset, label)
	if label == "HAVING" {
		vs = append(vs, havingOperands(cur, q)...)
	}
	if ds, ok := constructs.DataWithout(cur.Dataset, label); ok {
		vs = append(vs, constructs.Variant{Query: q, Data: ds})
	}
	return vs
}

// showsGroup: r has a divergence with name on its wrong side in a class
// of group (diff.Class.Group): missing rows where the reduced case had
// extra rows is the same finding's face.
func showsGroup(r *triage.Report, name, group string) bool {
	for _, d := range r.Divergences {
		if d.Signature.Class.Group() == group && slices.Contains(d.Signature.Wrong, name) {
			return true
		}
	}
	return false
}

// ablationOrder is the fixed order labels are tried in: the data's
// constructs, then the patterns and modifiers around the computation
// (SELECT * before blank node: a variable for [] is then not projected),
// then operators and calls, then the literal kinds last, so that when
// either of two constructs would do, the more specific one (a function, a
// literal kind) is the one kept. Within a rank, by name.
func ablationOrder(labels []string) []string {
	out := slices.Clone(labels)
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := labelRank(out[i]), labelRank(out[j])
		if ri != rj {
			return ri < rj
		}
		return out[i] < out[j]
	})
	return out
}

func labelRank(l string) int {
	switch l {
	case "named graph", "blank node in data":
		return 0
	case "blank node", "basic graph pattern", "DISTINCT", "REDUCED", "ORDER BY", "LIMIT", "OFFSET", "HAVING", "GROUP BY", "SELECT *",
		"FROM", "FROM NAMED", "subquery", "BIND", "FILTER", "OPTIONAL", "UNION", "MINUS", "GRAPH",
		"SERVICE", "VALUES":
		return 1
	}
	if len(l) > 8 && l[:8] == "literal " {
		return 3
	}
	return 2
}

// havingOperands are the variants of a SELECT whose HAVING consumes an
// aggregate: the HAVING dropped and each aggregate it compares projected
// instead, one variant per aggregate. A row HAVING drops because the
// engine computed the aggregate wrongly then shows as that value
// (valueUnderneath), the fault of the aggregate, not of HAVING.
func havingOperands(cur *oracle.Case, q *syntax.Query) []constructs.Variant {
	if q.Select == nil || q.Select.Star || len(q.Mod.Having) == 0 {
		return nil
	}
	var aggs []*syntax.Aggregate
	for _, h := range q.Mod.Having {
		syntax.Inspect(h, func(n syntax.Node) bool {
			if a, ok := n.(*syntax.Aggregate); ok {
				aggs = append(aggs, a)
				return false
			}
			return true
		})
	}
	used := map[string]bool{}
	syntax.Inspect(q, func(n syntax.Node) bool {
		if v, ok := n.(*syntax.Var); ok {
			used[v.Name] = true
		}
		return true
	})
	var out []constructs.Variant
	for i, a := range aggs {
		v := syntax.Clone(q)
		v.Mod.Having = nil
		name := fmt.Sprintf("having%d", i+1)
		for used[name] {
			name += "_"
		}
		v.Select.Items = append(v.Select.Items, &syntax.SelectItem{Var: &syntax.Var{Name: name}, Expr: syntax.Clone[syntax.Expr](a)})
		out = append(out, constructs.Variant{Query: v, Data: cur.Dataset})
	}
	return out
}
