package ops

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/results"
)

var questions = map[string]results.Basis{
	"ContestedAggErrors": ContestedAggErrors, "ContestedMinMaxError": ContestedMinMaxError,
	"ContestedInEmpty": ContestedInEmpty, "ContestedUnequalTypes": ContestedUnequalTypes,
	"ContestedHours24": ContestedHours24, "ContestedRegexQ": ContestedRegexQ,
	"ContestedNPS": ContestedNPS, "ContestedExists": ContestedExists,
	"ContestedTripleEqual": ContestedTripleEqual, "ContestedUnboundOperand": ContestedUnboundOperand,
}

// TestReadings evaluates each case of testdata/readings/readings.txt under
// the judge's reading and every alternative of its question.
func TestReadings(t *testing.T) {
	n := 0
	var q results.Basis
	eachLine(t, "testdata/readings/readings.txt", func(where, text string) {
		if name, ok := strings.CutPrefix(text, "@ "); ok {
			var known bool
			if q, known = questions[name]; !known {
				t.Fatalf("%s: unknown question %s", where, name)
			}
			return
		}
		src, wants, _ := strings.Cut(text, "=>")
		ws := strings.Split(wants, "|")
		if len(ws) != len(Alternatives(q))+1 {
			t.Errorf("%s: %d answers for %d readings", where, len(ws), len(Alternatives(q))+1)
			return
		}
		for k, w := range ws {
			ctx := testContext()
			ctx.Readings = map[string]int{ReadingKey(q): k}
			got, err := evalReadingCase(strings.TrimSpace(src), ctx)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				return
			}
			if w = strings.TrimSpace(w); w == "fixed" || w == "extensible" { // an error, and whose (extension.txt)
				if ext := got.Extensible(); got.Err == nil || ext != (w == "extensible") {
					t.Errorf("%s (reading %d): %s: got %v (extensible %v), want %s", where, k, text, got, ext, w)
				}
			} else {
				checkValue(t, fmt.Sprintf("%s (reading %d)", where, k), text, got, w, "", &Context{})
			}
			n++
		}
	})
	for key := range judgeReadings {
		if key != ReadingKey(ContestedExists) && len(alternatives[key]) == 0 {
			t.Errorf("question %s has no alternative reading", key)
		}
	}
	t.Logf("%d reading cases", n)
}

// evalReadingCase evaluates "(expr)" or "agg NAME : values" under ctx.
func evalReadingCase(src string, ctx *Context) (Value, error) {
	if rest, ok := strings.CutPrefix(src, "agg "); ok {
		name, vals, _ := strings.Cut(rest, " : ")
		toks, err := tokenize(vals)
		if err != nil {
			return Value{}, err
		}
		var g []Binding
		for _, tok := range toks {
			m := mapBinding{}
			if tok != "unbound" {
				if m["x"], err = parseTerm(tok); err != nil {
					return Value{}, err
				}
			}
			g = append(g, m)
		}
		return Aggregate(&algebra.Aggregate{Name: name, Arg: &algebra.Var{Name: "x"}, Separator: " "}, g, ctx), nil
	}
	e, _, err := parseCase(src + " => x")
	if err != nil {
		return Value{}, err
	}
	return Eval(e, mapBinding{}, ctx), nil
}

// TestExtensionPoints checks which errors are §17.6 extension points.
func TestExtensionPoints(t *testing.T) {
	eachLine(t, "testdata/readings/extension.txt", func(where, text string) {
		e, want, err := parseCase(text)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
		ctx := testContext()
		v := Eval(e, mapBinding{}, ctx)
		got := "value"
		switch {
		case v.Extensible():
			got = "extensible"
		case v.Err != nil:
			got = "fixed"
		}
		if got != want {
			t.Errorf("%s: %s: got %s (%v)", where, text, got, v.Err)
		}
		if raised := ctx.ExtErrors > 0; raised != (want == "extensible" || strings.Contains(text, `"1" 1) 2)`)) {
			t.Errorf("%s: %s: ExtErrors %d", where, text, ctx.ExtErrors)
		}
	})
}

func eachLine(t *testing.T, path string, f func(where, text string)) {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for i := 1; sc.Scan(); i++ {
		if text := strings.TrimSpace(sc.Text()); text != "" && !strings.HasPrefix(text, "#") {
			f(fmt.Sprintf("%s:%d", path, i), text)
		}
	}
}
