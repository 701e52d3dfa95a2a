package results

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// This file holds the Turtle/N-Triples term syntax shared by the TSV reader
// and writer and the N-Triples writer
// (https://www.w3.org/TR/turtle/#sec-grammar-grammar).

// termWriter formats terms in Turtle syntax for one document. Blank-node
// labels that are valid Turtle labels are kept; any other label (JSON and
// XML allow any string) is replaced by a fresh valid label unused in the
// document, so the mapping stays injective.
type termWriter struct {
	tsv     bool              // escape TAB and abbreviate numbers and booleans
	used    map[string]bool   // labels written verbatim
	renamed map[string]string // invalid label -> fresh label
	next    int
}

func newTermWriter(tsv bool, labels []string) *termWriter {
	tw := &termWriter{tsv: tsv, used: map[string]bool{}, renamed: map[string]string{}}
	for _, l := range labels {
		if validBlankLabel(l) {
			tw.used[l] = true
		}
	}
	return tw
}

func (tw *termWriter) term(t rdf.Term) string {
	switch t.Kind {
	case rdf.KindIRI:
		return formatIRI(t.Value)
	case rdf.KindBlank:
		return "_:" + tw.label(t.Value)
	case rdf.KindLiteral:
		return tw.literal(t)
	case rdf.KindTriple:
		return tw.tsvTriple(t)
	}
	return ""
}

func (tw *termWriter) label(l string) string {
	if validBlankLabel(l) {
		return l
	}
	if r, ok := tw.renamed[l]; ok {
		return r
	}
	for {
		tw.next++
		r := "r" + strconv.Itoa(tw.next)
		if !tw.used[r] {
			tw.used[r] = true
			tw.renamed[l] = r
			return r
		}
	}
}

func (tw *termWriter) literal(t rdf.Term) string {
	if tw.tsv && bareForm(t) {
		return t.Value
	}
	return tw.fullLiteral(t)
}

// fullLiteral writes a literal quoted, never as a bare number or boolean.
func (tw *termWriter) fullLiteral(t rdf.Term) string {
	s := `"` + escapeLexical(t.Value, tw.tsv) + `"`
	switch {
	case t.Dir != "":
		return s + "@" + t.Lang + "--" + t.Dir
	case t.Lang != "":
		return s + "@" + t.Lang
	case t.Datatype == rdf.XSDString || t.Datatype == "":
		return s
	}
	return s + "^^" + formatIRI(t.Datatype)
}

// bareForm reports whether a literal may be written as a bare Turtle number
// or boolean and read back as the same term (#abbrev in Turtle).
func bareForm(t rdf.Term) bool {
	if t.Lang != "" {
		return false
	}
	if t.Datatype == rdf.XSDBoolean {
		return t.Value == "true" || t.Value == "false"
	}
	dt := numberDatatype(t.Value)
	return dt != "" && dt == t.Datatype
}

// escapeLexical escapes a lexical form for STRING_LITERAL_QUOTE. In TSV a
// TAB is a separator, so it is escaped too.
func escapeLexical(s string, tab bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t' && tab:
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// formatIRI writes an IRIREF. The caller has checked the IRI with
// iriRefOK: Turtle forbids those characters even as \u escapes
// (turtle-syntax-bad-uri-01), so no escaping is ever needed.
func formatIRI(s string) string { return "<" + s + ">" }

// iriRefForbidden reports whether r may not appear in an IRIREF, raw or escaped.
func iriRefForbidden(r rune) bool {
	return r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r)
}

// checkIRIs rejects answers holding an IRI (or datatype IRI) that Turtle,
// N-Triples and TSV cannot write.
func checkIRIs(a *Answer) error {
	check := func(t rdf.Term) error {
		iri := t.Value
		if t.IsLiteral() {
			iri = t.Datatype
		} else if !t.IsIRI() {
			return nil
		}
		if strings.IndexFunc(iri, iriRefForbidden) >= 0 {
			return errorf("IRI %q holds a character Turtle syntax cannot carry", clip(iri))
		}
		return nil
	}
	var err error
	deep := func(t rdf.Term) {
		leaves(t, func(x rdf.Term) {
			if err == nil {
				err = check(x)
			}
		})
	}
	a.eachTerm(deep)
	return err
}

// eachTerm calls f on every term of a's rows (in row order, each row's
// variables in map order) and of its triples (subject, predicate, object).
func (a *Answer) eachTerm(f func(rdf.Term)) {
	for _, row := range a.Rows {
		for _, t := range row {
			f(t)
		}
	}
	for _, t := range a.Triples {
		f(t.S)
		f(t.P)
		f(t.O)
	}
}

// numberDatatype returns the datatype a bare Turtle number has (INTEGER,
// DECIMAL, DOUBLE), or "" when s is not one.
func numberDatatype(s string) string {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	intDigits := digits(s, i)
	i += intDigits
	fracDigits, dot := 0, false
	if i < len(s) && s[i] == '.' {
		dot = true
		fracDigits = digits(s, i+1)
		i += 1 + fracDigits
	}
	if intDigits+fracDigits == 0 {
		return ""
	}
	if i == len(s) {
		switch {
		case !dot:
			return rdf.XSDInteger
		case fracDigits > 0:
			return rdf.XSDDecimal
		}
		return ""
	}
	if s[i] != 'e' && s[i] != 'E' {
		return ""
	}
	i++
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if n := digits(s, i); n > 0 && i+n == len(s) {
		return rdf.XSDDouble
	}
	return ""
}

func digits(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '9' {
		n++
	}
	return n
}

// validBlankLabel reports whether l matches BLANK_NODE_LABEL after "_:".
func validBlankLabel(l string) bool {
	if l == "" || l[len(l)-1] == '.' {
		return false
	}
	for i, r := range l {
		ok := pnChars(r) || (i > 0 && r == '.')
		if i == 0 {
			ok = pnCharsU(r) || (r >= '0' && r <= '9')
		}
		if !ok {
			return false
		}
	}
	return true
}

func pnCharsBase(r rune) bool {
	switch {
	case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		return true
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF:
		return true
	case r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D:
		return true
	case r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF:
		return true
	case r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

func pnCharsU(r rune) bool { return r == '_' || pnCharsBase(r) }

func pnChars(r rune) bool {
	switch {
	case pnCharsU(r), r == '-', r >= '0' && r <= '9', r == 0xB7:
		return true
	case r >= 0x300 && r <= 0x36F, r >= 0x203F && r <= 0x2040:
		return true
	}
	return false
}

// termError is a problem at byte offset Off inside one term's text.
type termError struct {
	Off int
	Msg string
}

func (e *termError) Error() string { return e.Msg }

func termErr(off int, format string, args ...any) *termError {
	return &termError{Off: off, Msg: fmt.Sprintf(format, args...)}
}

// parseTerm reads exactly one Turtle term (IRIREF, blank node, quoted
// literal, bare number or boolean) filling all of s.
func parseTerm(s string) (rdf.Term, *termError) {
	if !utf8.ValidString(s) {
		return rdf.None, termErr(0, "invalid UTF-8")
	}
	switch {
	case s == "":
		return rdf.None, termErr(0, "empty term")
	case strings.HasPrefix(s, "<<("):
		t, n, err := parseTripleTerm(s, 0)
		if err == nil && n != len(s) {
			err = termErr(n, "unexpected text after triple term")
		}
		return t, err
	case s[0] == '<':
		return parseIRITerm(s)
	case strings.HasPrefix(s, "_:"):
		if !validBlankLabel(s[2:]) {
			return rdf.None, termErr(2, "invalid blank node label %q", s[2:])
		}
		return rdf.Blank(s[2:]), nil
	case s[0] == '"' || s[0] == '\'':
		return parseLiteral(s)
	case s == "true" || s == "false":
		return rdf.Literal(s, rdf.XSDBoolean), nil
	}
	if dt := numberDatatype(s); dt != "" {
		return rdf.Literal(s, dt), nil
	}
	return rdf.None, termErr(0, "not an RDF term: %q", clip(s))
}

func parseIRITerm(s string) (rdf.Term, *termError) {
	iri, n, err := parseIRIRef(s, 0)
	if err != nil {
		return rdf.None, err
	}
	if n != len(s) {
		return rdf.None, termErr(n, "unexpected text after IRI")
	}
	return rdf.IRI(iri), nil
}

// parseIRIRef reads an IRIREF starting at s[i] == '<'; it returns the IRI
// and the offset just past '>'.
func parseIRIRef(s string, i int) (string, int, *termError) {
	var b strings.Builder
	for j := i + 1; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		switch {
		case r == '>':
			return b.String(), j + 1, nil
		case r == '\\':
			u, n, err := parseUCHAR(s, j)
			if err != nil {
				return "", 0, err
			}
			if iriRefForbidden(u) {
				return "", 0, termErr(j, "escaped character %U not allowed in IRI", u)
			}
			b.WriteRune(u)
			j += n
			continue
		case iriRefForbidden(r):
			return "", 0, termErr(j, "character %q not allowed in IRI", r)
		}
		b.WriteRune(r)
		j += size
	}
	return "", 0, termErr(len(s), "unterminated IRI")
}

// parseUCHAR reads \uXXXX or \UXXXXXXXX at s[i] == '\\'.
func parseUCHAR(s string, i int) (rune, int, *termError) {
	if i+1 >= len(s) {
		return 0, 0, termErr(i, "bad escape")
	}
	n := 0
	switch s[i+1] {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		return 0, 0, termErr(i, "bad escape \\%c", s[i+1])
	}
	if i+2+n > len(s) {
		return 0, 0, termErr(i, "short \\%c escape", s[i+1])
	}
	v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32)
	if err != nil || v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
		return 0, 0, termErr(i, "bad \\%c escape %q", s[i+1], s[i:i+2+n])
	}
	return rune(v), 2 + n, nil
}

// parseLiteral reads a quoted literal with its optional tag or datatype.
func parseLiteral(s string) (rdf.Term, *termError) {
	lex, i, err := parseQuoted(s)
	if err != nil {
		return rdf.None, err
	}
	rest := s[i:]
	switch {
	case rest == "":
		return rdf.String(lex), nil
	case rest[0] == '@':
		tag, dir, hasDir := strings.Cut(rest[1:], "--")
		if !validLangTag(tag) {
			return rdf.None, termErr(i, "invalid language tag %q", clip(rest[1:]))
		}
		if hasDir {
			t, msg := dirLiteral(lex, tag, "", dir)
			if msg != "" {
				return rdf.None, termErr(i, "%s", msg)
			}
			return t, nil
		}
		return rdf.LangLiteral(lex, tag), nil
	case strings.HasPrefix(rest, "^^<"):
		return typedLiteral(s, lex, i+2)
	}
	return rdf.None, termErr(i, "unexpected text after literal")
}

func typedLiteral(s, lex string, i int) (rdf.Term, *termError) {
	dt, n, err := parseIRIRef(s, i)
	if err != nil {
		return rdf.None, err
	}
	if n != len(s) {
		return rdf.None, termErr(n, "unexpected text after datatype")
	}
	if dt == rdf.RDFLangString || dt == rdf.RDFDirLangString {
		return rdf.None, termErr(i, "rdf:%s literal without a language tag", strings.TrimPrefix(dt, rdf.RDFNS))
	}
	return rdf.Literal(lex, dt), nil
}

// parseQuoted reads a STRING_LITERAL_QUOTE, _SINGLE_QUOTE or a long form;
// it returns the unescaped text and the offset after the closing quote.
func parseQuoted(s string) (string, int, *termError) {
	q := s[:1]
	if strings.HasPrefix(s, q+q+q) {
		q = q + q + q
	}
	var b strings.Builder
	for i := len(q); i < len(s); {
		if strings.HasPrefix(s[i:], q) {
			return b.String(), i + len(q), nil
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\':
			e, n, err := parseEscape(s, i)
			if err != nil {
				return "", 0, err
			}
			b.WriteRune(e)
			i += n
			continue
		case len(q) == 1 && (r == '\n' || r == '\r'):
			return "", 0, termErr(i, "raw line break in string")
		}
		b.WriteRune(r)
		i += size
	}
	return "", 0, termErr(len(s), "unterminated string")
}

// parseEscape reads an ECHAR or UCHAR at s[i] == '\\'.
func parseEscape(s string, i int) (rune, int, *termError) {
	if i+1 >= len(s) {
		return 0, 0, termErr(i, "bad escape at end of string")
	}
	if c := s[i+1]; c == 'u' || c == 'U' {
		return parseUCHAR(s, i)
	}
	if r, ok := echar[s[i+1]]; ok {
		return r, 2, nil
	}
	return 0, 0, termErr(i, "bad escape \\%c", s[i+1])
}

var echar = map[byte]rune{'t': '\t', 'b': '\b', 'n': '\n', 'r': '\r', 'f': '\f', '"': '"', '\'': '\'', '\\': '\\'}

// validLangTag checks LANGTAG: [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*.
func validLangTag(tag string) bool {
	for i, part := range strings.Split(tag, "-") {
		if part == "" {
			return false
		}
		for _, c := range []byte(part) {
			alpha := (c|0x20) >= 'a' && (c|0x20) <= 'z'
			if !alpha && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	return s[:40] + "..."
}
