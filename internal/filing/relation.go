package filing

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A metamorphic relation's violation (internal/diff metamorphic_rel.go) is
// a finding against the engine that answered the two queries: no judge's
// answer is needed, the text ties the two answers together (Relation.Cites
// names the definitions). Violation writes it up as report.BugFor writes a
// divergence, over a report whose expected answer is the one the relation
// derives from the engine's own answer to the query, and whose actual
// answer is the rewrite's; the relation is the basis and part of the root
// cause's key.

// explainRows bounds the rows of each answer the write-up shows.
const explainRows = 20

// Violation writes up a violated check of engine (version as it ran) on
// c. judged says what a judge already decided of the engine on c's query
// ("" when none judged it: only the relation does); the judge's verdict
// stands, and a violation on an engine it found correct is still the
// engine disagreeing with itself. trigger is RelationTrigger's. False when
// the check is not a violation.
func Violation(c *oracle.Case, ch large.Check, version, judged string, trigger []string) (report.Bug, bool) {
	if ch.Skipped != "" || ch.OK || ch.Verdict == nil || len(ch.Verdict.Classes) == 0 || len(ch.Answers) != 2 {
		return report.Bug{}, false
	}
	want, got := ch.Answers[0], ch.Answers[1]
	cls := ch.Verdict.Classes[0]
	v := triage.EngineVerdict{Engine: ch.Engine, Version: version, Outcome: triage.Wrong, Class: cls,
		Classes: ch.Verdict.Classes, Verdict: ch.Verdict, Answer: got}
	sig := triage.Signature{Class: cls, Wrong: []string{ch.Engine}}
	inHouse := ch.Engine == oracle.JudgeName || ch.Engine == oracle.TwinName
	kind := triage.KindEngineBug
	if inHouse {
		kind = triage.KindInternalBug // the in-house engines must hold every relation (metamorphic_rel_test.go)
	}
	basis := RelationBasis(ch, judged)
	rep := &triage.Report{Case: c, Kind: kind, Judge: "relation " + ch.Name, Expected: want,
		Verdicts: []triage.EngineVerdict{v}, Divergences: []triage.Divergence{{Signature: sig, Internal: inHouse}},
		JudgedBy: basis.Note}
	b, ok := report.BugFor(rep, sig, nil)
	if !ok || len(b.Reports) == 0 {
		return report.Bug{}, false
	}
	rc := rootcause.Of(rootcause.Finding{Engine: ch.Engine, Class: cls, Trigger: trigger, Symptom: rootcause.Symptom(cls, want, v),
		Query: c.Query, Relation: ch.Name})
	er := &b.Reports[0]
	er.RootCause = rc
	er.Effect = fmt.Sprintf("answers the query and its %s rewrite inconsistently: %s", ch.Name, ch.Verdict.Summary)
	er.Title = "metamorphic relation " + ch.Name + " violated"
	b.RootCause, b.Effect, b.Feature, er.Feature = &er.RootCause, er.Effect, er.Title, er.Title
	b.Title = fmt.Sprintf("%s violates metamorphic relation %s: %s", ch.Engine, ch.Name, ch.Verdict.Summary)
	b.Basis, b.JudgedBy = basis, basis.Note
	b.Expected.Note = ch.Explain(explainRows)
	b.Spec, b.Links = relationSpec(ch.Cites, b.Spec), nil
	for _, l := range b.Spec {
		b.Links = append(b.Links, l.URL)
	}
	b.ID = violationID(b.ID, ch.Name)
	return b, true
}

// RelationBasis is what a violation rests on: the relation and the
// definitions that make it hold, and what a judge already said.
func RelationBasis(ch large.Check, judged string) *results.Basis {
	anchors := strings.Fields(ch.Cites)
	note := "metamorphic relation " + ch.Name + ": " + strings.Join(anchors, ", ")
	if judged != "" {
		note += "; " + judged + " (its verdict stands): the engine disagrees with itself"
	}
	bs := &results.Basis{Kind: results.BasisText, Ref: "metamorphic relation " + ch.Name, Note: note}
	if len(anchors) > 0 {
		bs.Anchor = strings.TrimPrefix(anchors[0], "#")
		bs.URL = report.SpecBase + anchors[0]
	}
	return bs
}

// relationSpec is the relation's definitions first, then the sections
// the query's constructs cite.
func relationSpec(cites string, rest []report.SpecLink) []report.SpecLink {
	var out []report.SpecLink
	for _, a := range strings.Fields(cites) {
		out = append(out, report.SpecLink{Anchor: strings.TrimPrefix(a, "#"), URL: report.SpecBase + a})
	}
	for _, l := range rest {
		if !slices.ContainsFunc(out, func(o report.SpecLink) bool { return o.Anchor == l.Anchor }) {
			out = append(out, l)
		}
	}
	return out
}

// violationID is the write-up's id: the divergence's id (signature, query,
// data) and the relation, so two relations violated on one case are two
// write-ups.
func violationID(id, relation string) string {
	h := sha256.Sum256([]byte(id + "\x00relation " + relation))
	return hex.EncodeToString(h[:6])
}

// RelationTrigger is the trigger of a relation's violation on q: the
// constructs of the clause the relation rewrites (metamorphic_rel.go:
// the top-level FILTER for norec and filter-move, the last OPTIONAL for
// optional-partition, the top-level UNION for the partitions over UNION,
// the modifiers for limit-pages, the whole pattern for join-reorder and
// subselect-wrap). Not every construct of a realistic query: seeds that
// violate one relation on one construct are one root cause whatever
// else their templates hold.
func RelationTrigger(q *syntax.Query, relation string) []string {
	if q == nil || q.Where == nil {
		return nil
	}
	switch relation {
	case "norec", "filter-move":
		return focusLabels(firstOfType[*syntax.Filter](q.Where))
	case "optional-partition":
		return focusLabels(lastOfType[*syntax.Optional](q.Where))
	case "union-partition", "distinct-union":
		return focusLabels(firstOfType[*syntax.Union](q.Where))
	case "limit-pages":
		return slices.DeleteFunc(constructs.Of(q, nil), func(l string) bool { return !modifierLabels[l] })
	}
	return focusLabels(q.Where)
}

// modifierLabels are the labels limit-pages rewrites.
var modifierLabels = map[string]bool{"ORDER BY": true, "LIMIT": true, "OFFSET": true, "DISTINCT": true}

// focusLabels are the constructs of one pattern, as constructs.Of names
// them in a query of that pattern alone.
func focusLabels(p syntax.Pattern) []string {
	if p == nil {
		return nil
	}
	q := &syntax.Query{Form: syntax.FormSelect, Select: &syntax.Projection{Star: true},
		Where: &syntax.GroupPattern{Elems: []syntax.Pattern{p}}}
	return slices.DeleteFunc(constructs.Of(q, nil), func(l string) bool { return l == "SELECT *" })
}

// firstOfType is the first element of g, or of a group g holds directly,
// of type T (a filter-move rewrite may have moved it one group down).
func firstOfType[T syntax.Pattern](g *syntax.GroupPattern) syntax.Pattern {
	for _, e := range g.Elems {
		if t, ok := e.(T); ok {
			return t
		}
	}
	for _, e := range g.Elems {
		if sub, ok := e.(*syntax.GroupPattern); ok {
			for _, s := range sub.Elems {
				if t, ok := s.(T); ok {
					return t
				}
			}
		}
	}
	return nil
}

// lastOfType is the last top-level element of g of type T.
func lastOfType[T syntax.Pattern](g *syntax.GroupPattern) syntax.Pattern {
	for i := len(g.Elems) - 1; i >= 0; i-- {
		if t, ok := g.Elems[i].(T); ok {
			return t
		}
	}
	return nil
}
