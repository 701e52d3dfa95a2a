package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffUpdate: `oracle diff -u` over a TriG store and over a catalogue
// (whose sources LOAD reads) judges the engine's store all-correct; bad
// requests and stores are usage errors with exit 1, bad flags exit 2.
func TestDiffUpdate(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"u.ru":     "PREFIX ex: <http://ex/>\nDELETE { GRAPH ?g { ?s ex:p ?o } } INSERT { ?s ex:q ?o } WHERE { GRAPH ?g { ?s ex:p ?o } } ;\nDROP GRAPH ex:none",
		"d.trig":   "PREFIX ex: <http://ex/>\nex:a ex:p 1 .\nGRAPH ex:g { ex:a ex:p _:b . _:b ex:p ex:c }\n",
		"load.ru":  "LOAD <http://ex/doc> INTO GRAPH <http://ex/g>",
		"cat.json": `{"default": "<http://ex/a> <http://ex/p> 1 .", "sources": {"http://ex/doc": "_:b <http://ex/q> 2 ."}}`,
		"bad.ru":   "INSERT DATA { ?s <http://ex/p> 1 }",
		"bad.trig": "<http://ex/g> { <http://ex/a> <http://ex/p> \"x }",
		"query.rq": "ASK {}",
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, args := range [][]string{
		{"-u", p("u.ru"), "-d", p("d.trig"), "--engines", "engine", "--format", "json"},
		{"-u", p("load.ru"), "--dataset", p("cat.json"), "--engines", "engine", "--format", "json"},
	} {
		code, out := capture(t, func() int { return runDiff(args) })
		var rep struct {
			Kind     string `json:"kind"`
			Verdicts []struct {
				Engine, Outcome string
				Quads           int
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitOK {
			t.Fatalf("diff %q: exit %d, %v\n%s", args, code, err, out)
		}
		if rep.Kind != "all-correct" || len(rep.Verdicts) != 2 || rep.Verdicts[1].Engine != "engine" || rep.Verdicts[1].Outcome != "correct" {
			t.Errorf("diff %q: report %+v", args, rep)
		}
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"-u", p("bad.ru"), "--empty-dataset", "--engines", "engine"}, exitUsage},
		{[]string{"-u", p("u.ru"), "-d", p("bad.trig"), "--engines", "engine"}, exitUsage},
		{[]string{"-u", p("missing.ru"), "--empty-dataset", "--engines", "engine"}, exitUsage},
		{[]string{"-u", p("u.ru"), "--engines", "engine"}, exitArgs}, // no store: -d, --dataset or --empty-dataset
		{[]string{"-u", p("u.ru"), "-q", p("query.rq")}, exitArgs},
		{[]string{"-u", p("u.ru"), "--format", "csv"}, exitArgs},
	} {
		if code, out := capture(t, func() int { return runDiff(c.args) }); code != c.code {
			t.Errorf("diff %q: exit %d, want %d\n%s", c.args, code, c.code, out)
		}
	}
}

// TestDiffUpdateReduce: `oracle diff -u --reduce --format md` reduces
// pyoxigraph's refusal of a PREFIX after ';' (#rUpdate allows a prologue
// before each operation) to a verified 1-minimal request and writes the
// report with pyoxigraph's own reproducer.
func TestDiffUpdateReduce(t *testing.T) {
	requireInstalled(t, "pyoxigraph")
	dir := writeFiles(t, map[string]string{
		"u.ru": "INSERT DATA { <http://ex/a> <http://ex/p> 1 } ;\nPREFIX ex: <http://ex/>\nINSERT DATA { ex:b ex:p 2 }\n",
		"d.nq": "<http://ex/x> <http://ex/p> <http://ex/y> .\n",
	})
	args := []string{"-u", filepath.Join(dir, "u.ru"), "-d", filepath.Join(dir, "d.nq"), "--engines", "pyoxigraph", "--reduce", "--format", "md"}
	code, out := capture(t, func() int { return runDiff(args) })
	if code != exitDiverges {
		t.Fatalf("exit %d, want 3:\n%s", code, out)
	}
	for _, want := range []string{"`rejected`", "pyoxigraph 0.5.13", "verified 1-minimal", "#rUpdate", "store.update(", "data.nq"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
