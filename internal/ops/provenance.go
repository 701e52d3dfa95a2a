package ops

import (
	"hash/fnv"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Prov is what of a Value's term the specification fixes: its provenance.
// The zero Prov is exact: a term copied from the data or the query (a
// variable's value, a constant, VALUES), or computed and fixed by the text
// (a boolean, a string, DATATYPE, a cast to xsd:string, which F&O's casting
// rules fix). Every Eval result carries one; Eval propagates it (eval.go for
// the functional forms, provOf below for the strict built-ins and casts,
// aggregateProv for the set functions):
//
//   - A computed number is FixLexical: SPARQL names no lexical form for it,
//     so any lexical form of the value and datatype is correct.
//   - An xs:decimal operation (+ - * /, SUM, AVG) whose exact result is
//     outside the values every minimally conforming processor represents
//     (results.InMinimalDecimals) is FixPrecision: "the result is truncated
//     or rounded in an implementation-defined manner" (XPath F&O 1.0 §6.2);
//     Val is the exact result, Bound nil (one rounding,
//     results.AcceptsDecimal). So is a float or double SUM or AVG of three
//     values or more: ToList leaves the order of the additions open
//     (#defn_algToList), Bound covers every order.
//   - What is computed from a FixPrecision value carries the openness on
//     (precisionProv): Val is the exact result on exact operands and Bound
//     a bound on the deviation, derived by interval arithmetic and widened by
//     one more rounding of the result; a result the openness could change
//     discretely (a comparison or ROUND whose outcome differs inside the
//     interval, a cast to xsd:string that prints the digits) is FixOpen.
//   - A function that reads the lexical form of a computed number (STR,
//     sameTerm) gives FixOpen, as RAND, NOW, UUID, STRUUID and SAMPLE do;
//     anything computed from a FixOpen value is FixOpen. A cast reads the
//     value, not the lexical form: xsd:string(1+1) is "2", fixed.
//   - IF and COALESCE pass the chosen argument's Prov on; an IF whose
//     condition is open is open; || and && are open only when an open
//     operand decides them.
//
// Origin identifies the computation of a FixLexical or FixPrecision value
// (the operation and its argument terms): the judge assumes an engine's
// function is a function, so two values of one origin are the same term in
// any engine, and only values of different origins may differ in form.
type Prov struct {
	Fix    results.Fix
	Val    *big.Rat // FixPrecision: the exact value
	Bound  *big.Rat // FixPrecision: the largest deviation; nil: one decimal rounding
	Origin uint64
}

// Exact reports whether the term is fixed.
func (p Prov) Exact() bool { return p.Fix == results.FixNone }

// Cell is the Prov as the judge's answer records it.
func (p Prov) Cell() results.Cell {
	c := results.Cell{Fix: p.Fix}
	if p.Fix == results.FixPrecision && p.Val != nil {
		c.Value = p.Val.RatString()
		if p.Bound != nil {
			c.Bound = p.Bound.RatString()
		}
	}
	return c
}

var openProv = Prov{Fix: results.FixOpen}

// openFns are the functions whose values the spec leaves to the engine
// (#idp2130040 RAND, #func-now, #func-uuid, #func-struuid).
var openFns = map[string]bool{"RAND": true, "NOW": true, "UUID": true, "STRUUID": true}

// readsLexical are the functions whose result depends on an argument's
// lexical form rather than its value: of a computed number they are open.
// (The string functions take string literals only, never a number.)
var readsLexical = map[string]bool{"STR": true, "SAMETERM": true}

// typeOnly are the functions whose result depends only on an argument's
// kind and datatype, which a FixPrecision value fixes.
var typeOnly = map[string]bool{"DATATYPE": true, "ISNUMERIC": true, "ISLITERAL": true,
	"ISIRI": true, "ISURI": true, "ISBLANK": true, "LANG": true,
	"ISTRIPLE": true, "LANGDIR": true, "HASLANG": true, "HASLANGDIR": true}

// tripleFns build or take apart triple terms (SPARQL 1.2 draft
// #func-triple ... #func-object): the result is a term copied from the
// arguments, exact when they are; a triple term holding a computed number
// carries its free lexical form, so it is open.
var tripleFns = map[string]bool{"TRIPLE": true, "SUBJECT": true, "PREDICATE": true, "OBJECT": true}

// provOf is the Prov of the strict built-in or cast name (upper-case name
// or function IRI) applied to args with the result out.
func provOf(name string, args []Value, out Value) Prov {
	switch {
	case out.Err != nil:
		return Prov{}
	case tripleFns[name]:
		return tripleProv(args)
	case openFns[name] || anyFix(args, results.FixOpen):
		return openProv
	case anyFix(args, results.FixPrecision):
		if typeOnly[name] {
			return Prov{}
		}
		return precisionProv(name, args, out)
	case readsLexical[name] && anyFix(args, results.FixLexical):
		return openProv
	}
	return computedProv(name, args, out)
}

func tripleProv(args []Value) Prov {
	for _, a := range args {
		if !a.Prov.Exact() {
			return openProv
		}
	}
	return Prov{}
}

func anyFix(args []Value, f results.Fix) bool {
	for _, a := range args {
		if a.Prov.Fix == f {
			return true
		}
	}
	return false
}

// computedProv is the Prov of a result computed from fixed values: a
// number is FixLexical, or FixPrecision when it is an xs:decimal operation's
// result outside the minimal decimals; anything else is fixed.
func computedProv(name string, args []Value, out Value) Prov {
	n, ok := numberOf(out.Term)
	if !ok {
		return Prov{}
	}
	origin := originOf(name, args)
	if n.kind == kDecimal && isArith(name) {
		if q := exactArith(name, args); q != nil && !results.InMinimalDecimals(q) {
			return Prov{Fix: results.FixPrecision, Val: q, Origin: origin}
		}
	}
	return Prov{Fix: results.FixLexical, Origin: origin}
}

func isArith(name string) bool {
	return name == "+" || name == "-" || name == "*" || name == "/"
}

// exactArith is the exact result of a decimal or integer operation on two
// numbers (the division unrounded); nil when an operand is not exact.
func exactArith(name string, args []Value) *big.Rat {
	if len(args) != 2 {
		return nil
	}
	x, ok1 := numberOf(args[0].Term)
	y, ok2 := numberOf(args[1].Term)
	if !ok1 || !ok2 || x.kind > kDecimal || y.kind > kDecimal {
		return nil
	}
	return ratOp(name, x.r, y.r)
}

func ratOp(name string, x, y *big.Rat) *big.Rat {
	r := new(big.Rat)
	switch name {
	case "+":
		return r.Add(x, y)
	case "-":
		return r.Sub(x, y)
	case "*":
		return r.Mul(x, y)
	case "/":
		if y.Sign() == 0 {
			return nil
		}
		return r.Quo(x, y)
	}
	return nil
}

// originOf hashes an operation and its argument terms and origins.
func originOf(name string, args []Value) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	for _, a := range args {
		h.Write([]byte{0})
		h.Write([]byte(a.Term.String()))
		var b [8]byte
		for i := range b {
			b[i] = byte(a.Prov.Origin >> (8 * i))
		}
		h.Write(b[:])
	}
	return h.Sum64()
}

// interval is a number known up to a deviation: the value lies in
// [c-d, c+d].
type interval struct {
	c, d *big.Rat
	kind numKind
}

// intervalOf is v's value as an interval; ok is false for a non-number,
// NaN and the infinities.
func intervalOf(v Value) (interval, bool) {
	if v.Prov.Fix == results.FixPrecision && v.Prov.Val != nil {
		n, _ := numberOf(v.Term)
		return interval{c: v.Prov.Val, d: precisionBound(v.Prov), kind: n.kind}, true
	}
	n, ok := numberOf(v.Term)
	if !ok {
		return interval{}, false
	}
	if n.kind <= kDecimal {
		return interval{c: n.r, d: new(big.Rat), kind: n.kind}, true
	}
	if math.IsNaN(n.f) || math.IsInf(n.f, 0) {
		return interval{}, false
	}
	return interval{c: new(big.Rat).SetFloat64(n.f), d: new(big.Rat), kind: n.kind}, true
}

// precisionBound is the largest deviation of a FixPrecision value.
func precisionBound(p Prov) *big.Rat {
	if p.Bound != nil {
		return p.Bound
	}
	return results.DecimalUnit(p.Val)
}

func (x interval) lo() *big.Rat { return new(big.Rat).Sub(x.c, x.d) }
func (x interval) hi() *big.Rat { return new(big.Rat).Add(x.c, x.d) }

// holdsZero: some value of the interval is zero (its EBV is open).
func (x interval) holdsZero() bool { return new(big.Rat).Abs(x.c).Cmp(x.d) <= 0 }

// overlaps: some value of x equals some value of y (their order is open).
func (x interval) overlaps(y interval) bool {
	return x.lo().Cmp(y.hi()) <= 0 && y.lo().Cmp(x.hi()) <= 0
}

// precisionProv carries an open precision through the operation name.
func precisionProv(name string, args []Value, out Value) Prov {
	xs := make([]interval, len(args))
	for i, a := range args {
		x, ok := intervalOf(a)
		if !ok {
			return comparisonWithOther(name)
		}
		xs[i] = x
	}
	origin := originOf(name, args)
	switch {
	case isArith(name) && len(xs) == 2:
		return arithInterval(name, xs[0], xs[1], out, origin)
	case len(xs) == 1 && (name == "UMINUS" || name == "UPLUS" || name == "ABS"):
		c := xs[0].c
		if name == "UMINUS" {
			c = new(big.Rat).Neg(c)
		} else if name == "ABS" {
			c = new(big.Rat).Abs(c)
		}
		return Prov{Fix: results.FixPrecision, Val: c, Bound: xs[0].d, Origin: origin}
	case len(xs) == 1 && (name == "ROUND" || name == "CEIL" || name == "FLOOR"):
		return fixedIf(ratRound(name, xs[0].lo()).Cmp(ratRound(name, xs[0].hi())) == 0, results.FixLexical, origin)
	case len(xs) == 2 && isComparison(name):
		return fixedIf(!xs[0].overlaps(xs[1]), results.FixNone, 0)
	case len(xs) == 1 && name == "!":
		return fixedIf(!xs[0].holdsZero(), results.FixNone, 0)
	case len(xs) == 1:
		return castInterval(name, xs[0], out, origin)
	}
	return openProv
}

// comparisonWithOther: a comparison of an open-precision number with a
// non-number (or NaN, INF) has a fixed outcome (false, or an error).
func comparisonWithOther(name string) Prov {
	if isComparison(name) {
		return Prov{}
	}
	return openProv
}

func isComparison(name string) bool {
	switch name {
	case "=", "!=", "<", ">", "<=", ">=":
		return true
	}
	return false
}

// fixedIf is Prov{fix} when the openness cannot change the result, else open.
func fixedIf(fixed bool, fix results.Fix, origin uint64) Prov {
	if !fixed {
		return openProv
	}
	if fix == results.FixNone {
		return Prov{}
	}
	return Prov{Fix: fix, Origin: origin}
}

// arithInterval: |x̃ op ỹ - x op y| for x̃ within dx of x and ỹ within dy of
// y is at most dx+dy for + and -, |x|dy + |y|dx + dx·dy for *, and
// (|x|dy + |y|dx) / (|y|(|y|-dy)) for / when |y| > dy (else the divisor
// may be zero: open). The result may itself be rounded once more.
func arithInterval(name string, x, y interval, out Value, origin uint64) Prov {
	c := ratOp(name, x.c, y.c)
	if c == nil {
		return openProv
	}
	ax, ay := new(big.Rat).Abs(x.c), new(big.Rat).Abs(y.c)
	d := new(big.Rat)
	switch name {
	case "+", "-":
		d.Add(x.d, y.d)
	case "*":
		d.Add(new(big.Rat).Mul(ax, y.d), new(big.Rat).Mul(ay, x.d))
		d.Add(d, new(big.Rat).Mul(x.d, y.d))
	case "/":
		room := new(big.Rat).Sub(ay, y.d)
		if room.Sign() <= 0 {
			return openProv
		}
		d.Add(new(big.Rat).Mul(ax, y.d), new(big.Rat).Mul(ay, x.d))
		d.Quo(d, new(big.Rat).Mul(ay, room))
	}
	return Prov{Fix: results.FixPrecision, Val: c, Bound: d.Add(d, roundingOf(c, out)), Origin: origin}
}

// roundingOf is the largest error one more operation producing out's
// datatype may add at the value c: a decimal rounding (results.DecimalUnit),
// or a float or double rounding (half an ulp, at most |c|·2^-23 or
// |c|·2^-52 for a normal result; 10^-44 or 10^-323 at zero).
func roundingOf(c *big.Rat, out Value) *big.Rat {
	n, _ := numberOf(out.Term)
	switch n.kind {
	case kFloat:
		return floatRounding(c, 23, 44)
	case kDouble:
		return floatRounding(c, 52, 323)
	}
	return results.DecimalUnit(c)
}

// floatRounding is |c|·2^-mant, or at zero a bound above the smallest
// subnormal (10^-tiny).
func floatRounding(c *big.Rat, mant, tiny uint) *big.Rat {
	if c.Sign() == 0 {
		return results.Pow10(-int(tiny))
	}
	r := new(big.Rat).Abs(c)
	return r.Mul(r, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), mant)))
}

// castInterval is the Prov of a cast of an open-precision number: to an
// integer type it truncates (fixed unless the interval crosses an integer);
// to xsd:decimal, float or double it keeps the openness (plus a rounding);
// to xsd:boolean it is fixed unless zero is inside; to xsd:string it prints
// the open digits.
func castInterval(iri string, x interval, out Value, origin uint64) Prov {
	switch {
	case derivedIntsHas(iri):
		return fixedIf(truncRat(x.lo()).Cmp(truncRat(x.hi())) == 0, results.FixLexical, origin)
	case iri == rdf.XSDDecimal, iri == rdf.XSDFloat, iri == rdf.XSDDouble:
		return Prov{Fix: results.FixPrecision, Val: x.c, Bound: new(big.Rat).Add(x.d, roundingOf(x.c, out)), Origin: origin}
	case iri == rdf.XSDBoolean:
		return fixedIf(!x.holdsZero(), results.FixNone, 0)
	}
	return openProv
}

func derivedIntsHas(iri string) bool { _, ok := derivedInts[iri]; return ok }

// truncRat is r truncated toward zero.
func truncRat(r *big.Rat) *big.Rat {
	return new(big.Rat).SetInt(new(big.Int).Quo(r.Num(), r.Denom()))
}

// EBVOpen reports whether the openness of v can change its effective
// boolean value (#ebv): an open value, or an open-precision number whose
// interval holds zero. A FILTER, HAVING or OPTIONAL condition that is open
// decides which solutions exist: the judge marks its answer indeterminate.
func EBVOpen(v Value) bool {
	switch v.Prov.Fix {
	case results.FixOpen:
		return v.Err == nil
	case results.FixPrecision:
		x, ok := intervalOf(v)
		return !ok || x.holdsZero()
	}
	return false
}

// TermEqualOpen reports whether the openness of a or b can change whether
// an engine's terms for them are the same term (join compatibility, MINUS,
// DISTINCT, GROUP BY keys). Two exact terms: no. An open value: yes. A
// computed number against a term of its datatype: yes when their values may
// coincide, unless both are one computation (same origin and term, which a
// function gives alike in any engine). Terms of different datatypes or
// kinds are never the same term, whatever the lexical form.
func TermEqualOpen(a, b Value) bool {
	pa, pb := a.Prov, b.Prov
	switch {
	case pa.Exact() && pb.Exact():
		return false
	case a.Err != nil || b.Err != nil || a.Term.IsZero() || b.Term.IsZero():
		return false
	case pa.Fix == results.FixOpen || pb.Fix == results.FixOpen:
		return true
	case !a.Term.IsLiteral() || !b.Term.IsLiteral() || a.Term.Datatype != b.Term.Datatype || a.Term.Lang != b.Term.Lang:
		return false
	case pa.Fix == pb.Fix && pa.Origin == pb.Origin && a.Term == b.Term && sameVal(pa, pb):
		return false
	}
	x, ok1 := intervalOf(a)
	y, ok2 := intervalOf(b)
	if !ok1 || !ok2 {
		return a.Term == b.Term
	}
	return x.overlaps(y)
}

func sameVal(a, b Prov) bool {
	if a.Val == nil || b.Val == nil {
		return a.Val == b.Val
	}
	return a.Val.Cmp(b.Val) == 0
}

// OrderOpen reports whether the openness of a or b can change their
// relative order under ORDER BY (#modOrderBy): an open value, or two
// numbers whose intervals overlap (one of them open in precision). A
// computed number's lexical form never does: ops.OrderTie ties equal
// values of different forms already.
func OrderOpen(a, b Value) bool {
	pa, pb := a.Prov, b.Prov
	switch {
	case pa.Fix == results.FixOpen || pb.Fix == results.FixOpen:
		return true
	case pa.Fix != results.FixPrecision && pb.Fix != results.FixPrecision:
		return false
	}
	x, ok1 := intervalOf(a)
	y, ok2 := intervalOf(b)
	return ok1 && ok2 && x.overlaps(y)
}

// aggregateProv is the Prov of the set function name over the values m
// with the result out (#setFunctions): COUNT is a computed integer (open
// when DISTINCT compares open values); SUM and AVG follow the sum's exact
// value; MIN and MAX are the chosen value (open when another value may
// overtake it); SAMPLE is open; GROUP_CONCAT is exact over exact strings.
func aggregateProv(name string, distinct bool, m []Value, out Value) Prov {
	switch {
	case out.Err != nil:
		return Prov{}
	case name == "SAMPLE":
		return openProv
	case name == "COUNT":
		if distinct && anyTermEqualOpen(m) {
			return openProv
		}
		return Prov{Fix: results.FixLexical, Origin: originOf("COUNT", []Value{{Term: out.Term}})}
	case name == "GROUP_CONCAT":
		if anyOpenValue(m) {
			return openProv
		}
		return Prov{}
	case name == "MIN" || name == "MAX":
		return extremeProv(m, out)
	case name == "SUM" || name == "AVG":
		return sumProv(name, m, out)
	}
	return Prov{}
}

func anyOpenValue(m []Value) bool {
	for _, v := range m {
		if v.Err == nil && !v.Prov.Exact() {
			return true
		}
	}
	return false
}

// anyTermEqualOpen: some pair of m may be the same term in an engine and
// not in the judge, or the other way round (pairs checked up to a bound;
// past it any open value counts).
func anyTermEqualOpen(m []Value) bool {
	if !anyOpenValue(m) {
		return false
	}
	if len(m) > 256 {
		return true
	}
	for i := range m {
		for j := i + 1; j < len(m); j++ {
			if TermEqualOpen(m[i], m[j]) {
				return true
			}
		}
	}
	return false
}

// extremeProv: MIN or MAX returns one of its values with that value's Prov,
// unless an open value, or an overlapping open-precision one, could be the
// extreme instead. A number it returns is a value, whose lexical form is
// the engine's (#defn_aggMin "returns the minimum value"): the approved
// W3C test agg-min-02 expects "2.0E-1" where the data holds 2E-1.
func extremeProv(m []Value, out Value) Prov {
	for _, v := range m {
		if v.Err == nil && (v.Prov.Fix == results.FixOpen || (v.Term != out.Term && OrderOpen(v, out))) {
			return openProv
		}
	}
	if _, ok := numberOf(out.Term); ok && out.Prov.Exact() {
		return Prov{Fix: results.FixLexical, Origin: originOf("EXTREME", []Value{{Term: out.Term}})}
	}
	return out.Prov
}

// sumProv follows #defn_aggSum and #defn_aggAvg: the exact sum c of the
// values with the sum of their deviations d; an xs:decimal sum outside the
// minimal decimals may be rounded once; a float or double sum of three
// values or more may add in any order (#defn_algToList), which moves it by
// at most n·ε·Σ|x| (ε = 2^-23 or 2^-52). AVG divides by the count: one more
// decimal operation.
func sumProv(name string, m []Value, out Value) Prov {
	var xs []interval
	kind := kInteger
	for _, v := range m {
		x, ok := intervalOf(v)
		if !ok {
			return valueFixedProv(m, out, name)
		}
		xs, kind = append(xs, x), max(kind, x.kind)
	}
	origin := multisetOrigin(name, m)
	if len(xs) == 0 {
		return Prov{Fix: results.FixLexical, Origin: origin}
	}
	c, d, abs := new(big.Rat), new(big.Rat), new(big.Rat)
	for _, x := range xs {
		c.Add(c, x.c)
		d.Add(d, x.d)
		abs.Add(abs, new(big.Rat).Abs(x.c))
	}
	if kind >= kFloat && len(xs) >= 3 {
		d.Add(d, orderSlack(abs, len(xs), kind))
	}
	if name == "AVG" {
		return avgProv(c, d, len(xs), kind, out, origin)
	}
	return precisionOrLexical(c, d, kind, out, origin)
}

// valueFixedProv: a sum over NaN or an infinity (or a non-number, an
// error) has a value no order or precision changes.
func valueFixedProv(m []Value, out Value, name string) Prov {
	if anyFix(m, results.FixOpen) {
		return openProv
	}
	if _, ok := numberOf(out.Term); !ok {
		return Prov{}
	}
	return Prov{Fix: results.FixLexical, Origin: multisetOrigin(name, m)}
}

func orderSlack(abs *big.Rat, n int, kind numKind) *big.Rat {
	bits := uint(52)
	if kind == kFloat {
		bits = 23
	}
	s := new(big.Rat).Mul(abs, big.NewRat(int64(n), 1))
	return s.Quo(s, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), bits)))
}

// avgProv: Sum(M)/Count(M) on the sum c (deviation d) of n values.
func avgProv(c, d *big.Rat, n int, kind numKind, out Value, origin uint64) Prov {
	count := new(big.Rat).SetInt64(int64(n))
	q := new(big.Rat).Quo(c, count)
	if kind >= kFloat {
		dq := new(big.Rat).Quo(d, count)
		if d.Sign() == 0 {
			return Prov{Fix: results.FixLexical, Origin: origin}
		}
		return Prov{Fix: results.FixPrecision, Val: q, Bound: dq.Add(dq, roundingOf(q, out)), Origin: origin}
	}
	if d.Sign() == 0 && results.InMinimalDecimals(c) {
		if results.InMinimalDecimals(q) {
			return Prov{Fix: results.FixLexical, Origin: origin}
		}
		return Prov{Fix: results.FixPrecision, Val: q, Origin: origin}
	}
	if results.InMinimalDecimals(c) == false {
		d = new(big.Rat).Add(d, results.DecimalUnit(c)) // the sum itself may be rounded
	}
	dq := new(big.Rat).Quo(d, count)
	return Prov{Fix: results.FixPrecision, Val: q, Bound: dq.Add(dq, results.DecimalUnit(q)), Origin: origin}
}

// precisionOrLexical is the Prov of a sum c with deviation d.
func precisionOrLexical(c, d *big.Rat, kind numKind, out Value, origin uint64) Prov {
	switch {
	case d.Sign() != 0:
		return Prov{Fix: results.FixPrecision, Val: c, Bound: new(big.Rat).Add(d, roundingOf(c, out)), Origin: origin}
	case kind == kDecimal && !results.InMinimalDecimals(c):
		return Prov{Fix: results.FixPrecision, Val: c, Origin: origin}
	}
	return Prov{Fix: results.FixLexical, Origin: origin}
}

// multisetOrigin hashes a set function over a multiset, in any order.
func multisetOrigin(name string, m []Value) uint64 {
	keys := make([]string, len(m))
	for i, v := range m {
		keys[i] = v.Term.String()
	}
	sort.Strings(keys)
	h := fnv.New64a()
	h.Write([]byte(name + "\x00" + strings.Join(keys, "\x00")))
	return h.Sum64()
}

// countStarProv: COUNT(*) is a computed integer; COUNT(DISTINCT *) over
// solutions holding computed values compares them as terms, which their
// openness may change (checked coarsely: any non-exact value is open).
func countStarProv(group []Binding, distinct bool, v Value) Prov {
	if distinct {
		for _, mu := range group {
			pb, ok := mu.(ProvBinding)
			if !ok {
				continue
			}
			for _, v := range mu.Vars() {
				if _, p, _ := pb.GetProv(v); !p.Exact() {
					return openProv
				}
			}
		}
	}
	return Prov{Fix: results.FixLexical, Origin: originOf("COUNT", []Value{{Term: v.Term}})}
}

// CoarseKey is equal for two values whenever an engine may give them the
// same term: exact terms by term, except that numbers are keyed by datatype
// and value (so "02" meets a computed 2); open and open-precision values
// by their kind only. Evaluators bucket by it before asking TermEqualOpen.
func CoarseKey(v Value) string {
	switch {
	case v.Err != nil || v.Term.IsZero():
		return "!"
	case v.Prov.Fix == results.FixOpen:
		return "*"
	case v.Prov.Fix == results.FixPrecision:
		return "~" + v.Term.Datatype
	}
	if n, ok := numberOf(v.Term); ok {
		return v.Term.Datatype + "=" + n.term().Value
	}
	return v.Term.String()
}
