package rdf

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The terminals of Turtle 1.2 and TriG 1.2 (RDF 1.2 Turtle §6.5, TriG
// §5.4): white space and comments, IRIREF, prefixed names, blank-node
// labels, the four string forms, LANG_DIR and numbers. ttl_parse.go holds
// the grammar rules built on them.

// ttlParser reads one Turtle or TriG document by recursive descent.
type ttlParser struct {
	src      string
	name     string
	pos      int
	base     string
	prefixes map[string]string
	trig     bool
	graph    Term // the graph the triples being read go to (None: default)
	out      []Quad
	fresh    int // fresh blank nodes made ([], collections, reifiers)
	depth    int // nesting of brackets and triple terms
}

// maxTTLDepth bounds the nesting of '[', '(', '<<', '<<(' and '{|', so
// hostile input cannot exhaust the stack.
const maxTTLDepth = 256

// openedAt describes where a bracket was opened, for errors that close it.
func (p *ttlParser) openedAt(pos int) string {
	line, col := lineCol(p.src, pos)
	return fmt.Sprintf("the %q at %d:%d", p.src[pos], line, col)
}

func (p *ttlParser) errAt(pos int, format string, args ...any) error {
	line, col := lineCol(p.src, pos)
	return &SyntaxError{File: p.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// lineCol gives the 1-based line and byte column of offset i; LF, CR and
// CRLF each end a line.
func lineCol(src string, i int) (int, int) {
	i = min(i, len(src))
	line, start := 1, 0
	for j := 0; j < i; j++ {
		if src[j] == '\n' || src[j] == '\r' && (j+1 >= len(src) || src[j+1] != '\n') {
			line, start = line+1, j+1
		}
	}
	return line, i - start + 1
}

func (p *ttlParser) eof() bool { return p.pos >= len(p.src) }

func (p *ttlParser) peek() byte { return p.peekAt(0) }

func (p *ttlParser) peekAt(k int) byte {
	if p.pos+k < len(p.src) {
		return p.src[p.pos+k]
	}
	return 0
}

func (p *ttlParser) at(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// ws skips white space and comments (Turtle [161s] WS, '#' to line end).
func (p *ttlParser) ws() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		case '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
				p.pos++
			}
		default:
			return
		}
	}
}

// expect consumes tok after white space, or fails saying what was wanted.
func (p *ttlParser) expect(tok, what string) error {
	p.ws()
	if !p.at(tok) {
		return p.unexpected(what)
	}
	p.pos += len(tok)
	return nil
}

// unexpected reports what was wanted at the current position.
func (p *ttlParser) unexpected(what string) error {
	if p.eof() {
		// At the end of the last token, not after trailing blank lines.
		end := len(strings.TrimRight(p.src, " \t\r\n"))
		return p.errAt(end, "unexpected end of input: %s", what)
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return p.errAt(p.pos, "%s, found %q", what, r)
}

// iriRef reads IRIREF and resolves it against the base in force (RFC 3986
// §5.2; Turtle §6.3: @base/BASE change it mid-document).
func (p *ttlParser) iriRef() (string, error) {
	start := p.pos
	p.pos++ // '<'
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errAt(start, "unterminated IRI")
		}
		if p.src[p.pos] == '>' {
			p.pos++
			break
		}
		r, err := p.iriChar()
		if err != nil {
			return "", err
		}
		b.WriteRune(r)
	}
	iri, err := Resolve(p.base, b.String())
	if err != nil {
		return "", p.errAt(start, "%v", err)
	}
	if !IsAbsoluteIRI(iri) {
		// RFC 3986 Appendix B splits "0:x" as scheme "0", which §3.1's
		// scheme grammar (ALPHA first) rules out: no RDF IRI.
		return "", p.errAt(start, "<%s> is not an absolute IRI (no valid scheme)", iri)
	}
	return iri, nil
}

// iriChar reads one IRI character or UCHAR; either way the character must
// be one IRIREF allows (Turtle [18]).
func (p *ttlParser) iriChar() (rune, error) {
	at := p.pos
	var r rune
	if p.src[p.pos] == '\\' {
		var ok bool
		if r, ok = p.uchar(); !ok {
			return 0, p.errAt(at, "bad escape in IRI")
		}
	} else {
		var w int
		r, w = utf8.DecodeRuneInString(p.src[p.pos:])
		if r == utf8.RuneError && w == 1 {
			return 0, p.errAt(at, "invalid UTF-8 in IRI")
		}
		p.pos += w
	}
	if !iriCharOK(r) {
		return 0, p.errAt(at, "character %q not allowed in IRI", r)
	}
	return r, nil
}

// uchar reads \uXXXX or \UXXXXXXXX (a Unicode scalar value: no surrogates).
func (p *ttlParser) uchar() (rune, bool) {
	n := 0
	switch p.peekAt(1) {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		return 0, false
	}
	r, ok := parseHex(p.src, p.pos+2, n)
	if ok {
		p.pos += 2 + n
	}
	return r, ok
}

// nameLen is the byte length of the longest run of PN_CHARS and '.' at
// s, with trailing dots left out (PN_PREFIX, PN_LOCAL and blank-node
// labels may not end in '.'). local also takes ':' and PLX (PN_LOCAL).
func nameLen(s string, local bool) int {
	end, i := 0, 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case local && r == '%':
			if !isHex(s, i+1) || !isHex(s, i+2) {
				return end
			}
			w = 3
		case local && r == '\\':
			if i+1 >= len(s) || !strings.ContainsRune("_~.-!$&'()*+,;=/?#@%", rune(s[i+1])) {
				return end
			}
			w = 2
		case r == '.', isPNChars(r), local && r == ':':
		default:
			return end
		}
		i += w
		if r != '.' {
			end = i
		}
	}
	return end
}

func isHex(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// localName reads PN_LOCAL at p.pos (possibly empty) and returns it with
// PN_LOCAL_ESC unescaped; PERCENT stays as written (Turtle §6.3).
func (p *ttlParser) localName() string {
	s := p.src[p.pos:]
	r, _ := utf8.DecodeRuneInString(s)
	if !(isPNCharsU(r) || r == ':' || isDigit(byte(r)) && r < 0x80 || r == '%' || r == '\\') {
		return ""
	}
	n := nameLen(s, true)
	raw := s[:n]
	p.pos += n
	if !strings.Contains(raw, `\`) {
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' {
			i++
		}
		b.WriteByte(raw[i])
	}
	return b.String()
}

// word reads a bare name at p.pos: the PN_PREFIX of a prefixed name (then
// colon is true and p.pos is after the ':'), or a keyword such as a, true,
// false (colon false). start is where it began.
func (p *ttlParser) word() (label string, colon bool) {
	s := p.src[p.pos:]
	r, _ := utf8.DecodeRuneInString(s)
	n := 0
	if IsPNCharsBase(r) {
		n = nameLen(s, false)
	}
	label = s[:n]
	p.pos += n
	if p.peek() == ':' {
		p.pos++
		return label, true
	}
	return label, false
}

// blankLabel reads BLANK_NODE_LABEL. Labels are kept apart from the fresh
// blank nodes of [] and collections by their first letter ("x" for a
// user's label, "f" for a fresh one); Parse relabels them all anyway.
func (p *ttlParser) blankLabel() (Term, error) {
	start := p.pos
	n := blankLabelLen(p.src[p.pos+2:])
	if n == 0 {
		return None, p.errAt(start, "bad blank node label")
	}
	p.pos += 2 + n
	return Blank("x" + p.src[start+2:p.pos]), nil
}

func (p *ttlParser) freshBlank() Term {
	p.fresh++
	return Blank(fmt.Sprintf("f%d", p.fresh))
}

// stringLit reads any of the four string forms (Turtle [22]-[25]) and
// returns its value.
func (p *ttlParser) stringLit() (string, error) {
	q := p.peek()
	long := p.peekAt(1) == q && p.peekAt(2) == q
	start := p.pos
	if long {
		p.pos += 3
	} else {
		p.pos++
	}
	var b strings.Builder
	for !p.eof() {
		c := p.src[p.pos]
		switch {
		case c == q && !long:
			p.pos++
			return b.String(), nil
		case c == q && p.peekAt(1) == q && p.peekAt(2) == q:
			p.pos += 3
			return b.String(), nil
		case (c == '\n' || c == '\r') && !long:
			return "", p.errAt(p.pos, "line break in short string literal")
		case c == '\\':
			if err := p.stringEscape(&b); err != nil {
				return "", err
			}
			continue
		}
		r, w := utf8.DecodeRuneInString(p.src[p.pos:])
		if r == utf8.RuneError && w == 1 {
			return "", p.errAt(p.pos, "invalid UTF-8 in string literal")
		}
		b.WriteRune(r)
		p.pos += w
	}
	return "", p.errAt(start, "unterminated string literal")
}

// stringEscape reads ECHAR or UCHAR inside a string.
func (p *ttlParser) stringEscape(b *strings.Builder) error {
	if r, ok := echar(p.peekAt(1)); ok {
		b.WriteRune(r)
		p.pos += 2
		return nil
	}
	r, ok := p.uchar()
	if !ok {
		return p.errAt(p.pos, "bad escape in string literal")
	}
	b.WriteRune(r)
	return nil
}

// langDir reads LANG_DIR after a string ('@' at p.pos): the tag, lower
// case, and the base direction if any.
func (p *ttlParser) langDir() (tag, dir string, err error) {
	at := p.pos
	n, tag, dir := langDirLen(p.src[p.pos+1:])
	if next := p.peekAt(1 + n); n == 0 || next == '-' || isAlnum(next) {
		// "@en--", "@en-" and "@en--ltrx" are not a tag followed by
		// something else.
		return "", "", p.errAt(at, "bad language tag")
	}
	p.pos += 1 + n
	return tag, dir, nil
}

// numberLen matches the longest INTEGER, DECIMAL or DOUBLE at the start
// of s (Turtle [19]-[21]) and gives its datatype.
func numberLen(s string) (int, string) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	d1 := digits(s, i)
	i += d1
	dt, d2 := XSDInteger, 0
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) || d1 > 0 && i < len(s) && s[i] == '.' && expLen(s, i+1) > 0 {
		d2 = digits(s, i+1)
		i += 1 + d2
		dt = XSDDecimal
	}
	if d1+d2 == 0 {
		return 0, ""
	}
	if e := expLen(s, i); e > 0 {
		return i + e, XSDDouble
	}
	return i, dt
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func digits(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// expLen matches EXPONENT ::= [eE] [+-]? [0-9]+ at s[i:].
func expLen(s string, i int) int {
	if i >= len(s) || s[i] != 'e' && s[i] != 'E' {
		return 0
	}
	j := i + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	if d := digits(s, j); d > 0 {
		return j + d - i
	}
	return 0
}
