package rdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	knakk "github.com/knakk/rdf"
)

// The Turtle loader runs in two passes. ttlPrep (below) rewrites the text so
// that knakk/rdf only ever sees what it handles correctly:
//   - every IRIREF resolved against the base in force at that point
//     (RFC 3986 §5.2; @base/BASE change it mid-document, Turtle §6.3), so
//     knakk's string-concatenation "resolution" never runs;
//   - every string literal (all four quote styles) decoded by us and written
//     back as a one-line "..." with only \" \\ \n \r escapes: knakk's
//     long-string lexer mishandles \" after a quote and panics in its lexer
//     goroutine on """\t"\"""" (serd's quote-escape case), and it drops lines
//     of long strings that start with '#';
//   - every language tag lower-cased;
//   - every explicit blank-node label _:L renamed _:xL, so knakk's labels for
//     [] and collections (b1, b2, ...) never collide with a user's _:b1.
// The rewrite keeps line breaks outside literals, and records where each
// output byte came from, so knakk's error positions map back to the source.

// segment maps output offsets [out, next segment's out) to the source: a
// verbatim segment byte for byte, a rewritten token to its start.
type segment struct {
	out, src int
	verbatim bool
}

type ttlPrep struct {
	src      []byte
	pos      int
	out      bytes.Buffer
	segs     []segment
	copying  bool // last output was verbatim
	base     string
	name     string
	hasData  bool // a non-directive token was seen
	dirKind  int  // 0 none, 1 @prefix/@base (ends at '.'), 2 PREFIX/BASE (ends after its IRI)
	dirBase  bool // the directive in progress sets the base
	dirIRI   bool // the directive's IRI was seen
	prefixes map[string]bool
	open     []int // offsets of the '(' and '[' not closed yet
}

func (p *ttlPrep) errorAt(srcPos int, format string, args ...any) error {
	line, col := srcLineCol(p.src, srcPos)
	return &SyntaxError{File: p.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// srcLineCol gives the 1-based line and byte column of offset i; LF, CR
// and CRLF each end a line.
func srcLineCol(src []byte, i int) (int, int) {
	i = min(i, len(src))
	line, start := 1, 0
	for j := 0; j < i; j++ {
		if src[j] == '\n' || src[j] == '\r' && (j+1 >= len(src) || src[j+1] != '\n') {
			line, start = line+1, j+1
		}
	}
	return line, i - start + 1
}

func (p *ttlPrep) copyByte() {
	if !p.copying {
		p.segs = append(p.segs, segment{out: p.out.Len(), src: p.pos, verbatim: true})
		p.copying = true
	}
	p.out.WriteByte(p.src[p.pos])
	p.pos++
}

func (p *ttlPrep) emit(srcStart int, s string) {
	p.segs = append(p.segs, segment{out: p.out.Len(), src: srcStart})
	p.copying = false
	p.out.WriteString(s)
}

func (p *ttlPrep) data() {
	if p.dirKind == 0 {
		p.hasData = true
	}
}

// prepTurtle runs the rewrite described above.
func prepTurtle(src []byte, base, name string) (*ttlPrep, error) {
	p := &ttlPrep{src: src, base: base, name: name, prefixes: map[string]bool{}}
	for p.pos < len(p.src) {
		if err := p.step(); err != nil {
			return nil, err
		}
	}
	if n := len(p.open); n > 0 {
		// knakk ends such a document without a word (Turtle [15] collection,
		// [14] blankNodePropertyList need their closing bracket).
		at := p.open[n-1]
		return nil, p.errorAt(at, "%q is never closed: %q expected", p.src[at], closer(p.src[at]))
	}
	return p, nil
}

// bracket tracks '(' and '[' (collections, blank node property lists):
// a closer must match the last opener.
func (p *ttlPrep) bracket(c byte) error {
	if c == '(' || c == '[' {
		p.open = append(p.open, p.pos)
		return nil
	}
	n := len(p.open)
	if n == 0 {
		return p.errorAt(p.pos, "%q closes nothing", c)
	}
	if at := p.open[n-1]; closer(p.src[at]) != c {
		line, col := srcLineCol(p.src, at)
		return p.errorAt(p.pos, "%q does not close the %q at %d:%d", c, p.src[at], line, col)
	}
	p.open = p.open[:n-1]
	return nil
}

func closer(open byte) byte {
	if open == '(' {
		return ')'
	}
	return ']'
}

func (p *ttlPrep) step() error {
	c := p.src[p.pos]
	switch {
	case c == '#':
		for p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
			p.copyByte()
		}
	case c == '\r':
		// CR and CRLF become LF: knakk reads lines and sees none in a CR-only file.
		start := p.pos
		p.pos++
		if p.peekAt(0) == '\n' {
			p.pos++
		}
		p.emit(start, "\n")
	case c == '"' || c == '\'':
		p.data()
		return p.stringLit()
	case c == '<':
		return p.iri()
	case c == '_' && p.peekAt(1) == ':' && !p.afterName():
		p.data()
		return p.blankLabel()
	case c == '@':
		p.atKeyword()
	case strings.IndexByte("()[]", c) >= 0:
		if err := p.bracket(c); err != nil {
			return err
		}
		p.data()
		p.copyByte()
	case strings.IndexByte("+-.0123456789", c) >= 0 && !p.afterName() && p.number():
	case c == '\\':
		// Outside strings and IRIs only PN_LOCAL_ESC is allowed (Turtle [172s]);
		// knakk's lexer panics on some other backslashes.
		if !p.afterName() || !strings.ContainsRune("_~.-!$&'()*+,;=/?#@%", rune(p.peekAt(1))) {
			return p.errorAt(p.pos, "backslash outside a string, IRI or local-name escape")
		}
		p.data()
		p.copyByte()
		p.copyByte()
	case c == ';' && p.redundantSemicolon():
		// Turtle [7] predicateObjectList allows ';' with no verb after it
		// ("[ :p :o ; ]", ":s :p :o ;; ."); knakk rejects that, so drop it.
		p.data()
		p.emit(p.pos, " ")
		p.pos++
	case c == '.' && p.dirKind == 1 && p.dirIRI:
		p.dirKind = 0
		p.copyByte()
	case isNameByte(c) && !p.afterName():
		return p.word()
	case c == ':' && !p.afterName():
		if err := p.prefixUse(""); err != nil {
			return err
		}
		p.data()
		p.copyByte()
	default:
		if c != ' ' && c != '\t' && c != '\n' {
			p.data()
		}
		p.copyByte()
	}
	return nil
}

// redundantSemicolon reports whether the ';' at p.pos is followed, past
// white space and comments, by another ';', a ']', a '.' or the end of a
// TriG graph '}': then no verb follows it and it can go.
func (p *ttlPrep) redundantSemicolon() bool {
	for i := p.pos + 1; i < len(p.src); i++ {
		switch c := p.src[i]; c {
		case ' ', '\t', '\n', '\r':
		case '#':
			for i < len(p.src) && p.src[i] != '\n' && p.src[i] != '\r' {
				i++
			}
		default:
			return c == ';' || c == ']' || c == '.' || c == '}'
		}
	}
	return false
}

func (p *ttlPrep) peekAt(k int) byte {
	if p.pos+k < len(p.src) {
		return p.src[p.pos+k]
	}
	return 0
}

// afterName reports whether p.pos is inside a prefixed name, blank-node
// label or keyword, so that "_:", a keyword or a number here belongs to it.
// It finds the run of name bytes, ':', '.', '%' and escapes before p.pos:
// the run is a name when it holds a ':' or starts like a keyword; a run of
// dots, or one starting like a number, is not ("1..0" is 1, '.', .0: knakk's
// lexer hangs on "..0", so the .0 must be rewritten too).
//
// The look-back is capped at maxNameScan bytes to keep the rewrite linear;
// a longer run is judged on its last maxNameScan bytes.
func (p *ttlPrep) afterName() bool {
	j, limit := p.pos, max(0, p.pos-maxNameScan)
	for j > limit {
		c := p.src[j-1]
		if isNameByte(c) || c == ':' || c == '.' || c == '%' || c == '\\' || j > 1 && p.src[j-2] == '\\' {
			j--
			continue
		}
		break
	}
	run := p.src[j:p.pos]
	switch {
	case len(bytes.Trim(run, ".")) == 0:
		return false
	case bytes.IndexByte(run, ':') >= 0:
		return true
	}
	c := run[0]
	return isAlpha(c) || c == '_' || c >= 0x80
}

const maxNameScan = 1024

func isNameByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' || c >= 0x80 }

// word copies a bare word, noticing the SPARQL-style PREFIX and BASE directives.
func (p *ttlPrep) word() error {
	start := p.pos
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.pos++
	}
	word := string(p.src[start:p.pos])
	w, next := strings.ToLower(word), p.peekAt(0)
	p.pos = start
	if next == ':' {
		if err := p.prefixUse(word); err != nil {
			return err
		}
	}
	isDir := (w == "prefix" || w == "base") && next != ':' && next != '.' && !isNameByte(next)
	if isDir {
		p.dirKind, p.dirBase, p.dirIRI = 2, w == "base", false
	} else {
		p.data()
	}
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.copyByte()
	}
	return nil
}

// prefixUse records a prefix declared by the directive in progress, or
// checks that a prefixed name's prefix was declared (knakk reports an
// undeclared one with no position).
func (p *ttlPrep) prefixUse(label string) error {
	if p.dirKind != 0 && !p.dirIRI {
		p.prefixes[label] = true
		return nil
	}
	if !p.prefixes[label] {
		return p.errorAt(p.pos, "undeclared prefix %q", label+":")
	}
	return nil
}

// atKeyword copies "@prefix" or "@base" (anything else is knakk's to reject).
func (p *ttlPrep) atKeyword() {
	rest := p.src[p.pos:]
	n := 1
	switch {
	case bytes.HasPrefix(rest, []byte("@prefix")):
		p.dirKind, p.dirBase, p.dirIRI, n = 1, false, false, len("@prefix")
	case bytes.HasPrefix(rest, []byte("@base")):
		p.dirKind, p.dirBase, p.dirIRI, n = 1, true, false, len("@base")
	default:
		p.data()
	}
	for i := 0; i < n; i++ {
		p.copyByte()
	}
}

// number rewrites a numeric literal (Turtle [19]-[21]) into the explicit
// "lex"^^xsd:T form, lexical form untouched: knakk's number lexer rejects
// valid forms such as +.7 and -.2e3. It reports false when no number starts here.
func (p *ttlPrep) number() bool {
	n, dt := numberLen(p.src[p.pos:])
	if n == 0 {
		return false
	}
	p.data()
	start := p.pos
	p.pos += n
	p.emit(start, `"`+string(p.src[start:p.pos])+`"^^<`+dt+`>`)
	return true
}

// numberLen matches the longest INTEGER, DECIMAL or DOUBLE at the start of s.
func numberLen(s []byte) (int, string) {
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

func digits(s []byte, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// expLen matches EXPONENT ::= [eE] [+-]? [0-9]+ at s[i:].
func expLen(s []byte, i int) int {
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

// blankLabel renames _:L to _:xL (Turtle [141s]) and ends it with a space:
// knakk's lexer would take a following ':' into the label ("_:abc:def").
// An invalid label is left alone for knakk to reject.
func (p *ttlPrep) blankLabel() error {
	start := p.pos
	n := blankLabelLen(string(p.src[p.pos+2 : min(p.pos+2+1024, len(p.src))]))
	if n == 0 {
		return p.errorAt(start, "bad blank node label")
	}
	p.pos += 2 + n
	p.emit(start, "_:x"+string(p.src[start+2:p.pos])+" ")
	return nil
}

// iri reads an IRIREF (Turtle [18]), resolves it and writes it back absolute.
func (p *ttlPrep) iri() error {
	start := p.pos
	var b strings.Builder
	p.pos++
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
			return p.errorAt(start, "unterminated IRI")
		}
		c := p.src[p.pos]
		if c == '>' {
			p.pos++
			break
		}
		r, w, err := p.iriChar()
		if err != nil {
			return err
		}
		b.WriteRune(r)
		p.pos += w
	}
	return p.resolved(start, b.String())
}

// iriChar decodes one IRI character or UCHAR at p.pos.
func (p *ttlPrep) iriChar() (rune, int, error) {
	if p.src[p.pos] == '\\' {
		lp := &lineParser{src: string(p.src[p.pos:min(p.pos+10, len(p.src))])}
		r, err := lp.uchar()
		if err != nil || !iriCharOK(r) {
			return 0, 0, p.errorAt(p.pos, "bad escape in IRI")
		}
		return r, lp.pos, nil
	}
	r, w := utf8.DecodeRune(p.src[p.pos:])
	if !iriCharOK(r) || r == utf8.RuneError && w == 1 {
		return 0, 0, p.errorAt(p.pos, "character %q not allowed in IRI", r)
	}
	return r, w, nil
}

func (p *ttlPrep) resolved(start int, ref string) error {
	iri := ref
	if !IsAbsoluteIRI(ref) {
		var err error
		if iri, err = Resolve(p.base, ref); err != nil {
			return p.errorAt(start, "%v", err)
		}
	}
	if p.dirKind != 0 {
		if p.dirBase {
			p.base = iri
		}
		p.dirIRI = true
		if p.dirKind == 2 {
			p.dirKind = 0
		}
	} else {
		p.hasData = true
	}
	p.emit(start, "<"+iri+">")
	return nil
}

// stringLit reads any of Turtle's four string forms ([22]-[25]) and writes
// it back as one "..." literal, lower-casing a following language tag.
func (p *ttlPrep) stringLit() error {
	start := p.pos
	q := p.src[p.pos]
	long := p.peekAt(1) == q && p.peekAt(2) == q
	s, err := p.stringBody(q, long)
	if err != nil {
		return err
	}
	out := `"` + knakkEscape(s) + `"`
	if p.peekAt(0) == '@' {
		n := langTagLen(string(p.src[p.pos+1 : min(p.pos+1+256, len(p.src))]))
		if next := p.peekAt(1 + n); n == 0 || next == '-' || isAlnum(next) {
			// LANGTAG ([144s]) is letters, then "-" and letters or digits:
			// "@en--" and "@en-" are not "@en" followed by something.
			return p.errorAt(p.pos, "bad language tag")
		}
		out += "@" + strings.ToLower(string(p.src[p.pos+1:p.pos+1+n]))
		p.pos += 1 + n
	}
	p.emit(start, out)
	return nil
}

// stringBody decodes the literal's characters, leaving p.pos after the closing quote(s).
func (p *ttlPrep) stringBody(q byte, long bool) (string, error) {
	start := p.pos
	if long {
		p.pos += 3
	} else {
		p.pos++
	}
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == q && !long:
			p.pos++
			return b.String(), nil
		case c == q && p.peekAt(1) == q && p.peekAt(2) == q:
			p.pos += 3
			return b.String(), nil
		case (c == '\n' || c == '\r') && !long:
			return "", p.errorAt(p.pos, "line break in short string literal")
		case c == '\\':
			if err := p.stringEscape(&b); err != nil {
				return "", err
			}
			continue
		}
		r, w := utf8.DecodeRune(p.src[p.pos:])
		if r == utf8.RuneError && w == 1 {
			return "", p.errorAt(p.pos, "invalid UTF-8 in string literal")
		}
		b.WriteRune(r)
		p.pos += w
	}
	return "", p.errorAt(start, "unterminated string literal")
}

func (p *ttlPrep) stringEscape(b *strings.Builder) error {
	if r, ok := echar(p.peekAt(1)); ok {
		b.WriteRune(r)
		p.pos += 2
		return nil
	}
	lp := &lineParser{src: string(p.src[p.pos:min(p.pos+10, len(p.src))])}
	r, err := lp.uchar()
	if err != nil {
		return p.errorAt(p.pos, "bad escape in string literal")
	}
	b.WriteRune(r)
	p.pos += lp.pos
	return nil
}

// knakkEscape escapes exactly what a one-line "..." needs; knakk's short-string
// lexer handles these four escapes correctly.
func knakkEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`).Replace(s)
}

// srcPos maps an output offset back to a source offset.
func (p *ttlPrep) srcPos(out int) int {
	i := sort.Search(len(p.segs), func(i int) bool { return p.segs[i].out > out }) - 1
	if i < 0 {
		return 0
	}
	s := p.segs[i]
	if s.verbatim {
		return s.src + out - s.out
	}
	return s.src
}

// knakkError turns a knakk error (often "line:col: msg", col 0-based in
// the rewritten text) into a SyntaxError positioned in the source.
func (p *ttlPrep) knakkError(err error) error {
	msg := err.Error()
	line, col, rest, ok := splitPos(msg)
	if strings.Contains(nameTokens(msg), "end of input") {
		// knakk puts the end of input at 0:0; it is after the last token.
		l, c := srcLineCol(p.src, len(bytes.TrimRight(p.src, " \t\r\n")))
		if !ok {
			rest = msg
		}
		return &SyntaxError{File: p.name, Line: l, Col: c, Msg: nameTokens(rest)}
	}
	if !ok {
		return &SyntaxError{File: p.name, Msg: nameTokens(msg)}
	}
	outLines := bytes.Split(p.out.Bytes(), []byte{'\n'})
	off := 0
	for i := 0; i < line-1 && i < len(outLines); i++ {
		off += len(outLines[i]) + 1
	}
	sl, sc := srcLineCol(p.src, p.srcPos(off+col))
	return &SyntaxError{File: p.name, Line: sl, Col: sc, Msg: nameTokens(rest)}
}

// knakkTokens names knakk's token types, in the order of its tokenType enum,
// which its messages print as numbers ("got 20").
var knakkTokens = []string{"end of input", "end of line", "illegal token", "IRI", "relative IRI",
	"blank node", "string", "long string", "integer", "double", "decimal", "boolean", "'@'",
	"language tag", "'^^'", "'.'", "';'", "','", "'a'", "@prefix", "prefixed name",
	"local name", "@base", "PREFIX", "BASE", "'[]'", "'['", "']'", "'('", "')'"}

var knakkTokenRE = regexp.MustCompile(`\b(got|unexpected) (\d+)\b`)

func nameTokens(msg string) string {
	return knakkTokenRE.ReplaceAllStringFunc(msg, func(m string) string {
		word, num, _ := strings.Cut(m, " ")
		if n, err := strconv.Atoi(num); err == nil && n < len(knakkTokens) {
			return word + " " + knakkTokens[n]
		}
		return m
	})
}

// splitPos parses a leading "L:C:" or "L:C " from a knakk message.
func splitPos(msg string) (line, col int, rest string, ok bool) {
	a, after, found := strings.Cut(msg, ":")
	if !found {
		return 0, 0, msg, false
	}
	i := strings.IndexAny(after, ": ")
	if i < 0 {
		return 0, 0, msg, false
	}
	l, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(after[:i])
	if err1 != nil || err2 != nil {
		return 0, 0, msg, false
	}
	return l, c, strings.TrimLeft(after[i+1:], ": "), true
}

// parseTurtle is the in-process Turtle loader (see Parse for the caveat).
func parseTurtle(data []byte, base, name string) ([]Quad, error) {
	p, err := prepTurtle(data, base, name)
	if err != nil {
		return nil, err
	}
	dec := knakk.NewTripleDecoder(bytes.NewReader(p.out.Bytes()), knakk.Turtle)
	var out []Quad
	for {
		t, err := dec.Decode()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			drain(dec)
			return nil, p.knakkError(err)
		}
		q, err := fromKnakk(t, base)
		if err != nil {
			return nil, &SyntaxError{File: name, Msg: err.Error()}
		}
		out = append(out, q)
	}
	if len(out) == 0 && p.hasData {
		return nil, &SyntaxError{File: name, Line: 1, Col: 1, Msg: "document has statements but decoded to no triples"}
	}
	return out, nil
}

// drain reads a failed decoder to its end so knakk's lexer goroutine, blocked
// on its unbuffered channel, can finish instead of leaking. Bounded.
func drain(dec knakk.TripleDecoder) {
	for i := 0; i < 1<<20; i++ {
		if _, err := dec.Decode(); errors.Is(err, io.EOF) {
			return
		}
	}
}

// fromKnakk converts a knakk triple into our terms at once (knakk's own
// equality ignores datatypes). Lexical forms are taken as written, never
// through knakk's typed values.
func fromKnakk(t knakk.Triple, base string) (Quad, error) {
	var q Quad
	var err error
	if q.S, err = fromKnakkTerm(t.Subj, base); err != nil {
		return q, err
	}
	if q.P, err = fromKnakkTerm(t.Pred, base); err != nil {
		return q, err
	}
	q.O, err = fromKnakkTerm(t.Obj, base)
	return q, err
}

func fromKnakkTerm(t knakk.Term, base string) (Term, error) {
	switch v := t.(type) {
	case knakk.IRI:
		return absIRI(v.String(), base)
	case knakk.Blank:
		return Blank(v.String()), nil
	case knakk.Literal:
		if v.Lang() != "" {
			return LangLiteral(v.String(), v.Lang()), nil
		}
		dt, err := absIRI(v.DataType.String(), base)
		if err != nil {
			return None, err
		}
		return Literal(v.String(), dt.Value), nil
	}
	return None, fmt.Errorf("unexpected term %v", t)
}

// absIRI resolves an IRI knakk left relative (RDF/XML without xml:base).
func absIRI(s, base string) (Term, error) {
	if IsAbsoluteIRI(s) {
		return IRI(s), nil
	}
	r, err := Resolve(base, s)
	if err != nil {
		return None, err
	}
	return IRI(r), nil
}
