package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
)

// A data case is
//
//	parse [base=IRI] [maxdepth=N] [maxlen=N] [spec=1.1|1.2] [expand]
//	<query text>
//	----
//	<printed query, or "error L:C: message">
//
// separated by blank lines. `expand` prints the flattened triples of every
// top-level triples block instead of the query.
type dataCase struct {
	line     int
	cmd      string
	input    string
	expected string
}

func readCases(t *testing.T, path string) []dataCase {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var out []dataCase
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "" || strings.HasPrefix(lines[i], "#") {
			continue
		}
		c := dataCase{line: i + 1, cmd: lines[i]}
		var in, exp []string
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			in = append(in, lines[i])
		}
		for i++; i < len(lines) && lines[i] != ""; i++ {
			exp = append(exp, lines[i])
		}
		c.input, c.expected = strings.Join(in, "\n"), strings.Join(exp, "\n")
		out = append(out, c)
	}
	return out
}

func runCase(c dataCase) string {
	fields := strings.Fields(c.cmd)
	var opts Options
	expand := false
	for _, f := range fields[1:] {
		k, v, _ := strings.Cut(f, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "base":
			opts.Base = v
		case "maxdepth":
			opts.MaxDepth = n
		case "maxlen":
			opts.MaxLength = n
		case "spec":
			opts.Spec = map[string]Spec{"1.1": Spec11, "1.2": Spec12}[v]
		case "expand":
			expand = true
		}
	}
	input := strings.ReplaceAll(c.input, `\t`, "\t")
	if fields[0] == "lex" {
		return lexText(input)
	}
	q, err := Parse(input, opts)
	if err != nil {
		e := err.(*Error)
		return fmt.Sprintf("error %d:%d: %s", e.Line, e.Col, strings.SplitN(e.Error(), ": ", 2)[1])
	}
	if expand {
		return expandText(q)
	}
	if q.Spec == Spec12 {
		return "# follows SPARQL 1.2\n" + strings.TrimRight(q.String(), "\n")
	}
	return strings.TrimRight(q.String(), "\n")
}

// lexText prints one token per line: position, kind, text, value.
func lexText(input string) string {
	text, m, err := unescapeCodepoints(input)
	if err != nil {
		return fmt.Sprintf("error %d:%d: %s", err.Line, err.Col, err.Msg)
	}
	src := newSource(input, text, m)
	toks, err := lex(src, false)
	if err != nil {
		return fmt.Sprintf("error %d:%d: %s", err.Line, err.Col, err.Msg)
	}
	var lines []string
	for _, t := range toks {
		p := src.pos(t.off)
		s := fmt.Sprintf("%d:%d %s %q", p.Line, p.Col, t.kind, t.text)
		if t.val != t.text {
			s += fmt.Sprintf(" val=%q", t.val)
		}
		if t.local != "" {
			s += fmt.Sprintf(" local=%q", t.local)
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func expandText(q *Query) string {
	n := 0
	fresh := func() string { n++; return "b" + strconv.Itoa(n) }
	var lines []string
	for _, e := range q.Where.Elems {
		if b, ok := e.(*TriplesBlock); ok {
			for _, tp := range b.Expand(fresh) {
				lines = append(lines, Format(tp.S)+" "+Format(tp.P)+" "+Format(tp.O)+" .")
			}
		}
	}
	return strings.Join(lines, "\n")
}

func TestData(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			cases := readCases(t, f)
			var out strings.Builder
			for _, c := range cases {
				got := runCase(c)
				if got == "" {
					got = "(empty)"
				}
				if !golden.Update() && got != c.expected {
					t.Errorf("%s:%d: %s\ngot:\n%s\nwant:\n%s", f, c.line, c.input, got, c.expected)
				}
				fmt.Fprintf(&out, "%s\n%s\n----\n%s\n\n", c.cmd, c.input, got)
			}
			if golden.Update() {
				golden.File(t, f, out.String())
			}
		})
	}
}
