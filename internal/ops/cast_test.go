package ops

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// castTable is the §17.5 table (#FunctionMapping), rows = source, columns
// = str flt dbl dec int dT bool.
var castTable = []struct {
	from  string
	cells string
}{
	{"str", "YMMMMMM"},
	{"flt", "YYYMMNY"},
	{"dbl", "YYYMMNY"},
	{"dec", "YYYYYNY"},
	{"int", "YYYYYNY"},
	{"dT", "YNNNNYN"},
	{"bool", "YYYYYNY"},
	{"IRI", "YNNNNNN"},
	{"ltrl", "YMMMMMM"},
}

var castTargets = []string{rdf.XSDString, rdf.XSDFloat, rdf.XSDDouble, rdf.XSDDecimal, rdf.XSDInteger, rdf.XSDDateTime, rdf.XSDBoolean}

// castSamples are well-formed values of each source type; for an M cell
// some of them must cast and some must not.
var castSamples = map[string][]rdf.Term{
	"str":  {rdf.Literal("1", rdf.XSDString), rdf.Literal("abc", rdf.XSDString), rdf.Literal("1.5", rdf.XSDString), rdf.Literal("2002-10-10T17:00:00Z", rdf.XSDString), rdf.Literal("true", rdf.XSDString), rdf.Literal("1e3", rdf.XSDString)},
	"flt":  {rdf.Literal("1.5", rdf.XSDFloat), rdf.Literal("NaN", rdf.XSDFloat), rdf.Literal("-INF", rdf.XSDFloat), rdf.Literal("0", rdf.XSDFloat)},
	"dbl":  {rdf.Literal("1.5e0", rdf.XSDDouble), rdf.Literal("NaN", rdf.XSDDouble), rdf.Literal("INF", rdf.XSDDouble), rdf.Literal("-0", rdf.XSDDouble)},
	"dec":  {rdf.Literal("1.5", rdf.XSDDecimal), rdf.Literal("-0.0", rdf.XSDDecimal), rdf.Literal("100", rdf.XSDDecimal)},
	"int":  {rdf.Literal("1", rdf.XSDInteger), rdf.Literal("-12345678901234567890", rdf.XSDInteger), rdf.Literal("7", rdf.XSD+"short")},
	"dT":   {rdf.Literal("2002-10-10T17:00:00Z", rdf.XSDDateTime), rdf.Literal("2002-10-10T17:00:00.5", rdf.XSDDateTime)},
	"bool": {rdf.Bool(true), rdf.Literal("0", rdf.XSDBoolean)},
	"IRI":  {rdf.IRI("http://example.org/"), rdf.IRI("1")},
	"ltrl": {rdf.String("0"), rdf.String("x"), rdf.String("2002-10-10T17:00:00Z"), rdf.String("true"), rdf.String("-3.5")},
}

func TestCastTable(t *testing.T) {
	for _, row := range castTable {
		for j, cell := range row.cells {
			ok, fail := 0, 0
			for _, s := range castSamples[row.from] {
				v := Cast(s, castTargets[j])
				if v.Err != nil {
					fail++
					continue
				}
				ok++
				if v.Term.Datatype != castTargets[j] {
					t.Errorf("%s -> %s: %s gave datatype %s", row.from, castTargets[j], s, v.Term.Datatype)
				}
			}
			switch {
			case cell == 'Y' && fail > 0, cell == 'N' && ok > 0, cell == 'M' && (ok == 0 || fail == 0):
				t.Errorf("cell %s -> %s is %c but %d samples cast and %d failed", row.from, castTargets[j], cell, ok, fail)
			}
		}
	}
}

// TestCastIllFormed: a source outside the value space is never cast.
func TestCastIllFormed(t *testing.T) {
	bad := []rdf.Term{
		rdf.Literal("abc", rdf.XSDInteger), rdf.Literal("1.5", rdf.XSDInteger), rdf.Literal("yes", rdf.XSDBoolean),
		rdf.Literal("2002-13-10T17:00:00Z", rdf.XSDDateTime), rdf.Literal("x", "http://example.org/dt"),
		rdf.LangLiteral("1", "en"), rdf.Blank("b"),
	}
	for _, s := range bad {
		for _, tg := range castTargets {
			if v := Cast(s, tg); v.Err == nil {
				t.Errorf("Cast(%s, %s) = %s, want error", s, tg, v.Term)
			}
		}
	}
}
