package results

import (
	"bytes"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// suiteDir is the W3C suite's sparql/ folder (w3csuite: the submodule or a
// local copy); the test fails with w3csuite.Missing when there is none.
func suiteDir(t testing.TB) string {
	t.Helper()
	return filepath.Join(w3csuite.Require(t), "sparql")
}

// dump prints an answer in a stable text form for goldens and diffs.
func dump(a *Answer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind %s\n", a.Kind)
	switch a.Kind {
	case Boolean:
		fmt.Fprintf(&b, "boolean %t\n", a.Boolean)
	case Graph:
		lines := make([]string, len(a.Triples))
		for i, t := range a.Triples {
			lines[i] = "triple " + t.String()
		}
		sort.Strings(lines)
		b.WriteString(strings.Join(lines, "\n") + "\n")
	default:
		b.WriteString("vars")
		for _, v := range a.Vars {
			b.WriteString(" ?" + v)
		}
		b.WriteString("\n")
		for _, row := range a.Rows {
			b.WriteString("row")
			for _, v := range a.Vars {
				if t, ok := row[v]; ok {
					fmt.Fprintf(&b, " ?%s=%s", v, t)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// normal makes nil and empty slices alike so answers compare with DeepEqual.
func normal(a *Answer) Answer {
	n := *a
	if len(n.Vars) == 0 {
		n.Vars = nil
	}
	if len(n.Rows) == 0 {
		n.Rows = nil
	}
	if len(n.Triples) == 0 {
		n.Triples = nil
	}
	return n
}

func sameAnswer(a, b *Answer) bool {
	return reflect.DeepEqual(normal(a), normal(b))
}

type writeFn func(w *bytes.Buffer, a *Answer) error
type readFn func(r *bytes.Buffer) (*Answer, error)

// roundTrip writes a and reads it back; it returns a description of any
// difference, or "".
func roundTrip(a *Answer, write writeFn, read readFn) string {
	var buf bytes.Buffer
	if err := write(&buf, a); err != nil {
		return "write: " + err.Error()
	}
	text := buf.String()
	back, err := read(&buf)
	if err != nil {
		return fmt.Sprintf("read back: %v\n%s", err, text)
	}
	if !sameAnswer(a, back) {
		return fmt.Sprintf("round trip changed the answer\nbefore:\n%s\nafter:\n%s\ndocument:\n%s", dump(a), dump(back), text)
	}
	return ""
}

var codecs = map[Format]struct {
	write writeFn
	read  readFn
}{
	JSON: {func(w *bytes.Buffer, a *Answer) error { return WriteJSON(w, a) }, func(r *bytes.Buffer) (*Answer, error) { return ReadJSON(r) }},
	XML:  {func(w *bytes.Buffer, a *Answer) error { return WriteXML(w, a) }, func(r *bytes.Buffer) (*Answer, error) { return ReadXML(r) }},
	TSV:  {func(w *bytes.Buffer, a *Answer) error { return WriteTSV(w, a) }, func(r *bytes.Buffer) (*Answer, error) { return ReadTSV(r) }},
}
