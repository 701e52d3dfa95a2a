package diff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// A case file (testdata/cases/*.txt) is a sequence of sections, each opened by
// a line "== name". Lines starting with '#' outside "== result" are comments.
//
//	== expected / == actual   the two answers, one item per line:
//	    vars: x y             a SELECT answer with these variables
//	    ?x=<a> ?y="1"@en      a solution (unbound variables left out; "()" is empty)
//	    ask: true             an ASK answer
//	    graph                 a CONSTRUCT answer; then "<s> <p> <o> ." lines
//	== freedom                one line: ordered reduced offset=N limit=N open=x,y traced
//	== sequence               the judge's ORDER BY sequence: "TIE ?x=<a> ..."
//	== reading                the judge's answer under another reading of
//	                          its contested question (Freedom.Readings):
//	                          "takes: TEXT", then rows as in expected
//	== extension              the judge's answer with §17.6's extension
//	                          points open (Freedom.Extension.Answer); a cell
//	                          <urn:x-sparql-oracle:extension-value> holds any value
//	freedom also takes contested=REF (Freedom.Contested), complete
//	(ReadingsComplete) and extension=cells,rows,elsewhere
//	== verdict                "ok" or "fail CLASS..." (exact, in order);
//	                          optional "note: TEXT" (Note must contain TEXT)
//	== result                 golden Verdict.Text(), rewritten by -update
//
// Terms: <iri>, _:label, "lex", "lex"@Tag (tag kept as written), "lex"^^<dt>,
// "lex"^^xsd:name, "lex"^^<> and "lex"@tag^^<> (raw literals with an empty
// Datatype), and the shorthands 12 (xsd:integer) and 1.5 (xsd:decimal).
// In the judge's rows, sequence and graph a term may be followed by the
// Cell of a computed cell (results.Cell): {lexical}, {open},
// {precision VALUE} or {precision VALUE ±BOUND} (VALUE and BOUND as
// big.Rat: 193/7).

type caseFile struct {
	expected, actual *results.Answer
	wantOK           bool
	wantClasses      []Class
	wantNote         string
	result           string
	hasResult        bool
	sections         []string // raw text of every section but result, in order
}

func parseCase(src string) (*caseFile, error) {
	c := &caseFile{}
	var fr *results.Freedom
	var cells []map[string]results.Cell
	var tcells []results.Cell
	var rds []results.Reading
	var ext *results.Answer
	sec := ""
	for n, line := range strings.Split(src, "\n") {
		ln := n + 1
		if name, ok := strings.CutPrefix(line, "== "); ok {
			sec = strings.TrimSpace(name)
			if sec == "result" {
				c.hasResult = true
			} else {
				c.sections = append(c.sections, line)
			}
			continue
		}
		if sec == "result" {
			c.result += line + "\n"
			continue
		}
		c.sections = append(c.sections, line)
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		var err error
		switch sec {
		case "expected":
			var cs map[string]results.Cell
			c.expected, cs, err = answerLine(c.expected, t)
			if c.expected != nil && c.expected.Kind == results.Graph && len(c.expected.Triples) > len(tcells) {
				tcells = append(tcells, cs["o"])
			} else if c.expected != nil && len(c.expected.Rows) > len(cells) {
				cells = append(cells, cs)
			}
		case "actual":
			c.actual, _, err = answerLine(c.actual, t)
		case "freedom":
			fr, err = freedomLine(fr, t)
		case "sequence":
			fr, err = sequenceLine(fr, t)
		case "reading":
			rds, err = readingLine(rds, c.sections, t)
		case "extension":
			ext, _, err = answerLine(ext, t)
		case "verdict":
			err = c.verdictLine(t)
		default:
			err = fmt.Errorf("line outside a known section")
		}
		if err != nil {
			return nil, fmt.Errorf("%d: %v", ln, err)
		}
	}
	if c.expected == nil || c.actual == nil {
		return nil, fmt.Errorf("case needs == expected and == actual")
	}
	if hasCells(cells) || len(tcells) > 0 {
		if fr == nil {
			fr = &results.Freedom{Limit: -1}
		}
		fr.Cells, fr.TripleCells = cells, tcells
	}
	c.expected.Freedom = withReadings(fr, rds, ext)
	c.result = strings.TrimRight(c.result, "\n") + "\n"
	return c, nil
}

// readingLine adds a line of a "== reading" section: a new section starts
// a new reading.
func readingLine(rds []results.Reading, sections []string, t string) ([]results.Reading, error) {
	if n := countSections(sections, "== reading"); len(rds) < n {
		rds = append(rds, results.Reading{})
	}
	rd := &rds[len(rds)-1]
	if takes, ok := strings.CutPrefix(t, "takes:"); ok {
		rd.Takes = append(rd.Takes, strings.TrimSpace(takes))
		return rds, nil
	}
	var err error
	rd.Answer, _, err = answerLine(rd.Answer, t)
	return rds, err
}

func countSections(sections []string, head string) int {
	n := 0
	for _, s := range sections {
		if strings.TrimSpace(s) == head {
			n++
		}
	}
	return n
}

// withReadings attaches the readings (on the contested question) and the
// extension answer to the judge's freedom.
func withReadings(fr *results.Freedom, rds []results.Reading, ext *results.Answer) *results.Freedom {
	if fr == nil {
		return nil
	}
	for i := range rds {
		if fr.Contested != nil {
			rds[i].Bases = []results.Basis{*fr.Contested}
		}
		rds[i].Answer.Freedom = &results.Freedom{Limit: -1}
	}
	if len(rds) > 0 {
		fr.Readings = rds
	}
	if ext != nil && fr.Extension != nil {
		ext.Freedom = &results.Freedom{Limit: -1}
		fr.Extension.Answer = ext
	}
	return fr
}

func answerLine(a *results.Answer, t string) (*results.Answer, map[string]results.Cell, error) {
	if a == nil {
		a = &results.Answer{}
	}
	switch {
	case strings.HasPrefix(t, "vars:"):
		a.Kind, a.Vars = results.Bindings, strings.Fields(strings.TrimPrefix(t, "vars:"))
	case strings.HasPrefix(t, "ask:"):
		a.Kind = results.Boolean
		a.Boolean = strings.TrimSpace(strings.TrimPrefix(t, "ask:")) == "true"
	case t == "graph":
		a.Kind = results.Graph
	case a.Kind == results.Graph:
		tr, cell, err := parseTriple(t)
		a.Triples = append(a.Triples, tr)
		return a, map[string]results.Cell{"o": cell}, err
	default:
		s, cells, err := parseSolution(t)
		a.Rows = append(a.Rows, s)
		return a, cells, err
	}
	return a, nil, nil
}

func hasCells(cells []map[string]results.Cell) bool {
	for _, c := range cells {
		if len(c) > 0 {
			return true
		}
	}
	return false
}

// parseCell reads an optional "{fix ...}" after a term.
func parseCell(t string) (results.Cell, string, error) {
	t = strings.TrimLeft(t, " \t")
	if !strings.HasPrefix(t, "{") {
		return results.Cell{}, t, nil
	}
	end := strings.IndexByte(t, '}')
	if end < 0 {
		return results.Cell{}, t, fmt.Errorf("unterminated cell {")
	}
	f := strings.Fields(t[1:end])
	c := results.Cell{}
	switch {
	case len(f) == 1 && (f[0] == "lexical" || f[0] == "open"):
		c.Fix = results.Fix(f[0])
	case len(f) >= 2 && f[0] == "precision":
		c.Fix, c.Value = results.FixPrecision, f[1]
		if len(f) == 3 {
			c.Bound = strings.TrimPrefix(f[2], "±")
		}
	default:
		return c, t, fmt.Errorf("unknown cell %q", t[:end+1])
	}
	return c, t[end+1:], nil
}

func freedomLine(fr *results.Freedom, t string) (*results.Freedom, error) {
	if fr == nil {
		fr = &results.Freedom{Limit: -1}
	}
	for _, f := range strings.Fields(t) {
		k, v, _ := strings.Cut(f, "=")
		var err error
		switch k {
		case "ordered":
			fr.Ordered = true
		case "reduced":
			fr.Reduced = true
		case "offset":
			fr.Offset, err = strconv.Atoi(v)
		case "limit":
			fr.Limit, err = strconv.Atoi(v)
		case "open":
			fr.Open = strings.Split(v, ",")
		case "indeterminate":
			fr.Indeterminate = strings.ReplaceAll(v, "_", " ")
		case "traced":
			fr.Traced = true
		case "contested":
			fr.Contested = &results.Basis{Kind: results.BasisContested, Anchor: "defn_aggSum", Ref: v}
			fr.Indeterminate = "contested " + v
		case "complete":
			fr.ReadingsComplete = true
		case "extension":
			fr.Extension = &results.Extension{Cells: strings.Contains(v, "cells"), Rows: strings.Contains(v, "rows"),
				Elsewhere: strings.Contains(v, "elsewhere")}
		default:
			err = fmt.Errorf("unknown freedom %q", f)
		}
		if err != nil {
			return nil, err
		}
	}
	return fr, nil
}

func sequenceLine(fr *results.Freedom, t string) (*results.Freedom, error) {
	if fr == nil {
		fr = &results.Freedom{Limit: -1}
	}
	tie, rest, _ := strings.Cut(t, " ")
	n, err := strconv.Atoi(tie)
	if err != nil {
		return nil, fmt.Errorf("sequence line must start with a tie class: %v", err)
	}
	s, cells, err := parseSolution(rest)
	if err != nil {
		return nil, err
	}
	fr.Sequence, fr.Ties = append(fr.Sequence, s), append(fr.Ties, n)
	fr.SequenceCells = append(fr.SequenceCells, cells)
	return fr, nil
}

func (c *caseFile) verdictLine(t string) error {
	if note, ok := strings.CutPrefix(t, "note:"); ok {
		c.wantNote = strings.TrimSpace(note)
		return nil
	}
	f := strings.Fields(t)
	switch f[0] {
	case "ok":
		c.wantOK = true
	case "fail":
		for _, s := range f[1:] {
			cl, err := ParseClass(s)
			if err != nil {
				return err
			}
			c.wantClasses = append(c.wantClasses, cl)
		}
	default:
		return fmt.Errorf("verdict must be ok or fail, got %q", f[0])
	}
	return nil
}

func parseSolution(t string) (results.Solution, map[string]results.Cell, error) {
	s := results.Solution{}
	var cells map[string]results.Cell
	t = strings.TrimSpace(t)
	if t == "()" {
		return s, nil, nil
	}
	for t != "" {
		if t[0] != '?' {
			return nil, nil, fmt.Errorf("expected ?var= at %q", t)
		}
		name, rest, ok := strings.Cut(t[1:], "=")
		if !ok {
			return nil, nil, fmt.Errorf("missing = after ?%s", name)
		}
		term, rest, err := parseTerm(rest)
		if err != nil {
			return nil, nil, err
		}
		cell, rest, err := parseCell(rest)
		if err != nil {
			return nil, nil, err
		}
		if cell.Open() {
			if cells == nil {
				cells = map[string]results.Cell{}
			}
			cells[name] = cell
		}
		s[name] = term
		t = strings.TrimSpace(rest)
	}
	return s, cells, nil
}

func parseTriple(t string) (rdf.Triple, results.Cell, error) {
	var ts [3]rdf.Term
	for i := range ts {
		var err error
		if ts[i], t, err = parseTerm(strings.TrimSpace(t)); err != nil {
			return rdf.Triple{}, results.Cell{}, err
		}
	}
	cell, t, err := parseCell(t)
	if err != nil {
		return rdf.Triple{}, cell, err
	}
	if strings.TrimSpace(t) != "." {
		return rdf.Triple{}, cell, fmt.Errorf("triple must end with ' .'")
	}
	return rdf.Triple{S: ts[0], P: ts[1], O: ts[2]}, cell, nil
}

func parseTerm(t string) (rdf.Term, string, error) {
	switch {
	case t == "":
		return rdf.None, "", fmt.Errorf("missing term")
	case strings.HasPrefix(t, "<<("):
		return parseTripleTerm(t[3:])
	case t[0] == '<':
		end := strings.IndexByte(t, '>')
		if end < 0 {
			return rdf.None, "", fmt.Errorf("unterminated IRI")
		}
		return rdf.IRI(t[1:end]), t[end+1:], nil
	case strings.HasPrefix(t, "_:"):
		end := termEnd(t)
		return rdf.Blank(t[2:end]), t[end:], nil
	case t[0] == '"':
		return parseLiteral(t)
	}
	end := termEnd(t)
	dt := rdf.XSDInteger
	if strings.Contains(t[:end], ".") {
		dt = rdf.XSDDecimal
	}
	return rdf.Literal(t[:end], dt), t[end:], nil
}

func termEnd(t string) int {
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		return i
	}
	return len(t)
}

func parseLiteral(t string) (rdf.Term, string, error) {
	var lex strings.Builder
	i := 1
	for ; i < len(t) && t[i] != '"'; i++ {
		if t[i] == '\\' && i+1 < len(t) {
			i++
			lex.WriteByte(unescape(t[i]))
			continue
		}
		lex.WriteByte(t[i])
	}
	if i >= len(t) {
		return rdf.None, "", fmt.Errorf("unterminated literal")
	}
	rest := t[i+1:]
	term := rdf.Term{Kind: rdf.KindLiteral, Value: lex.String(), Datatype: rdf.XSDString}
	switch {
	case strings.HasPrefix(rest, "@"):
		end := termEnd(rest)
		if i := strings.Index(rest[:end], "^^<>"); i >= 0 {
			end = i // "lex"@tag^^<>: a raw tagged literal with an empty Datatype
		}
		term.Datatype, term.Lang, rest = rdf.RDFLangString, rest[1:end], rest[end:]
		if lang, dir, ok := strings.Cut(term.Lang, "--"); ok {
			term.Datatype, term.Lang, term.Dir = rdf.RDFDirLangString, lang, dir
		}
		if strings.HasPrefix(rest, "^^<>") {
			term.Datatype, rest = "", rest[4:]
		}
	case strings.HasPrefix(rest, "^^<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return rdf.None, "", fmt.Errorf("unterminated datatype IRI")
		}
		term.Datatype, rest = rest[3:end], rest[end+1:]
	case strings.HasPrefix(rest, "^^xsd:"):
		end := termEnd(rest)
		term.Datatype, rest = rdf.XSD+rest[6:end], rest[end:]
	}
	return term, rest, nil
}

// parseTripleTerm reads the rest of "<<( s p o )>>" (RDF 1.2 N-Triples).
func parseTripleTerm(t string) (rdf.Term, string, error) {
	var ts [3]rdf.Term
	for i := range ts {
		var err error
		if ts[i], t, err = parseTerm(strings.TrimSpace(t)); err != nil {
			return rdf.None, "", err
		}
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(t), ")>>")
	if !ok {
		return rdf.None, "", fmt.Errorf("triple term must end with )>>")
	}
	return rdf.TripleTerm(ts[0], ts[1], ts[2]), rest, nil
}

func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	}
	return c
}
