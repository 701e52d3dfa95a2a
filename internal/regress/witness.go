package regress

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Witness is another reduced case of a root cause whose face is the case
// it is stored with: the same engine family, class group, trigger and
// symptom, reached from another seed (or another engine of the family).
// It is data of the root cause, not a case of its own: the corpus runs the
// face, and the findings page counts the witnesses.
type Witness struct {
	RootCause   string
	Engine      string
	Class       string
	Seed        string
	Fingerprint string
	Query       string
	Data        string // N-Quads
}

const witnessHeader = "root_cause\tengine\tclass\tseed\tfingerprint\tquery\tdata"

// witnessFile is where a case keeps its root causes' other witnesses.
const witnessFile = "witnesses.tsv"

// writeWitnesses writes c's witnesses (removing a stale file when none).
func (c *Case) writeWitnesses() error {
	path := filepath.Join(c.Dir, witnessFile)
	if len(c.Witnesses) == 0 {
		return removeStale(path)
	}
	var b strings.Builder
	b.WriteString("# other reduced cases of this case's root causes (regen.go); query and data escaped: \\n \\t \\\\\n")
	b.WriteString(witnessHeader + "\n")
	for _, w := range c.Witnesses {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", w.RootCause, w.Engine, w.Class, w.Seed, w.Fingerprint,
			escapeField(w.Query), escapeField(w.Data))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readWitnesses reads a case's witnesses.tsv, if any; errors name file:line.
func (c *Case) readWitnesses() error {
	path := filepath.Join(c.Dir, witnessFile)
	data, err := readOptional(path)
	if data == nil || err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		if t == "" || strings.HasPrefix(t, "#") || t == witnessHeader {
			continue
		}
		f := strings.Split(t, "\t")
		if len(f) != 7 {
			return fmt.Errorf("%s:%d: want 7 tab-separated fields (%s), got %d", path, line, witnessHeader, len(f))
		}
		c.Witnesses = append(c.Witnesses, Witness{RootCause: f[0], Engine: f[1], Class: f[2], Seed: f[3],
			Fingerprint: f[4], Query: unescapeField(f[5]), Data: unescapeField(f[6])})
	}
	return sc.Err()
}

var fieldEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, "\r", `\r`)

func escapeField(s string) string { return fieldEscaper.Replace(s) }

func unescapeField(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// nquadsOf writes a dataset as N-Quads ("" for none).
func nquadsOf(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	var b bytes.Buffer
	_ = rdf.WriteNQuads(&b, ds.Quads())
	return b.String()
}

// Actual is what a wrong engine answered on the case when it was recorded
// (actual.json): its answer or error as the report writes it, and its
// engine-only reproducer. The findings page shows them beside the
// expected answer.
type Actual struct {
	Engine  string `json:"engine"`
	Version string `json:"version"`
	Outcome string `json:"outcome"`
	Format  string `json:"format"` // tsv, boolean, ntriples, error
	Text    string `json:"text"`
	Command string `json:"command"`
}

const actualFile = "actual.json"

func (c *Case) writeActual() error {
	path := filepath.Join(c.Dir, actualFile)
	if len(c.Actual) == 0 {
		return removeStale(path)
	}
	b, err := json.MarshalIndent(c.Actual, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func (c *Case) readActual() error {
	path := filepath.Join(c.Dir, actualFile)
	data, err := readOptional(path)
	if data == nil || err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c.Actual); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// removeStale removes the file a case no longer needs; one that is not
// there is no error.
func removeStale(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// readOptional reads a file a case may lack: nil and no error when it is
// not there (an empty file reads as nil too: it holds nothing).
func readOptional(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	return data, err
}
