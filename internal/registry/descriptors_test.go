package registry

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

var updateDocs = flag.Bool("update", false, "rewrite the descriptor table of docs/engines.md")

// TestDescriptors: every engine the registry builds is described with a
// tested version, and every external one with a tracker and a newest
// release with its source and the date it was checked. Family and
// staleness are data, pinned by docs/engines.md's table (TestEnginesDoc),
// so adding an engine touches no table here.
func TestDescriptors(t *testing.T) {
	names := append([]string{"reference", "engine"}, External()...)
	for _, name := range names {
		d, ok := oracle.Describe(name)
		switch {
		case !ok:
			t.Errorf("%s: not described", name)
		case d.Version == "":
			t.Errorf("%s: no tested version (install.Pinned)", name)
		case d.Family == inHouse:
			continue
		case d.Tracker == "" || d.Newest.Version == "" || d.Newest.Source == "" || d.Newest.Checked == "":
			t.Errorf("%s: want a tracker and a newest release with source and date checked: %+v", name, d)
		}
	}
	if len(names) < 12 {
		t.Errorf("only %v described: the registry links every adapter in (engines.go)", names)
	}
	if d, _ := oracle.Describe("oxilite"); d.Parser != "oxigraph" {
		t.Errorf("oxilite parses with Oxigraph's spargebra: Parser %q", d.Parser)
	}
}

// ruleCase is one corpus case (corpus/regress/<id>) and engine a rule
// must match (or must not). The symptom, where a rule identifies the root
// cause by it, is the one internal/regress/testdata/upstream/symptoms.tsv
// records for the pair (with its evidence), which mkupstream.py reads
// too; symptom here overrides it, to show what a rule must not match.
type ruleCase struct {
	id, engine, symptom string
}

var ruleCases = map[string]struct{ match, miss []ruleCase }{
	"oxigraph-literal-normalisation": {
		match: []ruleCase{{"oxigraph-basic-graph-pattern-copied-literal-changed", "oxigraph", ""},
			{"update-insert-changed-literal", "pyoxigraph", ""}, {"update-empty-request-changed-literal", "oxigraph-server", ""},
			{"property-path-copied-literal-changed", "oxigraph", ""}},
		miss: []ruleCase{{"oxigraph-property-path-duplicate-rows", "oxigraph", ""}, {"attean-count-missing-rows", "pyoxigraph", ""}},
	},
	"oxigraph-triple-term-normalisation": {
		match: []ruleCase{{"oxigraph-basic-graph-pattern-wrong-value", "oxigraph", ""},
			{"oxigraph-basic-graph-pattern-wrong-value-3", "pyoxigraph", ""}, {"triple-wrong-value", "oxigraph-server", ""}},
		miss: []ruleCase{{"oxigraph-basic-graph-pattern-copied-literal-changed", "oxigraph", "literal rewritten to canonical form"},
			{"triple-wrong-value", "oxigraph", "value changed"}},
	},
	"oxigraph-path-alternative-distinct": {
		match: []ruleCase{{"oxigraph-property-path-duplicate-rows", "oxigraph", ""}, {"oxigraph-property-path-duplicate-rows", "pyoxigraph", ""}},
		miss:  []ruleCase{{"oxigraph-basic-graph-pattern-copied-literal-changed", "oxigraph", ""}},
	},
	"oxigraph-empty-implicit-group": {
		match: []ruleCase{{"oxigraph-count-missing-rows", "oxigraph", ""}, {"oxilite-count-missing-rows", "oxigraph", ""}},
		miss:  []ruleCase{{"attean-count-missing-rows", "oxigraph", ""}, {"oxilite-count-missing-rows-2", "oxigraph-server", ""}},
	},
	"jena-group-concat-empty-group": {
		match: []ruleCase{{"fuseki-group-concat-unbound-vs-bound", "jena", ""}},
		miss:  []ruleCase{{"attean-count-missing-rows", "jena", ""}, {"fuseki-basic-graph-pattern-missing-rows", "fuseki", ""}},
	},
	"jena-triple-literal-subject": {
		match: []ruleCase{{"triple-error-vs-answer", "jena", ""}},
		miss:  []ruleCase{{"fuseki-group-concat-unbound-vs-bound", "jena", ""}},
	},
	"rdflib-literal-normalisation": {
		match: []ruleCase{{"update-insert-changed-literal", "rdflib", ""}, {"rdflib-basic-graph-pattern-copied-literal-changed", "rdflib", ""}},
		miss:  []ruleCase{{"rasqal-group-by-extra-rows", "rdflib", ""}},
	},
	"rdflib-group-by-empty-input": {
		match: []ruleCase{{"rasqal-group-by-extra-rows", "rdflib", ""}, {"rdfquery-group-by-extra-rows", "rdflib", ""}},
		miss:  []ruleCase{{"update-insert-changed-literal", "rdflib", ""}},
	},
	"rdflib-exists-outside-filter": {
		match: []ruleCase{{"rdflib-basic-graph-pattern-error-vs-answer", "rdflib", ""},
			{"fuseki-values-error-vs-answer", "rdflib", ""},
			{"group-concat-rejected", "rdflib", ""},
			{"rdflib-group-by-error-vs-answer", "rdflib", ""},
			{"fuseki-property-path-error-vs-answer", "rdflib", ""}},
		// EXISTS over an empty VALUES fails otherwise: another fault.
		miss: []ruleCase{{"rdflib-bind-error-vs-answer", "rdflib", ""},
			{"rdflib-property-path-error-vs-answer", "rdflib", ""}},
	},
	"rdflib-negated-inverse-path": {
		match: []ruleCase{{"rdflib-property-path-error-vs-answer", "rdflib", ""}},
		miss:  []ruleCase{{"rdflib-basic-graph-pattern-error-vs-answer", "rdflib", ""}},
	},
	"virtuoso-boolean-as-integer": {
		match: []ruleCase{{"virtuoso-basic-graph-pattern-wrong-value", "virtuoso", ""}, {"rdflib-bind-error-vs-answer", "virtuoso", ""}},
		miss:  []ruleCase{{"arithmetic-computed-value", "virtuoso", "value changed"}},
	},
	"virtuoso-having-without-group-by": {
		match: []ruleCase{{"virtuoso-basic-graph-pattern-rejected", "virtuoso", ""}, {"attean-count-missing-rows", "virtuoso", ""},
			{"fuseki-basic-graph-pattern-missing-rows", "virtuoso", ""}, {"rdf4j-count-missing-rows", "virtuoso", ""}},
		miss: []ruleCase{{"oxilite-count-missing-rows", "virtuoso", ""}, {"rdflib-property-path-error-vs-answer", "virtuoso", ""}},
	},
	"virtuoso-minus-no-shared-variable": {
		match: []ruleCase{{"virtuoso-minus-missing-rows", "virtuoso", ""}},
		miss:  []ruleCase{{"attean-count-missing-rows", "virtuoso", ""}},
	},
	"virtuoso-insert-data-blank-node": {
		match: []ruleCase{{"update-request-sequence-rejected", "virtuoso", ""}, {"virtuoso-update-insert-data-rejected", "virtuoso", ""}},
		miss:  []ruleCase{{"update-empty-graph-block-rejected", "virtuoso", ""}, {"virtuoso-basic-graph-pattern-rejected", "virtuoso", ""}},
	},
	"virtuoso-order-mixed-term-kinds": {
		match: []ruleCase{{"virtuoso-order-by-order", "virtuoso", ""}},
		miss:  []ruleCase{{"virtuoso-optional-wrong-value", "virtuoso", ""}, {"virtuoso-minus-missing-rows", "virtuoso", ""}},
	},
	"virtuoso-integer-division": {
		match: []ruleCase{{"arithmetic-computed-value", "virtuoso", ""}, {"arithmetic-computed-datatype", "virtuoso", ""}},
		miss:  []ruleCase{{"arithmetic-error-vs-answer", "virtuoso", ""}, {"virtuoso-basic-graph-pattern-wrong-value", "virtuoso", ""}},
	},
}

// TestKnownRules checks every rule of every adapter's known.json against
// real corpus cases: the ones it was written for match, others do not.
// A rule with no row here fails: each rule is tested.
func TestKnownRules(t *testing.T) {
	symptoms = readSymptoms(t)
	seen := map[string]bool{}
	for _, d := range oracle.Described() {
		for _, r := range d.Rules {
			seen[r.ID] = true
			cases, ok := ruleCases[r.ID]
			if !ok || len(cases.match) == 0 || len(cases.miss) == 0 {
				t.Errorf("%s (%s): no corpus case it must match and must not match", r.ID, d.Name)
				continue
			}
			for _, c := range cases.match {
				if !matchesCase(t, r, c) {
					t.Errorf("%s: does not match %s on %s", r.ID, c.engine, c.id)
				}
			}
			for _, c := range cases.miss {
				if matchesCase(t, r, c) {
					t.Errorf("%s: matches %s on %s, another root cause", r.ID, c.engine, c.id)
				}
			}
			if fam := oracle.FamilyRules(d.Name); !slices.ContainsFunc(fam, func(x oracle.Rule) bool { return x.ID == r.ID }) {
				t.Errorf("%s: not among %s's family rules", r.ID, d.Name)
			}
		}
	}
	for id := range ruleCases {
		if !seen[id] {
			t.Errorf("ruleCases names %s, which no known.json declares", id)
		}
	}
}

// matchesCase builds the facts of engine on the case from its expect.tsv
// and its query, and reports whether r matches them under any of the
// engine's classes. The trigger and symptom are the expect.tsv row's
// (internal/rootcause's, once the case is recorded with them); a case
// recorded before has its feature line as the trigger and the symptom
// symptoms.tsv records; ruleCase.symptom overrides both.
func matchesCase(t *testing.T, r oracle.Rule, c ruleCase) bool {
	t.Helper()
	dir := filepath.Join("testdata", "rulecases", c.id) // copies of corpus cases as recorded (re-recording renames the corpus)
	row := expectRow(t, filepath.Join(dir, "expect.tsv"), c.engine)
	query, err := os.ReadFile(filepath.Join(dir, "query.rq"))
	if os.IsNotExist(err) {
		query, err = os.ReadFile(filepath.Join(dir, "update.ru"))
	}
	if err != nil {
		t.Fatal(err)
	}
	symptom := row.symptom
	if symptom == "" {
		symptom = symptoms[c.id+"\t"+c.engine]
	}
	if c.symptom != "" {
		symptom = c.symptom
	}
	for _, class := range row.classes {
		f := oracle.Facts{Engine: c.engine, Class: class, Trigger: row.trigger, Symptom: symptom, Query: string(query)}
		if r.Matches(f) {
			return true
		}
	}
	return false
}

// symptoms is symptoms.tsv by "case\tengine".
var symptoms map[string]string

func readSymptoms(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "regress", "testdata", "upstream", "symptoms.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "case\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("symptoms.tsv:%d: want case, engine, symptom, evidence", i+1)
		}
		out[f[0]+"\t"+f[1]] = f[2]
	}
	return out
}

// factsRow is what an expect.tsv row says of one engine.
type factsRow struct {
	classes, trigger []string
	symptom          string
}

// expectRow reads engine's row of an expect.tsv: its classes, and the
// symptom and trigger columns (internal/regress/case.go's expectHeader)
// when the row has them, else the case's feature line as the trigger.
func expectRow(t *testing.T, path, engine string) factsRow {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var row factsRow
	feature := ""
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "# feature: "); ok {
			feature = v
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 4 || cols[0] != engine || cols[3] == "" {
			continue
		}
		row.classes = strings.Split(cols[3], ",")
		if len(cols) > 10 {
			row.symptom = cols[9]
			if cols[10] != "" {
				row.trigger = strings.Split(cols[10], ", ")
			}
		}
	}
	if len(row.classes) == 0 {
		t.Fatalf("%s: no divergence of %s", path, engine)
	}
	if row.trigger == nil {
		row.trigger = []string{feature}
	}
	return row
}

const (
	tableBegin = "<!-- descriptors: generated by go test ./internal/registry -run TestEnginesDoc -update -->\n"
	tableEnd   = "<!-- end descriptors -->\n"
)

// TestEnginesDoc keeps docs/engines.md's descriptor table equal to the
// descriptors (-update rewrites it).
func TestEnginesDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "engines.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	before, rest, ok := strings.Cut(doc, tableBegin)
	_, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok || !ok2 {
		t.Fatalf("%s: no descriptor table between %q and %q", path, strings.TrimSpace(tableBegin), strings.TrimSpace(tableEnd))
	}
	want := before + tableBegin + DescriptorTable() + tableEnd + after
	if *updateDocs {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != doc {
		t.Errorf("%s: the descriptor table is out of date: go test ./internal/registry -run TestEnginesDoc -update", path)
	}
}
