package syntax

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Error is a syntax or static-rule error at a source position.
// Expected and Found are set for "expected X, found Y" errors; Msg for others.
type Error struct {
	Line, Col int
	Offset    int
	Expected  string
	Found     string
	Msg       string
}

func (e *Error) Error() string {
	if e.Expected != "" {
		return fmt.Sprintf("line %d, column %d: expected %s, found %s", e.Line, e.Col, e.Expected, e.Found)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// source maps offsets of the escape-processed text back to line and column
// of the original text.
type source struct {
	orig       string
	text       string // after §19.2 codepoint escapes
	origOff    []int  // processed offset -> original offset; nil when identical
	lineStarts []int  // offsets in orig where lines begin
	// memo of the last conversion: the parser asks for increasing offsets,
	// so counting runes from the previous answer keeps pos linear overall.
	lastOff, lastLine, lastCol int
}

func newSource(orig, text string, origOff []int) *source {
	s := &source{orig: orig, text: text, origOff: origOff, lineStarts: []int{0}}
	for i := 0; i < len(orig); i++ {
		if orig[i] == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// pos converts a processed-text offset to a Pos in the original text.
func (s *source) pos(off int) Pos {
	o := off
	if s.origOff != nil {
		if off >= len(s.origOff) {
			o = len(s.orig)
		} else {
			o = s.origOff[off]
		}
	}
	if o > len(s.orig) {
		o = len(s.orig)
	}
	line := sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > o }) - 1
	from, col := s.lineStarts[line], 1
	if s.lastLine == line+1 && s.lastOff <= o && s.lastOff >= from {
		from, col = s.lastOff, s.lastCol
	}
	col += utf8.RuneCountInString(s.orig[from:o])
	s.lastOff, s.lastLine, s.lastCol = o, line+1, col
	return Pos{Offset: o, Line: line + 1, Col: col}
}

func (s *source) errorf(off int, format string, args ...any) *Error {
	p := s.pos(off)
	return &Error{Line: p.Line, Col: p.Col, Offset: p.Offset, Msg: fmt.Sprintf(format, args...)}
}

func (s *source) expected(off int, want, found string) *Error {
	p := s.pos(off)
	return &Error{Line: p.Line, Col: p.Col, Offset: p.Offset, Expected: want, Found: found}
}

func errorAt(p Pos, format string, args ...any) *Error {
	return &Error{Line: p.Line, Col: p.Col, Offset: p.Offset, Msg: fmt.Sprintf(format, args...)}
}
