package ops

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"math/big"
	"math/rand"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// builtin is a strict function: its arguments are evaluated first and any
// error among them is the result (#evaluation).
type builtin struct {
	min, max int // arity; max < 0 is variadic
	fn       func(ctx *Context, args []rdf.Term) Value
}

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		"!": {1, 1, fnNot}, "UMINUS": {1, 1, fnNeg}, "UPLUS": {1, 1, fnPlus},
		"=": {2, 2, rel("=")}, "!=": {2, 2, rel("!=")}, "<": {2, 2, rel("<")},
		">": {2, 2, rel(">")}, "<=": {2, 2, rel("<=")}, ">=": {2, 2, rel(">=")},
		"+": {2, 2, arithFn("+")}, "-": {2, 2, arithFn("-")},
		"*": {2, 2, arithFn("*")}, "/": {2, 2, arithFn("/")},
		"SAMETERM": {2, 2, fnSameTerm}, "ISIRI": {1, 1, fnIsIRI}, "ISURI": {1, 1, fnIsIRI},
		"ISBLANK": {1, 1, fnIsBlank}, "ISLITERAL": {1, 1, fnIsLiteral},
		"ISNUMERIC": {1, 1, fnIsNumeric}, "STR": {1, 1, fnStr}, "LANG": {1, 1, fnLang},
		"DATATYPE": {1, 1, fnDatatype}, "IRI": {1, 1, fnIRI}, "URI": {1, 1, fnIRI},
		"BNODE": {0, 1, fnBNode}, "STRDT": {2, 2, fnStrDT}, "STRLANG": {2, 2, fnStrLang},
		"UUID": {0, 0, fnUUID}, "STRUUID": {0, 0, fnStrUUID}, "RAND": {0, 0, fnRand},
		"NOW": {0, 0, fnNow},
		"ABS": {1, 1, numFn("ABS")}, "ROUND": {1, 1, numFn("ROUND")},
		"CEIL": {1, 1, numFn("CEIL")}, "FLOOR": {1, 1, numFn("FLOOR")},
		"MD5": {1, 1, hashFn(md5.New)}, "SHA1": {1, 1, hashFn(sha1.New)},
		"SHA256": {1, 1, hashFn(sha256.New)}, "SHA384": {1, 1, hashFn(sha512.New384)},
		"SHA512": {1, 1, hashFn(sha512.New)},
	}
	for _, n := range []string{"YEAR", "MONTH", "DAY", "HOURS", "MINUTES", "SECONDS", "TIMEZONE", "TZ"} {
		builtins[n] = builtin{1, 1, dateFn(n)}
	}
	addStringBuiltins()
	addTripleBuiltins()  // triple.go (SPARQL 1.2)
	addLangDirBuiltins() // lang12.go (SPARQL 1.2)
}

// callBuiltin applies the built-in called name to evaluated arguments.
func callBuiltin(name string, args []rdf.Term, ctx *Context) Value {
	if len(args) == 1 && (name == "-" || name == "+") {
		name = map[string]string{"-": "UMINUS", "+": "UPLUS"}[name] // tolerate Call{"-", [x]}
	}
	b, ok := builtins[strings.ToUpper(name)]
	if !ok {
		return Errorf("unknown function " + name)
	}
	if len(args) < b.min || (b.max >= 0 && len(args) > b.max) {
		return arityError(name, b.min)
	}
	if ctx == nil {
		ctx = &Context{}
	}
	return b.fn(ctx, args)
}

func rel(op string) func(*Context, []rdf.Term) Value {
	return func(ctx *Context, a []rdf.Term) Value {
		if (op == "=" || op == "!=") && a[0].IsTriple() && a[1].IsTriple() {
			eq, err := tripleEqualCtx(ctx, a[0], a[1]) // triple.go
			if err != nil {
				return Value{Err: err}
			}
			return Of(rdf.Bool(eq == (op == "=")))
		}
		if (op == "=" || op == "!=") && noteUnequalTypes(ctx, a[0], a[1]) {
			return unequalTypeError(a[0], a[1]) // the alternative reading (readings.go)
		}
		noteImplicitTimezone(ctx, a[0], a[1])
		return relational(op, a[0], a[1])
	}
}

func dateFn(name string) func(*Context, []rdf.Term) Value {
	return func(ctx *Context, a []rdf.Term) Value {
		if noteDateTimeFn(ctx, name, a[0]) && ctx.Reading(ContestedHours24) == 1 {
			return intValue(24) // "as given in the lexical form" (readings.go)
		}
		return dateTimeFn(name, a[0])
	}
}

// fnNot is fn:not on the EBV of its argument (#OperatorMapping).
func fnNot(ctx *Context, a []rdf.Term) Value {
	b, err := ctx.EBV(Of(a[0]))
	if err != nil {
		return Value{Err: err}
	}
	return Of(rdf.Bool(!b))
}

func numArg(fn string, t rdf.Term) (number, *Error) {
	n, ok := numberOf(t)
	if !ok {
		return number{}, &Error{Reason: fn + ": not a number: " + t.String()}
	}
	return n, nil
}

func fnNeg(_ *Context, a []rdf.Term) Value {
	n, err := numArg("unary minus", a[0])
	if err != nil {
		return Value{Err: err}
	}
	return Of(n.neg().term())
}

// fnPlus is op:numeric-unary-plus: the value, with derived integer types
// reported as xsd:integer and the lexical form made canonical.
func fnPlus(_ *Context, a []rdf.Term) Value {
	n, err := numArg("unary plus", a[0])
	if err != nil {
		return Value{Err: err}
	}
	return Of(n.term())
}

func arithFn(op string) func(*Context, []rdf.Term) Value {
	return func(ctx *Context, a []rdf.Term) Value {
		x, err := numArg(op, a[0])
		if err != nil {
			return Value{Err: err}
		}
		y, err := numArg(op, a[1])
		if err != nil {
			return Value{Err: err}
		}
		if err := ctx.arith(op, x, y); err != nil {
			return Value{Err: err}
		}
		r, err := arith(op, x, y)
		if err != nil {
			return Value{Err: err}
		}
		return Of(r.term())
	}
}

func fnSameTerm(_ *Context, a []rdf.Term) Value { return Of(rdf.Bool(a[0] == a[1])) }
func fnIsIRI(_ *Context, a []rdf.Term) Value    { return Of(rdf.Bool(a[0].IsIRI())) }
func fnIsBlank(_ *Context, a []rdf.Term) Value  { return Of(rdf.Bool(a[0].IsBlank())) }
func fnIsLiteral(_ *Context, a []rdf.Term) Value {
	return Of(rdf.Bool(a[0].IsLiteral()))
}

// fnIsNumeric is #func-isNumeric: a numeric datatype and a valid lexical form.
func fnIsNumeric(_ *Context, a []rdf.Term) Value {
	_, ok := numberOf(a[0])
	return Of(rdf.Bool(ok))
}

// fnStr is #func-str: the lexical form or the IRI; blank nodes are errors,
// and so are triple terms (the 1.2 draft's STR takes a literal or an IRI).
func fnStr(_ *Context, a []rdf.Term) Value {
	if a[0].IsBlank() || a[0].IsTriple() {
		return Errorf("STR of " + a[0].String())
	}
	return Of(rdf.String(a[0].Value))
}

func fnLang(_ *Context, a []rdf.Term) Value {
	if !a[0].IsLiteral() {
		return Errorf("LANG of a non-literal " + a[0].String())
	}
	return Of(rdf.String(a[0].Lang))
}

// fnDatatype is #func-datatype (RDF 1.1: rdf:langString for tagged literals).
func fnDatatype(_ *Context, a []rdf.Term) Value {
	if !a[0].IsLiteral() {
		return Errorf("DATATYPE of a non-literal " + a[0].String())
	}
	return Of(rdf.IRI(a[0].Datatype))
}

// fnIRI is #func-iri: an IRI unchanged, a simple literal resolved against
// the base IRI (RFC 3986 §5.2).
func fnIRI(ctx *Context, a []rdf.Term) Value {
	t := a[0]
	if t.IsIRI() {
		return Of(t)
	}
	if !isSimple(t) {
		return Errorf("IRI: not a simple literal or IRI: " + t.String())
	}
	if err := ctx.build("IRI", int64(len(ctx.Base)+len(t.Value))); err != nil {
		return Value{Err: err}
	}
	iri, err := rdf.Resolve(ctx.Base, t.Value)
	if err != nil {
		return Errorf("IRI: " + err.Error())
	}
	if normalizable(iri) && ctx.Indeterminate == "" {
		ctx.Indeterminate = "IRI(" + t.String() + ") is <" + iri + ">, which \"An implementation MAY normalize\" " +
			"(#func-iri; RFC 3986 §6.2.2-6.2.3): a normalised form is permitted too"
	}
	return Of(rdf.IRI(iri))
}

// normalizable reports whether syntax- or scheme-based normalisation (RFC
// 3986 §6.2.2, §6.2.3) would change iri: an upper-case scheme or host, a
// percent-encoding in lower case or of an unreserved character, a "." or
// ".." segment, an empty or default port, an empty http(s) path.
func normalizable(iri string) bool {
	scheme, rest, _ := strings.Cut(iri, ":")
	if strings.ToLower(scheme) != scheme || percentNormalizable(iri) {
		return true
	}
	rest, _, _ = strings.Cut(rest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	path := rest
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		auth := after
		if i := strings.IndexByte(after, '/'); i >= 0 {
			auth, path = after[:i], after[i:]
		} else {
			path = ""
		}
		if authorityNormalizable(strings.ToLower(scheme), auth, path) {
			return true
		}
	}
	for _, seg := range strings.Split(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

func authorityNormalizable(scheme, auth, path string) bool {
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	host, port, hasPort := auth, "", false
	if i := strings.LastIndexByte(auth, ':'); i >= 0 && !strings.Contains(auth[i:], "]") {
		host, port, hasPort = auth[:i], auth[i+1:], true
	}
	web := scheme == "http" || scheme == "https"
	return strings.ToLower(host) != host || (hasPort && port == "") ||
		(scheme == "http" && port == "80") || (scheme == "https" && port == "443") || (web && path == "")
}

// percentNormalizable: a %XX with lower-case hex digits, or one that
// encodes an unreserved character (RFC 3986 §6.2.2.1, §6.2.2.2).
func percentNormalizable(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		b, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err == nil && (strings.ToUpper(s[i+1:i+3]) != s[i+1:i+3] || unreserved(byte(b))) {
			return true
		}
	}
	return false
}

// fnBNode is #func-bnode. BNODE() is a fresh node per call; BNODE(str) is
// the same node for equal strings within one solution (see NewSolution).
// Labels start with "ops" and carry the solution tick, a data blank node
// label can still collide only if a loader produced "opsN_M".
func fnBNode(ctx *Context, a []rdf.Term) Value {
	if len(a) == 0 {
		return Of(ctx.freshBlank())
	}
	if !isSimple(a[0]) {
		return Errorf("BNODE: not a simple literal: " + a[0].String())
	}
	if b, ok := ctx.bnodes[a[0].Value]; ok {
		return Of(b)
	}
	if ctx.bnodes == nil {
		ctx.bnodes = map[string]rdf.Term{}
	}
	b := ctx.freshBlank()
	ctx.bnodes[a[0].Value] = b
	return Of(b)
}

func (c *Context) freshBlank() rdf.Term {
	c.bnodeSeq++
	return rdf.Blank("ops" + strconv.Itoa(c.bnodeTick) + "_" + strconv.Itoa(c.bnodeSeq))
}

// fnStrDT is #func-strdt: a simple literal and an IRI.
func fnStrDT(_ *Context, a []rdf.Term) Value {
	if !isSimple(a[0]) || !a[1].IsIRI() {
		return Errorf("STRDT: wants a simple literal and an IRI")
	}
	if a[1].Value == rdf.RDFLangString || a[1].Value == rdf.RDFDirLangString {
		// The 1.2 draft (#func-strdt): "STRDT should not be called with
		// datatypeIRI argument rdf:langString or rdf:dirLangString".
		return Errorf("STRDT: " + a[1].String() + " needs a language tag")
	}
	return Of(rdf.Literal(a[0].Value, a[1].Value))
}

// fnStrLang is #func-strlang: a simple literal and a non-empty tag.
func fnStrLang(_ *Context, a []rdf.Term) Value {
	if !isSimple(a[0]) || !isSimple(a[1]) || !validLangTag(a[1].Value) {
		return Errorf("STRLANG: wants a simple literal and a language tag")
	}
	return Of(rdf.LangLiteral(a[0].Value, a[1].Value))
}

// validLangTag checks the BCP 47 shape that Turtle's LANGTAG allows.
func validLangTag(s string) bool {
	for i, part := range strings.Split(s, "-") {
		if part == "" || len(part) > 8 {
			return false
		}
		for _, r := range part {
			alpha := (r|0x20) >= 'a' && (r|0x20) <= 'z'
			if !alpha && (i == 0 || r < '0' || r > '9') {
				return false
			}
		}
	}
	return true
}

func (c *Context) rng() *rand.Rand {
	if c.Rand == nil {
		seed := int64(1)
		if c.Seeded {
			seed = c.Seed
		}
		c.Rand = rand.New(rand.NewSource(seed))
	}
	return c.Rand
}

// uuid4 is an RFC 4122 version 4 UUID from the context's generator.
func (c *Context) uuid4() string {
	var b [16]byte
	c.rng().Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func fnUUID(ctx *Context, _ []rdf.Term) Value    { return Of(rdf.IRI("urn:uuid:" + ctx.uuid4())) }
func fnStrUUID(ctx *Context, _ []rdf.Term) Value { return Of(rdf.String(ctx.uuid4())) }

// fnRand is #func-rand: an xsd:double in [0, 1).
func fnRand(ctx *Context, _ []rdf.Term) Value {
	return Of(number{kind: kDouble, f: ctx.rng().Float64()}.term())
}

func fnNow(ctx *Context, _ []rdf.Term) Value { return Of(nowTerm(ctx.Now)) }

// numFn is ABS, ROUND, CEIL, FLOOR (#func-numerics), keeping the type.
func numFn(name string) func(*Context, []rdf.Term) Value {
	return func(_ *Context, a []rdf.Term) Value {
		n, err := numArg(name, a[0])
		if err != nil {
			return Value{Err: err}
		}
		if n.kind >= kFloat {
			f := floatRound(name, n.f)
			if n.kind == kFloat {
				f = float64(float32(f))
			}
			return Of(number{kind: n.kind, f: f}.term())
		}
		return Of(number{kind: n.kind, r: ratRound(name, n.r)}.term())
	}
}

func floatRound(name string, f float64) float64 {
	switch name {
	case "ABS":
		return math.Abs(f)
	case "CEIL":
		return math.Ceil(f)
	case "FLOOR":
		return math.Floor(f)
	}
	// fn:round: half rounds toward +INF; -0.5 ≤ x < 0 gives -0.
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	r := math.Floor(f)
	if f-r >= 0.5 {
		r++
	}
	if r == 0 && f < 0 {
		return math.Copysign(0, -1)
	}
	return r
}

func ratRound(name string, r *big.Rat) *big.Rat {
	switch name {
	case "ABS":
		return new(big.Rat).Abs(r)
	case "CEIL":
		return new(big.Rat).Neg(ratFloor(new(big.Rat).Neg(r)))
	case "FLOOR":
		return ratFloor(r)
	}
	return ratFloor(new(big.Rat).Add(r, big.NewRat(1, 2)))
}

func ratFloor(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for d > 0
	return new(big.Rat).SetInt(q)
}

// hashFn is #func-hash: lower-case hex of the UTF-8 of a simple literal.
// "Hex digits SHOULD be in lower case": upper case is not ruled out (a
// SHOULD), so the answer is open until the comparator accepts either case.
func hashFn(h func() hash.Hash) func(*Context, []rdf.Term) Value {
	return func(ctx *Context, a []rdf.Term) Value {
		if !isSimple(a[0]) {
			return Errorf(fmt.Sprintf("hash of a non-string %s", a[0]))
		}
		d := h()
		d.Write([]byte(a[0].Value))
		if ctx.Indeterminate == "" {
			ctx.Indeterminate = "a hash function's hex digits \"SHOULD be in lower case\" (#func-hash): " +
				"an engine that answers upper case is not ruled out"
		}
		return Of(rdf.String(hex.EncodeToString(d.Sum(nil))))
	}
}

// isSimple reports a simple literal or xsd:string (the same term in RDF 1.1).
func isSimple(t rdf.Term) bool { return t.IsLiteral() && t.Datatype == rdf.XSDString }

// isStringLit reports a string literal (#func-string): simple, tagged, or
// (SPARQL 1.2 draft #func-string) "a literal with datatype rdf:dirLangString
// and with both a language tag and a base direction".
func isStringLit(t rdf.Term) bool {
	return t.IsLiteral() && (t.Datatype == rdf.XSDString || t.Datatype == rdf.RDFLangString ||
		t.Datatype == rdf.RDFDirLangString)
}
