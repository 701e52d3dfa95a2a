package syntax

// Builtin describes one built-in function keyword of §17.4 (#rBuiltInCall):
// its canonical (upper-case) name and the allowed number of arguments.
// MaxArgs -1 means "any number" (CONCAT, COALESCE take an ExpressionList).
type Builtin struct {
	Name             string
	MinArgs, MaxArgs int
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
		Builtins[n] = Builtin{n, 1, 1}
	}
	for _, n := range []string{"LANGMATCHES", "CONTAINS", "STRSTARTS", "STRENDS",
		"STRBEFORE", "STRAFTER", "STRLANG", "STRDT", "SAMETERM"} {
		Builtins[n] = Builtin{n, 2, 2}
	}
	for _, n := range []string{"RAND", "NOW", "UUID", "STRUUID"} {
		Builtins[n] = Builtin{n, 0, 0}
	}
	Builtins["BNODE"] = Builtin{"BNODE", 0, 1}
	Builtins["CONCAT"] = Builtin{"CONCAT", 0, -1}
	Builtins["COALESCE"] = Builtin{"COALESCE", 0, -1}
	Builtins["IF"] = Builtin{"IF", 3, 3}
	Builtins["REGEX"] = Builtin{"REGEX", 2, 3}
	Builtins["SUBSTR"] = Builtin{"SUBSTR", 2, 3}
	Builtins["REPLACE"] = Builtin{"REPLACE", 3, 4}
}

// aggregateNames are the built-in aggregate keywords (#rAggregate).
var aggregateNames = map[string]bool{
	"COUNT": true, "SUM": true, "MIN": true, "MAX": true, "AVG": true,
	"SAMPLE": true, "GROUP_CONCAT": true,
}
