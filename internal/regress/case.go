package regress

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Case is one corpus case.
type Case struct {
	ID     string
	Dir    string
	Query  string // the query (query.rq), or the update request (update.ru) when Update
	Update bool   // an update case: Query is applied to Data as a store (regress_update.go)
	Data   *rdf.Dataset
	Meta   map[string]string // header keys: metaKeys
	Expect []Expect          // one per engine, in file order
	// Witnesses are the other reduced cases of the root causes this case
	// is the face of (witnesses.tsv).
	Witnesses []Witness
	// Actual holds each wrong engine's answer and reproducer (actual.json).
	Actual []Actual
}

// Expect is one engine's recorded verdict. Basis is what a wrong verdict
// rests on ("text:anchor", "erratum:id", "w3c-test:iri", "contested:ref");
// Reduction is the verification of the case's reduction for that engine
// ("minimal=verified tried=N", "stopped", "not-minimal tried=N"), empty for
// an engine the case was not reduced for. Title is a wrong engine's own
// title for its tracker (the construct and the effect, report.EngineReport).
type Expect struct {
	Engine    string
	Version   string
	Outcome   triage.Outcome
	Classes   []diff.Class
	Basis     string
	Reduction string
	Title     string
	// The root cause of a wrong engine's finding (internal/rootcause): its
	// id, severity, symptom and trigger (constructs joined by ", ").
	RootCause string
	Severity  string
	Symptom   string
	Trigger   string
}

// triggers are the recorded trigger's constructs (none when empty).
func (e Expect) triggers() []string {
	if e.Trigger == "" {
		return nil
	}
	return strings.Split(e.Trigger, ", ")
}

// Oracle returns the case as an oracle.Case of its kind: a query, or an
// update request applied to Data as the store.
func (c *Case) Oracle() *oracle.Case {
	oc := &oracle.Case{Name: "regress/" + c.ID, Dataset: c.Data}
	if c.Update {
		oc.Update = c.Query
	} else {
		oc.Query = c.Query
	}
	return oc
}

// LoadDir reads every query case under dir (one subdirectory each),
// sorted by id; update cases (a folder with update.ru) are LoadUpdateDir's,
// so readers that run cases as queries never see them.
func LoadDir(dir string) ([]*Case, error) { return loadDir(dir, false) }

// LoadUpdateDir reads every update case under dir, sorted by id.
func LoadUpdateDir(dir string) ([]*Case, error) { return loadDir(dir, true) }

func loadDir(dir string, updates bool) ([]*Case, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []*Case
	for _, e := range ents {
		if !e.IsDir() || isUpdateDir(filepath.Join(dir, e.Name())) != updates {
			continue
		}
		c, err := Load(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func isUpdateDir(dir string) bool { return fileExists(filepath.Join(dir, "update.ru")) }

// Load reads one case directory (query.rq, or update.ru for an update
// case, data.nq, expect.tsv).
func Load(dir string) (*Case, error) {
	c := &Case{ID: filepath.Base(dir), Dir: dir, Meta: map[string]string{}, Update: isUpdateDir(dir)}
	q, err := os.ReadFile(filepath.Join(dir, c.textFile()))
	if err != nil {
		return nil, err
	}
	c.Query = string(q)
	data, err := os.ReadFile(filepath.Join(dir, "data.nq"))
	if err != nil {
		return nil, err
	}
	quads, err := rdf.ParseNQuads(bytes.NewReader(data), filepath.Join(dir, "data.nq"))
	if err != nil {
		return nil, err
	}
	c.Data = rdf.NewDataset()
	for _, qd := range quads {
		c.Data.Add(qd)
	}
	exp, err := os.ReadFile(filepath.Join(dir, "expect.tsv"))
	if err != nil {
		return nil, err
	}
	if err := c.parseExpect(filepath.Join(dir, "expect.tsv"), string(exp)); err != nil {
		return nil, err
	}
	if err := c.readWitnesses(); err != nil {
		return nil, err
	}
	return c, c.readActual()
}

// parseExpect reads expect.tsv; errors name file:line.
func (c *Case) parseExpect(name, text string) error {
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		switch {
		case strings.HasPrefix(t, "# "):
			if k, v, ok := strings.Cut(t[2:], ": "); ok {
				c.Meta[k] = v
			}
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "engine\tversion\t"):
		default:
			e, err := parseExpectLine(t)
			if err != nil {
				return fmt.Errorf("%s:%d: %v", name, line, err)
			}
			c.Expect = append(c.Expect, e)
		}
	}
	return sc.Err()
}

func parseExpectLine(t string) (Expect, error) {
	f := strings.Split(t, "\t")
	if len(f) < 3 {
		return Expect{}, fmt.Errorf("want engine, version, outcome[, classes], got %q", t)
	}
	e := Expect{Engine: f[0], Version: f[1], Outcome: triage.Outcome(f[2])}
	if len(f) > 4 {
		e.Basis = f[4]
	}
	if len(f) > 5 {
		e.Reduction = f[5]
	}
	if len(f) > 6 {
		e.Title = f[6]
	}
	if len(f) > 10 {
		e.RootCause, e.Severity, e.Symptom, e.Trigger = f[7], f[8], f[9], f[10]
	}
	if len(f) > 3 && f[3] != "" {
		for _, s := range strings.Split(f[3], ",") {
			cl, err := diff.ParseClass(s)
			if err != nil {
				return Expect{}, err
			}
			e.Classes = append(e.Classes, cl)
		}
	}
	return e, nil
}

// expectHeader is the column header line of expect.tsv.
const expectHeader = expectHeaderNoRoots + "\troot_cause\tseverity\tsymptom\ttrigger"

// expectHeaderNoRoots is the header of a case recorded without root
// causes (none of its engines is wrong, or it predates them).
const expectHeaderNoRoots = "engine\tversion\toutcome\tclasses\tbasis\treduction\ttitle"

// metaKeys is the order header keys are written in: what the case shows
// (origin: its own divergence, the engine it was reduced for and the
// seed it came from; seed-origin: the seed's own origin line), the seeds
// whose reductions it is the smallest witness of (seeds), the reduced
// case's fingerprint (reduce.Fingerprint), how many other witnesses of its
// root causes witnesses.tsv holds (witnesses),
// its name from the reduced divergence (title, feature), the signature and
// status of its first divergence, the reduction figures of the engine it
// was first reduced for, the releases its finding shows in (bisect.go), and
// the engines seen to answer it otherwise from run to run (flaky).
var metaKeys = []string{"origin", "seed-origin", "seeds", "fingerprint", "witnesses", "title", "feature", "signature", "status", "reduction", "bisect", "flaky"}

// Write writes the case into its directory.
func (c *Case) Write() error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	var data bytes.Buffer
	if err := rdf.WriteNQuads(&data, c.Data.Quads()); err != nil {
		return err
	}
	q := c.Query
	if !strings.HasSuffix(q, "\n") {
		q += "\n"
	}
	for name, body := range map[string][]byte{c.textFile(): []byte(q), "data.nq": data.Bytes(), "expect.tsv": []byte(c.expectText())} {
		if err := os.WriteFile(filepath.Join(c.Dir, name), body, 0o644); err != nil {
			return err
		}
	}
	if err := c.writeWitnesses(); err != nil {
		return err
	}
	return c.writeActual()
}

// textFile is the name the case's SPARQL text is saved under.
func (c *Case) textFile() string {
	if c.Update {
		return "update.ru"
	}
	return "query.rq"
}

func (c *Case) expectText() string {
	var b strings.Builder
	for _, k := range metaKeys {
		if v := c.Meta[k]; v != "" {
			fmt.Fprintf(&b, "# %s: %s\n", k, v)
		}
	}
	rooted := slices.ContainsFunc(c.Expect, func(e Expect) bool { return e.RootCause != "" })
	if rooted {
		b.WriteString(expectHeader + "\n")
	} else {
		b.WriteString(expectHeaderNoRoots + "\n")
	}
	for _, e := range c.Expect {
		cs := make([]string, len(e.Classes))
		for i, cl := range e.Classes {
			cs[i] = string(cl)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s", e.Engine, e.Version, e.Outcome, strings.Join(cs, ","), e.Basis, e.Reduction, e.Title)
		if rooted {
			fmt.Fprintf(&b, "\t%s\t%s\t%s\t%s", e.RootCause, e.Severity, e.Symptom, e.Trigger)
		}
		b.WriteString("\n")
	}
	return b.String()
}
