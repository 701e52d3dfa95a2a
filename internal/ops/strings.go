package ops

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func addStringBuiltins() {
	for name, b := range map[string]builtin{
		"STRLEN": {1, 1, fnStrlen}, "SUBSTR": {2, 3, fnSubstr},
		"UCASE": {1, 1, caseFn(strings.ToUpper)}, "LCASE": {1, 1, caseFn(strings.ToLower)},
		"STRSTARTS": {2, 2, pairTest(strings.HasPrefix)}, "STRENDS": {2, 2, pairTest(strings.HasSuffix)},
		"CONTAINS": {2, 2, pairTest(strings.Contains)}, "STRBEFORE": {2, 2, fnStrBefore},
		"STRAFTER": {2, 2, fnStrAfter}, "ENCODE_FOR_URI": {1, 1, fnEncode},
		"CONCAT": {0, -1, fnConcat}, "LANGMATCHES": {2, 2, fnLangMatches},
		"REGEX": {2, 3, fnRegex}, "REPLACE": {3, 4, fnReplace},
	} {
		builtins[name] = b
	}
}

func strArg(fn string, t rdf.Term) *Error {
	if !isStringLit(t) {
		return &Error{Reason: fn + ": not a string literal: " + t.String()}
	}
	return nil
}

// sameKind returns a literal of the same kind as like (#idp1915512).
func sameKind(lex string, like rdf.Term) rdf.Term {
	if like.Lang != "" {
		return rdf.LangLiteral(lex, like.Lang)
	}
	return rdf.String(lex)
}

// fnStrlen counts characters (code points), as fn:string-length does.
func fnStrlen(_ *Context, a []rdf.Term) Value {
	if err := strArg("STRLEN", a[0]); err != nil {
		return Value{Err: err}
	}
	return intValue(int64(utf8.RuneCountInString(a[0].Value)))
}

// fnSubstr is fn:substring: the characters at positions p (1-based) with
// round(start) ≤ p < round(start) + round(length), computed in doubles so
// NaN and ±INF follow XPath.
func fnSubstr(_ *Context, a []rdf.Term) Value {
	if err := strArg("SUBSTR", a[0]); err != nil {
		return Value{Err: err}
	}
	start, err := numArg("SUBSTR", a[1])
	if err != nil {
		return Value{Err: err}
	}
	from := xpathRound(start.float())
	to := math.Inf(1)
	if len(a) == 3 {
		n, err := numArg("SUBSTR", a[2])
		if err != nil {
			return Value{Err: err}
		}
		to = from + xpathRound(n.float())
	}
	var b strings.Builder
	p := 1.0
	for _, r := range a[0].Value {
		if p >= from && p < to {
			b.WriteRune(r)
		}
		p++
	}
	return Of(sameKind(b.String(), a[0]))
}

func xpathRound(f float64) float64 { return floatRound("ROUND", f) }

// caseFn is UCASE / LCASE: Go's per-code-point simple case mapping.
func caseFn(f func(string) string) func(*Context, []rdf.Term) Value {
	return func(_ *Context, a []rdf.Term) Value {
		if err := strArg("UCASE/LCASE", a[0]); err != nil {
			return Value{Err: err}
		}
		return Of(sameKind(f(a[0].Value), a[0]))
	}
}

// compatible is #func-arg-compatibility.
func compatible(a, b rdf.Term) *Error {
	if !isStringLit(a) || !isStringLit(b) {
		return &Error{Reason: "not string literals: " + a.String() + ", " + b.String()}
	}
	if b.Lang != "" && b.Lang != a.Lang {
		return &Error{Reason: "incompatible arguments " + a.String() + ", " + b.String()}
	}
	return nil
}

func pairTest(f func(s, sub string) bool) func(*Context, []rdf.Term) Value {
	return func(_ *Context, a []rdf.Term) Value {
		if err := compatible(a[0], a[1]); err != nil {
			return Value{Err: err}
		}
		return Of(rdf.Bool(f(a[0].Value, a[1].Value)))
	}
}

// fnStrBefore is #func-strbefore: no match gives "" as a simple literal.
func fnStrBefore(_ *Context, a []rdf.Term) Value {
	if err := compatible(a[0], a[1]); err != nil {
		return Value{Err: err}
	}
	i := strings.Index(a[0].Value, a[1].Value)
	if i < 0 {
		return Of(rdf.String(""))
	}
	return Of(sameKind(a[0].Value[:i], a[0]))
}

// fnStrAfter is #func-strafter: no match gives "" as a simple literal.
func fnStrAfter(_ *Context, a []rdf.Term) Value {
	if err := compatible(a[0], a[1]); err != nil {
		return Value{Err: err}
	}
	i := strings.Index(a[0].Value, a[1].Value)
	if i < 0 {
		return Of(rdf.String(""))
	}
	return Of(sameKind(a[0].Value[i+len(a[1].Value):], a[0]))
}

// fnEncode is fn:encode-for-uri: every byte of the UTF-8 form except the
// RFC 3986 unreserved characters becomes %XX (upper-case hex).
func fnEncode(_ *Context, a []rdf.Term) Value {
	if err := strArg("ENCODE_FOR_URI", a[0]); err != nil {
		return Value{Err: err}
	}
	const hexd = "0123456789ABCDEF"
	var b strings.Builder
	for _, c := range []byte(a[0].Value) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexd[c>>4])
		b.WriteByte(hexd[c&15])
	}
	return Of(rdf.String(b.String()))
}

// fnConcat is #func-concat: one shared language tag is kept, otherwise the
// result is a simple literal.
func fnConcat(_ *Context, a []rdf.Term) Value {
	var b strings.Builder
	lang := ""
	for i, t := range a {
		if err := strArg("CONCAT", t); err != nil {
			return Value{Err: err}
		}
		if i == 0 {
			lang = t.Lang
		} else if t.Lang != lang {
			lang = ""
		}
		b.WriteString(t.Value)
	}
	if lang != "" {
		return Of(rdf.LangLiteral(b.String(), lang))
	}
	return Of(rdf.String(b.String()))
}

// fnLangMatches is RFC 4647 §3.3.1 basic filtering; "*" matches any
// non-empty tag (#func-langMatches).
func fnLangMatches(_ *Context, a []rdf.Term) Value {
	if !isSimple(a[0]) || !isSimple(a[1]) {
		return Errorf("LANGMATCHES: wants two simple literals")
	}
	tag, rng := strings.ToLower(a[0].Value), strings.ToLower(a[1].Value)
	if rng == "*" {
		return Of(rdf.Bool(tag != ""))
	}
	ok := tag == rng || strings.HasPrefix(tag, rng+"-")
	return Of(rdf.Bool(ok))
}

// fnRegex is #func-regex (fn:matches).
func fnRegex(_ *Context, a []rdf.Term) Value {
	if err := strArg("REGEX", a[0]); err != nil {
		return Value{Err: err}
	}
	re, err := regexArgs(a[1:])
	if err != nil {
		return Value{Err: err}
	}
	return Of(rdf.Bool(re.MatchString(a[0].Value)))
}

// fnReplace is #func-replace (fn:replace).
func fnReplace(_ *Context, a []rdf.Term) Value {
	if err := strArg("REPLACE", a[0]); err != nil {
		return Value{Err: err}
	}
	if !isSimple(a[2]) {
		return Errorf("REPLACE: replacement is not a simple literal")
	}
	re, err := regexArgs(append([]rdf.Term{a[1]}, a[3:]...))
	if err != nil {
		return Value{Err: err}
	}
	out, err := replaceAll(re, a[0].Value, a[2].Value)
	if err != nil {
		return Value{Err: err}
	}
	return Of(sameKind(out, a[0]))
}
