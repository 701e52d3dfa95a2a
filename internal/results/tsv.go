package results

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// askVar is the column name Jena and others use for an ASK answer in CSV
// and TSV, which the CSV/TSV results spec leaves undefined.
const askVar = "_askResult"

// readDocument is all of a CSV or TSV document, a UTF-8 BOM skipped.
func readDocument(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(r)
	return bytes.TrimPrefix(data, []byte("\uFEFF")), err
}

// ReadTSV reads SPARQL 1.1 Query Results TSV
// (https://www.w3.org/TR/sparql11-results-csv-tsv/#tsv). Terms are in
// Turtle syntax: <IRI>, _:label, quoted literals with escapes, @lang and
// ^^<datatype>, bare numbers (1 is xsd:integer, 1.0 xsd:decimal, 1e0
// xsd:double) and true/false (xsd:boolean), lexical forms kept as written;
// an empty field is unbound. Header names may carry '?' or '$'. Lines may end
// in CRLF; a UTF-8 BOM is skipped. A single column "_askResult" holding one
// true/false row is read as an ASK answer.
func ReadTSV(r io.Reader) (*Answer, error) {
	data, err := readDocument(r)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, &SyntaxError{Format: TSV, Line: 1, Col: 1, Msg: "empty document: no header line"}
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	vars, err := tsvHeader(lines[0])
	if err != nil {
		return nil, err
	}
	a := &Answer{Kind: Bindings, Vars: vars, Rows: make([]Solution, 0, len(lines)-1)}
	for i, line := range lines[1:] {
		sol, err := tsvRow(line, i+2, vars)
		if err != nil {
			return nil, err
		}
		a.Rows = append(a.Rows, sol)
	}
	return askForm(a), nil
}

func tsvHeader(line string) ([]string, error) {
	vars := []string{}
	if line == "" {
		return vars, nil
	}
	seen := map[string]bool{}
	col := 0
	for _, f := range strings.Split(line, "\t") {
		name := strings.TrimLeft(f, "?$")
		if len(f)-len(name) > 1 {
			name = f[1:]
		}
		switch {
		case !utf8.ValidString(name):
			return nil, tsvErr(line, 1, col, "invalid UTF-8 in variable name")
		case name == "" || strings.ContainsAny(name, " \r"):
			return nil, tsvErr(line, 1, col, "bad variable name %q", clip(f))
		case seen[name]:
			return nil, tsvErr(line, 1, col, "variable %q repeated", name)
		}
		seen[name] = true
		vars = append(vars, name)
		col += len(f) + 1
	}
	return vars, nil
}

func tsvRow(line string, lineNo int, vars []string) (Solution, error) {
	sol := Solution{}
	if len(vars) == 0 {
		if line != "" {
			return nil, tsvErr(line, lineNo, 0, "a row of a result with no variables must be empty")
		}
		return sol, nil
	}
	fields := strings.Split(line, "\t")
	if len(fields) != len(vars) {
		return nil, tsvErr(line, lineNo, 0, "%d fields, header has %d", len(fields), len(vars))
	}
	col := 0
	for i, f := range fields {
		t, err := tsvField(f)
		if err != nil {
			return nil, tsvErr(line, lineNo, col+err.Off, "?%s: %s", vars[i], err.Msg)
		}
		if !t.IsZero() {
			sol[vars[i]] = t
		}
		col += len(f) + 1
	}
	return sol, nil
}

// tsvField reads one field; spaces around the term are tolerated.
func tsvField(f string) (rdf.Term, *termError) {
	t := strings.TrimLeft(f, " ")
	lead := len(f) - len(t)
	t = strings.TrimRight(t, " ")
	if t == "" {
		return rdf.None, nil
	}
	term, err := parseTerm(t)
	if err != nil {
		err.Off += lead
	}
	return term, err
}

// tsvErr positions an error at byte off of line number lineNo.
func tsvErr(line string, lineNo, off int, format string, args ...any) error {
	off = min(max(off, 0), len(line))
	col := 1 + utf8.RuneCountInString(line[:off])
	return &SyntaxError{Format: TSV, Line: lineNo, Col: col, Offset: -1, Msg: sprintf(format, args...)}
}

// askForm turns the one-column "_askResult" convention into a Boolean answer.
func askForm(a *Answer) *Answer {
	if len(a.Vars) != 1 || a.Vars[0] != askVar || len(a.Rows) != 1 {
		return a
	}
	t := a.Rows[0][askVar]
	if t.Datatype != rdf.XSDBoolean && t.Datatype != rdf.XSDString {
		return a
	}
	switch t.Value {
	case "true":
		return &Answer{Kind: Boolean, Boolean: true}
	case "false":
		return &Answer{Kind: Boolean, Boolean: false}
	}
	return a
}

// WriteTSV writes a Bindings answer as SPARQL 1.1 TSV, numbers and booleans
// in their bare Turtle form when that reads back as the same term, every
// line ending in LF. A Boolean answer is written as a "_askResult" column.
// Blank-node labels that are not valid Turtle labels are renamed.
func WriteTSV(w io.Writer, a *Answer) error {
	if err := checkTabular(a); err != nil {
		return err
	}
	if a.Kind == Boolean {
		_, err := io.WriteString(w, "?"+askVar+"\n"+boolText(a.Boolean)+"\n")
		return err
	}
	if err := checkIRIs(a); err != nil {
		return err
	}
	for _, v := range a.Vars {
		if strings.ContainsAny(v, "\t\n\r") {
			return errorf("variable name %q cannot be written in TSV", v)
		}
	}
	bw := bufio.NewWriter(w)
	for i, v := range a.Vars {
		if i > 0 {
			bw.WriteByte('\t')
		}
		bw.WriteString("?" + v)
	}
	bw.WriteByte('\n')
	tw := newTermWriter(true, blankLabels(a))
	for _, row := range a.Rows {
		for i, v := range a.Vars {
			if i > 0 {
				bw.WriteByte('\t')
			}
			bw.WriteString(tw.term(row[v]))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// blankLabels lists the blank-node labels an answer uses.
func blankLabels(a *Answer) []string {
	var out []string
	a.eachTerm(func(t rdf.Term) {
		rdf.EachBlank(t, func(b rdf.Term) { out = append(out, b.Value) })
	})
	return out
}
