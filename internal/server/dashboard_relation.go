package server

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/report"
)

// relationPrefix starts the basis reference of a metamorphic relation's
// violation (internal/filing relation.go, RelationBasis): such a finding
// has no judge's answer, its expected answer is the one the relation
// derives from the engine's own answer to the query.
const relationPrefix = "metamorphic relation "

// relationView is what the report page shows of a finding a metamorphic
// relation decided: the relation, its definitions (the write-up's spec
// links), the queries its check ran (the query as found first) and the
// check as the write-up gives it (report.AnswerText.Note of the expected
// answer: large.Check.Explain).
type relationView struct {
	Name    string
	Note    string          // the basis's note: the anchors, and what a judge said
	Queries []relationQuery // the check's queries, in the order they ran
	Explain string
}

// relationOf is the relation a finding rests on; nil when it rests on a
// judge's answer.
func relationOf(b report.Bug) *relationView {
	if b.Basis == nil {
		return nil
	}
	name, ok := strings.CutPrefix(b.Basis.Ref, relationPrefix)
	if !ok {
		return nil
	}
	v := &relationView{Name: name, Note: b.Basis.Note}
	if b.Expected != nil {
		v.Explain = b.Expected.Note
		v.Queries = explainQueries(v.Explain)
	}
	return v
}

// relationQuery is one query of a relation's check: its header in the
// explanation ("query 1") and its text.
type relationQuery struct{ Label, Text string }

// explainQueries reads the "-- query N" blocks of a check's explanation
// (large.Check.Explain): each runs to the next "-- " header line.
func explainQueries(text string) []relationQuery {
	var out []relationQuery
	var cur *relationQuery
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "-- ") {
			cur = nil
			if label, ok := strings.CutPrefix(line, "-- "); ok && strings.HasPrefix(label, "query ") {
				out = append(out, relationQuery{Label: label})
				cur = &out[len(out)-1]
			}
			continue
		}
		if cur != nil {
			cur.Text += line + "\n"
		}
	}
	for i := range out {
		out[i].Text = strings.TrimSpace(out[i].Text)
	}
	return out
}
