package reference

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

const ex = "http://example/"

// term reads the short term notation of the test data: :a, _:b, 1, true, "s", "s"@en.
func term(t testing.TB, s string) rdf.Term {
	t.Helper()
	switch {
	case strings.HasPrefix(s, "<<("):
		p := tripleParts(t, s)
		return rdf.TripleTerm(term(t, p[0]), term(t, p[1]), term(t, p[2]))
	case strings.HasPrefix(s, ":"):
		return rdf.IRI(ex + s[1:])
	case strings.HasPrefix(s, "_:"):
		return rdf.Blank(s[2:])
	case s == "true" || s == "false":
		return rdf.Bool(s == "true")
	case strings.HasPrefix(s, `"`):
		end := strings.LastIndex(s, `"`)
		if end <= 0 {
			t.Fatalf("bad literal %q", s)
		}
		if lang, ok := strings.CutPrefix(s[end+1:], "@"); ok {
			if l, dir, ok := strings.Cut(lang, "--"); ok {
				return rdf.DirLangLiteral(s[1:end], l, dir)
			}
			return rdf.LangLiteral(s[1:end], lang)
		}
		return rdf.String(s[1:end])
	case s != "" && strings.Trim(s, "-0123456789") == "":
		return rdf.Literal(s, rdf.XSDInteger)
	}
	t.Fatalf("bad term %q", s)
	return rdf.None
}

// node reads ?v as a variable, anything else as a term.
func node(t testing.TB, s string) algebra.Node {
	t.Helper()
	if v, ok := strings.CutPrefix(s, "?"); ok {
		return algebra.V(v)
	}
	if strings.HasPrefix(s, "<<(") { // SPARQL 1.2: a triple term, variables inside or not
		p := tripleParts(t, s)
		return algebra.TT(node(t, p[0]), node(t, p[1]), node(t, p[2]))
	}
	return algebra.T(term(t, s))
}

// mapping reads "x=:a y=1"; "{}" is μ0.
func mapping(t testing.TB, s string) Mapping {
	t.Helper()
	mu := Mapping{}
	for _, f := range fields12(s) {
		if f == "{}" {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			t.Fatalf("bad binding %q", f)
		}
		mu = mu.With(k, term(t, v))
	}
	return mu
}

// multiset reads mappings separated by " | "; "-" is the empty multiset.
func multiset(t testing.TB, s string) Multiset {
	t.Helper()
	s = strings.TrimSpace(s)
	out := Multiset{}
	if s == "-" {
		return out
	}
	for _, m := range strings.Split(s, "|") {
		out = append(out, mapping(t, m))
	}
	return out
}

// graph reads triples "s p o" separated by " . ".
func graph(t testing.TB, s string) *rdf.Graph {
	t.Helper()
	g := rdf.NewGraph()
	for _, tr := range strings.Split(s, " . ") {
		f := fields12(tr)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			t.Fatalf("bad triple %q", tr)
		}
		g.Add(rdf.Triple{S: term(t, f[0]), P: term(t, f[1]), O: term(t, f[2])})
	}
	return g
}

func keys(ms Multiset) []string {
	out := make([]string, len(ms))
	for i, mu := range ms {
		out[i] = show(mu)
	}
	return out
}

// show prints a mapping without its hidden variables (they never reach a result).
func show(mu Mapping) string {
	var parts []string
	for _, b := range mu {
		if !algebra.IsHidden(b.Var) {
			parts = append(parts, b.Var+"="+b.Term.String())
		}
	}
	if len(parts) == 0 {
		return "{}"
	}
	return strings.Join(parts, " ")
}

// sameBag reports whether two multisets hold the same mappings with the same cardinalities.
func sameBag(a, b Multiset) bool {
	ka, kb := keys(a), keys(b)
	sort.Strings(ka)
	sort.Strings(kb)
	return strings.Join(ka, "\n") == strings.Join(kb, "\n")
}

func sameSeq(a, b Multiset) bool {
	return strings.Join(keys(a), "\n") == strings.Join(keys(b), "\n")
}

// block is one blank-line separated case of a data file: key → value, plus its line.
type block struct {
	line   int
	fields map[string]string
}

func readBlocks(t testing.TB, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []block
	var cur *block
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			cur = nil
			continue
		}
		if cur == nil {
			out = append(out, block{line: n, fields: map[string]string{}})
			cur = &out[len(out)-1]
		}
		k, v, _ := strings.Cut(line, " ")
		cur.fields[k] = strings.TrimSpace(v)
	}
	return out
}

// section is one part of a sectioned test file: the rest of the line that
// opens it (after the marker, no newline) and the lines up to the next one.
type section struct {
	head, body string
}

// splitSections cuts text at the lines that begin with marker ("--- " for
// testdata/queries, "### " and "-- " for testdata/updates.txt). The first
// section holds what comes before the first marker line, with an empty head.
func splitSections(text, marker string) []section {
	out := []section{{}}
	for _, line := range strings.SplitAfter(text, "\n") {
		if rest, ok := strings.CutPrefix(line, marker); ok {
			out = append(out, section{head: strings.TrimSuffix(rest, "\n")})
			continue
		}
		out[len(out)-1].body += line
	}
	return out
}

func testEvaluator(ds *rdf.Dataset) *evaluator {
	if ds == nil {
		ds = rdf.NewDataset()
	}
	return newEvaluator(t0ctx, ds, "", Options{})
}

func boolTerm(b bool) rdf.Term { return rdf.Bool(b) }

// fields12 is strings.Fields keeping a triple term "<<( s p o )>>" (nested
// ones included) in one field, "k=<<( ... )>>" too.
func fields12(s string) []string {
	var out []string
	cur, depth := "", 0
	for _, f := range strings.Fields(s) {
		depth += strings.Count(f, "<<(") - strings.Count(f, ")>>")
		if cur != "" {
			cur += " "
		}
		cur += f
		if depth == 0 {
			out = append(out, cur)
			cur = ""
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// tripleParts splits "<<( s p o )>>" into its three fields.
func tripleParts(t testing.TB, s string) []string {
	t.Helper()
	inner, ok := strings.CutPrefix(s, "<<(")
	if inner, ok = strings.CutSuffix(inner, ")>>"); !ok {
		t.Fatalf("bad triple term %q", s)
	}
	p := fields12(inner)
	if len(p) != 3 {
		t.Fatalf("bad triple term %q", s)
	}
	return p
}
