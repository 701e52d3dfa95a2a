package results

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Fix says what the specification fixes of a computed cell. The values are
// stable strings (JSON "fix").
type Fix string

const (
	// FixNone: nothing is open; the cell is compared as a term. It is the
	// zero value: a cell copied from the data or the query, or computed and
	// fixed by the text (a cast to xsd:string, DATATYPE, a comparison).
	FixNone Fix = ""
	// FixLexical: the value and the datatype are fixed, the lexical form is
	// not. SPARQL names no lexical form for a computed number (§17 returns
	// XPath values; the term that carries one is the engine's choice): any
	// lexical form of the same value and datatype is correct.
	FixLexical Fix = "lexical"
	// FixPrecision: the datatype is fixed; the value is one of a set around
	// the exact value Value: an xs:decimal result whose digits of precision
	// are implementation-defined (XPath F&O 1.0 §6.2), what is computed from
	// one, or a float or double sum whose order ToList leaves open
	// (#defn_algToList). See Cell.Accepts. The lexical form is open too.
	FixPrecision Fix = "precision"
	// FixOpen: the value is open (RAND, NOW, UUID, STRUUID, SAMPLE, or what
	// reads an open lexical form or an open value, such as STR of a computed
	// number): any bound term is correct.
	FixOpen Fix = "open"
)

// Cell is what the judge knows of one computed cell whose term the
// specification leaves (partly) open.
type Cell struct {
	Fix Fix `json:"fix"`
	// Value is the exact value of a FixPrecision cell: an integer or a
	// fraction "n/d" in base ten (big.Rat syntax).
	Value string `json:"value,omitempty"`
	// Bound, for FixPrecision, is the largest |answer - Value| accepted, in
	// the same syntax; "" means Value is the exact result of one xs:decimal
	// operation, accepted by the one-rounding rule of AcceptsDecimal.
	Bound string `json:"bound,omitempty"`
}

// Open reports whether the cell leaves anything open.
func (c Cell) Open() bool { return c.Fix != FixNone }

// Accepts reports whether actual is a permitted form of the judge's cell
// whose term is expected. A FixOpen cell takes any bound term. Otherwise
// actual must be a literal of expected's datatype with a lexical form in
// that datatype's lexical space, and:
//   - FixLexical: of the same value (numbers by value, NaN only as NaN;
//     booleans "true"/"1" and "false"/"0"; any other datatype only with
//     the same lexical form);
//   - FixPrecision with Bound "": AcceptsDecimal(Value, actual's value);
//   - FixPrecision with a Bound: |actual's value - Value| <= Bound.
func (c Cell) Accepts(expected, actual rdf.Term) bool {
	switch {
	case actual.IsZero():
		return false
	case c.Fix == FixOpen:
		return true
	case c.Fix == FixNone:
		return expected == actual
	case !actual.IsLiteral() || actual.Lang != "" || actual.Datatype != expected.Datatype:
		return false
	}
	if c.Fix == FixLexical {
		return sameValue(expected, actual)
	}
	d, ok := exactValue(actual)
	q, ok2 := new(big.Rat).SetString(c.Value)
	if !ok || !ok2 {
		return false
	}
	if c.Bound == "" {
		return AcceptsDecimal(q, d)
	}
	b, ok := new(big.Rat).SetString(c.Bound)
	return ok && new(big.Rat).Abs(new(big.Rat).Sub(d, q)).Cmp(b) <= 0
}

// MinDecimalDigits is the precision every minimally conforming processor
// supports: "All minimally conforming processors must support decimal
// numbers with a minimum of 18 decimal digits (i.e., with a totalDigits of
// 18)" (XSD 1.0 Part 2 §3.2.3).
const MinDecimalDigits = 18

// AcceptsDecimal is the judge's reading of XPath F&O 1.0 §6.2 (the version
// SPARQL 1.1 references): "For xs:decimal values the number of digits of
// precision returned by the numeric operators is implementation-defined. If
// the number of digits in the result exceeds the number of digits that the
// implementation supports, the result is truncated or rounded in an
// implementation-defined manner." With XSD's minimum (MinDecimalDigits) and
// totalDigits (XSD 1.0 Part 2 §4.3.11: the values i × 10^-n with |i| <
// 10^totalDigits and 0 <= n <= totalDigits), an implementation represents
// at least the values i × 10^-n, |i| < 10^18, 0 <= n <= 18. Near q the
// finest step of that set is U(q) = 10^J, J = max(-18, e-17), e =
// floor(log10 |q|) (so 18 fractional digits below 1, 18 significant digits
// from 1 up; past 10^18 the same 18 significant digits are kept).
//
// The accepted set: d == q, or d is q truncated or rounded (in any manner:
// toward zero, away from zero, to nearest with any tie rule) to a multiple of
// some power of ten 10^j with j <= J. Both neighbours of q on that grid are
// within one step of it, and no other multiple is, so equivalently
//
//	d == q  or  |d - q| < 10^min(j_d, J)
//
// where 10^j_d is the place of d's last non-zero digit (j_d = +inf for d =
// 0). A d with fewer digits than the minimum (27.571428571428571 for
// 193/7) is outside the set; so is a d with enough digits but the wrong
// last digit. A q that fits the minimal set (every terminating q of at most
// 18 digits there) admits only d == q.
func AcceptsDecimal(q, d *big.Rat) bool {
	if q.Cmp(d) == 0 {
		return true
	}
	j := decimalExponent(q) - (MinDecimalDigits - 1)
	j = max(j, -MinDecimalDigits)
	if jd, ok := lastDigitPlace(d); ok {
		j = min(j, jd)
	}
	diff := new(big.Rat).Abs(new(big.Rat).Sub(d, q))
	return diff.Cmp(Pow10(j)) < 0
}

// DecimalUnit is 10^J(q) of AcceptsDecimal: the largest error one xs:decimal
// operation may add to its exact result q (strictly less than it).
func DecimalUnit(q *big.Rat) *big.Rat {
	return Pow10(max(decimalExponent(q)-(MinDecimalDigits-1), -MinDecimalDigits))
}

// InMinimalDecimals reports whether q is one of the values every minimally
// conforming processor represents exactly: i × 10^-n, |i| < 10^18,
// 0 <= n <= 18 (XSD 1.0 Part 2 §3.2.3, §4.3.11). An xs:decimal operation
// whose exact result is outside that set may be rounded.
func InMinimalDecimals(q *big.Rat) bool {
	scaled := new(big.Rat).Mul(q, Pow10(MinDecimalDigits))
	if !scaled.IsInt() {
		return false
	}
	i := new(big.Int).Abs(scaled.Num())
	ten := big.NewInt(10)
	for n := MinDecimalDigits; n > 0; n-- { // drop trailing zeros: smallest n
		if new(big.Int).Mod(i, ten).Sign() != 0 {
			break
		}
		i.Quo(i, ten)
	}
	return i.Cmp(new(big.Int).Exp(ten, big.NewInt(MinDecimalDigits), nil)) < 0
}

// Pow10 is 10^j as a rational.
func Pow10(j int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(j))), nil)
	if j < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

func abs(j int) int {
	if j < 0 {
		return -j
	}
	return j
}

// decimalExponent is floor(log10 |q|) for q != 0 (0 for q = 0).
func decimalExponent(q *big.Rat) int {
	if q.Sign() == 0 {
		return 0
	}
	a := new(big.Rat).Abs(q)
	e := len(a.Num().String()) - len(a.Denom().String())
	for a.Cmp(Pow10(e)) < 0 {
		e--
	}
	for a.Cmp(Pow10(e+1)) >= 0 {
		e++
	}
	return e
}

// lastDigitPlace is j with d = m × 10^j, m an integer not divisible by 10;
// ok is false for 0 and for a d without a finite decimal expansion.
func lastDigitPlace(d *big.Rat) (int, bool) {
	if d.Sign() == 0 {
		return 0, false
	}
	j := 0
	x := new(big.Rat).Set(d)
	ten := new(big.Rat).SetInt64(10)
	for !x.IsInt() {
		if j < -10000 {
			return 0, false
		}
		x.Mul(x, ten)
		j--
	}
	n := new(big.Int).Set(x.Num())
	tenI := big.NewInt(10)
	for new(big.Int).Mod(n, tenI).Sign() == 0 {
		n.Quo(n, tenI)
		j++
	}
	return j, true
}

var (
	reInteger = regexp.MustCompile(`^[+-]?[0-9]+$`)
	reDecimal = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
	reFloat   = regexp.MustCompile(`^([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([Ee][+-]?[0-9]+)?|[+-]?INF|NaN)$`)
)

// integerTypes are xsd:integer and the types derived from it.
var integerTypes = map[string]bool{}

func init() {
	for _, n := range []string{"integer", "int", "long", "short", "byte",
		"nonNegativeInteger", "positiveInteger", "negativeInteger", "nonPositiveInteger",
		"unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte"} {
		integerTypes[rdf.XSD+n] = true
	}
}

// IsIntegerType: dt is xsd:integer or a type derived from it (the one
// list of them: internal/diff and internal/rootcause ask here).
func IsIntegerType(dt string) bool { return integerTypes[dt] }

// exactValue is the value of a numeric literal in its lexical space as a
// rational (floats and doubles: the exact binary value); ok is false for
// other terms, ill-formed lexical forms, NaN and the infinities.
func exactValue(t rdf.Term) (*big.Rat, bool) {
	switch dt := t.Datatype; {
	case integerTypes[dt] && reInteger.MatchString(t.Value),
		dt == rdf.XSDDecimal && reDecimal.MatchString(t.Value):
		return new(big.Rat).SetString(strings.TrimPrefix(t.Value, "+"))
	case dt == rdf.XSDFloat || dt == rdf.XSDDouble:
		f, ok := floatValue(t)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(f), true
	}
	return nil, false
}

// floatValue parses a float or double lexical form at its own precision.
func floatValue(t rdf.Term) (float64, bool) {
	if !reFloat.MatchString(t.Value) {
		return 0, false
	}
	s := strings.TrimPrefix(t.Value, "+")
	switch s {
	case "INF":
		return math.Inf(1), true
	case "-INF":
		return math.Inf(-1), true
	case "NaN":
		return math.NaN(), true
	}
	bits := 64
	if t.Datatype == rdf.XSDFloat {
		bits = 32
	}
	f, err := strconv.ParseFloat(s, bits)
	if err != nil && !errorsIsRange(err) {
		return 0, false
	}
	return f, true
}

func errorsIsRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// sameValue: two literals of one datatype with the same value.
func sameValue(e, a rdf.Term) bool {
	switch dt := e.Datatype; {
	case dt == rdf.XSDFloat || dt == rdf.XSDDouble:
		x, ok1 := floatValue(e)
		y, ok2 := floatValue(a)
		return ok1 && ok2 && (x == y && math.Signbit(x) == math.Signbit(y) || math.IsNaN(x) && math.IsNaN(y))
	case dt == rdf.XSDBoolean:
		x, ok1 := rdf.BooleanValue(e.Value)
		y, ok2 := rdf.BooleanValue(a.Value)
		return ok1 && ok2 && x == y
	}
	x, ok1 := exactValue(e)
	y, ok2 := exactValue(a)
	if ok1 && ok2 {
		return x.Cmp(y) == 0
	}
	return e == a
}
