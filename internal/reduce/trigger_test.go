package reduce_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/reduce"
)

// triggerRow is one line of testdata/triggers.tsv: a corpus case, an
// engine wrong on it in a class, and what Trigger finds (labels joined by
// "; "). The trigger and removed columns are golden: `go test
// ./internal/reduce -run TestTrigger -update` rewrites them from the
// installed engines (rows of engines not installed are kept as they are).
type triggerRow struct {
	dir, engine      string
	class            diff.Class
	trigger, removed string
}

const triggerHeader = "case\tengine\tclass\ttrigger\tremoved"

func readTriggerRows(t *testing.T, path string) []triggerRow {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []triggerRow
	for i, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if i == 0 || strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("%s:%d: %d columns, want 5 (%s)", path, i+1, len(f), triggerHeader)
		}
		cl, err := diff.ParseClass(f[2])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, triggerRow{f[0], f[1], cl, f[3], f[4]})
	}
	return out
}

// TestTrigger ablates corpus cases with the real engine that is wrong on
// them, against the judge: each row's trigger and removed labels must be
// what Trigger finds, the ablated case must still show the divergence's
// group, and no bound may stop it. A row whose engine is not installed is
// skipped with a message.
func TestTrigger(t *testing.T) {
	path := filepath.Join("testdata", "triggers.tsv")
	rows := readTriggerRows(t, path)
	root := triggerCases
	for i := range rows {
		r := &rows[i]
		t.Run(r.dir+"/"+r.engine, func(t *testing.T) {
			start := time.Now()
			a, err := ablate(t, filepath.Join(root, r.dir), r)
			if err != nil {
				t.Fatal(err)
			}
			got, removed := strings.Join(a.Trigger, "; "), strings.Join(a.Removed, "; ")
			t.Logf("%s %s %s: trigger [%s] removed [%s], %d calls, %s\n%s", r.dir, r.engine, r.class, got, removed,
				a.Calls, time.Since(start).Round(time.Millisecond), a.text)
			if !a.Complete {
				t.Errorf("a bound stopped the ablation")
			}
			for _, l := range a.Trigger {
				if slices.Contains(a.Removed, l) {
					t.Errorf("%q is both in the trigger and removed", l)
				}
			}
			if golden.Update() {
				r.trigger, r.removed = got, removed
				return
			}
			if got != r.trigger || removed != r.removed {
				t.Errorf("trigger [%s] removed [%s], testdata/triggers.tsv says [%s] [%s]", got, removed, r.trigger, r.removed)
			}
		})
	}
	if golden.Update() {
		var b strings.Builder
		b.WriteString(triggerHeader + "\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", r.dir, r.engine, r.class, r.trigger, r.removed)
		}
		golden.File(t, path, b.String())
	}
}

// ablation is Ablation or UpdateAblation, as the test reads them.
type ablation struct {
	Trigger, Removed []string
	Calls            int
	Complete         bool
	text             string // the ablated case's query or request
}

// ablate runs Trigger on the case in dir, or UpdateTrigger when it is an
// update case (update.ru).
// triggerCases holds the cases the trigger table ablates: copies of
// corpus cases as they were recorded (the corpus is re-recorded and renamed
// as root causes change; these stay).
var triggerCases = filepath.Join("testdata", "triggercases")

func ablate(t *testing.T, dir string, r *triggerRow) (ablation, error) {
	engines := installed(t, r.engine)
	ctx, lim := context.Background(), reduce.Limits{Deadline: deadline}
	if _, err := os.Stat(filepath.Join(dir, "update.ru")); err == nil {
		a, err := reduce.UpdateTrigger(ctx, loadUpdate(t, dir), engines, r.engine, r.class, lim)
		if a.Case == nil {
			return ablation{}, err
		}
		return ablation{a.Trigger, a.Removed, a.Calls, a.Complete, a.Case.Update}, err
	}
	a, err := reduce.Trigger(ctx, loadCase(t, dir), engines, r.engine, r.class, lim)
	if a.Case == nil {
		return ablation{}, err
	}
	return ablation{a.Trigger, a.Removed, a.Calls, a.Complete, a.Case.Query}, err
}

// TestTriggerNotSurvived: a case the engine is right on is refused with
// ErrNotSurvived, and Trigger keeps every label.
func TestTriggerNotSurvived(t *testing.T) {
	engines := installed(t, "comunica")
	c := loadCase(t, filepath.Join(triggerCases, "comunica-bind-missing-rows"))
	c.Query = "SELECT ?v1 WHERE { [] ?v2 ?v3 . BIND(?v3 AS ?v1) }" // no REDUCED: Comunica answers right
	a, err := reduce.Trigger(context.Background(), c, engines, "comunica", diff.ClassMissingRows, reduce.Limits{Deadline: deadline})
	if err == nil || !strings.Contains(err.Error(), reduce.ErrNotSurvived.Error()) {
		t.Fatalf("err = %v, want ErrNotSurvived", err)
	}
	if !slices.Contains(a.Trigger, "BIND") || a.Calls != 1 {
		t.Errorf("ablation %+v", a)
	}
}

// TestTriggerBounded: a call bound stops the ablation; the result says so
// and keeps the labels it did not try.
func TestTriggerBounded(t *testing.T) {
	engines := installed(t, "oxigraph")
	c := loadCase(t, filepath.Join(triggerCases, "triple-wrong-value"))
	a, err := reduce.Trigger(context.Background(), c, engines, "oxigraph", diff.ClassWrongValue, reduce.Limits{MaxCalls: 2, Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	if a.Complete || a.Calls > 2 {
		t.Errorf("complete %v after %d calls, want a stopped ablation within 2", a.Complete, a.Calls)
	}
	// The first call checks the case, the second removes BIND (the first
	// label tried): TRIPLE, only inside BIND, goes with it; nothing else was tried.
	for _, l := range []string{"SELECT *", "literal xsd:int", "triple term"} {
		if !slices.Contains(a.Trigger, l) {
			t.Errorf("untried %q not in the trigger %v", l, a.Trigger)
		}
	}
}
