package engine

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// num is the exact value of an xsd:integer or xsd:decimal literal,
// m × 10^-scale (big holds m when it does not fit an int64). Only these two
// datatypes are decoded here: they are exact, so sums and comparisons do
// not depend on the order of the values (#OperatorMapping: op:numeric-add
// on xsd:integer and xsd:decimal is exact arithmetic). Everything else —
// derived integer types, floats, doubles, ill-formed lexical forms — takes
// the general path through ops.
type num struct {
	dec   bool // xsd:decimal; else xsd:integer
	scale int32
	m     int64
	big   *big.Int
}

// numCache decodes each dictionary id at most once for the life of the
// store (many queries may read it at once).
type numCache struct {
	once sync.Once
	vals []atomic.Pointer[num]
}

// notNum marks an id that is not an exact numeric literal.
var notNum = &num{}

// numOf returns the exact numeric value of id, or nil.
func (e *query) numOf(id ID) *num {
	nc := &e.st.nums
	nc.once.Do(func() { nc.vals = make([]atomic.Pointer[num], e.st.dict.size()) })
	if int(id) >= len(nc.vals) {
		return parseNum(e.term(id)) // a term of this query's overlay
	}
	p := nc.vals[id].Load()
	if p == nil {
		if p = parseNum(e.st.dict.term(id)); p == nil {
			p = notNum
		}
		nc.vals[id].Store(p)
	}
	if p == notNum {
		return nil
	}
	return p
}

// parseNum decodes an xsd:integer ([+-]?[0-9]+) or xsd:decimal
// ([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)) literal; nil for anything else.
func parseNum(t rdf.Term) *num {
	if t.Kind != rdf.KindLiteral || (t.Datatype != rdf.XSDInteger && t.Datatype != rdf.XSDDecimal) {
		return nil
	}
	s, neg := t.Value, false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s, neg = s[1:], s[0] == '-'
	}
	whole, frac, point := strings.Cut(s, ".")
	if (point && t.Datatype == rdf.XSDInteger) || !allDigits(whole) || !allDigits(frac) || whole+frac == "" {
		return nil
	}
	n := &num{dec: t.Datatype == rdf.XSDDecimal, scale: int32(len(frac))}
	digits := strings.TrimLeft(whole+frac, "0")
	if len(digits) <= 18 {
		n.m, _ = strconv.ParseInt("0"+digits, 10, 64)
		if neg {
			n.m = -n.m
		}
		return n
	}
	n.big, _ = new(big.Int).SetString(digits, 10)
	if neg {
		n.big.Neg(n.big)
	}
	return n
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// scaled returns n's mantissa at scale s ≥ n.scale, as an int64 when it fits.
func (n *num) scaled(s int32) (int64, bool) {
	k := s - n.scale
	if n.big != nil || k >= int32(len(pow10)) {
		return 0, false
	}
	f := pow10[k]
	if n.m > math.MaxInt64/f || n.m < math.MinInt64/f {
		return 0, false
	}
	return n.m * f, true
}

// bigScaled is n's mantissa at scale s ≥ n.scale.
func (n *num) bigScaled(s int32) *big.Int {
	b := n.big
	if b == nil {
		b = big.NewInt(n.m)
	}
	if s == n.scale {
		return new(big.Int).Set(b)
	}
	f := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s-n.scale)), nil)
	return f.Mul(f, b)
}

// cmpNum compares two values (not their lexical forms).
func cmpNum(a, b *num) int {
	s := max(a.scale, b.scale)
	x, ok1 := a.scaled(s)
	y, ok2 := b.scaled(s)
	if ok1 && ok2 {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return a.bigScaled(s).Cmp(b.bigScaled(s))
}

// numSum accumulates exact values: op:numeric-add folded over a group.
type numSum struct {
	dec   bool
	scale int32
	m     int64
	big   *big.Int // the sum once it leaves int64
}

func (acc *numSum) add(n *num) {
	acc.dec = acc.dec || n.dec
	if n.scale > acc.scale {
		acc.rescale(n.scale)
	}
	if acc.big == nil {
		if y, ok := n.scaled(acc.scale); ok {
			if s := acc.m + y; (y >= 0) == (s >= acc.m) {
				acc.m = s
				return
			}
		}
		acc.big = big.NewInt(acc.m)
	}
	acc.big.Add(acc.big, n.bigScaled(acc.scale))
}

func (acc *numSum) rescale(s int32) {
	cur := &num{scale: acc.scale, m: acc.m, big: acc.big}
	if acc.big == nil {
		if m, ok := cur.scaled(s); ok {
			acc.m, acc.scale = m, s
			return
		}
	}
	acc.big, acc.scale = cur.bigScaled(s), s
}

// term is the sum as ops writes it: the canonical xsd:integer, or the
// canonical xsd:decimal (at least one digit each side of the point, no
// other leading or trailing zeros).
func (acc *numSum) term() rdf.Term {
	digits := strconv.FormatInt(acc.m, 10)
	if acc.big != nil {
		digits = acc.big.String()
	}
	if !acc.dec {
		return rdf.Literal(digits, rdf.XSDInteger)
	}
	sign := ""
	if strings.HasPrefix(digits, "-") {
		sign, digits = "-", digits[1:]
	}
	if pad := int(acc.scale) + 1 - len(digits); pad > 0 {
		digits = strings.Repeat("0", pad) + digits
	}
	whole, frac := digits[:len(digits)-int(acc.scale)], strings.TrimRight(digits[len(digits)-int(acc.scale):], "0")
	if frac == "" {
		frac = "0"
	}
	if whole == "0" && frac == "0" {
		sign = ""
	}
	return rdf.Literal(sign+whole+"."+frac, rdf.XSDDecimal)
}
