package results

import "unicode/utf8"

// validVarName reports whether name is a SPARQL VARNAME (grammar rule
// [166] of SPARQL 1.1 Query: a PN_CHARS_U or digit, then PN_CHARS_U,
// digits, U+00B7, U+0300–U+036F and U+203F–U+2040). Readers whose
// header strips an optional sigil (CSV) use it so that what they accept
// can be written back and read again.
func validVarName(name string) bool {
	if name == "" || !utf8.ValidString(name) {
		return false
	}
	for i, r := range name {
		if !varNameRune(r, i == 0) {
			return false
		}
	}
	return true
}

func varNameRune(r rune, first bool) bool {
	switch {
	case r >= '0' && r <= '9', pnCharsU(r):
		return true
	case first:
		return false
	}
	return pnChars(r) && r != '-'
}
