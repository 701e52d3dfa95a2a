package report

import (
	_ "embed"
	"regexp"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/results"
)

// UpdateSpecBase is where the anchors of SPARQL 1.1 Update point.
const UpdateSpecBase = "https://www.w3.org/TR/sparql11-update/"

// updateSentencesTSV quotes the sentences of SPARQL 1.1 Update (and the
// grammar rule of SPARQL 1.1 Query) that update verdicts rest on, one per
// key; TestUpdateSentences checks each against ../shared/spec.
//
//go:embed update_sentences.tsv
var updateSentencesTSV string

type updateSentence struct{ Anchor, Section, URL, Text string }

var updateSentences = parseUpdateSentences(updateSentencesTSV)

func parseUpdateSentences(text string) map[string]updateSentence {
	out := map[string]updateSentence{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 || strings.HasPrefix(line, "#") {
			continue
		}
		base := UpdateSpecBase
		if f[3] == "query" {
			base = SpecBase
		}
		out[f[0]] = updateSentence{Anchor: f[1], Section: f[2], URL: base + "#" + f[1], Text: f[4]}
	}
	return out
}

// UpdateAnchorURL is where an anchor an update verdict rests on can be
// read: SPARQL 1.1 Update, or the grammar rule of SPARQL 1.1 Query.
func UpdateAnchorURL(anchor string) string {
	for _, s := range updateSentences {
		if s.Anchor == anchor {
			return s.URL
		}
	}
	return UpdateSpecBase + "#" + anchor
}

// UpdateBasis is what a verdict on an update case rests on: the sentence
// that decides the class for the operation the divergence shows on (the
// request's last one, after reduction usually the only one).
func UpdateBasis(request, base string, class diff.Class, extra []string) *results.Basis {
	s, ok := updateSentences[updateBasisKey(request, base, class, extra)]
	if !ok {
		return nil
	}
	return &results.Basis{Kind: results.BasisText, Anchor: s.Anchor, Sentence: s.Text, URL: s.URL}
}

// updateBasisKey picks the sentence: the grammar for a refused request,
// atomicity for a partial failure, the text on absent graphs for a graph
// that should not exist after a DELETE, the text on illegal triples for
// a literal subject kept from a template, #defUSING for quads a
// DELETE/INSERT with USING removes or adds wrongly, else the operation's definition
// (§4), or the Graph Store's for an empty request.
func updateBasisKey(request, base string, class diff.Class, extra []string) string {
	u, err := syntax.ParseUpdate(request, syntax.Options{Base: base})
	switch {
	case class == diff.ClassRejected && err == nil && emptyGraphBlock(u):
		return "grammarQuads"
	case class == diff.ClassRejected:
		return "grammar"
	case class == diff.ClassAtomicity:
		return "atomic"
	case err != nil || len(u.Ops) == 0:
		return "graphStore"
	}
	op := u.Ops[len(u.Ops)-1].Op
	key, _ := opWords(op)
	switch {
	case class == diff.ClassGraphExistence && key == "deleteInsert":
		return "deleteAbsent"
	case class == diff.ClassGraphExistence && key == "deleteWhere":
		return "deleteWhereAbsent"
	case key == "deleteInsert" && literalSubject(extra):
		return "illegal"
	case key == "deleteInsert" && usesDataset(op) && (class == diff.ClassMissingQuads || class == diff.ClassExtraQuads):
		return "using"
	}
	return key
}

// emptyGraphBlock: a GRAPH block of the request holds no triple (the
// grammar's TriplesTemplate? is optional, #rQuadsNotTriples), the one
// construct a refusal of a single operation points at; refusals otherwise
// rest on the request's rule (#rUpdate).
func emptyGraphBlock(u *syntax.Update) bool {
	for _, st := range u.Ops {
		for _, qb := range quadBlocks(st.Op) {
			if qb.Graph != nil && len(qb.Triples) == 0 {
				return true
			}
		}
	}
	return false
}

func quadBlocks(op syntax.UpdateOp) []*syntax.QuadBlock {
	switch op := op.(type) {
	case *syntax.InsertData:
		return op.Quads
	case *syntax.DeleteData:
		return op.Quads
	case *syntax.DeleteWhere:
		return op.Quads
	case *syntax.Modify:
		return append(append([]*syntax.QuadBlock(nil), op.Delete...), op.Insert...)
	}
	return nil
}

// usesDataset: a DELETE/INSERT with USING or USING NAMED (#defUSING: its
// WHERE is matched against the dataset they describe, not the store).
func usesDataset(op syntax.UpdateOp) bool {
	m, ok := op.(*syntax.Modify)
	return ok && len(m.Using) > 0
}

// opWords are an operation's key in update_sentences.tsv (the stem of its
// definition's anchor) and its keyword, as a title names it.
func opWords(op syntax.UpdateOp) (key, name string) {
	switch op := op.(type) {
	case *syntax.InsertData:
		return "insertData", "INSERT DATA"
	case *syntax.DeleteData:
		return "deleteData", "DELETE DATA"
	case *syntax.DeleteWhere:
		return "deleteWhere", "DELETE WHERE"
	case *syntax.Modify:
		return "deleteInsert", modifyName(op)
	case *syntax.Load:
		return "load", "LOAD"
	case *syntax.Management:
		return [...]string{"clear", "drop", "create"}[op.Kind], op.Kind.String()
	case *syntax.Transfer:
		return [...]string{"add", "move", "copy"}[op.Kind], op.Kind.String()
	}
	return "graphStore", "update"
}

// literalSubject: some quad the engine's store holds and the judge's does
// not starts with a literal: a quad extra in the store, or one an engine's
// failure shows (a store that holds a triple which is not RDF cannot be
// printed as N-Quads: the failure quotes it, or the reader says it
// expected an IRI or blank node as subject).
func literalSubject(lines []string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, `"`) || literalSubjectFailure.MatchString(l) {
			return true
		}
	}
	return false
}

var literalSubjectFailure = regexp.MustCompile(`not RDF: "|expected IRI or blank node as subject`)

// UpdateFeature names the operation a divergence shows on, as its
// keyword ("DELETE WHERE", "INSERT DATA", "DELETE/INSERT"), "request
// sequence" for a refused request of several operations, "empty request"
// for none.
func UpdateFeature(request, base string, class diff.Class) string {
	u, err := syntax.ParseUpdate(request, syntax.Options{Base: base})
	switch {
	case err != nil:
		return "update request"
	case len(u.Ops) == 0:
		return "empty request"
	case class == diff.ClassRejected && emptyGraphBlock(u):
		return "empty GRAPH block"
	case class == diff.ClassRejected && laterPrologue(u):
		return "PREFIX or BASE after ';'"
	case class == diff.ClassRejected && len(u.Ops) > 1:
		return "request sequence"
	}
	_, name := opWords(u.Ops[len(u.Ops)-1].Op)
	return name
}

// laterPrologue: a declaration is written after a ';' (#rUpdate allows a
// prologue before every operation, and after the last ';').
func laterPrologue(u *syntax.Update) bool {
	if len(u.Tail) > 0 && len(u.Ops) > 0 {
		return true
	}
	for i, st := range u.Ops {
		if i > 0 && len(st.Prologue) > 0 {
			return true
		}
	}
	return false
}

func modifyName(m *syntax.Modify) string {
	switch {
	case m.HasDelete && m.HasInsert:
		return "DELETE/INSERT"
	case m.HasDelete:
		return "DELETE"
	}
	return "INSERT"
}
