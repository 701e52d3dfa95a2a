package report

import (
	"github.com/sparql-oracle/oracle/internal/diff"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// SpecBase is where the spec anchors of reports point.
const SpecBase = "https://www.w3.org/TR/sparql11-query/"

// SpecLink is one section of SPARQL 1.1 Query that decides a divergence.
type SpecLink struct {
	Anchor  string `json:"anchor"`  // without '#', as in ../shared/spec (e.g. defn_aggAvg)
	Section string `json:"section"` // number and title (e.g. "18.5.1.4 Avg")
	URL     string `json:"url"`
	// Quote, when set, is the deciding sentence where it is not the
	// section's first (spec_sentences.tsv), or not SPARQL 1.1 Query's.
	Quote string `json:"-"`
}

// link names a section; its number and title come from the sentence table
// (spec_sentences.tsv) when it has the anchor, so a function is cited at
// its own level (17.4.1.1 bound, not 17.4).
func link(anchor, section string) SpecLink {
	if sec, _, ok := Sentence(anchor); ok {
		section = sec
	}
	return SpecLink{Anchor: anchor, Section: section, URL: SpecBase + "#" + anchor}
}

// feature is one construct a query uses, with the section defining it.
type feature struct {
	Name string
	Spec SpecLink
}

var aggregateSpec = map[string]SpecLink{
	"COUNT":        link("defn_aggCount", "18.5.1.2 Count"),
	"SUM":          link("defn_aggSum", "18.5.1.3 Sum"),
	"AVG":          link("defn_aggAvg", "18.5.1.4 Avg"),
	"MIN":          link("defn_aggMin", "18.5.1.5 Min"),
	"MAX":          link("defn_aggMax", "18.5.1.6 Max"),
	"GROUP_CONCAT": link("defn_aggGroupConcat", "18.5.1.7 GroupConcat"),
	"SAMPLE":       link("defn_aggSample", "18.5.1.8 Sample"),
}

var patternSpec = map[string]SpecLink{
	"GROUP BY":            link("defn_algGroup", "18.5 Definition: Group"),
	"OPTIONAL":            link("defn_algLeftJoin", "18.5 Definition: LeftJoin"),
	"UNION":               link("defn_algUnion", "18.5 Definition: Union"),
	"MINUS":               link("defn_algMinus", "18.5 Definition: Minus"),
	"FILTER":              link("defn_algFilter", "18.5 Definition: Filter"),
	"BIND":                link("defn_extend", "18.5 Definition: Extend"),
	"VALUES":              link("inline-data", "10.2 VALUES: Providing inline data"),
	"property path":       link("sparqlPropertyPaths", "18.1.7 Property Path Patterns"),
	"subquery":            link("subqueries", "12 Subqueries"),
	"ORDER BY":            link("modOrderBy", "15.1 ORDER BY"),
	"DISTINCT":            link("defn_algDistinct", "18.5 Definition: Distinct"),
	"REDUCED":             link("defn_algReduced", "18.5 Definition: Reduced"),
	"HAVING":              link("having", "11.3 HAVING"),
	"GRAPH":               link("defn_evalGraph", "18.6 Definition: Evaluation of Graph"),
	"EXISTS":              link("defn_evalExists", "18.6 Definition: Evaluation of Exists"),
	"NOT EXISTS":          link("defn_evalExists", "18.6 Definition: Evaluation of Exists"),
	"IN":                  link("func-in", "17.4.1.9 IN"),
	"NOT IN":              link("func-not-in", "17.4.1.10 NOT IN"),
	"LIMIT":               link("defn_algSlice", "18.5 Definition: Slice"),
	"OFFSET":              link("defn_algSlice", "18.5 Definition: Slice"),
	"arithmetic":          link("OperatorMapping", "17.3 Operator Mapping"),
	"basic graph pattern": link("BGPsparql", "18.3.1 SPARQL Basic Graph Pattern Matching"),
}

// callAnchors holds the §17.4 anchors whose case is not simply lower case.
var callAnchors = map[string]string{
	"SAMETERM": "func-sameTerm", "ISIRI": "func-isIRI", "ISURI": "func-isIRI",
	"ISBLANK": "func-isBlank", "ISLITERAL": "func-isLiteral", "ISNUMERIC": "func-isNumeric",
	"LANGMATCHES": "func-langMatches", "STRDT": "func-strdt", "STRLANG": "func-strlang",
	"IRI": "func-iri", "URI": "func-iri",
}

// classSpec names the section behind a class, when the class itself (not
// the feature) is what the spec decides.
var classSpec = map[diff.Class]SpecLink{
	diff.ClassOrder:          link("modOrderBy", "15.1 ORDER BY"),
	diff.ClassDuplicateRows:  link("defn_algToMultiSet", "18.5 Definition: ToMultiSet"),
	diff.ClassBlankVsIRI:     link("BlankNodesInResults", "2.4 Blank Node Labels in Query Results"),
	diff.ClassUnboundVsBound: link("evaluation", "17.2 Filter Evaluation (errors leave a variable unbound)"),
	diff.ClassErrorVsAnswer:  link("evaluation", "17.2 Filter Evaluation"),
	diff.ClassRejected:       link("grammar", "19 SPARQL Grammar"),
}

// features lists the constructs of a query, most specific first:
// aggregates, function calls, arithmetic, then patterns and modifiers.
func features(query, base string) []feature {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return nil
	}
	var aggs, calls, ops, pats []feature
	syntax.Inspect(q, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Aggregate:
			aggs = append(aggs, feature{n.Name, aggregateSpec[n.Name]})
		case *syntax.Call:
			calls = append(calls, callFeature(n.Name))
		case *syntax.Binary, *syntax.Unary, *syntax.In, *syntax.Exists, *syntax.FuncCall:
			if f, ok := exprFeature(n.(syntax.Expr)); ok { // name.go: the constructs package's labels
				ops = append(ops, f)
			}
		default:
			if l, ok := pathFeature(n); ok {
				pats = append(pats, feature{"property path", l})
			} else if name := patternName(n); name != "" {
				pats = append(pats, feature{name, patternSpec[name]})
			}
		}
		return true
	})
	pats = append(pats, modifierFeatures(q)...)
	all := append(append(append(aggs, calls...), ops...), pats...)
	all = append(dedupFeatures(all), feature{"basic graph pattern", patternSpec["basic graph pattern"]})
	return append(all, projectionFeature(q)) // last: named only for the vars class (featureOf)
}

// projectionFeature is what decides a SELECT's variables: the in-scope
// variables for SELECT * (#variableScope: "SELECT *" projects every
// variable in scope), the listed ones otherwise (#defn_algProjection).
func projectionFeature(q *syntax.Query) feature {
	if q.Select != nil && q.Select.Star {
		return feature{"SELECT *", link("variableScope", "18.2.1 Variable Scope")}
	}
	return feature{"projection", link("defn_algProjection", "18.5 Definition: Project")}
}

// resultsHead is the results formats' head, which lists the query's
// variables even when there is no solution (ClassEmptyHead). Its sentence
// is SPARQL Query Results XML Format's, not SPARQL 1.1 Query's
// (formatSentences).
var resultsHead = feature{"results", SpecLink{Anchor: "head",
	Section: "SPARQL Query Results XML Format 2.2 Header", URL: "https://www.w3.org/TR/rdf-sparql-XMLres/#head",
	Quote: "For a variable binding query result, head must contain a sequence of elements describing " +
		"the set of Query Variable names in the Solution Sequence (here called query results). The order of the " +
		"variable names in the sequence is the order of the variable names given to the argument of the SELECT " +
		"statement in the SPARQL query."}}

// constructLeavesOut is the sentence of #construct that decides
// ClassIllegalTriple.
var constructLeavesOut = feature{"CONSTRUCT", SpecLink{Anchor: "construct", Section: "16.2 CONSTRUCT",
	URL: SpecBase + "#construct",
	Quote: "If any such instantiation produces a triple containing an unbound variable or an illegal RDF construct, " +
		"such as a literal in subject or predicate position, then that triple is not included in the output RDF graph."}}

// opLink is the §17.3 table (#OperatorMapping) at the row of operator op
// ("*", "<", "!", "unary -"): its sentence, from spec_sentences.tsv under
// "OperatorMapping op", is the row with the rule that decides its operands'
// types, quoted where the section's first sentence says nothing of them.
func opLink(op string) SpecLink {
	l := link("OperatorMapping", "17.3 Operator Mapping")
	if sec, text, ok := Sentence("OperatorMapping " + op); ok {
		l.Section, l.Quote = sec, text
	}
	return l
}

func callFeature(name string) feature {
	a, ok := callAnchors[name]
	if !ok {
		a = "func-" + strings.ToLower(name)
	}
	return feature{name, link(a, "17.4 "+name)}
}

func patternName(n syntax.Node) string {
	switch n.(type) {
	case *syntax.Optional:
		return "OPTIONAL"
	case *syntax.Union:
		return "UNION"
	case *syntax.Minus:
		return "MINUS"
	case *syntax.Bind:
		return "BIND"
	case *syntax.InlineData:
		return "VALUES"
	case *syntax.SubSelect:
		return "subquery"
	case *syntax.Filter:
		return "FILTER"
	case *syntax.Graph:
		return "GRAPH"
	}
	return ""
}

func modifierFeatures(q *syntax.Query) []feature {
	var out []feature
	add := func(on bool, name string) {
		if on {
			out = append(out, feature{name, patternSpec[name]})
		}
	}
	add(len(q.Mod.Group) > 0, "GROUP BY")
	add(len(q.Mod.Having) > 0, "HAVING")
	add(q.Select != nil && q.Select.Distinct, "DISTINCT")
	add(q.Select != nil && q.Select.Reduced, "REDUCED")
	add(len(q.Mod.Order) > 0, "ORDER BY")
	add(q.Mod.Limit != nil, "LIMIT")
	add(q.Mod.Offset != nil, "OFFSET")
	return out
}

func dedupFeatures(fs []feature) []feature {
	seen := map[string]bool{}
	var out []feature
	for _, f := range fs {
		if k := f.Name + "\x00" + pathLabels[f.Spec.Anchor]; !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// pathLabels are the constructs package's labels of the property path
// operators by the §18.4 definition that evaluates each: a path is named
// "property path" and cited at its operator's definition; the label is
// what a trigger names it by ("path *"), for matching a trigger to a path
// feature (inTrigger matches names only so far). Two paths of different
// operators are two features.
var pathLabels = map[string]string{
	"defn_evalPP_alternative": "path |", "defn_evalPP_sequence": "path /", "defn_evalPP_inverse": "path ^",
	"eval_negatedPropertySet": "path !", "defn_evalZeroOrMorePath": "path *", "defn_evalOneOrMorePath": "path +",
	"defn_evalPP_ZeroOrOnePath": "path ?",
}

// pathFeature is a property path operator's section: the §18.4
// definition that evaluates it.
func pathFeature(n syntax.Node) (SpecLink, bool) {
	switch n := n.(type) {
	case *syntax.PathAlt:
		return link("defn_evalPP_alternative", ""), true
	case *syntax.PathSeq:
		return link("defn_evalPP_sequence", ""), true
	case *syntax.PathInverse:
		return link("defn_evalPP_inverse", ""), true
	case *syntax.PathNegated:
		return link("eval_negatedPropertySet", ""), true
	case *syntax.PathMod:
		switch n.Mod {
		case '*':
			return link("defn_evalZeroOrMorePath", ""), true
		case '+':
			return link("defn_evalOneOrMorePath", ""), true
		case '?':
			return link("defn_evalPP_ZeroOrOnePath", ""), true
		}
		return patternSpec["property path"], true
	}
	return SpecLink{}, false
}

// specLinks are the sections that decide a divergence: the named
// construct's, the Aggregate Algebra for an aggregate (whose grouping, or
// lack of it, is often the point), GROUP BY's when rows are missing or
// extra, then the class's.
func specLinks(named feature, fs []feature, c diff.Class) []SpecLink {
	var out []SpecLink
	seen := map[string]bool{}
	add := func(l SpecLink) {
		if l.Anchor != "" && !seen[l.Anchor] {
			seen[l.Anchor] = true
			out = append(out, l)
		}
	}
	add(named.Spec)
	if _, agg := aggregateSpec[named.Name]; agg {
		add(link("aggregateAlgebra", "18.5.1 Aggregate Algebra"))
	}
	if c == diff.ClassExtraRows || c == diff.ClassMissingRows {
		if f, ok := firstOf(fs, "GROUP BY"); ok {
			add(f.Spec) // how many groups (rows) there are is Group's to decide
		} else if _, agg := aggregateSpec[named.Name]; agg {
			add(patternSpec["GROUP BY"]) // the implicit group, Group((1), Ω) (#sparqlGroupAggregate)
		}
	}
	add(classSpec[c])
	return out
}

// Feature names the construct a divergence's title names when no answer
// is at hand: the most specific one the query uses (an aggregate, a
// function, arithmetic, then patterns and modifiers).
func Feature(query, base string) string {
	if fs := features(query, base); len(fs) > 0 {
		return fs[0].Name
	}
	return "query"
}

// SpecFor returns the sections of SPARQL 1.1 Query that decide a divergence
// of class c on query, when no answer is at hand.
func SpecFor(query, base string, c diff.Class) []SpecLink {
	fs := features(query, base)
	return specLinks(featureOf(fs, c), fs, c)
}

// Title is a bug's title from its parts when no answer is at hand (see
// Bug.Title); engines are the wrong side only.
func Title(query, base string, c diff.Class, status string, engines []string) string {
	return title(Bug{Feature: featureOf(features(query, base), c).Name, Class: c, Status: status}, engines)
}
