package report

// An update's answer is a store, written for a report as N-Quads
// (StoreText) and compared graph by graph (GraphDiff); the effect line of
// an update divergence is read off those differences (updateEffect).

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// StoreText is a store as N-Quads, with what N-Quads cannot say: the
// named graphs that exist and are empty, and the failure of a request
// that failed.
type StoreText struct {
	NQuads      string   `json:"nquads"`
	EmptyGraphs []string `json:"empty_graphs,omitempty"`
	Failed      string   `json:"failed,omitempty"`
}

// GraphDiff is one graph where the stores differ: quads only the expected
// store holds, quads only the engine's holds (N-Quads lines, blank nodes
// by label), and whether the graph exists on one side only.
type GraphDiff struct {
	Graph     string   `json:"graph"` // "DEFAULT" or <iri>
	Existence string   `json:"existence,omitempty"`
	Missing   []string `json:"missing,omitempty"`
	Extra     []string `json:"extra,omitempty"`
}

// UpdateStoreText prints a store as reports show it.
func UpdateStoreText(s *results.Store) StoreText { return storeText(s) }

// storeText prints a store: its quads sorted, its empty named graphs.
func storeText(s *results.Store) StoreText {
	st := StoreText{Failed: s.Err}
	var lines []string
	for _, q := range s.Quads() {
		lines = append(lines, q.String())
	}
	sort.Strings(lines)
	if len(lines) > 0 {
		st.NQuads = strings.Join(lines, "\n") + "\n"
	}
	for _, g := range s.Named {
		if len(g.Triples) == 0 {
			st.EmptyGraphs = append(st.EmptyGraphs, g.Name.String())
		}
	}
	return st
}

// graphDiffs compares the stores graph by graph, the default graph first:
// quads on one side only, and named graphs that exist on one side only
// (an empty graph the expected store has may be absent: §3.1, §3.2).
func graphDiffs(e, a *results.Store) []GraphDiff {
	eg, ag := graphsOf(e), graphsOf(a)
	var out []GraphDiff
	for _, name := range graphNames(eg, ag) {
		d := GraphDiff{Graph: name}
		et, eok := eg[name]
		at, aok := ag[name]
		switch {
		case eok && !aok && len(et) > 0:
			d.Existence = "the engine's store has no such graph"
		case aok && !eok:
			d.Existence = "the spec's store has no such graph"
		}
		d.Missing, d.Extra = minus(et, at), minus(at, et)
		if d.Existence != "" || len(d.Missing)+len(d.Extra) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// graphsOf maps "DEFAULT" and each named graph's <iri> to its quads.
func graphsOf(s *results.Store) map[string]map[string]bool {
	out := map[string]map[string]bool{"DEFAULT": {}}
	for _, g := range s.Named {
		out[g.Name.String()] = map[string]bool{}
	}
	for _, q := range s.Quads() {
		name := "DEFAULT"
		if !q.G.IsZero() {
			name = q.G.String()
		}
		out[name][q.String()] = true
	}
	return out
}

func graphNames(a, b map[string]map[string]bool) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]map[string]bool{a, b} {
		for k := range m {
			if !seen[k] && k != "DEFAULT" {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return append([]string{"DEFAULT"}, out...)
}

func minus(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func extraLines(gs []GraphDiff) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.Extra...)
	}
	return out
}

// updateEffect says what the engine does, in plain words.
func updateEffect(c diff.Class, er EngineReport) string {
	missing, extra := 0, 0
	for _, g := range er.Graphs {
		missing, extra = missing+len(g.Missing), extra+len(g.Extra)
	}
	switch c {
	case diff.ClassRejected:
		return "rejects a valid request (" + truncate(firstLine(strings.TrimSpace(er.errorText())), 120) + ")"
	case diff.ClassErrorVsAnswer:
		return "fails where the spec gives a store (" + truncate(firstLine(strings.TrimSpace(failure(er))), 120) + ")"
	case diff.ClassCrash:
		return "crashes (" + truncate(firstLine(strings.TrimSpace(er.errorText())), 120) + ")"
	case diff.ClassChangedLiteral:
		return changedLiteral(er.Graphs)
	case diff.ClassGraphExistence:
		return existenceEffect(er.Graphs)
	case diff.ClassMissingQuads:
		return failedPrefix(er) + fmt.Sprintf("leaves out %s the spec's store holds", count(missing, "quad"))
	case diff.ClassExtraQuads:
		return failedPrefix(er) + fmt.Sprintf("holds %s the spec's store does not", count(extra, "quad"))
	case diff.ClassAtomicity:
		return "leaves a partial store after a failed request"
	}
	return fmt.Sprintf("answers another store (%s)", c)
}

// failedPrefix says first that the engine failed the request, when it did
// where the spec's store is a success (its classes then hold
// error-vs-answer beside the store's own).
func failedPrefix(er EngineReport) string {
	if er.Store == nil || er.Store.Failed == "" || !slices.Contains(er.Answer.Classes, diff.ClassErrorVsAnswer) {
		return ""
	}
	return "fails (" + truncate(firstLine(strings.TrimSpace(er.Store.Failed)), 100) + ") and "
}

// failure is why the engine's request failed: its error, or the failure
// its store records.
func failure(er EngineReport) string {
	if e := er.errorText(); e != "" {
		return e
	}
	if er.Store != nil {
		return er.Store.Failed
	}
	return ""
}

// errorText is the engine's error ("" when it gave none).
func (er EngineReport) errorText() string {
	if er.Answer.Answer.Format != "error" {
		return ""
	}
	return er.Answer.Answer.Text
}

// changedLiteral names one literal the store holds in another form: a
// missing and an extra quad of one graph that differ in their literal
// object only.
func changedLiteral(gs []GraphDiff) string {
	for _, g := range gs {
		for _, m := range g.Missing {
			for _, x := range g.Extra {
				if o1, o2, ok := sameButObject(m, x); ok {
					return "stores " + o1 + " as " + o2
				}
			}
		}
	}
	return "changes a literal of the store"
}

func sameButObject(a, b string) (string, string, bool) {
	qa, qb := parseLine(a), parseLine(b)
	if qa == nil || qb == nil || qa.S != qb.S || qa.P != qb.P || qa.G != qb.G || !qa.O.IsLiteral() || !qb.O.IsLiteral() {
		return "", "", false
	}
	return literalText(qa.O), literalText(qb.O), qa.O != qb.O
}

// literalText writes a literal as the report writes every term
// (termText: the lexical form is what changed, never bare), cut to 60
// characters.
func literalText(t rdf.Term) string {
	return truncate(termText(t), 60)
}

func parseLine(l string) *rdf.Quad {
	qs, err := rdf.ParseNQuads(strings.NewReader(l+"\n"), "diff")
	if err != nil || len(qs) != 1 {
		return nil
	}
	return &qs[0]
}

func existenceEffect(gs []GraphDiff) string {
	for _, g := range gs {
		switch g.Existence {
		case "the spec's store has no such graph":
			return "leaves a graph " + g.Graph + " the spec's store does not have"
		case "the engine's store has no such graph":
			return "has no graph " + g.Graph + " where the spec's store has one"
		}
	}
	return "disagrees on which graphs exist"
}
