package reproducers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/adapters/rdf4j"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/adapters/virtuoso"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// hostileCase is one entry of testdata/hostile.json.
type hostileCase struct {
	Name   string `json:"name"`
	Query  string `json:"query"` // the query, or the request when Update
	Data   string `json:"data"`  // N-Quads
	Base   string `json:"base"`
	Update bool   `json:"update"`
}

func loadCases(t *testing.T) []hostileCase {
	b, err := os.ReadFile(filepath.Join("testdata", "hostile.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cs []hostileCase
	if err := json.Unmarshal(b, &cs); err != nil {
		t.Fatalf("testdata/hostile.json: %v", err)
	}
	return cs
}

// releases are the releases beside the pinned ones whose reproducers are
// covered (internal/registry/releases.go registers them the same way).
const jenaRelease, pyoxigraphRelease, oxigraphRelease = "5.6.0", "0.4.11", "0.4.11"

// engines are every adapter's engines, built without starting anything
// (no process starts before the first Eval): their reproducers are what
// reports carry. The generic endpoint has none: its report carries the
// oracle line only, which is run all the same.
func engines() []oracle.Engine {
	es := []oracle.Engine{oxigraph.New("", 1), comunica.New("", 1), jena.New("", 1), rdf4j.New("", 1),
		rasqal.New(rasqal.Config{}), virtuoso.New(virtuoso.Options{}),
		sparqlhttp.OxigraphServer(filepath.Join(os.TempDir(), "no-such-oxigraph")),
		sparqlhttp.Fuseki("java", sparqlhttp.FusekiJar),
		sparqlhttp.New(sparqlhttp.Config{Name: "endpoint", Query: "http://127.0.0.1:9/sparql"}),
		sidecar.New(jena.ReleaseConfig("", jenaRelease, 1)),
		rasqal.NewRelease(rasqal.Config{Name: "rasqal@master", Release: "master 0123456789abcdef0123456789abcdef01234567"})}
	for _, n := range python.Names {
		es = append(es, python.New(n, "", "", 1))
	}
	for _, n := range attean.Names {
		es = append(es, attean.New(n, "", 1))
	}
	py := python.Config("pyoxigraph", "", "", 1)
	py.Name = "pyoxigraph@" + pyoxigraphRelease
	sidecar.SetReproducer(py.Name, python.ReleaseReproducer(pyoxigraphRelease))
	ox := oxigraph.Config("", 1)
	ox.Name = "oxigraph@" + oxigraphRelease
	sidecar.SetReproducer(ox.Name, oxigraph.ReleaseReproducer(oxigraphRelease))
	return append(es, sidecar.New(py), sidecar.New(ox))
}

// local are the commands reproducers call by a path in the folder.
var local = []string{"apache-jena-" + jena.Version + "/bin/sparql", "apache-jena-" + jenaRelease + "/bin/sparql"}

// writes are the files a script is meant to write, by engine (the others
// write none).
var writes = map[string]*regexp.Regexp{
	rasqal.Name:           regexp.MustCompile(`^(g[0-9]+|default)\.nq$`),
	"rasqal@master":       regexp.MustCompile(`^(g[0-9]+|default)\.nq$`),
	jena.Name:             regexp.MustCompile(`^ApplyUpdate\.java$`),
	"jena@" + jenaRelease: regexp.MustCompile(`^ApplyUpdate\.java$`),
	rdf4j.Name:            regexp.MustCompile(`^pom\.xml$`),
}

// TestHostileReproducers builds the query or update report of each
// hostile case with every adapter's engine wrong, takes each engine's
// Reproduce block from the Markdown (it must be the JSON command), runs it
// with the engines recorded, and checks what it did.
func TestHostileReproducers(t *testing.T) {
	es := engines()
	for _, hc := range loadCases(t) {
		t.Run(hc.Name, func(t *testing.T) {
			blocks := reportBlocks(t, hc, es)
			if want := reportable(es, hc.Update); len(blocks) != want {
				t.Fatalf("the report has %d Reproduce blocks, want one per engine (%d)", len(blocks), want)
			}
			for _, b := range blocks {
				t.Run(b.engine, func(t *testing.T) { checkBlock(t, hc, b) })
			}
		})
	}
}

// reportable counts the engines a report of the kind can name.
func reportable(es []oracle.Engine, update bool) int {
	n := 0
	for _, e := range es {
		if _, ok := oracle.AsUpdater(e); ok || !update {
			n++
		}
	}
	return n
}

// block is one engine's Reproduce block, with the files the report tells
// the maintainer to save.
type block struct {
	engine, text string
	native       bool // the engine's own reproducer, not the oracle line alone
	files        map[string]string
	c            oracle.NativeCase
}

// reportBlocks renders the report of hc and returns its Reproduce blocks,
// in the report's order, checked against each engine report's command
// (the JSON `command`).
func reportBlocks(t *testing.T, hc hostileCase, es []oracle.Engine) []block {
	quads, err := rdf.ParseNQuads(strings.NewReader(hc.Data), hc.Name)
	if err != nil {
		t.Fatalf("data: %v", err)
	}
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	if hc.Update {
		return updateBlocks(t, hc, ds, es)
	}
	return queryBlocks(t, hc, ds, es)
}

func queryBlocks(t *testing.T, hc hostileCase, ds *rdf.Dataset, es []oracle.Engine) []block {
	c := &oracle.Case{Name: hc.Name, Query: hc.Query, Base: hc.Base, Dataset: ds}
	a := judgeAnswer(c)
	outs := []oracle.Outcome{{Engine: oracle.JudgeName, Version: "dev", Answer: a}, {Engine: oracle.TwinName, Version: "dev", Answer: a}}
	for _, e := range es {
		outs = append(outs, oracle.Outcome{Engine: e.Name(), Version: "1", Err: fmt.Errorf("%w: boom", oracle.ErrQueryError)})
	}
	r := triage.Triage(c, outs)
	bugs := report.Bugs(r, es...)
	if len(bugs) != 1 {
		t.Fatalf("%d bugs (kind %s, %s), want 1", len(bugs), r.Kind, r.Reason)
	}
	var md bytes.Buffer
	if err := report.WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	rep := bugs[0].Reproducer
	files := map[string]string{"query.rq": rep.Query, "data.nq": rep.Data}
	var cmds []string
	for _, er := range bugs[0].Reports {
		cmds = append(cmds, er.Command)
	}
	if bugs[0].Reports[0].Native == nil {
		t.Errorf("%s: no native reproducer", bugs[0].Reports[0].Engine)
	}
	return pair(t, md.String(), bugs[0].Reports, cmds, files, rep.Case())
}

// judgeAnswer is an answer of the query's form: the report needs the
// judge to have answered, not what.
func judgeAnswer(c *oracle.Case) *results.Answer {
	nc := oracle.NativeCase{Query: c.Query}
	switch {
	case nc.GraphForm():
		return &results.Answer{Kind: results.Graph}
	case nc.Form() == "ASK":
		return &results.Answer{Kind: results.Boolean, Boolean: true}
	}
	return &results.Answer{Kind: results.Bindings, Vars: []string{"o"}}
}

func updateBlocks(t *testing.T, hc hostileCase, ds *rdf.Dataset, es []oracle.Engine) []block {
	uc := &oracle.Case{Name: hc.Name, Update: hc.Query, Base: hc.Base, Dataset: ds}
	run := &reduce.UpdateRun{Case: uc, Kind: triage.KindEngineBug}
	var wrong []string
	var updaters []oracle.Engine
	for _, e := range es {
		if _, ok := oracle.AsUpdater(e); !ok {
			continue // never in an update report
		}
		updaters = append(updaters, e)
		run.Verdicts = append(run.Verdicts, reduce.UpdateVerdict{Engine: e.Name(), Version: "1", Outcome: triage.Errored,
			Class: diff.ClassErrorVsAnswer, Classes: []diff.Class{diff.ClassErrorVsAnswer}, Err: errors.New("boom")})
		wrong = append(wrong, e.Name())
	}
	sort.Strings(wrong)
	run.Divergences = []triage.Divergence{{Signature: triage.Signature{Class: diff.ClassErrorVsAnswer, Wrong: wrong}}}
	bugs := report.UpdateBugs(run, updaters...)
	var md bytes.Buffer
	if err := report.WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	b := bugs[0]
	files := map[string]string{"update.ru": b.Reproducer.Query, "data.nq": b.Reproducer.Data}
	var refs []report.EngineReport
	var cmds []string
	for _, er := range b.Reports {
		refs = append(refs, report.EngineReport{EngineRef: er.EngineRef, Native: er.Native})
		cmds = append(cmds, er.Command)
	}
	return pair(t, md.String(), refs, cmds, files, b.Reproducer.Case())
}

// pair matches the Markdown's Reproduce blocks with the engine reports,
// in order, each block the report's command.
func pair(t *testing.T, md string, ers []report.EngineReport, cmds []string, files map[string]string, c oracle.NativeCase) []block {
	texts := reproduceBlocks(t, md)
	if len(texts) != len(ers) {
		t.Fatalf("%d Reproduce blocks for %d engine reports", len(texts), len(ers))
	}
	var out []block
	for i, er := range ers {
		if texts[i] != cmds[i] {
			t.Errorf("%s: the Markdown block is not the JSON command:\n%s\n---\n%s", er.Engine, texts[i], cmds[i])
		}
		out = append(out, block{engine: er.Engine, text: texts[i], native: er.Native != nil, files: files, c: c})
	}
	return out
}

var fenceLine = regexp.MustCompile("^(`{3,}|~{3,})")

// reproduceBlocks are the fenced blocks under each "### Reproduce".
func reproduceBlocks(t *testing.T, md string) []string {
	var out []string
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "### Reproduce" {
			continue
		}
		for i++; i < len(lines) && !fenceLine.MatchString(lines[i]); i++ {
		}
		if i == len(lines) {
			t.Fatal("a Reproduce heading without a block")
		}
		fence := fenceLine.FindString(lines[i])
		var body []string
		for i++; i < len(lines) && lines[i] != fence; i++ {
			body = append(body, lines[i])
		}
		out = append(out, strings.Join(body, "\n"))
	}
	return out
}

// engineCalls are recorded commands that are not installers or the oracle.
var installers = map[string]bool{"sudo": true, "apt-get": true, "npm": true, "mvn": true, "tar": true, "oracle": true,
	"git": true, "make": true}

// checkBlock runs b and holds what it did to the case.
func checkBlock(t *testing.T, hc hostileCase, b block) {
	r := adaptertest.RunRecorded(t, adaptertest.Script{Text: b.text, Files: b.files, Local: local})
	logRun := func() { t.Logf("script:\n%s\nstdout: %s\nstderr: %s\nerr: %v", b.text, r.Stdout, r.Stderr, r.Err) }
	if len(r.Stray) > 0 {
		t.Errorf("files created outside the folder (an injection ran): %v", r.Stray)
		logRun()
	}
	if bad := unexpected(b.engine, r.Created); len(bad) > 0 {
		t.Errorf("files created in the folder that the script is not meant to write: %v", bad)
		logRun()
	}
	if len(r.Changed) > 0 {
		t.Errorf("the case's files changed: %v", r.Changed)
	}
	if strings.Contains(r.Stderr, "syntax error") || strings.Contains(r.Stderr, "command not found") {
		t.Errorf("the shell misread the script: %s", r.Stderr)
	}
	checkHeredocs(t, b.text, r)
	if !b.native {
		checkOracleLine(t, b, r)
		return
	}
	if !hasEngineCall(r) {
		t.Errorf("no engine command ran")
		logRun()
		return
	}
	file := b.c.File()
	if !delivered(r, file, b.files[file]) && !deliveredRasqal(b, r) {
		t.Errorf("%s did not reach the engine byte for byte", file)
		logRun()
	}
	if !delivered(r, "data.nq", b.files["data.nq"]) && !splitData(b, r) {
		t.Errorf("data.nq did not reach the engine byte for byte")
		logRun()
	}
	if hc.Base != "" && !baseDelivered(r, hc.Base) {
		t.Errorf("the base IRI %q did not reach the engine as written", hc.Base)
		logRun()
	}
}

func hasEngineCall(r *adaptertest.ScriptRun) bool {
	for _, c := range r.Calls {
		if !installers[c.Name] {
			return true
		}
	}
	return false
}

func unexpected(engine string, created []string) []string {
	var bad []string
	for _, f := range created {
		if re, ok := writes[engine]; !ok || !re.MatchString(f) {
			bad = append(bad, f)
		}
	}
	return bad
}

var heredocStart = regexp.MustCompile(`<<'(EOF_[0-9a-f]{12})'$`)

// checkHeredocs: every heredoc of the script has a quoted terminator made
// by oracle.Heredoc, and its body reached a command's stdin, or the file
// the script writes from it, whole; no line outside a body opens another
// kind of heredoc.
func checkHeredocs(t *testing.T, script string, r *adaptertest.ScriptRun) {
	lines := strings.Split(script, "\n")
	for i := 0; i < len(lines); i++ {
		m := heredocStart.FindStringSubmatch(lines[i])
		if m == nil {
			if strings.Contains(lines[i], "<<") && !strings.HasPrefix(lines[i], "#") {
				t.Errorf("line %d opens a heredoc oracle.Heredoc did not write: %s", i+1, lines[i])
			}
			continue
		}
		var body []string
		for i++; i < len(lines) && lines[i] != m[1]; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Errorf("heredoc %s never ends", m[1])
			return
		}
		text := strings.Join(body, "\n") + "\n"
		if !received(r, text) {
			t.Errorf("heredoc %s did not reach its command whole:\n%s", m[1], text)
		}
	}
}

// received: some command read text on its stdin, or the script wrote it
// to a file of its own.
func received(r *adaptertest.ScriptRun, text string) bool {
	for _, c := range r.Calls {
		if strings.Contains(c.Stdin, text) {
			return true
		}
	}
	for _, f := range r.Created {
		if r.Contents[f] == text {
			return true
		}
	}
	return false
}

// delivered: the text of file reached an engine as written: as the file
// an argument names (curl @file, --data=file), on stdin (isql, curl @-),
// as an argument ("$(cat file)", which drops trailing newlines), or the
// file left unchanged and named by a program that reads it (the heredoc
// programs, isql's TTLP).
func delivered(r *adaptertest.ScriptRun, file, text string) bool {
	for _, c := range r.Calls {
		if c.Files[file] == text || strings.Contains(c.Stdin, text) {
			return true
		}
		for _, a := range c.Args {
			if a == strings.TrimRight(text, "\n") {
				return true
			}
		}
	}
	if r.Contents[file] != text {
		return false
	}
	for _, c := range r.Calls {
		if !installers[c.Name] && strings.Contains(c.Stdin, file) {
			return true
		}
	}
	for _, f := range r.Created {
		if strings.Contains(r.Contents[f], file) {
			return true
		}
	}
	return false
}

// deliveredRasqal: roqet received the query with each graph IRI renamed
// to its file's URI (adapters/rasqal/reproducer.go).
func deliveredRasqal(b block, r *adaptertest.ScriptRun) bool {
	if !strings.HasPrefix(b.engine, rasqal.Name) {
		return false
	}
	want := b.c.Query
	for i, g := range b.c.Graphs() {
		want = strings.ReplaceAll(want, "<"+g+">", fmt.Sprintf("<file://%s/g%d.nq>", r.Dir, i+1))
	}
	want = strings.TrimRight(want, "\n")
	for _, c := range r.Calls {
		for _, a := range c.Args {
			if a == want {
				return true
			}
		}
	}
	return false
}

// splitData: Rasqal's split files hold exactly the data's lines.
func splitData(b block, r *adaptertest.ScriptRun) bool {
	if !strings.HasPrefix(b.engine, rasqal.Name) || len(b.c.Graphs()) == 0 {
		return false
	}
	var got []string
	for _, f := range r.Created {
		got = append(got, strings.SplitAfter(r.Contents[f], "\n")...)
	}
	want := strings.SplitAfter(b.files["data.nq"], "\n")
	return sameLines(got, want)
}

func sameLines(a, b []string) bool {
	clean := func(ls []string) []string {
		var out []string
		for _, l := range ls {
			if l != "" {
				out = append(out, l)
			}
		}
		sort.Strings(out)
		return out
	}
	return strings.Join(clean(a), "") == strings.Join(clean(b), "")
}

// baseDelivered: the base IRI reached an engine as written: an argument
// holding it, a BASE line on stdin, or a string literal of the program's
// language holding it (internal/oracle/literal.go).
func baseDelivered(r *adaptertest.ScriptRun, base string) bool {
	forms := []string{"BASE <" + base + ">", oracle.JSString(base), oracle.JavaString(base), oracle.PerlString(base), strconv.Quote(base)}
	for _, c := range r.Calls {
		for _, a := range c.Args {
			if strings.Contains(a, base) {
				return true
			}
		}
		for _, f := range forms {
			if strings.Contains(c.Stdin, f) {
				return true
			}
		}
	}
	for _, f := range r.Created {
		if strings.Contains(r.Contents[f], oracle.JavaString(base)) {
			return true
		}
	}
	return false
}

// checkOracleLine: a block without the engine's own reproducer is the
// oracle invocation alone: one oracle call naming the case's files, with
// the base as one argument as written.
func checkOracleLine(t *testing.T, b block, r *adaptertest.ScriptRun) {
	if len(r.Calls) != 1 || r.Calls[0].Name != "oracle" {
		t.Errorf("want one oracle call, got %+v", r.Calls)
		return
	}
	args := r.Calls[0].Args
	if r.Calls[0].Files[b.c.File()] != b.files[b.c.File()] || r.Calls[0].Files["data.nq"] != b.files["data.nq"] {
		t.Errorf("the oracle line does not name the case's files: %q", args)
	}
	if b.c.Base != "" && !slices.Contains(args, b.c.Base) {
		t.Errorf("the oracle line does not pass the base as written: %q", args)
	}
}
