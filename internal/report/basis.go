package report

import (
	_ "embed"
	"strings"

	"github.com/sparql-oracle/oracle/internal/results"
)

// spec_sentences.tsv holds, per anchor of SPARQL 1.1 Query, the section's
// number and title and its deciding sentence, quoted from the
// Recommendation (extracted once from /work/shared/spec/sparql11-query.md,
// the definitions' formulas written out; the repository never reads that
// folder at run time). A text basis quotes it.
//
//go:embed spec_sentences.tsv
var sentenceFile string

type sentence struct{ section, text string }

var sentences = parseSentences(sentenceFile)

func parseSentences(s string) map[string]sentence {
	out := map[string]sentence{}
	for _, line := range strings.Split(s, "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) == 3 && !strings.HasPrefix(line, "#") {
			out[f[0]] = sentence{f[1], f[2]}
		}
	}
	return out
}

// Sentence returns the section and the quoted sentence of a spec anchor.
func Sentence(anchor string) (section, text string, ok bool) {
	s, ok := sentences[anchor]
	return s.section, s.text, ok
}

// basisOf is what a divergence's verdict rests on: the open question when
// the judge marked its reading contested; else an erratum or W3C test the
// judge followed against the words (the one on the divergence's anchor,
// else the first), which the report cites instead of the definition it
// departs from; else the text of the first deciding section.
func basisOf(expected *results.Answer, spec []SpecLink) *results.Basis {
	var f *results.Freedom
	if expected != nil {
		f = expected.Freedom
	}
	if f != nil && f.Contested != nil {
		b := *f.Contested
		b.Kind = results.BasisContested
		return &b
	}
	if f != nil && len(f.Follows) > 0 {
		return followed(f.Follows, spec)
	}
	if len(spec) == 0 {
		return nil
	}
	b := &results.Basis{Kind: results.BasisText, Anchor: spec[0].Anchor, URL: spec[0].URL}
	if _, text, ok := Sentence(spec[0].Anchor); ok {
		b.Sentence = text
	}
	return b
}

func followed(fs []results.Basis, spec []SpecLink) *results.Basis {
	for _, l := range spec {
		for _, b := range fs {
			if b.Anchor == l.Anchor {
				return &b
			}
		}
	}
	b := fs[0]
	return &b
}

// contested reports whether the judge's answer rests on an open question.
func contested(expected *results.Answer) bool {
	return expected != nil && expected.Freedom != nil && expected.Freedom.Contested != nil
}

// basisLine is the basis in one line of plain text.
func basisLine(b *results.Basis) string {
	if b == nil {
		return ""
	}
	switch b.Kind {
	case results.BasisText:
		sec, _, _ := Sentence(b.Anchor)
		return strings.TrimSpace("text: SPARQL 1.1 Query §" + sec + " (#" + b.Anchor + ")")
	case results.BasisErratum:
		return "erratum: " + b.Ref + anchorNote(b)
	case results.BasisW3CTest:
		return "w3c-test: " + b.Ref + anchorNote(b)
	case results.BasisContested:
		return "contested: " + b.Ref + anchorNote(b)
	}
	return string(b.Kind) + ": " + b.Ref
}

func anchorNote(b *results.Basis) string {
	if b.Anchor == "" {
		return ""
	}
	return " (against the words of #" + b.Anchor + ")"
}
