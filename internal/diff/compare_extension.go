package diff

import (
	"sort"

	"github.com/sparql-oracle/oracle/internal/results"
)

// ClassExtension: the answer differs from the judge's only where a §17
// function or operator raised an error on bound arguments, which §17.6
// (#extensionFunctions) makes an extension point: a permitted extension,
// not wrong. It ranks after ClassUndecided (it never comes with another).
const ClassExtension Class = "permitted-extension"

func init() { allClasses = append(allClasses, ClassExtension) }

// extensionBasis is §17.6, on which a permitted extension rests.
var extensionBasis = results.Basis{
	Kind: results.BasisText, Anchor: "extensionFunctions",
	Sentence: "any function or operator that is specified to return an error under some conditions is a valid " +
		"extension point. That is, an implementation may return a non-error value in these error cases, and " +
		"still be conformant with this recommendation.",
	URL:  "https://www.w3.org/TR/sparql11-query/#extensionFunctions",
	Note: "permitted extension: §17.6, a value where the text gives an error",
}

// compareExtension judges an answer that differs from the judge's where a
// §17 function or operator raised an error on bound arguments that decided
// the judge's answer (Freedom.Extension, reference/extension.go). When the
// judge evaluated the extension points open (Extension.Answer: cells that
// may hold any value, rows that may appear), an answer matching it is a
// permitted extension (ClassExtension); where an extension point decided
// elsewhere, a differing answer is undecided. nil: no extension point, or
// the answer is not one any extension gives.
func compareExtension(expected, actual *results.Answer, v *Verdict, opt Options) *Verdict {
	x := expected.Freedom.Extension
	if x == nil || expected.Freedom.Indeterminate != "" {
		return nil // another choice left the answer open: undecided (an error RE2 cannot avoid is one)
	}
	if x.Elsewhere || x.Answer == nil {
		b := extensionBasis
		b.Note = "an error a §17 function or operator raised on bound arguments decided the answer beyond a cell " +
			"or a row (§17.6 #extensionFunctions): an extended engine's answer there is not decided"
		return &Verdict{Classes: []Class{ClassUndecided}, Diff: v.Diff, Summary: v.Summary, Basis: &b,
			Note: "unjudged: " + b.Note}
	}
	if expected.Kind != results.Bindings || actual.Kind != results.Bindings {
		return nil
	}
	plain := withoutExtension(expected)
	if !CompareWith(plain, relaxed(expected, x.Answer, actual), opt).OK {
		return nil
	}
	b := extensionBasis
	return &Verdict{Classes: []Class{ClassExtension}, Diff: v.Diff, Summary: v.Summary, Basis: &b, Note: b.Note}
}

// withoutExtension is the judge's answer with no extension freedom, so
// comparing against it never recurses.
func withoutExtension(a *results.Answer) *results.Answer {
	f := *a.Freedom
	f.Extension, f.Readings, f.ReadingsComplete = nil, nil, false
	out := *a
	out.Freedom = &f
	return &out
}

// relaxed rewrites actual onto the judge's terms where an extension may
// differ: a row that matches a row of the extension answer x (a cell
// holding results.ExtensionValue takes any value or none) gets those cells
// unbound, as the judge has them; then a row beyond the judge's that only
// an extension keeps (a row a top-level FILTER's error dropped) is removed.
// The order of the rest is kept, so ORDER BY is judged as before.
func relaxed(expected, x, actual *results.Answer) *results.Answer {
	used := make([]bool, len(x.Rows))
	rows := make([]results.Solution, len(actual.Rows))
	from := make([]int, len(actual.Rows)) // the x row each actual row took, or -1
	for i, a := range actual.Rows {
		from[i], rows[i] = -1, a
	}
	for pass := 0; pass < 2; pass++ { // exact rows first, then extended cells
		for i, a := range actual.Rows {
			if from[i] >= 0 {
				continue
			}
			if j := matchExtension(x, a, used, pass == 1); j >= 0 {
				used[j], from[i], rows[i] = true, j, judgeForm(x.Rows[j], a)
			}
		}
	}
	out := *actual
	out.Rows = dropOptional(expected.Rows, x.Rows, rows, from)
	return &out
}

// matchExtension finds an unused row of x that a matches; loose allows
// cells holding the extension value.
func matchExtension(x *results.Answer, a results.Solution, used []bool, loose bool) int {
	for j, r := range x.Rows {
		if !used[j] && fits(x, j, r, a, loose) {
			return j
		}
	}
	return -1
}

func fits(x *results.Answer, j int, r, a results.Solution, loose bool) bool {
	for v, t := range r {
		if t == results.ExtensionValue {
			if !loose {
				return false
			}
			continue
		}
		if at, ok := a[v]; !ok || !(at == t || cellOf(x, j, v).Accepts(t, at)) {
			return false
		}
	}
	for v := range a {
		if _, ok := r[v]; !ok {
			return false
		}
	}
	return true
}

func cellOf(x *results.Answer, j int, v string) results.Cell {
	if x.Freedom != nil && j < len(x.Freedom.Cells) {
		return x.Freedom.Cells[j][v]
	}
	return results.Cell{}
}

// judgeForm is a with the extended cells of r unbound.
func judgeForm(r, a results.Solution) results.Solution {
	out := results.Solution{}
	for v, t := range a {
		if r[v] != results.ExtensionValue {
			out[v] = t
		}
	}
	return out
}

// dropOptional removes rows an extension may add: rows beyond the judge's
// multiset whose extension row is not one of the judge's.
func dropOptional(judge, x, rows []results.Solution, from []int) []results.Solution {
	need := map[string]int{}
	for _, r := range judge {
		need[SolutionKey(r)]++
	}
	optional := map[string]int{}
	for _, r := range x {
		optional[SolutionKey(judgeForm(r, r))]++
	}
	for k, n := range need {
		optional[k] -= n
	}
	var out []results.Solution
	for i, r := range rows {
		k := SolutionKey(r)
		switch {
		case need[k] > 0:
			need[k]--
		case from[i] >= 0 && optional[k] > 0:
			optional[k]--
			continue
		}
		out = append(out, r)
	}
	return out
}

func SolutionKey(r results.Solution) string {
	keys := make([]string, 0, len(r))
	for v := range r {
		keys = append(keys, v)
	}
	sort.Strings(keys)
	b := make([]byte, 0, 64)
	for _, v := range keys {
		b = append(b, v...)
		b = append(b, '=')
		b = append(b, r[v].String()...)
		b = append(b, 0)
	}
	return string(b)
}
