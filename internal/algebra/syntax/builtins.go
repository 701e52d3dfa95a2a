package syntax

// Builtin describes one built-in function keyword of §17.4 (#rBuiltInCall):
// its canonical (upper-case) name and the allowed number of arguments.
// MaxArgs -1 means "any number" (CONCAT, COALESCE take an ExpressionList).
type Builtin struct {
	Name             string
	MinArgs, MaxArgs int
	// V12 marks the SPARQL 1.2 built-ins (draft 2026-07-30 #rBuiltInCall):
	// a query using one follows the 1.2 document.
	V12 bool
}

// Builtins maps the canonical upper-case keyword to its arity. Keywords are
// matched case-insensitively; sameTerm, isIRI... are stored upper-cased.
// Aggregates, EXISTS and NOT EXISTS are separate node types.
var Builtins = map[string]Builtin{}

func init() {
	for _, n := range []string{"STR", "LANG", "DATATYPE", "BOUND", "IRI", "URI", "ABS",
		"CEIL", "FLOOR", "ROUND", "STRLEN", "UCASE", "LCASE", "ENCODE_FOR_URI", "YEAR",
		"MONTH", "DAY", "HOURS", "MINUTES", "SECONDS", "TIMEZONE", "TZ", "MD5", "SHA1",
		"SHA256", "SHA384", "SHA512", "ISIRI", "ISURI", "ISBLANK", "ISLITERAL", "ISNUMERIC"} {
		Builtins[n] = Builtin{Name: n, MinArgs: 1, MaxArgs: 1}
	}
	for _, n := range []string{"LANGMATCHES", "CONTAINS", "STRSTARTS", "STRENDS",
		"STRBEFORE", "STRAFTER", "STRLANG", "STRDT", "SAMETERM"} {
		Builtins[n] = Builtin{Name: n, MinArgs: 2, MaxArgs: 2}
	}
	for _, n := range []string{"RAND", "NOW", "UUID", "STRUUID"} {
		Builtins[n] = Builtin{Name: n, MinArgs: 0, MaxArgs: 0}
	}
	Builtins["BNODE"] = Builtin{Name: "BNODE", MinArgs: 0, MaxArgs: 1}
	Builtins["CONCAT"] = Builtin{Name: "CONCAT", MinArgs: 0, MaxArgs: -1}
	Builtins["COALESCE"] = Builtin{Name: "COALESCE", MinArgs: 0, MaxArgs: -1}
	Builtins["IF"] = Builtin{Name: "IF", MinArgs: 3, MaxArgs: 3}
	Builtins["REGEX"] = Builtin{Name: "REGEX", MinArgs: 2, MaxArgs: 3}
	Builtins["SUBSTR"] = Builtin{Name: "SUBSTR", MinArgs: 2, MaxArgs: 3}
	Builtins["REPLACE"] = Builtin{Name: "REPLACE", MinArgs: 3, MaxArgs: 4}
	// SPARQL 1.2 (#func-triple-terms, #func-langdir, #func-haslang,
	// #func-haslangdir, #func-strlangdir). sameValue is no keyword: "This
	// function cannot be used directly in expressions" (#func-sameValue).
	for _, n := range []string{"LANGDIR", "HASLANG", "HASLANGDIR", "ISTRIPLE", "SUBJECT", "PREDICATE", "OBJECT"} {
		Builtins[n] = Builtin{Name: n, MinArgs: 1, MaxArgs: 1, V12: true}
	}
	Builtins["TRIPLE"] = Builtin{Name: "TRIPLE", MinArgs: 3, MaxArgs: 3, V12: true}
	Builtins["STRLANGDIR"] = Builtin{Name: "STRLANGDIR", MinArgs: 3, MaxArgs: 3, V12: true}
}

// aggregateNames are the built-in aggregate keywords (#rAggregate).
var aggregateNames = map[string]bool{
	"COUNT": true, "SUM": true, "MIN": true, "MAX": true, "AVG": true,
	"SAMPLE": true, "GROUP_CONCAT": true,
}
