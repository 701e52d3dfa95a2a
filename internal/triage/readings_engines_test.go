package triage_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestReadingsOnEngines runs testdata/engines/*.txt through the real
// engines named in each "== expect" section ("ENGINE OUTCOME [BASIS-KIND
// [NOTE TEXT]]"): the contested readings evaluated both ways and §17.6's
// extension points, judged as oracle diff judges them. An engine that is
// not installed is skipped, by name.
func TestReadingsOnEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external engines")
	}
	files, _ := filepath.Glob("testdata/engines/*.txt")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { runEngineCase(t, f) })
	}
}

func runEngineCase(t *testing.T, path string) {
	sec := parseSections(t, path)
	c := &oracle.Case{Name: path, Query: sec["query"], Dataset: rdf.NewDataset()}
	data, err := os.ReadFile(filepath.Join("testdata/engines", sec["data"]))
	if err != nil {
		t.Fatal(err)
	}
	qs, err := rdf.Parse(bytes.NewReader(data), rdf.Turtle, "", sec["data"])
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		c.Dataset.Add(q)
	}
	engines := []oracle.Engine{registry.Reference(reference.Options{})}
	want := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(sec["expect"]), "\n") {
		f := strings.Fields(line)
		e, err := registry.New(f[0])
		if err != nil {
			t.Fatalf("%s: %v", f[0], err)
		}
		engines, want[f[0]] = append(engines, e), f[1:]
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := triage.Triage(c, oracle.Run(ctx, c, engines, time.Minute))
	for name, w := range want {
		checkEngine(t, r.Verdict(name), name, w)
	}
}

func checkEngine(t *testing.T, v *triage.EngineVerdict, name string, want []string) {
	if v == nil {
		t.Fatalf("%s: no verdict", name)
	}
	if v.Outcome == triage.Unavailable || errors.Is(v.Err, oracle.ErrUnavailable) {
		t.Logf("%s is not installed here: %v", name, v.Err)
		return
	}
	if string(v.Outcome) != want[0] {
		t.Fatalf("%s: outcome %s (%v %v), want %s", name, v.Outcome, v.Classes, v.Err, want[0])
	}
	if len(want) == 1 {
		return
	}
	b := v.Verdict.Basis
	if b == nil || string(b.Kind) != want[1] {
		t.Fatalf("%s: basis %+v, want kind %s", name, b, want[1])
	}
	if note := strings.Join(want[2:], " "); !strings.Contains(b.Note, note) {
		t.Errorf("%s: basis note %q lacks %q", name, b.Note, note)
	}
}

// parseSections reads "== name [arg]" sections; "== data FILE" names the
// data file.
func parseSections(t *testing.T, path string) map[string]string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, cur := map[string]string{}, ""
	for _, line := range strings.Split(string(src), "\n") {
		if h, ok := strings.CutPrefix(line, "== "); ok {
			name, arg, _ := strings.Cut(h, " ")
			cur, out[name] = name, arg
			continue
		}
		if cur != "" && !strings.HasPrefix(line, "#") {
			out[cur] += line + "\n"
		}
	}
	return out
}
