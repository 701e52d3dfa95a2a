package rdf

import (
	"fmt"
	"regexp"
	"strings"
)

// trigScanner walks a TriG document at the level of its blocks: it skips
// IRIs, strings and comments, notes directives and statement ends at top
// level, and records each '{' ... '}' with the text that names it.
type trigScanner struct {
	sp        *trigSplit
	name      string
	pos       int
	stmtStart int  // where the current top-level statement began
	inBlock   int  // index of the open block, -1 at top level
	lastDot   bool // the last token inside the block was '.'
	content   bool // the open block has a token
	dirEnd    byte // the directive in progress ends at '.' ('.') or after its IRI ('>'); 0 none
	dirStart  int
}

// trigDirective matches the word that starts a directive: @prefix and
// @base (then a name may follow at once: "@prefix:<...>"), or the whole
// word PREFIX or BASE (any case; "base:x" is a prefixed name).
var trigDirective = regexp.MustCompile(`^@(prefix|base)|^(?i:prefix|base)$`)

func splitTriG(src []byte, name string) (*trigSplit, error) {
	s := &trigScanner{sp: &trigSplit{src: src}, name: name, inBlock: -1}
	for s.pos < len(src) {
		if err := s.step(); err != nil {
			return nil, err
		}
	}
	if s.inBlock >= 0 {
		return nil, s.errorAt(s.sp.blocks[s.inBlock].open, "TriG: '{' never closed")
	}
	return s.sp, nil
}

func (s *trigScanner) errorAt(off int, format string, args ...any) error {
	line, col := srcLineCol(s.sp.src, off)
	return &SyntaxError{File: s.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (s *trigScanner) step() error {
	src := s.sp.src
	c := src[s.pos]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		s.pos++
		return nil
	case c == '#':
		for s.pos < len(src) && src[s.pos] != '\n' && src[s.pos] != '\r' {
			s.pos++
		}
		return nil
	case c == '<':
		return s.iri()
	case c == '"' || c == '\'':
		return s.str(c)
	case c == '{':
		return s.open()
	case c == '}':
		return s.close()
	case c == '.' && s.dotEnds():
		s.token(true)
		s.pos++
		if s.inBlock < 0 {
			s.endStatement()
		}
		return nil
	}
	return s.word()
}

// dotEnds: a '.' not followed by a name character or digit ends a statement.
func (s *trigScanner) dotEnds() bool {
	if s.pos+1 >= len(s.sp.src) {
		return true
	}
	n := s.sp.src[s.pos+1]
	return !(isNameByte(n) || n == ':')
}

// token records a token inside a block (dot: it is a '.').
func (s *trigScanner) token(dot bool) {
	if s.inBlock >= 0 {
		s.content, s.lastDot = true, dot
	}
}

func (s *trigScanner) endStatement() {
	if s.dirEnd == '.' {
		s.sp.directives = append(s.sp.directives, [2]int{s.dirStart, s.pos})
		s.dirEnd = 0
	}
	s.stmtStart = s.pos
}

// word skips a run of other bytes; at the start of a top-level statement
// it notices a directive.
func (s *trigScanner) word() error {
	src := s.sp.src
	start := s.pos
	for s.pos < len(src) && !strings.ContainsRune(" \t\r\n#<\"'{}", rune(src[s.pos])) && !(src[s.pos] == '.' && s.dotEnds()) {
		if src[s.pos] == '\\' { // PN_LOCAL_ESC: \' and \" belong to the name
			s.pos++
		}
		s.pos++
	}
	if s.pos == start {
		s.pos++
	}
	s.token(false)
	if s.inBlock >= 0 && trigDirective.MatchString(string(src[start:s.pos])) && !afterQuote(src, start) {
		return s.errorAt(start, "TriG: no directive inside a graph block")
	}
	if s.inBlock < 0 && s.dirEnd == 0 && strings.TrimSpace(stripComments(string(src[s.stmtStart:start]))) == "" {
		if m := trigDirective.FindString(string(src[start:s.pos])); m != "" {
			s.dirStart, s.dirEnd = start, '>'
			if m[0] == '@' {
				s.dirEnd = '.'
			}
		}
	}
	return nil
}

func (s *trigScanner) iri() error {
	start := s.pos
	for s.pos++; s.pos < len(s.sp.src) && s.sp.src[s.pos] != '>'; s.pos++ {
		if c := s.sp.src[s.pos]; c == '\n' || c == '\r' || c == ' ' {
			return s.errorAt(start, "TriG: IRI not closed")
		}
	}
	if s.pos >= len(s.sp.src) {
		return s.errorAt(start, "TriG: IRI not closed")
	}
	s.pos++
	s.token(false)
	if s.inBlock < 0 && s.dirEnd == '>' { // PREFIX p: <iri> and BASE <iri> end with their IRI
		s.sp.directives = append(s.sp.directives, [2]int{s.dirStart, s.pos})
		s.dirEnd = 0
		s.stmtStart = s.pos
	}
	return nil
}

// afterQuote: the word at start follows a string (a language tag).
func afterQuote(src []byte, start int) bool {
	return start > 0 && (src[start-1] == '"' || src[start-1] == '\'')
}

// str skips a string literal in any of the four quote styles.
func (s *trigScanner) str(q byte) error {
	src := s.sp.src
	start := s.pos
	long := s.pos+2 < len(src) && src[s.pos+1] == q && src[s.pos+2] == q
	if long {
		s.pos += 3
	} else {
		s.pos++
	}
	for s.pos < len(src) {
		switch c := src[s.pos]; {
		case c == '\\':
			s.pos += 2
		case long && c == q && s.pos+2 < len(src) && src[s.pos+1] == q && src[s.pos+2] == q:
			s.pos += 3
			s.token(false)
			return nil
		case !long && c == q:
			s.pos++
			s.token(false)
			return nil
		case !long && (c == '\n' || c == '\r'):
			return s.errorAt(start, "TriG: string not closed on its line")
		default:
			s.pos++
		}
	}
	return s.errorAt(start, "TriG: string not closed")
}

// open starts a graph block; the statement text before it is its head.
func (s *trigScanner) open() error {
	if s.inBlock >= 0 {
		return s.errorAt(s.pos, "TriG: graph blocks do not nest")
	}
	if s.dirEnd != 0 {
		return s.errorAt(s.pos, "TriG: '{' inside a directive")
	}
	head := strings.TrimSpace(stripComments(string(s.sp.src[s.stmtStart:s.pos])))
	b := trigBlock{headStart: s.stmtStart, headEnd: s.pos, open: s.pos, named: head != ""}
	if b.named && !trigHead.MatchString(head) {
		return s.errorAt(s.stmtStart, "TriG: expected a graph name (IRI, prefixed name or blank node) before '{', found %q", head)
	}
	if strings.EqualFold(head, "graph") {
		return s.errorAt(s.stmtStart, "TriG: GRAPH needs a graph name")
	}
	s.sp.blocks = append(s.sp.blocks, b)
	s.inBlock = len(s.sp.blocks) - 1
	s.content, s.lastDot = false, false
	s.pos++
	return nil
}

func (s *trigScanner) close() error {
	if s.inBlock < 0 {
		return s.errorAt(s.pos, "TriG: '}' without '{'")
	}
	b := &s.sp.blocks[s.inBlock]
	b.close = s.pos
	b.needsDot = s.content && !s.lastDot
	s.inBlock = -1
	s.pos++
	s.stmtStart = s.pos
	return nil
}

// stripComments drops #-comments from a statement's head, keeping IRIs
// (which may hold '#') whole.
func stripComments(h string) string {
	var b strings.Builder
	for i := 0; i < len(h); i++ {
		switch h[i] {
		case '#':
			for i < len(h) && h[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case '<':
			j := strings.IndexByte(h[i:], '>')
			if j < 0 {
				j = len(h) - i - 1
			}
			b.WriteString(h[i : i+j+1])
			i += j
		default:
			b.WriteByte(h[i])
		}
	}
	return b.String()
}
