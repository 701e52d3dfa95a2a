package ops

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The audit of ops against the Recommendation, sentence by sentence:
// testdata/audit/*.txt, one block per spec section:
//
//	@ func-substr                      the anchor (without '#')
//	> The index of the first character in a strings is 1.
//	(SUBSTR "foobar" 1 1) => "f"       cases the sentence decides
//	> Another sentence of the section.
//	agg AVG : 1 unbound => error [contested]
//	- A sentence with nothing to test -- why (an example, a pointer...)
//
// A "> sentence" is quoted verbatim from the section of the anchor in
// /work/shared/spec/sparql11-query.md (SPARQL_SPEC overrides the path) and
// is followed by at least one case; a "- sentence -- why" is a sentence
// that decides nothing ops can test, with the reason. When the spec text is
// found, every sentence of every audited section must appear as one or the
// other (the section's tables and code blocks are examples, not read), so
// a reviewer can check the audit against the text and the runner fails on
// a sentence with no case.
//
// Cases: an expression case of testdata/*.txt; "agg NAME [distinct]
// [sep=S] : v1 v2 ... => expected" runs a set function over a group whose
// solutions bind ?x to each term (unbound: no binding); "order A < B"
// (OrderCompare and OrderFixed agree A is lower), "order A ~ B" (the text
// leaves the pair unordered: not OrderFixed). An expected value may end in
// [contested] or [follows]: the context must then name the open question
// (Contested) or the erratum/test followed (Follows).

var auditSkeleton = flag.Bool("audit.skeleton", false, "print the spec sentences missing from each audit file")

// auditBlock is one anchor's quotes, waivers and cases.
type auditBlock struct {
	anchor string
	line   int
	quotes []auditQuote
	waived []string
}

type auditQuote struct {
	text  string
	line  int
	cases []auditCase
}

type auditCase struct {
	line int
	text string
}

func readAudit(t *testing.T, path string) []*auditBlock {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []*auditBlock
	var q *auditQuote
	for i, raw := range strings.Split(string(data), "\n") {
		line, n := strings.TrimSpace(raw), i+1
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@ "):
			blocks = append(blocks, &auditBlock{anchor: strings.TrimSpace(line[2:]), line: n})
			q = nil
		case len(blocks) == 0:
			t.Fatalf("%s:%d: text before the first @ anchor", path, n)
		case strings.HasPrefix(line, "> "):
			b := blocks[len(blocks)-1]
			if q != nil && len(q.cases) == 0 && q.line == n-1 {
				q.text += " " + strings.TrimSpace(line[2:]) // a quote continued
				q.line = n
				continue
			}
			b.quotes = append(b.quotes, auditQuote{text: strings.TrimSpace(line[2:]), line: n})
			q = &b.quotes[len(b.quotes)-1]
		case strings.HasPrefix(line, "- "):
			sentence, why, ok := strings.Cut(line[2:], " -- ")
			if !ok || strings.TrimSpace(why) == "" {
				t.Errorf("%s:%d: a waived sentence needs ' -- why'", path, n)
			}
			blocks[len(blocks)-1].waived = append(blocks[len(blocks)-1].waived, strings.TrimSpace(sentence))
			q = nil
		case q == nil:
			t.Errorf("%s:%d: a case before any quoted sentence", path, n)
		default:
			q.cases = append(q.cases, auditCase{line: n, text: line})
		}
	}
	return blocks
}

func TestAudit(t *testing.T) {
	files, _ := filepath.Glob("testdata/audit/*.txt")
	if len(files) == 0 {
		t.Fatal("no audit files")
	}
	spec := loadSpec(t, "SPARQL_SPEC", "/work/shared/spec/sparql11-query.md")
	sentences, cases := runAudit(t, files, spec)
	t.Logf("audit: %d sentences, %d cases", sentences, cases)
}

// runAudit runs every case of the audit files and checks each quote
// against spec (when it is not ""): a quoted sentence needs a case.
func runAudit(t *testing.T, files []string, spec string) (sentences, cases int) {
	for _, f := range files {
		for _, b := range readAudit(t, f) {
			for _, q := range b.quotes {
				sentences++
				if len(q.cases) == 0 {
					t.Errorf("%s:%d: #%s: a quoted sentence with no case: %q", f, q.line, b.anchor, q.text)
				}
				for _, c := range q.cases {
					cases++
					runAuditCase(t, fmt.Sprintf("%s:%d (#%s)", f, c.line, b.anchor), c.text)
				}
			}
			if spec != "" {
				checkAgainstSpec(t, spec, f, b)
			}
		}
	}
	return sentences, cases
}

// loadSpec reads the spec text at the path the environment variable env
// names, else at path, or "" when it is not on this machine (the quotes
// are then not checked).
func loadSpec(t *testing.T, env, path string) string {
	if p := os.Getenv(env); p != "" {
		path = p
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Logf("spec text not found (%v): quotes not checked", err)
		return ""
	}
	return string(data)
}

// checkAgainstSpec: every quote and waiver is a sentence of the anchor's
// section, and every sentence of it is quoted or waived.
func checkAgainstSpec(t *testing.T, spec, file string, b *auditBlock) {
	units := specSentences(spec, b.anchor)
	if units == nil {
		t.Errorf("%s:%d: no section #%s in the spec", file, b.line, b.anchor)
		return
	}
	have := map[string]bool{}
	for _, u := range units {
		have[norm(u)] = true
	}
	seen := map[string]bool{}
	for _, q := range b.quotes {
		seen[norm(q.text)] = true
		if !have[norm(q.text)] {
			t.Errorf("%s:%d: not a sentence of #%s: %q", file, q.line, b.anchor, q.text)
		}
	}
	for _, w := range b.waived {
		seen[norm(w)] = true
		if !have[norm(w)] {
			t.Errorf("%s:%d: waived text is not a sentence of #%s: %q", file, b.line, b.anchor, w)
		}
	}
	for _, u := range units {
		if !seen[norm(u)] {
			if *auditSkeleton {
				fmt.Printf("%s #%s\n> %s\n", file, b.anchor, u)
				continue
			}
			t.Errorf("%s:%d: #%s: sentence neither tested nor waived: %q", file, b.line, b.anchor, u)
		}
	}
}

func norm(s string) string { return strings.Join(strings.Fields(s), " ") }

var (
	headingRE  = regexp.MustCompile(`^#{2,6} `)
	anchorRE   = regexp.MustCompile(`\{#[^}]*\}`)
	sentenceRE = regexp.MustCompile(`([.!?])\s+([A-Z"(])`)
	sepRE      = regexp.MustCompile(`sep="((?:[^"\\]|\\.)*)"`)
)

// specSentences is the prose of the anchor's section split into sentences:
// a heading's section runs to the next heading; a "Definition:" anchor's to
// the next definition or heading. Code blocks and table rows are skipped.
func specSentences(spec, anchor string) []string {
	lines := strings.Split(spec, "\n")
	start := -1
	for i, l := range lines {
		if strings.Contains(l, "{#"+anchor+"}") {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	heading := headingRE.MatchString(lines[start])
	out := []string{}
	code := false
	for i := start + 1; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if headingRE.MatchString(l) || (!heading && strings.Contains(l, "Definition:")) {
			break
		}
		if strings.HasPrefix(l, "```") {
			code = !code
			continue
		}
		if code || l == "" || strings.HasPrefix(l, "|") {
			continue
		}
		l = strings.TrimSpace(anchorRE.ReplaceAllString(l, ""))
		out = append(out, splitSentences(strings.TrimPrefix(l, "- "))...)
	}
	return out
}

func splitSentences(l string) []string {
	marked := sentenceRE.ReplaceAllString(l, "$1\x00$2")
	var out []string
	for _, s := range strings.Split(marked, "\x00") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// runAuditCase runs one case line.
func runAuditCase(t *testing.T, where, text string) {
	switch {
	case strings.HasPrefix(text, "agg "):
		runAggCase(t, where, text[4:])
	case strings.HasPrefix(text, "order "):
		runOrderCase(t, where, text[6:])
	case strings.HasPrefix(text, "filter "):
		runFilterCase(t, where, text)
	default:
		e, want, mark, ctx, ok := parseAuditCase(t, where, text)
		if !ok {
			return
		}
		checkValue(t, where, text, Eval(existsForms(e), auditEnv, ctx), want, mark, ctx)
	}
}

// auditEnv is testEnv with the values the §17 examples suppose (?x = 2,
// ?z = 0, #func-if) and the special values #func-bound names.
var auditEnv = func() mapBinding {
	m := mapBinding{
		"x": rdf.Literal("2", rdf.XSDInteger), "z": rdf.Literal("0", rdf.XSDInteger),
		"nan": rdf.Literal("NaN", rdf.XSDDouble), "inf": rdf.Literal("INF", rdf.XSDDouble),
	}
	for k, v := range testEnv {
		m[k] = v
	}
	return m
}()

// auditGraph is the data EXISTS is matched against in the audit:
// ex:a ex:p 1 . ex:a ex:q "s" .
var auditGraph = [][3]rdf.Term{
	{rdf.IRI(prefixes["ex"] + "a"), rdf.IRI(prefixes["ex"] + "p"), rdf.Literal("1", rdf.XSDInteger)},
	{rdf.IRI(prefixes["ex"] + "a"), rdf.IRI(prefixes["ex"] + "q"), rdf.String("s")},
}

// existsForms rewrites the case syntax (EXISTS s p o) and (NOT_EXISTS s p
// o) into EXISTS over a one-triple pattern (#func-filter-exists).
func existsForms(e algebra.Expr) algebra.Expr {
	c, ok := e.(*algebra.Call)
	if !ok {
		return e
	}
	if (c.Name == "EXISTS" || c.Name == "NOT_EXISTS") && len(c.Args) == 3 {
		var n [3]algebra.Node
		for i, a := range c.Args {
			switch a := a.(type) {
			case *algebra.Var:
				n[i] = algebra.V(a.Name)
			case *algebra.Const:
				n[i] = algebra.T(a.Term)
			}
		}
		tp := algebra.TriplePattern{S: n[0], P: n[1], O: n[2]}
		return &algebra.Exists{Not: c.Name == "NOT_EXISTS", Op: &algebra.BGP{Triples: []algebra.TriplePattern{tp}}}
	}
	args := make([]algebra.Expr, len(c.Args))
	for i, a := range c.Args {
		args[i] = existsForms(a)
	}
	return &algebra.Call{Name: c.Name, Args: args}
}

// auditExists matches a one-triple pattern against auditGraph: a variable
// bound in mu takes its value (#func-filter-exists), others match anything.
func auditExists(op algebra.Op, mu Binding) (bool, error) {
	tp := op.(*algebra.BGP).Triples[0]
	for _, tr := range auditGraph {
		ok := true
		for i, n := range []algebra.Node{tp.S, tp.P, tp.O} {
			want := n.Term
			if n.IsVar() {
				want, _ = mu.Get(n.Var)
			}
			ok = ok && (want.IsZero() || want == tr[i])
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

// cutMark splits a trailing [contested] or [follows] off a case.
func cutMark(text string) (string, string) {
	for _, m := range []string{"[contested]", "[follows]", "[open]"} {
		if s, ok := strings.CutSuffix(text, m); ok {
			return strings.TrimSpace(s), m
		}
	}
	return text, ""
}

func checkValue(t *testing.T, where, text string, got Value, want, mark string, ctx *Context) {
	switch {
	case want == "error" && got.Err == nil:
		t.Errorf("%s: %s\n\tgot %s, want error", where, text, render(got))
	case want != "error":
		wt, err := parseTerm(want)
		if err != nil {
			t.Errorf("%s: expected: %v", where, err)
		} else if got.Err != nil || got.Term != wt {
			t.Errorf("%s: %s\n\tgot  %s %v\n\twant %s", where, text, render(got), got.Err, wt)
		}
	}
	switch mark {
	case "[contested]":
		if ctx.Contested == nil || ctx.ContestWhy == "" {
			t.Errorf("%s: %s: the answer should name an open question (Contested)", where, text)
		}
	case "[follows]":
		if len(ctx.Follows) == 0 {
			t.Errorf("%s: %s: the answer should name what it follows (Follows)", where, text)
		}
	case "[open]":
		if ctx.Indeterminate == "" || ctx.Contested != nil {
			t.Errorf("%s: %s: the text leaves the answer open: want Indeterminate without a question, got %q %v",
				where, text, ctx.Indeterminate, ctx.Contested)
		}
	default:
		if ctx.Indeterminate != "" || ctx.Contested != nil {
			t.Errorf("%s: %s: unexpectedly open or contested: %s%s", where, text, ctx.Indeterminate, ctx.ContestWhy)
		}
	}
}

// runAggCase: "NAME [distinct] [sep=S] : v1 v2 ... => expected".
func runAggCase(t *testing.T, where, text string) {
	src, mark := cutMark(text)
	head, rest, ok := strings.Cut(src, " : ")
	vals, want, ok2 := strings.Cut(rest, "=>")
	if !ok || !ok2 {
		t.Errorf("%s: want 'agg NAME : values => expected'", where)
		return
	}
	a := &algebra.Aggregate{Arg: &algebra.Var{Name: "x"}, Separator: " "}
	if m := sepRE.FindStringSubmatch(head); m != nil {
		a.Separator = unescape(m[1])
		head = strings.Replace(head, m[0], "", 1)
	}
	for i, f := range strings.Fields(head) {
		switch {
		case i == 0:
			a.Name = f
		case f == "distinct":
			a.Distinct = true
		case f == "*":
			a.Arg = nil
		}
	}
	toks, err := tokenize(vals)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	var g []Binding
	for _, tok := range toks {
		m := mapBinding{}
		if tok != "unbound" {
			term, err := parseTerm(tok)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				return
			}
			m["x"] = term
		}
		g = append(g, m)
	}
	ctx := testContext()
	checkValue(t, where, text, Aggregate(a, g, ctx), strings.TrimSpace(want), mark, ctx)
}

// runOrderCase: "A < B" or "A ~ B", or two solutions' keys
// "A1 A2 | B1 B2 => fixed|open" (OrderClasses).
func runOrderCase(t *testing.T, where, text string) {
	if strings.Contains(text, "|") {
		runOrderRows(t, where, text)
		return
	}
	toks, err := tokenize(text)
	if err != nil || len(toks) != 3 {
		t.Errorf("%s: want 'order A < B' or 'order A ~ B'", where)
		return
	}
	a, err1 := orderTerm(toks[0])
	b, err2 := orderTerm(toks[2])
	if err1 != nil || err2 != nil {
		t.Errorf("%s: %v %v", where, err1, err2)
		return
	}
	switch toks[1] {
	case "<":
		if OrderCompare(a, b) >= 0 || OrderCompare(b, a) <= 0 || !OrderFixed(a, b) {
			t.Errorf("%s: %s: want %s ordered before %s", where, text, a, b)
		}
	case "~":
		if OrderFixed(a, b) {
			t.Errorf("%s: %s: #modOrderBy leaves %s and %s unordered; OrderFixed says ordered", where, text, a, b)
		}
	default:
		t.Errorf("%s: unknown relation %q", where, toks[1])
	}
}

func orderTerm(tok string) (rdf.Term, error) {
	if tok == "unbound" {
		return rdf.None, nil
	}
	return parseTerm(tok)
}

// runOrderRows checks whether #modOrderBy fixes the relative order of two
// solutions given their ORDER BY keys (all ascending).
func runOrderRows(t *testing.T, where, text string) {
	src, want, _ := strings.Cut(text, "=>")
	l, r, _ := strings.Cut(src, "|")
	var rows [][]rdf.Term
	for _, side := range []string{l, r} {
		toks, err := tokenize(side)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
		var row []rdf.Term
		for _, tok := range toks {
			term, err := orderTerm(tok)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				return
			}
			row = append(row, term)
		}
		rows = append(rows, row)
	}
	if compareRows(rows[0], rows[1]) > 0 {
		rows[0], rows[1] = rows[1], rows[0]
	}
	cl := OrderClasses(rows, len(rows[0]))
	got := map[bool]string{true: "fixed", false: "open"}[cl[0] != cl[1]]
	if got != strings.TrimSpace(want) {
		t.Errorf("%s: %s: got %s", where, text, got)
	}
}

func compareRows(a, b []rdf.Term) int {
	for k := range a {
		if c := OrderCompare(a[k], b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// parseAuditCase reads an expression case "EXPR => expected" with its
// mark, and the context it runs in (EXISTS by auditExists); ok is false,
// the error reported, when the case does not parse.
func parseAuditCase(t *testing.T, where, text string) (e algebra.Expr, want, mark string, ctx *Context, ok bool) {
	src, mark := cutMark(text)
	ctx = testContext()
	ctx.Exists = auditExists
	e, want, err := parseCase(src)
	if err != nil {
		t.Errorf("%s: parse: %v", where, err)
		return nil, "", "", nil, false
	}
	return e, want, mark, ctx, true
}

// runFilterCase: "filter EXPR => keep|drop" (#expressions: FILTERs
// eliminate the solutions whose EBV is false or an error).
func runFilterCase(t *testing.T, where, text string) {
	e, want, mark, ctx, ok := parseAuditCase(t, where, strings.TrimPrefix(text, "filter "))
	if !ok {
		return
	}
	b, ebvErr := EBV(Eval(existsForms(e), auditEnv, ctx))
	got := map[bool]string{true: "keep", false: "drop"}[ebvErr == nil && b]
	if got != want {
		t.Errorf("%s: %s: got %s", where, text, got)
	}
	checkValue(t, where, text, Of(rdf.Bool(true)), "true", mark, ctx)
}

// TestAudit12 is the audit of the SPARQL 1.2 additions against the editor's
// draft (commit 0a1aaaf, 2026-07-30), in the format of TestAudit:
// testdata/audit12/*.txt quote /work/shared/spec/sparql12-query-draft.md
// (SPARQL12_SPEC overrides the path) sentence by sentence.
func TestAudit12(t *testing.T) {
	files, _ := filepath.Glob("testdata/audit12/*.txt")
	if len(files) == 0 {
		t.Fatal("no audit files")
	}
	spec := headingAnchors(loadSpec(t, "SPARQL12_SPEC", "/work/shared/spec/sparql12-query-draft.md"))
	testSpec12 = true
	defer func() { testSpec12 = false }()
	sentences, cases := runAudit(t, files, spec)
	t.Logf("audit (1.2 draft): %d sentences, %d cases", sentences, cases)
}

var anchorsOnlyRE = regexp.MustCompile(`^\s*(\{#[^}]*\}\s*)+$`)

// headingAnchors moves the draft's anchors written on a line of their own
// before a heading ("{#func-triple}", "", "##### TRIPLE") onto the heading,
// the shape the 1.1 text has and specSentences reads.
func headingAnchors(spec string) string {
	lines := strings.Split(spec, "\n")
	for i, l := range lines {
		if !anchorsOnlyRE.MatchString(l) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j < len(lines) && headingRE.MatchString(lines[j]) {
			lines[j] += " " + strings.TrimSpace(l)
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}
