// Package constructs names the constructs of a case (a query and its data)
// with stable labels, and builds the case's variants without one of them.
// internal/reduce ablates a reduced case with it (trigger.go): the labels
// no variant can remove are the finding's trigger, the set of constructs
// its divergence needs.
//
// # What it owns
//
// Of(query, data) lists the labels, sorted, each once. The names are
// internal/report's where it has one (spec.go, name.go: aggregates and
// built-in calls by their upper-case name, "cast to xsd:integer",
// "arithmetic (*)", "= (RDFterm-equal)", "comparison (<)", "IN",
// "EXISTS", "OPTIONAL", ...), and the same style where it has none:
//
//	query forms    CONSTRUCT  ASK  DESCRIBE  (SELECT names nothing)
//	dataset        FROM  FROM NAMED
//	projection     SELECT *  DISTINCT  REDUCED  subquery
//	modifiers      GROUP BY  HAVING  ORDER BY  LIMIT  OFFSET
//	patterns       basic graph pattern (a triple pattern, not a path, in a WHERE pattern)
//	               OPTIONAL  UNION  MINUS  FILTER  BIND  VALUES  GRAPH  SERVICE
//	               blank node ([], _:b or [ p o ] in a pattern or template)
//	               collection (a non-empty ( ... ))
//	paths          path |  path /  path ^  path *  path +  path ?  path !
//	operators      arithmetic (+ - * /)  = (RDFterm-equal)  != (RDFterm-equal)
//	               comparison (< > <= >=)  && (logical-and)  || (logical-or)
//	               ! (logical-not)  unary -  unary +  IN  NOT IN  EXISTS  NOT EXISTS
//	calls          STR, REGEX, ... (syntax.Call.Name)  cast to xsd:integer,
//	               cast to <iri> (any function by IRI, as report names it)
//	aggregates     COUNT SUM MIN MAX AVG SAMPLE GROUP_CONCAT  aggregate DISTINCT
//	literals       literal xsd:int (the datatype's prefixed name, rdf: and
//	               xsd: prefixed, others <iri>), literal @lang,
//	               literal @lang--dir, literal non-canonical (a numeric or
//	               boolean lexical form other than the canonical one);
//	               a simple literal names nothing, "x"^^xsd:string in the
//	               query is literal xsd:string; the same names in the data
//	SPARQL 1.2     triple term  reified triple  annotation
//	data           named graph  blank node in data  (and the literal kinds)
//	update         INSERT DATA  DELETE DATA  DELETE WHERE  DELETE/INSERT  WITH
//	               USING  USING NAMED  CLEAR  DROP  CREATE  LOAD  ADD  MOVE  COPY
//	               GRAPH (a GRAPH block of a template or DATA)
//
// nodeLabels switches over every node type of package syntax; a type it
// does not know is named "unknown node *syntax.T", which TestLabels
// refuses, so a new node type never passes silently.
//
// Without(query, data, label) returns the variants in which every
// occurrence of the construct is replaced by a neutral form or removed.
// Each is a clone (syntax.Clone, Dataset.Clone: nothing shared), parses
// again, no longer has the label (Of), and differs from the case.
// Neutral forms:
//
//	DISTINCT REDUCED GROUP BY HAVING ORDER BY LIMIT OFFSET   removed (query and subqueries)
//	SELECT *        the in-scope variables listed
//	FROM, FROM NAMED  the clauses removed
//	BIND            BIND(?x AS ?v) removed and ?v renamed ?x; BIND(c AS ?v)
//	                removed and c written where ?v is used (a projected ?v
//	                becomes (c AS ?v)); other BINDs removed; and every BIND removed
//	FILTER MINUS    removed
//	basic graph pattern  every triple pattern (not a path) removed
//	OPTIONAL        OPTIONAL {P} as {P} (a join), and removed
//	UNION           each branch alone (variant i: branch i of every UNION)
//	GRAPH SERVICE   x {P} as {P}; for GRAPH the named graphs merged into the default one
//	VALUES          blocks of one row removed, their values written in
//	subquery        inlined when no subquery has modifiers, DISTINCT,
//	                REDUCED, VALUES or a projected expression
//	EXISTS, NOT EXISTS   true, and false
//	IN, NOT IN      X = m (X != m) for each member m; () by false (true)
//	operators       a op b by a, and by b; !e, -e, +e by e; && and || too
//	calls, casts    the call by each of its arguments
//	aggregate DISTINCT   dropped
//	path | * + ?    each alternative; the operand
//	path ^          s ^p o as o p s; elsewhere ^p as p
//	blank node      a fresh variable in patterns ([ p o ] as ?b with its
//	                own triples), a fresh IRI in a template
//	literal kinds   xsd:int and every type derived from xsd:integer: the
//	                xsd:integer value; xsd:float: the same form as
//	                xsd:double; other non-numeric datatypes and
//	                xsd:string: the simple literal; @lang: the simple
//	                literal; @lang--dir: @lang; non-canonical: the
//	                canonical form; in the query and the data together
//	named graph     the data's named graphs merged into the default one
//	blank node in data  each a fresh IRI (urn:constructs:blank:label)
//
// DataWithout(data, label) is the data without the quads that carry a
// label of the data (a literal kind, triple term, blank node in data,
// named graph: the named graphs' quads):
// reduce.Trigger tries it after Without's variants, for the quads a
// reduction stopped by its budget left behind.
//
// No neutral form (the label always stays): comparisons, = and !=, the
// aggregates, the query forms, path / and path !, collection, the SPARQL
// 1.2 forms, the base literal kinds (xsd:integer, xsd:decimal,
// xsd:double, xsd:boolean), the update operations.
//
// Updates (update.go): OfUpdate names a request's operations, GRAPH
// blocks and the constructs of its WHERE patterns and templates, with the
// store's. WithoutUpdate has the data-side neutral forms (literal kinds in
// request and store, named graph, blank node in data), WITH and USING
// dropped, GRAPH blocks into the default graph, blank nodes as IRIs in
// templates and DATA and as variables in WHERE, and every query neutral
// form above applied to the WHERE patterns of DELETE/INSERT; the
// operations themselves have none. The data-side forms are one list for
// both kinds (dataRewrites, without.go), and a variant is kept by one
// function for both (keepVariants): what a request adds is only its own
// rewrites (updateRewrites). testdata/update_labels.txt is its golden
// (TestUpdateLabels).
//
// # Changing it
//
// How to change it: to add a label, name it in nodeLabels (or termLabels for data), add its
// neutral form to rewritesFor, list it above, and add a query to
// testdata/labels.txt (rewrite the golden with
// `go test ./internal/constructs -run TestLabels -update`, then read the
// diff). TestWithout checks every variant of every query there: it
// parses again, lacks the label, shares no node with the case.
//
// Slots (slots.go): ExprSlots and DataBlocks name the parts of a node a
// rewrite replaces in place; rewrite.go's helpers and internal/reduce's
// edits both use them, so a new expression-bearing node is added once
// there.
//
// Imports: internal/algebra/syntax and internal/rdf only.
//
// Kinds (generalize.go): a trigger label of a kind (an aggregate, a numeric
// function, an arithmetic or comparison operator) that a sibling of its
// kind can stand in for is generalised to the kind's name ("aggregate",
// "numeric function", "arithmetic", "comparison"): reduce.Trigger tries
// Siblings after ablation, so AVG and COUNT over an empty group are one
// trigger. To add a kind, add it to kinds and Kinds.
package constructs
