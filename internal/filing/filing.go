package filing

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Record is b as the store files it: one witness per engine on its wrong
// side, sorted by engine, each with the write-up as filed against it.
func Record(b report.Bug) store.Record {
	r := store.Record{ID: b.ID, Signature: b.Signature, Engine: b.Engine, Class: string(b.Class),
		Kind: string(b.Kind), Status: b.Status, Feature: b.Feature,
		Reproducer: store.Reproducer{Query: b.Reproducer.Query, Base: b.Reproducer.Base, Data: b.Reproducer.Data}}
	for _, e := range wrongEngines(b) {
		r.Witnesses = append(r.Witnesses, witness(b, e))
	}
	return r
}

// witness is engine's finding of b.
func witness(b report.Bug, engine string) store.Witness {
	own := forEngine(b, engine)
	body, err := json.Marshal(own)
	if err != nil {
		// every member of a report.Bug encodes; an unencodable one would be
		// a programming error the store refuses as an empty write-up
		body = nil
	}
	return store.Witness{Engine: engine, Version: own.Version, Title: own.Title, Feature: own.Feature,
		RootCause: rootCauseOf(b, engine), Body: body}
}

// Bug is the write-up a stored finding holds, its status the finding's
// current one. A write-up that does not read back (the store guarantees
// a JSON object, not its members' types) is the finding's own columns.
func Bug(r store.Report) report.Bug {
	var b report.Bug
	if err := json.Unmarshal(r.Bug, &b); err != nil {
		b = report.Bug{Engine: r.Engine, Version: r.Version, Class: diff.Class(r.Class), Kind: triage.Kind(r.Kind),
			Signature: r.Signature, Feature: r.Feature, Title: r.Title + " (stored report unreadable: " + err.Error() + ")"}
	}
	b.Status = r.Status
	return b
}

// wrongEngines are the engines a bug is filed against, sorted, once each:
// its signature's wrong side, its own engine when that does not read.
func wrongEngines(b report.Bug) []string {
	var out []string
	if sig, err := triage.ParseSignature(b.Signature); err == nil {
		out = append(out, sig.Wrong...)
	}
	if len(out) == 0 && b.Engine != "" {
		out = append(out, b.Engine)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// rootCauseOf is engine's root cause in b (zero when b's reports do not
// have one: a bug written before root causes).
func rootCauseOf(b report.Bug, engine string) rootcause.RootCause {
	for _, er := range b.Reports {
		if er.Engine == engine {
			return er.RootCause
		}
	}
	if b.RootCause != nil && b.Engine == engine {
		return *b.RootCause
	}
	return rootcause.RootCause{}
}

// forEngine is the bug as filed against engine: Engine and Version are
// that engine's, its answer comes first among the actual answers (the
// others stay, as annotations), and of the per-engine tracker reports only
// its own is kept (it has one line for each other engine). The title is
// its tracker report's, naming the engine, after the bug's bracketed
// status.
func forEngine(b report.Bug, engine string) report.Bug {
	b.Engine = engine
	for _, er := range b.Reports {
		if er.Engine == engine {
			b.Reports, b.Effect = []report.EngineReport{er}, er.Effect
			b.RootCause = &b.Reports[0].RootCause
			b.Title, b.Feature = titlePrefix(b.Title)+er.Title+" ("+engine+")", er.Feature
			break
		}
	}
	actual := make([]report.EngineAnswer, 0, len(b.Actual))
	for _, a := range b.Actual {
		if a.Engine == engine {
			b.Version = a.Version
			actual = append(actual, a)
		}
	}
	for _, a := range b.Actual {
		if a.Engine != engine {
			actual = append(actual, a)
		}
	}
	if b.Actual != nil {
		b.Actual = actual
	}
	return b
}

// titlePrefix is a bug title's bracketed status ("[spec question] "), if any.
func titlePrefix(title string) string {
	if strings.HasPrefix(title, "[") {
		if i := strings.Index(title, "] "); i > 0 {
			return title[:i+2]
		}
	}
	return ""
}

// Size is the length of a stored finding's reproducer (query and data):
// of two witnesses of one root cause, lists show the smaller.
func Size(r store.Report) int {
	rep := Bug(r).Reproducer
	return len(rep.Query) + len(rep.Data)
}
