package ops

import (
	"regexp"
	"testing"
)

// TestLexicalScanners checks the hand-written scanners against the XSD
// lexical-space regular expressions they replace.
func TestLexicalScanners(t *testing.T) {
	reInt := regexp.MustCompile(`^[+-]?[0-9]+$`)
	reDec := regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
	for _, s := range []string{"", "+", "-", ".", "+.", "1", "+1", "-01", "1.", ".5", "-.5", "1.5", "1..5",
		"1.5.", "1e5", " 1", "1 ", "++1", "+-1", "0x1", "١", "1.5a", "-", "00", "0.0", "+0.", "a"} {
		if got, want := isIntegerLex(s), reInt.MatchString(s); got != want {
			t.Errorf("isIntegerLex(%q) = %v, want %v", s, got, want)
		}
		if got, want := isDecimalLex(s), reDec.MatchString(s); got != want {
			t.Errorf("isDecimalLex(%q) = %v, want %v", s, got, want)
		}
	}
}

func BenchmarkEqualIntegers(b *testing.B) {
	x, y := lit("12345", "http://www.w3.org/2001/XMLSchema#integer"), lit("12345.0", "http://www.w3.org/2001/XMLSchema#decimal")
	for b.Loop() {
		equal(x, y)
	}
}
