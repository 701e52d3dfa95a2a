package syntax

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// unescapeCodepoints applies the §19.2 codepoint escapes (#codepointEscape)
// in one pass, so an escape that produces a backslash never starts another.
// It returns the processed text and, when anything changed, the map from
// processed offsets to original offsets.
func unescapeCodepoints(src string) (string, []int, *Error) {
	if !strings.Contains(src, `\u`) && !strings.Contains(src, `\U`) {
		return src, nil, nil
	}
	var b strings.Builder
	m := make([]int, 0, len(src)+1)
	for i := 0; i < len(src); {
		if strings.HasPrefix(src[i:], `\\`) {
			// an escaped backslash (ECHAR) never starts a codepoint escape:
			// "\\u0041" is the six characters \u0041, as engines read it
			b.WriteString(`\\`)
			m = append(m, i, i+1)
			i += 2
			continue
		}
		n := codepointEscapeLen(src, i)
		if n == 0 {
			b.WriteByte(src[i])
			m = append(m, i)
			i++
			continue
		}
		v, _ := strconv.ParseUint(src[i+2:i+n], 16, 32)
		r := rune(v)
		if !utf8.ValidRune(r) {
			s := newSource(src, src, nil)
			return "", nil, s.errorf(i, "invalid codepoint escape %s", src[i:i+n])
		}
		start := b.Len()
		b.WriteRune(r)
		for j := start; j < b.Len(); j++ {
			m = append(m, i)
		}
		i += n
	}
	m = append(m, len(src))
	return b.String(), m, nil
}

// codepointEscapeLen returns the length of a \uXXXX or \UXXXXXXXX escape at i, or 0.
func codepointEscapeLen(s string, i int) int {
	if s[i] != '\\' || i+1 >= len(s) {
		return 0
	}
	n := 0
	switch s[i+1] {
	case 'u':
		n = 6
	case 'U':
		n = 10
	default:
		return 0
	}
	if i+n > len(s) {
		return 0
	}
	for j := i + 2; j < i+n; j++ {
		if !isHex(s[j]) {
			return 0
		}
	}
	return n
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// lexer turns the escape-processed text into tokens, longest match first.
type lexer struct {
	src  *source
	s    string
	i    int
	toks []token
	// uchar: SPARQL 1.2 reads codepoint escapes as UCHAR inside IRIREF and
	// strings only, while parsing (#codepointEscape, #term2escape); 1.1
	// replaced them in the whole text before (unescapeCodepoints).
	uchar bool
}

// lex tokenizes all of src.text; uchar selects the 1.2 escape rule.
func lex(src *source, uchar bool) ([]token, *Error) {
	l := &lexer{src: src, s: src.text, uchar: uchar}
	for {
		l.skipSpace()
		if l.i >= len(l.s) {
			l.toks = append(l.toks, token{kind: tEOF, off: l.i})
			// positions in increasing order keep source.pos linear overall
			for i := range l.toks {
				l.toks[i].pos = src.pos(l.toks[i].off)
			}
			return l.toks, nil
		}
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		l.toks = append(l.toks, t)
	}
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// skipSpace skips white space and comments (#whitespace, #grammarComments).
func (l *lexer) skipSpace() {
	for l.i < len(l.s) {
		c := l.s[l.i]
		switch {
		case isWS(c):
			l.i++
		case c == '#':
			for l.i < len(l.s) && l.s[l.i] != '\n' && l.s[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

func (l *lexer) peekRune(at int) rune {
	if at >= len(l.s) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(l.s[at:])
	return r
}

func (l *lexer) tok(kind tokKind, start int, val string) token {
	return token{kind: kind, text: l.s[start:l.i], val: val, off: start}
}

func (l *lexer) next() (token, *Error) {
	c := l.s[l.i]
	switch {
	case c == '<':
		if t, ok, err := l.iriRef(); ok || err != nil {
			return t, err
		}
		return l.punct(), nil
	case c == '?' || c == '$':
		if isVarStart(l.peekRune(l.i + 1)) {
			return l.variable(), nil
		}
		return l.punct(), nil
	case c == '"' || c == '\'':
		return l.str()
	case c == '@':
		return l.langTag()
	case c == '_' && l.i+1 < len(l.s) && l.s[l.i+1] == ':':
		return l.blank()
	case c >= '0' && c <= '9', c == '.' && l.digitAt(l.i+1):
		return l.number(l.i), nil
	case (c == '+' || c == '-') && (l.digitAt(l.i+1) || l.i+2 < len(l.s) && l.s[l.i+1] == '.' && l.digitAt(l.i+2)):
		return l.number(l.i), nil
	case c == '(' || c == '[':
		return l.bracket(), nil
	case c == ':' || isPNCharsBase(l.peekRune(l.i)):
		return l.word()
	}
	if strings.IndexByte("{})].,;*/|^!=>&+-~", c) >= 0 {
		return l.punct(), nil
	}
	r := l.peekRune(l.i)
	return token{}, l.src.errorf(l.i, "unexpected character %q", r)
}

func (l *lexer) digitAt(i int) bool { return i < len(l.s) && l.s[i] >= '0' && l.s[i] <= '9' }

// punct lexes operators, longest first. The SPARQL 1.2 delimiters <<( )>>
// << >> {| |} (#rTripleTerm, #rReifiedTriple, #rAnnotationBlock) come first;
// '<<' is not one where its second '<' opens an IRIREF (`?a<<b>` stays
// `?a < <b>`, as SPARQL 1.1 reads it).
func (l *lexer) punct() token {
	start := l.i
	for _, op := range []string{"<<(", ")>>", "<<", ">>", "{|", "|}", "^^", "<=", ">=", "!=", "&&", "||"} {
		if !strings.HasPrefix(l.s[l.i:], op) || op == "<<" && l.iriRefAt(l.i+1) {
			continue
		}
		if op == "|}" && strings.HasPrefix(l.s[l.i:], "||") {
			continue
		}
		l.i += len(op)
		return l.tok(tPunct, start, op)
	}
	l.i++
	return l.tok(tPunct, start, l.s[start:l.i])
}

// iriRefAt reports whether an IRIREF starts at i (lexing it on a copy).
func (l *lexer) iriRefAt(i int) bool {
	c := *l
	c.i = i
	_, ok, err := c.iriRef()
	return ok && err == nil
}

// iriRef lexes IRIREF (#rIRIREF); ok is false when '<' does not start one.
// With uchar, a UCHAR inside is decoded (#codepointEscape); err reports one
// that is not a Unicode scalar value.
func (l *lexer) iriRef() (token, bool, *Error) {
	start := l.i
	var b strings.Builder
	for j := l.i + 1; j < len(l.s); {
		r, n := utf8.DecodeRuneInString(l.s[j:])
		if r == '>' {
			l.i = j + 1
			return l.tok(tIRIRef, start, b.String()), true, nil
		}
		if r == '\\' && l.uchar {
			u, m, err := l.ucharAt(j)
			if m == 0 || err != nil {
				return token{}, false, err
			}
			b.WriteRune(u)
			j += m
			continue
		}
		if r <= 0x20 || strings.ContainsRune("<\"{}|^`\\", r) {
			return token{}, false, nil
		}
		b.WriteString(l.s[j : j+n])
		j += n
	}
	return token{}, false, nil
}

// ucharAt decodes the UCHAR at i (#rUCHAR): its code point and length, or
// length 0 when there is none. The draft: "A numeric escape sequence MUST
// NOT produce a code point value in the range U+D800 to U+DFFF"
// (#codepointEscape), so a surrogate is an error.
func (l *lexer) ucharAt(i int) (rune, int, *Error) {
	n := codepointEscapeLen(l.s, i)
	if n == 0 {
		return 0, 0, nil
	}
	v, _ := strconv.ParseUint(l.s[i+2:i+n], 16, 32)
	if r := rune(v); utf8.ValidRune(r) {
		return r, n, nil
	}
	return 0, 0, l.src.errorf(i, "invalid codepoint escape %s", l.s[i:i+n])
}

// bracket lexes '(' / '[' and the NIL and ANON terminals (#rNIL, #rANON).
func (l *lexer) bracket() token {
	start := l.i
	open := l.s[l.i]
	close, kind := byte(')'), tNil
	if open == '[' {
		close, kind = ']', tAnon
	}
	j := l.i + 1
	for j < len(l.s) && isWS(l.s[j]) {
		j++
	}
	if j < len(l.s) && l.s[j] == close {
		l.i = j + 1
		return l.tok(kind, start, "")
	}
	l.i++
	return l.tok(tPunct, start, string(open))
}

func (l *lexer) variable() token {
	start := l.i
	l.i++
	for l.i < len(l.s) {
		r, n := utf8.DecodeRuneInString(l.s[l.i:])
		if !isVarChar(r) {
			break
		}
		l.i += n
	}
	return l.tok(tVar, start, l.s[start+1:l.i])
}

func (l *lexer) langTag() (token, *Error) {
	start := l.i
	l.i++
	n := l.run(isAlpha)
	if n == 0 {
		return token{}, l.src.errorf(start, "bad language tag")
	}
	for l.i+1 < len(l.s) && l.s[l.i] == '-' && isAlnum(l.s[l.i+1]) {
		l.i++
		l.run(isAlnum)
	}
	// SPARQL 1.2 #rLANG_DIR: ('--' [a-zA-Z]+)? after the tag; val keeps it
	if l.i+2 < len(l.s) && l.s[l.i] == '-' && l.s[l.i+1] == '-' && isAlpha(l.s[l.i+2]) {
		l.i += 2
		l.run(isAlpha)
	}
	return l.tok(tLangTag, start, l.s[start+1:l.i]), nil
}

func (l *lexer) run(ok func(byte) bool) int {
	n := 0
	for l.i < len(l.s) && ok(l.s[l.i]) {
		l.i++
		n++
	}
	return n
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number lexes INTEGER, DECIMAL, DOUBLE and their signed forms (#rINTEGER..#rDOUBLE_NEGATIVE).
func (l *lexer) number(start int) token {
	signed := l.s[l.i] == '+' || l.s[l.i] == '-'
	if signed {
		l.i++
	}
	kind := tInteger
	l.run(isDigit)
	if l.i < len(l.s) && l.s[l.i] == '.' {
		if l.digitAt(l.i + 1) {
			l.i++
			l.run(isDigit)
			kind = tDecimal
		} else if l.exponentAt(l.i+1) > 0 {
			l.i++
			kind = tDecimal
		}
	}
	if n := l.exponentAt(l.i); n > 0 {
		l.i += n
		kind = tDouble
	}
	t := l.tok(kind, start, l.s[start:l.i])
	t.signed = signed
	return t
}

// exponentAt returns the length of an EXPONENT at i, or 0 (#rEXPONENT).
func (l *lexer) exponentAt(i int) int {
	if i >= len(l.s) || l.s[i] != 'e' && l.s[i] != 'E' {
		return 0
	}
	j := i + 1
	if j < len(l.s) && (l.s[j] == '+' || l.s[j] == '-') {
		j++
	}
	k := j
	for k < len(l.s) && isDigit(l.s[k]) {
		k++
	}
	if k == j {
		return 0
	}
	return k - i
}

// str lexes the four string forms, applying ECHAR escapes (#rECHAR).
func (l *lexer) str() (token, *Error) {
	start := l.i
	q := l.s[l.i]
	long := strings.HasPrefix(l.s[l.i:], strings.Repeat(string(q), 3))
	if long {
		l.i += 3
	} else {
		l.i++
	}
	var b strings.Builder
	for {
		if l.i >= len(l.s) {
			return token{}, l.src.errorf(start, "unterminated string")
		}
		c := l.s[l.i]
		switch {
		case c == q && !long:
			l.i++
			return l.strTok(start, b.String(), false), nil
		case c == q && strings.HasPrefix(l.s[l.i:], strings.Repeat(string(q), 3)):
			// a long string may end with up to two quotes before the closing three
			for l.i+3 < len(l.s) && l.s[l.i+3] == q {
				b.WriteByte(q)
				l.i++
			}
			l.i += 3
			return l.strTok(start, b.String(), true), nil
		case c == '\\' && l.uchar && (l.peekRune(l.i+1) == 'u' || l.peekRune(l.i+1) == 'U'):
			u, n, err := l.ucharAt(l.i)
			if err != nil {
				return token{}, err
			}
			if n == 0 {
				return token{}, l.src.errorf(l.i, "bad codepoint escape in string")
			}
			b.WriteRune(u)
			l.i += n
		case c == '\\':
			r, err := l.echar()
			if err != nil {
				return token{}, err
			}
			b.WriteByte(r)
		case (c == '\n' || c == '\r') && !long:
			return token{}, l.src.errorf(start, "unterminated string")
		default:
			b.WriteByte(c)
			l.i++
		}
	}
}

func (l *lexer) strTok(start int, val string, long bool) token {
	t := l.tok(tString, start, val)
	t.long = long
	return t
}

func (l *lexer) echar() (byte, *Error) {
	if l.i+1 >= len(l.s) {
		return 0, l.src.errorf(l.i, "bad escape at end of input")
	}
	var r byte
	switch l.s[l.i+1] {
	case 't':
		r = '\t'
	case 'b':
		r = '\b'
	case 'n':
		r = '\n'
	case 'r':
		r = '\r'
	case 'f':
		r = '\f'
	case '"', '\'', '\\':
		r = l.s[l.i+1]
	default:
		c, _ := utf8.DecodeRuneInString(l.s[l.i+1:])
		return 0, l.src.errorf(l.i, "bad escape \\%c in string", c)
	}
	l.i += 2
	return r, nil
}

// blank lexes BLANK_NODE_LABEL (#rBLANK_NODE_LABEL).
func (l *lexer) blank() (token, *Error) {
	start := l.i
	l.i += 2
	r := l.peekRune(l.i)
	if !(isPNCharsU(r) || r >= '0' && r <= '9') {
		return token{}, l.src.errorf(start, "bad blank node label")
	}
	l.i += utf8.RuneLen(r)
	l.pnTail(func(r rune) bool { return isPNChars(r) })
	return l.tok(tBlank, start, l.s[start+2:l.i]), nil
}

// pnTail consumes (PN_CHARS|'.')* ending in a non-dot, as several terminals share it.
func (l *lexer) pnTail(ok func(rune) bool) {
	last := l.i
	for j := l.i; j < len(l.s); {
		r, n := utf8.DecodeRuneInString(l.s[j:])
		if r == '.' {
			j += n
			continue
		}
		if !ok(r) {
			break
		}
		j += n
		last = j
	}
	l.i = last
}

// word lexes a keyword, 'a', or a prefixed name (#rPNAME_NS, #rPNAME_LN).
func (l *lexer) word() (token, *Error) {
	start := l.i
	if l.s[l.i] != ':' {
		l.i += utf8.RuneLen(l.peekRune(l.i))
		l.pnTail(isPNChars)
	}
	if l.i < len(l.s) && l.s[l.i] == ':' {
		prefix := l.s[start:l.i]
		l.i++
		return l.local(start, prefix)
	}
	// keywords are ASCII letters, digits and '_'; anything else is an error
	l.i = start
	l.run(func(c byte) bool { return isAlnum(c) || c == '_' })
	if l.i == start {
		return token{}, l.src.errorf(start, "unexpected character %q", l.peekRune(start))
	}
	return l.tok(tWord, start, strings.ToUpper(l.s[start:l.i])), nil
}

// local lexes the PN_LOCAL after "prefix:" (#rPN_LOCAL), unescaping PN_LOCAL_ESC.
func (l *lexer) local(start int, prefix string) (token, *Error) {
	var b strings.Builder
	first := true
	end := l.i
	for l.i < len(l.s) {
		r, n := utf8.DecodeRuneInString(l.s[l.i:])
		switch {
		case r == '%':
			if l.i+2 >= len(l.s) || !isHex(l.s[l.i+1]) || !isHex(l.s[l.i+2]) {
				return token{}, l.src.errorf(l.i, "bad percent escape in prefixed name")
			}
			b.WriteString(l.s[l.i : l.i+3])
			l.i += 3
		case r == '\\':
			if l.i+1 >= len(l.s) || !strings.ContainsRune("_~.-!$&'()*+,;=/?#@%", rune(l.s[l.i+1])) {
				return token{}, l.src.errorf(l.i, "bad escape in prefixed name")
			}
			b.WriteByte(l.s[l.i+1])
			l.i += 2
		case r == ':' || isPNCharsU(r) || r >= '0' && r <= '9':
			b.WriteRune(r)
			l.i += n
		case !first && (r == '.' || isPNChars(r)):
			b.WriteRune(r)
			l.i += n
		default:
			return l.finishLocal(start, prefix, b.String(), end)
		}
		first = false
		if r != '.' {
			end = l.i
		}
	}
	return l.finishLocal(start, prefix, b.String(), end)
}

// finishLocal drops trailing dots, which belong to the next token.
func (l *lexer) finishLocal(start int, prefix, local string, end int) (token, *Error) {
	dots := l.i - end
	l.i = end
	local = local[:len(local)-dots]
	if local == "" {
		return l.tok(tPNameNS, start, prefix), nil
	}
	t := l.tok(tPNameLN, start, prefix)
	t.local = local
	return t, nil
}

// Character classes of §19.8 (#rPN_CHARS_BASE, #rPN_CHARS_U, #rPN_CHARS, #rVARNAME).
func isPNCharsBase(r rune) bool { return rdf.IsPNCharsBase(r) }

func isPNCharsU(r rune) bool { return r == '_' || isPNCharsBase(r) }

func isPNChars(r rune) bool {
	return isPNCharsU(r) || r == '-' || r >= '0' && r <= '9' || r == 0xB7 ||
		r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

func isVarStart(r rune) bool { return isPNCharsU(r) || r >= '0' && r <= '9' }

func isVarChar(r rune) bool {
	return isVarStart(r) || r == 0xB7 || r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}
