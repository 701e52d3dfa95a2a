package results

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ReadCSV reads SPARQL 1.1 Query Results CSV
// (https://www.w3.org/TR/sparql11-results-csv-tsv/#csv). CSV is lossy by
// design: it drops datatypes, language tags and the IRI/literal
// distinction. The reader therefore produces, per field:
//
//   - an unquoted empty field: unbound;
//   - a quoted empty field (""): the empty simple literal;
//   - "_:label": a blank node with that label;
//   - text that is an absolute IRI (a scheme [A-Za-z][A-Za-z0-9+.-]* then ':'
//     then at least one character, none of them white space, control, or
//     <>"{}|^`\): an IRI;
//   - anything else: a simple literal (xsd:string) holding the text.
//
// So "4" reads as the string "4", never xsd:integer, and a literal that
// looks like an IRI reads as an IRI. Compare a CSV answer only with
// CSVView of the other answer, which applies the same loss.
// Records are RFC 4180 (quoted fields, "" for a quote, CRLF or LF); header
// names may carry '?' or '$'; a UTF-8 BOM is skipped. A single column
// "_askResult" holding one true/false row is read as an ASK answer.
func ReadCSV(r io.Reader) (*Answer, error) {
	data, err := readDocument(r)
	if err != nil {
		return nil, err
	}
	recs, err := parseCSV(data)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, &SyntaxError{Format: CSV, Line: 1, Col: 1, Msg: "empty document: no header line"}
	}
	vars, err := csvHeader(data, recs[0])
	if err != nil {
		return nil, err
	}
	a := &Answer{Kind: Bindings, Vars: vars, Rows: make([]Solution, 0, len(recs)-1)}
	for _, rec := range recs[1:] {
		sol, err := csvRow(data, rec, vars)
		if err != nil {
			return nil, err
		}
		a.Rows = append(a.Rows, sol)
	}
	return askForm(a), nil
}

type csvField struct {
	text   string
	quoted bool
	off    int64 // byte offset of the field's start
}

func csvHeader(data []byte, rec []csvField) ([]string, error) {
	vars := []string{}
	if len(rec) == 1 && rec[0].text == "" && !rec[0].quoted {
		return vars, nil
	}
	seen := map[string]bool{}
	for _, f := range rec {
		name := f.text
		if strings.HasPrefix(name, "?") || strings.HasPrefix(name, "$") {
			name = name[1:]
		}
		if name == "" || seen[name] {
			return nil, errAt(CSV, data, f.off, "empty or repeated variable name %q", clip(f.text))
		}
		if !validVarName(name) {
			return nil, errAt(CSV, data, f.off, "%q is not a SPARQL variable name (VARNAME)", clip(f.text))
		}
		seen[name] = true
		vars = append(vars, name)
	}
	return vars, nil
}

func csvRow(data []byte, rec []csvField, vars []string) (Solution, error) {
	sol := Solution{}
	if len(vars) == 0 {
		if len(rec) != 1 || rec[0].text != "" || rec[0].quoted {
			return nil, errAt(CSV, data, rec[0].off, "a row of a result with no variables must be empty")
		}
		return sol, nil
	}
	if len(rec) != len(vars) {
		return nil, errAt(CSV, data, rec[0].off, "%d fields, header has %d", len(rec), len(vars))
	}
	for i, f := range rec {
		if t := csvTerm(f.text, f.quoted); !t.IsZero() {
			sol[vars[i]] = t
		}
	}
	return sol, nil
}

// csvTerm applies ReadCSV's rules to one field.
func csvTerm(text string, quoted bool) rdf.Term {
	switch {
	case text == "" && !quoted:
		return rdf.None
	case strings.HasPrefix(text, "_:") && len(text) > 2:
		return rdf.Blank(text[2:])
	case looksLikeIRI(text):
		return rdf.IRI(text)
	}
	return rdf.String(text)
}

// looksLikeIRI: an RFC 3986 scheme, ':', and a non-empty rest without the
// characters IRIREF forbids.
func looksLikeIRI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon < 1 || colon == len(s)-1 {
		return false
	}
	for i, c := range []byte(s[:colon]) {
		alpha := (c|0x20) >= 'a' && (c|0x20) <= 'z'
		if !alpha && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	for _, r := range s[colon+1:] {
		if r <= 0x20 || r == 0x7F || strings.ContainsRune("<>\"{}|^`\\", r) {
			return false
		}
	}
	return true
}

// csvFieldText is the CSV text of a term: the IRI, "_:" and the label, or
// the lexical form (#csv "Serializing...").
func csvFieldText(t rdf.Term) string {
	switch t.Kind {
	case rdf.KindBlank:
		return "_:" + t.Value
	case rdf.KindIRI, rdf.KindLiteral:
		return t.Value
	case rdf.KindTriple:
		// SPARQL 1.1 CSV has no form for a triple term: its N-Triples
		// text, read back as a simple literal (CSV is lossy).
		return t.String()
	}
	return ""
}

// CSVView returns the answer ReadCSV would give for WriteCSV(a): every term
// reduced as CSV reduces it. A comparator checks a CSV answer against
// CSVView(reference). Graph answers are returned unchanged.
func CSVView(a *Answer) *Answer {
	if a == nil || a.Kind != Bindings {
		return a
	}
	out := &Answer{Kind: Bindings, Vars: append([]string{}, a.Vars...), Rows: make([]Solution, len(a.Rows))}
	for i, row := range a.Rows {
		out.Rows[i] = Solution{}
		for v, t := range row {
			if t.IsZero() {
				continue
			}
			out.Rows[i][v] = csvTerm(csvFieldText(t), t.IsLiteral() && t.Value == "")
		}
	}
	return askForm(out)
}

// parseCSV splits RFC 4180 records, keeping whether each field was quoted.
// Unlike encoding/csv it keeps empty lines, which are rows of one unbound
// variable.
func parseCSV(data []byte) ([][]csvField, error) {
	var recs [][]csvField
	for i := 0; i < len(data); {
		rec, next, err := csvRecord(data, i)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
		i = next
	}
	return recs, nil
}

func csvRecord(data []byte, i int) ([]csvField, int, error) {
	var rec []csvField
	for {
		f, j, err := csvFieldAt(data, i)
		if err != nil {
			return nil, 0, err
		}
		rec = append(rec, f)
		switch {
		case j == len(data):
			return rec, j, nil
		case data[j] == ',':
			i = j + 1
		case data[j] == '\n':
			return rec, j + 1, nil
		case data[j] == '\r' && j+1 < len(data) && data[j+1] == '\n':
			return rec, j + 2, nil
		case data[j] == '\r':
			return rec, j + 1, nil
		default:
			return nil, 0, errAt(CSV, data, int64(j), "unexpected %q after quoted field", data[j])
		}
	}
}

func csvFieldAt(data []byte, i int) (csvField, int, error) {
	if i < len(data) && data[i] == '"' {
		return csvQuoted(data, i)
	}
	j := i
	for j < len(data) && data[j] != ',' && data[j] != '\n' && data[j] != '\r' {
		if data[j] == '"' {
			return csvField{}, 0, errAt(CSV, data, int64(j), `'"' in an unquoted field`)
		}
		j++
	}
	return csvText(data, i, j, data[i:j], false)
}

func csvQuoted(data []byte, i int) (csvField, int, error) {
	var b []byte
	for j := i + 1; j < len(data); j++ {
		if data[j] != '"' {
			b = append(b, data[j])
			continue
		}
		if j+1 < len(data) && data[j+1] == '"' {
			b = append(b, '"')
			j++
			continue
		}
		return csvText(data, i, j+1, b, true)
	}
	return csvField{}, 0, errAt(CSV, data, int64(i), "unterminated quoted field")
}

func csvText(data []byte, start, end int, text []byte, quoted bool) (csvField, int, error) {
	if !utf8.Valid(text) {
		return csvField{}, 0, errAt(CSV, data, int64(start), "invalid UTF-8")
	}
	return csvField{text: string(text), quoted: quoted, off: int64(start)}, end, nil
}

// WriteCSV writes a Bindings answer as SPARQL 1.1 CSV with CRLF line ends.
// Fields holding '"', ',', CR or LF, and the empty literal, are quoted.
// A Boolean answer is written as a "_askResult" column.
func WriteCSV(w io.Writer, a *Answer) error {
	if err := checkTabular(a); err != nil {
		return err
	}
	if a.Kind == Boolean {
		_, err := io.WriteString(w, askVar+"\r\n"+boolText(a.Boolean)+"\r\n")
		return err
	}
	bw := bufio.NewWriter(w)
	for i, v := range a.Vars {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString(csvQuote(v, false))
	}
	bw.WriteString("\r\n")
	for _, row := range a.Rows {
		for i, v := range a.Vars {
			if i > 0 {
				bw.WriteByte(',')
			}
			t := row[v]
			bw.WriteString(csvQuote(csvFieldText(t), t.IsLiteral() && t.Value == ""))
		}
		bw.WriteString("\r\n")
	}
	return bw.Flush()
}

func csvQuote(s string, force bool) string {
	if !force && !strings.ContainsAny(s, "\",\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
