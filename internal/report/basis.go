package report

import (
	_ "embed"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// spec_sentences.tsv holds, per anchor of SPARQL 1.1 Query, the section's
// number and title and its deciding sentence, quoted from the
// Recommendation (extracted once from its text,
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
// judge followed against the words that decides this divergence (followed),
// which the report cites instead of the definition it departs from; else
// the text of the first deciding section.
func basisOf(expected *results.Answer, spec []SpecLink) *results.Basis {
	var f *results.Freedom
	if expected != nil {
		f = expected.Freedom
	}
	if f != nil && f.Contested != nil {
		b := *f.Contested
		b.Kind = results.BasisContested
		return cited(&b)
	}
	if f != nil {
		if b := followed(f.Follows, spec); b != nil {
			return b
		}
	}
	return textBasis(spec)
}

// textBasis is the text of the first deciding section.
func textBasis(spec []SpecLink) *results.Basis {
	if len(spec) == 0 {
		return nil
	}
	b := &results.Basis{Kind: results.BasisText, Anchor: spec[0].Anchor, URL: spec[0].URL}
	if _, text, ok := Sentence(spec[0].Anchor); ok {
		b.Sentence = text
	}
	if l := spec[0]; l.Quote != "" {
		b.Sentence = l.Quote
		if !strings.HasPrefix(l.URL, SpecBase) { // another Recommendation: name it (basisLine)
			b.Ref = l.Section
		}
	}
	return b
}

// followed is the erratum or W3C test among fs that decides a divergence
// whose deciding sections are spec: the one on one of their anchors, else
// the first whose point is not confined to its anchor (scoped); nil when
// none decides it, and the text does.
func followed(fs []results.Basis, spec []SpecLink) *results.Basis {
	for _, l := range spec {
		for _, b := range fs {
			if b.Anchor == l.Anchor {
				return &b
			}
		}
	}
	for _, b := range fs {
		if !scoped[b.Ref] {
			return &b
		}
	}
	return nil
}

// scoped are the errata a report cites only where their anchor decides
// the divergence. errata-query-21 gives an aggregate over no solution its
// one row (#defn_algGroup's words give none): it decides the rows of the
// answer (specLinks cites Group for missing and extra rows), not the value
// the row holds, which the set function's own definition decides (Avg(M)
// = "0"^^xsd:integer where Count(M) = 0) under the erratum and the words
// alike.
var scoped = map[string]bool{"errata-query-21": true}

// cited is a contested basis cited at the construct that met the question
// (results.Basis.Construct): a question several set functions share
// (w3c/rdf-tests#39: SUM, AVG, GROUP_CONCAT; MIN, MAX) at the definition
// of the one that decided the case (#defn_aggAvg for AVG, not
// #defn_aggSum). Other questions keep their anchor: for an operator over
// an unbound operand the words in question are §17.2/§17.3.1's, not the
// operator's row.
func cited(b *results.Basis) *results.Basis {
	if b == nil || b.Kind != results.BasisContested || b.Construct == "" {
		return b
	}
	if l, ok := aggregateSpec[b.Construct]; ok && strings.HasPrefix(b.Anchor, "defn_agg") {
		c := *b
		c.Anchor = l.Anchor
		return &c
	}
	return b
}

// verdictBasis is the basis the comparator gave the first of the engines
// whose verdict has one: the reading an engine took, "every reading of the
// text rules it out", or §17.6 (diff.Verdict.Basis).
func verdictBasis(r *triage.Report, engines []string, spec []SpecLink) *results.Basis {
	for _, e := range engines {
		if v := r.Verdict(e); v != nil && v.Verdict != nil && v.Verdict.Basis != nil {
			if projectionRuledOut(v) {
				return textBasis(spec)
			}
			return v.Verdict.Basis
		}
	}
	return nil
}

// projectionRuledOut: "every reading of the text rules it out" said of an
// answer whose projected variables differ (vars, empty-head). No reading of
// a contested question changes which variables a query projects, so what
// decides it is the projection's text (#variableScope, #defn_algProjection,
// the results head), not the readings.
func projectionRuledOut(v *triage.EngineVerdict) bool {
	return (v.Class == diff.ClassVars || v.Class == diff.ClassEmptyHead) &&
		v.Verdict.Basis.Kind == results.BasisText && strings.HasPrefix(v.Verdict.Basis.Note, "every reading")
}

// erroredEverywhere: engines that failed the query (no answer) where the
// judge met a contested question and evaluated every reading, each of
// which has an answer: no reading permits the failure, so the basis is
// the text ("every reading of the text rules it out"), not the question.
func erroredEverywhere(r *triage.Report, engines []string) *results.Basis {
	f := (*results.Freedom)(nil)
	if r.Expected != nil {
		f = r.Expected.Freedom
	}
	if f == nil || f.Contested == nil || !f.ReadingsComplete || len(engines) == 0 {
		return nil
	}
	for _, e := range engines {
		if v := r.Verdict(e); v == nil || v.Outcome != triage.Errored {
			return nil
		}
	}
	c := f.Contested
	return &results.Basis{Kind: results.BasisText, Anchor: c.Anchor, Ref: c.Ref, URL: c.URL,
		Note: "every reading of the text rules it out: each of the " + strconv.Itoa(len(f.Readings)+1) +
			" readings evaluated (#" + c.Anchor + ", " + c.Ref + ") has an answer, the engine failed the query"}
}

// engineBasis is the basis of one engine's verdict: its bug's, else the
// comparator's own (a spec question or a permitted extension, never filed).
func engineBasis(v triage.EngineVerdict, bugs []Bug) *results.Basis {
	if b := basisFor(v.Engine, bugs); b != nil {
		return b
	}
	if v.Verdict != nil {
		return cited(v.Verdict.Basis)
	}
	return nil
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
		sec, _, ok := Sentence(b.Anchor)
		if !ok && b.Ref != "" { // another Recommendation's section (formatSentences)
			return "text: " + b.Ref + " (#" + b.Anchor + ")" + readingNote(b)
		}
		return strings.TrimSpace("text: SPARQL 1.1 Query §"+sec+" (#"+b.Anchor+")") + readingNote(b)
	case results.BasisContested:
		return "contested: " + b.Ref + anchorNote(b) + readingNote(b)
	case results.BasisErratum:
		return "erratum: " + b.Ref + anchorNote(b)
	case results.BasisW3CTest:
		return "w3c-test: " + b.Ref + anchorNote(b)
	}
	return string(b.Kind) + ": " + b.Ref
}

// readingNote is the comparator's own note on a basis it gave (the reading
// an engine took, every reading ruling an answer out, §17.6), which a text
// basis from the spec sentences does not carry.
func readingNote(b *results.Basis) string {
	for _, p := range []string{"the engine takes", "every reading", "permitted extension", "an error a §17"} {
		if strings.HasPrefix(b.Note, p) {
			return " — " + b.Note
		}
	}
	return ""
}

func anchorNote(b *results.Basis) string {
	if b.Anchor == "" {
		return ""
	}
	return " (against the words of #" + b.Anchor + ")"
}
