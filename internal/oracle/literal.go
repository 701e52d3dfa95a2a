package oracle

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A reproducer that is a program (node, jshell, java, perl, python3 fed a
// heredoc, shell.go) writes the case's base IRI and graph names into its
// source as string literals. These write one literal of each language so
// that it means exactly the string, holds no line break (the heredoc body
// stays one line per line of code) and cannot end early. Python takes
// strconv.Quote as it is (its escapes are Go's).

// JSString is s as a JavaScript string literal: JSON's, which ES2019 made
// a subset of JavaScript; <, > and & kept as written.
func JSString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// JavaString is s as a Java string literal. Control characters are octal
// escapes, never \u: javac turns \u0022 into a quote before it reads the
// literal (JLS §3.3), and a backslash of s is doubled, so no \u of s is one.
func JavaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\%03o`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String() + `"`
}

// PerlString is s as a Perl double-quoted string: \, ", $ and @ escaped
// (nothing interpolates), control characters as \x{..}.
func PerlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"' || r == '$' || r == '@':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String() + `"`
}
