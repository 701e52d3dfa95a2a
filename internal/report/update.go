package report

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// UpdateBug is a divergence on an update case written up: the request
// (update.ru) and the store before it (data.nq), the store the judge
// gives after it, and per wrong engine a report for its tracker with the
// store it returned as a per-graph quad diff.
type UpdateBug struct {
	ID        string               `json:"id"`
	Title     string               `json:"title"`
	Engine    string               `json:"engine"` // the first wrong engine
	Version   string               `json:"version"`
	Class     diff.Class           `json:"class"`
	Kind      triage.Kind          `json:"kind"`
	Status    string               `json:"status"` // open, internal
	Signature string               `json:"signature"`
	Feature   string               `json:"feature"` // the operation: "DELETE WHERE", "request sequence"...
	Basis     *results.Basis       `json:"basis,omitempty"`
	Oracle    OracleVersion        `json:"oracle"`
	Request   string               `json:"request"` // update.ru
	Data      string               `json:"data"`    // data.nq: the store before the request
	Base      string               `json:"base,omitempty"`
	Expected  StoreText            `json:"expected"` // the judge's store after the request
	Reduction *ReductionFigure     `json:"reduction,omitempty"`
	Reports   []UpdateEngineReport `json:"reports"`
}

// StoreText is a store as N-Quads, with what N-Quads cannot say: the
// named graphs that exist and are empty, and the failure of a request
// that failed.
type StoreText struct {
	NQuads      string   `json:"nquads"`
	EmptyGraphs []string `json:"empty_graphs,omitempty"`
	Failed      string   `json:"failed,omitempty"`
}

// UpdateEngineReport is what one engine's maintainers read.
type UpdateEngineReport struct {
	EngineRef
	Title   string         `json:"title"`
	Effect  string         `json:"effect"`
	Outcome triage.Outcome `json:"outcome"`
	Classes []diff.Class   `json:"classes"`
	Store   *StoreText     `json:"store,omitempty"` // nil when the engine gave none
	Error   string         `json:"error,omitempty"`
	Graphs  []GraphDiff    `json:"graphs,omitempty"` // expected store against this one
	Others  []OtherLine    `json:"others"`
	Native  *oracle.Native `json:"native,omitempty"`
	Command string         `json:"command"`
	// RootCause is what this engine's finding is a witness of; Members
	// and Recheck as in EngineReport.
	RootCause rootcause.RootCause `json:"root_cause"`
	Members   []string            `json:"family_members,omitempty"`
	Recheck   string              `json:"recheck,omitempty"`
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

// UpdateBugs writes up every divergence of run, one UpdateBug each.
func UpdateBugs(run *reduce.UpdateRun, engines ...oracle.Engine) []UpdateBug {
	return writeUp(run.Divergences, func(d triage.Divergence) UpdateBug { return updateBugOf(run, d, nil, engines) })
}

// UpdateBugFor writes up the divergence with signature sig, with the
// reduction figures; ok is false when run does not show it.
func UpdateBugFor(run *reduce.UpdateRun, sig triage.Signature, st *reduce.Stats, engines ...oracle.Engine) (UpdateBug, bool) {
	if d, ok := divergenceWith(run.Divergences, sig); ok {
		return updateBugOf(run, d, st, engines), true
	}
	return UpdateBug{}, false
}

// UpdateReduced writes up reduced update divergences; a result whose
// divergence did not survive is never written up.
func UpdateReduced(rs []*reduce.UpdateResult, engines ...oracle.Engine) []UpdateBug {
	var out []UpdateBug
	seen := map[string]bool{}
	for _, x := range rs {
		d, ok := x.Divergence()
		if !x.Survived || !ok {
			continue
		}
		if b, ok := UpdateBugFor(x.Run, d.Signature, &x.Stats, engines...); ok && !seen[b.ID] {
			seen[b.ID] = true
			out = append(out, b)
		}
	}
	return out
}

func updateBugOf(run *reduce.UpdateRun, d triage.Divergence, st *reduce.Stats, engines []oracle.Engine) UpdateBug {
	c := run.Case
	b := UpdateBug{Class: d.Signature.Class, Kind: run.Kind, Status: "open", Signature: d.Signature.String(),
		Oracle: Version(), Request: c.Update, Data: nquadsText(c.Store), Base: c.Base}
	if d.Internal {
		b.Status = "internal"
	}
	if run.Expected != nil {
		b.Expected = storeText(run.Expected.Store)
	}
	b.Feature = UpdateFeature(c.Update, c.Base, b.Class)
	if st != nil {
		b.Reduction = Figure(*st)
	}
	for _, name := range d.Signature.Wrong {
		er := updateEngineReport(run, b, name, engines)
		er.RootCause = updateRootCause(run, b, name, st)
		er.Members, er.Recheck = familyMembers(er.RootCause.Family), recheck(name, er.RootCause)
		b.Reports = append(b.Reports, er)
	}
	if len(b.Reports) > 0 {
		first := b.Reports[0]
		b.Engine, b.Version, b.Title = first.Engine, first.Version, first.Title
		b.Basis = UpdateBasis(c.Update, c.Base, b.Class, append(extraLines(first.Graphs), failure(first)))
	}
	b.ID = caseHash(b.Signature, b.Request, b.Data)
	if len(b.Reports) > 0 {
		b.ID = b.Reports[0].RootCause.ID
	}
	return b
}

// updateRootCause is the root cause of engine name's update finding: its
// trigger is what ablation found (reduce.Stats.Triggers), else the
// request's operation.
func updateRootCause(run *reduce.UpdateRun, b UpdateBug, name string, st *reduce.Stats) rootcause.RootCause {
	trig, ablated := []string{b.Feature}, false
	if st != nil {
		if t, ok := st.Triggers[name]; ok {
			trig, ablated = t, true
		}
	}
	return rootcause.Of(rootcause.Finding{Engine: name, Class: b.Class, Trigger: trig, Ablated: ablated,
		Symptom: rootcause.Symptom(b.Class, nil, triage.EngineVerdict{Engine: name, Err: run.Verdict(name).Err}), Query: b.Request})
}

func updateEngineReport(run *reduce.UpdateRun, b UpdateBug, name string, engines []oracle.Engine) UpdateEngineReport {
	v := run.Verdict(name)
	er := UpdateEngineReport{EngineRef: EngineRef{Engine: name, Version: v.Version}, Outcome: v.Outcome, Classes: v.Classes}
	if v.Err != nil {
		er.Error = localText(v.Err.Error())
	}
	if v.Answer != nil && v.Answer.Store != nil {
		s := storeText(v.Answer.Store)
		er.Store = &s
		if run.Expected != nil {
			er.Graphs = graphDiffs(run.Expected.Store, v.Answer.Store)
		}
	}
	er.Effect = updateEffect(b.Class, er)
	er.Title = b.Feature + ": " + er.Effect
	er.Others = updateOthers(run, name)
	if n, ok := nativeOf(name, engines, oracle.NativeCase{Query: b.Request, Data: b.Data, Base: b.Base, Update: true}); ok {
		er.Native = &n
	}
	er.Command = updateCommand(name, er.Native, b.Base)
	return er
}

// updateCommand is the engine's own reproducer, then the oracle
// invocation (alone for an engine without a reproducer).
func updateCommand(engine string, native *oracle.Native, base string) string {
	line := "oracle diff -u update.ru -d data.nq --engines " + shellWord(engine) + " --format table"
	if base != "" {
		line += " --base " + oracle.ShellQuote(base)
	}
	if native == nil {
		return line
	}
	return native.Install + "\n" + native.Run + "\n# or, with the oracle:\n" + oracle.ShellComment(line)
}

// updateOthers is one line per other engine that ran.
func updateOthers(run *reduce.UpdateRun, name string) []OtherLine {
	var out []OtherLine
	for _, v := range run.Verdicts {
		if v.Engine == name || v.Engine == oracle.JudgeName {
			continue
		}
		l := OtherLine{EngineRef: EngineRef{Engine: v.Engine, Version: v.Version}, Outcome: v.Outcome, Class: v.Class, Line: string(v.Outcome)}
		if len(v.Classes) > 0 {
			l.Line += ": " + joinClasses(v.Classes)
		}
		if v.Err != nil {
			l.Line += ": " + truncate(firstLine(strings.TrimSpace(v.Err.Error())), 160)
		}
		out = append(out, l)
	}
	return out
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

func nquadsText(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	var b strings.Builder
	if err := rdf.WriteNQuads(&b, ds.Quads()); err != nil {
		return ""
	}
	return b.String()
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
func updateEffect(c diff.Class, er UpdateEngineReport) string {
	missing, extra := 0, 0
	for _, g := range er.Graphs {
		missing, extra = missing+len(g.Missing), extra+len(g.Extra)
	}
	switch c {
	case diff.ClassRejected:
		return "rejects a valid request (" + truncate(firstLine(strings.TrimSpace(er.Error)), 120) + ")"
	case diff.ClassErrorVsAnswer:
		return "fails where the spec gives a store (" + truncate(firstLine(strings.TrimSpace(failure(er))), 120) + ")"
	case diff.ClassCrash:
		return "crashes (" + truncate(firstLine(strings.TrimSpace(er.Error)), 120) + ")"
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
func failedPrefix(er UpdateEngineReport) string {
	if er.Store == nil || er.Store.Failed == "" || !slices.Contains(er.Classes, diff.ClassErrorVsAnswer) {
		return ""
	}
	return "fails (" + truncate(firstLine(strings.TrimSpace(er.Store.Failed)), 100) + ") and "
}

func failure(er UpdateEngineReport) string {
	if er.Error != "" {
		return er.Error
	}
	if er.Store != nil {
		return er.Store.Failed
	}
	return ""
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
