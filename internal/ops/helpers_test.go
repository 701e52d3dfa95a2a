package ops

import (
	"fmt"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The case syntax every test of the package reads (sexpr_test.go's files,
// the audit, the readings, the W3C tests): terms, expressions, the
// solution and context a case runs under.
//
// The test files under testdata/*.txt hold one case a line:
//
//	(op arg ...) => expected
//
// where an argument is a nested call, a term in Turtle-like syntax (1, 1.5,
// 1e0, true, "s", "s"@en, "s"^^xsd:integer, <iri>, _:b, xsd:foo), or a
// variable ?name (bound from testEnv, else unbound), and expected is a term
// compared as a term (so canonical forms are checked) or the word error.
// A head that is a prefixed name or <iri> is a Func (cast or extension).

var prefixes = map[string]string{
	"xsd": rdf.XSD, "rdf": rdf.RDFNS, "ex": "http://example.org/", "": "http://example/",
}

// testEnv is the solution every case runs under.
type mapBinding map[string]rdf.Term

func (m mapBinding) Get(n string) (rdf.Term, bool) { t, ok := m[n]; return t, ok }
func (m mapBinding) Vars() []string {
	var vs []string
	for v := range m {
		vs = append(vs, v)
	}
	return vs
}

var testEnv = mapBinding{
	"one": rdf.Literal("1", rdf.XSDInteger),
	"s":   rdf.String("s"),
	"iri": rdf.IRI("http://example.org/a"),
	"b":   rdf.Blank("b0"),
}

type sexpReader struct {
	toks []string
	pos  int
}

func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.HasPrefix(s[i:], "<<("):
			j, err := tripleEnd(s, i)
			if err != nil {
				return nil, err
			}
			toks = append(toks, s[i:j])
			i = j
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unterminated string")
			}
			k := j + 1
			for k < len(s) && !strings.ContainsRune(" \t()", rune(s[k])) {
				k++
			}
			toks = append(toks, s[i:k])
			i = k
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t()", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, nil
}

// tripleEnd is the end of the triple term "<<( s p o )>>" starting at i,
// nested ones included (SPARQL 1.2 terms in the case syntax).
func tripleEnd(s string, i int) (int, error) {
	depth := 0
	for j := i; j < len(s); j++ {
		switch {
		case s[j] == '"':
			for j++; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
		case strings.HasPrefix(s[j:], "<<("):
			depth++
			j += 2
		case strings.HasPrefix(s[j:], ")>>"):
			depth--
			j += 2
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("unterminated triple term")
}

// parseTripleTerm reads "<<( s p o )>>".
func parseTripleTerm(t string) (rdf.Term, error) {
	toks, err := tokenize(t[3 : len(t)-3])
	if err != nil || len(toks) != 3 {
		return rdf.None, fmt.Errorf("bad triple term %q", t)
	}
	var parts [3]rdf.Term
	for i, tok := range toks {
		if parts[i], err = parseTerm(tok); err != nil {
			return rdf.None, err
		}
	}
	return rdf.TripleTerm(parts[0], parts[1], parts[2]), nil
}

func (r *sexpReader) expr() (algebra.Expr, error) {
	if r.pos >= len(r.toks) {
		return nil, fmt.Errorf("unexpected end")
	}
	t := r.toks[r.pos]
	r.pos++
	if t == ")" {
		return nil, fmt.Errorf("unexpected )")
	}
	if t != "(" {
		if strings.HasPrefix(t, "?") {
			return &algebra.Var{Name: t[1:]}, nil
		}
		term, err := parseTerm(t)
		return &algebra.Const{Term: term}, err
	}
	if r.pos >= len(r.toks) {
		return nil, fmt.Errorf("unexpected end")
	}
	head := r.toks[r.pos]
	r.pos++
	var args []algebra.Expr
	for r.pos < len(r.toks) && r.toks[r.pos] != ")" {
		a, err := r.expr()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	if r.pos >= len(r.toks) {
		return nil, fmt.Errorf("missing )")
	}
	r.pos++
	if iri, ok := expandIRI(head); ok {
		return &algebra.Func{IRI: iri, Args: args}, nil
	}
	if head == "NOT_IN" {
		head = algebra.OpNotIn
	}
	return &algebra.Call{Name: head, Args: args}, nil
}

func expandIRI(s string) (string, bool) {
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") {
		return s[1 : len(s)-1], true
	}
	p, local, ok := strings.Cut(s, ":")
	if ns, known := prefixes[p]; ok && known {
		return ns + local, true
	}
	return "", false
}

func unescape(s string) string {
	r := strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t", `\r`, "\r")
	return r.Replace(s)
}

func parseTerm(t string) (rdf.Term, error) {
	switch {
	case strings.HasPrefix(t, `"`):
		end := strings.LastIndex(t, `"`)
		lex, rest := unescape(t[1:end]), t[end+1:]
		switch {
		case rest == "":
			return rdf.String(lex), nil
		case strings.HasPrefix(rest, "@"):
			if lang, dir, ok := strings.Cut(rest[1:], "--"); ok {
				return rdf.DirLangLiteral(lex, lang, dir), nil
			}
			return rdf.LangLiteral(lex, rest[1:]), nil
		case strings.HasPrefix(rest, "^^"):
			dt, ok := expandIRI(rest[2:])
			if !ok {
				return rdf.None, fmt.Errorf("bad datatype %q", rest)
			}
			return rdf.Literal(lex, dt), nil
		}
		return rdf.None, fmt.Errorf("bad literal %q", t)
	case strings.HasPrefix(t, "<<(") && strings.HasSuffix(t, ")>>"):
		return parseTripleTerm(t)
	case strings.HasPrefix(t, "_:"):
		return rdf.Blank(t[2:]), nil
	case t == "true" || t == "false":
		return rdf.Literal(t, rdf.XSDBoolean), nil
	case t == "NaN" || t == "INF" || t == "-INF":
		return rdf.Literal(t, rdf.XSDDouble), nil
	}
	if iri, ok := expandIRI(t); ok {
		return rdf.IRI(iri), nil
	}
	switch {
	case isIntegerLex(t):
		return rdf.Literal(t, rdf.XSDInteger), nil
	case isDecimalLex(t):
		return rdf.Literal(t, rdf.XSDDecimal), nil
	case reFloat.MatchString(t):
		return rdf.Literal(t, rdf.XSDDouble), nil
	}
	return rdf.None, fmt.Errorf("bad term %q", t)
}

// parseCase splits "expr => expected".
func parseCase(line string) (algebra.Expr, string, error) {
	src, want, ok := strings.Cut(line, "=>")
	if !ok {
		return nil, "", fmt.Errorf("missing =>")
	}
	toks, err := tokenize(src)
	if err != nil {
		return nil, "", err
	}
	r := &sexpReader{toks: toks}
	e, err := r.expr()
	if err == nil && r.pos != len(toks) {
		err = fmt.Errorf("trailing tokens")
	}
	return e, strings.TrimSpace(want), err
}

// testSpec12 makes testContext evaluate under the SPARQL 1.2 draft
// (TestAudit12 sets it while it runs).
var testSpec12 bool

func testContext() *Context {
	return &Context{
		Now:    time.Date(2026, 12, 1, 12, 30, 15, 0, time.UTC),
		Base:   "http://example.org/base/",
		Spec12: testSpec12,
	}
}

func render(v Value) string {
	if v.Err != nil {
		return "error"
	}
	return v.Term.String()
}
