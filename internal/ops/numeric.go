package ops

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// numKind orders the numeric types by XPath type promotion
// (#operandDataTypes): integer ⊂ decimal ⊂ float ⊂ double.
type numKind uint8

const (
	kInteger numKind = iota
	kDecimal
	kFloat
	kDouble
)

// number is the value of a numeric literal. Integers and decimals are exact
// (r, a big.Rat whose denominator is 1 for integers); floats and doubles are
// IEEE values in f (a float is kept rounded to float32).
type number struct {
	kind numKind
	r    *big.Rat
	f    float64
}

// DecimalDigits is the number of fractional digits kept when a decimal
// division does not terminate; the quotient is rounded half to even.
const DecimalDigits = 24

// reFloat is the float/double lexical space (XSD 1.1 §3.3.5, with +INF).
var reFloat = regexp.MustCompile(`^([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([Ee][+-]?[0-9]+)?|[+-]?INF|NaN)$`)

// isIntegerLex matches the xsd:integer lexical space [+-]?[0-9]+.
func isIntegerLex(s string) bool {
	s = strings.TrimLeft(s[:min(len(s), 1)], "+-") + s[min(len(s), 1):]
	return s != "" && digits(s) == len(s)
}

// isDecimalLex matches the xsd:decimal lexical space
// [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+).
func isDecimalLex(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	n := digits(s)
	if n == len(s) {
		return n > 0
	}
	if s[n] != '.' {
		return false
	}
	m := digits(s[n+1:])
	return n+1+m == len(s) && n+m > 0
}

// digits counts the leading ASCII digits of s.
func digits(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return i
		}
	}
	return len(s)
}

// intRange is the value range of a type derived from xsd:integer; a nil
// bound is unbounded.
type intRange struct{ min, max *big.Int }

func bnd(s string) *big.Int {
	b, _ := new(big.Int).SetString(s, 10)
	return b
}

// derivedInts lists the integer types of #operandDataTypes with their ranges
// (XSD Part 2 §3.4).
var derivedInts = map[string]intRange{
	rdf.XSDInteger:                 {},
	rdf.XSD + "nonPositiveInteger": {nil, bnd("0")},
	rdf.XSD + "negativeInteger":    {nil, bnd("-1")},
	rdf.XSD + "long":               {bnd("-9223372036854775808"), bnd("9223372036854775807")},
	rdf.XSD + "int":                {bnd("-2147483648"), bnd("2147483647")},
	rdf.XSD + "short":              {bnd("-32768"), bnd("32767")},
	rdf.XSD + "byte":               {bnd("-128"), bnd("127")},
	rdf.XSD + "nonNegativeInteger": {bnd("0"), nil},
	rdf.XSD + "unsignedLong":       {bnd("0"), bnd("18446744073709551615")},
	rdf.XSD + "unsignedInt":        {bnd("0"), bnd("4294967295")},
	rdf.XSD + "unsignedShort":      {bnd("0"), bnd("65535")},
	rdf.XSD + "unsignedByte":       {bnd("0"), bnd("255")},
	rdf.XSD + "positiveInteger":    {bnd("1"), nil},
}

// isNumericType reports whether dt is a numeric datatype (#operandDataTypes).
func isNumericType(dt string) bool {
	if _, ok := derivedInts[dt]; ok {
		return true
	}
	return dt == rdf.XSDDecimal || dt == rdf.XSDFloat || dt == rdf.XSDDouble
}

// numberOf returns the value of a numeric literal; ok is false for a
// non-numeric term or an ill-formed lexical form (not in the value space).
func numberOf(t rdf.Term) (number, bool) {
	if !t.IsLiteral() || t.Lang != "" {
		return number{}, false
	}
	if rg, ok := derivedInts[t.Datatype]; ok {
		return parseInteger(t.Value, rg)
	}
	switch t.Datatype {
	case rdf.XSDDecimal:
		return parseDecimal(t.Value)
	case rdf.XSDFloat:
		return parseFloat(t.Value, kFloat)
	case rdf.XSDDouble:
		return parseFloat(t.Value, kDouble)
	}
	return number{}, false
}

func parseInteger(s string, rg intRange) (number, bool) {
	if !isIntegerLex(s) {
		return number{}, false
	}
	i, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	if !ok {
		return number{}, false
	}
	if (rg.min != nil && i.Cmp(rg.min) < 0) || (rg.max != nil && i.Cmp(rg.max) > 0) {
		return number{}, false
	}
	return number{kind: kInteger, r: new(big.Rat).SetInt(i)}, true
}

func parseDecimal(s string) (number, bool) {
	if !isDecimalLex(s) {
		return number{}, false
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(s, "+"))
	if !ok {
		return number{}, false
	}
	return number{kind: kDecimal, r: r}, true
}

func parseFloat(s string, k numKind) (number, bool) {
	if !reFloat.MatchString(s) {
		return number{}, false
	}
	var f float64
	switch strings.TrimPrefix(s, "+") {
	case "INF":
		f = math.Inf(1)
	case "-INF":
		f = math.Inf(-1)
	case "NaN":
		f = math.NaN()
	default:
		bits := 64
		if k == kFloat {
			bits = 32
		}
		// Out-of-range values round to ±INF or ±0 (XSD 1.1 §3.3.5);
		// ParseFloat reports that as a range error with the right value.
		f, _ = strconv.ParseFloat(s, bits)
	}
	return number{kind: k, f: f}, true
}

// float returns the value as float64 (for promotion to float or double).
func (n number) float() float64 {
	if n.kind >= kFloat {
		return n.f
	}
	f, _ := n.r.Float64()
	return f
}

// promote converts n to kind k ≥ n.kind (XPath numeric type promotion).
func (n number) promote(k numKind) number {
	switch {
	case k == n.kind:
		return n
	case k == kDecimal:
		return number{kind: kDecimal, r: n.r}
	case k == kFloat && n.kind <= kDecimal:
		// Promotion is a cast (XPath 2.0 §B.1): the float nearest the
		// exact value, rounded once; via float64 a decimal just above a
		// float32 midpoint would round twice, to the wrong side.
		f, _ := n.r.Float32()
		return number{kind: kFloat, f: float64(f)}
	case k == kFloat:
		return number{kind: kFloat, f: float64(float32(n.f))}
	}
	return number{kind: kDouble, f: n.float()}
}

// unify promotes a and b to their common type.
func unify(a, b number) (number, number) {
	k := max(a.kind, b.kind)
	return a.promote(k), b.promote(k)
}

// numCompare compares two numbers by value; ok is false when either is NaN
// (op:numeric-less-than and op:numeric-equal are then false).
func numCompare(a, b number) (c int, ok bool) {
	a, b = unify(a, b)
	if a.kind <= kDecimal {
		return a.r.Cmp(b.r), true
	}
	switch {
	case math.IsNaN(a.f) || math.IsNaN(b.f):
		return 0, false
	case a.f < b.f:
		return -1, true
	case a.f > b.f:
		return 1, true
	}
	return 0, true
}

// arith applies op:numeric-add/subtract/multiply/divide (#OperatorMapping).
func arith(op string, a, b number) (number, *Error) {
	a, b = unify(a, b)
	if a.kind >= kFloat {
		return floatArith(op, a, b), nil
	}
	r := new(big.Rat)
	switch op {
	case "+":
		r.Add(a.r, b.r)
	case "-":
		r.Sub(a.r, b.r)
	case "*":
		r.Mul(a.r, b.r)
	case "/":
		if b.r.Sign() == 0 {
			return number{}, &Error{Reason: "division by zero"}
		}
		// integer / integer is a decimal (#OperatorMapping, op:numeric-divide).
		return number{kind: kDecimal, r: roundDecimal(r.Quo(a.r, b.r))}, nil
	}
	return number{kind: a.kind, r: r}, nil
}

func floatArith(op string, a, b number) number {
	var f float64
	switch op {
	case "+":
		f = a.f + b.f
	case "-":
		f = a.f - b.f
	case "*":
		f = a.f * b.f
	case "/":
		f = a.f / b.f
	}
	if a.kind == kFloat {
		f = float64(float32(f))
	}
	return number{kind: a.kind, f: f}
}

// terminates reports whether r has a finite decimal expansion.
func terminates(r *big.Rat) bool {
	d := new(big.Int).Set(r.Denom())
	two, five, m := big.NewInt(2), big.NewInt(5), new(big.Int)
	for _, p := range []*big.Int{two, five} {
		for {
			q, rem := new(big.Int).QuoRem(d, p, m)
			if rem.Sign() != 0 {
				break
			}
			d = q
		}
	}
	return d.Cmp(big.NewInt(1)) == 0
}

// roundDecimal rounds a non-terminating quotient to DecimalDigits
// fractional digits, half to even.
func roundDecimal(r *big.Rat) *big.Rat {
	if terminates(r) {
		return r
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(DecimalDigits), nil)
	num := new(big.Int).Mul(r.Num(), scale)
	q, m := new(big.Int).QuoRem(num, r.Denom(), new(big.Int))
	// Compare 2|m| with the denominator to decide the rounding direction.
	twice := new(big.Int).Abs(m)
	twice.Lsh(twice, 1)
	c := twice.Cmp(r.Denom())
	if c > 0 || (c == 0 && q.Bit(0) == 1) {
		if r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return new(big.Rat).SetFrac(q, scale)
}

// term returns n as a literal in canonical lexical form (see doc.go).
func (n number) term() rdf.Term {
	switch n.kind {
	case kInteger:
		return rdf.Literal(n.r.Num().String(), rdf.XSDInteger)
	case kDecimal:
		return rdf.Literal(decimalLex(n.r), rdf.XSDDecimal)
	case kFloat:
		return rdf.Literal(floatLex(n.f, 32), rdf.XSDFloat)
	}
	return rdf.Literal(floatLex(n.f, 64), rdf.XSDDouble)
}

// decimalLex is the XSD 1.0 canonical decimal form: no sign for positive
// values, at least one digit on each side of the point, no other leading or
// trailing zeros ("3.0", "0.5", "-1.25"). r must terminate.
func decimalLex(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	s := r.FloatString(decimalPlaces(r))
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	return s
}

// decimalPlaces is the number of fractional digits of a terminating r.
func decimalPlaces(r *big.Rat) int {
	d := new(big.Int).Set(r.Denom())
	ten, n := big.NewInt(10), 0
	for d.Cmp(big.NewInt(1)) != 0 {
		g := new(big.Int).GCD(nil, nil, d, ten)
		d.Quo(d, g)
		n++
		if n > 10000 {
			break
		}
	}
	return n
}

// floatLex is the XSD canonical form of a float or double: a mantissa with
// one non-zero digit before the point and at least one after, then "E" and
// the exponent without "+" or leading zeros ("1.0E0", "-2.5E-3", "0.0E0",
// "-0.0E0", "INF", "-INF", "NaN").
func floatLex(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	case f == 0 && math.Signbit(f):
		return "-0.0E0"
	case f == 0:
		return "0.0E0"
	}
	s := strconv.FormatFloat(f, 'E', -1, bits)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// intNumber makes an xsd:integer number.
func intNumber(i int64) number { return number{kind: kInteger, r: new(big.Rat).SetInt64(i)} }

// isZero reports whether n is numerically zero (or NaN, for EBV).
func (n number) falsy() bool {
	if n.kind >= kFloat {
		return n.f == 0 || math.IsNaN(n.f)
	}
	return n.r.Sign() == 0
}

// neg is op:numeric-unary-minus.
func (n number) neg() number {
	if n.kind >= kFloat {
		return number{kind: n.kind, f: -n.f}
	}
	return number{kind: n.kind, r: new(big.Rat).Neg(n.r)}
}
