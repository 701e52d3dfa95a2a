package diff

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/results"
)

// compareReadings judges an answer that differs from the judge's where the
// judge met a contested question and evaluated the other readings
// (Freedom.Readings): matching one is a spec question naming the reading
// the engine took (ClassUndecided, Basis contested); matching none when the
// readings are complete is wrong, because every reading of the text rules
// it out (Basis text). nil: the readings do not decide (none recorded, one
// of them undecided, or not all evaluated).
func compareReadings(expected, actual *results.Answer, v *Verdict, opt Options) *Verdict {
	f := expected.Freedom
	if f.Contested == nil || len(f.Readings) == 0 {
		return nil
	}
	undecided := false
	for _, rd := range f.Readings {
		if rd.Answer == nil {
			undecided = true
			continue
		}
		rv := CompareWith(rd.Answer, actual, opt)
		if rv.OK {
			if len(rd.Bases) == 0 { // a reading always names its question; keep the judge's if not
				rd.Bases = []results.Basis{*f.Contested}
			}
			return questionVerdict(v, rd)
		}
		undecided = undecided || readingUndecided(rv)
	}
	if undecided || !f.ReadingsComplete || f.Extension != nil {
		return nil
	}
	return ruledOut(v, f)
}

func readingUndecided(v *Verdict) bool {
	return !v.OK && len(v.Classes) > 0 && v.Classes[0] == ClassUndecided
}

// questionVerdict: the answer is the judge's under another reading rd.
func questionVerdict(v *Verdict, rd results.Reading) *Verdict {
	b := rd.Bases[0]
	b.Kind = results.BasisContested
	b.Note = "the engine takes the reading: " + strings.Join(rd.Takes, "; ")
	return &Verdict{Classes: []Class{ClassUndecided}, Diff: v.Diff, Summary: v.Summary, Basis: &b,
		Note: "spec question: the answer of another reading of " + refs(rd.Bases) + " (" + strings.Join(rd.Takes, "; ") + ")"}
}

// ruledOut: the judge evaluated every reading of the questions it met and
// the answer is none of them.
func ruledOut(v *Verdict, f *results.Freedom) *Verdict {
	var anchors []string
	seen := map[string]bool{}
	for _, rd := range f.Readings {
		for _, b := range rd.Bases {
			if !seen[b.Anchor] {
				seen[b.Anchor] = true
				anchors = append(anchors, "#"+b.Anchor)
			}
		}
	}
	b := &results.Basis{Kind: results.BasisText, Anchor: f.Contested.Anchor, Ref: f.Contested.Ref, URL: f.Contested.URL,
		Note: "every reading of the text rules it out (" + strings.Join(anchors, ", ") + ", " + f.Contested.Ref + ": " +
			"the judge's reading and " + plural(len(f.Readings), "other") + " evaluated)"}
	out := *v
	out.Basis = b
	out.Note = strings.TrimPrefix(strings.TrimSpace(v.Note+"; "+b.Note), "; ")
	return &out
}

func refs(bs []results.Basis) string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Ref+" (#"+b.Anchor+")")
	}
	return strings.Join(out, " and ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
