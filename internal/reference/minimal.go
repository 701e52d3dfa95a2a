package reference

import (
	"reflect"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// minimalDigits is what XML Schema 1.0 Part 2 asks of every processor for
// xsd:decimal and the types derived from it (xsd:integer ...): "All
// minimally conforming processors must support decimal numbers with a
// minimum of 18 decimal digits (i.e., with a totalDigits of 18)" (§3.2.3,
// and §5.4 on partial implementation of infinite datatypes). What a
// processor does with more digits (an error, a rounded value) is its own
// choice.
const minimalDigits = 18

// beyondMinimal names a decimal-derived literal of the case (the active
// dataset or a constant of the query) with more digits than every
// processor must support, or "". The judge computes such values exactly;
// an engine that cannot is not ruled out by the text, so an answer that
// differs from the judge's on such a case is undecided, never wrong (a
// 20-digit integer in the data once made Oxigraph "wrong" for an EBV it
// could not take).
func beyondMinimal(ds *rdf.Dataset, q *algebra.Query) string {
	for _, quad := range ds.Quads() {
		if tooLong(quad.O) {
			return quad.O.String()
		}
	}
	var found string
	algebra.Walk(q.Op, func(op algebra.Op) {
		if found == "" {
			found = termsOf(reflect.ValueOf(op), tooLong)
		}
	})
	return found
}

// tooLong reports whether t is an xsd:decimal or xsd:integer-derived
// literal with more than minimalDigits significant digits.
func tooLong(t rdf.Term) bool {
	if t.Kind != rdf.KindLiteral || !decimalDerived(t.Datatype) {
		return false
	}
	int, frac, _ := strings.Cut(strings.TrimLeft(t.Value, "+-"), ".")
	int, frac = strings.TrimLeft(int, "0"), strings.TrimRight(frac, "0")
	return len(int)+len(frac) > minimalDigits
}

// decimalDerived: xsd:decimal and the built-in types derived from it.
func decimalDerived(dt string) bool {
	switch strings.TrimPrefix(dt, rdf.XSD) {
	case "decimal", "integer", "nonPositiveInteger", "negativeInteger", "long", "int", "short", "byte",
		"nonNegativeInteger", "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte", "positiveInteger":
		return strings.HasPrefix(dt, rdf.XSD)
	}
	return false
}

// termsOf walks the fields of an algebra value (its expressions, triple
// patterns, VALUES rows) and returns the first rdf.Term for which match
// holds, printed; "" when none does. Child operators are not entered:
// algebra.Walk visits them.
func termsOf(v reflect.Value, match func(rdf.Term) bool) string {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return ""
		}
		return termsOf(v.Elem(), match)
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if s := termsOf(v.Index(i), match); s != "" {
				return s
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if s := termsOf(v.MapIndex(k), match); s != "" {
				return s
			}
		}
	case reflect.Struct:
		return structTerms(v, match)
	}
	return ""
}

func structTerms(v reflect.Value, match func(rdf.Term) bool) string {
	if t, ok := v.Interface().(rdf.Term); ok {
		if match(t) {
			return t.String()
		}
		return ""
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		if _, isOp := f.Interface().(algebra.Op); isOp && f.Kind() == reflect.Interface {
			continue // a child operator: algebra.Walk visits it
		}
		if s := termsOf(f, match); s != "" {
			return s
		}
	}
	return ""
}
