package rdf

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SyntaxError is a positioned error in an RDF document. Line and Col are
// 1-based; Col counts bytes. A zero Line means the position is unknown
// (some of knakk/rdf's parser errors carry none); Error then prints "file: msg".
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// WriteNQuads writes quads in canonical N-Quads (RDF 1.1 N-Triples §4
// canonical form, one statement per line, LF endings), sorted by their
// text and without duplicates. Default-graph quads are written as triples,
// so a graph with no named quads comes out as canonical N-Triples.
func WriteNQuads(w io.Writer, quads []Quad) error {
	lines := make([]string, len(quads))
	for i, q := range quads {
		lines[i] = q.String()
	}
	sort.Strings(lines)
	bw := bufio.NewWriter(w)
	for i, l := range lines {
		if i > 0 && l == lines[i-1] {
			continue
		}
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ParseNQuads reads an N-Quads document (N-Triples is the subset without
// graph labels). Blank-node labels are kept as written: callers that merge
// documents relabel (Parse does). It needs no third-party code and never
// panics, so it is safe on untrusted input in-process.
func ParseNQuads(r io.Reader, name string) ([]Quad, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parseLines(data, name, true)
}

// parseLines parses N-Triples (quads false) or N-Quads, one statement a line.
func parseLines(data []byte, name string, quads bool) ([]Quad, error) {
	p := &lineParser{src: string(data), name: name, quads: quads, line: 1}
	var out []Quad
	for p.pos < len(p.src) {
		q, ok, err := p.statement()
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, q)
		}
	}
	return out, nil
}

// lineParser is a hand-written reader of the RDF 1.1 N-Quads grammar
// (https://www.w3.org/TR/n-quads/#sec-grammar).
type lineParser struct {
	src       string
	name      string
	quads     bool
	pos       int
	line      int
	lineStart int
}

func (p *lineParser) errorf(format string, args ...any) error {
	return &SyntaxError{File: p.name, Line: p.line, Col: p.pos - p.lineStart + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *lineParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *lineParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// endLine consumes an optional comment and the end of line.
func (p *lineParser) endLine() error {
	p.skipSpace()
	if p.peek() == '#' {
		for p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
			p.pos++
		}
	}
	switch p.peek() {
	case 0:
		if p.pos < len(p.src) {
			return p.errorf("unexpected NUL character")
		}
		return nil
	case '\r':
		p.pos++
		if p.peek() == '\n' {
			p.pos++
		}
	case '\n':
		p.pos++
	default:
		return p.errorf("expected end of line, found %q", p.peek())
	}
	p.line++
	p.lineStart = p.pos
	return nil
}

// statement parses one line; ok is false for a blank or comment line.
func (p *lineParser) statement() (q Quad, ok bool, err error) {
	p.skipSpace()
	if c := p.peek(); c == '#' || c == '\n' || c == '\r' || p.pos >= len(p.src) {
		return q, false, p.endLine()
	}
	if q.S, err = p.subjectOrGraph("subject"); err != nil {
		return q, false, err
	}
	if q.P, err = p.iriTerm("predicate"); err != nil {
		return q, false, err
	}
	if q.O, err = p.object(); err != nil {
		return q, false, err
	}
	p.skipSpace()
	if c := p.peek(); p.quads && (c == '<' || c == '_') {
		if q.G, err = p.subjectOrGraph("graph label"); err != nil {
			return q, false, err
		}
		p.skipSpace()
	}
	if p.peek() != '.' {
		if p.quads && q.G.IsZero() {
			return q, false, p.errorf("expected graph label or '.' at end of statement")
		}
		return q, false, p.errorf("expected '.' at end of statement")
	}
	p.pos++
	return q, true, p.endLine()
}

func (p *lineParser) subjectOrGraph(role string) (Term, error) {
	p.skipSpace()
	switch p.peek() {
	case '<':
		return p.iriTerm(role)
	case '_':
		return p.blank()
	}
	return None, p.errorf("expected IRI or blank node as %s", role)
}

func (p *lineParser) object() (Term, error) {
	p.skipSpace()
	switch p.peek() {
	case '<':
		return p.iriTerm("object")
	case '_':
		return p.blank()
	case '"':
		return p.literal()
	}
	return None, p.errorf("expected IRI, blank node or literal as object")
}

func (p *lineParser) iriTerm(role string) (Term, error) {
	p.skipSpace()
	if p.peek() != '<' {
		return None, p.errorf("expected IRI as %s", role)
	}
	s, err := p.iriRef()
	if err != nil {
		return None, err
	}
	return IRI(s), nil
}

// iriRef reads IRIREF and requires an absolute IRI (N-Triples has no base).
func (p *lineParser) iriRef() (string, error) {
	start := p.pos
	p.pos++ // '<'
	var b strings.Builder
	for {
		if p.pos >= len(p.src) {
			return "", p.errorf("unterminated IRI")
		}
		c := p.src[p.pos]
		switch {
		case c == '>':
			p.pos++
			s := b.String()
			if !IsAbsoluteIRI(s) {
				p.pos = start
				return "", p.errorf("relative IRI <%s> not allowed", s)
			}
			return s, nil
		case c == '\\':
			r, err := p.uchar()
			if err != nil {
				return "", err
			}
			if !iriCharOK(r) {
				return "", p.errorf("escaped character %U not allowed in IRI", r)
			}
			b.WriteRune(r)
		default:
			r, w := utf8.DecodeRuneInString(p.src[p.pos:])
			if !iriCharOK(r) || r == utf8.RuneError && w == 1 {
				return "", p.errorf("character %q not allowed in IRI", r)
			}
			b.WriteRune(r)
			p.pos += w
		}
	}
}

// iriCharOK: IRIREF excludes #x00-#x20 and <>"{}|^`\ (N-Triples grammar [8]).
func iriCharOK(r rune) bool {
	return r > 0x20 && !strings.ContainsRune("<>\"{}|^`\\", r)
}

// uchar reads \uXXXX or \UXXXXXXXX at p.pos.
func (p *lineParser) uchar() (rune, error) {
	if p.pos+1 >= len(p.src) {
		return 0, p.errorf("bad escape")
	}
	n := 0
	switch p.src[p.pos+1] {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		return 0, p.errorf("bad escape \\%c", p.src[p.pos+1])
	}
	r, ok := parseHex(p.src, p.pos+2, n)
	if !ok {
		return 0, p.errorf("bad \\%c escape", p.src[p.pos+1])
	}
	p.pos += 2 + n
	return r, nil
}

// parseHex decodes n hex digits at s[i:] as a Unicode scalar value.
func parseHex(s string, i, n int) (rune, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i:i+n], 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, false
	}
	return rune(v), true
}

// blank reads BLANK_NODE_LABEL (N-Triples grammar [141s]).
func (p *lineParser) blank() (Term, error) {
	if !strings.HasPrefix(p.src[p.pos:], "_:") {
		return None, p.errorf("expected blank node '_:'")
	}
	n := blankLabelLen(p.src[p.pos+2:])
	if n == 0 {
		return None, p.errorf("bad blank node label")
	}
	t := Blank(p.src[p.pos+2 : p.pos+2+n])
	p.pos += 2 + n
	return t, nil
}

// blankLabelLen returns the byte length of the longest blank-node label at the
// start of s: (PN_CHARS_U | [0-9]) ((PN_CHARS | '.')* PN_CHARS)?; 0 if none.
func blankLabelLen(s string) int {
	r, w := utf8.DecodeRuneInString(s)
	if !isPNCharsU(r) && !(r >= '0' && r <= '9') {
		return 0
	}
	end, i := w, w
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isPNChars(r) && r != '.' {
			break
		}
		i += w
		if r != '.' {
			end = i
		}
	}
	return end
}

func isPNCharsBase(r rune) bool {
	switch {
	case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		return true
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF,
		r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

// isPNCharsU is PN_CHARS_U: PN_CHARS_BASE or '_' (RDF 1.1 N-Triples printed
// ':' too, but the W3C suite rejects "_::a" and "_:abc:def", as Turtle does).
func isPNCharsU(r rune) bool { return isPNCharsBase(r) || r == '_' }

func isPNChars(r rune) bool {
	return isPNCharsU(r) || r == '-' || r >= '0' && r <= '9' || r == 0xB7 ||
		r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

// literal reads STRING_LITERAL_QUOTE with an optional LANGTAG or ^^IRIREF.
func (p *lineParser) literal() (Term, error) {
	lex, err := p.quoted()
	if err != nil {
		return None, err
	}
	switch {
	case p.peek() == '@':
		n := langTagLen(p.src[p.pos+1:])
		if n == 0 {
			return None, p.errorf("bad language tag")
		}
		tag := p.src[p.pos+1 : p.pos+1+n]
		p.pos += 1 + n
		return LangLiteral(lex, tag), nil
	case strings.HasPrefix(p.src[p.pos:], "^^"):
		p.pos += 2
		if p.peek() != '<' {
			return None, p.errorf("expected datatype IRI after ^^")
		}
		dt, err := p.iriRef()
		if err != nil {
			return None, err
		}
		return Literal(lex, dt), nil
	}
	return String(lex), nil
}

// langTagLen matches LANGTAG without '@': [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*.
func langTagLen(s string) int {
	i := 0
	for i < len(s) && isAlpha(s[i]) {
		i++
	}
	if i == 0 {
		return 0
	}
	for i+1 < len(s) && s[i] == '-' && isAlnum(s[i+1]) {
		i++
		for i < len(s) && isAlnum(s[i]) {
			i++
		}
	}
	return i
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }

// quoted reads a "..." string with ECHAR and UCHAR escapes.
func (p *lineParser) quoted() (string, error) {
	p.pos++ // '"'
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch c {
		case '"':
			p.pos++
			return b.String(), nil
		case '\n', '\r':
			return "", p.errorf("line break in string literal")
		case '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
			continue
		}
		r, w := utf8.DecodeRuneInString(p.src[p.pos:])
		if r == utf8.RuneError && w == 1 {
			return "", p.errorf("invalid UTF-8 in string literal")
		}
		b.WriteRune(r)
		p.pos += w
	}
	return "", p.errorf("unterminated string literal")
}

// escape reads ECHAR or UCHAR at p.pos into b.
func (p *lineParser) escape(b *strings.Builder) error {
	if p.pos+1 < len(p.src) {
		if r, ok := echar(p.src[p.pos+1]); ok {
			b.WriteRune(r)
			p.pos += 2
			return nil
		}
	}
	r, err := p.uchar()
	if err != nil {
		return err
	}
	b.WriteRune(r)
	return nil
}

// echar maps the letter after '\' of an ECHAR to its character.
func echar(c byte) (rune, bool) {
	switch c {
	case 't':
		return '\t', true
	case 'b':
		return '\b', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 'f':
		return '\f', true
	case '"', '\'', '\\':
		return rune(c), true
	}
	return 0, false
}
