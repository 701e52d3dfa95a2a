package ops

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// regexCache maps flags + "\x00" + pattern to a compiled *regexp.Regexp or
// the *Error that translating it gave. It stops growing at regexCacheMax
// entries (generated cases can carry many distinct patterns).
var (
	regexCache     sync.Map
	regexCacheSize atomic.Int64
)

const regexCacheMax = 4096

func cacheRegex(key string, v any) {
	if regexCacheSize.Load() < regexCacheMax {
		if _, loaded := regexCache.LoadOrStore(key, v); !loaded {
			regexCacheSize.Add(1)
		}
	}
}

// regexArgs compiles REGEX/REPLACE's pattern and optional flags; both must
// be simple literals (#func-regex).
func regexArgs(a []rdf.Term) (*regexp.Regexp, *Error) {
	flags := ""
	if len(a) > 1 {
		if !isSimple(a[1]) {
			return nil, &Error{Reason: "regex flags are not a simple literal"}
		}
		flags = a[1].Value
	}
	if !isSimple(a[0]) {
		return nil, &Error{Reason: "regex pattern is not a simple literal"}
	}
	return compileXPath(a[0].Value, flags)
}

func compileXPath(pattern, flags string) (*regexp.Regexp, *Error) {
	key := flags + "\x00" + pattern
	if c, ok := regexCache.Load(key); ok {
		if re, ok := c.(*regexp.Regexp); ok {
			return re, nil
		}
		return nil, c.(*Error)
	}
	re, err := translateAndCompile(pattern, flags)
	if err != nil {
		cacheRegex(key, err)
		return nil, err
	}
	cacheRegex(key, re)
	return re, nil
}

func translateAndCompile(pattern, flags string) (*regexp.Regexp, *Error) {
	src, err := TranslateRegex(pattern, flags)
	if err != nil {
		return nil, &Error{Reason: err.Error()}
	}
	re, cerr := regexp.Compile(src)
	if cerr != nil {
		return nil, &Error{Reason: "invalid regular expression: " + cerr.Error()}
	}
	return re, nil
}

// TranslateRegex maps an XPath 2.0 regular expression (F&O §7.6.1) and its
// flags onto Go's RE2 syntax, or says why it cannot (see doc.go).
func TranslateRegex(pattern, flags string) (string, error) {
	if strings.ContainsRune(flags, 'q') {
		return quoted(pattern, flags)
	}
	mode, x, err := regexFlags(flags)
	if err != nil {
		return "", err
	}
	t := &reTranslator{src: []rune(pattern), x: x}
	if err := t.run(); err != nil {
		return "", err
	}
	return mode + t.out.String(), nil
}

// quoted handles the q flag of XPath 3.1 (F&O §5.6.1.1, which the W3C tests
// regex-no-metacharacters* use): every character of the pattern stands for
// itself; with q, the flags m, s and x have no effect, i still does.
func quoted(pattern, flags string) (string, error) {
	mode := ""
	for _, f := range flags {
		switch f {
		case 'i':
			mode = "(?i)"
		case 'q', 'm', 's', 'x':
		default:
			return "", &Error{Reason: "unsupported regex flag " + string(f)}
		}
	}
	return mode + regexp.QuoteMeta(pattern), nil
}

func regexFlags(flags string) (mode string, x bool, err error) {
	var m strings.Builder
	for _, f := range flags {
		switch f {
		case 'i', 's', 'm':
			m.WriteRune(f)
		case 'x':
			x = true
		default:
			return "", false, &Error{Reason: "unsupported regex flag " + string(f)}
		}
	}
	if m.Len() > 0 {
		mode = "(?" + m.String() + ")"
	}
	return mode, x, nil
}

type reTranslator struct {
	src     []rune
	i       int
	x       bool
	inClass bool
	out     strings.Builder
}

func reErr(s string) error { return &Error{Reason: "regex: " + s} }

func (t *reTranslator) run() error {
	for ; t.i < len(t.src); t.i++ {
		if err := t.step(t.src[t.i]); err != nil {
			return err
		}
	}
	if t.inClass {
		return reErr("unterminated character class")
	}
	return nil
}

func (t *reTranslator) peek(k int) rune {
	if t.i+k < len(t.src) {
		return t.src[t.i+k]
	}
	return 0
}

func (t *reTranslator) step(r rune) error {
	switch {
	case r == '\\':
		return t.escape()
	case t.inClass && r == '-' && t.peek(1) == '[':
		return reErr("character class subtraction is not supported")
	case t.inClass && r == '[':
		return reErr("'[' inside a character class")
	case r == '[':
		return t.openClass()
	case t.inClass && r == ']':
		t.inClass = false
	case !t.inClass && r == '(' && t.peek(1) == '?':
		return reErr("'(?' is not XPath syntax")
	case t.x && !t.inClass && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
		return nil // flag x: whitespace outside classes is removed
	}
	t.out.WriteRune(r)
	return nil
}

func (t *reTranslator) openClass() error {
	t.inClass = true
	t.out.WriteRune('[')
	if t.peek(1) == '^' {
		t.i++
		t.out.WriteRune('^')
	}
	if t.peek(1) == ']' {
		return reErr("empty character class or unescaped ']'")
	}
	return nil
}

// multi-character escapes (F&O §7.6.1 via XSD F.1.1), outside and inside a
// character class.
var classEscapes = map[rune][2]string{
	'd': {`\p{Nd}`, `\p{Nd}`},
	'D': {`\P{Nd}`, `\P{Nd}`},
	'w': {`[\p{L}\p{M}\p{N}\p{S}]`, `\p{L}\p{M}\p{N}\p{S}`},
	'W': {`[\p{P}\p{Z}\p{C}]`, `\p{P}\p{Z}\p{C}`},
	's': {`[ \t\n\r]`, ` \t\n\r`},
	'S': {`[^ \t\n\r]`, ""},
}

func (t *reTranslator) escape() error {
	t.i++
	if t.i >= len(t.src) {
		return reErr("trailing backslash")
	}
	e := t.src[t.i]
	switch {
	case strings.ContainsRune(`nrt\|.?*+(){}-[]^$`, e):
		t.out.WriteRune('\\')
		t.out.WriteRune(e)
	case e == 'p' || e == 'P':
		return t.property(e)
	case strings.ContainsRune("iIcC", e):
		return reErr(`\` + string(e) + ` (XML name characters) is not supported`)
	case e >= '1' && e <= '9':
		return reErr("back-references are not supported")
	default:
		m, ok := classEscapes[e]
		if !ok {
			return reErr(`invalid escape \` + string(e))
		}
		form := m[0]
		if t.inClass {
			form = m[1]
		}
		if form == "" {
			return reErr(`\S inside a character class is not supported`)
		}
		t.out.WriteString(form)
	}
	return nil
}

// property copies \p{Name}; XPath block escapes \p{IsBlock} have no RE2
// equivalent.
func (t *reTranslator) property(e rune) error {
	rest := string(t.src[t.i+1:])
	end := strings.IndexRune(rest, '}')
	if !strings.HasPrefix(rest, "{") || end < 0 {
		return reErr(`malformed \p escape`)
	}
	name := rest[1:end]
	if strings.HasPrefix(name, "Is") {
		return reErr(`block escape \p{` + name + `} is not supported`)
	}
	t.out.WriteString(`\` + string(e) + "{" + name + "}")
	t.i += len([]rune(rest[:end+1]))
	return nil
}

// replaceAll is fn:replace: a pattern matching "" is err:FORX0003; in the
// replacement, $N is group N (digits taken while they name a group), \$ and
// \\ are literal, any other \ or $ is err:FORX0004.
func replaceAll(ctx *Context, re *regexp.Regexp, s, repl string) (string, *Error) {
	if re.MatchString("") {
		return "", &Error{Reason: "REPLACE: pattern matches the empty string (err:FORX0003)"}
	}
	parts, err := parseReplacement(repl, re.NumSubexp())
	if err != nil {
		return "", err
	}
	matches, err := findAll(ctx, re, s)
	if err != nil {
		return "", err
	}
	size := int64(len(s))
	for _, m := range matches {
		size += replacedSize(parts, m, s) - int64(m[1]-m[0])
	}
	if err := ctx.build("REPLACE", size); err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(int(size))
	last := 0
	for _, m := range matches {
		b.WriteString(s[last:m[0]])
		for _, p := range parts {
			if p.group < 0 {
				b.WriteString(p.lit)
			} else if m[2*p.group] >= 0 {
				b.WriteString(s[m[2*p.group]:m[2*p.group+1]])
			}
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String(), nil
}

// findAll is every match of re in s, at most as many as the byte budget
// can hold the indexes of (each match holds 2(groups+1) ints).
func findAll(ctx *Context, re *regexp.Regexp, s string) ([][]int, *Error) {
	per := int64(16*(re.NumSubexp()+1) + 24)
	term, _ := ctx.limits()
	limit := int64(len(s)) + 1
	if cap := 4 * term / per; cap < limit {
		limit = cap
	}
	ms := re.FindAllStringSubmatchIndex(s, int(limit))
	if int64(len(ms)) == limit && limit <= int64(len(s)) && ctx != nil {
		return nil, ctx.fatal(fmt.Errorf("%w: REPLACE over %d bytes finds %d matches or more, more than 4 times the term limit of %d bytes can index (Options.MaxTermBytes)",
			ErrBudget, len(s), limit, term))
	}
	return ms, nil
}

// replacedSize is the length of the replacement text for match m.
func replacedSize(parts []replPart, m []int, s string) int64 {
	n := int64(0)
	for _, p := range parts {
		if p.group < 0 {
			n += int64(len(p.lit))
		} else if m[2*p.group] >= 0 {
			n += int64(m[2*p.group+1] - m[2*p.group])
		}
	}
	return n
}

type replPart struct {
	lit   string
	group int // -1 for a literal
}

func parseReplacement(r string, groups int) ([]replPart, *Error) {
	var parts []replPart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, replPart{lit: lit.String(), group: -1})
			lit.Reset()
		}
	}
	for i := 0; i < len(r); i++ {
		switch c := r[i]; {
		case c == '\\' && i+1 < len(r) && (r[i+1] == '\\' || r[i+1] == '$'):
			i++
			lit.WriteByte(r[i])
		case c == '\\':
			return nil, &Error{Reason: "REPLACE: invalid replacement string (err:FORX0004)"}
		case c == '$':
			if i+1 >= len(r) || r[i+1] < '0' || r[i+1] > '9' {
				return nil, &Error{Reason: "REPLACE: invalid replacement string (err:FORX0004)"}
			}
			i++
			n := int(r[i] - '0')
			for i+1 < len(r) && r[i+1] >= '0' && r[i+1] <= '9' && n*10+int(r[i+1]-'0') <= groups {
				i++
				n = n*10 + int(r[i]-'0')
			}
			flush()
			if n <= groups {
				parts = append(parts, replPart{group: n})
			}
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return parts, nil
}
