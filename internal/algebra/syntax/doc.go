// Package syntax owns the concrete syntax of SPARQL 1.1 Query: the lexer for
// every terminal of §19.8, a recursive-descent parser for productions
// [1]–[173] (QueryUnit and UpdateUnit), the syntax tree with source
// positions, the static rules the grammar notes and §18 impose, and a printer
// from tree back to SPARQL text.
//
// SPARQL 1.2 (the editor's draft of 2026-07-30, /work/shared/spec/
// sparql12-query-draft.md §19.8) is parsed too: VERSION, triple terms
// `<<( s p o )>>` in patterns, VALUES and expressions (three productions
// with different subjects and objects), reified triples `<< s p o ~ r >>`,
// annotations `~ r {| ... |}`, `"x"@en--ltr`, the 1.2 built-ins, and the
// 1.2 escape rule (UCHAR inside IRIs and strings only, while lexing). A
// query follows one document: Query.Spec (and Update.Spec) is Spec12 when
// it declares VERSION "1.2"/"1.2-basic" or uses a 1.2 form, Spec11
// otherwise; Options.Spec forces one (Spec11 refuses every 1.2 form, as the
// 1.1 suite requires). Escapes are where the documents differ on the same
// text, so SpecAuto parses again by the 1.2 rule a query holding \u that
// turns out to be 1.2 (Parse). Files: ast12.go (nodes), parse12.go
// (productions, use12 records the document), print12.go, expand12.go
// (reification expanded to r rdf:reifies <<( s p o )>>, as Turtle 1.2 does).
// TestW3CSyntax12 keeps sparql12's 203 syntax tests passing and
// round-tripping; testdata/sparql12.txt holds a case per 1.2 rule.
//
// Update requests (SPARQL 1.1 Update §3): ParseUpdate → *Update
// (update_ast.go, parse_update.go), static rules in check_update.go (no
// variables in QuadData, no blank nodes in DELETE forms, blank node labels
// not shared by two WHERE clauses or two INSERT DATA operations, #grammarBNodes),
// printer in print_update.go; TestW3CUpdateSyntax keeps syntax-update-1/2 at
// 55/55 and TestW3CUpdateRoundTrip round-trips every .ru file of the suite.
// A query and a request are two units of one grammar, as Oxigraph's
// spargebra has Query | Update: what they share is written once and the
// *_update.go files hold only what is the update's own. parseUnit (parse.go)
// runs both (limits, §19.2 escapes, the document followed, the static
// rules); the prologue, FROM/USING clauses, group patterns and triples
// parse, check (visitTriple, check.go) and print (prologue, dataset,
// print.go) by the same code; Walk covers both trees.
//
// Data flow:
//
//	text ─► unescapeCodepoints (§19.2; not for Spec12) ─► lex ─► parser ─► check ─► *Query
//	*Query ─► (*Query).String / Format ─► text that Parse accepts again
//
// Files:
//
//	ast.go        the tree: sealed interfaces Pattern, Expr, GraphNode, Verb, PathExpr
//	token.go lex.go   terminals, §19.2 codepoint escapes, positions (errors.go maps them)
//	parse*.go     one method per grammar rule, named after it (#rGroupGraphPattern ...)
//	builtins.go   the §17.4 built-in names and arities, validated at parse time
//	check.go      blank-node labels per BGP, BIND/SELECT scope, grouping, aggregates
//	expand.go     TriplesBlock.Expand: the §4.2 abbreviations to flat triple patterns
//	print.go      the printer; equal.go: Equal ignoring positions
//	walk.go       Walk (go/ast style Visitor) and Inspect over every node type
//	clone.go      Clone (deep copy, by reflection: no list of types to keep)
//
// The tree keeps what was written: triples stay nested (predicate-object lists,
// `[ ... ]`, collections) and IRIs keep their written form next to the resolved
// absolute IRI, so printing a parsed query reproduces its prefixes. Translation
// to the algebra (§18.2) is not here: internal/algebra/translate.go walks this
// tree.
//
// How to change it, and the invariants a change keeps:
//   - Parse never panics on the normal path; errors are *Error with line and
//     column (columns in runes, of the original text before §19.2 escapes).
//     Nesting (groups, brackets, paths, collections) is bounded by
//     Options.MaxDepth and input size by Options.MaxLength.
//   - Every tree that parses prints to text that parses to an Equal tree, and
//     printing is a fixed point; FuzzParse and TestW3CRoundTrip check it.
//   - A new node type (a struct embedding Pos in ast.go, ast12.go or
//     update_ast.go) needs: a case in Walk's switch (walk.go) visiting its
//     children in source order, a case in the printer (print*.go), one
//     in the static rules where one applies (check.go; graph nodes in visitNode), and a data case in
//     testdata/ that produces it. TestWalkEveryNodeType fails until Walk
//     lists it (it compares Walk's cases with the types ast*.go declare),
//     until some parsed tree holds it (W3C suites and testdata), and when
//     Walk misses a child (it counts every node of every parsed tree by
//     reflection against what Walk visits). Walk panics on a type it does
//     not list, naming it; Inspect is Walk with a function, as in go/ast.
//     Equal and Clone need nothing (they go by reflection).
//   - Static rules live in check.go (check_update.go: those only updates
//     have), one function per rule, each citing
//     its spec anchor; add a case to testdata/check.txt for each.
//   - Goldens: go test ./internal/algebra/syntax -run TestData -update.
//   - The W3C syntax suite (../shared/w3c/rdf-tests, or $W3C_TESTS) must stay
//     at 305/305 (TestW3CSyntax).
package syntax
