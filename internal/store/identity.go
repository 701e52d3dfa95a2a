package store

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
)

// Identity is what makes two filings the same finding: the engine that
// diverges and the root cause its divergence is a witness of
// (rootcause.RootCause.ID: family, class group, trigger, symptom). The
// engines that agreed with the judge, the other engines wrong on the same
// case, the seed and the reduced case's names are not part of it: adding
// a bystander engine or sweeping new seeds changes no identity. Class and
// Fingerprint (the reduced case's) are the witness's, kept beside it. A
// witness written before root causes (a zero Witness.RootCause) is keyed
// by (engine, class, fingerprint) as before.
type Identity struct {
	Engine      string `json:"engine"`
	Class       string `json:"class"`
	Fingerprint string `json:"fingerprint"`
	RootCause   string `json:"root_cause,omitempty"`
}

// Key is the identity as one string, the reports table's unique dedup_key.
func (i Identity) Key() string {
	if i.RootCause != "" {
		return i.Engine + "/" + i.RootCause
	}
	return i.Engine + "/" + i.Class + "/" + i.Fingerprint
}

// Root is the root cause the identity witnesses: its id, or the reduced
// case's fingerprint for an identity written before root causes.
func (i Identity) Root() string {
	if i.RootCause != "" {
		return i.RootCause
	}
	return i.Fingerprint
}

// IdentitiesOf is one identity per witness of the record (one per engine
// on its wrong side), each with that engine's root cause.
func IdentitiesOf(r Record) []Identity {
	fp := FingerprintOf(r.Reproducer)
	var out []Identity
	for _, w := range r.Witnesses {
		out = append(out, Identity{Engine: w.Engine, Class: r.Class, Fingerprint: fp, RootCause: w.RootCause.ID})
	}
	return out
}

// FingerprintOf is reduce.Fingerprint of a reproducer. The data is the
// N-Quads a report wrote (read by rdf.ParseNQuads, our own reader, safe
// in-process); data that does not read back (never written by a report)
// is hashed as text beside the normalised query.
func FingerprintOf(r Reproducer) string {
	qs, err := rdf.ParseNQuads(strings.NewReader(r.Data), "reproducer")
	if err != nil {
		h := sha256.Sum256([]byte(reduce.Fingerprint(r.Query, r.Base, nil) + "\x00" + r.Data))
		return hex.EncodeToString(h[:8])
	}
	ds := rdf.NewDataset()
	for _, q := range qs {
		ds.Add(q)
	}
	return reduce.Fingerprint(r.Query, r.Base, ds)
}

// CaseFindings are the findings of one (reduced) case: one per engine and
// class the case's engines are wrong in (wrong: engine → classes), all of
// the case's fingerprint. docs/findings.md counts the regression corpus
// with CountFindings over them (internal/regress), as the store counts
// its reports.
func CaseFindings(query, base string, ds *rdf.Dataset, wrong map[string][]string) []Finding {
	fp := reduce.Fingerprint(query, base, ds)
	var out []Finding
	for engine, classes := range wrong {
		for _, c := range classes {
			out = append(out, Finding{Identity: Identity{Engine: engine, Class: c, Fingerprint: fp}})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

// FindingCounts counts findings (one engine's witness of a root cause:
// distinct identities) and root causes (distinct root-cause ids; one per
// family, listing its members), overall, per engine, per family and per
// severity. Untriaged and Intended count root causes: a root cause is
// untriaged while some witness of it is, intended when every witness is
// an intended deviation or won't fix.
type FindingCounts struct {
	Findings   int            `json:"findings"`
	RootCauses int            `json:"root_causes"`
	Untriaged  int            `json:"untriaged_root_causes"`
	Intended   int            `json:"intended_root_causes"`
	ByEngine   []EngineCount  `json:"by_engine"`           // sorted by engine
	ByStatus   map[string]int `json:"by_status,omitempty"` // findings per status
	// BySeverity counts root causes per severity (wrong-answer, crash,
	// error, refusal, cosmetic).
	BySeverity map[string]int `json:"by_severity"`
	ByFamily   []FamilyCount  `json:"by_family"` // sorted by family
	// Shared are the root causes on more than one engine, most engines first.
	Shared []RootCause `json:"shared"`
}

// EngineCount is one engine's findings (per status too, when statuses
// were counted) and the root causes they fall in.
type EngineCount struct {
	Engine     string         `json:"engine"`
	Findings   int            `json:"findings"`
	RootCauses int            `json:"root_causes"`
	ByStatus   map[string]int `json:"by_status,omitempty"`
}

// FamilyCount is one family's root causes, per severity, and how many are
// untriaged or intended.
type FamilyCount struct {
	Family     string         `json:"family"`
	RootCauses int            `json:"root_causes"`
	Untriaged  int            `json:"untriaged"`
	Intended   int            `json:"intended"`
	BySeverity map[string]int `json:"by_severity"`
}

// RootCause is one root cause and the engines (and classes) it diverges on.
type RootCause struct {
	ID          string   `json:"id"`
	Fingerprint string   `json:"fingerprint"` // of its first witness counted
	Family      string   `json:"family,omitempty"`
	Severity    string   `json:"severity,omitempty"`
	Engines     []string `json:"engines"`
	Classes     []string `json:"classes"`
	Untriaged   bool     `json:"untriaged"`
	Intended    bool     `json:"intended"`
}

// Finding is one row to count: an identity, its status ("" when none),
// and its root cause's family and severity.
type Finding struct {
	Identity
	Status   string `json:"status,omitempty"`
	Family   string `json:"family,omitempty"`
	Severity string `json:"severity,omitempty"`
}

// CountFindings counts findings by identity and by root cause; the same
// identity twice counts once. docs/findings.md counts the corpus with it
// (internal/regress), the store its reports.
func CountFindings(fs []Finding) FindingCounts {
	c := FindingCounts{ByStatus: map[string]int{}, ByEngine: []EngineCount{}, Shared: []RootCause{}, BySeverity: map[string]int{}}
	seen := map[string]bool{}
	roots := map[string]*RootCause{}
	engineRoots := map[string]map[string]bool{}
	for _, f := range fs {
		if seen[f.Key()] {
			continue
		}
		seen[f.Key()] = true
		c.Findings++
		if f.Status != "" {
			c.ByStatus[f.Status]++
		}
		rc := roots[f.Root()]
		if rc == nil {
			rc = &RootCause{ID: f.Root(), Fingerprint: f.Fingerprint, Family: f.Family, Severity: f.Severity, Intended: true}
			roots[f.Root()] = rc
		}
		rc.Engines, rc.Classes = addSorted(rc.Engines, f.Engine), addSorted(rc.Classes, f.Class)
		rc.Untriaged = rc.Untriaged || f.Status == "" || Untriaged(f.Status)
		rc.Intended = rc.Intended && (f.Status == StatusIntended || f.Status == StatusWontFix)
		if engineRoots[f.Engine] == nil {
			engineRoots[f.Engine] = map[string]bool{}
		}
		engineRoots[f.Engine][f.Root()] = true
		c.ByEngine = countEngine(c.ByEngine, f.Engine, f.Status)
	}
	c.RootCauses = len(roots)
	for i := range c.ByEngine {
		c.ByEngine[i].RootCauses = len(engineRoots[c.ByEngine[i].Engine])
	}
	c.ByFamily = countFamilies(roots, &c)
	c.Shared = shared(roots)
	return c
}

// countFamilies adds up the root causes per family and severity, and the
// untriaged and intended ones overall.
func countFamilies(roots map[string]*RootCause, c *FindingCounts) []FamilyCount {
	byFam := map[string]*FamilyCount{}
	for _, rc := range roots {
		fam := rc.Family
		if fam == "" {
			fam = rc.Engines[0]
		}
		fc := byFam[fam]
		if fc == nil {
			fc = &FamilyCount{Family: fam, BySeverity: map[string]int{}}
			byFam[fam] = fc
		}
		fc.RootCauses++
		sev := rc.Severity
		if sev == "" {
			sev = "unknown"
		}
		fc.BySeverity[sev]++
		c.BySeverity[sev]++
		if rc.Untriaged {
			fc.Untriaged++
			c.Untriaged++
		}
		if rc.Intended {
			fc.Intended++
			c.Intended++
		}
	}
	out := make([]FamilyCount, 0, len(byFam))
	for _, fc := range byFam {
		out = append(out, *fc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Family < out[j].Family })
	return out
}

func addSorted(xs []string, x string) []string {
	i, found := slices.BinarySearch(xs, x)
	if found {
		return xs
	}
	return slices.Insert(xs, i, x)
}

// countEngine adds one finding to the engine's count, keeping the list sorted.
func countEngine(es []EngineCount, engine, status string) []EngineCount {
	i, found := slices.BinarySearchFunc(es, engine, func(e EngineCount, name string) int { return strings.Compare(e.Engine, name) })
	if !found {
		es = slices.Insert(es, i, EngineCount{Engine: engine})
	}
	es[i].Findings++
	if status != "" {
		if es[i].ByStatus == nil {
			es[i].ByStatus = map[string]int{}
		}
		es[i].ByStatus[status]++
	}
	return es
}

// shared lists the root causes on several engines, most engines first.
func shared(roots map[string]*RootCause) []RootCause {
	out := []RootCause{}
	for _, rc := range roots {
		if len(rc.Engines) > 1 {
			out = append(out, *rc)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].Engines) != len(out[j].Engines) {
			return len(out[i].Engines) > len(out[j].Engines)
		}
		return out[i].ID < out[j].ID
	})
	return out
}
