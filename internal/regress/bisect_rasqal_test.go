package regress

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Rasqal's git master beside the pinned 0.9.33 (scripts/install.sh
// rasqal_master builds it as rasqal@master). corpus/regress/rasqal-master.tsv
// says, for every Rasqal finding of the corpus, what master does with it:
// still (the same outcome and classes as recorded on 0.9.33), changed
// (another wrong class, or an error, crash or refusal instead), fixed
// (judged correct). It is data: rasqalMasterFlag rewrites it from a run of
// every finding on master; TestRasqalMaster checks three of its rows
// (one of each status) against both releases.
var rasqalMasterFlag = flag.Bool("rasqal-master", false,
	"rewrite corpus/regress/rasqal-master.tsv: every Rasqal finding of the corpus judged on rasqal@master")

const (
	rasqalMasterFile = "rasqal-master.tsv"
	rasqalMaster     = "rasqal@master"
)

// masterRow is one line of rasqal-master.tsv.
type masterRow struct {
	id, pinned, master, status, note string
}

func (r masterRow) String() string {
	return strings.Join([]string{r.id, r.pinned, r.master, r.status, r.note}, "\t")
}

// TestRasqalMaster: `oracle bisect` over a Rasqal finding reports 0.9.33
// and master. Three recorded cases (the first fixed, changed and still
// row of rasqal-master.tsv) are judged on rasqal and rasqal@master: 0.9.33
// gives the verdict expect.tsv records, master the one the table records.
// With -rasqal-master the table is rewritten instead (about a minute).
func TestRasqalMaster(t *testing.T) {
	requireMaster(t)
	dir := corpusDir(t)
	if *rasqalMasterFlag {
		writeMasterTable(t, dir)
		return
	}
	rows := readMasterTable(t, filepath.Join(dir, rasqalMasterFile))
	for _, status := range []string{"fixed", "changed", "still"} {
		i := slices.IndexFunc(rows, func(r masterRow) bool { return r.status == status })
		if i < 0 {
			t.Errorf("%s has no %s row", rasqalMasterFile, status)
			continue
		}
		want := rows[i]
		t.Run(status+"/"+want.id, func(t *testing.T) {
			c, err := Load(filepath.Join(dir, want.id))
			if err != nil {
				t.Fatal(err)
			}
			got := judgeMasterRow(context.Background(), c, recorded(c))
			if got.pinned != want.pinned || got.master != want.master || got.status != want.status {
				t.Errorf("got  %v\nwant %v", got, want)
			}
			vs, err := Bisect(context.Background(), c.Oracle(), "rasqal", "", Deadline)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(BisectLine("rasqal", vs))
			// Bisect counts a wrong answer or a failure where the judge
			// answered as the finding; an unsupported feature is unjudged.
			outcome, _, _ := strings.Cut(want.master, " ")
			present := slices.Contains([]string{"wrong", "error", "rejected", "crashed"}, outcome)
			if len(vs) != 2 || vs[1].Release.Name != rasqalMaster || vs[1].Present != present {
				t.Errorf("bisect: %s (%s)", BisectLine("rasqal", vs), outcomes(vs))
			}
		})
	}
}

// TestRasqalMasterTable: the table has one row per Rasqal finding of the
// corpus, each with the outcome expect.tsv records for 0.9.33; after a
// regeneration of the corpus, rewrite it with -rasqal-master.
func TestRasqalMasterTable(t *testing.T) {
	dir := corpusDir(t)
	rows := readMasterTable(t, filepath.Join(dir, rasqalMasterFile))
	cases, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, c := range rasqalFindings(cases) {
		e := recorded(c)
		want[c.ID] = outcomeCell(e.Outcome, e.Classes)
	}
	for _, r := range rows {
		if w, ok := want[r.id]; !ok || w != r.pinned {
			t.Errorf("%s: 0.9.33 %q in %s, %q in its expect.tsv: rewrite it (go test ./internal/regress -run TestRasqalMaster -rasqal-master)",
				r.id, r.pinned, rasqalMasterFile, w)
		}
		delete(want, r.id)
	}
	for id := range want {
		t.Errorf("%s: a Rasqal finding missing from %s: rewrite it (-rasqal-master)", id, rasqalMasterFile)
	}
}

// requireMaster skips, saying how to build it, when rasqal@master is not
// installed.
func requireMaster(t *testing.T) {
	t.Helper()
	if err := (&registry.Config{}).Check(rasqalMaster); err != nil {
		t.Skipf("rasqal@master is not built (%v)", err)
	}
	if err := (&registry.Config{}).Check("rasqal"); err != nil {
		t.Skipf("rasqal is not installed (%v)", err)
	}
}

// rasqalFindings are the cases holding a Rasqal finding: its expect.tsv
// row is on the wrong side of a divergence (it has a basis).
func rasqalFindings(cases []*Case) []*Case {
	var out []*Case
	for _, c := range cases {
		if e := recorded(c); e.Basis != "" {
			out = append(out, c)
		}
	}
	return out
}

// recorded is the rasqal row of a case's expect.tsv.
func recorded(c *Case) Expect {
	for _, e := range c.Expect {
		if e.Engine == "rasqal" {
			return e
		}
	}
	return Expect{}
}

// judgeMasterRow judges c on the judge, rasqal and rasqal@master at once,
// as `oracle diff -q query.rq -d data.nq --engines rasqal,rasqal@master`
// does, and words master's verdict against rec, 0.9.33's recorded one.
func judgeMasterRow(ctx context.Context, c *Case, rec Expect) masterRow {
	var es []oracle.Engine
	for _, n := range []string{oracle.JudgeName, "rasqal", rasqalMaster} {
		e, err := registry.New(n)
		if err != nil {
			return masterRow{id: c.ID, note: err.Error()}
		}
		defer registry.Close(e)
		es = append(es, e)
	}
	rep := triage.Judge(ctx, c.Oracle(), es, Deadline)
	r := masterRow{id: c.ID, pinned: outcomeCell(rec.Outcome, rec.Classes)}
	if v := rep.Verdict("rasqal"); v == nil || outcomeCell(v.Outcome, v.Classes) != r.pinned {
		r.note = "0.9.33 now: " + verdictCell(v)
	}
	m := rep.Verdict(rasqalMaster)
	r.master = verdictCell(m)
	switch {
	case m == nil:
		r.status = "unjudged"
	case m.Outcome == triage.Correct || m.Outcome == triage.Extended:
		r.status = "fixed"
	case r.master == r.pinned:
		r.status = "still"
	case m.Outcome == triage.Unjudged || m.Outcome == triage.TimedOut || m.Outcome == triage.Unavailable:
		r.status = "unjudged"
	default:
		r.status = "changed"
	}
	return r
}

// outcomeCell is an outcome and its classes: "wrong missing-rows", "crashed".
func outcomeCell(o triage.Outcome, cls []diff.Class) string {
	return strings.TrimSpace(string(o) + " " + strings.Join(classNames(cls), ","))
}

func verdictCell(v *triage.EngineVerdict) string {
	if v == nil {
		return "not run"
	}
	return outcomeCell(v.Outcome, v.Classes)
}

func classNames(cls []diff.Class) []string {
	var out []string
	for _, c := range cls {
		out = append(out, string(c))
	}
	return out
}

// writeMasterTable judges every Rasqal finding on master and rewrites the
// table, its header saying how it was made and the counts.
func writeMasterTable(t *testing.T, dir string) {
	cases, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	master, err := registry.New(rasqalMaster)
	if err != nil {
		t.Fatal(err)
	}
	version := master.Version()
	registry.Close(master)
	start := time.Now()
	var rows []masterRow
	count := map[string]int{}
	for _, c := range rasqalFindings(cases) {
		r := judgeMasterRow(context.Background(), c, recorded(c))
		rows = append(rows, r)
		count[r.status]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Every Rasqal finding of corpus/regress (recorded on 0.9.33, Debian 12 rasqal-utils) judged on Rasqal's git master.\n")
	fmt.Fprintf(&b, "# rasqal@master: %s, dajobe/rasqal git master built by scripts/install.sh rasqal_master from rasqal-master-9e2b187d.tar.gz.\n", version)
	fmt.Fprintf(&b, "# made by: go test ./internal/regress -run TestRasqalMaster -rasqal-master (%s, %.0f s); each case as\n", time.Now().UTC().Format("2006-01-02"), time.Since(start).Seconds())
	fmt.Fprintf(&b, "#   oracle diff -q CASE/query.rq -d CASE/data.nq --engines rasqal,rasqal@master --format json judges it.\n")
	fmt.Fprintf(&b, "# status: still = master gives 0.9.33's outcome and classes; changed = another wrong class, or an error,\n")
	fmt.Fprintf(&b, "#   crash or refusal; fixed = master is judged correct. note: the live 0.9.33 verdict where it differs from expect.tsv.\n")
	fmt.Fprintf(&b, "# counts: %d findings: fixed %d, changed %d, still %d", len(rows), count["fixed"], count["changed"], count["still"])
	if count["unjudged"] > 0 {
		fmt.Fprintf(&b, ", unjudged %d", count["unjudged"])
	}
	b.WriteString("\ncase\t0.9.33\tmaster\tstatus\tnote\n")
	for _, r := range rows {
		b.WriteString(r.String() + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, rasqalMasterFile), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d findings: fixed %d, changed %d, still %d, unjudged %d", rasqalMasterFile, len(rows),
		count["fixed"], count["changed"], count["still"], count["unjudged"])
}

// readMasterTable reads the table's rows (after its comments and header).
func readMasterTable(t *testing.T, path string) []masterRow {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v: write it with go test ./internal/regress -run TestRasqalMaster -rasqal-master", err)
	}
	defer f.Close()
	var rows []masterRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "case\t") || line == "" {
			continue
		}
		p := strings.Split(line, "\t")
		if len(p) != 5 {
			t.Fatalf("%s:%d: %d fields, want 5 (case, 0.9.33, master, status, note)", path, n, len(p))
		}
		rows = append(rows, masterRow{p[0], p[1], p[2], p[3], p[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
